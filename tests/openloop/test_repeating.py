"""A repeating promise ("every Tuesday", "매주 화요일마다") is kept once, and the reply says so (found by the
forty-third session: the reply said nothing of the weeks after, and the Korean one was named "매주 마다 쓰레기
버리기"). Real agenda service and Kiwi, no model."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("said", "reply", "rows"), [
    ("Can you remind me to take out the trash every Tuesday?",
     "I'll remind you: take out the trash, by Tuesday, December 8. That's once: I can't repeat a reminder yet.",
     [("take out the trash", "2026-12-08 23:59")]),
    ("매주 화요일마다 쓰레기 버리라고 알려줘",
     "알림 맞춰 둘게요: 쓰레기 버리기, 다음 주 화요일까지. 한 번만 적어 뒀어요. 반복 알림은 아직 못 해요.",
     [("쓰레기 버리기", "2026-12-08 23:59")]),
    ("매일 아침 7시에 약 먹어야 해", "적어 둘게요: 약 먹기, 내일 오전 7시. 한 번만 적어 뒀어요. 반복 알림은 아직 못 해요.",
     [("약 먹기", "2026-12-02 07:00")]),
])
def test_a_repeating_promise_is_kept_once_and_said_so(desk, said, reply, rows):
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == rows


def test_guard_a_promise_said_once_says_nothing_of_repeats(desk):
    assert said_to(desk, "I need to call Bob tomorrow") == ["Got it: call Bob, by tomorrow."]
