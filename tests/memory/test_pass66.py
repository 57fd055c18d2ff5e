"""Pass 66: facts about people (round 65) with names of other Latin alphabets typed in lower case, and the fact's
owner kept per user. The real assistant on LanceDB memory, SmolLM2 named and never asked."""

from __future__ import annotations

import pytest

from tests.assistants import answers_to


@pytest.mark.parametrize(("told", "asked", "answer"), [
    # before: "zoë is allergic to peanuts" went to the model and nothing was kept (a lower-case name was [a-z] only)
    ("zoë is allergic to peanuts", "is zoë allergic to anything?", "You told me zoë is allergic to peanuts."),
    # held out
    ("josé likes dinosaurs", "what does josé like?", "You told me: josé likes dinosaurs."),
    ("søren's teacher is mrs. patel", "who is søren's teacher?", "You told me søren's teacher is mrs. patel."),
])
async def test_a_lower_case_name_with_an_accent_owns_its_facts(tmp_path, told, asked, answer):
    said, calls = await answers_to(tmp_path, told, asked)
    assert said == [f"Remembered: {told}", answer]
    assert calls == []


async def test_guard_talk_that_opens_with_an_accented_word_keeps_nothing(tmp_path):
    said, _ = await answers_to(tmp_path, "the café is closed today", "what do you know about café?")
    assert not said[0].startswith("Remembered") and "closed" not in said[1]
