"""A restaurant owner, a new parent, someone planning a wedding and a gardener who fixes the house, told to the offline
default (the sixtieth session's conversations, no Ollama), and the lows the fifty-ninth left: each case here went to
SmolLM2 ("the cake is tasting in 2 hours", "Mike, a voice assistant"), kept nothing, kept it wrong or closed the wrong
one. Real desk and agenda service on a stopped clock, or the whole assistant with SmolLM2 named and never asked."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.assistants import answers_to
from tests.openloop.conftest import agenda_desk, agenda_rows, said_to
from tests.timing import assert_grows_linearly

SUNDAY = datetime(2026, 12, 6, 9, 30, tzinfo=ZoneInfo("Asia/Seoul"))


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, SUNDAY)


async def _chat(tmp_path, *turns: str) -> tuple[list[str], list]:
    return await answers_to(tmp_path, *turns)


# ---------------------------------------------------------------- orders the rules did not know

@pytest.mark.parametrize("said, rows, reply", [
    ("paint the fence on saturday", [("paint the fence", "2026-12-12 23:59")], "Got it: paint the fence, by Saturday."),
    ("go for a run tomorrow at 7", [("go for a run", "2026-12-07 07:00")], "Got it: go for a run, tomorrow at 7 AM."),
    ("forward the mail", [("forward the mail", "-")], "Got it: forward the mail."),
    ("order mulch when it's on sale", [("order mulch", "-")], "Got it: order mulch."),
    ("call the venue tomorrow at 10 no wait 11", [("call the venue", "2026-12-07 11:00")],
     "Got it: call the venue, tomorrow at 11 AM."),
    ("order napkins and to go cups by wednesday", [("order napkins and to go cups", "2026-12-09 23:59")],
     "Got it: order napkins and to go cups, by Wednesday."),
    ("remind me too order the invitations four next week", [("order the invitations", "2026-12-13 23:59")], None),
])
def test_an_order_said_as_people_say_it_is_kept(desk, said, rows, reply):
    got = said_to(desk, said)[0]
    assert agenda_rows(desk) == rows
    if reply is not None:
        assert got == reply


def test_a_forwarded_mail_is_done(desk):
    assert said_to(desk, "forward the mail", "i forwarded the mail")[1] == "Marked done: forward the mail."


def test_also_is_no_part_of_a_thing_to_buy(desk):
    said_to(desk, "buy diapers and wipes and also formula")
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["buy diapers", "buy formula", "buy wipes"]


@pytest.mark.parametrize("said", ["i need four tomorrow", "we have four kids", "buy milk"])
def test_guard_four_and_bare_orders_stay_what_they_were(desk, said):
    replies = said_to(desk, said)
    if said == "buy milk":
        assert agenda_rows(desk) == [("buy milk", "-")]
    else:
        assert replies[0] is None and agenda_rows(desk) == []


# ---------------------------------------------------------------- events told with their day

@pytest.mark.parametrize("said, rows", [
    ("cake tasting is saturday at 2", [("cake tasting", "2026-12-12 14:00")]),
    ("Mia's 2-month shots are on the 14th", [("Mia's 2-month shots", "2026-12-14 23:59")]),
    ("the health inspection is the day after tomorrow at noon", [("health inspection", "2026-12-08 12:00")]),
])
def test_an_event_told_with_its_day_is_kept(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


def test_the_cake_tasting_is_asked_and_moved(desk):
    replies = said_to(desk, "cake tasting is saturday at 2", "when is the cake tasting", "actually move it to sunday")
    assert replies[1] == "Cake tasting is Saturday at 2 PM."
    assert agenda_rows(desk) == [("cake tasting", "2026-12-13 14:00")]


# ---------------------------------------------------------------- facts told in passing, asked back

@pytest.mark.parametrize("told, asked, answer", [
    ("the roofer is Mike", "who's Mike", "You told me the roofer is Mike."),
    ("the pediatrician is Dr Okafor", "who's Dr Okafor", "You told me the pediatrician is Dr Okafor."),
    ("the hardware store closes at 8", "what time does the hardware store close",
     "You told me the hardware store closes at 8."),
    ("the pharmacy opens at 9 on sundays", "when does the pharmacy open", "You told me the pharmacy opens at 9 on sundays."),
    ("Sam is my sister in law", "who's Sam", "You told me Sam is your sister in law."),
    ("the caterer is Bella's Kitchen", "who's the caterer", "You told me the caterer is Bella's Kitchen."),
])
async def test_a_fact_told_in_passing_is_kept_and_said_back(tmp_path, told, asked, answer):
    replies, calls = await _chat(tmp_path, told, asked)
    assert replies[0].startswith("Remembered: ")
    assert replies[1] == answer
    assert calls == []


@pytest.mark.parametrize("said", ["the roofer is coming thursday", "the hardware store is closed today",
                                  "the store closes soon"])
def test_guard_a_visit_or_a_state_is_no_fact(said):
    from jarvisd.memory.remember_asked import told_fact

    assert told_fact(said) is None


# ---------------------------------------------------------------- asked of the agenda

async def test_what_is_left_for_a_project_is_the_open_list(tmp_path):
    replies, calls = await _chat(tmp_path, "book the DJ by end of next week", "whats left for the wedding",
                                 "what's left to do before the move")
    assert replies[1].startswith("You have one thing on your agenda: book the DJ")
    assert replies[2] == replies[1]
    assert calls == []


def test_when_the_baby_was_last_fed(desk):
    replies = said_to(desk, "feed Mia every 3 hours", "when did I last feed her", "i just fed her", "when did I last feed her",
                      "when was the last time i fed mia", "when did I last call mom")
    assert replies[1] == "You haven't marked feed Mia done yet. It's today at 12:30 PM."
    assert replies[3] == "You last marked feed Mia done today at 9:30 AM. Next: today at 12:30 PM."
    assert replies[4] == replies[3]
    assert replies[5] == "It isn't on your agenda."


@pytest.mark.parametrize("said", ["thanks jarvis you're a lifesaver", "thank you, you're the best", "thanks you're a star"])
async def test_thanks_with_praise(tmp_path, said):
    replies, calls = await _chat(tmp_path, said)
    assert replies == ["You're welcome."] and calls == []


# ---------------------------------------------------------------- told as news, kept as promises

@pytest.mark.parametrize("said, rows, reply", [
    ("ok so the delivery from Sysco comes Tuesdays", [("Sysco delivery", "2026-12-08 23:59")],
     "Got it: Sysco delivery, Tuesday, then every Tuesday."),
    ("the cleaner comes on Tuesdays", [("cleaner visit", "2026-12-08 23:59")], "Got it: cleaner visit, Tuesday, then every Tuesday."),
    ("the caterer needs the final count by May 1st", [("give the caterer the final count", "2027-05-01 23:59")], None),
    ("the landlord needs the signed lease by friday", [("give the landlord the signed lease", "2026-12-11 23:59")], None),
])
def test_news_with_a_day_is_kept(desk, said, rows, reply):
    got = said_to(desk, said)[0]
    assert agenda_rows(desk) == rows
    if reply is not None:
        assert got == reply


def test_the_delivery_is_asked_by_its_coming(desk):
    replies = said_to(desk, "the delivery from Sysco comes Tuesdays", "when does the Sysco delivery come")
    assert replies[1] == "Sysco delivery is due by Tuesday."


def test_a_task_after_an_event_is_due_after_it(desk):
    replies = said_to(desk, "go for a run tomorrow at 7", "remind me to stretch after the run")
    assert replies[1] == "I'll remind you: stretch after the run, tomorrow at 8 AM."
    assert ("stretch after the run", "2026-12-07 08:00") in agenda_rows(desk)


def test_guard_after_something_not_on_the_agenda_still_asks(desk):
    assert said_to(desk, "remind me to call mom after the party")[0] == "Got it: call mom. When should I remind you?"


# ---------------------------------------------------------------- the lows the fifty-ninth session left

def test_two_pills_in_one_turn_each_with_its_time(desk):
    replies = said_to(desk, "take the blue pill with breakfast and the white one at bedtime", "did I take my evening pill",
                      "I took the blue pill")
    assert replies[0] == ("I'll remind you today at 10 AM: take the blue pill. "   # (9 AM passed: in half an hour)
                          "I'll remind you tonight at 8 PM: take the white pill.")
    assert sorted(loop.desc for loop in desk.service.agenda()) == ["take the white pill"]
    assert replies[2] == "Marked done: take the blue pill."


@pytest.mark.parametrize("said, part", [("remind me to take my vitamins with dinner", "tonight at 6 PM"),
                                        ("remind me to take the white pill at bedtime", "tonight at 8 PM"),
                                        ("remind me to take the white pill before bed", "tonight at 8 PM")])
def test_a_meal_or_bedtime_is_its_hour(desk, said, part):
    assert said_to(desk, said)[0].startswith(f"I'll remind you {part}: take ")


def test_a_race_told_and_asked_how_far_in_one_turn(desk):
    replies = said_to(desk, "my race is on April 12th, how many weeks is that?", "when is my race")
    assert replies[0] == "Got it: race, by Monday, April 12, 2027. April 12th is in 18 weeks and 1 day: Monday, April 12, 2027."
    assert replies[1] == "Race is due by Monday, April 12, 2027."


def test_the_wedding_told_by_its_date_and_how_long(desk):
    replies = said_to(desk, "the wedding is june 20th how long is that")
    assert replies[0] == "Got it: wedding, Sunday, June 20, 2027. June 20th is in 196 days: Sunday, June 20, 2027."


def test_tomorrow_leaves_out_a_timer_running_out_today(desk):
    replies = said_to(desk, "set a timer for 10 minutes", "go for a run tomorrow at 7", "what do I have tomorrow")
    assert replies[2] == "You have one thing due by tomorrow: go for a run, tomorrow at 7 AM."


async def test_remember_that_right_after_a_fact_keeps_that_fact(tmp_path):
    replies, calls = await _chat(tmp_path, "what do I have tomorrow", "my locker code is 4471", "remember that",
                                 "what's my locker code")
    assert replies[2] == "Remembered: my locker code is 4471"
    assert replies[3] == "You told me your locker code is 4471."
    assert calls == []


@pytest.mark.parametrize("said", ["buy milk and eggs and the organic one", "take the blue pill and the white one"])
def test_guard_the_one_said_with_no_time_of_its_own_splits_nothing(desk, said):
    said_to(desk, said)
    assert all(" one" in desc or desc.startswith(("buy", "take")) for desc, _ in agenda_rows(desk))
    assert not any(desc.endswith("white pill") for desc, _ in agenda_rows(desk))


def test_the_new_readers_stay_linear():
    from jarvisd.memory.fact_asked import fact_asked
    from jarvisd.memory.remember_asked import told_fact
    from jarvisd.openloop.agenda_asked import last_done_asked
    from jarvisd.openloop.commitments import read_utterance

    assert_grows_linearly(told_fact, lambda n: "the " + "hardware " * n + "store closes at 8", 4000)
    assert_grows_linearly(fact_asked, lambda n: "what time does the " + "hardware " * n + "store close", 4000)
    assert_grows_linearly(last_done_asked, lambda n: "when did I last feed " + "her " * n, 4000)
    assert_grows_linearly(lambda t: read_utterance(t, None), lambda n: "take the blue pill " + "and the white one " * n
                          + "at bedtime", 2000)
    assert_grows_linearly(lambda t: read_utterance(t, None), lambda n: "the delivery from " + "Sysco " * n + "comes Tuesdays",
                          2000)


def test_a_pill_with_breakfast_said_after_the_morning_is_tomorrows(tmp_path, korean):
    afternoon = agenda_desk(tmp_path, korean, SUNDAY.replace(hour=15, minute=30))
    replies = said_to(afternoon, "take the blue pill with breakfast and the white one at bedtime")
    assert replies[0] == ("I'll remind you tomorrow at 9 AM: take the blue pill. "
                          "I'll remind you tonight at 8 PM: take the white pill.")
    assert agenda_rows(afternoon) == [("take the white pill", "2026-12-06 23:59"), ("take the blue pill", "2026-12-07 23:59")]


async def test_who_someone_is_is_kept_before_a_run_on_clause(tmp_path):
    replies, calls = await _chat(tmp_path, "oh and Sam is my sister in law she's coming saturday at 3", "who's Sam",
                                 "priya is our neighbor she's nice")
    assert replies[0].startswith("Remembered: Sam is my sister in law. Got it: Sam visit, ")
    assert replies[1] == "You told me Sam is your sister in law."
    assert replies[2] == "Remembered: priya is our neighbor"
    assert calls == []


@pytest.mark.parametrize("said, rows", [
    ("Sam is coming saturday at 3", [("Sam visit", "2026-12-12 15:00")]),
    ("sam's coming over friday at 6", [("sam visit", "2026-12-11 18:00")]),
    ("the plumber's coming Thursday at 9", [("plumber visit", "2026-12-10 09:00")]),
])
def test_someone_coming_is_a_visit(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("said", ["winter is coming next week", "it's coming tomorrow", "who's coming on friday",
                                  "the package is coming tomorrow", "what's coming up tomorrow"])
def test_guard_no_one_coming_is_no_visit(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []
