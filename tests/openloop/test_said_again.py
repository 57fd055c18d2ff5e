"""A promise said again in other words moves the open one instead of keeping a second (found by the forty-third
session): "전화는 다음 주에 할게" kept "전화는 하기" beside "밥한테 전화하기", "I'll call him next week" kept "call
him" beside "call Bob"; in both the call's due stayed. Real agenda service and Kiwi, no model."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("first", "again", "reply", "rows"), [
    ("밥한테 내일 전화해야 해", "전화는 다음 주에 할게", "밥한테 전화하기, 다음 주 일요일까지로 바꿨어요.",
     [("밥한테 전화하기", "2026-12-13 23:59")]),
    ("밥한테 내일 전화해야 해", "밥 전화는 금요일에 할게", "밥한테 전화하기, 이번 주 금요일까지로 바꿨어요.",
     [("밥한테 전화하기", "2026-12-04 23:59")]),
    ("I need to call Bob tomorrow", "I'll call him next week", "Updated: call Bob, now by Sunday, December 13.",
     [("call Bob", "2026-12-13 23:59")]),
    ("I need to call Ann tomorrow", "I'll call her back on Friday", "Updated: call Ann, now by Friday.",
     [("call Ann", "2026-12-04 23:59")]),
])
def test_the_promise_said_again_moves(desk, first, again, reply, rows):
    said_to(desk, first)
    assert said_to(desk, again) == [reply]
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize(("said", "desc"), [
    ("운동은 내일 할게", "운동하기"),
    ("숙제는 내일까지 해야 해", "숙제하기"),
    ("보고서는 내일 제출해야 해", "보고서 제출하기"),
    ("엄마도 데려가야 해", "엄마 데려가기"),
])
def test_a_topic_particle_is_no_part_of_the_promise(desk, said, desc):
    said_to(desk, said)
    assert [row[0] for row in agenda_rows(desk)] == [desc]


def test_guard_her_before_a_noun_is_hers_not_the_open_promise(desk):
    said_to(desk, "I need to call Ann tomorrow", "I need to call her mom")
    assert {row[0] for row in agenda_rows(desk)} == {"call Ann", "call her mom"}


def test_guard_with_two_calls_open_him_is_not_guessed(desk):
    said_to(desk, "I need to call Bob tomorrow", "I need to call Ann tomorrow", "I'll call him on Friday")
    assert ("call Bob", "2026-12-02 23:59") in agenda_rows(desk) and ("call Ann", "2026-12-02 23:59") in agenda_rows(desk)
