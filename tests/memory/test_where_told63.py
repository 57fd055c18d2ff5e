"""A thing's place told with its participle ("my car is parked on level 3, spot B12"): the sixty-third session's offline
days heard SmolLM2's "Sorry, I don't have an answer to that." and nothing kept as a fact."""

from __future__ import annotations

import pytest

from jarvisd.memory.remember_asked import told_where
from tests.assistants import scripted_assistant


@pytest.mark.parametrize(("said", "fact"), [
    ("my car is parked on level 3, spot B12", "my car is parked on level 3, spot B12"),
    ("by the way the spare key is hidden under the mat", "the spare key is hidden under the mat"),
    ("our bikes are locked up behind the library", "our bikes are locked up behind the library"),
    ("my meeting is at 3pm tomorrow", None), ("my car is parked", None), ("the car is fine", None),
])
def test_a_place_told_with_its_participle_is_a_where_fact(said, fact):
    assert told_where(said) == fact


async def test_the_car_parked_is_kept_and_said_back(tmp_path):
    assistant, chat = scripted_assistant(tmp_path, says="Sorry, I don't have an answer to that.", user="alice")
    try:
        kept = await assistant.answer("my car is parked on level 3, spot B12", session="s")
        asked = await assistant.answer("where is my car?", session="s")
    finally:
        await assistant.close()
    assert kept == "Remembered: my car is parked on level 3, spot B12"
    assert "level 3, spot B12" in asked and chat.calls == []
