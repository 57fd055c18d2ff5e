"""A reminder asked before a day the user told as a fact: "remind me a week before Julia's birthday" after "Julia's
birthday is March 3rd". Pure: what is asked, and the day a fact holds.

Before (the fifty-first session) the agenda kept "a week before Julia's birthday" as a promise with no due and asked
"When should I remind you?", though memory held the day. The assistant now finds the fact, puts the day on the agenda
("Julia's birthday", due March 3) and the reminder that long before it, through the desk's own rules.
"""

from __future__ import annotations

import re

from jarvisd.memory.fact_asked import readings
from jarvisd.openloop.when import time_spans
from jarvisd.textsafe import plain_words

_LEAD = r"(?:(?:oh|and|also|please|jarvis|ok|okay|(?:can|could|would|will)\s+you)\W+)*"
_DATED = (r"birthday|bday|anniversary|wedding|graduation|due\s+date|name\s+day|retirement|farewell|"
          r"recital|surgery|exam|interview|flight|trip|move|moving\s+day|party")
_EN = re.compile(_LEAD + r"(?:remind|warn|ping|tell)\s+me\s+(?P<amount>(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+"
                 r"(?:days?|weeks?)|the\s+(?:day|night|morning|evening)|a\s+couple\s+of\s+days|a\s+few\s+days)\s+"
                 r"(?:before|ahead\s+of)\s+(?P<thing>(?:my|our|[a-z][\w-]*'s)\s+(?:[\w'-]+\s+){0,2}?(?:" + _DATED + r"))",
                 re.IGNORECASE)
_VALUE = re.compile(r".+?\s+(?:is|are|was|falls)\s+(?:on\s+)?(?P<value>.+)", re.IGNORECASE)


def before_told_day(text: str) -> tuple[str, str] | None:
    """("a week", "Julia's birthday") for "remind me a week before Julia's birthday", or None. Read in the words the
    memory and the agenda read (`plain_words`: pass 56c, "Ju\u2060lia's birthday" kept no day, "When should I remind
    you?")."""
    m = _EN.fullmatch(" ".join(plain_words(text).split()).rstrip(" .!?"))
    return (m["amount"], m["thing"]) if m else None


def told_day(fact: str) -> str | None:
    """The day words a fact's value holds ("Julia's birthday is March 3rd": "March 3rd"), or None when it holds no
    day of the calendar (only a time of day, or nothing)."""
    # read as the memory reads it (`fact_asked.readings`, `plain_words`): "Julia's birthday is Mar\u00adch 3" (a soft
    # hyphen, a zero-width space, a look-alike "M\u0430rch") was "Remembered", then "I don't know when Julia's birthday
    # is yet" (pass 57: the asked words were read plain since pass 56c, the kept fact's were not)
    for reading in readings(fact):
        m = _VALUE.fullmatch(" ".join(plain_words(reading).split()).rstrip("."))
        if m is None:
            continue
        value = m["value"]
        for start, end in time_spans(value):
            words = value[start:end]
            if re.search(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", words, re.IGNORECASE):
                return words
    return None
