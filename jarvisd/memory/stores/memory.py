"""The in-memory store: a dict of items, the same contract as LanceDB (tests, eval, no-disk mode)."""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

import numpy as np

from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.query_words import normalise
from jarvisd.memory.scoring import Candidate, best_cosine
from jarvisd.memory.stores.base import DimensionMismatch, StoreQuery, locked


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def _float32(vector: Sequence[float] | None) -> tuple[float, ...] | None:
    return None if vector is None else tuple(np.asarray(vector, dtype=np.float32).tolist())


def vectors_cosine(query: Sequence[float], vectors: Sequence[Sequence[float] | None]) -> float | None:
    """The higher of the query's cosines with a turn vector and a context vector (None where absent)."""
    return best_cosine(*(cosine(query, v) if v is not None else None for v in vectors))


def item_cosine(query: Sequence[float] | None, item: MemoryItem) -> float | None:
    """The higher of the query's cosines with the item's turn vector and context vector."""
    if query is None:
        return None
    return vectors_cosine(query, (item.vector, item.context_vector))


def term_weights(q: StoreQuery) -> tuple[float, ...]:
    """The weights of the "keyword" order, one per term (1 each when the caller gave none)."""
    return q.term_weights if len(q.term_weights) == len(q.terms) else (1.0,) * len(q.terms)


def matches_filters(item: MemoryItem, q: StoreQuery) -> bool:
    """Everything except keyword/vector matching; the access filter comes first."""
    if not q.access.allows(item.user, item.agent, item.layer):
        return False
    if q.kinds and item.kind not in q.kinds:
        return False
    if q.sources and item.source not in q.sources:
        return False
    if item.source in q.exclude_sources:
        return False
    if q.session and item.session != q.session:
        return False
    if q.agent and item.agent != q.agent:
        return False
    if q.topic and item.topic != q.topic:
        return False
    if q.task_type and item.metadata.get("task_type") != q.task_type:
        return False
    if q.outcome and item.metadata.get("outcome") != q.outcome:
        return False
    if q.since and item.created_at < q.since:
        return False
    if q.until and item.created_at >= q.until:
        return False
    return q.include_superseded or not item.superseded_by


class InMemoryStore:
    def __init__(self, dimensions: int | None = None) -> None:
        self._lock = threading.RLock()
        self._items: dict[str, MemoryItem] = {}
        self._dimensions = dimensions

    @property
    def vector_dimensions(self) -> int | None:
        return self._dimensions

    @locked
    def upsert(self, items: Sequence[MemoryItem]) -> None:
        for item in items:
            for vector in (item.vector, item.context_vector):
                if vector is not None:
                    if self._dimensions is None:
                        self._dimensions = len(vector)
                    elif len(vector) != self._dimensions:
                        raise DimensionMismatch(self._dimensions, len(vector))
            # stored at float32 precision, like LanceDB, so both stores give the same numbers
            item = item.with_(vector=_float32(item.vector), context_vector=_float32(item.context_vector))
            self._items[item.id] = item

    @locked
    def get(self, ids: Sequence[str], access: AccessFilter) -> list[MemoryItem]:
        found = (self._items.get(i) for i in ids)
        return [it for it in found if it is not None and access.allows(it.user, it.agent, it.layer)]

    @locked
    def search(self, q: StoreQuery) -> list[Candidate]:
        rows: list[Candidate] = []
        weight: dict[str, float] = {}
        for item in self._items.values():
            if not matches_filters(item, q):
                continue
            cos = item_cosine(q.vector, item)
            if q.order == "vector":
                if cos is None or cos < q.min_cosine:
                    continue
            elif q.order == "keyword":
                text = normalise(item.content)
                found = [w for t, w in zip(q.terms, term_weights(q), strict=True) if t and t in text]
                if not found:
                    continue
                weight[item.id] = sum(found)
            elif q.match_required:
                text = normalise(item.content)
                if not any(t in text for t in q.terms):
                    continue
            rows.append(Candidate(item=item, cosine=cos))
        if q.order == "vector":
            rows.sort(key=lambda c: (-(c.cosine or 0.0), c.item.id))
        elif q.order == "keyword":
            rows.sort(key=lambda c: (-weight[c.item.id], -c.item.created_at.timestamp(), c.item.id))
        elif q.order == "importance":
            rows.sort(key=lambda c: (-c.item.importance, -c.item.created_at.timestamp(), c.item.id))
        else:
            rows.sort(key=lambda c: (-c.item.created_at.timestamp(), c.item.id))
        return rows[: q.limit]

    @locked
    def term_counts(self, q: StoreQuery) -> tuple[int, list[int]]:
        texts = [normalise(it.content) for it in self._items.values() if matches_filters(it, q)]
        return len(texts), [sum(1 for text in texts if t and t in text) for t in q.terms]

    @locked
    def gather(self, q: StoreQuery, orders: Sequence[str]) -> list[Candidate]:
        merged: dict[str, Candidate] = {}
        for order in orders:
            for cand in self.search(replace(q, order=order)):  # type: ignore[arg-type]
                merged.setdefault(cand.item.id, cand)
        return list(merged.values())

    @locked
    def cosines(self, ids: Sequence[str], vector: Sequence[float]) -> dict[str, float]:
        found = ((i, self._items.get(i)) for i in ids)
        sims = ((i, item_cosine(vector, it)) for i, it in found if it is not None)
        return {i: c for i, c in sims if c is not None}

    @locked
    def touch(self, ids: Sequence[str], when: datetime, rehearsed: Sequence[str] = ()) -> None:
        extra = set(rehearsed)
        for i in ids:
            if i in self._items:
                item = self._items[i]
                self._items[i] = item.with_(last_accessed=when, rehearsals=item.rehearsals + (i in extra))

    @locked
    def delete(self, ids: Sequence[str]) -> None:
        for i in ids:
            self._items.pop(i, None)

    @locked
    def delete_session(self, user: str, agent: str, session: str, sources: Sequence[str]) -> int:
        doomed = [
            i for i, it in self._items.items()
            if it.user == user and it.agent == agent and it.session == session and it.source in sources
        ]
        self.delete(doomed)
        return len(doomed)

    @locked
    def count(self) -> int:
        return len(self._items)

    @locked
    def count_without_vector(self) -> int:
        return sum(it.vector is None for it in self._items.values())

    @locked
    def missing_vectors(self, limit: int) -> list[MemoryItem]:
        return sorted((it for it in self._items.values() if it.vector is None), key=lambda it: it.id)[:limit]

    @locked
    def all_items(self, batch: int = 1000) -> list[MemoryItem]:
        return sorted(self._items.values(), key=lambda it: it.id)

    @locked
    def reset_vectors(self, dimensions: int) -> None:
        self._items = {i: it.with_(vector=None, context_vector=None) for i, it in self._items.items()}
        self._dimensions = dimensions
