"""Korean small talk and a fact told, the sixty-third session's four Korean days through `jarvisd chat` on the offline
default (SmolLM2-135M): what SmolLM2 answered is in each test's comment. Real assistant, memory and agenda; the chat
model scripted (never asked)."""

from __future__ import annotations

import pytest

from jarvisd.small_talk import owed_answer
from tests.assistants import answers_to

SAYS = "참똑하네."   # what SmolLM2 said to "고마워요 참 똑똑하네" (never asked here)


@pytest.mark.parametrize(("said", "reply"), [
    # SmolLM2: "안녕하세요 오늘 좀 적어둘 않아 안녕하세요."
    ("안녕하세요 오늘 좀 적어 둘 게 있어요", "네, 말씀하세요."),
    ("자비스야 부탁할 게 있어", "네, 말씀하세요."),
    # "죄송해요, 그건 답을 모르겠어요."
    ("시험 잘 볼 수 있을까", "그럼요, 준비하신 만큼 잘될 거예요. 힘내세요."),
    ("내일 면접 잘 될까요?", "그럼요, 준비하신 만큼 잘될 거예요. 힘내세요."),
    # SmolLM2: "참똑하네."
    ("고마워요 참 똑똑하네", "천만에요."),
    # SmolLM2: "I'm here to help you with whatever you're struggling with. …"
    ("이사 가기 싫다 ㅠ", "그럴 때 있죠. 하나씩 같이 챙겨 봐요."),
    ("아 진짜 청소하기 싫어 ㅠㅠ", "그럴 때 있죠. 하나씩 같이 챙겨 봐요."),
])
async def test_korean_small_talk_of_the_four_days_is_answered_without_the_model(tmp_path, said, reply):
    assert await answers_to(tmp_path, said, says=SAYS) == ([reply], [])


@pytest.mark.parametrize(("said", "reply"), [
    # ㅠ and ㅜ are read as the jamo ᅲ / ᅮ (NFKC), so a sigh after was never matched
    ("이사 준비 너무 힘들다 ㅠㅠ", "오늘 고생 많으셨어요. 푹 쉬세요."),
    ("오늘 진짜 피곤해 ㅜㅜ", "오늘 고생 많으셨어요. 푹 쉬세요."),
    ("애가 아파서 걱정이야 ㅠㅠ", "걱정되시겠어요. 좋아지길 바랄게요."),
])
def test_a_sigh_typed_after_tiredness_or_a_worry_is_still_answered(said, reply):
    assert owed_answer(said, small_model=True) == reply


@pytest.mark.parametrize("said", ["내일까지 보고서 써야 하는데 하기 싫다고 말할까?", "적어 둘 게 뭐 있어?", "시험 언제야?",
                                  "고마워요 근데 내일 뭐 있어?"])
def test_guard_a_question_or_the_agenda_is_no_small_talk(said):
    assert owed_answer(said, small_model=True) is None


async def test_a_birthday_told_with_i_ga_is_kept_and_asked_back(tmp_path):
    """Before: "우리 손주 생일이 12월 19일이에요" was "그렇군요." (SmolLM2), nothing kept, and "손주 생일이 언제라고
    했죠?" said the sentence back ("오늘 “…”라고 하셨어요.")."""
    assert await answers_to(tmp_path, "우리 손주 생일이 12월 19일이에요", "손주 생일이 언제라고 했죠?", says=SAYS) == (
        ["우리 손주 생일은 12월 19일이라고 기억해 둘게요.", "우리 손주 생일은 12월 19일이라고 하셨어요."], [])


@pytest.mark.parametrize("said", ["이름이 뭐야", "생일이 언제야?", "비밀번호가 기억이 안 나"])
def test_guard_a_subject_with_no_value_in_digits_is_no_fact(said):
    from jarvisd.memory.remember_asked import told_fact

    assert told_fact(said) is None

