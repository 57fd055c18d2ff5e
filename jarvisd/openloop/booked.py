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


# "i booked the haircut, it's friday at 3", "just scheduled my dentist appointment. it's on the 14th at 10" (everyday74
# left it: the booking closed "book a haircut" and the haircut itself, "it's …", named nothing and was lost)
_BOOKED_IT = re.compile(
    r"(?:(?:ok|okay|so|well|yay)[\s,]+)?(?:i\s+|we\s+)?(?:(?:just|finally|already|have|'ve)\s+)*"
    r"(?:booked|scheduled|made|set\s+up|got|reserved)\s+(?:an?\s+appointment\s+for\s+|a\s+table\s+for\s+)?"
    r"(?:(?:the|my|our|a|an)\s+)?(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s*[,;.]\s*(?:and\s+|so\s+)?"
    r"(?:it's|it\s+is|its|it\s+will\s+be|it'll\s+be|that's|that\s+is)\s+(?P<when>\S.*)", re.IGNORECASE)
_NOT_BOOKED = frozenset("it that this them time sure call mistake note plan list".split())


def booked_it(sentence: str) -> str | None:
    """"i booked the haircut, it's friday at 3" as "the haircut is friday at 3" (the thing booked, said with its time,
    for the occasion to be kept as "the checkup is thursday at 9:30" is); None for anything else."""
    if len(sentence) > 200 or (m := _BOOKED_IT.fullmatch(sentence.strip())) is None:
        return None
    words = m["thing"].split()
    if words[0].lower() in _NOT_BOOKED or words[0].lower() in EN_BASE_VERBS:
        return None
    return f"the {m['thing']} is {m['when'].rstrip(' .!')}"
