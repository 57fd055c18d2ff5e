"""A promise said in place of another (`openloop/instead.py`; found by the forty-third session: "I'll email Bob
instead of calling him" kept "email Bob instead of calling him" and left the call open, to be reminded of).
Real agenda service and Kiwi, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.instead import instead_said
from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("first", "then", "reply", "rows"), [
    ("I need to call Bob tomorrow", "I'll email Bob instead",
     "OK, I took it off your agenda: call Bob. Got it: email Bob, by tomorrow.", [("email Bob", "2026-12-02 23:59")]),
    ("I need to call Bob tomorrow", "I'll email him instead of calling",
     "OK, I took it off your agenda: call Bob. Got it: email Bob, by tomorrow.", [("email Bob", "2026-12-02 23:59")]),
    ("I need to call Bob tomorrow at 3pm", "Instead of calling Bob I'll just text him",
     "OK, I took it off your agenda: call Bob. Got it: text Bob, tomorrow at 3 PM.", [("text Bob", "2026-12-02 15:00")]),
    ("밥한테 내일 전화해야 해", "전화 대신 밥한테 문자 보낼게",
     "목록에서 지웠어요: 밥한테 전화하기. 적어 둘게요: 밥한테 문자 보내기, 내일까지.",
     [("밥한테 문자 보내기", "2026-12-02 23:59")]),
    ("밥한테 내일 전화해야 해", "밥한테 전화하지 말고 문자 보낼게",
     "목록에서 지웠어요: 밥한테 전화하기. 적어 둘게요: 밥한테 문자 보내기, 내일까지.",
     [("밥한테 문자 보내기", "2026-12-02 23:59")]),
])
def test_the_new_promise_takes_the_old_ones_place(desk, first, then, reply, rows):
    said_to(desk, first)
    assert said_to(desk, then) == [reply]
    assert agenda_rows(desk) == rows


def test_with_nothing_to_replace_the_words_taken_back_are_not_kept(desk):
    assert said_to(desk, "I'll email Bob instead of calling him") == ["Got it: email Bob."]


def test_guard_two_promises_of_the_deed_taken_back_are_both_kept(desk):
    said_to(desk, "I need to call Bob tomorrow", "I need to call mom")
    said_to(desk, "I'll text him instead of calling")
    assert {desc for desc, _ in agenda_rows(desk)} == {"call Bob", "call mom", "text him"}


@pytest.mark.parametrize(("first", "then", "rows"), [
    ("I need to call Bob tomorrow", "I'll call Bob at 9pm instead", [("call Bob", "2026-12-02 21:00")]),
    ("밥한테 금요일에 전화해야 해", "금요일 말고 토요일에 전화할게", [("밥한테 전화하기", "2026-12-05 23:59")]),
])
def test_guard_a_time_said_instead_is_a_correction_not_a_new_promise(desk, first, then, rows):
    said_to(desk, first, then)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("text", ["Should I email Bob instead of calling him?", "내가 대신 갈게", "I'll do it tomorrow"])
def test_guard_questions_and_who_goes_instead_take_nothing_back(text):
    assert instead_said(text) is None


@pytest.mark.parametrize("said", ["내가 대신 갈게", "갈게", "내일 갈게"])
def test_going_nowhere_named_is_no_promise(desk, said):
    """The forty-third session's low: "내일 민수 결혼식 가야 돼" then "내가 대신 갈게" kept a second promise, "가기"
    (as "I'll go instead" keeps none)."""
    said_to(desk, "내일 민수 결혼식 가야 돼")
    said_to(desk, said)
    assert [desc for desc, _ in agenda_rows(desk)] == ["민수 결혼식 가기"]


def test_guard_going_somewhere_is_still_a_promise(desk):
    said_to(desk, "병원 가야 돼")
    assert agenda_rows(desk) == [("병원 가기", "-")]


def test_him_with_two_calls_open_is_asked_and_the_pick_moves(desk):
    """The forty-third session's low: "I'll call him next week" with "call Bob" and "call Ann" open kept a third
    promise, "call him"; now it asks which, and the answer moves that one."""
    said_to(desk, "I need to call Bob tomorrow", "I need to call Ann on Friday")
    assert said_to(desk, "I'll call him next week", "Bob") == [
        "Which one: call Ann, or call Bob?", "Updated: call Bob, now by Sunday, December 13."]
    assert agenda_rows(desk) == [("call Ann", "2026-12-04 23:59"), ("call Bob", "2026-12-13 23:59")]
