"""Which rows of the resident copy (`lance_resident.py`) win a store query: the top `q.limit` under
each order - recency, importance, the "keyword" score, vector cosine - with the same ties as the
in-memory store (`memory.py`), so both stores answer a recall alike.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance_resident import ResidentTable


def _top(rows: np.ndarray, values: np.ndarray, limit: int) -> np.ndarray:
    """The rows among `rows` with the `limit` largest `values`, plus every row tied with the last."""
    if rows.size <= limit:
        return rows
    picked = values[rows]
    return rows[picked >= np.partition(picked, rows.size - limit)[rows.size - limit]]


def _top_by(rows: np.ndarray, first: np.ndarray, then: np.ndarray, limit: int) -> np.ndarray:
    """A superset of the top `limit` rows by `first` then `then` (both descending): the rows above the
    cut-off `first` value, and the `limit` largest `then` (with ties) of the rows at it. Episodes
    share importance 0.5 and keyword scores tie often, so the cut-off group can be large."""
    head = _top(rows, first, limit)
    if head.size <= limit:
        return head
    cut = first[head].min()
    return np.concatenate([head[first[head] > cut], _top(head[first[head] == cut], then, limit)])


def winner_rows(copy: ResidentTable, q: StoreQuery, orders: Sequence[str],
                base: np.ndarray | None = None) -> list[int]:
    """Row numbers of the top `q.limit` rows under each order, same ties as the in-memory store
    (importance desc, then created desc, then id asc)."""
    assert copy.table is not None
    if q.limit <= 0 or copy.table.num_rows == 0:
        return []
    created, importance = copy.codes.numbers["created_us"], copy.codes.numbers["importance"]
    wanted: dict[int, None] = {}
    if "keyword" in orders:
        wanted.update((r, None) for r in keyword_rows(copy, q, base))
        orders = [o for o in orders if o != "keyword"]
    if not orders:
        return list(wanted)
    rows = np.flatnonzero(copy.mask(q, q.match_required, base))
    for order in orders:
        by_importance = order == "importance"
        head = _top_by(rows, importance, created, q.limit) if by_importance \
            else _top(rows, created, q.limit)
        keys = [(-float(importance[r]) if by_importance else 0.0, -int(created[r]), i)
                for r, i in zip(head.tolist(), copy.ids(head), strict=True)]
        ranked = sorted(zip(keys, head.tolist(), strict=True))[: q.limit]
        wanted.update((r, None) for _, r in ranked)
    return list(wanted)


def keyword_rows(copy: ResidentTable, q: StoreQuery, base: np.ndarray | None) -> list[int]:
    """The "keyword" order: allowed rows holding a term, by the summed `term_weights` of the terms
    they hold, then newest, then id - as the in-memory store orders them."""
    weights = q.term_weights if len(q.term_weights) == len(q.terms) else (1.0,) * len(q.terms)
    allowed = copy.mask(q, base=base)
    masks = copy.term_masks(q)
    held = np.logical_or.reduce(masks) if masks else np.zeros(len(allowed), dtype=bool)
    candidates = np.flatnonzero(allowed & held)
    score = np.zeros(len(allowed), dtype=np.float64)  # summed over the candidate rows only, in term order
    score[candidates] = sum((weight * hits[candidates] for hits, weight in zip(masks, weights, strict=True)),
                            np.zeros(len(candidates), dtype=np.float64))
    created = copy.codes.numbers["created_us"]
    # every row that can make the top `limit` (ties included), then sorted: scores tie often
    rows = _top_by(candidates, score, created, q.limit)
    ranked = rows[np.lexsort((-created[rows], -score[rows]))]
    if ranked.size > q.limit:  # keep the rows tied with the last one kept, for the id order below
        last = ranked[q.limit - 1]
        tail = ranked[q.limit :]
        tied = tail[(score[tail] == score[last]) & (created[tail] == created[last])]
        ranked = np.concatenate([ranked[: q.limit], tied])
    keys = [(-float(score[r]), -int(created[r]), i)
            for r, i in zip(ranked.tolist(), copy.ids(ranked), strict=True)]
    return [r for _, r in sorted(zip(keys, ranked.tolist(), strict=True))[: q.limit]]


def winners(copy: ResidentTable, q: StoreQuery, orders: Sequence[str]) -> list[str]:
    """Ids of the top `q.limit` rows under each order, same ties as the in-memory store."""
    return copy.ids(np.asarray(winner_rows(copy, q, orders), dtype=np.int64))


def nearest_rows(copy: ResidentTable, q: StoreQuery,
                 base: np.ndarray | None = None) -> list[tuple[int, float]]:
    """Vector search over the resident vectors: (row, cosine) >= `q.min_cosine`, best first
    (`ResidentVectors.nearest`: exact while the table or the allowed rows are few)."""
    assert copy.table is not None and copy.vectors is not None and q.vector is not None
    if q.limit <= 0 or len(q.vector) != copy.vectors.dimensions:
        return []
    query = np.asarray(q.vector, dtype=np.float32)
    query = query / (np.linalg.norm(query) or 1.0)
    allowed = copy.mask(q, base=base) & copy.codes.numbers["has_vector"]
    rows, sims = copy.vectors.nearest(allowed, query, q.limit)
    rows, sims = rows[sims >= q.min_cosine], sims[sims >= q.min_cosine]
    if rows.size > q.limit:  # the best `limit` and every row tied with the last: only they need ids
        best = sims >= np.partition(sims, rows.size - q.limit)[rows.size - q.limit]
        rows, sims = rows[best], sims[best]
    ids = copy.ids(rows)
    ranked = sorted(zip(sims.tolist(), ids, rows.tolist(), strict=True), key=lambda p: (-p[0], p[1]))
    return [(row, sim) for sim, _, row in ranked[: q.limit]]
