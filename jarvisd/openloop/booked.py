"""A thing booked, said as the booking is done (everyday74's parent of a toddler): "i called the pediatrician, the checkup
is thursday at 9:30" with "call the pediatrician to book theo's 18 month checkup" kept closed the call, and the checkup
was dropped as "closed by the same judgement" (its name is inside the closed one's). The booking done is what makes
the thing: an occasion (a name, no deed) whose head word the closed deed books is a new promise, not the closed one.
Pure rules."""

from __future__ import annotations

import re

from jarvisd.openloop.commitment_words import EN_BASE_VERBS

_BOOKS = re.compile(r"\b(?:book|schedule|reschedule|make|set\s+up|arrange|reserve|get)\b", re.IGNORECASE)


def booked_by(thing: str, closing: str) -> bool:
    """Whether `thing` ("checkup", "theo's checkup") names what the closed deed `closing` books ("call the pediatrician
    to book theo's 18 month checkup"); a deed ("call the pediatrician") is never the thing booked."""
    words = re.findall(r"[a-z][\w'-]*", thing.lower())
    if not words or words[0] in EN_BASE_VERBS or len(closing) > 300:
        return False
    head = re.escape(words[-1])
    return any(re.search(r"\b" + head + r"\b", closing[m.end():], re.IGNORECASE) for m in _BOOKS.finditer(closing))
