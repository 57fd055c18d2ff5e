"""Agenda questions the embedded model would answer with a made-up agenda (found by the forty-third session): a named
day ("what do I have on Saturday?", "토요일에 뭐 있어?"), "what's next?", "how many things are on my agenda?"; and
"remind me at 2" and "I paid it" said of the promise just made. Real agenda service and Kiwi, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.day_asked import asked_day
from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("ask", "reply"), [
    ("what do I have on Saturday?", "On Saturday you have 2 things due: call Bob, Saturday at 3 PM; and pick up the "
                                    "dry cleaning, by Saturday."),
    ("anything due on December 5?", "On Saturday you have 2 things due: call Bob, Saturday at 3 PM; and pick up the "
                                    "dry cleaning, by Saturday."),
    ("what's on for Friday?", "Nothing is due on Friday."),
    ("토요일에 뭐 있어?", "이번 주 토요일에 할 일이 2개 있어요: call Bob, 이번 주 토요일 오후 3시; pick up the dry cleaning, "
                    "이번 주 토요일까지."),
])
def test_what_is_due_on_a_named_day_is_read_from_the_agenda(desk, ask, reply):
    said_to(desk, "I need to pick up the dry cleaning on Saturday", "I need to call Bob at 3pm on Saturday",
            "I need to email Ann tomorrow")
    assert said_to(desk, ask) == [reply]


@pytest.mark.parametrize("text", ["what's on tv on friday", "what do i have tomorrow", "what's the weather on saturday",
                                  "what is it"])
def test_guard_other_questions_are_not_a_day_asked(text):
    assert asked_day(text) is None


def test_how_many_is_the_agenda(desk):
    said_to(desk, "I need to call Bob at 3pm tomorrow")
    assert said_to(desk, "how many things are on my agenda?") == ["You have one thing on your agenda: call Bob, tomorrow at 3 PM."]


@pytest.mark.parametrize("ask", ["what's next?", "what do I have next?", "what am I doing next?", "what's next on my list",
                                 "What next?"])   # (Whisper's hearing in daemon run 78: to SmolLM2, "I'm sorry for any inconvenience")
def test_whats_next_is_the_soonest_one(desk, ask):
    """The fifty-seventh session's chat: "what's next?" read the whole agenda out; it is the soonest one."""
    said_to(desk, "I need to call Bob at 3pm tomorrow", "remind me in 20 minutes to check the laundry")
    assert said_to(desk, ask)[0].startswith("Next up: check the laundry, today at ")


def test_remind_me_at_an_hour_is_on_the_promises_day(desk):
    said_to(desk, "I need to call Bob at 3pm tomorrow")
    assert said_to(desk, "remind me at 2") == ["OK, I'll remind you tomorrow at 2 PM: call Bob."]


@pytest.mark.parametrize(("first", "said", "reply"), [
    ("I need to pay rent by the 5th", "I paid it", "Marked done: pay rent."),
    ("I need to send the report to Kim", "I've sent it", "Marked done: send the report to Kim."),
    ("I need to book the train tickets", "we booked them already", "Marked done: book the train tickets."),
])
def test_the_deed_done_of_the_promise_just_made_closes_it(desk, first, said, reply):
    said_to(desk, first)
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == []


def test_guard_another_deed_done_closes_nothing(desk):
    said_to(desk, "I need to pay rent by the 5th", "I sent it")
    assert [row[0] for row in agenda_rows(desk)] == ["pay rent"]
