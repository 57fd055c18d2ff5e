"""Reads the LanceDB store asks of LanceDB itself - rows by predicate, and the vector arm through
LanceDB's ANN index - for when its in-process copy does not hold whole rows (above `resident_rows`,
`lance_resident.py`) and for maintenance reads. Run on the store's loop thread (`lance_loop.py`)."""

from __future__ import annotations

from typing import Any

from jarvisd.memory.scoring import Candidate
from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance_rows import access_predicate, from_row, query_predicate, sql_in


async def read_rows(table: Any, predicate: str, limit: int | None = None,
                    columns: list[str] | None = None) -> list[dict[str, Any]]:
    query = table.query().where(predicate)
    if columns is not None:
        query = query.select(columns)
    if limit is not None:
        query = query.limit(limit)
    return pylist(await query.to_arrow())


PYLIST_ROWS = 256  # rows made into Python objects per call, each call holding the GIL


def pylist(table: Any) -> list[dict[str, Any]]:
    """`table.to_pylist()` a slice at a time. One call holds the GIL until every row is a dict: for 30,000
    rows with their vectors (`all_items`, as `/remember reembed` reads them) that was 2-4.7 s in which the
    daemon's event loop could not run (the HUD's `/api/status` waited as long). Between slices the
    other threads run."""
    rows: list[dict[str, Any]] = []
    for start in range(0, table.num_rows, PYLIST_ROWS):
        rows.extend(table.slice(start, PYLIST_ROWS).to_pylist())
    return rows


async def fetch(table: Any, q: StoreQuery, ids: list[str], cosines: dict[str, float]) -> list[Candidate]:
    """Whole rows of the winners; the access predicate is applied again by LanceDB."""
    predicate = f"({access_predicate(q.access)}) AND {sql_in('id', ids)}"
    rows = {r["id"]: r for r in await read_rows(table, predicate, len(ids))}
    return [Candidate(from_row(rows[i]), cosines.get(i)) for i in ids if i in rows]


async def nearest_both(table: Any, q: StoreQuery, dimensions: int, indexed: bool) -> dict[str, float]:
    """The vector arm over turn vectors and context vectors: the `q.limit` best ids by the higher
    of their two cosines (`scoring.best_cosine`)."""
    best: dict[str, float] = {}
    for column, flag in (("vector", "has_vector"), ("context_vector", "has_context")):
        for i, cos in await nearest_ids(table, q, dimensions, indexed, column, flag):
            best[i] = max(cos, best.get(i, cos))
    ranked = sorted(best.items(), key=lambda p: (-p[1], p[0]))[: q.limit]
    return dict(ranked)


async def nearest_ids(table: Any, q: StoreQuery, dimensions: int, indexed: bool, column: str = "vector",
                      flag: str = "has_vector") -> list[tuple[str, float]]:
    """ANN through the index (`indexed`), ids and cosines only. The fast path filters after the
    search (4x the rows asked for); when too few survive, the search is redone with a prefilter."""
    if q.vector is None or len(q.vector) != dimensions or q.limit <= 0:
        return []
    predicate = query_predicate(q, with_terms=False) + f" AND {flag} = true"

    def build(limit: int) -> Any:
        search = (table.vector_search(list(q.vector)).column(column).distance_type("cosine")
                  .where(predicate).select(["id"]).limit(limit))
        return search.nprobes(20).refine_factor(2) if indexed else search

    rows: list[dict[str, Any]] = []
    if indexed:
        rows = (await build(q.limit * 4).postfilter().to_arrow()).to_pylist()
    if len(rows) < q.limit:
        rows = (await build(q.limit).to_arrow()).to_pylist()
    pairs = [(row["id"], 1.0 - float(row["_distance"])) for row in rows[: q.limit]]
    return [(i, cos) for i, cos in pairs if cos >= q.min_cosine]
