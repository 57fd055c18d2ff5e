"""A trip said in the simple present ("we leave for Jeju on the 20th and come back on the 27th"): the sixty-second
session's own probe had SmolLM2 answer "(2026-12-06)" and nothing kept, while "we're leaving for Jeju on the 20th" was."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


@pytest.mark.parametrize(("said", "rows"), [
    ("we leave for Jeju on the 20th and come back on the 27th",
     [("come back from Jeju", "2026-12-27 23:59"), ("leave for Jeju", "2026-12-20 23:59")]),
    ("I leave for Seoul tomorrow at 9", [("leave for Seoul", "2026-12-07 09:00")]),
    ("I fly to Denver friday at 6:40am", [("fly to Denver", "2026-12-11 06:40")]),
    ("we drive to my parents on saturday", [("drive to my parents", "2026-12-12 23:59")]),
    ("we go to Busan next friday", [("go to Busan", "2026-12-11 23:59")]),
])
def test_a_trip_said_with_its_day_is_kept(tmp_path: Path, korean: KoreanAnalyzer, said: str,
                                          rows: list[tuple[str, str]]) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    [reply] = said_to(desk, said)
    assert reply is not None and reply.startswith("Got it:"), reply
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("said", ["I drive to work", "we go to Busan a lot", "I usually fly to Denver for work"])
def test_a_trip_with_no_day_is_talk(tmp_path: Path, korean: KoreanAnalyzer, said: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, said)
    assert agenda_rows(desk) == []


def test_a_long_trip_sentence_is_read_in_linear_time() -> None:
    from jarvisd.openloop.commitments import read_utterance
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(read_utterance, lambda n: "we " + "both " * n + "leave for Jeju on the 20th", 2000)
