"""A fact told by voice on voice66's spoken day: "My parking spot is number 42." (heard right by Whisper base) was
kept nowhere: "parking spot" was no fact's key, so it went to SmolLM2, whose condolence the guard dropped ("Sorry, I
didn't catch that."). Real assistant, memory and agenda; the chat model scripted (never asked)."""

from __future__ import annotations

import pytest

from jarvisd.memory.remember_asked import remember_said
from tests.assistants import scripted_assistant


@pytest.mark.parametrize(("told", "asked", "value"), [
    ("My parking spot is number 42.", "What's my parking spot?", "42"),
    ("My parking space is B12.", "Where is my parking space?", "B12"),          # held out
    ("our parking level is P3", "what's our parking level?", "P3"),             # held out
])
async def test_a_parking_spot_told_is_kept_and_said_back(tmp_path, told, asked, value):
    assistant, chat = scripted_assistant(tmp_path, "embedded:smollm2-135m", says="I'm sorry for your loss.")
    try:
        kept = await assistant.answer(told, session="s")
        assert value in kept and "sorry" not in kept.lower()
        assert value in await assistant.answer(asked, session="s")
        assert chat.calls == []
    finally:
        await assistant.close()


@pytest.mark.parametrize("said", ["The parking lot is full.", "my parking spot is too small for the van",
                                  "Where did I park?", "I need to find a parking spot tomorrow."])
def test_guard_talk_about_parking_is_no_fact(said):
    assert remember_said(said) is None
