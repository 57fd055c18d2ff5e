"""Semantic facts of the form "topic: value": a newer fact on the same topic supersedes the older one
(hidden through `superseded_by`, never deleted); similar values under different topics are only
flagged as interference.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.memory.items import MemoryItem
from jarvisd.memory.query_words import normalise, query_terms

INTERFERENCE_SIMILARITY = 0.6
_TOPIC = re.compile(r"^\s*([^:：\n]{1,40}?)\s*[:：]\s*(\S.*)$", re.DOTALL)


@dataclass(frozen=True)
class Fact:
    topic: str
    value: str


def parse_fact(content: str) -> Fact | None:
    """'거주지: 서울' -> Fact('거주지', '서울'); text without a topic gives None."""
    match = _TOPIC.match(content)
    if not match:
        return None
    return Fact(topic=normalise(match.group(1)).strip(), value=match.group(2).strip())


def topic_of(content: str) -> str:
    fact = parse_fact(content)
    return fact.topic if fact else ""


def superseded(new: MemoryItem, existing: Sequence[MemoryItem]) -> list[MemoryItem]:
    """Older live facts of the same user on the same topic, marked as superseded by `new`."""
    if not new.topic or new.kind != "semantic":
        return []
    return [
        old.with_(superseded_by=new.id)
        for old in existing
        if old.id != new.id and old.kind == "semantic" and old.user == new.user
        and old.topic == new.topic and not old.superseded_by
    ]


def value_similarity(a: str, b: str) -> float:
    """Word-set Jaccard of two fact values (used when no vectors are available)."""
    wa, wb = set(query_terms(a)), set(query_terms(b))
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / len(wa | wb)


def interferes(a: MemoryItem, b: MemoryItem, cosine: float | None = None) -> bool:
    """Different topics, similar values: a candidate for interference (flag only)."""
    if a.kind != "semantic" or b.kind != "semantic" or not a.topic or not b.topic or a.topic == b.topic:
        return False
    fa, fb = parse_fact(a.content), parse_fact(b.content)
    if fa is None or fb is None:
        return False
    similarity = cosine if cosine is not None else value_similarity(fa.value, fb.value)
    return similarity >= INTERFERENCE_SIMILARITY
