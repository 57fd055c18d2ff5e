""""What do I do for a living?" and "where do I work?" (the sixty-third and sixty-fourth sessions' days lived: SmolLM2's
"I'm a voice assistant …" whether the work was told in passing or never): said back from the user's own words, or said
not told."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import fact_asked
from tests.assistants import scripted_assistant

MADE_UP = "I'm an AI assistant designed to assist users with their creative endeavors."


@pytest.mark.parametrize("asked", ["what do i do for a living?", "where do I work?", "what's my occupation"])
async def test_work_never_told_is_said_not_told(tmp_path, asked):
    assistant, chat = scripted_assistant(tmp_path, says=MADE_UP, user="alice")
    try:
        reply = await assistant.answer(asked, session="s")
    finally:
        await assistant.close()
    assert reply == "You haven't told me what you do for a living. Tell me, and I'll remember it."
    assert chat.calls == []


@pytest.mark.parametrize("asked", ["what do i do for a living?", "where do i work", "what do I do for a living again"])
async def test_work_said_in_passing_is_said_back(tmp_path, asked):
    assistant, chat = scripted_assistant(tmp_path, says=MADE_UP, user="alice")
    try:
        await assistant.answer("I work as a nurse at Severance hospital", session="s")
        reply = await assistant.answer(asked, session="s")
    finally:
        await assistant.close()
    assert "I work as a nurse at Severance hospital" in reply, reply


@pytest.mark.parametrize("asked", ["what does my wife do for a living?", "where does the bus stop", "what do i do now"])
def test_guard_other_questions_are_not_the_users_work(asked):
    found = fact_asked(asked)
    assert found is None or found.words != "work"
