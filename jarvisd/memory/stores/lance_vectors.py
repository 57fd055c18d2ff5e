"""The LanceDB store's vectors kept in process: float32 matrices aligned with the key columns,
searched exactly while small and through an in-process IVF (inverted file: k-means partitions, exact
float32 cosines inside the probed partitions) once large.

Why not LanceDB's own ANN: every LanceDB query costs milliseconds of hand-off and planning, and the
winners' rows must be read afterwards; on the 2-core target machine that was 40-60 ms at 100k rows.
Why not a flat scan of everything: the machine reads memory at about 2 GB/s, so one pass over 100k x
384 float32 (150 MB) alone takes 50-100 ms. Probing ~20 of sqrt(n) partitions reads about 6% of it.

A turn episode has two vectors (the turn, and the turn with its context); its relevance is the
higher cosine. Scanning both matrices doubled what a query reads, so the scan reads one *search
vector* per row instead, the unit sum of the two (docs/memory.md, "Vector search"), and only the
best few hundred rows it finds get their exact relevance from the two raw matrices. Those two are
read a few hundred rows per query, so beside a local table they live in file-backed maps
(`MappedRows`) and only the search vectors stay on the heap (at 100k: 494 -> 201 MB).

The matrices are a cache: they are rebuilt from LanceDB at open and after another process moved the
table, and LanceDB stays the source of truth.
"""

from __future__ import annotations

import logging
import mmap
import os
from pathlib import Path

import numpy as np

from jarvisd.datafiles import scratch_file

log = logging.getLogger(__name__)

PROBES = 20  # partitions probed per query (of about sqrt(rows))
FLAT_ROWS = 4_096  # at most this many allowed rows: their exact cosines, no partitions
RERANK = 4  # times the query's limit: rows the search-vector scan passes on for their exact cosines
TRAIN_SAMPLE = 8_192  # rows k-means is trained on
TRAIN_ROUNDS = 6
TAIL_ROWS = 2_048  # rows appended since the partitions were laid out, scanned whole until then
COPY_ROWS = 8_192  # rows copied at a time into a new matrix


