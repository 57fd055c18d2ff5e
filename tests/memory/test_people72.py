"""people72: someone the user knows, asked "who is X?" on the embedded model, and told with a title.

Lived offline (`scripts/days_lived.py`, no Ollama): "who is jenny" -> SmolLM2's "Jenny is a voice assistant named
JARVIS."; "who is mr lee" -> "Mike Leake, a.k.a. Mike Leake, is a British actor …"; "mr lee is my landlord" -> "Sorry, I
don't have an answer to that." (nothing kept); "dr kim is my dentist" -> "jim is my dentist.".
"""

from __future__ import annotations

import pytest

from jarvisd.memory.remember_asked import told_fact
from tests.assistants import answers_to, told_then_asked


@pytest.mark.parametrize(("asked", "who"), [("who is jenny", "jenny"), ("who's mr lee?", "mr lee"),
                                            ("Who is Dr. Kim?", "Dr. Kim"), ("who was miss park again", "miss park")])
async def test_someone_not_told_is_said_not_told_on_the_embedded_model(tmp_path, asked, who):
    replies, calls = await answers_to(tmp_path, asked)
    assert replies == [f"You haven't told me who {who} is. Tell me, and I'll remember it."]
    assert calls == []


@pytest.mark.parametrize(("told", "asked", "back"), [
    ("mr lee is my landlord", "who is mr lee", "You told me mr lee is your landlord."),
    ("Dr. Kim is my dentist", "who's dr kim?", "You told me Dr. Kim is your dentist."),
    ("miss park is my daughter's teacher", "who is miss park", "You told me miss park is your daughter's teacher."),
])
async def test_someone_with_a_title_told_is_kept_and_said_back(tmp_path, told, asked, back):
    assert await told_then_asked(tmp_path, told, asked) == (f"Remembered: {told}", back)


async def test_held_out_a_name_told_is_said_back_not_said_missing(tmp_path):
    replies, _ = await answers_to(tmp_path, "sam is my coworker", "who's sam")
    assert replies[1] == "You told me sam is your coworker."


def test_guard_miss_as_a_verb_is_no_title():
    assert told_fact("i miss my sister") is None
    assert told_fact("miss the bus is my excuse") is None


async def test_guard_what_and_who_of_things_still_go_to_the_model(tmp_path):
    replies, calls = await answers_to(tmp_path, "who is calling", says="I can't tell who is calling.")
    assert len(calls) == 1
