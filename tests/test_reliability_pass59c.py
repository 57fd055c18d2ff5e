"""Pass 59c: issue 18's done-when pass with bad values at the HUD API, unicode on a live daemon, the clock moved a
year with repeats open, and the new facts of where someone goes, works or lives (docs/reliability.md, "Fifty-ninth
pass (c): values and unicode")."""

from __future__ import annotations

import unicodedata

import pytest

from jarvisd.memory.remember_asked import told_fact
from tests.assistants import scripted_assistant, told_then_asked

_NFD = unicodedata.normalize("NFD", "Ana lives in Ávila")


@pytest.mark.parametrize("told, asked, kept", [
    ("Lily lives in Łódź", "where does Lily live?", "Łódź"),
    ("Sam works at Škoda", "where does Sam work?", "Škoda"),
    ("Lily goes to École Maple", "what school does Lily go to?", "École Maple"),
    ("Ömer works at Ülker", "where does Ömer work?", "Ülker"),
    ("Άννα goes to Λύκειο Αθηνών", "what school does Άννα go to?", "Λύκειο Αθηνών"),
    ("Дмитрий works at Газпром", "where does Дмитрий work?", "Газпром"),
    ("Lily lives in Đà Nẵng", "where does Lily live?", "Đà Nẵng"),
    ("İpek lives in İstanbul", "where does İpek live?", "İstanbul"),
    (_NFD, "where does Ana live?", "vila"),
    ("my sister lives in Örebro", "where does my sister live?", "Örebro"),
])
async def test_where_someone_goes_works_or_lives_is_kept_when_the_place_begins_past_ascii(tmp_path, told, asked, kept):
    """Before: "Lily lives in Montréal" was kept, "Lily lives in Łódź", "Sam works at Škoda", "Дмитрий works at Газпром"
    went to the model and nothing was kept ("You haven't told me where Sam works."): the place was read as a name
    whose first letter is an ASCII capital; "İpek" was no name (İ lowers to two characters)."""
    said, answer = await told_then_asked(tmp_path, told, asked)
    assert said.startswith("Remembered"), said
    assert kept in answer, answer


@pytest.mark.parametrize("said", ["my son goes to bed at 8", "Mom goes to the doctor on Friday", "Lily goes to école",
                                  "Lily lives in ándale"])
def test_guard_a_place_in_small_letters_is_no_place_fact_as_before(said):
    assert told_fact(said) is None


@pytest.mark.parametrize("told, asked, value", [
    ("/remember my wifi password is me2you", "what's my wifi password?", "me2you"),
    ("the wifi password for the office is love-me-tender", "what's the office wifi password?", "love-me-tender"),
    ("my locker code is i4u", "what's my locker code?", "i4u"),
    ("/remember my gate code is 12my34", "what's my gate code?", "12my34"),
    ("/remember my netflix password is Us_and_Me", "what's my netflix password?", "Us_and_Me"),
])
async def test_a_value_with_me_or_i_joined_inside_it_is_said_back_as_told(tmp_path, told, asked, value):
    """Before: "You told me your wifi password is you2you.", "… love-you-tender", "… you4u", "… 12your34",
    "… you_and_you": the "my" -> "your" turn of words said back (`phrases.second_person`) took "me" joined to a
    digit, "-" or "_" for a word of its own."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer(told, session="s")
        said = await assistant.answer(asked, session="s")
        assert value in said, said
    finally:
        await assistant.close()


@pytest.mark.parametrize("said, back", [
    ("take my medicine", "take your medicine"), ("I'm allergic to peanuts", "you're allergic to peanuts"),
    ("call me, then my mom", "call you, then your mom"), ("Lily is allergic to crème brûlée", "Lily is allergic to crème brûlée"),
    ("remind me about my (old) car", "remind you about your (old) car"), ("'my' keys", "'my' keys"),
])
def test_guard_second_person_turns_words_standing_alone_as_before(said, back):
    from jarvisd.openloop.phrases import second_person
    assert second_person(said) == back
