"""Cosines between a query vector and memory items: one pair, or many items in one numpy pass (the
higher of an item's turn vector and its context vector, `scoring.best_cosine`)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scoring import best_cosine


def cosine(a: Sequence[float] | None, b: Sequence[float] | None) -> float | None:
    if a is None or b is None or len(a) != len(b):
        return None
    va, vb = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    norm = float(np.linalg.norm(va) * np.linalg.norm(vb))
    return float(va @ vb) / norm if norm else None


def vector_cosines(q: np.ndarray, vectors: Sequence[Sequence[float] | None]) -> list[float | None]:
    with_vec = [i for i, v in enumerate(vectors) if v is not None and len(v) == len(q)]
    out: list[float | None] = [None] * len(vectors)
    if with_vec:  # fromiter: the same float32 values as asarray of the tuples, at half the cost
        flat = itertools.chain.from_iterable(vectors[i] for i in with_vec)  # type: ignore[misc]
        m = np.fromiter(flat, dtype=np.float32, count=len(with_vec) * len(q)).reshape(len(with_vec), len(q))
        norms = np.linalg.norm(m, axis=1) * float(np.linalg.norm(q))
        sims = (m @ q) / np.where(norms == 0, 1.0, norms)
        for i, sim in zip(with_vec, sims.tolist(), strict=True):
            out[i] = sim
    return out


def cosines(query: Sequence[float] | None, items: Sequence[MemoryItem]) -> list[float | None]:
    """Each item's relevance cosine to the query, in one pass: the higher of its turn vector's and its
    context vector's (`best_cosine`); None where the query or the item has no vector."""
    if query is None:
        return [None] * len(items)
    q = np.asarray(query, dtype=np.float32)
    own = vector_cosines(q, [it.vector for it in items])
    context = vector_cosines(q, [it.context_vector for it in items])
    return [best_cosine(a, b) for a, b in zip(own, context, strict=True)]


def item_cosine(query: Sequence[float] | None, item: MemoryItem) -> float | None:
    return best_cosine(cosine(query, item.vector), cosine(query, item.context_vector))
