"""focus72: a thing's code asked of a fact told of the thing ("my bike lock is 9912", then "what's my bike lock code?").

Lived offline: after "/remember my bike lock is 9912", "what is my bike lock code?" answered "You haven't told me about
your bike lock code." (the fact holds no word "code"), while "what's my bike lock" answered it.
"""

from __future__ import annotations

import pytest

from tests.assistants import answers_to


@pytest.mark.parametrize("asked", ["what is my bike lock code?", "what's the combination for my bike lock",
                                   "whats my bike lock combo"])
async def test_a_things_code_is_answered_by_the_number_told_of_the_thing(tmp_path, asked):
    replies, _ = await answers_to(tmp_path, "/remember my bike lock is 9912", asked)
    assert replies == ["Remembered: my bike lock is 9912", "You told me your bike lock is 9912."]


async def test_held_out_a_pin_of_the_storage_unit(tmp_path):
    replies, _ = await answers_to(tmp_path, "/remember my storage unit is 4471", "what's the pin for my storage unit")
    assert replies[1] == "You told me your storage unit is 4471."


async def test_guard_a_fact_of_the_thing_without_a_number_is_no_code(tmp_path):
    replies, _ = await answers_to(tmp_path, "/remember my bike lock is blue", "what's my bike lock code?")
    assert "blue" not in replies[1]


async def test_guard_another_things_code_is_not_said(tmp_path):
    replies, _ = await answers_to(tmp_path, "/remember my bike lock is 9912", "what's my locker code?")
    assert "9912" not in replies[1]
