"""Who a promise was told to (everyday74, english71 left): "tell him i'll be there at 6" then "tell her i'll be there by
7" were read as one "be there" corrected ("Updated: be there, now tonight at 7 PM"); two people told are two promises.
Pure rules on a promise's evidence (its sentence): the one told, and whether two such differ. A pronoun and a name may
be the same one ("tell mom …", "tell her …"): not told apart; a correction ("actually make it 7", "no, 7") names no one
and moves the one kept, as before."""

from __future__ import annotations

import re

_PRONOUNS = frozenset({"him", "her", "them"})
_NOT_SOMEONE = frozenset({"you", "me", "myself", "it", "that", "this", "the", "a", "an", "everyone", "everybody", "people",
                          "us", "jarvis"})
# "tell him", "i told mom", "i promised my sister", "let dr kim know", "tell mr. lee that"
_EN_TOLD = re.compile(r"\b(?:tell|told|telling|promised|promise|let)\s+(?P<who>(?:(?:my|our)\s+|(?:mr|mrs|ms|dr)\.?\s+)?"
                      r"[a-z][\w'-]{0,30})", re.IGNORECASE)


def told_whom(evidence: str) -> str | None:
    """The one a promise's sentence is told to ("him", "mom", "my sister", "dr kim"), lower case; None when told to
    no one."""
    m = _EN_TOLD.search(evidence[:600])
    if m is None:
        return None
    who = " ".join(m["who"].lower().replace(".", "").split())
    return None if who in _NOT_SOMEONE else who


def told_apart(first: str | None, second: str | None) -> bool:
    """Whether two promises' sentences are told to two different people: two names, or two pronouns ("him", "her");
    a pronoun and a name may be the same one."""
    a, b = told_whom(first or ""), told_whom(second or "")
    if a is None or b is None or a == b:
        return False
    return (a in _PRONOUNS) == (b in _PRONOUNS)
