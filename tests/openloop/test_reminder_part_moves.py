"""A part of the day said again for a promise due on a day moves its reminder (the sixty-first session): "remind me to
call the plumber tomorrow morning", then "actually make that tomorrow afternoon" was "Call the plumber is already by
tomorrow; nothing changed." with the reminder left at 9 AM. Real desk, real JSONL agenda, Seoul clock."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY_10 = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


def _reminder(desk) -> str:
    (loop,) = desk.service.agenda()
    return datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).strftime("%a %H:%M")


@pytest.mark.parametrize(("first", "then", "reply", "at"), [
    ("remind me to call the plumber tomorrow morning", "actually make that tomorrow afternoon",
     "OK, I'll remind you tomorrow at 2 PM: call the plumber.", "Mon 14:00"),
    ("remind me to call the plumber tomorrow morning", "make it tomorrow evening",
     "OK, I'll remind you tomorrow at 6 PM: call the plumber.", "Mon 18:00"),
    ("내일 아침에 배관공한테 전화하라고 알려줘", "아 내일 오후로 해 줘", "내일 오후 2시에 알려 드릴게요: 배관공한테 전화하기.", "Mon 14:00"),
])
def test_a_part_of_the_day_said_again_moves_the_reminder(tmp_path, korean, first, then, reply, at):
    desk = agenda_desk(tmp_path, korean, SUNDAY_10)
    said_to(desk, first)
    assert said_to(desk, then) == [reply]
    assert _reminder(desk) == at
    assert [due for _, due in agenda_rows(desk, "%a %H:%M")] == ["Mon 23:59"]


def test_guard_the_same_part_said_again_changes_nothing(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, SUNDAY_10)
    said_to(desk, "remind me to call the plumber tomorrow morning")
    assert said_to(desk, "make it tomorrow morning") == ["Call the plumber is already by tomorrow; nothing changed."]
    assert _reminder(desk) == "Mon 09:00"


def test_guard_a_promise_without_a_reminder_keeps_its_day_and_none(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, SUNDAY_10)
    said_to(desk, "I need to call the plumber tomorrow")
    said_to(desk, "actually make that tomorrow afternoon")
    (loop,) = desk.service.agenda()
    assert loop.remind_ms is None or datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).hour != 14
