"""A nurse on nights, a university student, a retiree and a café owner, living their weeks with the offline default (the
sixty-fifth session's `scripts/days_lived.py` runs, no Ollama): each case here went to SmolLM2, closed the wrong thing, kept
the wrong time or said the wrong thing. Real desk and agenda service on a JSONL agenda, its clock moved by hand (UTC)."""

from __future__ import annotations

import pytest

from jarvisd.memory.remember_asked import told_fact
from jarvisd.openloop.agenda_asked import before_asked
from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.en_dialect import standard
from jarvisd.openloop.reported_moves import as_order
from jarvisd.openloop.when import time_spans
from jarvisd.small_talk import owed_answer
from tests.assistants import answers_to, told_then_asked
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)
from tests.timing import assert_grows_linearly

# ---------------------------------------------------------------- the student

@pytest.mark.parametrize(("said", "reply"), [
    ("my advisor said the deadline for the thesis draft is now the 21st",
     "Updated: send the thesis draft to professor kim, now by Monday, December 21."),
    # held out
    ("the thesis draft is due on the 24th now", "Updated: send the thesis draft to professor kim, now by Thursday, December 24."),
    ("professor kim told me the due date for the thesis draft is the 22nd",
     "Updated: send the thesis draft to professor kim, now by Tuesday, December 22."),
])
def test_a_new_deadline_told_moves_it_not_closes_it(desk, said, reply):
    """Before: "Marked done: send the thesis draft to professor kim." (the sentence read as a state of the draft), then
    "when is the thesis draft due" went to SmolLM2 ("Thesis draft is due on the 15th of the month.")."""
    said_to(desk, "i gotta send the thesis draft to professor kim by the 18th")
    assert said_to(desk, said, "when is the thesis draft due") == [
        reply, "Send the thesis draft to professor kim is due " + reply.split(", now ")[1].rstrip(".") + "."]


def test_guard_a_deadline_of_nothing_kept_moves_nothing(desk):
    said_to(desk, "i gotta send the thesis draft to professor kim by the 18th")
    said_to(desk, "the deadline for the grant is now the 30th")
    assert agenda_rows(desk) == [("send the thesis draft to professor kim", "2026-12-18 23:59")]
    assert as_order("the deadline for the grant was fun") is None


def test_guard_a_due_told_of_a_new_thing_is_still_kept(desk):
    assert said_to(desk, "the rent is due on the 1st") == ["Got it: the rent, by Friday, January 1, 2027."]


@pytest.mark.parametrize(("kept", "said", "reply"), [
    ("the statistics exam is on thursday at 9am", "the stats exam went fine i think", "Marked done: statistics exam."),
    ("the health inspection is next thursday at 10", "the inspection went fine we passed", "Marked done: health inspection."),
    # held out
    ("my job interview is on thursday at 9am", "so the interview went really well", "Marked done: job interview."),
])
def test_an_event_said_to_have_gone_well_is_done(desk, clock, kept, said, reply):
    """Before: SmolLM2 said it back ("the inspection went fine, and we passed."), the exam and the inspection left open
    and listed."""
    said_to(desk, kept)
    at(clock, "2026-12-17 12:00")
    assert reply.lower().rstrip(".") in said_to(desk, said)[0].lower()   # ("Good, marked done: …" when it was due days ago)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("said", ["my sisters interview went well", "the party went great", "the meeting went over time",
                                  "the call went to voicemail"])
def test_guard_talk_of_how_things_went_closes_nothing(desk, clock, said):
    said_to(desk, "the statistics exam is on thursday at 9am", "i need to call the landlord on friday")
    at(clock, "2026-12-10 13:00")
    said_to(desk, said)
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["call the landlord", "statistics exam"]


# ---------------------------------------------------------------- the retiree

