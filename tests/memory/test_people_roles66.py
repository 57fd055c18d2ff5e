"""Who someone is to the user, told in Korean (the sixty-sixth session's four weeks: "민호는 같은 지역 라이더야" said back
by SmolLM2, "김 과장님은 싱가포르 지사 담당이야" answered with an English apology, nothing kept, and "민호 뭐하는
사람이었지?" then quoted whatever was said of 민호). Kept as told and said back; no model called."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import fact_asked
from jarvisd.memory.remember_asked import remember_said
from tests.assistants import answers_to


@pytest.mark.parametrize(("told", "asked", "answer"), [
    ("민호는 같은 지역 라이더야", "민호 뭐하는 사람이었지?", "민호는 같은 지역 라이더라고 하셨어요."),
    ("지민이는 우리 애 같은 반 친구야", "지민이 누구더라?", "지민이는 우리 애 같은 반 친구라고 하셨어요."),
    ("김 과장님은 싱가포르 지사 담당이야", "김 과장님 어디 담당이었지?", "김 과장님은 싱가포르 지사 담당이라고 하셨어요."),
    # held out
    ("수진이는 회사 동기야", "수진이 누구야?", "수진이는 회사 동기라고 하셨어요."),
    ("박 부장님은 거래처 담당이에요", "박 부장님 누구였지?", "박 부장님은 거래처 담당이라고 하셨어요."),
])
async def test_who_someone_is_is_kept_and_said_back(tmp_path, told, asked, answer):
    said, calls = await answers_to(tmp_path, told, asked)
    assert said[0].endswith("기억해 둘게요.")
    assert said[1] == answer and calls == []


@pytest.mark.parametrize("said", ["이건 내 친구야", "오늘은 월요일이야", "그건 내 담당이야", "민호 친구야?",
                                  "민호는 친구랑 놀러 갔어", "내일은 동기 모임이야"])
def test_guard_talk_and_questions_keep_no_role(said):
    assert remember_said(said) is None


@pytest.mark.parametrize("said", ["그거 누구야?", "이거 뭐하는 거야?", "오늘 뭐 하는 날이야?"])
def test_guard_no_one_is_asked(said):
    asked = fact_asked(said)
    assert asked is None or asked.words not in ("그거", "이거", "오늘")
