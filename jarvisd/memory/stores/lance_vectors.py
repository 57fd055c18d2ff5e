"""The LanceDB store's vectors kept in process: a float32 matrix aligned with the key columns, searched
exactly while small and through an in-process IVF (inverted file: k-means partitions, exact float32
cosines inside the probed partitions) once large.

Why not LanceDB's own ANN: every LanceDB query costs milliseconds of hand-off and planning, and the
winners' rows must be read afterwards; on the 2-core target machine that was 40-60 ms at 100k rows.
Why not a flat scan of everything: the machine reads memory at about 2 GB/s, so one pass over 100k x
384 float32 (150 MB) alone takes 50-100 ms. Probing ~20 of sqrt(n) partitions reads about 6% of it.

The matrix is a cache: it is rebuilt from LanceDB at open and after another process moved the table,
and LanceDB stays the source of truth.
"""

from __future__ import annotations

import numpy as np

PROBES = 20  # partitions probed per query (of about sqrt(rows))
TRAIN_SAMPLE = 8_192  # rows k-means is trained on
TRAIN_ROUNDS = 6
TAIL_ROWS = 2_048  # rows appended since the partitions were laid out, scanned whole until then


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
        return int(self._data.nbytes + self._inv.nbytes + self.slot.nbytes + self.row_of.nbytes)

    def vector(self, row: int) -> np.ndarray:
        return self._data[self.slot[row]]

    def stored(self) -> np.ndarray:
        return self._data[: self.size]

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
            data = np.zeros((capacity, self.dimensions), dtype=np.float32)
            inv = np.zeros(capacity, dtype=np.float32)
            data[: self.size], inv[: self.size] = self._data[: self.size], self._inv[: self.size]
            self._data, self._inv = data, inv
        self._data[self.size : self.size + count] = vectors
        self._inv[self.size : self.size + count] = _inverse_norms(vectors)
        fresh = np.arange(self.size, self.size + count, dtype=np.int64)
        self.slot, self.row_of = np.concatenate([self.slot, fresh]), np.concatenate([self.row_of, fresh])
        self.size += count

    def keep(self, alive: np.ndarray) -> None:
        """Drop dead rows; the survivors are renumbered in order and stored in row order."""
        kept = VectorRows(self.dimensions)
        kept.append(self._data[self.slot[np.flatnonzero(alive)]])
        self.__dict__.update(kept.__dict__)

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

    def __init__(self, vectors: VectorRows, seed: int = 0, companion: VectorRows | None = None) -> None:
        """`companion`: rows aligned with `vectors` (the turn episodes' context vectors), laid out the
        same way so a probe reads both as contiguous blocks."""
        self.companion = companion
        rng = np.random.default_rng(seed)
        m = vectors.stored()
        k = max(1, int(np.sqrt(len(m))))
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
        if self.companion is not None:
            self.companion.lay_out(order)
        self.bounds = np.searchsorted(self.labels[order], np.arange(len(self.centroids) + 1))
        self.listed = len(self.labels)

    def search(self, query: np.ndarray, probes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """(rows, cosines, the companion's cosines or None) of the `probes` partitions nearest the unit
        `query`, and of the tail."""
        if self.vectors.size - self.listed > TAIL_ROWS:
            self._lay_out()
        near = np.argsort(-(self.centroids @ query))[:probes]
        spans = [(int(self.bounds[p]), int(self.bounds[p + 1])) for p in near] + [(self.listed, self.vectors.size)]
        spans = [(start, stop) for start, stop in spans if stop > start]
        if not spans:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32), None
        found = [self.vectors.slice_cosines(start, stop, query) for start, stop in spans]
        rows, sims = np.concatenate([r for r, _ in found]), np.concatenate([s for _, s in found])
        if self.companion is None:
            return rows, sims, None
        other = np.concatenate([self.companion.slice_cosines(start, stop, query)[1] for start, stop in spans])
        return rows, sims, other
