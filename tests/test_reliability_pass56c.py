"""Pass 56c: other invisible and odd characters in the paths pass 56b fixed, the new config keys, the new desk and
memory rules at length and under SIGKILL, blocking (docs/reliability.md, "Fifty-sixth pass (c)")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.assistants import scripted_assistant


def _desk(tmp_path, korean):
    from tests.openloop.conftest import agenda_desk

    return agenda_desk(tmp_path, korean, datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Asia/Seoul")))


@pytest.mark.parametrize(("promise", "closing", "kept"), [
    ("I need to call m\u180eom by Friday", "I called mom", "call mom"),        # the Mongolian vowel separator
    ("I need to call mom by Friday", "I called m\u180eom", "call mom"),
    ("I need to call m\u043em by Friday", "I called mom", "call mom"),         # a Cyrillic o
    ("I need to call mom by Friday", "I called m\u043em", "call mom"),
    ("I need to call \u0441\u0430ra by Friday", "I called cara", "call cara"),  # Cyrillic s and a
])
def test_a_promise_with_a_mongolian_separator_or_a_look_alike_letter_is_kept_and_closed_by_its_words(
        tmp_path, korean, promise, closing, kept):
    """Before: U+180E inside a word (a format character drawn as nothing) was a space to the agenda, "call m om" was
    kept and "I called mom" went to the model; a Cyrillic "\\u043e" in "m\\u043em" (a keyboard layout switched mid-
    word, drawn as "mom") kept "call m\\u043em", which "I called mom" did not close, nor "I called m\\u043em" "call mom"."""
    desk = _desk(tmp_path, korean)
    desk.handle(promise, "s")
    assert [loop.desc for loop in desk.service.agenda()] == [kept]
    said = desk.handle(closing, "s")
    assert said is not None and said.text == f"Marked done: {kept}.", said
    assert desk.service.agenda() == []


@pytest.mark.parametrize(("said", "kept", "due"), [
    ("I need to call mom by Fr\u0456day", "call mom", "2026-12-04 23:59"),            # a Ukrainian i in "Friday"
    ("remind me to call Bob tomorrow at 1\u03010:30", "call Bob", "2026-12-02 10:30"),  # an accent on a digit
    ("remind me to call Bob at 5\u0301pm", "call Bob", "2026-12-01 17:00"),
    ("remind me to call Bob at 5\u0308pm tomorrow", "call Bob", "2026-12-02 17:00"),
])
def test_a_time_with_a_look_alike_letter_or_a_mark_on_a_digit_is_read_as_drawn(tmp_path, korean, said, kept, due):
    """Before: "by Fr\\u0456day" kept "call mom by Fr\\u0456day" with no due; "at 1\\u03010:30" was kept at 1 PM as
    "call Bob \\u0301"; "at 5\\u0301pm" at 5 PM as "call Bob \\u0301pm" (the mark and the "pm" kept in the words)."""
    from tests.openloop.conftest import agenda_rows

    desk = _desk(tmp_path, korean)
    desk.handle(said, "s")
    assert agenda_rows(desk) == [(kept, due)]


def test_guard_words_of_one_other_script_and_accented_letters_are_left_as_they_are():
    from jarvisd.textsafe import latin_looks, plain_words

    for text in ("\u041c\u043e\u0441\u043a\u0432\u0430", "\u043c\u043e\u043c", "\u03b1\u03b2\u03b3 \u039f\u03bb\u03c5\u03bc\u03c0\u03bf\u03c2",
                 "caf\u00e9", "call Jos\u00e9", "iPhone \u0472", "\uc6b0\uc720 \uc0ac\uae30", "x\u0301y"):
        assert plain_words(text) == text
        assert latin_looks(text) == text
    assert plain_words("J\u043es\u00e9") == "Jos\u00e9"
    assert plain_words("call mom at 5\ufe0f\u20e3pm") == "call mom at 5pm"          # pass 30's keycap, as before
    assert plain_words("call\u200bmom") == "call mom"                               # pass 30's space, as before


async def test_a_fact_with_a_mongolian_separator_or_a_look_alike_letter_is_said_back_and_forgotten(tmp_path):
    """Before: "/remember my lo\\u180ecker code is 9911" was denied to "what's my locker code?" ("You haven't told me
    about your locker code") and "forget my locker code" forgot nothing; so was "/remember my l\\u043ecker code" (a
    Cyrillic o), and "what's my l\\u043ecker code?" denied a fact kept plainly; "Jul\\u0456a's birthday is March 3"
    (told without "remember") went to the model, nothing kept."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("/remember my lo\u180ecker code is 9911", session="s")
        await assistant.answer("/remember my l\u043eck box code is 1357", session="s")
        await assistant.answer("/remember my bike lock code is 5566", session="s")
        said = await assistant.answer("what's my locker code?", session="s")
        assert said.startswith("You told me your lo") and said.endswith("code is 9911."), said
        assert (await assistant.answer("what's my lock box code?", session="s")).endswith("code is 1357.")
        assert (await assistant.answer("what's my bike l\u043eck code?", session="s")).endswith("code is 5566.")
        assert (await assistant.answer("forget my locker code", session="s")).startswith("OK, I forgot that")
        assert (await assistant.answer("what's my locker code?", session="s")).startswith("You haven't told me")
        assert (await assistant.answer("Jul\u0456a's birthday is March 3", session="s")).startswith("Remembered: ")
        said = await assistant.answer("remind me a week before Julia's birthday", session="s")
        assert said.startswith("OK, I'll remind you") and "February 24" in said, said
    finally:
        await assistant.close()


@pytest.mark.parametrize("mark", ["\u2060", "\u180e", "\u00ad"])
async def test_a_reminder_before_a_told_day_with_an_invisible_mark_in_the_name_finds_the_day(tmp_path, mark):
    """Before: "remind me a week before Ju\\u2060lia's birthday" (a word joiner, drawn as nothing) with "Julia's birthday
    is March 3" kept was not read as a reminder before a told day: "Got it: a week before Julia's birthday. When should
    I remind you?" (a promise with no due, the kept day not used); `before_told_day` read the raw text."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("Julia's birthday is March 3", session="s")
        said = await assistant.answer(f"remind me a week before Ju{mark}lia's birthday", session="s")
        assert said.startswith("OK, I'll remind you") and "February 24" in said, said
    finally:
        await assistant.close()