@pytest.mark.parametrize(("kept", "said", "row"), [
    ("my doctors appointment is on the 16th at 10:30", "oh wait no its at 11 not 10:30",
     ("doctors appointment", "2026-12-16 11:00")),
    # held out
    ("the piano lesson is on friday at 4", "wait its on saturday not friday", ("piano lesson", "2026-12-12 16:00")),
])
def test_its_without_the_apostrophe_corrects(desk, kept, said, row):
    """Before: "Sorry, I didn't catch that." (to SmolLM2; "it's" with the apostrophe was read), the appointment left at
    10:30."""
    said_to(desk, kept)
    assert said_to(desk, said)[0].startswith("Updated: ")
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize(("said", "back"), [
    ("the dog wagged its tail at me", "the dog wagged its tail at me"),
    ("move its due date", "move its due date"),
])
def test_guard_its_as_a_possessive_stays(said, back):
    assert standard(said) == back


# ---------------------------------------------------------------- the café owner

@pytest.mark.parametrize(("said", "reply"), [
    ("remind me to text sarah about covering the saturday shift tonight",
     "I'll remind you tonight at 8 PM: text sarah about covering the saturday shift."),
    # held out
    ("remind me to ask tom about the friday meeting tomorrow", "I'll remind you: ask tom about the friday meeting, by tomorrow."),
])
def test_a_weekday_naming_a_thing_is_no_due_when_another_is_said(desk, said, reply):
    """Before: "I'll remind you Saturday at 8 PM: text sarah about covering shift." / "… ask tom meeting, by Friday."."""
    assert said_to(desk, said) == [reply]


