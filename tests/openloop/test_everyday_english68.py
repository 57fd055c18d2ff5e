"""What rounds 66 and 67 and voice66 left for English users (the sixty-eighth session, each first lived offline with
`scripts/days_lived.py`): a person named like a thing ("bill"), "net 0", a day said "due by", a debt said again after its
deed, a reefer's setting, "forget about" a thing never kept, Whisper's "Post" for "Push". Real desk on a JSONL agenda, its
clock moved by hand (UTC); the real assistant (`tests.assistants.answers_to`) where memory answers."""

from __future__ import annotations

import pytest

from jarvisd.memory.deixis import is_deictic
from jarvisd.memory.fact_asked import fact_asked
from jarvisd.memory.remember_asked import told_fact
from jarvisd.openloop.net_terms import terms_said
from tests.assistants import answers_to
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.utc_monday import MONDAY, UTC, monday_clock, monday_desk  # noqa: F401 (fixtures)

# ---------------------------------------------------------------- 1. "what do you know about bill"

@pytest.mark.parametrize(("told", "thing", "person", "asked", "said"), [
    ("bill is my accountant", "remind me to pay the bill on friday", "remind me to call bill about the taxes tomorrow",
     "what do you know about bill",
     "You told me: bill is your accountant. On your agenda: call bill about the taxes, by tomorrow."),
    # held out
    ("rose is my aunt", "i need to buy a rose for mom on saturday", "i need to visit rose on sunday",
     "what do you know about rose", "You told me: rose is your aunt. On your agenda: visit rose, by Sunday."),
])
async def test_a_name_asked_leaves_out_the_thing_of_that_word(tmp_path, told, thing, person, asked, said):
    """Before: "You told me: bill is your accountant. On your agenda: pay the bill, by Friday; and call bill …"."""
    replies, calls = await answers_to(tmp_path, told, thing, person, asked)
    assert replies[-1] == said
    assert calls == []


async def test_guard_a_word_named_by_no_person_still_lists_its_promise(tmp_path):
    replies, _ = await answers_to(tmp_path, "remind me to pay the rent on friday", "what do you know about rent")
    assert replies[-1] == "On your agenda: pay the rent, by Friday."


# ---------------------------------------------------------------- 2. "net 0", and a day said "due by"

@pytest.mark.parametrize("terms", ["its net 0", "the invoice is due on receipt", "net 0 terms"])
def test_net_0_after_the_invoice_sent_is_due_the_day_sent(desk, terms):
    """Before: "I see." / SmolLM2 ("I'm an AI designed to assist you with your business needs …"), nothing kept."""
    said = said_to(desk, "i need to send the invoice to acme today", "i sent the invoice to acme", terms)
    assert said[2] == "Got it: acme invoice payment, by the end of today."
    assert agenda_rows(desk) == [("acme invoice payment", "2026-12-07 23:59")]


def test_held_out_net_0_said_with_the_promise(desk):
    said = said_to(desk, "i need to send an invoice to bluebird for the logo its net 0", "i sent the invoice to bluebird")
    assert said[1] == ("Marked done: send an invoice to bluebird for the logo. "
                       "Got it: bluebird invoice payment, by the end of today.")


@pytest.mark.parametrize("said", ["net 0", "the net is 0", "net -30", "net 999"])
def test_guard_no_terms_or_no_invoice_keep_nothing(desk, said):
    assert said_to(desk, said) == [None]
    assert agenda_rows(desk) == []


def test_guard_net_0_is_terms_only_when_said_as_terms():
    assert terms_said("its net 0") == 0
    assert terms_said("the net is 0") is None
    assert terms_said("due on receipt of the parts we can start") is None


@pytest.mark.parametrize(("told", "asked", "answer"), [
    ("my move in date is december 20", "when is my move in date", "Move in date is Sunday, December 20."),
    # held out
    ("my start date is january 4", "when is my start date", "Start date is Monday, January 4, 2027."),
])
def test_a_kept_day_is_said_as_a_day_not_due_by(desk, told, asked, answer):
    """Before: "Move in date is due by Sunday, December 20." (english67's "Return to work date is due by …")."""
    assert said_to(desk, told, asked)[1] == answer


