"""A promise named by its time: "cancel my 3pm", "what do I have at 3pm?", "3시 거 취소해 줘" (the forty-sixth session:
"I couldn't find your 3pm on your agenda", and the model answered "what do I have at 3pm?" with "a cup of coffee, a
slice of pizza, or a glass of wine"). Real agenda service on a JSONL file and Kiwi; no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.agenda_asked import ClockNamed, at_time_asked, clock_named
from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(saturday_desk) -> AgendaDesk:
    return saturday_desk


@pytest.mark.parametrize(("words", "named"), [
    ("my 3pm", ClockNamed(15, 0, True)), ("the 4 o'clock", ClockNamed(4, 0, False)), ("3:30", ClockNamed(3, 30, False)),
    ("my 3pm meeting", ClockNamed(15, 0, True)), ("the 15:00 one", ClockNamed(15, 0, True)),
    ("오후 3시 거", ClockNamed(15, 0, True)), ("3시 반 약속", ClockNamed(3, 30, False)),
    ("3", None), ("13pm", None), ("the call", None),
])
def test_the_time_words_name(words, named):
    assert clock_named(words) == named


@pytest.mark.parametrize(("asked", "named"), [
    ("what do i have at 3pm", ClockNamed(15, 0, True)), ("anything at 4", ClockNamed(4, 0, False)),
    ("do i have anything at 10am today", ClockNamed(10, 0, True)), ("3시에 뭐 있어", ClockNamed(3, 0, False)),
    ("what time is it", None), ("what do i have today", None),
])
def test_the_question_of_a_time(asked, named):
    assert at_time_asked(asked) == named


def test_what_do_i_have_at_a_time_and_cancel_my_3pm(desk):
    said_to(desk, "remind me to call the dentist at 3pm and to email Ann at 4pm")
    assert said_to(desk, "what do I have at 3pm?", "anything at 4?", "what do I have at 5pm?") == [
        "You have one thing then: call the dentist, today at 3 PM.",
        "You have one thing then: email Ann, today at 4 PM.",
        "Nothing is due at 5 PM."]
    assert said_to(desk, "cancel my 3pm") == ["OK, I took it off your agenda: call the dentist."]
    assert agenda_rows(desk) == [("email Ann", "2026-12-05 16:00")]


def test_my_3pm_is_the_nearest_day_one_is_due_at_3pm(desk):
    said_to(desk, "remind me to call the dentist at 3pm tomorrow", "I need to call Bob at 3pm on Friday")
    assert said_to(desk, "cancel my 3pm") == ["OK, I took it off your agenda: call the dentist."]
    assert agenda_rows(desk) == [("call Bob", "2026-12-11 15:00")]


def test_two_due_at_3pm_are_asked_which_and_the_answer_closes_it(desk):
    said_to(desk, "remind me to call the dentist at 3pm and to email Ann at 3pm")
    assert said_to(desk, "mark my 3pm done", "the second one") == [
        "Which one: email Ann, or call the dentist?", "Marked done: call the dentist."]
    assert agenda_rows(desk) == [("email Ann", "2026-12-05 15:00")]


def test_guard_a_day_only_promise_is_not_a_3pm(desk):
    said_to(desk, "I need to pay rent by tomorrow")
    assert said_to(desk, "what do I have at 11:59pm?") == ["Nothing is due at 11:59 PM."]


@pytest.mark.slow
def test_korean(desk):
    said_to(desk, "오후 3시에 치과에 전화하라고 알려줘")
    assert said_to(desk, "3시에 뭐 있어?", "3시 거 취소해 줘") == [
        "그 시각에 할 일이 1개 있어요: 치과에 전화하기, 오늘 오후 3시.", "목록에서 지웠어요: 치과에 전화하기."]
    assert agenda_rows(desk) == []


# ---------------------------------------------------------------- everything moved at once

def test_push_everything_back_an_hour_moves_todays_timed_promises_in_one_go_and_undo_takes_them_back(desk):
    """The forty-sixth session: "push everything back an hour" went to the model ("I'm sorry for your loss")."""
    said_to(desk, "remind me to call the dentist at 3pm and to email Ann at 4pm", "I need to pay rent by today",
            "remind me every day at 5pm to take my pills")
    assert said_to(desk, "push everything back an hour") == [
        "OK, I moved 2 things: call the dentist, today at 4 PM; and email Ann, today at 5 PM."]
    assert sorted(agenda_rows(desk)) == [("call the dentist", "2026-12-05 16:00"), ("email Ann", "2026-12-05 17:00"),
                                         ("pay rent", "2026-12-05 23:59"), ("take my pills", "2026-12-05 17:00")]
    assert said_to(desk, "undo that") == [
        "OK, moved back: call the dentist, today at 3 PM; and email Ann, today at 4 PM."]
    assert ("call the dentist", "2026-12-05 15:00") in agenda_rows(desk)


def test_postpone_everything_by_a_day_and_with_nothing_today_says_so(desk):
    said_to(desk, "remind me to call the dentist at 3pm", "I need to pay rent by today")
    assert said_to(desk, "postpone everything by a day") == [
        "OK, I moved 2 things: call the dentist, tomorrow at 3 PM; and pay rent, by tomorrow."]
    assert said_to(desk, "push everything back an hour") == ["Nothing left on today's agenda to move."]


@pytest.mark.slow
def test_korean_everything_moved(desk):
    said_to(desk, "오후 3시에 치과에 전화하라고 알려줘")
    assert said_to(desk, "오늘 일정 다 한 시간 미뤄 줘") == ["1개를 옮겼어요: 치과에 전화하기, 오늘 오후 4시."]


# ---------------------------------------------------------------- a promise not to do something

def test_a_deed_told_done_does_not_close_or_offer_a_promise_not_to_do_it(desk):
    """The forty-sixth session: "I ate sugar" after "remind me not to eat sugar after 8pm" asked "Do you mean don't eat
    sugar? Say yes and I'll mark it done."; the breach is no keeping. Named and marked done, it is."""
    said_to(desk, "remind me not to eat sugar after 8pm")
    assert said_to(desk, "I ate sugar") == [None]
    assert agenda_rows(desk) == [("don't eat sugar", "2026-12-05 20:00")]
    assert said_to(desk, "mark don't eat sugar done") == ["Marked done: don't eat sugar."]


