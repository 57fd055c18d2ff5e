"""Korean facts asked back and Korean small talk, the sixty-second session's three Korean days through `jarvisd chat`
on the offline default (SmolLM2-135M): a doctor's order asked back by who said it (the sixty-first session's low),
feeling better and a glad day told. Real assistant, memory and agenda; the chat model scripted (never asked)."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import fact_asked
from tests.assistants import answers_to
from tests.timing import assert_grows_linearly

SAYS = "의사가 뭐라고 했지는 일보에 무abe"   # what SmolLM2 said (never asked here)


@pytest.mark.parametrize("asked", ["의사가 뭐라고 했지?", "의사 선생님이 뭐라셨지?", "의사가 뭐래?"])
async def test_a_doctors_order_is_asked_back_by_who_said_it(tmp_path, asked):
    """Before: "의사가 뭐라고 했지?" went to SmolLM2 ("의사가 뭐라고 했지는 일보에 무abe"): no key noun was read."""
    assert await answers_to(tmp_path, "의사가 일주일 동안 야간 근무 하지 말래", asked, says=SAYS) == (
        ["의사가 일주일 동안 야간 근무 하지 말라고 했다고 기억해 둘게요.",
         "의사가 일주일 동안 야간 근무 하지 말라고 했다고 하셨어요."], [])


async def test_a_doctors_order_never_told_is_said_so(tmp_path):
    assert await answers_to(tmp_path, "의사가 뭐라고 했지?", says=SAYS) == (
        ["그건 아직 말해 주신 적이 없어요. 알려 주시면 기억해 둘게요."], [])


@pytest.mark.parametrize(("said", "reply"), [
    # before: "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요." (read as a deed done)
    ("다리가 많이 나아졌어요", "다행이에요. 그래도 무리하지 마세요."),
    ("기침이 이제 좀 나아졌어", "다행이에요. 그래도 무리하지 마세요."),
    ("애들이 오늘 너무 신났어요", "즐거운 하루였네요."),
    ("오늘 진짜 재밌었어", "즐거운 하루였네요."),
])
async def test_feeling_better_or_a_glad_day_is_small_talk(tmp_path, said, reply):
    assert await answers_to(tmp_path, said, says=SAYS) == ([reply], [])


@pytest.mark.parametrize("said", ["의사가 뭐라고 했는지 알아봐 줘", "뭐라고 했지?"])
def test_guard_no_one_named_or_an_errand_is_no_order_asked(said):
    asked = fact_asked(said)
    assert asked is None or "의사" not in asked.words


def test_the_new_question_grows_linearly_with_the_words():
    assert_grows_linearly(fact_asked, lambda n: "의사" + " 선생님" * n + "이 뭐라고 했지?", 2000)


def test_the_new_small_talk_grows_linearly_with_the_words():
    from jarvisd.small_talk import owed_answer

    assert_grows_linearly(lambda said: owed_answer(said, small_model=True), lambda n: "애들이 " + "너무 " * n + "신났어요", 2000)


async def test_a_nurses_shifts_are_kept_as_told_and_asked_back_by_the_day_off(tmp_path):
    """Before: "월요일부터 목요일까지 나이트야" was "그렇군요." (SmolLM2), "토요일 근무 지수랑 바꿨어" asked "'출근 전에
    약국 들르기' 말씀이세요?" (a swap read as a deed done), and "다음 휴무 언제지?" went to SmolLM2 ("만둡, 어먀마에게
    어따로 …"). Which day is free is the user's to read from the shifts said back."""
    assert await answers_to(tmp_path, "월요일부터 목요일까지 나이트야", "출근 전에 약국 들르기", "토요일 근무 지수랑 바꿨어",
                            "다음 휴무 언제지?", says=SAYS) == (
        ["월요일부터 목요일까지 나이트 근무라고 기억해 둘게요.", "적어 둘게요: 출근 전에 약국 들르기.",
         "토요일 근무 지수랑 바꿨다고 기억해 둘게요.",
         "기억하고 있는 건: 토요일 근무 지수랑 바꿨어; 월요일부터 목요일까지 나이트 근무야."], [])


@pytest.mark.parametrize("said", ["이번 주는 데이야", "다음 주 화요일 당직이야"])
def test_more_shifts_are_facts_told(said):
    from jarvisd.memory.remember_asked import told_fact

    assert told_fact(said) is not None


@pytest.mark.parametrize("said", ["월요일에 회의야", "토요일 타이어 새 걸로 바꿨어", "나이트 크림 샀어"])
def test_guard_a_meeting_or_a_deed_is_no_shift_told(said):
    from jarvisd.memory.remember_asked import told_fact

    told = told_fact(said)
    assert told is None or "근무" not in told


def test_the_shift_readings_grow_linearly_with_the_words():
    from jarvisd.memory.remember_asked import told_fact

    assert_grows_linearly(told_fact, lambda n: "월요일부터 " + "목요일 " * n + "나이트야", 2000)
    assert_grows_linearly(fact_asked, lambda n: "다음 " + "휴무 " * n + "언제지?", 2000)
