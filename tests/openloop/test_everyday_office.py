"""An office worker's, a traveller's, a student's and a cook's day told to the offline desk (the fifty-sixth
session's conversations, no Ollama): each case here went to SmolLM2 ("I'm sorry for your loss") or was read wrong
(the wrong timer cancelled, an appointment's time lost). Real desk and agenda service, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk: AgendaDesk) -> AgendaDesk:
    return tuesday_desk   # Tuesday 2026-12-01 09:00, Seoul


# ---------------------------------------------------------------- the cook's timers and alarms

@pytest.mark.parametrize("said", ["another timer for 5 minutes", "and another timer for 5 minutes please",
                                  "one more timer for 5 minutes"])
def test_another_timer_is_set(desk, said):
    replies = said_to(desk, "set a timer for 12 minutes for the pasta", said)
    assert replies[1] == "OK, a 5-minute timer, until 9:05 AM."
    assert agenda_rows(desk) == [("5-minute timer", "2026-12-01 09:05"),
                                 ("12-minute timer for the pasta", "2026-12-01 09:12")]


@pytest.mark.parametrize("said", ["cancel the 5 minute one", "cancel the five-minute timer", "stop the 5 minute timer"])
def test_a_timer_cancelled_by_its_length_is_that_one(desk, said):
    replies = said_to(desk, "set a timer for 12 minutes for the pasta", "another timer for 5 minutes", said)
    assert replies[2] == "OK, I took it off your agenda: 5-minute timer."
    assert agenda_rows(desk) == [("12-minute timer for the pasta", "2026-12-01 09:12")]


def test_a_length_no_timer_has_cancels_none(desk):
    replies = said_to(desk, "set a timer for 12 minutes for the pasta", "cancel the 5 minute one")
    assert replies[1].startswith("I couldn't find ")
    assert agenda_rows(desk) == [("12-minute timer for the pasta", "2026-12-01 09:12")]


@pytest.mark.parametrize("said, rows", [
    ("set an alarm for 6 30 tomorrow", [("alarm", "2026-12-02 06:30")]),
    ("wake me up at 7 15", [("wake-up alarm", "2026-12-02 07:15")]),
    ("pick up the cake at 4 30", [("pick up the cake", "2026-12-01 16:30")]),
    ("pick up the cake at 4 30 pm", [("pick up the cake", "2026-12-01 16:30")]),
])
def test_a_clock_time_heard_without_its_colon(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("said", ["set a timer for 6 30 minutes", "it costs 5 10 dollars at 6 30 people"])
def test_two_numbers_before_a_unit_are_no_clock_time(desk, said):
    said_to(desk, said)
    assert ("alarm", "2026-12-01 18:30") not in agenda_rows(desk)


# ---------------------------------------------------------------- appointments and work due, told with their time

@pytest.mark.parametrize("said, rows, reply", [
    ("my flight to Denver leaves Friday at 6:40 am", [("flight to Denver", "2026-12-04 06:40")],
     "Got it: flight to Denver, Friday at 6:40 AM."),
    ("and a one on one with Priya at 2 tomorrow", [("one on one with Priya", "2026-12-02 14:00")],
     "Got it: one on one with Priya, tomorrow at 2 PM."),
    ("the essay is due monday at midnight", [("essay", "2026-12-08 00:00")], "Got it: essay, Monday night at midnight."),
    ("my lab report is due friday by noon", [("lab report", "2026-12-04 12:00")], "Got it: lab report, Friday at noon."),
    ("um our flight to Jeju takes off tomorrow at 7 15", [("flight to Jeju", "2026-12-02 07:15")], None),
    ("standup is every weekday at 9 30", [("standup", "2026-12-01 09:30")], "Got it: standup, today at 9:30 AM, then every weekday."),
    ("study for two hours tonight", [("study for two hours", "2026-12-01 23:59")], None),
])
def test_an_appointment_or_work_due_is_kept_with_its_time(desk, said, rows, reply):
    replies = said_to(desk, said)
    assert agenda_rows(desk) == rows
    if reply is not None:
        assert replies[0] == reply


@pytest.mark.parametrize("said", ["The essay is due.", "my flight leaves", "the flight was great on Friday",
                                  "I'm running late for the meeting at 10", "I'm running late",
                                  "what is due on Friday", "the flight leaves every 2 hours", "my class is every 10 minutes", "study hard"])
def test_no_promise_is_made_of_these(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


def test_the_flight_is_moved_and_asked_for(desk):
    replies = said_to(desk, "my flight to Denver leaves Friday at 6:40 am", "when does my flight leave",
                      "the flight got moved to 8:15 am", "when is my flight")
    assert replies[1:] == ["Flight to Denver is Friday at 6:40 AM.", "Updated: flight to Denver, now Friday at 8:15 AM.",
                           "Flight to Denver is Friday at 8:15 AM."]


@pytest.mark.parametrize("moved", ["the chem exam got pushed to the 16th", "move the chem exam to the 16th",
                                   "the chem exam was moved to the 16th."])
def test_an_exam_moved_to_a_day_of_the_month(desk, moved):
    said_to(desk, "I have a chem exam on the 14th", moved)
    assert agenda_rows(desk) == [("chem exam", "2026-12-16 23:59")]


@pytest.mark.parametrize("said", ["I need to go to the 3rd floor tomorrow", "I have to take the kids to the 2nd floor tomorrow"])
def test_to_the_ordinal_of_a_place_is_no_day(desk, said):
    said_to(desk, said)
    assert [due for _, due in agenda_rows(desk)] == ["2026-12-02 23:59"]


def test_the_essay_is_closed_by_its_submission(desk):
    replies = said_to(desk, "the essay is due monday at midnight", "I have a chem exam on the 14th",
                      "when is the essay due", "I submitted the essay")
    assert replies[2] == "Essay is Monday night at midnight."
    assert replies[3] == "Marked done: essay."
    assert agenda_rows(desk) == [("chem exam", "2026-12-14 23:59")]


# ---------------------------------------------------------------- the day asked

@pytest.fixture
def office(desk):
    said_to(desk, "um I have a meeting with the design team tomorrow at 10", "and a one on one with Priya at 2 tomorrow",
            "my lab report is due friday by noon")
    return desk


@pytest.mark.parametrize("asked, reply", [
    ("what's my first meeting tomorrow", "Meeting with the design team is tomorrow at 10 AM."),
    ("when's my first thing tomorrow?", "Meeting with the design team is tomorrow at 10 AM."),
    ("what meetings do I have tomorrow", "Tomorrow you have 2 things due: meeting with the design team, tomorrow at 10 AM; "
                                         "and one on one with Priya, tomorrow at 2 PM."),
    ("what's on my calendar friday", "On Friday you have one thing due: lab report, Friday at noon."),
    ("what's on my list for friday", "On Friday you have one thing due: lab report, Friday at noon."),
    ("what's on my calendar thursday", "Nothing is due on Thursday."),
    ("what time does the one on one start", "One on one with Priya is tomorrow at 2 PM."),
])
def test_the_day_and_its_first_one_asked(office, asked, reply):
    assert said_to(office, asked) == [reply]


def test_the_first_one_is_in_focus(office):
    replies = said_to(office, "what's my first meeting tomorrow", "move it to 11")
    assert replies[1] == "Updated: meeting with the design team, now tomorrow at 11 AM."


@pytest.mark.parametrize("said", ["I'm running late for the 10 o'clock", "I'm running a bit late for the design team meeting",
                                  "ugh I'm gonna be late for my 10 am"])
def test_running_late_names_the_one_and_keeps_nothing(office, said):
    assert said_to(office, said) == ["Meeting with the design team is tomorrow at 10 AM."]
    assert len(agenda_rows(office)) == 3


@pytest.mark.parametrize("said, rows", [
    ("block 2 to 4 for deep work on thursday", [("deep work", "2026-12-03 14:00")]),
    ("block off 9 to 11 tomorrow for the budget review", [("budget review", "2026-12-02 09:00")]),
    ("um hold 3:30 to 5 on friday for interviews", [("interviews", "2026-12-04 15:30")]),
])
def test_time_blocked_for_something_is_kept_at_its_start(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


def test_the_block_moved(desk):
    replies = said_to(desk, "block 2 to 4 for deep work on thursday", "move the deep work block to friday")
    assert replies == ["Got it: deep work, Thursday at 2 PM.", "Updated: deep work, now Friday at 2 PM."]


@pytest.mark.parametrize("said", ["the price went from 2 to 4 dollars", "block the door", "I was busy from 2 to 4 yesterday"])
def test_no_block_is_made_of_these(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


def test_a_deed_before_the_flight_is_kept_that_long_before_it(desk):
    replies = said_to(desk, "my flight to Denver leaves Friday at 8:15 am",
                      "remind me two hours before the flight to leave for the airport",
                      "what time do I need to leave for the airport")
    assert replies[1] == "I'll remind you: leave for the airport, Friday at 6:15 AM."
    assert replies[2] == "Leave for the airport is Friday at 6:15 AM."
    assert agenda_rows(desk) == [("leave for the airport", "2026-12-04 06:15"), ("flight to Denver", "2026-12-04 08:15")]
    assert [loop.remind_ms for loop in desk.service.agenda()][0] == desk.service.agenda()[0].due_ms


@pytest.mark.parametrize("said, remind_at", [("remind me an hour before the flight", "2026-12-04 07:15"),
                                             ("remind me a day before the trip to Denver", None)])
def test_before_the_flight_without_a_deed_is_its_reminder(desk, said, remind_at):
    said_to(desk, "my flight to Denver leaves Friday at 8:15 am", said)
    assert len(agenda_rows(desk)) == 1
    if remind_at is not None:
        from datetime import datetime
        loop = desk.service.agenda()[0]
        assert datetime.fromtimestamp(loop.remind_ms / 1000, desk.service.tz).strftime("%Y-%m-%d %H:%M") == remind_at


@pytest.mark.parametrize("said, reply, row", [
    ("check in opens 24 hours before remind me", "I'll remind you: check in, Thursday at 8:15 AM.",
     ("check in", "2026-12-03 08:15")),
    ("boarding starts 40 minutes before the flight, remind me", "I'll remind you: boarding, Friday at 7:35 AM.",
     ("boarding", "2026-12-04 07:35")),
])
def test_what_opens_before_the_flight_is_reminded_then(desk, said, reply, row):
    replies = said_to(desk, "my flight to Denver leaves Friday at 8:15 am", said)
    assert replies[1] == reply
    assert row in agenda_rows(desk)


@pytest.mark.parametrize("asked", ["what's left before the trip", "what do I need to do before my flight",
                                   "so what else do I still need to do before the flight"])
def test_what_is_due_before_the_flight(desk, asked):
    replies = said_to(desk, "my flight to Denver leaves Friday at 8:15 am", "I need to pack the charger",
                      "remind me to pack the passport thursday night", "I need to return the library books by Saturday", asked)
    assert replies[-1] == ("Before flight to Denver, you have one thing due: pack the passport, by Thursday. "
                           "One more has no due.")


def test_before_a_trip_with_no_flight_is_the_open_list(desk):
    # (the sixtieth session: with no promise named by "the trip" this was the model's, and "what's left before the move?"
    # got "Sorry, I don't have an answer to that."; the agenda keeps no projects, so what is open is what is left)
    assert said_to(desk, "I need to pack the charger", "what's left before the trip") == [
        "Got it: pack the charger.", "You have one thing on your agenda: pack the charger."]


# ---------------------------------------------------------------- the new rules stay linear

@pytest.mark.parametrize(("head", "unit", "count", "tail"), [
    ("the ", "design team ", 1700, "meeting leaves Friday"),            # the appointment told with where it goes
    ("my ", "lab report ", 1900, "is due"),                              # work due
    ("what's my first meeting ", "on the ", 3000, ""),                        # the first one asked
    ("what meetings do I have ", "on my calendar ", 1400, ""),
    ("I'm running late for the ", "10 ", 7000, ""),                           # late for
    ("cancel the ", "5 minute ", 2300, "one"),                           # a timer by its length
    ("set an alarm for ", "6 30 ", 4000, ""),                                 # a clock time without its colon
    ("move it to the ", "16th the ", 2300, ""),
    ("block ", "2 to 4 ", 3400, "for deep work"),
    ("block 2 to 4 for ", "deep work ", 2000, ""),
    ("remind me two hours before the ", "flight ", 2900, "to leave"),
    ("check in opens ", "24 hours ", 2300, "before remind me"),
    ("what's left before the ", "trip ", 4000, ""),
])
def test_twenty_thousand_characters_of_repeated_words_stay_fast(desk, head, unit, count, tail):
    from tests.timing import assert_grows_linearly

    assert len(head + unit * count + tail) >= 20_000
    said_to(desk, head + unit * count + tail)
    # 8x the words against the words, not seconds (a bound in seconds fails at load): quadratic would be ~64x
    assert_grows_linearly(lambda text: said_to(desk, text), lambda k: head + unit * k + tail, count, runs=3)


# ---------------------------------------------------------------- the whole assistant, SmolLM2 never asked

async def test_the_offline_assistant_answers_the_traveller_without_its_model(tmp_path):
    from tests.assistants import scripted_assistant
    assistant, chat = scripted_assistant(tmp_path, says="I'm sorry for your loss.")
    try:
        said = [await assistant.answer(text, session="s") for text in (
            "my flight to Denver leaves Friday at 6:40 am", "the flight got moved to 8:15 am", "when does my flight leave",
            "set a timer for 12 minutes for the pasta", "another timer for 5 minutes", "cancel the 5 minute one")]
        assert chat.calls == []
        assert said[2].startswith("Flight to Denver is ") and "8:15 AM" in said[2]
        assert said[5] == "OK, I took it off your agenda: 5-minute timer."
    finally:
        await assistant.close()