@pytest.mark.parametrize(("said", "row"), [
    ("remind me about the saturday shift", ("shift", "2026-12-12 23:59")),
    ("call bob on friday at 3", ("call bob", "2026-12-11 15:00")),
    ("the monday meeting is at 3", ("monday meeting", "2026-12-14 15:00")),
    ("i need to call mom on the sunday morning at 9", ("call mom", "2026-12-13 09:00")),
])
def test_guard_a_weekday_alone_is_still_the_due(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize(("said", "row"), [
    ("jake is sick so i have to open the cafe tomorrow at 6", ("open the cafe", "2026-12-08 06:00")),
    # held out
    ("i need to open up the store at 7 on saturday", ("open up the store", "2026-12-12 07:00")),
])
def test_opening_the_shop_at_a_bare_early_hour_is_the_morning(desk, said, row):
    """Before: "Got it: open the cafe, tomorrow at 6 PM." (the reminder came at 5 PM, eleven hours late)."""
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize(("said", "row"), [
    ("i have to close the shop at 6 tomorrow", ("close the shop", "2026-12-08 18:00")),
    ("i need to open the cafe tomorrow at 10", ("open the cafe", "2026-12-08 10:00")),
])
def test_guard_closing_up_and_later_hours_are_as_before(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize("asked", ["what do i have before the inspection", "whats due before the inspection",
                                   # held out
                                   "what else do i have to do before the inspection"])
def test_what_do_i_have_before_an_event(desk, asked):
    """Before: "On Monday, December 7 you told me: “i need to clean the grease trap before the inspection.”" (memory) /
    the whole agenda."""
    said_to(desk, "the health inspection is next thursday at 10", "i need to order oat milk by wednesday",
            "call the supplier on the 20th")
    assert said_to(desk, asked) == ["Before health inspection, you have one thing due: order oat milk, by Wednesday."]


def test_guard_before_a_day_is_still_the_day(desk):
    said_to(desk, "the health inspection is next thursday at 10", "i need to order oat milk by wednesday")
    assert said_to(desk, "what do i have before friday") == ["Before Friday you have one thing due: order oat milk, by Wednesday."]


@pytest.mark.parametrize(("kept", "said", "reply"), [
    ("i need to renew my bls certification by the end of the month", "cancel the bls thing i already did it last month turns out",
     "OK, I took it off your agenda: renew your bls certification."),
    # held out
    ("i need to call the plumber on friday", "scratch the plumber i found someone else", "OK, I took it off your agenda: call the plumber."),
])
def test_a_cancel_with_my_own_reason_after_it(desk, kept, said, reply):
    """Before: "I couldn't find the bls thing you already did it last month turns out on your agenda." (the reason read as
    part of the thing's name)."""
    said_to(desk, kept)
    assert said_to(desk, said) == [reply]


def test_a_cancel_of_nothing_kept_with_my_reason_names_the_thing(desk):
    """Before: "I couldn't find the gym class you already paid for it on your agenda."."""
    said_to(desk, "i need to call the plumber on friday")
    assert said_to(desk, "cancel the gym class i already paid for it") == ["I couldn't find the gym class on your agenda."]


# ---------------------------------------------------------------- shifts, visits, medicine, "them"

@pytest.mark.parametrize(("said", "rows"), [
    ("hey jarvis im working nights this week monday tuesday and wednesday from 7pm to 7am",
     [("Monday shift", "2026-12-07 19:00"), ("Tuesday shift", "2026-12-08 19:00"), ("Wednesday shift", "2026-12-09 19:00")]),
    ("i work at the bookstore friday and saturday from 12 to 6",
     [("Friday shift", "2026-12-11 12:00"), ("Saturday shift", "2026-12-12 12:00")]),
    # held out
    ("i'm working at the hospital thursday friday from 7am to 7pm",
     [("Thursday shift", "2026-12-10 07:00"), ("Friday shift", "2026-12-11 07:00")]),
])
def test_shifts_said_with_where_and_days_without_and(desk, said, rows):
    """Before: SmolLM2 ("I'm here to assist you, but I'm not able to access your device.") / "I see.", nothing kept."""
    said_to(desk, said)
    assert sorted(agenda_rows(desk), key=lambda row: row[1]) == rows


@pytest.mark.parametrize("said", ["i work at the bookstore", "i work at the gym on weekends", "im working on the report"])
def test_guard_work_without_days_and_hours_is_no_shift(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("said", "row"), [
    ("my manager at the bookstore moved my saturday shift to sunday", ("Saturday shift", "2026-12-13 12:00")),
    # held out
    ("the charge nurse at work moved my saturday shift to sunday", ("Saturday shift", "2026-12-13 12:00")),
])
def test_a_shift_moved_by_someone_said_with_where(desk, said, row):
    """Before: SmolLM2 ("Your manager is a voice assistant, and your shift is a day."), the shift left on Saturday."""
    said_to(desk, "i work at the bookstore saturday from 12 to 6")
    assert said_to(desk, said)[0].startswith("Updated: ")
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize(("said", "reply"), [
    ("my grandchildren are coming to visit on saturday around noon", "Got it: grandchildren visit, Saturday at noon."),
    # held out
    ("my son is coming to stay next friday at 6", "Got it: son visit, Friday, December 18 at 6 PM."),
])
def test_family_coming_to_visit_is_kept(desk, said, reply):
    """Before: SmolLM2 ("I'm only available for voice-over services."), nothing kept; "what do i have this weekend" then
    "Nothing is due on the weekend."."""
    assert said_to(desk, said) == [reply]


@pytest.mark.parametrize("said", ["my parents are visiting", "my son is coming to visit"])
def test_a_visit_said_again_is_not_done(desk, said):
    """Found on the way: "my parents are visiting" after "my parents are coming over on sunday at 2" said "Marked done:
    parents visit."."""
    said_to(desk, "my parents are coming over on sunday at 2", "my son is coming to stay next friday at 6")
    said_to(desk, said)
    assert len(agenda_rows(desk)) == 2


def test_medicine_taken_on_a_repeat_is_kept_and_closed(desk, clock):
    """Before: "i take my blood pressure pill every morning at 8" was "I see." (nothing kept), so "i took my blood pressure
    pill" asked about the pharmacy call and "did i take my pill this morning" was a remembered sentence."""
    at(clock, "2026-12-07 07:30")
    assert said_to(desk, "i take my blood pressure pill every morning at 8",
                   "i need to call the pharmacy to refill the metformin by wednesday") == [
        "Got it: take your blood pressure pill, today at 8 AM, then every day.",
        "Got it: call the pharmacy to refill the metformin, by Wednesday."]
    at(clock, "2026-12-08 08:30")
    assert said_to(desk, "i took my blood pressure pill")[0].startswith("Marked done: take your blood pressure pill.")
    assert said_to(desk, "did i take my pill this morning")[0].startswith("Yes: take your blood pressure pill")


def test_two_medicines_each_at_its_time(desk, clock):
    """Before: "I'll remind you: take your blood pressure pill every and the metformin, today at 8 AM, then every day." (one
    promise of both, the metformin's 6 PM lost; on `main` "I see.", nothing kept)."""
    at(clock, "2026-12-07 07:00")
    said_to(desk, "i take my blood pressure pill every morning at 8 and the metformin with dinner at 6")
    assert sorted(agenda_rows(desk), key=lambda row: row[1]) == [("take my blood pressure pill", "2026-12-07 08:00"),
                                                                ("take the metformin", "2026-12-07 18:00")]
    assert all(loop.repeat == "daily" for loop in desk.service.agenda())


def test_two_medicines_held_out(desk, clock):
    at(clock, "2026-12-07 07:00")
    said_to(desk, "i need to take my vitamin d every day at 9 and the fish oil every evening at 7")
    assert sorted(agenda_rows(desk), key=lambda row: row[1]) == [("take my vitamin d", "2026-12-07 09:00"),
                                                                ("take the fish oil", "2026-12-07 19:00")]


def test_guard_the_white_one_is_still_read_as_before(desk):
    """Found by the whole suite: the two-dose split took "… and the white one at bedtime" ("take the white one")."""
    replies = said_to(desk, "take the blue pill with breakfast and the white one at bedtime")
    assert replies[0].endswith("take the white pill.")


def test_guard_one_medicine_and_another_thing(desk):
    said_to(desk, "i need to take my pills at 8 and call the pharmacy at 9")
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["call the pharmacy", "take my pills"]


@pytest.mark.parametrize(("said", "row"), [
    ("i take my vitamins every day at 9", ("take my vitamins", "2026-12-08 09:00")),
    ("i take two tablets of aspirin every evening at 9", ("take two tablets of aspirin", "2026-12-07 21:00")),
])
def test_medicine_taken_on_a_repeat_held_out(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize("said", ["i take the bus every day", "i take my time every morning", "i take my pills"])
def test_guard_other_takes_are_no_promise(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("said", "row"), [
    ("my roommate wants to split groceries i told her ill order them tonight", ("order the groceries", "2026-12-07 23:59")),
    # held out
    ("my roommate asked me to get stamps so i'll buy them tomorrow", ("buy the stamps", "2026-12-08 23:59")),
])
def test_them_is_the_bare_plural_said_before(desk, said, row):
    """Before: "I'll remind you tonight at 8 PM: order your roommate wants." (then "did i order the groceries" found no
    promise and "i ordered the groceries" closed nothing)."""
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


def test_them_is_the_thing_wanted_not_who_wants_it(desk):
    """Found on the way: "I'll remind you tonight at 8 PM: send your boss wants the slides."."""
    said_to(desk, "my boss wants the slides so i'll send them tonight")
    assert agenda_rows(desk) == [("send the slides", "2026-12-07 23:59")]


# ---------------------------------------------------------------- facts with where or what for, the whole assistant

@pytest.mark.parametrize(("told", "asked", "back"), [
    ("my locker code at work is 4471", "whats my locker code", "You told me your locker code at work is 4471."),
    ("our wifi password for customers is latte2024", "whats the wifi password",
     "You told me your wifi password for customers is latte2024."),
    # held out
    ("my gate code at the farm is 2231", "what's my gate code", "You told me your gate code at the farm is 2231."),
])
async def test_a_fact_told_with_where_or_for_whom_is_kept(tmp_path, told, asked, back):
    """Before: SmolLM2 ("Can you please tell me what your locker code is?", "LATTE2044"), and "whats the wifi password"
    was "You haven't told me about your wifi password."."""
    assert await told_then_asked(tmp_path, told, asked) == (f"Remembered: {told}", back)


@pytest.mark.parametrize("said", ["my flight at 9 is delayed", "my phone at work is dead", "my code at work is broken"])
def test_guard_a_state_with_where_is_no_fact(said):
    assert told_fact(said) is None


# ---------------------------------------------------------------- small talk, the whole assistant

@pytest.mark.parametrize(("said", "reply"), [
    ("ugh so tired after that shift", "Sounds like a long day. Get some rest when you can."),
    ("lol my brain is fried", "Sounds like a long day. Get some rest when you can."),
    ("the weather is lovely today isnt it", "Sounds lovely. Enjoy it."),
    ("the party went great", "Good to hear it went well."),
    # held out
    ("what a long day", "Sounds like a long day. Get some rest when you can."),
    ("im completely exhausted", "Sounds like a long day. Get some rest when you can."),
    ("its freezing out", "Stay warm out there."),
    ("my interview went well i think", "Good to hear it went well."),
])
async def test_small_talk_of_the_day_is_answered_kindly(tmp_path, said, reply):
    """Before: "Sorry, I didn't catch that. Could you say it again?" (SmolLM2's reply cut), "Good. That wasn't on your
    agenda, so there was nothing to mark done." ("fried" read as a deed done), "the weather is lovely today is not."."""
    replies, calls = await answers_to(tmp_path, said)
    assert replies == [reply]
    assert calls == []


@pytest.mark.parametrize("said", ["i am so tired of waiting for the plumber", "my son is tired", "are you tired?",
                                  "it is nice", "the weather is cold in winter", "the meeting went over time",
                                  "its great"])
def test_guard_other_talk_is_not_small_talk(said):
    assert owed_answer(said, small_model=True) is None


@pytest.mark.parametrize("said", ["lol my brain is fried", "my head is fried", "my legs are wrecked"])
def test_my_brain_is_fried_closes_nothing(desk, said):
    """Before (with the shifts kept): "Did that finish one of these: first, Friday shift; second, organic chemistry exam;
    third, Saturday shift?" ("fried" read as a task's state)."""
    said_to(desk, "i work at the bookstore friday and saturday from 12 to 6", "the organic chemistry exam is next tuesday at 2pm")
    assert said_to(desk, said) == [None]
    assert len(agenda_rows(desk)) == 3


def test_guard_a_dish_fried_still_closes_its_frying(desk):
    said_to(desk, "i need to fry the chicken tonight")
    assert said_to(desk, "the chicken is fried") == ["Marked done: fry the chicken."]


def test_the_new_readers_stay_linear():
    """Each new pattern has bounded runs or one unbounded run at its end, never nested (a transcript can be long)."""
    assert_grows_linearly(as_order, lambda n: "the deadline for the thesis draft is now " + "the 21st " * n, 400)
    assert_grows_linearly(read_utterance, lambda n: "the stats exam went " + "fine " * n + "we passed", 400)
    assert_grows_linearly(time_spans, lambda n: "text sarah about the saturday " + "shift " * n + "tonight", 400)
    assert_grows_linearly(before_asked, lambda n: "what do i have before the " + "big " * n + "inspection", 400)
    assert_grows_linearly(standard, lambda n: "its " * n + "at 11", 400)
    assert_grows_linearly(owed_answer, lambda n: "ugh " * n + "so tired", 400)
    assert_grows_linearly(read_utterance, lambda n: "i work at the bookstore " + "friday " * n + "from 12 to 6", 400)
    assert_grows_linearly(read_utterance, lambda n: "i take my " + "blood " * n + "pill every day at 8", 400)
    assert_grows_linearly(read_utterance, lambda n: "i take my pill at 8 and the " + "fish " * n + "oil at 9", 400)
    assert_grows_linearly(read_utterance, lambda n: "split " + "groceries " * n + "i told her ill order them", 400)
    assert_grows_linearly(told_fact, lambda n: "my locker code at " + "work " * n + "is 4471", 400)
