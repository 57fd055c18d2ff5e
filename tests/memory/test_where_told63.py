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


async def test_what_to_avoid_eating_is_answered_from_the_allergy_told(tmp_path):
    """"What should I avoid eating?", "can I eat shrimp?" with "I'm allergic to shellfish" kept: SmolLM2 had said
    "Unpasteurized milk is a major allergen …" and "shrimp are not edible"."""
    assistant, chat = scripted_assistant(tmp_path, says="Shrimp are not edible.", user="alice")
    try:
        before = await assistant.answer("what should I avoid eating?", session="s")
        world = await assistant.answer("can I eat raw eggs?", session="s")   # nothing told: the world's question
        await assistant.answer("I'm allergic to shellfish", session="s")
        asked = [await assistant.answer(q, session="s") for q in
                 ("what should I avoid eating?", "can I eat shrimp?", "what can't I eat?")]
    finally:
        await assistant.close()
    assert before == "You haven't told me what you're allergic to. Tell me, and I'll remember it."
    assert world == "Shrimp are not edible."
    assert asked == ["You told me you're allergic to shellfish."] * 3
