"""The LanceDB store: one table of memory items on disk (or any LanceDB URI).

- The read policy is enforced here, never by callers: user first, then agent per layer. It is the
  SQL predicate of every LanceDB read (`access_predicate`) and the first mask of the key columns.
- Keyword matching is substring matching on a lower-cased copy of the content (`LIKE '%term%'`
  semantics), so recall works with no vectors at all.
- Reads are answered from an in-process copy of the table (`lance_resident.py`, tied to the table
  version): up to `resident_rows` rows the whole rows and vectors are kept, so a recall reads nothing
  from LanceDB and runs in the caller's thread (vector arm exact below `ivf_rows` rows, in-process
  IVF partitions above, `lance_vectors.py`). Above `resident_rows` only the filter and order columns
  are kept, LanceDB's IVF-PQ index answers the vector arm and the winners' rows are read from it.
  Which rows win is chosen in `lance_winners.py`; LanceDB's own reads are in `lance_search.py`.
- Rows without a vector carry zeros and `has_vector = false`. At `index_threshold` vectors a cosine
  IVF-PQ index (and a B-tree on `id`) is built in LanceDB and kept current (`lance_index.py`).
- Writes are buffered (`lance_buffer.py`) and flushed as one merge-insert before any read
  (read-your-writes), when the buffer is full, and on `flush()`/`close()`, so a turn costs no table
  commit of its own. Every buffered write is first appended to the store's journal
  (`lance_journal.py`), so a write is durable when the call returns: a store killed before its flush
  is replayed by the next one opened on the table. A remote URI has no journal: there each write
  commits before returning. Every commit goes through `_commit`, which keeps the copy in step.
- It speaks LanceDB's async API on one private event-loop thread (`lance_loop.py`, one hand-off per
  operation).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Coroutine, Sequence
from datetime import datetime, timedelta
from typing import Any

import lancedb
import pyarrow as pa

from jarvisd.errors import StartupError
from jarvisd.lance_damage import clear_never_committed
from jarvisd.lance_files import (
    local_table_dir,
    lost_newest_versions,
    mislabelled_fix,
    mislabelled_version,
    newest_named_version,
    special_file_problem,
    unwritable_folder,
)
from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scoring import Candidate
from jarvisd.memory.stores.base import DimensionMismatch, StoreQuery, locked
from jarvisd.memory.stores.blas import one_blas_thread, trim_heap
from jarvisd.memory.stores.lance_buffer import WriteBuffer
from jarvisd.memory.stores.lance_index import VectorIndex
from jarvisd.memory.stores.lance_journal import journal_dir_problem, side_dir
from jarvisd.memory.stores.lance_loop import LoopThread
from jarvisd.memory.stores.lance_resident import KEY_COLUMNS, ResidentTable
from jarvisd.memory.stores.lance_rows import (
    access_predicate,
    context_fields,
    from_row,
    query_predicate,
    row_vectors,
    schema,
    schema_problem,
    sql_in,
    sql_str,
    to_row,
    to_us,
)
from jarvisd.memory.stores.lance_search import fetch, nearest_both, read_rows
from jarvisd.memory.stores.lance_winners import nearest_rows, winner_rows, winners
from jarvisd.memory.stores.memory import vectors_cosine

log = logging.getLogger(__name__)

__all__ = ["LanceMemoryStore", "schema", "to_row", "from_row", "access_predicate", "query_predicate", "sql_in"]

TABLE = "memory_items"
DEFAULT_DIMENSIONS = 384
INDEX_THRESHOLD = 20_000  # vectors from which LanceDB's IVF-PQ index exists
IVF_ROWS = 4_096  # resident rows from which the in-process vector partitions exist (a flat scan of more
#                   than ~6 MB of vectors costs more than probing on a machine reading memory at ~2 GB/s)
RESIDENT_ROWS = 200_000  # up to: whole rows kept in process (~1.9 KB each at 384 dimensions, docs/memory.md)
FLUSH_ROWS = 256
# LanceDB caches index and metadata per table version, up to GBs by default; a resident daemon makes
# a version per turn, so the caches fill and churn (the soak: +63 MiB over 900 turns with 64 + 32 MiB,
# +26 MiB with 4 + 4 MiB, docs/reminders.md). Recall reads the resident copy, not LanceDB, up to
# `resident_rows`, so the caches serve little and are kept small.
SESSION_CACHE = {"index_cache_size_bytes": 4 << 20, "metadata_cache_size_bytes": 4 << 20}
COMPACT_EVERY = 100  # writes between compactions: each write adds a table version and a fragment
KEEP_VERSIONS_FOR = timedelta(minutes=1)  # old versions stay readable this long for other readers


class LanceMemoryStore:
    def __init__(
        self,
        uri: str,
        *,
        dimensions: int | None = None,
        table: str = TABLE,
        index_threshold: int = INDEX_THRESHOLD,
        resident_rows: int = RESIDENT_ROWS,
        ivf_rows: int = IVF_ROWS,
        flush_rows: int = FLUSH_ROWS,
        storage_options: dict[str, str] | None = None,
        consistency: timedelta | None = timedelta(seconds=5),
        map_vectors: bool = True,
    ) -> None:
        """`consistency`: how stale a read may be with respect to other processes' writes (another
        jarvisd, `jarvisd memory reembed`); the in-process copy is checked against the table's
        version at most this often (every read with `timedelta(0)`, never with None) and reloads
        when the table moved. `map_vectors`: keep the copy's raw vectors in file-backed maps beside
        a local table (`<uri>/<table>.vectors/`, unlinked files) instead of on the heap."""
        one_blas_thread()  # the copy's scans are small products: OpenBLAS's extra threads only wait (blas.py)
        self._run = LoopThread.get().run
        # writes that reached the disk (journaled or committed): memory's health takes only these as proof that a
        # failing store works again (pass 61a: `/remember reembed` with nothing to embed announced "works again")
        self.writes_done = 0
        self._lock = threading.RLock()  # agent turns call from worker threads; one writer buffer
        self._name = table
        self.index_threshold = index_threshold
        self.flush_rows = flush_rows
        self.resident_rows = resident_rows
        self._copy = ResidentTable(max_vector_rows=resident_rows, ivf_rows=ivf_rows,
                                   vector_dir=side_dir(uri, table, "vectors") if map_vectors else None)
        self._consistency = consistency
        self._checked_at = -math.inf  # monotonic time the copy was last checked against the table
        if (root := local_table_dir(uri, table)) is not None and (folder := unwritable_folder(root.parent, table)):
            # before LanceDB walks it: a folder this user cannot enter (mode 000, a copy owned by another user) was
            # LanceDB's "UnableToWalkDir … Permission denied", then a PermissionError traceback (pass72b)
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {folder}")
        self._db = self._run(lancedb.connect_async(uri, storage_options=storage_options,
                                                   read_consistency_interval=consistency,
                                                   session=lancedb.Session(**SESSION_CACHE)))
        self._dimensions: int = dimensions or DEFAULT_DIMENSIONS
        self._schema_problem: str | None = None
        local = local_table_dir(uri, table)
        if local is not None and (special := special_file_problem(local.parent, table)):
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {special}")
        if (journal := journal_dir_problem(uri, table)) is not None:  # before LanceDB walks the folder (a link loop)
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {journal}")
        if local is not None and local.exists():
            try:  # a creation a full disk cut short: only empty folders, never a record
                clear_never_committed(local)
            except OSError:
                pass  # LanceDB's own error names it below
        named = newest_named_version(uri, table) if local is not None else None  # read before the open
        self._table = self._run(self._open())
        if named is not None and (mislabelled := mislabelled_version(named, self._run(self._table.version()))):
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {mislabelled}; "
                               f"{mislabelled_fix(named)}")
        if local is not None and (lost := lost_newest_versions(uri, table, self._run(self._table.version()))):
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {lost[0]}; {lost[1]}")
        if self._schema_problem:
            # health reads this module, so it is imported here, not at the top
            from jarvisd.memory.health import schema_refusal

            raise schema_refusal(uri, table, self._schema_problem)
        self._writes_since_compaction = 0
        self._upkeep_failing: str | None = None   # the last index or compaction failure, while it lasts
        self._index = VectorIndex()
        self._run(self._index.read(self._table))
        self._writes = WriteBuffer(uri, table)
        self._writes.replay_orphans(self.flush)

    async def _open(self) -> Any:
        if self._name in (await self._db.list_tables()).tables:
            table = await self._db.open_table(self._name)
            stored = await table.schema()
            self._schema_problem = schema_problem(stored)
            if self._schema_problem:  # refused in __init__, off the loop thread, with the version that fits
                return table
            self._dimensions = stored.field("vector").type.list_size
            if "context_vector" not in stored.names:  # a table written before turn context vectors
                await table.add_columns(context_fields(self._dimensions))
            return table
        return await self._db.create_table(self._name, schema=schema(self._dimensions))

    @property
    def vector_dimensions(self) -> int | None:
        return self._dimensions

    @property
    def unreplayed_journals(self) -> list[tuple[str, str]]:
        """(path, why) of each killed store's journal this start could not write to the table."""
        return list(self._writes.unreplayed)

    @property
    def damaged_journals(self) -> list[tuple[str, str]]:
        """(path, what of it is not in memory) of each killed store's journal this start found damaged."""
        return list(self._writes.damaged)

    # ---- writes ---------------------------------------------------------------------------------

    @locked
    def upsert(self, items: Sequence[MemoryItem]) -> None:
        """Durable when it returns: journaled (local table) or committed (remote URI)."""
        for item in items:
            if item.vector is not None and len(item.vector) != self._dimensions:
                raise DimensionMismatch(self._dimensions, len(item.vector))
        self._writes.upsert(items, [to_row(item, self._dimensions) for item in items])
        self._after_write()
        self.writes_done += bool(items)

    @locked
    def delete(self, ids: Sequence[str]) -> None:
        """Durable when it returns, as `upsert`."""
        self._writes.delete(ids)
        self._after_write()
        self.writes_done += bool(ids)

    def _after_write(self) -> None:
        if self._writes.due(self.flush_rows):
            self.flush()

    @locked
    def flush(self) -> None:
        if len(self._writes):
            self._run(self._flush())
            self.writes_done += 1
        self._writes.committed()

    async def _flush(self) -> None:
        # the buffer is emptied only once its commit succeeded: a failed commit stays pending (and journaled)
        writes = self._writes
        if writes.deletes:
            doomed = sorted(writes.deletes)
            await self._commit(self._table.delete(sql_in("id", doomed)), deleted=doomed)
            writes.deletes.clear()
        merged = bool(writes.rows)
        if writes.rows:
            data = pa.Table.from_pylist(list(writes.rows.values()), schema=schema(self._dimensions))
            merge = self._table.merge_insert("id").when_matched_update_all().when_not_matched_insert_all()
            await self._commit(merge.execute(data), upserted=data)
            writes.rows.clear()
            self._index.unindexed += data.num_rows
        # the writes are in the table: what follows is upkeep, and its failure is no failed write (pass 61a: a
        # full disk failed `optimize` after the merge had committed, and the `/remember` whose flush ran it
        # answered "memory failed … No space left on device" for a fact that was kept, memory "failing")
        try:
            if merged:
                await self._maybe_index()
            self._writes_since_compaction += 1
            if self._writes_since_compaction >= COMPACT_EVERY:
                await self._compact()
        except Exception as exc:
            self._upkeep_failed(exc)
            return
        if self._upkeep_failing is not None and self._writes_since_compaction == 0:   # a compaction went through
            log.info("memory store: its upkeep (index, compaction) works again")
            self._upkeep_failing = None

    def _upkeep_failed(self, exc: Exception) -> None:
        """Said once per failing spell (a log line, not a traceback per write); tried again at the next
        `COMPACT_EVERY` writes. Memory works meanwhile: more small fragments and table versions, that is all."""
        from jarvisd.errors import first_line

        why = f"{type(exc).__name__}: {first_line(exc).split(', /root/.cargo', 1)[0]}"
        if self._upkeep_failing is None:
            log.warning("memory store: its upkeep (index, compaction) failed (%s); the writes before it are kept; "
                        "tried again after %d more writes (for a full disk, free space)", why, COMPACT_EVERY)
        self._upkeep_failing = why

    async def _compact(self) -> None:
        """Merge small fragments and drop versions older than KEEP_VERSIONS_FOR. A resident daemon
        writes once per turn; without this, fragments, versions and resident memory grow without
        bound (scripts/soak_daemon.py: +23 MiB per 100 turns with, +45 MiB without)."""
        self._writes_since_compaction = 0
        await self._commit(self._table.optimize(cleanup_older_than=KEEP_VERSIONS_FOR))

    async def _commit(self, write: Coroutine[Any, Any, Any], *, deleted: Sequence[str] = (),
                      upserted: pa.Table | None = None,
                      touched: tuple[list[str], int, list[str]] | None = None) -> None:
        """Run one write; keep the in-process copy in step when it was the table's only change."""
        try:
            before = await self._table.version()
        except BaseException:
            write.close()  # never started (the table's folder gone): no "coroutine was never awaited" (pass 26)
            raise
        in_step = self._copy.ready and self._copy.version == before
        await write
        after = await self._table.version()
        if in_step and after - before <= 1 and touched is not None:
            self._copy.touched(*touched, version=after)
        elif in_step and after - before <= 1:
            self._copy.apply(deleted, upserted, after)
        else:
            self._copy.invalidate()

    def _fresh(self) -> bool:
        """The copy may answer without asking LanceDB for the table version: it follows our own
        commits, and other processes' commits need only be seen within `consistency`."""
        if not self._copy.ready:
            return False
        if self._consistency is None:
            return True
        return time.monotonic() - self._checked_at < self._consistency.total_seconds()

    async def _sync_copy(self) -> None:
        version = await self._table.version()
        if not self._copy.ready or self._copy.version != version:
            whole = await self._table.count_rows() <= self.resident_rows
            query = self._table.query() if whole else self._table.query().select(KEY_COLUMNS)
            self._copy.load(await query.to_arrow(), version, self._dimensions)
        self._checked_at = time.monotonic()

    @locked
    def close(self) -> None:
        self.flush()
        self._writes.close()

    @locked
    def ensure_index(self) -> bool:
        """Build the vector index now if the table is large enough; True when one exists."""
        self.flush()
        self._run(self._maybe_index())
        return self._index.built

    async def _maybe_index(self) -> None:
        """Build or update LanceDB's indexes when due (`lance_index.py`)."""
        await self._index.maybe_build(self._table, self._commit, self._dimensions, self.index_threshold)

    # ---- reads ----------------------------------------------------------------------------------

    @locked
    def warm(self) -> None:
        """Load the resident copy and train its partitions now: the daemon calls this at start, so the
        first turn does not pay the cold open (1.4-7 s at 100k rows)."""
        self._resident()

    def _resident(self) -> bool:
        """Bring the copy up to date if it is due; True when whole rows are in process."""
        if not self._fresh():
            loads = self._copy.reloads
            self._run(self._sync_copy())
            if self._copy.reloads != loads:  # the load's freed Arrow and numpy buffers back to the OS
                trim_heap()
        return self._copy.resident

    @locked
    def get(self, ids: Sequence[str], access: AccessFilter) -> list[MemoryItem]:
        self.flush()
        if not ids:
            return []
        if self._resident():
            rows = self._copy.rows_for(ids)
            return [from_row(r) for r in rows if access.allows(r["user"], r["agent"], r["layer"])]
        predicate = f"({access_predicate(access)}) AND {sql_in('id', list(ids))}"
        return [from_row(r) for r in self._run(read_rows(self._table, predicate, len(ids)))]

    @locked
    def cosines(self, ids: Sequence[str], vector: Sequence[float]) -> dict[str, float]:
        self.flush()
        if not ids or len(vector) != (self._dimensions or 0):
            return {}
        if self._resident():
            return self._copy.cosines_of(ids, vector)
        columns = ["id", "has_vector", "vector", "has_context", "context_vector"]
        rows = self._run(read_rows(self._table, sql_in("id", list(ids)), len(ids), columns=columns))
        return {r["id"]: c for r in rows if (c := vectors_cosine(vector, row_vectors(r))) is not None}

    def search(self, q: StoreQuery) -> list[Candidate]:
        return self.gather(q, [q.order])

    @locked
    def gather(self, q: StoreQuery, orders: Sequence[str]) -> list[Candidate]:
        """Resident table: everything from the in-process copy, in the caller's thread. Otherwise
        recency and importance winners from the key columns and the vector order from one ANN query,
        then one read of the winners' rows, in one hand-off to the loop thread."""
        self.flush()
        if q.limit <= 0:
            return []
        if self._resident():
            return self._gather_resident(q, orders)
        return self._run(self._gather(q, orders))

    def _gather_resident(self, q: StoreQuery, orders: Sequence[str]) -> list[Candidate]:
        copy = self._copy
        base = copy.mask(q)
        wanted = winner_rows(copy, q, [o for o in orders if o != "vector"], base)
        cosines: dict[int, float] = {}
        if "vector" in orders and q.vector is not None:
            cosines = dict(nearest_rows(copy, q, base))
        wanted = list(dict.fromkeys([*wanted, *cosines]))
        if q.vector is not None:  # every candidate's cosine, so the caller need not recompute it
            cosines = {**dict(copy.cosines_at(wanted, q.vector)), **cosines}
        rows = copy.rows_at(wanted)
        return [Candidate(from_row(r), cosines.get(w)) for w, r in zip(wanted, rows, strict=True)
                if q.access.allows(r["user"], r["agent"], r["layer"])]

    async def _gather(self, q: StoreQuery, orders: Sequence[str]) -> list[Candidate]:
        """Winner ids from the key columns (recency, importance) and from the ANN index, then one
        read of the winners' whole rows."""
        await self._sync_copy()
        wanted = winners(self._copy, q, [o for o in orders if o != "vector"])
        cosines: dict[str, float] = {}
        if "vector" in orders and q.vector is not None:
            cosines = await nearest_both(self._table, q, self._dimensions, self._index.built)
        wanted = list(dict.fromkeys([*wanted, *cosines]))
        if not wanted:
            return []
        return await fetch(self._table, q, wanted, cosines)

    @locked
    def term_counts(self, q: StoreQuery) -> tuple[int, list[int]]:
        """From the in-process copy's word index (its key columns are kept at any size)."""
        self.flush()
        self._resident()
        return self._copy.term_counts(q)

    @locked
    def touch(self, ids: Sequence[str], when: datetime, rehearsed: Sequence[str] = ()) -> None:
        self.flush()
        if ids:
            self._run(self._touch(list(ids), when, list(rehearsed)))

    async def _touch(self, ids: list[str], when: datetime, rehearsed: list[str]) -> None:
        await self._commit(self._table.update({"accessed_us": to_us(when)}, where=sql_in("id", ids)),
                           touched=(ids, to_us(when), []))
        if rehearsed:
            await self._commit(self._table.update(where=sql_in("id", rehearsed),
                                                  updates_sql={"rehearsals": "rehearsals + 1"}),
                               touched=([], 0, rehearsed))

    @locked
    def delete_session(self, user: str, agent: str, session: str, sources: Sequence[str]) -> int:
        self.flush()
        predicate = (f"user = {sql_str(user)} AND agent = {sql_str(agent)} AND session = {sql_str(session)}"
                     f" AND {sql_in('source', sources)}")

        async def run() -> int:
            found = await self._table.query().where(predicate).select(["id"]).to_arrow()
            doomed = found.column("id").to_pylist()
            if doomed:
                await self._commit(self._table.delete(predicate), deleted=doomed)
            return len(doomed)

        return self._run(run())

    @locked
    def count(self) -> int:
        self.flush()
        return self._run(self._table.count_rows())

    @locked
    def count_without_vector(self) -> int:
        self.flush()
        return self._run(self._table.count_rows("has_vector = false"))

    @locked
    def missing_vectors(self, limit: int) -> list[MemoryItem]:
        self.flush()
        rows = self._run(read_rows(self._table, "has_vector = false", limit))
        return sorted((from_row(r) for r in rows), key=lambda it: it.id)

    @locked
    def all_items(self, batch: int = 1000) -> list[MemoryItem]:
        self.flush()
        rows = self._run(read_rows(self._table, "true"))
        return sorted((from_row(r) for r in rows), key=lambda it: it.id)

    @locked
    def reset_vectors(self, dimensions: int) -> None:
        """Rewrite the table with `dimensions`-wide vector slots, all empty (an embedder change), in one
        commit: LanceDB's overwrite writes the rows, then makes them the table's newest version, so a
        kill or a full disk at any moment leaves either the old table or the new one, never an empty
        one, and the old version stays readable (`jarvisd doctor`'s restore) until compaction. Before,
        the table was dropped, created and filled: a SIGKILL in between lost every memory."""
        items = [it.with_(vector=None, context_vector=None) for it in self.all_items()]
        data = pa.Table.from_pylist([to_row(it, dimensions) for it in items], schema=schema(dimensions))

        async def run() -> Any:
            return await self._db.create_table(self._name, data, schema=schema(dimensions), mode="overwrite")

        self._table = self._run(run())
        self._dimensions = dimensions
        self._index.reset()
        self._copy.invalidate()
