"""A promise that names its person by a pronoun ("I'll call him next week", "text her instead") names the person
of the open promise of the same deed (the forty-third session: "I'll call him next week" after "call Bob" kept a
second promise, "call him", and the call's due stayed). Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence

# "her" before a noun is hers ("call her mom"); "them" is as often the bank the sentence named
_OBJECT_HER = r"her\b(?!\s+(?!(?:up|back|about|on|at|for|from|to|in|with|off|out|over|again|and|or|tomorrow|today|tonight)\b)\w)"
_PRONOUN = re.compile(r"\b(?:him\b|them\b|" + _OBJECT_HER + ")", re.IGNORECASE)
_PERSON = re.compile(r"\b(?:him\b|" + _OBJECT_HER + ")", re.IGNORECASE)
# the words that stand for a person or thing and so name none by themselves (for matching promises by name)
PRONOUN_WORDS = frozenset({"him", "her", "them", "it", "me", "us"})


def with_person(new_desc: str, old_desc: str) -> str:
    """"text him" for "call Bob" -> "text Bob": the new promise names the person the old one did."""
    if not _PRONOUN.search(new_desc) or not old_desc.isascii():
        return new_desc
    _, _, person = old_desc.partition(" ")
    return _PRONOUN.sub(person, new_desc, count=1) if person else new_desc


def person_meant(desc: str, descs: Sequence[str]) -> int | None:
    """The open promise (index in `descs`) whose person "him"/"her" in `desc` stands for: the only one of
    the same deed ("call him" -> "call Bob"); None when none or several are (with "call Bob" and "call Ann" open,
    "him" is not guessed: a wrong guess would move the other's due; `persons_meant` lists them to ask), or `desc`
    names no one by a pronoun."""
    same = persons_meant(desc, descs)
    return same[0] if len(same) == 1 else None


def persons_meant(desc: str, descs: Sequence[str]) -> list[int]:
    """Every open promise (index in `descs`) of the same deed that "him"/"her" in `desc` may stand for."""
    if not desc.isascii() or not _PERSON.search(desc):
        return []
    deed = desc.split(" ", 1)[0].lower()
    return [i for i, d in enumerate(descs) if d.isascii() and d.split(" ", 1)[0].lower() == deed and " " in d
            and not _PRONOUN.search(d)]
