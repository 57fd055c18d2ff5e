"""Korean said with English words in it ("code-switching"), as a Korean user of a work laptop talks (the sixty-second
session's own probe through `jarvisd chat` on the offline default): each turn below went to SmolLM2, which answered
"아마사용하는 이름에용에용…", "남았어: 새로운 새로운 …" or an English paragraph, and nothing was kept or closed."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.commitments import is_korean
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


def test_an_english_event_noun_with_a_korean_predicate_is_kept(tmp_path: Path, korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    [reply] = said_to(desk, "내일 오후 3시에 standup meeting 있어")
    assert reply == "적어 둘게요: standup meeting, 내일 오후 3시."
    assert agenda_rows(desk) == [("standup meeting", "2026-12-07 15:00")]
    [moved] = said_to(desk, "standup 4시로 바꿔 줘")
    assert "오후 4시" in (moved or "")
    assert agenda_rows(desk) == [("standup meeting", "2026-12-07 16:00")]


def test_an_english_noun_closed_by_a_korean_verb_is_closed_and_answered_in_korean(tmp_path: Path,
                                                                                  korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일까지 project proposal 보내야 돼")
    [reply] = said_to(desk, "proposal 보냈어")
    assert reply == "완료로 표시했어요: project proposal 보내기."
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("asked", ["뭐 남았어", "이제 뭐가 남았지?", "뭐 남아있어", "뭐 남았어요?"])
def test_what_is_left_asked_in_korean_lists_the_agenda(tmp_path: Path, korean: KoreanAnalyzer, asked: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일까지 보고서 보내야 돼")
    [reply] = said_to(desk, asked)
    assert reply == "할 일이 1개 있어요: 보고서 보내기, 다음 주 금요일까지."


def test_a_thing_asked_what_is_left_of_is_not_the_agenda(tmp_path: Path, korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일까지 보고서 보내야 돼")
    assert said_to(desk, "숙제 뭐 남았어") == [None]


def test_the_shopping_list_named_in_english_inside_korean(tmp_path: Path, korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, "shopping list에 우유랑 계란 추가해 줘", "shopping list 보여 줘") == [
        "장보기 목록에 넣었어요: 우유, 계란.", "장보기 목록: 우유, 계란."]


@pytest.mark.parametrize(("sentence", "korean_reading"), [
    ("proposal 보냈어", True),
    ("standup meeting 있어", True),
    ("dentist 예약 취소해 줘", True),
    ("email 민지", False),                      # a name, not a predicate
    ("I need to call 민지", False),             # English grammar
    ("remind me to text 수아 잘 자", False),
    ("report 다 했어", True),
])
def test_english_nouns_before_a_korean_predicate_read_as_korean(korean: KoreanAnalyzer, sentence: str,
                                                                 korean_reading: bool) -> None:
    assert is_korean(sentence, korean) is korean_reading


def test_english_code_switching_keeps_english_replies(tmp_path: Path, korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    [reply] = said_to(desk, "call 민지 at 5pm")
    assert reply == "Got it: call 민지, today at 5 PM."
