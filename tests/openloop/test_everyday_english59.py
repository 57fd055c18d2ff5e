"""A teacher who is a parent, a runner, someone moving house and a retiree who volunteers, told to the offline default
(the fifty-ninth session's conversations, no Ollama): each case here went to SmolLM2 (a landlord's number made up, "Sam
is a voice assistant"), kept nothing, or read a question as a promise. Real desk and agenda service, or the whole
assistant with SmolLM2 named and never asked."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.memory.remember_asked import told_fact
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


# ---------------------------------------------------------------- facts told in passing, asked back

@pytest.mark.parametrize("told, asked, answer", [
    ("the landlord's number is 555 0142", "what's the landlord's number?", "You told me the landlord's number is 555 0142."),
    ("the new address is 42 Birch Lane", "what's my new address", "You told me the new address is 42 Birch Lane."),
    ("my running shoes are Brooks Ghost 15", "what shoes do I have", "You told me your running shoes are Brooks Ghost 15."),
    ("the blue pill is lisinopril", "what is the blue pill", "You told me the blue pill is lisinopril."),
    ("Sam is the new science teacher", "who's Sam?", "You told me Sam is the new science teacher."),
    ("um priya is our neighbor", "who is priya", "You told me priya is your neighbor."),
])
async def test_a_fact_told_in_passing_is_kept_and_said_back(tmp_path, told, asked, answer):
    replies, calls = await _chat(tmp_path, told, asked)
    assert replies[0].startswith("Remembered: ")
    assert replies[1] == answer
    assert calls == []


@pytest.mark.parametrize("said", ["the dog is barking", "the food bank is cancelled this week", "he is my doctor",
                                  "the bank is closed today", "it is the new teacher", "the new address is wrong"])
def test_guard_a_state_or_a_pronoun_is_no_fact(said):
    assert told_fact(said) is None


async def test_what_was_told_about_someone_names_the_facts_and_the_agenda(tmp_path):
    replies, calls = await _chat(tmp_path, "remind me to buy flowers for Leo on the 8th", "Leo's school is Maple Elementary",
                                 "what did I tell you about Leo?")
    # the assistant runs on the wall clock: "by Tuesday" on Sunday the 6th, "by tomorrow" on the 7th (Seoul)
    assert replies[2].startswith("You told me: Leo's school is Maple Elementary. On your agenda: buy flowers for Leo, by ")
    assert calls == []


async def test_what_was_told_about_someone_is_no_promise_to_you(tmp_path):
    replies, _calls = await _chat(tmp_path, "what did I tell you about my race")
    assert "You about" not in replies[0] and "promised" not in replies[0]


def test_a_fact_told_in_passing_is_read_in_linear_time():
    assert_grows_linearly(told_fact, lambda n: "Sam is the " + "new " * n + "teacher", 4000)
    assert_grows_linearly(told_fact, lambda n: "the " + "blue " * n + "pill is lisinopril", 4000)
    assert_grows_linearly(told_fact, lambda n: "the landlord's " + "number " * n + "is 5", 4000)


# ---------------------------------------------------------------- appointments told the ways these days tell them

@pytest.mark.parametrize("said, rows, reply", [
    ("parent-teacher conferences are thursday from 4 to 7", [("parent-teacher conferences", "2026-12-10 16:00")],
     "Got it: parent-teacher conferences, Thursday at 4 PM."),
    ("the movers come on the 28th between 8 and 10", [("movers visit", "2026-12-28 08:00")],
     "Got it: movers visit, Monday, December 28 at 8 AM."),
    ("my grandson Leo's recital is the 9th at 6", [("grandson Leo's recital", "2026-12-09 18:00")],
     "Got it: grandson Leo's recital, Wednesday at 6 PM."),
    ("long run saturday at 6 am", [("long run", "2026-12-12 06:00")], "Got it: long run, Saturday at 6 AM."),
    ("my race is on April 12th", [("race", "2027-04-12 23:59")], None),
    ("intervals tuesday at 6 30 pm and tempo run thursday at 7",
     [("intervals", "2026-12-08 18:30"), ("tempo run", "2026-12-10 07:00")], None),
])
def test_an_event_told_with_its_day_is_kept(desk, said, rows, reply):
    replies = said_to(desk, said)
    assert sorted(agenda_rows(desk)) == sorted(rows)
    if reply is not None:
        assert replies[0] == reply


def test_the_kept_events_are_asked_for_and_cancelled(desk):
    said_to(desk, "long run saturday at 6 am", "intervals tuesday at 6 30 pm and tempo run thursday at 7")
    assert said_to(desk, "when is my long run")[0] == "Long run is Saturday at 6 AM."
    assert said_to(desk, "what's on tuesday")[0] == "On Tuesday you have one thing due: intervals, Tuesday at 6:30 PM."
    assert said_to(desk, "cancel the tempo run")[0] == "OK, I took it off your agenda: tempo run."


@pytest.mark.parametrize("said", ["any meetings tomorrow", "what meetings do I have tomorrow", "next meeting tomorrow?",
                                  "cancel the meeting tomorrow", "the 9th floor is closed", "it is the 3rd time"])
def test_guard_a_question_or_an_order_about_events_keeps_none(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


# ---------------------------------------------------------------- a part of the day said as people say it

@pytest.mark.parametrize("said, reminded", [
    ("remind me to email the principal first thing tomorrow", "2026-12-07 09:00"),
    ("remind me to buy gels after lunch", "2026-12-06 14:00"),
    ("remind me to call the gas company after work", "2026-12-06 18:00"),
])
def test_first_thing_and_after_lunch_are_their_hours(desk, said, reminded):
    said_to(desk, said)
    loop = desk.service.agenda()[0]
    assert loop.remind_ms is not None
    assert datetime.fromtimestamp(loop.remind_ms / 1000, desk.service.tz).strftime("%Y-%m-%d %H:%M") == reminded


# ---------------------------------------------------------------- the half marathon signed up for

def test_a_half_marathon_signed_up_for_is_done(desk):
    said_to(desk, "I need to sign up for the half marathon by friday")
    assert said_to(desk, "i signed up for the half marathon")[0] == "Marked done: sign up for the half marathon."
    assert agenda_rows(desk) == []


def test_guard_half_done_is_still_not_done(desk):
    said_to(desk, "I need to finish the slides by friday")
    said_to(desk, "I half finished the slides")
    assert [d for d, _ in agenda_rows(desk)] == ["finish the slides"]


def test_the_new_readers_stay_linear():
    from jarvisd.openloop.commitments import read_utterance
    from jarvisd.openloop.when import resolve_time
    assert_grows_linearly(lambda text: read_utterance(text, None), lambda n: "long " * n + "run saturday at 6", 2000)
    assert_grows_linearly(lambda text: resolve_time(text, SUNDAY), lambda n: "is the 9th " * n, 2000)
    assert_grows_linearly(lambda text: read_utterance(text, None), lambda n: "the movers come " * n, 2000)


# ---------------------------------------------------------------- the second pass over the four days

def test_the_movers_asked_by_their_coming(desk):
    said_to(desk, "the movers come on the 28th between 8 and 10")
    assert said_to(desk, "when do the movers come")[0] == "Movers visit is Monday, December 28 at 8 AM."
    assert said_to(desk, "the movers moved to the 29th")[0] == "Updated: movers visit, now Tuesday, December 29 at 8 AM."


@pytest.mark.parametrize("said, rows", [
    ("field trip permission slips are due end of next week", [("field trip permission slips", "2026-12-13 23:59")]),
    ("pack Max's lunch every school day", [("pack Max's lunch", "-")]),
    ("I volunteer at the food bank every Wednesday morning", [("volunteer at the food bank", "2026-12-09 23:59")]),
])
def test_work_due_a_habit_and_a_school_day_repeat_are_kept(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


def test_a_school_day_is_a_weekday(desk):
    assert said_to(desk, "pack Max's lunch every school day")[0] == "Got it: pack Max's lunch, every weekday."


@pytest.mark.parametrize("said", ["I walk to work", "I go to the gym", "what is due tomorrow", "everything is due monday",
                                  "I run late"])
def test_guard_a_habit_without_a_repeat_or_a_question_keeps_nothing(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


def test_a_weekly_one_cancelled_this_week_is_skipped_not_ended(desk):
    said_to(desk, "I volunteer at the food bank every Wednesday morning")
    reply = said_to(desk, "the food bank is cancelled this week")[0]
    assert reply == "OK, I'll skip this one: volunteer at the food bank. Next: by Wednesday, December 16."
    assert agenda_rows(desk) == [("volunteer at the food bank", "2026-12-16 23:59")]


@pytest.mark.parametrize("said, row, reminded", [
    ("remind me to buy flowers for Leo the day before", ("buy flowers for Leo", "2026-12-08 23:59"), "2026-12-08 09:00"),
    ("remind me to iron the shirt the night before the recital", ("iron the shirt", "2026-12-08 20:00"), "2026-12-08 20:00"),
])
def test_a_task_the_day_before_an_event(desk, said, row, reminded):
    said_to(desk, "my grandson Leo's recital is the 9th at 6")
    assert said_to(desk, said)[0].startswith("I'll remind you")
    loops = [loop for loop in desk.service.agenda() if loop.desc == row[0]]
    assert [r for r in agenda_rows(desk) if r[0] == row[0]] == [row]
    assert datetime.fromtimestamp(loops[0].remind_ms / 1000, desk.service.tz).strftime("%Y-%m-%d %H:%M") == reminded


@pytest.mark.parametrize("said", ["thank you dear", "thanks love", "thank you so much dear"])
async def test_thanks_with_a_word_of_fondness(tmp_path, said):
    replies, calls = await _chat(tmp_path, said)
    assert replies[0].startswith("You're welcome")
    assert calls == []


def test_the_second_pass_readers_stay_linear():
    from jarvisd.openloop.commitments import read_utterance
    from jarvisd.openloop.repeats import skip_asked
    assert_grows_linearly(lambda text: read_utterance(text, None), lambda n: "i volunteer " + "at the " * n + "every week", 2000)
    assert_grows_linearly(skip_asked, lambda n: "the " + "food " * n + "is cancelled", 2000)
    assert_grows_linearly(lambda text: read_utterance(text, None), lambda n: "slips " * n + "are due end of next week", 2000)


def test_the_one_asked_for_is_the_one_moved_and_the_one_a_task_is_before(desk):
    said_to(desk, "long run saturday at 6 am", "like, remind me to foam roll in an hour and a half")
    said_to(desk, "um what time is my long run")
    assert said_to(desk, "move it to sunday")[0] == "Updated: long run, now Sunday, December 13 at 6 AM."
    said_to(desk, "my grandson Leo's recital is the 9th at 6", "my doctor's appointment is on the 15th at 10:30")
    said_to(desk, "when is Leo's recital", "remind me to buy flowers for Leo the day before")
    assert ("buy flowers for Leo", "2026-12-08 23:59") in agenda_rows(desk)
