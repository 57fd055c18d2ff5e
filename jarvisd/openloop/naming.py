"""Which open promise a user names: "I sent Sam the slides", "the car insurance", "은행 가는 거".

A closing said in words (the desk's closings and the done/cancel intents) and the model's rewording of
a promise the rules already took are matched to descriptions here. Pure, on the text profiles of
`text.py`; `same_loop` first, then the share of the naming words found in the description.
"""

from __future__ import annotations

from collections.abc import Sequence

from jarvisd.openloop.rules import same_loop
from jarvisd.openloop.text import profile, words_match

REFERENCE_SHARE = 0.5  # share of the naming words that must find their counterpart in the description


def _verb(desc_words: Sequence[str]) -> str | None:
    """A description's verb: first in English ("call my mom"), last in Korean when it is a verb made a
    noun ("은행 가기"); none in a description of one word ("cake", "등산")."""
    if len(desc_words) < 2:
        return None
    if desc_words[-1].isascii():
        return desc_words[0]
    return desc_words[-1] if desc_words[-1].endswith("기") else None


def _reference_match(reference: str, desc: str) -> tuple[float, float]:
    """(share of the reference's words found, share of the description's words named): see reference_score."""
    if same_loop(reference, desc):
        mine, theirs = profile(reference), profile(desc)
        named = sum(any(words_match(w, v) for w in mine.content) for v in theirs.content)
        return 1.0, named / len(theirs.content) if theirs.content else 1.0
    mine, theirs = profile(reference), profile(desc)
    if not mine.content or not theirs.content:
        return 0.0, 0.0
    verb = _verb(theirs.content)
    matched = [(w, v) for w in mine.content for v in theirs.content if words_match(w, v)]
    if not any(v != verb for _, v in matched):
        return 0.0, 0.0
    share = len({w for w, _ in matched}) / len(mine.content)
    if share < REFERENCE_SHARE:
        return 0.0, 0.0
    return share, len({v for _, v in matched}) / len(theirs.content)


def reference_score(reference: str, desc: str) -> float:
    """How well the words a user names a promise with ("Sam the slides", "비행기표 예매", "the car
    insurance") point at a description: 1.0 for the same promise (`same_loop`), else the share of the
    reference's content words that match a description word up to inflection (`words_match`), 0 when
    below REFERENCE_SHARE or when only the verb matches ("called mom" does not name "call my grandmother":
    the thing done must match, not just the doing)."""
    return _reference_match(reference, desc)[0]


def best_reference(reference: str, descs: Sequence[str]) -> int | list[int] | None:
    """The description `reference` names: its index. Among equal scores the description most fully named
    wins ("the quarterly report" names "quarterly report" before "send the quarterly report"); a list of
    indexes when that still ties (ask the user which); None when none is named."""
    scores = [_reference_match(reference, desc) for desc in descs]
    best = max(scores, default=(0.0, 0.0))
    if best[0] <= 0.0:
        return None
    tops = [i for i, score in enumerate(scores) if score == best]
    return tops[0] if len(tops) == 1 else tops