class VectorRows:
    """Raw float32 vectors (as stored, so items round-trip exactly) with their inverse norms (0 for a
    zero vector, whose cosine is then 0; a multiply per row instead of a guarded divide), addressed by
    row number. Storage is in `slot` order, which the partitions set so each partition is one
    contiguous block (a probe streams memory instead of gathering rows); it grows in place by a
    quarter so an append does not copy the whole matrix."""

    def __init__(self, dimensions: int) -> None:
        self.dimensions = dimensions
        self._data = np.zeros((0, dimensions), dtype=np.float32)
        self._inv = np.zeros(0, dtype=np.float32)
        self.size = 0
        self.slot = np.zeros(0, dtype=np.int64)  # row -> storage slot
        self.row_of = np.zeros(0, dtype=np.int64)  # storage slot -> row

    @property
    def nbytes(self) -> int:
        """Heap bytes (a mapped matrix not included: `mapped_bytes`)."""
        matrix = 0 if self.mapped_bytes else self._data.nbytes
        return int(matrix + self._inv.nbytes + self.slot.nbytes + self.row_of.nbytes)

    def vector(self, row: int) -> np.ndarray:
        return self._data[self.slot[row]]

    def stored(self) -> np.ndarray:
        return self._data[: self.size]

    @property
    def mapped_bytes(self) -> int:
        """Bytes of the matrix that live in a file-backed map rather than the heap (`MappedRows`)."""
        return 0

    @classmethod
    def of(cls, vectors: np.ndarray) -> VectorRows:
        """Rows 0..n-1 holding `vectors` itself (no copy; it may be read-only: it is never written,
        the first append moves the rows to a new, larger buffer)."""
        rows = cls(vectors.shape[1])
        rows._data, rows._inv, rows.size = vectors, _inverse_norms(vectors), len(vectors)
        rows.slot, rows.row_of = np.arange(len(vectors), dtype=np.int64), np.arange(len(vectors), dtype=np.int64)
        return rows

    def append(self, vectors: np.ndarray) -> None:
        """New rows (numbered after the existing ones) take the next slots."""
        count = len(vectors)
        if self.size + count > len(self._data):
            capacity = max(self.size + count, len(self._data) + len(self._data) // 4 + 1_024)
            inv = np.zeros(capacity, dtype=np.float32)
            inv[: self.size] = self._inv[: self.size]
            self._data, self._inv = self._grown(capacity), inv
        self._data[self.size : self.size + count] = vectors
        self._inv[self.size : self.size + count] = _inverse_norms(vectors)
        fresh = np.arange(self.size, self.size + count, dtype=np.int64)
        self.slot, self.row_of = np.concatenate([self.slot, fresh]), np.concatenate([self.row_of, fresh])
        self.size += count

    def _grown(self, capacity: int) -> np.ndarray:
        """The matrix with room for `capacity` rows, the stored ones kept."""
        data = np.zeros((capacity, self.dimensions), dtype=np.float32)
        data[: self.size] = self._data[: self.size]
        return data

    def _empty(self) -> VectorRows:
        return VectorRows(self.dimensions)

    def keep(self, alive: np.ndarray) -> None:
        """Drop dead rows; the survivors are renumbered in order and stored in row order (copied a
        block at a time, so a mapped matrix is never read into memory whole)."""
        kept, survivors = self._empty(), self.slot[np.flatnonzero(alive)]
        for start in range(0, len(survivors), COPY_ROWS):
            kept.append(self._data[survivors[start : start + COPY_ROWS]])
        self.__dict__.update(kept.__dict__)
        self._release()

    def _release(self) -> None:
        """A mapped matrix gives its pages back to the page cache (`MappedRows`)."""

    def lay_out(self, rows: np.ndarray) -> None:
        """Store the rows in the order given (every row once)."""
        slots = self.slot[rows]
        self._data, self._inv = self._data[slots], self._inv[slots]
        self.row_of = rows.astype(np.int64)
        self.slot[self.row_of] = np.arange(self.size, dtype=np.int64)

    def cosines(self, rows: np.ndarray | None, query: np.ndarray) -> np.ndarray:
        """Cosine of the unit `query` with `rows` (every row, in row order, when None); 0 for zero vectors."""
        if rows is None:
            sims = self.slice_cosines(0, self.size, query)[1]
            return sims[self.slot]
        slots = self.slot[rows]
        return (self._data[slots] @ query) * self._inv[slots]

    def slice_cosines(self, start: int, stop: int, query: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(rows, cosines) of the storage slots [start, stop)."""
        return self.row_of[start:stop], (self._data[start:stop] @ query) * self._inv[start:stop]


class MappedRows(VectorRows):
    """`VectorRows` in row order whose matrix lives in a file-backed map: a file in `directory`
    (beside the table), unlinked as soon as it is open, so nothing is left behind even after a
    SIGKILL. The OS page cache holds its pages and may drop them under memory pressure; the process's
    heap holds none of it (the pages a query touched count as file-backed RSS). A recall reads a few hundred of its rows (the exact rescoring of the
    search-vector scan's best rows, the winners' vectors), so the raw turn and context vectors need
    not be on the heap: they were two of the three matrices (docs/memory.md, "Footprint")."""

    def __init__(self, dimensions: int, directory: Path) -> None:
        super().__init__(dimensions)
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self._file = scratch_file(directory, f"{os.getpid()}-", ".f32")

    @property
    def mapped_bytes(self) -> int:
        """The stored rows (the file's spare rows hold disk blocks, never pages in memory)."""
        return self.size * self.dimensions * 4

    def _grown(self, capacity: int) -> np.ndarray:
        """The file made longer and mapped again: the rows written stay in it, nothing is copied."""
        size = capacity * self.dimensions * 4
        if not size:  # mmap refuses an empty file
            return np.zeros((0, self.dimensions), dtype=np.float32)
        # the blocks are allocated now: a full disk is an OSError here, not a SIGBUS at a later write
        allocate = getattr(os, "posix_fallocate", None)
        allocate(self._file.fileno(), 0, size) if allocate is not None else self._file.truncate(size)
        self._map = mmap.mmap(self._file.fileno(), size)
        if hasattr(mmap, "MADV_RANDOM"):  # a query reads scattered rows: no readahead (6x fewer pages mapped)
            self._map.madvise(mmap.MADV_RANDOM)
        return np.frombuffer(self._map, dtype=np.float32).reshape(capacity, -1)

    def _release(self) -> None:
        """Take the pages just written out of the process (they stay in the page cache and the file,
        and fault back in when a query reads them), so the copy's load does not leave the whole
        matrix counted in the daemon's RSS."""
        if getattr(self, "_map", None) is not None and hasattr(mmap, "MADV_DONTNEED"):
            self._map.madvise(mmap.MADV_DONTNEED)

    def _empty(self) -> VectorRows:
        return MappedRows(self.dimensions, self.directory)

    @classmethod
    def copy_of(cls, vectors: np.ndarray, directory: Path) -> MappedRows:
        """Rows 0..n-1 holding a copy of `vectors`."""
        rows = cls(vectors.shape[1], directory)
        rows._data, rows._inv = rows._grown(len(vectors)), np.zeros(len(vectors), dtype=np.float32)
        for start in range(0, len(vectors), COPY_ROWS):
            rows.append(vectors[start : start + COPY_ROWS])
        rows._release()
        return rows

    def lay_out(self, rows: np.ndarray) -> None:
        raise NotImplementedError("mapped rows stay in row order")


def raw_rows(vectors: np.ndarray, directory: Path | None) -> VectorRows:
    """Raw vectors kept as stored: in a file-backed map in `directory`, or on the heap (None, or when
    the map cannot be made: a full disk, a read-only folder)."""
    if directory is not None:
        try:
            return MappedRows.copy_of(vectors, directory)
        except OSError as exc:
            log.warning("memory vectors kept on the heap: cannot map them in %s (%s)", directory, exc)
    return VectorRows.of(vectors)


def _inverse_norms(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1)
    return np.divide(1.0, norms, out=np.zeros_like(norms), where=norms != 0).astype(np.float32, copy=False)


def _unit(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms == 0, 1.0, norms)


class Partitions:
    """k-means partitions (cosine) of the rows of `vectors`, which it lays out partition by
    partition. Rows appended after the layout are a tail scanned whole until there are TAIL_ROWS of
    them; then the layout is redone (one copy of the matrix)."""

    def __init__(self, vectors: VectorRows, seed: int = 0, count: int | None = None) -> None:
        """`count` partitions (default sqrt(rows))."""
        rng = np.random.default_rng(seed)
        m = vectors.stored()
        k = max(1, min(len(m), count or int(np.sqrt(len(m)))))
        sample = _unit(m[rng.choice(len(m), size=min(len(m), max(TRAIN_SAMPLE, k)), replace=False)])
        centroids = sample[rng.choice(len(sample), size=k, replace=False)]
        for _ in range(TRAIN_ROUNDS):
            labels = np.argmax(sample @ centroids.T, axis=1)
            order = np.argsort(labels, kind="stable")
            filled, starts = np.unique(labels[order], return_index=True)
            centroids[filled] = _unit(np.add.reduceat(sample[order], starts, axis=0))
        self.centroids = centroids
        self.trained_rows = len(m)
        self.vectors = vectors
        self.labels = np.zeros(vectors.size, dtype=np.int32)
        self.labels[vectors.row_of[: vectors.size]] = self._label(m)
        self._lay_out()

    def _label(self, m: np.ndarray) -> np.ndarray:
        out = np.empty(len(m), dtype=np.int32)
        for start in range(0, len(m), 8_192):
            out[start : start + 8_192] = np.argmax(m[start : start + 8_192] @ self.centroids.T, axis=1)
        return out

    def extend(self, m: np.ndarray) -> None:
        """Label rows just appended to `vectors`."""
        self.labels = np.concatenate([self.labels, self._label(m)])

    def keep(self, alive: np.ndarray) -> None:
        """After `vectors.keep(alive)`."""
        self.labels = self.labels[alive]
        self._lay_out()

    def _lay_out(self) -> None:
        order = np.argsort(self.labels, kind="stable")
        self.vectors.lay_out(order)
        self.bounds = np.searchsorted(self.labels[order], np.arange(len(self.centroids) + 1))
        self.listed = len(self.labels)

    def search(self, query: np.ndarray, probes: int) -> tuple[np.ndarray, np.ndarray]:
        """(rows, cosines) of the `probes` partitions nearest the unit `query`, and of the tail."""
        if self.vectors.size - self.listed > TAIL_ROWS:
            self._lay_out()
        near = np.argsort(-(self.centroids @ query))[:probes]
        spans = [(int(self.bounds[p]), int(self.bounds[p + 1])) for p in near] + [(self.listed, self.vectors.size)]
        found = [self.vectors.slice_cosines(start, stop, query) for start, stop in spans if stop > start]
        if not found:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        return np.concatenate([r for r, _ in found]), np.concatenate([s for _, s in found])


def search_vectors(turn: np.ndarray, context: np.ndarray, has_context: np.ndarray) -> np.ndarray:
    """One vector per row to scan: the unit sum of the unit turn and context vectors (the unit turn
    vector where there is no context; zero for a zero vector). Its cosine with a query is the mean of
    the two cosines over the sum's length, so a row near the query by either vector scores high."""
    unit_turn = _unit(turn)
    return _unit(np.where(has_context[:, None], unit_turn + _unit(context), unit_turn)).astype(np.float32)


class ResidentVectors:
    """Every resident row's turn vector and context vector (raw float32 in row order, so items
    round-trip exactly; the context is zero where a row has none) and its search vector, which the
    partitions lay out. One owner for the three, which grow and shrink together. With a `directory`
    the raw vectors live in file-backed maps there (`MappedRows`) and only the search vectors, which
    every query scans, stay on the heap."""

    def __init__(self, turn: np.ndarray, context: np.ndarray, has_context: np.ndarray, ivf_rows: int,
                 directory: Path | None = None) -> None:
        self.turn, self.context = raw_rows(turn, directory), raw_rows(context, directory)
        self.has_context = has_context
        self.search = VectorRows.of(search_vectors(turn, context, has_context))
        self.ivf_rows = ivf_rows
        self.partitions: Partitions | None = None
        self._index()

    @property
    def dimensions(self) -> int:
        return self.turn.dimensions

    @property
    def size(self) -> int:
        return self.turn.size

    @property
    def nbytes(self) -> int:
        total = self.turn.nbytes + self.context.nbytes + self.search.nbytes + self.has_context.nbytes
        if self.partitions is not None:
            total += self.partitions.centroids.nbytes + self.partitions.labels.nbytes
        return int(total)

    @property
    def mapped_bytes(self) -> int:
        return self.turn.mapped_bytes + self.context.mapped_bytes

    def _index(self) -> None:
        """Partitions from `ivf_rows` rows on; retrained when the rows have grown fourfold."""
        if self.size < self.ivf_rows:
            self.partitions = None
        elif self.partitions is None or self.size >= 4 * self.partitions.trained_rows:
            self.partitions = Partitions(self.search)

    def append(self, turn: np.ndarray, context: np.ndarray, has_context: np.ndarray) -> None:
        fresh = search_vectors(turn, context, has_context)
        self.turn.append(turn)
        self.context.append(context)
        self.search.append(fresh)
        self.has_context = np.concatenate([self.has_context, has_context])
        if self.partitions is not None:
            self.partitions.extend(fresh)
        self._index()

    def keep(self, alive: np.ndarray) -> None:
        """Drop dead rows; the survivors are renumbered in order."""
        self.turn.keep(alive)
        self.context.keep(alive)
        self.search.keep(alive)
        self.has_context = self.has_context[alive]
        if self.partitions is not None:
            self.partitions.keep(alive)
        self._index()

    def vectors_of(self, row: int) -> tuple[np.ndarray, np.ndarray | None]:
        """A row's raw turn vector and context vector (None without one)."""
        return self.turn.vector(row), self.context.vector(row) if self.has_context[row] else None

    def cosines(self, rows: np.ndarray | None, query: np.ndarray) -> np.ndarray:
        """Exact relevance of `rows` (every row when None) to the unit `query`: the higher cosine of
        the turn and context vectors (`scoring.best_cosine`)."""
        sims = self.turn.cosines(rows, query)
        has = self.has_context if rows is None else self.has_context[rows]
        if has.any():
            picked = np.flatnonzero(has)
            at = picked if rows is None else rows[picked]
            sims[picked] = np.maximum(sims[picked], self.context.cosines(at, query))
        return sims

    def nearest(self, allowed: np.ndarray, query: np.ndarray, limit: int) -> tuple[np.ndarray, np.ndarray]:
        """(rows, exact cosines) that hold the best `limit` allowed rows for the unit `query`: every
        allowed row while there are partitions to skip or few allowed rows; otherwise the allowed rows
        of the probed partitions, the best RERANK x `limit` of them by search vector (every allowed
        row when the probed partitions hold fewer than `limit`)."""
        if self.partitions is None:
            rows = np.flatnonzero(allowed)
            return rows, self.cosines(None, query)[rows]
        if int(allowed.sum()) <= FLAT_ROWS:
            rows = np.flatnonzero(allowed)
            return rows, self.cosines(rows, query)
        rows, sims = self.partitions.search(query, PROBES)
        rows, sims = rows[allowed[rows]], sims[allowed[rows]]
        if rows.size < limit:
            rows = np.flatnonzero(allowed)
        elif rows.size > RERANK * limit:
            rows = rows[np.argpartition(-sims, RERANK * limit)[: RERANK * limit]]
        return rows, self.cosines(rows, query)
