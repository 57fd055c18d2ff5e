"""A reminder said or typed as a note ("reminder: call mom at 5pm", "알림 1분 뒤에 빨래 널기"): the sixty-second session's
own probe through `jarvisd chat` had the English go to SmolLM2 and the Korean kept as "알림 빨래 널기" with no reminder
(so nothing was said at its time)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


@pytest.mark.parametrize(("said", "reply", "row"), [
    ("reminder: call mom at 5pm", "I'll remind you: call mom, today at 5 PM.", ("call mom", "2026-12-06 17:00")),
    ("reminder call the vet tomorrow at 9", "I'll remind you: call the vet, tomorrow at 9 AM.",
     ("call the vet", "2026-12-07 09:00")),
    ("Reminder, the dentist at 3", "I'll remind you: the dentist, today at 3 PM.", ("the dentist", "2026-12-06 15:00")),
    ("알림: 3시 회의", "알림 맞춰 둘게요: 회의, 오늘 오후 3시.", ("회의", "2026-12-06 15:00")),
    ("알림 1분 뒤에 빨래 널기", "알림 맞춰 둘게요: 빨래 널기, 오늘 오전 10시 1분.", ("빨래 널기", "2026-12-06 10:01")),
])
def test_a_reminder_noted_is_a_reminder(tmp_path: Path, korean: KoreanAnalyzer, said: str, reply: str,
                                        row: tuple[str, str]) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == [row]
    assert all(loop.remind_ms is not None for loop in desk.service.agenda())


@pytest.mark.parametrize("said", ["reminder was useful", "the reminder was late", "알림 꺼 줘", "알림 몇 개야?"])
def test_talk_about_reminders_is_no_note(tmp_path: Path, korean: KoreanAnalyzer, said: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, said)
    assert agenda_rows(desk) == []
