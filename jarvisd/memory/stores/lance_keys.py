"""An in-process copy of the LanceDB table's filter and order columns (no content vectors).

Keyword recall orders every matching row by recency and by importance; asking LanceDB to scan and
sort the table twice per turn costs tens of milliseconds at 100k rows. This copy answers those two
arms with Arrow compute in a few milliseconds, and LanceDB then reads only the winners' rows. The
copy is tied to a table version: the store applies its own commits to it and reloads it whenever
the table moved in a way it did not make (another process, or an unexpected commit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from jarvisd.memory.stores.base import StoreQuery

KEY_COLUMNS = ["id", "user", "agent", "layer", "kind", "source", "session", "topic", "task_type", "outcome",
               "created_us", "importance", "superseded_by", "content_lc"]


def _us(value: Any) -> int:
    from jarvisd.memory.stores.lance import _us as to_us

    return to_us(value)


class KeyColumns:
    def __init__(self) -> None:
        self.table: pa.Table | None = None
        self.version = -1
        self.reloads = 0

    @property
    def ready(self) -> bool:
        return self.table is not None

    def load(self, table: pa.Table, version: int) -> None:
        self.table = table.select(KEY_COLUMNS).combine_chunks()
        self.version = version
        self.reloads += 1

    def invalidate(self) -> None:
        self.table, self.version = None, -1

    def apply(self, deleted: Sequence[str], upserted: pa.Table | None, version: int) -> None:
        """Our own commit: drop deleted and replaced ids, append the new rows."""
        if self.table is None:
            return
        gone = list(deleted) + (upserted.column("id").to_pylist() if upserted is not None else [])
        table = self.table
        if gone:
            table = table.filter(pc.invert(pc.is_in(table["id"], value_set=pa.array(gone, pa.string()))))
        if upserted is not None:
            table = pa.concat_tables([table, upserted.select(KEY_COLUMNS).cast(table.schema)])
        self.table = table.combine_chunks()
        self.version = version

    def _mask(self, q: StoreQuery, with_terms: bool) -> pa.ChunkedArray | pa.Array:
        t = self.table
        assert t is not None
        access = q.access
        mask = pc.equal(t["user"], access.user)
        layer_ok = pc.or_(
            pc.equal(t["layer"], "profile"),
            pc.or_(
                pc.and_(pc.equal(t["layer"], "edm"), pc.is_in(t["agent"], value_set=pa.array(access.edm_agents, pa.string()))),
                pc.and_(pc.equal(t["layer"], "pdm"), pc.is_in(t["agent"], value_set=pa.array(access.pdm_agents, pa.string()))),
            ),
        )
        mask = pc.and_(mask, layer_ok)
        if q.kinds:
            mask = pc.and_(mask, pc.is_in(t["kind"], value_set=pa.array(q.kinds, pa.string())))
        if q.sources:
            mask = pc.and_(mask, pc.is_in(t["source"], value_set=pa.array(q.sources, pa.string())))
        if q.exclude_sources:
            mask = pc.and_(mask, pc.invert(pc.is_in(t["source"], value_set=pa.array(q.exclude_sources, pa.string()))))
        for column, value in (("session", q.session), ("agent", q.agent), ("topic", q.topic),
                              ("task_type", q.task_type), ("outcome", q.outcome)):
            if value:
                mask = pc.and_(mask, pc.equal(t[column], value))
        if q.since:
            mask = pc.and_(mask, pc.greater_equal(t["created_us"], _us(q.since)))
        if q.until:
            mask = pc.and_(mask, pc.less(t["created_us"], _us(q.until)))
        if not q.include_superseded:
            mask = pc.and_(mask, pc.equal(t["superseded_by"], ""))
        if with_terms:
            terms = [term for term in q.terms if term]
            if not terms:
                return pa.array([False] * t.num_rows)
            hit = pc.match_substring(t["content_lc"], terms[0])
            for term in terms[1:]:
                hit = pc.or_(hit, pc.match_substring(t["content_lc"], term))
            mask = pc.and_(mask, hit)
        return mask

    def winners(self, q: StoreQuery, orders: Sequence[str]) -> list[str]:
        """Ids of the top `q.limit` rows under each order, same ties as the in-memory store."""
        assert self.table is not None
        if q.limit <= 0 or self.table.num_rows == 0:
            return []
        rows = self.table.select(["id", "created_us", "importance"]).filter(self._mask(q, q.match_required))
        wanted: dict[str, None] = {}
        for order in orders:
            keys = [("importance", "descending")] if order == "importance" else []
            keys += [("created_us", "descending"), ("id", "ascending")]
            top = rows.take(pc.sort_indices(rows, sort_keys=keys)[: q.limit])
            wanted.update((i, None) for i in top.column("id").to_pylist())
        return list(wanted)