def test_guard_a_deadline_is_still_due_by(desk):
    assert said_to(desk, "the report is due by friday", "when is the report due") == [
        "Got it: the report, by Friday.", "The report is due by Friday."]   # its "the" kept since english69


# ---------------------------------------------------------------- 3. a debt said again after its deed

@pytest.mark.parametrize(("first", "again", "kept"), [
    ("i owe dave an apology, i'll apologize tomorrow", "i owe dave an apology", "apologize to dave"),
    ("remind me to apologize to dave tomorrow", "I owe Dave an apology.", "apologize to dave"),
    # held out
    ("i owe jen a reply, i'll text her friday", "i owe jen a reply", "text jen"),
    ("i need to visit grandma on sunday", "i owe grandma a visit", "visit grandma"),
])
def test_a_debt_said_again_after_its_deed_is_on_the_agenda(desk, first, again, kept):
    """Before: "Got it: owe dave an apology." beside "apologize to dave" (two promises)."""
    said = said_to(desk, first, again)
    assert said[1] == f"That's already on your agenda: {kept}."
    assert [desc for desc, _ in agenda_rows(desk)] == [kept]


@pytest.mark.parametrize(("first", "other"), [
    ("i owe dave an apology, i'll apologize tomorrow", "i owe dave a call"),
    ("i owe dave an apology, i'll apologize tomorrow", "i owe mom an apology"),
    ("i need to call dave tomorrow", "i owe dave an apology"),
])
def test_guard_another_debt_or_another_person_is_kept(desk, first, other):
    said = said_to(desk, first, other)
    assert said[1].startswith("Got it: owe ")
    assert len(agenda_rows(desk)) == 2


# ---------------------------------------------------------------- 4. a machine's setting

@pytest.mark.parametrize(("told", "asked"), [
    ("the reefer is set to 34 degrees for this load", "what's the reefer set to"),
    ("the reefer is set to 34 degrees for this load", "what temp is the reefer set at"),
    # held out
    ("the walk-in cooler is set to 38", "what is the walk-in cooler set to"),
    ("the thermostat in the shop is set at 68", "what's the thermostat in the shop set to"),
])
async def test_a_setting_told_is_kept_and_said_back(tmp_path, told, asked):
    """Before: "I see.", then SmolLM2's "The reefer set is a luxury product …"."""
    replies, calls = await answers_to(tmp_path, told, asked)
    assert replies == [f"Remembered: {told}", f"You told me {told}."]
    assert calls == []


@pytest.mark.parametrize("said", ["my alarm is set to 6", "the meeting is set for friday", "the table is set",
                                  "the dial is set to high", "the timer is set to 10 minutes"])
def test_guard_no_setting_with_a_number_keeps_no_fact(said):
    assert told_fact(said) is None


def test_guard_an_alarm_asked_is_no_fact_asked():
    assert fact_asked("what's the alarm set to") is None
    assert fact_asked("what's the timer set for") is None


def test_this_load_is_no_pointer_at_the_talk_but_this_is():
    assert not is_deictic("the reefer is set to 34 degrees for this load")
    assert is_deictic("remember this")
    assert is_deictic("the code for this door is 44")


# ---------------------------------------------------------------- 5. voice66: "forget about" and "Post … to"

@pytest.mark.parametrize(("said", "thing"), [
    ("Forget about the passport.", "the passport"),
    # held out
    ("never mind the passport renewal", "the passport renewal"),
    ("forget my dentist appointment", "your dentist appointment"),
])
def test_forget_about_a_thing_never_kept_says_so(desk, said, thing):
    """Before: None (to SmolLM2: "I'm sorry, I'm not a digital AI …")."""
    assert said_to(desk, said) == [f"I couldn't find {thing} on your agenda."]


@pytest.mark.parametrize("said", ["forget about the past", "forget about it", "just forget about the whole thing",
                                  "forget about the weather how are you", "never mind the drama"])
def test_guard_forget_about_talk_is_not_the_agendas(desk, said):
    assert said_to(desk, said) == [None]


def test_guard_forget_about_a_kept_thing_still_cancels_it(desk):
    assert said_to(desk, "remind me to renew the passport friday", "Forget about the passport.")[1] == \
        "OK, I took it off your agenda: renew the passport."


