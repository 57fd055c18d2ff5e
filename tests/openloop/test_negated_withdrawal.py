"""A withdrawal said not to happen keeps the promise (found by the forty-second session): "don't cancel the call to
Bob" and "밥 전화는 취소하지 마" cancelled the call at once, "I won't cancel the dentist" read as a withdrawal of a
promise named "cancel the dentist". Real agenda service on a JSONL file, real Korean analyzer, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.commitments import read_utterance
from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize("text", [
    "don't cancel the call to Bob", "please do not delete the call to Bob", "I won't cancel the call to Bob",
    "we shouldn't cancel the call to Bob", "I'm not cancelling the call to Bob", "don't forget about the call to Bob",
    "never remove the call to Bob from my list",
])
def test_an_english_withdrawal_said_not_to_happen_keeps_the_promise(desk, text):
    desk.handle("I need to call Bob tomorrow", "s")
    desk.handle("I need to email Ann on Friday", "s")
    desk.handle(text, "s")
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["call Bob", "email Ann"]


@pytest.mark.parametrize("text", ["밥 전화는 취소하지 마", "밥 전화 지우지 마", "밥 전화 취소 안 해", "밥 전화는 빼면 안 돼"])
def test_a_korean_withdrawal_said_not_to_happen_keeps_the_promise(desk, text):
    desk.handle("내일 밥한테 전화해야 해", "s")
    desk.handle("금요일에 앤한테 이메일 보내야 해", "s")
    desk.handle(text, "s")
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["밥한테 전화하기", "앤한테 이메일 보내기"]


@pytest.mark.parametrize(("text", "kept"), [
    ("cancel the call to Bob", ["email Ann"]), ("forget about the call to Bob", ["email Ann"]),
    ("밥 전화 취소해줘", ["앤한테 이메일 보내기"]),
])
def test_guard_the_withdrawal_itself_still_cancels(desk, text, kept):
    korean = not text.isascii()
    desk.handle("내일 밥한테 전화해야 해" if korean else "I need to call Bob tomorrow", "s")
    desk.handle("금요일에 앤한테 이메일 보내야 해" if korean else "I need to email Ann on Friday", "s")
    desk.handle(text, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == kept


def test_guard_a_promise_not_to_go_is_still_a_withdrawal(korean):
    assert [c.status for c in read_utterance("I won't go to the dentist", korean).closures] == ["dismissed"]
