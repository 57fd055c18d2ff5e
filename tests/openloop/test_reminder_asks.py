"""A reminder asked for with nothing in it, and the promise just said asked about (the forty-fifth session: "remind
me", "set a reminder", "what did I just add?", "when is it?" went to the model, which said it set reminders it did
not; "delete the last one" answered "I couldn't find the last on your agenda"). The real desk."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("ask", "answer", "reply", "row"), [
    ("remind me", "to call Bob tomorrow at 3", "I'll remind you: call Bob, tomorrow at 3 PM.",
     ("call Bob", "2026-12-02 15:00")),
    ("set a reminder for 3pm", "call Mom", "I'll remind you: call Mom, today at 3 PM.", ("call Mom", "2026-12-01 15:00")),
    ("remind me tomorrow", "buy milk", "I'll remind you: buy milk, by tomorrow.", ("buy milk", "2026-12-02 23:59")),
    ("add a to-do", "pay the rent by Friday", "I'll remind you: pay the rent, by Friday.",
     ("pay the rent", "2026-12-04 23:59")),
    ("알림 설정해 줘", "내일 3시에 엄마한테 전화하기", "알림 맞춰 둘게요: 엄마한테 전화하기, 내일 오후 3시.",
     ("엄마한테 전화하기", "2026-12-02 15:00")),
])
def test_a_reminder_asked_for_with_nothing_in_it_asks_what_and_keeps_the_answer(desk, ask, answer, reply, row):
    first, second = said_to(desk, ask, answer)
    assert first in ("What should I remind you about?", "뭘 알려 드릴까요?") and second == reply
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize("instead", ["never mind", "what time is it?"])
def test_guard_something_else_said_instead_of_the_answer_is_not_kept(desk, instead):
    said_to(desk, "remind me", instead)
    assert agenda_rows(desk) == []


def test_guard_remind_me_tomorrow_of_a_promise_just_said_moves_its_reminder(desk):
    assert said_to(desk, "remind me to call Bob tomorrow at 3", "remind me tomorrow")[1] == \
        "OK, I'll remind you tomorrow at 9 AM: call Bob."


def test_the_promise_just_said_is_asked_about_and_the_last_one_deleted(desk):
    assert said_to(desk, "remind me to call Bob tomorrow at 3", "what did I just add?", "when is it?") == [
        "I'll remind you: call Bob, tomorrow at 3 PM.", "The last thing you added: call Bob, tomorrow at 3 PM.",
        "Call Bob is tomorrow at 3 PM."]
    assert said_to(desk, "remind me to call Ann", "delete the last one")[1] == "OK, I took it off your agenda: call Ann."
    assert [desc for desc, _ in agenda_rows(desk)] == ["call Bob"]


def test_korean_the_promise_just_said(desk):
    assert said_to(desk, "내일 3시에 엄마한테 전화해야 돼", "방금 뭐 추가했어?", "그거 언제야?")[1:] == [
        "방금 적은 건: 엄마한테 전화하기, 내일 오후 3시.", "엄마한테 전화하기는 내일 오후 3시예요."]


def test_with_nothing_just_said(desk):
    assert said_to(desk, "what did I just add?", "when is it?") == ["You haven't added anything just now.", None]


def test_a_bare_cancel_takes_off_what_was_just_added(desk):
    """The session's chat: "cancel" right after "OK, a 10-minute timer" went to the model and the timer stayed."""
    assert said_to(desk, "set a timer for 10 minutes", "cancel")[1] == "OK, I took it off your agenda: 10-minute timer."
    assert agenda_rows(desk) == []


def test_cancel_said_to_for_how_long_sets_nothing_and_keeps_the_rest(desk):
    assert said_to(desk, "remind me to call Bob", "set a timer", "cancel")[1:] == ["For how long?", "OK."]
    assert [desc for desc, _ in agenda_rows(desk)] == ["call Bob"]


def test_remind_me_next_week_is_its_monday_and_this_weekend_its_saturday(desk):
    """The session's probe: "remind me next week" on Tuesday, December 1 was set for Sunday, December 13."""
    assert said_to(desk, "I need to renew my passport", "remind me next week", "remind me this weekend")[1:] == [
        "OK, I'll remind you Monday at 9 AM: renew your passport.",
        "OK, I'll remind you Saturday at 9 AM: renew your passport."]


def test_the_open_promises_of_one_deed(desk):
    """The session's probe: "what do I still need to pay?" went to the model."""
    said_to(desk, "I need to pay the electric bill by the 15th", "I need to pay rent on Friday", "I need to call Bob")
    assert said_to(desk, "what do I still need to pay?", "who do I need to call?", "what do I need to email?") == [
        "You have 2 things to pay: pay rent, by Friday; and pay the electric bill, by Tuesday, December 15.",
        "You have one thing to call: call Bob.", "Nothing to email on your agenda."]
    assert said_to(desk, "what do I need to do?")[0].startswith("You have 3 things on your agenda")
