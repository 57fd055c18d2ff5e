"""Korean facts told and asked back, and Korean small talk, the sixty-first session's three Korean days through
`jarvisd chat` on the offline default (SmolLM2-135M): a student's number, a blood type asked back with "뭐라고
했지", a club's head count, who brings the snacks, a doctor's order and feeling better. Real assistant, memory and
agenda; the chat model scripted (never asked)."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import fact_asked
from jarvisd.memory.remember_asked import told_fact
from tests.assistants import answers_to
from tests.timing import assert_grows_linearly

SAYS = "내 혈액형 무abe."   # what the scripted SmolLM2 would say (never asked)


@pytest.mark.parametrize(("told", "kept", "asked", "said"), [
    # before: an empty reply, nothing kept; then "그건 아직 말해 주신 적이 없어요."
    ("내 학번은 20231234야", "학번은 20231234라고 기억해 둘게요.", "내 학번 뭐였지?", "학번은 20231234라고 하셨어요."),
    # before: kept, and asked back with "뭐라고 했지" to SmolLM2 ("내 혈액형 무abe.")
    ("제 혈액형은 A형이에요", "혈액형은 A형이라고 기억해 둘게요.", "내 혈액형 뭐라고 했지?", "혈액형은 A형이라고 하셨어요."),
    # before: "I'm glad to hear that you're enjoying your new friends.", then "회원 명: 제목"
    ("우리 동호회 회원은 스물세 명이야", "우리 동호회 회원은 스물세 명이라고 기억해 둘게요.", "회원 몇 명이라고 했지?",
     "우리 동호회 회원은 스물세 명이라고 하셨어요."),
    ("우리 반은 28명이야", "우리 반은 28명이라고 기억해 둘게요.", "우리 반 몇 명이었지?", "우리 반은 28명이라고 하셨어요."),
    # before: "민수가 미만 있어도론에세우.", then "누가 있어욀마면 에따면에운가면…"
    ("간식은 민수가 가져오기로 했어", "간식은 민수가 가져오기로 했다고 기억해 둘게요.", "간식 누가 가져오기로 했지?",
     "간식은 민수가 가져오기로 했다고 하셨어요."),
])
async def test_a_number_a_count_or_who_brings_what_is_kept_and_asked_back(tmp_path, told, kept, asked, said):
    assert await answers_to(tmp_path, told, asked, says=SAYS) == ([kept, said], [])


async def test_a_doctors_order_is_kept_as_told(tmp_path):
    """Before: "의사가 3주 동안 무거운 거 들지 말래" went to SmolLM2, which said it back ("직사가 3주 동안 …")."""
    assert await answers_to(tmp_path, "의사가 3주 동안 무거운 거 들지 말래", says=SAYS) == (
        ["의사가 3주 동안 무거운 거 들지 말라고 했다고 기억해 둘게요."], [])


@pytest.mark.parametrize("said", ["케이크는 내가 사기로 했어", "몇 명이야?", "우리 반은 몇 명이야?", "사과 몇 개 사야 돼?",
                                  "간식은 뭐 먹을까?"])
def test_guard_ones_own_promise_or_a_question_is_no_fact_told(said):
    assert told_fact(said) is None


@pytest.mark.parametrize("said", ["사과 몇 개 사야 돼?", "몇 명 와?", "누가 올까?"])
def test_guard_a_count_or_who_asked_of_no_telling_is_no_fact_asked(said):
    assert fact_asked(said) is None


@pytest.mark.parametrize(("said", "reply"), [
    ("오늘은 좀 덜 아프네", "다행이에요. 그래도 무리하지 마세요."),   # before: "그렇군요." (SmolLM2)
    ("이제 좀 괜찮아졌어", "다행이에요. 그래도 무리하지 마세요."),
])
async def test_feeling_better_is_small_talk(tmp_path, said, reply):
    assert await answers_to(tmp_path, said, says=SAYS) == ([reply], [])


@pytest.mark.parametrize("said", ["덜 아프네?", "날씨가 나아졌어", "내일 3시 병원 가"])
def test_guard_a_question_or_the_weather_is_not_feeling_better(said):
    from jarvisd.small_talk import owed_answer
    assert owed_answer(said) is None


@pytest.mark.parametrize(("work", "make"), [
    (told_fact, lambda k: "간식은 " + "민수 " * k + "가져오기로 했어?"),
    (told_fact, lambda k: "의사가 " + "무거운 " * k + "거 들지 말래?"),
    (told_fact, lambda k: "우리 " + "동호회 " * k + "회원은 스물세 명?"),
    (fact_asked, lambda k: "회원 " * k + "몇 명이라고 했어?"),
])
def test_the_new_readers_grow_linearly_in_a_long_turn(work, make):
    assert_grows_linearly(work, make, 4000)


def test_the_better_reader_grows_linearly_in_a_long_turn():
    from jarvisd.small_talk import owed_answer
    assert_grows_linearly(owed_answer, lambda k: "오늘은 " + "좀 " * k + "덜 아프네?", 4000)
