"""An in-process copy of the LanceDB table (`ResidentTable`): its filter and order columns always
and, up to `resident_rows` rows, every other column too (vectors as a float32 matrix,
`lance_vectors.py`; filter columns as codes, `lance_codes.py`; the word index, `lance_words.py`).
Which rows win a query is chosen from it in `lance_winners.py`.

Keyword recall orders every matching row by recency and by importance; asking LanceDB to scan and
sort the table twice per turn costs tens of milliseconds at 100k rows, and every LanceDB query costs
milliseconds of hand-off and planning even on small tables. While the whole table is resident, a
recall is answered here with numpy and Arrow compute and reads nothing from LanceDB: candidate rows
from the masks and the word index, vector matches from the matrix (exact below `ivf_rows`, through
in-process IVF partitions above), and the winners' items from the copy. Above `resident_rows` only
the filter and order columns are kept; LanceDB's IVF-PQ index answers the vector arm and the
winners' rows are read from the table.

The copy is a cache tied to a table version: the store applies its own commits to it (including
`touch`) and reloads it whenever the table moved in a way it did not make (another process, or an
unexpected commit). LanceDB stays the source of truth.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.ma  # noqa: F401 - `pa.array(ndarray)` looks at np.ma: imported lazily inside the first recall, it held
import pyarrow as pa  # the GIL ~80 ms, the speaker's callback underran and its stream came back 1.3 s late (turn 1)
import pyarrow.compute as pc

from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance_codes import RowCodes
from jarvisd.memory.stores.lance_vectors import ResidentVectors
from jarvisd.memory.stores.lance_words import WordIndex

log = logging.getLogger(__name__)

KEY_COLUMNS = ["id", "user", "agent", "layer", "kind", "source", "session", "topic", "task_type", "outcome",
               "created_us", "importance", "accessed_us", "rehearsals", "superseded_by", "content_lc",
               "has_vector"]
ROW_COLUMNS = ["content", "metadata"]  # the rest of a row (besides the vector) kept while resident


MAX_COMPONENT = 1e18   # a vector component beyond this (3e38, inf) is no embedder's: its norm overflows float32
SCAN_ROWS = 8_192      # rows checked at a time (a bool matrix of the whole table would be its size again)


def _usable(vectors: np.ndarray) -> np.ndarray:
    """`vectors` with each row that holds a NaN, an infinity or a component past MAX_COMPONENT made zero: such a row
    (written by hand or by a broken embedder) has no cosine, and is found by its words as a row without a vector.
    pass75: rows of `inf` and 3e38 printed numpy's overflow and invalid-divide RuntimeWarnings on stderr at start."""
    bad = np.zeros(len(vectors), dtype=bool)
    for start in range(0, len(vectors), SCAN_ROWS):
        block = vectors[start:start + SCAN_ROWS]
        bad[start:start + SCAN_ROWS] = ~(np.abs(np.nan_to_num(block, nan=np.inf)) <= MAX_COMPONENT).all(axis=1)
    if not bad.any():
        return vectors
    log.warning("memory: %d row(s) hold a vector that is not usable (NaN, infinite or out of range): they are found "
                "by their words only", int(bad.sum()))
    usable = np.array(vectors, dtype=np.float32)
    usable[bad] = 0.0
    return usable


def _vectors_of(table: pa.Table, dimensions: int) -> np.ndarray:
    flat = table.column("vector").combine_chunks().values.to_numpy(zero_copy_only=False)
    return _usable(np.asarray(flat, dtype=np.float32).reshape(-1, dimensions))


def _context_of(table: pa.Table, dimensions: int) -> tuple[np.ndarray, np.ndarray]:
    """The turn episodes' context vectors (zeros where a row has none) and which rows have one."""
    if "context_vector" not in table.column_names:
        return np.zeros((table.num_rows, dimensions), dtype=np.float32), np.zeros(table.num_rows, dtype=bool)
    column = table.column("context_vector").combine_chunks()
    flags = pc.fill_null(table.column("has_context"), False).combine_chunks()
    has = np.asarray(pc.and_(flags, column.is_valid()).to_numpy(zero_copy_only=False), dtype=bool)
    flat = np.asarray(column.values.to_numpy(zero_copy_only=False), dtype=np.float32).reshape(-1, dimensions)
    return np.where(has[:, None], _usable(flat), 0.0).astype(np.float32), has