def test_move_my_3pm_to_4pm_moves_the_promise_due_then(desk):
    """The forty-sixth session: "change 3pm to 4pm" moved it, "move my 3pm to 4pm" went to the model."""
    said_to(desk, "remind me to call the plumber at 3pm", "I need to email Ann tomorrow")
    assert said_to(desk, "move my 3pm to 4pm", "change the 4pm to 5pm") == [
        "Updated: call the plumber, now today at 4 PM.", "Updated: call the plumber, now today at 5 PM."]


def test_turn_off_all_alarms_takes_the_wake_up_alarm_too_and_leaves_the_timer(desk):
    """Before: "Cancel the one alarm on your agenda: alarm?" with a wake-up alarm set too."""
    said_to(desk, "wake me up at 7am", "set an alarm for 8am", "set a timer for 10 minutes")
    assert said_to(desk, "turn off all alarms", "yes") == [
        "Cancel both alarms on your agenda: wake-up alarm and alarm? Say yes and I'll cancel them.",
        "Cancelled: wake-up alarm and alarm."]
    assert [desc for desc, _ in agenda_rows(desk)] == ["10-minute timer"]


@pytest.mark.parametrize("asked", ["how many reminders do I have?", "how many tasks are there?",
                                   "how many things do I have to do"])
def test_how_many_reminders_reads_the_agenda(desk, asked):
    said_to(desk, "remind me to call Bob tomorrow")
    assert said_to(desk, asked) == ["You have one thing on your agenda: call Bob, by tomorrow."]


def test_when_is_my_next_alarm_says_the_soonest(desk):
    said_to(desk, "wake me up at 7am", "set an alarm for 8am")
    assert said_to(desk, "when is my next alarm?", "when is my alarm?") == [
        "Wake-up alarm is tomorrow at 7 AM.", "Wake-up alarm is tomorrow at 7 AM. Alarm is tomorrow at 8 AM."]