@pytest.mark.parametrize(("kept", "said", "now"), [
    ("remind me to send the invoice tomorrow", "Post the invoice to Monday.",
     "Updated: send the invoice, now by Monday, December 14."),
    # held out
    ("i need to submit the quarterly report by wednesday", "ok post the report to friday",
     "Updated: submit the quarterly report, now by Friday."),
])
def test_post_a_kept_thing_to_a_day_moves_it(desk, kept, said, now):
    """Before: "Got it: post the invoice, by Monday, December 14." beside "send the invoice"."""
    assert said_to(desk, kept, said)[1] == now
    assert len(agenda_rows(desk)) == 1


@pytest.mark.parametrize(("kept", "said"), [
    ("remind me to send the invoice tomorrow", "post the letter to mom"),
    ("remind me to send the invoice tomorrow", "post the invoice to the client portal"),
])
def test_guard_post_to_no_time_moves_nothing(desk, kept, said):
    said_to(desk, kept, said)
    assert ("send the invoice", "2026-12-08 23:59") in agenda_rows(desk)


def test_guard_post_of_a_posting_kept_is_its_own(desk):
    said = said_to(desk, "i need to post the flyers on tuesday", "post the flyers to thursday")
    assert said[1] == "Updated: post the flyers, now by Thursday."
    assert said_to(desk, "post the photos to friday") == ["Got it: post the photos, by Friday."]


# ---------------------------------------------------------------- a restaurant owner's week

@pytest.mark.parametrize(("said", "kept"), [
    ("tony called in sick so i need to cover his lunch shift tomorrow", ("cover tony's lunch shift", "2026-12-08 23:59")),
    # held out
    ("Sara is out with the flu so I have to cover her shift on saturday", ("cover Sara's shift", "2026-12-12 23:59")),
])
def test_his_in_the_deed_after_a_named_reason_is_theirs(desk, said, kept):
    """Before: "Got it: cover his lunch shift, by tomorrow." (whose shift lost)."""
    said_to(desk, said)
    assert agenda_rows(desk) == [kept]


@pytest.mark.parametrize(("said", "kept"), [
    ("the manager called in sick so i need to cover his shift tomorrow", "cover his shift"),
    ("i called so i need to send her the form tomorrow", "send her the form"),
])
def test_guard_no_name_said_keeps_his(desk, said, kept):
    said_to(desk, said)
    assert [desc for desc, _ in agenda_rows(desk)] == [kept]


@pytest.mark.parametrize(("told", "asked"), [
    ("maria is working the closing shift on friday", "who's working friday night"),
    # held out
    ("tony is covering the lunch shift tomorrow", "who's covering the lunch shift"),
    ("luis is working saturday night", "who is working saturday"),
])
async def test_who_works_a_shift_is_kept_and_said_back(tmp_path, told, asked):
    """Before: SmolLM2 ("Sorry, I don't have an answer to that."), then "The walk-in is set to 36 degrees, and"."""
    replies, calls = await answers_to(tmp_path, told, asked)
    assert replies == [f"Remembered: {told}", f"You told me {told}."]
    assert calls == []


@pytest.mark.parametrize("said", ["everything is working fine", "it is working now", "sam is working on the slides",
                                  "nothing is working today", "the dishwasher is working again"])
def test_guard_a_thing_working_is_no_shift(said):
    assert told_fact(said) is None


@pytest.mark.parametrize(("said", "kept"), [
    ("the produce guy comes tuesday at 7am", ("produce guy visit", "2026-12-08 07:00")),
    # held out
    ("the fish guy comes on friday morning", ("fish guy visit", "2026-12-11 09:00")),
    ("the copier tech is coming thursday at 10", ("copier tech visit", "2026-12-10 10:00")),
])
def test_a_supplier_guy_coming_is_a_visit(desk, said, kept):
    """Before: "I see." (nothing kept)."""
    said_to(desk, said)
    assert agenda_rows(desk) == [kept]


@pytest.mark.parametrize("said", ["the guy at work comes across as rude", "the produce guy comes from mexico",
                                  "that guy comes off as smug"])
def test_guard_a_guy_said_of_otherwise_keeps_nothing(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []
