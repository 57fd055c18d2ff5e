"""The pure yes/no rule: an utterance answers a waiting approval only when it is nothing but an answer."""

import pytest

from jarvisd.approval_words import decision


@pytest.mark.parametrize("text", [
    "yes", "Yes.", "Yeah!", "yep", "ok", "Okay.", "OK, go ahead.", "yes please", "Yes, please.", "approve",
    "sure, do it", "Jarvis, yes.", "just do it", "sounds good", "Yes yes.",
    "응", "응.", "네", "네, 좋아요", "그래", "좋아", "그래, 보내 줘", "자비스, 응", "응 해줘", "승인", "네네",
])
def test_yes(text):
    assert decision(text) is True


@pytest.mark.parametrize("text", [
    "no", "No.", "nope", "No, thank you.", "don't", "Don’t.", "No, don't do it.", "cancel", "cancel it",
    "never mind", "deny", "not now",
    "아니", "아니요", "아뇨.", "하지 마", "하지마", "하지 마세요", "취소", "취소해 줘", "안 돼", "아니, 하지 마",
])
def test_no(text):
    assert decision(text) is False


@pytest.mark.parametrize("text", [
    "", "   ", "what time is it", "yes, but send it to Mina instead", "yes no", "좋아 하지 마", "okay cancel",
    "no I meant the other one", "아니 내일 보내", "yesterday", "nowhere", "okay so what's on my agenda",
    "Should I run send mail (to: Sam)?", "응 근데 잠깐만",
])
def test_not_an_answer(text):
    assert decision(text) is None