class ResidentTable:
    """The copy (module doc). Append-only in step with the store's commits: replaced and deleted rows
    are tombstoned, and the copy is compacted when a fifth of it is dead or not yet in the word index."""

    def __init__(self, max_vector_rows: int = 200_000, ivf_rows: int = 20_000,
                 vector_dir: Path | None = None) -> None:
        """`vector_dir`: where the raw vectors' file-backed maps go (`lance_vectors.MappedRows`);
        None keeps them on the heap."""
        self.table: pa.Table | None = None
        self.vector_dir = vector_dir
        self.alive = np.zeros(0, dtype=bool)
        self.vectors: ResidentVectors | None = None  # aligned with `table` while the whole row is resident
        self.max_vector_rows = max_vector_rows
        self.ivf_rows = ivf_rows
        self.version = -1
        self.reloads = 0
        self._words = WordIndex()
        self.codes = RowCodes()
        self._term_memo: tuple[tuple[object, ...], list[np.ndarray]] | None = None
        self._row_of: dict[str, int] | None = None  # id -> its latest row while resident (`cosines_of`)
        self._id_of: np.ndarray | None = None  # row -> id (the same strings, object array) while resident

    @property
    def ready(self) -> bool:
        return self.table is not None

    @property
    def resident(self) -> bool:
        """Whole rows (vectors included) are in process: a read needs nothing from LanceDB."""
        return self.table is not None and self.vectors is not None

    def load(self, table: pa.Table, version: int, dimensions: int) -> None:
        """`table` holds KEY_COLUMNS, plus ROW_COLUMNS and `vector` when the caller wants the rows
        resident (ignored above `max_vector_rows`)."""
        resident = "vector" in table.column_names and table.num_rows <= self.max_vector_rows
        self.vectors, self._term_memo, self._row_of, self._id_of = None, None, None, None
        if resident:
            self.vectors = ResidentVectors(_vectors_of(table, dimensions), *_context_of(table, dimensions),
                                           ivf_rows=self.ivf_rows, directory=self.vector_dir)
        self.table = table.select(KEY_COLUMNS + (ROW_COLUMNS if resident else [])).combine_chunks()
        self.alive = np.ones(self.table.num_rows, dtype=bool)
        self._words.build(self.table)
        self.codes.build(self.table)
        self._map_rows()
        self.version = version
        self.reloads += 1

    def invalidate(self) -> None:
        self.table, self.vectors, self.version = None, None, -1
        self._term_memo, self._row_of, self._id_of = None, None, None

    def _positions(self, ids: Sequence[str]) -> np.ndarray:
        """The live rows of `ids` as a mask: through the id -> row map while resident (an id has one
        live row), else an `is_in` over the id column (~2 ms at 100k rows)."""
        assert self.table is not None
        if self._row_of is not None:
            mask = np.zeros(len(self.alive), dtype=bool)
            mask[[r for i in ids if (r := self._row_of.get(i)) is not None]] = True
            return mask & self.alive
        hit = pc.is_in(self.table["id"], value_set=pa.array(list(ids), pa.string()))
        return np.asarray(hit.to_numpy(zero_copy_only=False), dtype=bool) & self.alive

    def apply(self, deleted: Sequence[str], upserted: pa.Table | None, version: int) -> None:
        """Our own commit: tombstone deleted and replaced ids, append the new rows. When the vectors'
        maps cannot grow (a full disk), the copy is dropped and the next read reloads it."""
        try:
            self._apply(deleted, upserted, version)
        except OSError as exc:
            # the reload keeps its vectors on the heap until the daemon restarts: a folder with room for the copy
            # but not for its growth dropped and reloaded it at every write (pass 30: 33 times in a second)
            maps = self.vector_dir
            self.vector_dir = None
            log.warning("memory copy dropped, reloaded at the next read%s: %s",
                        f" with its vectors on the heap (cannot grow the maps in {maps})" if maps else "", exc)
            self.invalidate()

    def _apply(self, deleted: Sequence[str], upserted: pa.Table | None, version: int) -> None:
        if self.table is None:
            return
        gone = list(deleted) + (upserted.column("id").to_pylist() if upserted is not None else [])
        if gone:
            self.alive &= ~self._positions(gone)
        if upserted is not None and upserted.num_rows:
            added = upserted.select(self.table.column_names).cast(self.table.schema)
            if self._row_of is not None and self._id_of is not None:  # the new rows follow the old ones
                start, fresh = self.table.num_rows, added.column("id").to_pylist()
                self._row_of.update((i, start + n) for n, i in enumerate(fresh))
                self._id_of = np.concatenate([self._id_of, np.array(fresh, dtype=object)])
            self.table = pa.concat_tables([self.table, added])
            self.codes.append(added)
            self.alive = np.concatenate([self.alive, np.ones(upserted.num_rows, dtype=bool)])
            if self.vectors is not None:
                dimensions = self.vectors.dimensions
                self.vectors.append(_vectors_of(upserted, dimensions), *_context_of(upserted, dimensions))
        if self.vectors is not None and int(self.alive.sum()) > self.max_vector_rows:
            self.vectors, self._row_of, self._id_of = None, None, None
            self.table = self.table.select(KEY_COLUMNS)
        self.version = version
        stale = (len(self.alive) - int(self.alive.sum())) + (len(self.alive) - self._words.upto)
        if stale > max(64, len(self.alive) // 5):
            self._compact()

    def touched(self, ids: Sequence[str], accessed_us: int, rehearsed: Sequence[str], version: int) -> None:
        """Our own `touch` commit(s): `last_accessed` and rehearsal counts of live rows."""
        if self.table is None:
            return
        numbers = self.codes.numbers
        numbers["accessed_us"][self._positions(ids)] = accessed_us
        if rehearsed:
            numbers["rehearsals"][self._positions(rehearsed)] += 1
        self.version = version

    def _compact(self) -> None:
        assert self.table is not None
        self.table = self.table.filter(pa.array(self.alive)).combine_chunks()
        if self.vectors is not None:
            self.vectors.keep(self.alive)
        self.codes.keep(self.alive)
        self.alive = np.ones(self.table.num_rows, dtype=bool)
        self._words.build(self.table)
        self._map_rows()  # rows renumbered

    def _map_rows(self) -> None:
        """id -> row and row -> id for the resident copy, built with the copy (75 ms at 100k rows,
        about 13 MB and 0.8 MB: the strings are shared) so no recall pays for them; appends keep them
        in step. A recall asks a few hundred rows' ids (ties go by id): an Arrow `take` per call cost
        0.4 ms of the recall's 15."""
        assert self.table is not None
        ids = self.table.column("id").to_pylist() if self.vectors is not None else None
        self._row_of = dict(zip(ids, range(len(ids)), strict=True)) if ids is not None else None
        self._id_of = np.array(ids, dtype=object) if ids is not None else None

    def term_hits(self, terms: Sequence[str]) -> np.ndarray:
        """Rows whose content holds any term as a substring: word index for the indexed prefix,
        a substring scan for the rows appended since."""
        assert self.table is not None
        hits = self._words.rows_with(terms, len(self.alive))
        tail = self.table.slice(self._words.upto)
        if tail.num_rows:
            found = pc.match_substring(tail["content_lc"], terms[0])
            for term in terms[1:]:
                found = pc.or_(found, pc.match_substring(tail["content_lc"], term))
            hits[self._words.upto :] = np.asarray(found.to_numpy(zero_copy_only=False), dtype=bool)
        return hits

    def mask(self, q: StoreQuery, with_terms: bool = False, base: np.ndarray | None = None) -> np.ndarray:
        """The store query's filters as a boolean row mask, its terms too when `with_terms`. `base`:
        this query's mask without terms, when already computed (share it between the orders of one
        recall, `lance_winners.py`)."""
        if base is None:
            base = self.codes.mask(q, self.alive)
        if not with_terms:
            return base
        if not any(q.terms):
            return np.zeros(len(base), dtype=bool)
        return base & np.logical_or.reduce(self.term_masks(q))  # shared with term_counts and "keyword"

    def ids(self, rows: np.ndarray) -> list[str]:
        assert self.table is not None
        if self._id_of is not None:
            return self._id_of[rows].tolist()  # type: ignore[no-any-return]
        return self.table.column("id").take(pa.array(rows, pa.int64())).to_pylist()

    def term_masks(self, q: StoreQuery) -> list[np.ndarray]:
        """Each term's rows; the last query's are kept (`term_counts` then the keyword order ask for the
        same terms in one recall) until the copy changes."""
        key = (q.terms, self.version, len(self.alive), self._words.upto)
        if self._term_memo is None or self._term_memo[0] != key:
            masks = [self.term_hits([t]) if t else np.zeros(len(self.alive), dtype=bool) for t in q.terms]
            self._term_memo = (key, masks)
        return self._term_memo[1]

    def term_counts(self, q: StoreQuery, base: np.ndarray | None = None) -> tuple[int, list[int]]:
        """Rows the filters allow, and how many of them contain each term (word index lookups)."""
        assert self.table is not None
        allowed = self.mask(q, base=base)
        return int(allowed.sum()), [int((allowed & hits).sum()) for hits in self.term_masks(q)]

    def cosines_at(self, rows: Sequence[int], vector: Sequence[float]) -> list[tuple[int, float]]:
        """(row, cosine) of resident rows with a vector: the higher of the turn and context vectors'."""
        assert self.vectors is not None
        at = np.asarray(rows, dtype=np.int64)
        at = at[self.codes.numbers["has_vector"][at]] if at.size else at
        if not at.size or len(vector) != self.vectors.dimensions:
            return []
        query = np.asarray(vector, dtype=np.float32)
        query = query / (np.linalg.norm(query) or 1.0)
        return list(zip(at.tolist(), self.vectors.cosines(at, query).tolist(), strict=True))

    def cosines_of(self, ids: Sequence[str], vector: Sequence[float]) -> dict[str, float]:
        """`cosines_at` for the live `ids`, found through the id -> row map (`_map_rows`; a full
        `is_in` over the id column would cost ~2 ms at 100k rows)."""
        assert self.table is not None and self._row_of is not None
        pairs = [(i, r) for i in ids if (r := self._row_of.get(i)) is not None and self.alive[r]]
        by_row = dict(self.cosines_at([r for _, r in pairs], vector))
        return {i: by_row[r] for i, r in pairs if r in by_row}

    def rows_at(self, rows: Sequence[int]) -> list[dict[str, Any]]:
        """Whole rows (as LanceDB returns them) for resident row numbers."""
        assert self.table is not None and self.vectors is not None
        at = np.asarray(rows, dtype=np.int64)
        taken = self.table.take(pa.array(at))
        columns = {name: taken.column(name).to_pylist() for name in taken.column_names}  # faster than by row
        out = [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]
        numbers = self.codes.numbers
        for row, r in zip(out, at.tolist(), strict=True):
            row["accessed_us"], row["rehearsals"] = int(numbers["accessed_us"][r]), int(numbers["rehearsals"][r])
            vector, context = self.vectors.vectors_of(r)
            row["vector"] = tuple(vector.tolist())  # the item's tuple as is (`row_vectors`)
            row["has_context"] = context is not None
            row["context_vector"] = tuple(context.tolist()) if context is not None else None
        return out

    def rows_for(self, ids: Sequence[str]) -> list[dict[str, Any]]:
        """Whole resident rows of the live `ids` (any order)."""
        return self.rows_at(np.flatnonzero(self._positions(ids)).tolist())

    def mapped_bytes(self) -> int:
        """Bytes of the raw vectors kept in file-backed maps (not in `nbytes`)."""
        return self.vectors.mapped_bytes if self.vectors is not None else 0

    def nbytes(self) -> int:
        """Heap bytes of the copy (table, codes, word index, vectors, partitions, id map)."""
        if self.table is None:
            return 0
        total = self.table.nbytes + self.alive.nbytes + self._words.rows.nbytes + self._words.vocab.nbytes
        total += self.codes.owner.nbytes + sum(v.nbytes for v in self.codes.codes.values())
        total += sum(v.nbytes for v in self.codes.numbers.values())
        if self.vectors is not None:
            total += self.vectors.nbytes
        if self._row_of is not None:  # the dict, its id strings and row ints
            total += sys.getsizeof(self._row_of) + sum(map(sys.getsizeof, self._row_of)) + 28 * len(self._row_of)
        if self._id_of is not None:  # pointers to the same strings
            total += self._id_of.nbytes
        return int(total)
