"""A promise already kept, told later to be due relative to another ("oh, and paying the deposit is the day before the
move"; after68 left it: read as a closing, "The day before the move is paid."): which promise, how many days from which
other. Pure rules; `desk/moving.Moving._tied_later` finds both on the agenda and keeps the link (`OpenLoop.after`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FEW = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}

_TOLD = re.compile(
    r"(?:(?:oh|and|also|so|ok(?:ay)?|btw|actually|um+|uh+)[\s,]+)*(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,5}?)\s+"
    r"(?:is|are|'s|has\s+to\s+be|needs\s+to\s+be|should\s+be|will\s+be)\s+(?:due\s+|done\s+)?(?:on\s+)?"
    r"(?:(?P<same>the\s+(?:same\s+)?day\s+(?:of|as))|the\s+(?P<one>day|morning|night)\s+(?P<dir1>before|after)"
    r"|(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|ten)\s+(?P<unit>days?|weeks?)\s+(?P<dir>before|after))\s+"
    r"(?P<y>(?:the|my|our)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})[.!]?", re.IGNORECASE)


@dataclass(frozen=True)
class TiedLater:
    thing: str    # the promise kept, as said ("paying the deposit")
    days: int     # its day from the other's day (-1: the day before)
    other: str    # the other, as said ("the move")


def tied_later(text: str) -> TiedLater | None:
    """"paying the deposit is the day before the move": ("paying the deposit", -1, "the move"); None for anything else."""
    if len(text) > 200 or (m := _TOLD.fullmatch(text.strip())) is None or \
            re.match(r"(?:it|that|this|what|which|when|there|he|she|they|i|we|you)\b", m["x"], re.IGNORECASE):
        return None
    if m["same"]:
        days = 0
    elif m["one"]:
        days = -1 if m["dir1"].lower() == "before" else 1
    else:
        n = int(m["n"]) if m["n"].isdigit() else _FEW[m["n"].lower()]
        days = n * (7 if m["unit"].lower().startswith("week") else 1) * (-1 if m["dir"].lower() == "before" else 1)
    return TiedLater(m["x"], days, m["y"])


def bare_thing(thing: str) -> str:
    """"paying the deposit" as "the deposit": the deed's "-ing" word off, for the promise's name to be found."""
    return re.sub(r"^[a-z]+ing\s+(?=\S)", "", thing, flags=re.IGNORECASE)
