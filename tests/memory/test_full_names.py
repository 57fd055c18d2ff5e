"""Someone asked by a first name and a surname on the embedded model ("who is tom hanks").

The seventieth session, offline: "who is tom hanks" went to SmolLM2, which answered "Tom Hanks, a renowned American
actor, known for his role as Captain Jameson in the film The Shawshank Redemption" (a made-up role) or "The voice
assistant, JARVIS, is a voice assistant …". people72 had made "who is jenny" / "who is mr lee" say "You haven't told
me", but a name and a surname still went to the model. Now the same reader takes them; not told, the answer says the
small model cannot be trusted on people (a celebrity is not asked to be "told").
"""

from __future__ import annotations

import pytest

from tests.assistants import answers_to, told_then_asked


@pytest.mark.parametrize(("asked", "who"), [("who is tom hanks", "tom hanks"), ("Who's Taylor Swift?", "Taylor Swift"),
                                            ("who was marie curie again", "marie curie")])
async def test_a_full_name_not_told_is_said_unknown_on_the_embedded_model(tmp_path, asked, who):
    replies, calls = await answers_to(tmp_path, asked)
    assert replies == [f"You haven't told me who {who} is, and the small built-in model can't answer about people "
                       "reliably."]
    assert calls == []


async def test_a_full_name_told_is_said_back(tmp_path):
    assert await told_then_asked(tmp_path, "sarah miller is my coworker", "who is sarah miller") == (
        "Remembered: sarah miller is my coworker", "You told me sarah miller is your coworker.")


@pytest.mark.parametrize("asked", ["who is sarah calling", "who is john going with", "who is your creator",
                                   "who is jenny now"])
async def test_guard_who_questions_that_are_not_a_name_still_go_to_the_model(tmp_path, asked):
    replies, calls = await answers_to(tmp_path, asked, says="I can't tell.")
    assert len(calls) == 1
