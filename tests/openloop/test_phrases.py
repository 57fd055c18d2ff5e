"""What the agenda says back: dues as people say them, "your" for the user's "my", short lists."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.phrases import agenda_list, confirm_opened, second_person, spoken_due

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)  # Tuesday


def ms(*args: int) -> int:
    return int(datetime(*args, tzinfo=ZONE).timestamp() * 1000)


@pytest.mark.parametrize("due, lang, said", [
    (ms(2026, 12, 2, 15, 0), "en", "tomorrow at 3 PM"),
    (ms(2026, 12, 1, 20, 30), "en", "tonight at 8:30 PM"),
    (ms(2026, 12, 3, 12, 0), "en", "Thursday at noon"),
    (ms(2026, 12, 6, 23, 59), "en", "by Sunday"),
    (ms(2026, 12, 1, 23, 59), "en", "by the end of today"),
    (ms(2026, 12, 14, 23, 59), "en", "by Monday, December 14"),
    (ms(2027, 1, 3, 9, 0), "en", "Sunday, January 3, 2027 at 9 AM"),
    (ms(2026, 12, 4, 10, 0), "ko", "이번 주 금요일 오전 10시"),
    (ms(2026, 12, 9, 23, 59), "ko", "다음 주 수요일까지"),
    (ms(2026, 12, 1, 22, 0), "ko", "오늘 밤 10시"),
    (ms(2026, 12, 3, 12, 0), "ko", "모레 정오"),
    (ms(2026, 12, 4, 12, 0), "ko", "이번 주 금요일 정오"),
])
def test_a_due_is_said_as_a_person_says_it(due, lang, said):
    assert spoken_due(due, NOW, ZONE, lang) == said


def test_the_users_my_is_said_back_as_your():
    assert second_person("take my medicine and call my mom") == "take your medicine and call your mom"


def loop(desc: str, due: int | None = None) -> OpenLoop:
    return OpenLoop(id=desc, desc=desc, status=LoopStatus.OPEN, created_ms=0, updated_ms=0, due_ms=due)


def test_a_confirmation_is_one_sentence_with_the_time():
    assert confirm_opened(loop("send the report", ms(2026, 12, 2, 15, 0)), NOW, ZONE, "en") == \
        "Got it: send the report, tomorrow at 3 PM."


def test_a_long_agenda_names_five_and_counts_the_rest():
    loops = [loop(f"task {n}") for n in range(7)]
    said = agenda_list(loops, NOW, ZONE, "en")
    assert said.startswith("You have 7 things on your agenda: task 0;") and said.endswith("; and 2 more. Say \"what else?\" to hear them.")
    assert "task 5" not in said


def test_an_empty_agenda_in_both_languages():
    assert agenda_list([], NOW, ZONE, "en") == "Your agenda is clear."
    assert agenda_list([], NOW, ZONE, "ko", "today") == "오늘까지 할 일은 없어요."
