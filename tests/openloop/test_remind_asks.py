"""When to be reminded of a promise already on the agenda (`openloop/remind_asks.py`; found by the forty-second
session: "remind me an hour before" and "한 시간 전에 알려줘" went to the model, which may say it set a reminder it did
not, and "remind me about the call at 2pm" kept a new promise named "the call"). Real agenda service, no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.reflect.reminders import plan_reminders
from tests.openloop.conftest import SEOUL, agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


def reminder_at(desk) -> str:
    (loop,) = desk.service.agenda()
    return datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M")


@pytest.mark.parametrize(("ask", "reply", "at"), [
    ("remind me an hour before", "OK, I'll remind you tomorrow at 2 PM: call Bob.", "2026-12-02 14:00"),
    ("remind me 30 minutes before the call", "OK, I'll remind you tomorrow at 2:30 PM: call Bob.", "2026-12-02 14:30"),
    ("remind me about the call at 2pm", "OK, I'll remind you tomorrow at 2 PM: call Bob.", "2026-12-02 14:00"),
    # the forty-ninth session: kept as a new promise, "the call an hour"
    ("remind me about the call an hour before", "OK, I'll remind you tomorrow at 2 PM: call Bob.", "2026-12-02 14:00"),
])
def test_a_reminder_of_the_promise_is_set(desk, ask, reply, at):
    said_to(desk, "I need to call Bob at 3pm tomorrow")
    assert said_to(desk, ask) == [reply]
    assert reminder_at(desk) == at and agenda_rows(desk) == [("call Bob", "2026-12-02 15:00")]


@pytest.mark.parametrize(("ask", "reply", "at"), [
    ("한 시간 전에 알려줘", "내일 오후 2시에 알려 드릴게요: 밥한테 전화하기.", "2026-12-02 14:00"),
    ("밥 전화 30분 전에 알려줘", "내일 오후 2시 30분에 알려 드릴게요: 밥한테 전화하기.", "2026-12-02 14:30"),
])
def test_a_korean_reminder_is_set(desk, ask, reply, at):
    said_to(desk, "내일 오후 3시에 밥한테 전화해야 해")
    assert said_to(desk, ask) == [reply]
    assert reminder_at(desk) == at


def test_again_after_a_reminder_at_a_part_of_the_day_is_its_hour(desk):
    said_to(desk, "I need to call Bob at 3pm tomorrow")
    loop = desk.service.agenda()[0]
    desk.last_reminder = lambda: (loop.id, desk.service.now_ms() - 5000)
    assert said_to(desk, "remind me again tomorrow morning") == ["OK, I'll remind you tomorrow at 9 AM: call Bob."]


def test_a_promise_with_no_time_or_a_past_moment_is_said_so(desk):
    said_to(desk, "I need to buy milk")
    assert said_to(desk, "remind me an hour before") == [
        "Buy milk has no time set, so I can't remind you before it. When is it?"]
    said_to(desk, "I need to call Bob at 9:30 today")
    assert said_to(desk, "remind me an hour before") == ["That time has already passed: call Bob."]


@pytest.mark.parametrize(("first", "ask", "reply"), [
    ("I need to call Bob at 3pm tomorrow", "don't remind me about the call",
     "OK, no reminders for call Bob. It stays on your agenda."),
    ("I need to call Bob at 3pm tomorrow", "stop reminding me", "OK, no reminders for call Bob. It stays on your agenda."),
    ("내일 오후 3시에 밥한테 전화해야 해", "그 전화는 알려주지 마", "알림 안 드릴게요: 밥한테 전화하기. 목록에는 남겨 둘게요."),
])
def test_no_reminders_of_one_promise_is_kept(desk, first, ask, reply):
    """The forty-third session: "don't remind me about the call" answered "I can't turn off the reminders of one
    promise yet"; now the promise stays open and the planner plans nothing for it."""
    said_to(desk, first)
    assert said_to(desk, ask) == [reply]
    (loop,) = desk.service.agenda()
    assert loop.is_open and loop.muted_ms is not None
    assert plan_reminders([loop], now_ms=desk.service.now_ms(), tz=SEOUL) == []


