"""Units converted aloud (`jarvisd/units.py`; found by the forty-fifth session: on the offline default SmolLM2
answered "what's 5 miles in kilometers" with "1.5 miles")."""

from __future__ import annotations

import pytest

from jarvisd.units import answer
from tests.assistants import scripted_assistant


@pytest.mark.parametrize(("said", "reply"), [
    ("what's 5 miles in kilometers", "5 miles is 8.05 kilometers."),
    ("convert 70 fahrenheit to celsius", "70 degrees Fahrenheit is 21.11 degrees Celsius."),
    ("what is 100 degrees celsius in fahrenheit", "100 degrees Celsius is 212 degrees Fahrenheit."),
    ("how many ounces in a pound?", "1 pound is 16 ounces."), ("how many feet in a mile", "1 mile is 5,280 feet."),
    ("how many teaspoons in a tablespoon", "1 tablespoon is 3 teaspoons."),
    ("convert 2 cups to ml", "2 cups is 473.2 milliliters."), ("what is 6 feet in cm", "6 feet is 182.9 centimeters."),
    ("what is 3 fluid ounces in ml", "3 fluid ounces is 88.72 milliliters."),
    ("what is 0.5 inches in mm", "0.5 inches is 12.7 millimeters."),
])
def test_a_conversion_asked_is_worked_out(said, reply):
    assert answer(said) == reply


@pytest.mark.parametrize("said", ["what is 5 apples in oranges", "what is 5 miles in kilograms", "how many people in a car",
                                  "remind me in 5 minutes to call Bob", "what is 5 miles in miles"])
def test_guard_anything_else_is_no_conversion(said):
    assert answer(said) is None


async def test_the_assistant_converts_without_its_model(tmp_path):
    assistant, chat = scripted_assistant(tmp_path, says="1.5 miles")
    try:
        assert await assistant.answer("What's 5 miles in kilometers?", session="s") == "5 miles is 8.05 kilometers."
        assert chat.calls == []
    finally:
        await assistant.close()


@pytest.mark.parametrize(("said", "reply"), [
    ("how many minutes in a day?", "1 day is 1,440 minutes."), ("how many seconds in an hour", "1 hour is 3,600 seconds."),
    ("how many hours in a week", "1 week is 168 hours."), ("convert 90 minutes to hours", "90 minutes is 1.5 hours."),
    ("what is 3 days in hours", "3 days is 72 hours."),
    ("How many minutes is it a day?", "1 day is 1,440 minutes."),   # Whisper's hearing, daemon run 68
])
def test_time_units_are_converted(said, reply):
    """The forty-seventh session: "how many minutes in a day?" was answered by SmolLM2 with "24 * 8 = 192 minutes"."""
    assert answer(said) == reply


def test_guard_months_and_years_are_no_fixed_unit():
    assert answer("how many days in a month") is None and answer("how many days in a year") is None


@pytest.mark.parametrize(("said", "reply"), [
    ("5킬로미터는 몇 마일이야?", "5킬로미터는 3.11마일이에요."), ("1파운드는 몇 그램이야?", "1파운드는 453.6그램이에요."),
    ("하루는 몇 분이야?", "하루는 1,440분이에요."), ("3시간은 몇 분이야", "3시간은 180분이에요."),
    ("화씨 100도는 섭씨 몇 도야?", "화씨 100도는 섭씨 37.78도예요."), ("5킬로는 몇 파운드야", "5킬로그램은 11.02파운드예요."),
])
def test_korean_a_conversion_asked_is_worked_out(said, reply):
    """The forty-seventh session: SmolLM2 answered "5킬로미터는 몇 마일이야?" with "1. 5킬로미터는 몇마일이야? 2."."""
    assert answer(said) == reply


@pytest.mark.parametrize("said", ["사과 5개는 몇 개야", "내일 몇 시야", "5킬로미터는 몇 그램이야", "지금 몇 분이야"])
def test_guard_korean_anything_else_is_no_conversion(said):
    assert answer(said) is None
