"""Pass 63: a third adversarial pass on the sixty-second session's additions (issue 18). Each test failed on the code
before its fix (docs/reliability.md, "Pass 63")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


@pytest.mark.parametrize("said", ["알림 - 5분 뒤에 빨래", "알림 -5분 뒤에 빨래", "알림 – 5분 뒤에 빨래"])
def test_a_korean_reminder_note_with_a_dash_keeps_the_dash_out_of_the_thing(tmp_path: Path, korean: KoreanAnalyzer,
                                                                          said: str) -> None:
    """"알림 -5분 뒤에 빨래" kept "- 빨래" (the English note reads a dash as its separator, the Korean did not)."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, said) == ["알림 맞춰 둘게요: 빨래, 오늘 오전 10시 5분."]
    assert agenda_rows(desk) == [("빨래", "2026-12-06 10:05")]