def test_a_reminder_asked_for_after_a_mute_ends_it_and_undo_takes_a_mute_back(desk):
    said_to(desk, "I need to call Bob at 3pm tomorrow", "don't remind me about the call", "remind me an hour before")
    (loop,) = desk.service.agenda()
    assert loop.muted_ms is None and reminder_at(desk) == "2026-12-02 14:00"
    said_to(desk, "don't remind me about the call")
    assert said_to(desk, "undo that") == ["OK, I'll remind you again: call Bob."]
    (loop,) = desk.service.agenda()
    assert loop.muted_ms is None and plan_reminders([loop], now_ms=desk.service.now_ms(), tz=SEOUL)


def test_guard_remind_me_to_is_still_a_promise(desk):
    assert said_to(desk, "remind me to call Bob in 2 hours") == ["I'll remind you: call Bob, today at 11 AM."]


def test_a_promise_said_with_an_amount_before_its_time_is_due_then_and_named_without_it(desk):
    assert said_to(desk, "Remind me to call Bob 30 minutes before the meeting at 3pm tomorrow") == [
        "I'll remind you: call Bob, tomorrow at 2:30 PM."]
    assert agenda_rows(desk) == [("call Bob", "2026-12-02 14:30")]


def test_guard_a_promise_said_again_with_its_time_moves_it_not_its_reminder(desk):
    # the clean-clone rehearsal at 5d08565: "remind me again tomorrow at 9am to call Bob" set a reminder of the call
    # instead of moving it (tests/test_reliability_pass34.py)
    said_to(desk, "I need to call Bob at 5pm")
    said_to(desk, "remind me again tomorrow at 9am to call Bob")
    assert agenda_rows(desk) == [("call Bob", "2026-12-02 09:00")]


@pytest.mark.parametrize(("first", "ask", "move", "due", "at"), [
    ("I need to call Bob at 3pm tomorrow", "remind me an hour before", "move the call to 5pm",
     "2026-12-02 17:00", "2026-12-02 16:00"),
    ("I need to call Bob at 3pm tomorrow", "remind me an hour before", "make it 5pm", "2026-12-02 17:00",
     "2026-12-02 16:00"),
    ("I need to call Bob at 3pm tomorrow", "remind me an hour before", "I'll call Bob on Thursday instead",
     "2026-12-03 15:00", "2026-12-03 14:00"),
    ("내일 오후 3시에 밥한테 전화해야 해", "한 시간 전에 알려줘", "5시로 바꿔줘", "2026-12-02 17:00", "2026-12-02 16:00"),
    # the lead would already have passed: reminded at the new time instead
    ("I need to call Bob at 11am today", "remind me an hour before", "make it 9:30", "2026-12-01 09:30",
     "2026-12-01 09:30"),
])
def test_a_reminder_asked_for_before_the_due_keeps_its_lead_when_the_due_moves(desk, first, ask, move, due, at):
    """The forty-third session: "an hour before" then "move the call to 5pm" reminded at 5 PM itself (or, said as
    "… on Thursday instead", still on Wednesday at 2 PM)."""
    said_to(desk, first, ask, move)
    assert [row[1] for row in agenda_rows(desk)] == [due] and reminder_at(desk) == at


def test_guard_a_reminder_asked_for_at_the_due_moves_with_it(desk):
    said_to(desk, "remind me to call Bob at 3pm tomorrow", "make it 5pm")
    assert reminder_at(desk) == "2026-12-02 17:00"


@pytest.mark.parametrize(("said", "reply"), [
    ("Remind me 30 minutes before the meeting at 5pm tomorrow to call Ann",
     "I'll remind you: call Ann, tomorrow at 4:30 PM."),
    ("Remind me an hour before the 5pm meeting tomorrow to call Ann", "I'll remind you: call Ann, tomorrow at 4 PM."),
    ("내일 오후 5시 회의 30분 전에 앤한테 전화하라고 알려줘", "알림 맞춰 둘게요: 앤한테 전화하기, 내일 오후 4시 30분."),
    ("내일 오후 5시 비행기 두 시간 전에 체크인해야 해", "적어 둘게요: 체크인하기, 내일 오후 3시."),
])
def test_the_time_before_a_thing_said_before_the_deed_is_the_due(desk, said, reply):
    """The forty-third session: said before the deed, "30 minutes before the meeting at 5pm" went to the model; in
    Korean the due was 5 PM and "회의 30분 전에" was kept in the promise."""
    assert said_to(desk, said) == [reply]


