"""Arithmetic asked aloud (`jarvisd/arithmetic.py`; found by the forty-fifth session: on the offline default SmolLM2
answered "what's 15 times 23" with "15 * 23 = 315" and "what's the square root of 144" with "approximately 14.4")."""

from __future__ import annotations

import pytest

from jarvisd.arithmetic import answer
from tests.assistants import scripted_assistant


@pytest.mark.parametrize(("said", "reply"), [
    ("what's 15 times 23", "15 times 23 is 345."), ("What is 15 x 23?", "15 times 23 is 345."),
    ("what is 20 percent of 80", "20 percent of 80 is 16."), ("What's 15% of 200?", "15% of 200 is 30."),
    ("what's the square root of 144", "The square root of 144 is 12."),
    ("What's the square root on 144?", "The square root of 144 is 12."),   # Whisper's "on": SmolLM2 said 24
    ("what is the square root of 2", "The square root of 2 is 1.4142."),
    ("100 divided by 7", "100 divided by 7 is 14.2857."), ("3 squared", "3 squared is 9."),
    ("what is 2 plus 3 times 4", "2 plus 3 times 4 is 14."), ("what is 10 minus 3 minus 2", "10 minus 3 minus 2 is 5."),
    ("what is 7 minus 10", "7 minus 10 is -3."), ("what is six times two", "Six times two is 12."),
    ("how much is 1,000 times 1,000?", "1,000 times 1,000 is 1,000,000."),
    ("what is 2 to the power of 10", "2 to the power of 10 is 1024."),
    ("what is 2 to the power of 1000", "That number is too large to say."),
    ("what is 5 divided by 0", "You can't divide by zero."),
    ("what is 1 divided by 3000000", "1 divided by 3000000 is 3.333 times 10 to the power of -7."),   # not "is 0"
    ("was 15 times 23", "15 times 23 is 345."), ("What 7 times 8?", "7 times 8 is 56."), ("What? 12 times 7?", "12 times 7 is 84."),
    ("but 12 times 7.", "12 times 7 is 84."),   # daemon run 75: Whisper, and SmolLM2 then said "12 x 7 = 72"
    ("what's fifteen times twenty three", "Fifteen times twenty three is 345."),   # Whisper's "What's" in daemon run 63
    ("15 곱하기 23은?", "15 곱하기 23은 345예요."), ("80의 20퍼센트는 얼마야", "80의 20퍼센트는 16이에요."),
    # the particles follow the sound: 근 is closed ("제곱근는" before), 구 (9) is open ("9이에요" before)
    ("144의 제곱근은?", "144의 제곱근은 12예요."), ("3 더하기 6은?", "3 더하기 6은 9예요."),
    ("81의 제곱근은 뭐야", "81의 제곱근은 9예요."),
])
def test_a_sum_asked_is_worked_out(said, reply):
    assert answer(said) == reply


@pytest.mark.parametrize("said", [
    "remind me to buy 2 plus 2 bags", "what is 3 and 4", "what is 7", "what time is it", "call Bob at 3",
    "I need 2 plus 2", "what day is 3 x 4", "where is 3 plus 4", "what is the time plus 3", "set a timer for 5 minutes",
    "my locker code is 4512", "what is my gym code",
])
def test_guard_anything_else_is_no_sum(said):
    assert answer(said) is None


async def test_the_assistant_works_a_sum_out_without_its_model(tmp_path):
    assistant, chat = scripted_assistant(tmp_path, says="15 * 23 = 315")
    try:
        assert await assistant.answer("what's 15 times 23?", session="s") == "15 times 23 is 345."
        assert chat.calls == []
    finally:
        await assistant.close()


def test_a_phones_apostrophe_is_read_as_a_sum():
    """Pass 46's low: "what’s 2 plus 2?" (U+2019) went to the model."""
    assert answer("what\u2019s 2 plus 2?") == "2 plus 2 is 4."


@pytest.mark.parametrize(("said", "reply"), [
    ("what's a 20 percent tip on 45 dollars?", "A 20 percent tip on 45 dollars is 9."),
    ("what is a 15% tip on $80", "A 15% tip on $80 is 12."),
    ("what's 18 percent tip on 62.50", "18 percent tip on 62.50 is 11.25."),
])
def test_a_tip_is_a_percent_of_the_bill(said, reply):
    """The forty-seventh session: SmolLM2 said "A 20% tip on 45 dollars is 0.2 * 45 = 10.25 dollars."."""
    assert answer(said) == reply
