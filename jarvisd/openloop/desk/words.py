"""The desk's own wording rules shared by its rooms: regular expressions and small pure readers of what was said."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from jarvisd.openloop import (
    naming,
    phrases,
)
from jarvisd.openloop.corrections import (
    deed_named,
)
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.when import ImpossibleTime

log = logging.getLogger(__name__)

# not an answer to "What should I remind you about?": the user let it go, or asked something else
_LET_GO = re.compile(r"(?:never\s*mind|nothing|forget\s+it|cancel|no|nope|stop|nevermind|아니야|됐어|아니|취소)[.!]?")


# a place on the agenda read out, named alone in Korean: "두 번째 거", "첫 번째 일" (not "이번 주": no place)
# ... and "move the second one to monday" ("the second one can wait till monday", the sixty-first session's student: "I
# couldn't find the second one on your agenda")
_KO_PLACE_NAMED = re.compile(r"(?:첫|두|세|네|다섯)\s*번째(?:\s*(?:거|것|꺼|일|할\s*일))?"
                             r"|(?:the\s+)?(?:first|second|third|fourth|fifth|last)\s+one", re.IGNORECASE)


def _listed(head: str, tail: str) -> str:
    """The words around a correction said inside a list, as the list without it."""
    if not head or not tail:
        return head or tail
    if re.search(r"[가-힣]", head):   # "가스비 목요일까지 내야 하고 [집세는 …] 내일 진한테 전화해야 해"
        return f"{head.rstrip(' ,')} {tail}" if head.rstrip(" ,").endswith("고") else f"{head.rstrip(' ,.')}. {tail}"
    return f"{head.rstrip(' ,.;')}, and {tail}"


_DAY_BEFORE = re.compile(r"\bthe\s+(?P<part>day|night|morning)\s+before(?:\s+(?P<x>(?:(?:the|my|our|his|her)\s+)?[a-z][\w'-]*"
                         r"(?:\s+[a-z][\w'-]*){0,3}))?\s*$", re.IGNORECASE)


def _due_order(loop: OpenLoop) -> tuple[bool, int]:
    """Nearest due first, then what has no due (a stable sort keeps the agenda's newest first among equals): the
    order the agenda is read and a choice is offered in."""
    return loop.due_ms is None, loop.due_ms or 0


def _reason(exc: ImpossibleTime, lang: phrases.Lang) -> str:
    return getattr(exc, "reason_ko", str(exc)) if lang == "ko" else getattr(exc, "reason", str(exc))


def _mentions(loop: OpenLoop, person: str) -> bool:
    name = person.strip().lower()
    if not name:
        return False
    text = f"{loop.desc} {loop.evidence or ''}".lower()
    return re.search(rf"(?<![\w가-힣]){re.escape(name)}", text) is not None


AROUND_BEFORE_MS, AROUND_AFTER_MS = 30 * 60_000, 60 * 60_000   # "am I free at 3pm?": 2:30 to 4


_PART_END = {"morning": 12, "afternoon": 18, "evening": 22, "night": 23}     # ... and the hour it is over by


def _promises_named(words: str, descs: Sequence[str]) -> list[int]:
    """The descriptions `words` name: the one (or the tie) `naming.best_reference` finds, else those of the deed they
    say ("the call"), else the Korean ones holding their words."""
    found = naming.best_reference(words, descs)
    hits = [found] if isinstance(found, int) else list(found or ()) or deed_named(words, descs) or _named_in(words, descs)
    if hits or "'s" not in "".join(descs):
        return hits
    # "when's the doctor?", "push the doctor to Wednesday" of "doctor's appointment" (the fiftieth and fifty-first
    # sessions: "I don't have the doctor", the move to SmolLM2): the possessive's noun names it too
    plain = _without_owners(descs)
    found = naming.best_reference(words, plain)
    return [found] if isinstance(found, int) else list(found or ()) or deed_named(words, plain)


def _without_owners(descs: Sequence[str]) -> list[str]:
    """The descriptions with each owner's 's taken off ("doctor's appointment": "doctor appointment"), for a name
    that says the possessive's noun alone ("the doctor")."""
    return [re.sub(r"(?<=\w)'s\b", "", desc) for desc in descs]


def _named_in_spaced_or_not(name: str, descs: Sequence[str]) -> list[int]:
    """`_named_in`, the words spaced or not ("위생점검" of "위생 점검", the sixty-fifth session); the one that is the
    name whole, when one is ("위생점검" names "위생 점검" before "위생점검 냉장고 청소하기")."""
    bare = name.replace(" ", "")
    hits = _named_in(bare, [desc.replace(" ", "") for desc in descs]) if bare else []
    whole = [i for i in hits if descs[i].replace(" ", "") == bare]
    return whole if len(whole) == 1 else hits or _named_in(name, descs)


def _named_in(name: str, descs: Sequence[str]) -> list[int]:
    """The Korean descriptions holding every word of a shift's name ("전화" in "밥한테 전화하기"; one-syllable
    words such as "거" are not names); the English ones are read by `correction_target` and `deed_named`."""
    words = [w for w in re.sub(r"(?:한테|에게|께|랑|하고)(?=\s|$)", "", name).split() if len(w) > 1]
    if not words or not all(re.search(r"[가-힣]", w) for w in words):
        return []
    return [i for i, desc in enumerate(descs) if all(w in desc for w in words)]