def test_guard_korean_minutes_after_the_hour_are_the_clock_time(desk):
    assert said_to(desk, "내일 5시 30분 전에 보고서 내야 해") == ["적어 둘게요: 보고서 내기, 내일 오후 5시 30분."]


def test_days_before_a_promise_of_a_day_is_that_mornings_reminder(desk):
    """"Remind me about the insurance two days before" (the forty-ninth session) kept a new promise, "the insurance two
    days"; said of a promise of a day (kept at 23:59), two days before is that morning at 9, not 11:59 PM. The words
    said in quotes are kept without them."""
    said_to(desk, 'Put "renew car insurance" on my list for the 15th.')
    assert said_to(desk, "Remind me about the insurance two days before.") == [
        "OK, I'll remind you Sunday, December 13 at 9 AM: renew car insurance."]
    assert reminder_at(desk) == "2026-12-13 09:00" and agenda_rows(desk) == [("renew car insurance", "2026-12-15 23:59")]


@pytest.mark.parametrize(("ask", "reply", "at"), [
    # the fiftieth session: the due moved to Wednesday ("Updated: send Sarah the slides, now by Wednesday.")
    ("Remind me about the slides Wednesday evening.", "OK, I'll remind you tomorrow at 6 PM: send Sarah the slides.",
     "2026-12-02 18:00"),
    ("remind me of the slides wednesday at noon", "OK, I'll remind you tomorrow at noon: send Sarah the slides.",
     "2026-12-02 12:00"),
])
def test_a_reminder_on_a_weekday_said_alone_keeps_the_due(desk, ask, reply, at):
    said_to(desk, "I promised Sarah I'd send her the slides by Thursday")
    assert said_to(desk, ask) == [reply]
    assert reminder_at(desk) == at and agenda_rows(desk) == [("send Sarah the slides", "2026-12-03 23:59")]


@pytest.mark.parametrize(("ask", "reply", "at"), [
    # the fiftieth session: "Sorry, I don't have an answer to that." (the model's, offline)
    ("Remind me at 9pm to review it.", "OK, I'll remind you tonight at 9 PM: review Mike's PR.", "2026-12-01 21:00"),
    ("remind me to do that at 8", "OK, I'll remind you tonight at 8 PM: review Mike's PR.", "2026-12-01 20:00"),
])
def test_a_reminder_of_the_promise_just_said_named_by_a_pronoun(desk, ask, reply, at):
    said_to(desk, "I told Mike I'd review his PR tonight.")
    assert said_to(desk, ask) == [reply]
    assert reminder_at(desk) == at and agenda_rows(desk) == [("review Mike's PR", "2026-12-01 23:59")]


def test_guard_a_pronoun_with_nothing_in_focus_sets_no_reminder(desk):
    assert said_to(desk, "remind me to do it at 8") == [None]
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("ask", "reply", "at"), [
    # the fiftieth session: to the model ("I'm sorry for your loss. …"), no reminder set
    ("Remind me the day before.", "OK, I'll remind you Wednesday at 10 AM: dentist appointment.", "2026-12-09 10:00"),
    ("remind me the night before", "OK, I'll remind you Wednesday at 8 PM: dentist appointment.", "2026-12-09 20:00"),
    ("remind me about the dentist the morning before", "OK, I'll remind you Wednesday at 9 AM: dentist appointment.",
     "2026-12-09 09:00"),
])
def test_a_reminder_the_day_or_night_before(saturday_desk, ask, reply, at):
    said_to(saturday_desk, "I have a dentist appointment on Thursday at 10.")
    assert said_to(saturday_desk, ask) == [reply]
    assert reminder_at(saturday_desk) == at and agenda_rows(saturday_desk) == [("dentist appointment", "2026-12-10 10:00")]
