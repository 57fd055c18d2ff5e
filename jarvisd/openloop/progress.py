"""A part of an open promise told done ("graded half the essays", "i've packed most of the boxes", "wrote 3 of the
thank you cards"): the promise stays open and the answer says what is left (the sixty-seventh session's teacher: SmolLM2
answered "graded half the essays"). Pure rules; the desk's closing room finds the promise the thing names."""

from __future__ import annotations

import re

# a past deed, then how much of it, then the thing ("half the essays", "half of the essays", "12 of the 30 essays")
_PROGRESS = re.compile(
    r"(?:(?:ok|okay|so|well|yay|phew|um+|uh+),?\s+)*(?:i\s+|we\s+)?(?:(?:have|'ve|just|already|finally)\s+)*"
    r"(?P<verb>[a-z]{2,}ed|did|wrote|read|made|sent|paid|done\s+with|got\s+through|went\s+through)\s+"
    r"(?:like\s+|about\s+|around\s+|maybe\s+)?"
    r"(?P<part>half|some|most|a\s+few|a\s+couple|a\s+bunch|part|a\s+third|a\s+quarter|a\s+lot|"
    r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty)\s+"
    r"(?:of\s+)?(?:(?:the|my|our)\s+)?(?:\d{1,3}\s+)?(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
    r"(?:\s+(?:so\s+far|already|today|now|tonight))?[.!]?")
_NOT_A_THING = frozenset({"time", "times", "way", "day", "days", "hour", "hours", "minutes", "work", "it", "them", "that",
                          "this", "stuff", "things"})


def progress_said(text: str) -> tuple[str, str, str] | None:
    """(the verb, how much, the thing) of a part told done, or None: "graded half the essays" ->
    ("graded", "half", "essays")."""
    m = _PROGRESS.fullmatch(text.strip().lower())
    if m is None or m["thing"].split()[0] in _NOT_A_THING:
        return None
    return m["verb"], " ".join(m["part"].split()), m["thing"]


def progress_reply(desc: str, part: str, when: str | None) -> str:
    """"Good progress. Grade the 7th grade essays stays on your agenda, the other half left, by Thursday."."""
    left = "the other half left" if part == "half" else "the rest left"
    due = f", {when}" if when else ""
    return f"Good progress. {desc} stays on your agenda, {left}{due}."
