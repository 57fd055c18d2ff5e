"""What the promise rules read out of an utterance, and the one cut they share: the types
`commitments` returns and `commitments_en` / `commitments_ko` build, kept apart from the dispatcher so
the per-language rules and `read_utterance` do not import each other."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Span = tuple[int, int]


@dataclass(frozen=True)
class Commitment:
    action: str                 # what goes on the agenda, time words cut out ("submit the grant application")
    clause: str                 # the words it came from, time words kept: the lead reads the due from it
    clause_span: Span
    remind: bool = False        # the user asked to be reminded


@dataclass(frozen=True)
class Closure:
    status: Literal["done", "dismissed", "handed", "received", "heard"]   # heard: a present deed, maybe a misheard past
    reference: str              # the words that name the task ("send Sam the slides", "비행기표 예매")
    clause: str


@dataclass(frozen=True)
class Reading:
    commitments: tuple[Commitment, ...] = ()
    closures: tuple[Closure, ...] = ()
    question: bool = False      # the utterance (or its last sentence) asks something


@dataclass(frozen=True)
class SentenceReading:
    """What one sentence says; `read_utterance` joins them."""

    commitments: tuple[Commitment, ...] = ()
    closures: tuple[Closure, ...] = ()
    question: bool = False


_SPACES = re.compile(r"\s+")


def cut(text: str, start: int, end: int, holes: Sequence[Span] = ()) -> str:
    """`text[start:end]` with the `holes` taken out and the spaces tidied."""
    parts = []
    pos = start
    for hs, he in holes:
        if he <= pos or hs >= end:
            continue
        if hs > pos:
            parts.append(text[pos:hs])
        pos = max(pos, he)
    if pos < end:
        parts.append(text[pos:end])
    return _SPACES.sub(" ", " ".join(parts)).strip()


def covered(span: Span, holes: Sequence[Span]) -> bool:
    """Whether `span` lies wholly inside one of the holes."""
    return any(hs <= span[0] and span[1] <= he for hs, he in holes)
