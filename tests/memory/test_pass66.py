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


@pytest.mark.parametrize(("told", "taken_back", "asked", "forgot", "not_told"), [
    # before: "Updated: leo is leo isn't allergic to peanuts anymore", then both said as current
    ("leo is allergic to peanuts", "actually leo isn't allergic to peanuts anymore", "is leo allergic to anything?",
     "OK, I forgot that leo is allergic to peanuts.",
     "You haven't told me what leo is allergic to. Tell me, and I'll remember it."),
    # held out
    ("my son is allergic to eggs", "my son is no longer allergic to eggs", "is my son allergic to anything?",
     "OK, I forgot that your son is allergic to eggs.",
     "You haven't told me what your son is allergic to. Tell me, and I'll remember it."),
])
async def test_an_allergy_taken_back_is_forgotten_not_said_as_current(tmp_path, told, taken_back, asked, forgot,
                                                                      not_told):
    said, calls = await answers_to(tmp_path, told, taken_back, asked)
    assert said == [f"Remembered: {told}", forgot, not_told]
    assert calls == []


async def test_guard_someone_elses_allergy_taken_back_leaves_the_kept_one(tmp_path):
    said, _ = await answers_to(tmp_path, "mia is allergic to peanuts", "leo isn't allergic to peanuts",
                               "is mia allergic to anything?", "my locker is number 212", "actually it's 214")
    assert said[2] == "You told me mia is allergic to peanuts."
    assert said[4] == "Updated: my locker is number 214"


async def test_someone_with_a_new_teacher_supersedes_the_old_one(tmp_path):
    """Before: "leo has a new teacher, ms. choi" went to the model, and "who is leo's teacher?" said mr. brown."""
    said, calls = await answers_to(tmp_path, "leo's teacher is mr. brown", "leo has a new teacher, ms. choi",
                                   "who is leo's teacher?", "what do you know about leo?")
    assert said == ["Remembered: leo's teacher is mr. brown", "Updated: leo's teacher is ms. choi (before: mr. brown)",
                    "You told me leo's teacher is ms. choi.", "You told me: leo's teacher is ms. choi."]
    assert calls == []


@pytest.mark.parametrize(("told", "asked", "answer"), [
    ("i have a new dentist, dr. lee", "who is my dentist?", "You told me your dentist is dr. lee."),
    ("we got a new car, a toyota", "what car do i drive?", "You told me your car is a toyota."),
])
async def test_held_out_a_new_one_told(tmp_path, told, asked, answer):
    said, _ = await answers_to(tmp_path, "my dentist is dr. kim", told, asked)
    assert said[2] == answer


async def test_guard_a_new_thing_with_no_value_keeps_nothing(tmp_path):
    said, _ = await answers_to(tmp_path, "mia has a new friend at school", "leo has a new teacher",
                               "i have a new idea, let's go out")
    assert not any(answer.startswith(("Remembered", "Updated")) for answer in said)
