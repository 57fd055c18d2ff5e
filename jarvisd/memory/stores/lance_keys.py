"""An in-process copy of the LanceDB table's filter and order columns (and, while the table is
small, its vectors).

Keyword recall orders every matching row by recency and by importance; asking LanceDB to scan and
sort the table twice per turn costs tens of milliseconds at 100k rows. This copy answers those two
arms with Arrow compute in a few milliseconds, and LanceDB then reads only the winners' rows. Below
the vector-index threshold the vectors are kept too and the vector arm is a flat numpy search (exact,
like LanceDB's own flat search without an index); above it LanceDB's IVF-PQ index answers. The copy
is tied to a table version: the store applies its own commits to it and reloads it whenever the
table moved in a way it did not make (another process, or an unexpected commit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance_rows import to_us

KEY_COLUMNS = ["id", "user", "agent", "layer", "kind", "source", "session", "topic", "task_type", "outcome",
               "created_us", "importance", "superseded_by", "content_lc", "has_vector"]




class _WordIndex:
    """Whitespace words of `content_lc` for rows [0, upto): a query term (never containing a space)
    is a substring of the content exactly when it is a substring of one of its words, so matching
    the term against the vocabulary and mapping words back to rows equals `LIKE '%term%'`."""

    def __init__(self) -> None:
        self.upto = 0
        self.vocab = pa.array([], pa.string())
        self.codes = np.zeros(0, dtype=np.int64)
        self.rows = np.zeros(0, dtype=np.int64)

    def build(self, table: pa.Table) -> None:
        words = pc.utf8_split_whitespace(table["content_lc"].combine_chunks())
        flat = pc.list_flatten(words)
        encoded = pc.dictionary_encode(flat).combine_chunks() if isinstance(flat, pa.ChunkedArray) \
            else pc.dictionary_encode(flat)
        self.vocab = encoded.dictionary
        self.codes = np.asarray(encoded.indices.to_numpy(zero_copy_only=False), dtype=np.int64)
        self.rows = np.asarray(pc.list_parent_indices(words).to_numpy(zero_copy_only=False), dtype=np.int64)
        self.upto = table.num_rows

    def rows_with(self, terms: Sequence[str], size: int) -> np.ndarray:
        hits = np.zeros(size, dtype=bool)
        if not self.upto or not len(self.vocab):
            return hits
        matched = pc.match_substring(self.vocab, terms[0])
        for term in terms[1:]:
            matched = pc.or_(matched, pc.match_substring(self.vocab, term))
        words = np.asarray(matched.to_numpy(zero_copy_only=False), dtype=bool)
        hits[self.rows[words[self.codes]]] = True
        return hits


CODED = ("user", "agent", "layer", "kind", "source", "session", "topic", "task_type", "outcome")


class _Codes:
    """Integer codes of the string columns the filters compare, so a mask is numpy work."""

    def __init__(self) -> None:
        self.vocab: dict[str, dict[str, int]] = {c: {} for c in CODED}
        self.codes: dict[str, np.ndarray] = {c: np.zeros(0, dtype=np.int32) for c in CODED}
        self.numbers: dict[str, np.ndarray] = {}

    def _encode(self, column: str, values: list[str]) -> np.ndarray:
        vocab = self.vocab[column]
        return np.fromiter((vocab.setdefault(v, len(vocab)) for v in values), dtype=np.int32, count=len(values))

    def build(self, table: pa.Table) -> None:
        self.vocab = {c: {} for c in CODED}
        self.codes = {c: self._encode(c, table.column(c).to_pylist()) for c in CODED}
        self.numbers = self._numbers(table)

    @staticmethod
    def _numbers(table: pa.Table) -> dict[str, np.ndarray]:
        return {
            "created_us": np.asarray(table.column("created_us").to_numpy(), dtype=np.int64),
            "live": np.asarray(pc.equal(table["superseded_by"], "").to_numpy(zero_copy_only=False), dtype=bool),
            "has_vector": np.asarray(table.column("has_vector").to_numpy(zero_copy_only=False), dtype=bool),
        }

    def append(self, table: pa.Table) -> None:
        for c in CODED:
            self.codes[c] = np.concatenate([self.codes[c], self._encode(c, table.column(c).to_pylist())])
        for name, values in self._numbers(table).items():
            self.numbers[name] = np.concatenate([self.numbers[name], values])

    def keep(self, alive: np.ndarray) -> None:
        self.codes = {c: v[alive] for c, v in self.codes.items()}
        self.numbers = {c: v[alive] for c, v in self.numbers.items()}

    def equal(self, column: str, value: str) -> np.ndarray:
        code = self.vocab[column].get(value)
        return self.codes[column] == code if code is not None else np.zeros(len(self.codes[column]), dtype=bool)

    def within(self, column: str, values: Sequence[str]) -> np.ndarray:
        wanted = [self.vocab[column][v] for v in values if v in self.vocab[column]]
        return np.isin(self.codes[column], np.asarray(wanted, dtype=np.int32))


def _unit_rows(table: pa.Table, dimensions: int) -> np.ndarray:
    flat = table.column("vector").combine_chunks().values.to_numpy(zero_copy_only=False)
    m = np.asarray(flat, dtype=np.float32).reshape(-1, dimensions)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms == 0, 1.0, norms)


class KeyColumns:
    """Append-only in step with the store's commits: replaced and deleted rows are tombstoned, and
    the copy is compacted when a fifth of it is dead or not yet in the word index."""

    def __init__(self, max_vector_rows: int = 10_000) -> None:
        self.table: pa.Table | None = None
        self.alive = np.zeros(0, dtype=bool)
        self.vectors: np.ndarray | None = None  # unit rows aligned with `table`, only while small
        self.full: pa.Table | None = None  # every column, aligned with `table`, only while small
        self.max_vector_rows = max_vector_rows
        self.version = -1
        self.reloads = 0
        self._words = _WordIndex()
        self._codes = _Codes()

    @property
    def ready(self) -> bool:
        return self.table is not None

    def load(self, table: pa.Table, version: int, dimensions: int) -> None:
        """`table` holds KEY_COLUMNS, plus `vector` when the caller wants flat vector search."""
        has_vectors = "vector" in table.column_names and table.num_rows <= self.max_vector_rows
        self.vectors = _unit_rows(table, dimensions) if has_vectors else None
        self.full = table.combine_chunks() if has_vectors else None
        self.table = table.select(KEY_COLUMNS).combine_chunks()
        self.alive = np.ones(self.table.num_rows, dtype=bool)
        self._words.build(self.table)
        self._codes.build(self.table)
        self.version = version
        self.reloads += 1

    def invalidate(self) -> None:
        self.table, self.vectors, self.full, self.version = None, None, None, -1

    def apply(self, deleted: Sequence[str], upserted: pa.Table | None, version: int) -> None:
        """Our own commit: tombstone deleted and replaced ids, append the new rows."""
        if self.table is None:
            return
        gone = list(deleted) + (upserted.column("id").to_pylist() if upserted is not None else [])
        if gone:
            hit = pc.is_in(self.table["id"], value_set=pa.array(gone, pa.string()))
            self.alive &= ~np.asarray(hit.to_numpy(zero_copy_only=False), dtype=bool)
        if upserted is not None and upserted.num_rows:
            added = upserted.select(KEY_COLUMNS).cast(self.table.schema)
            self.table = pa.concat_tables([self.table, added])
            self._codes.append(added)
            self.alive = np.concatenate([self.alive, np.ones(upserted.num_rows, dtype=bool)])
            if self.vectors is not None:
                self.vectors = np.concatenate([self.vectors, _unit_rows(upserted, self.vectors.shape[1])])
            if self.full is not None:
                self.full = pa.concat_tables([self.full, upserted.cast(self.full.schema)])
        if self.vectors is not None and int(self.alive.sum()) > self.max_vector_rows:
            self.vectors = self.full = None
        self.version = version
        stale = (len(self.alive) - int(self.alive.sum())) + (len(self.alive) - self._words.upto)
        if stale > max(64, len(self.alive) // 5):
            self._compact()

    def _compact(self) -> None:
        assert self.table is not None
        keep = pa.array(self.alive)
        self.table = self.table.filter(keep).combine_chunks()
        if self.vectors is not None:
            self.vectors = self.vectors[self.alive]
        if self.full is not None:
            self.full = self.full.filter(keep).combine_chunks()
        self._codes.keep(self.alive)
        self.alive = np.ones(self.table.num_rows, dtype=bool)
        self._words.build(self.table)

    def _term_hits(self, terms: Sequence[str]) -> np.ndarray:
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

    def _mask(self, q: StoreQuery, with_terms: bool) -> np.ndarray:
        """The store query's filters as a boolean row mask; the read policy comes first."""
        c, access = self._codes, q.access
        mask = self.alive & c.equal("user", access.user)
        mask &= (c.equal("layer", "profile")
                 | (c.equal("layer", "edm") & c.within("agent", access.edm_agents))
                 | (c.equal("layer", "pdm") & c.within("agent", access.pdm_agents)))
        if q.kinds:
            mask &= c.within("kind", q.kinds)
        if q.sources:
            mask &= c.within("source", q.sources)
        if q.exclude_sources:
            mask &= ~c.within("source", q.exclude_sources)
        for column, value in (("session", q.session), ("agent", q.agent), ("topic", q.topic),
                              ("task_type", q.task_type), ("outcome", q.outcome)):
            if value:
                mask &= c.equal(column, value)
        if q.since:
            mask &= c.numbers["created_us"] >= to_us(q.since)
        if q.until:
            mask &= c.numbers["created_us"] < to_us(q.until)
        if not q.include_superseded:
            mask &= c.numbers["live"]
        if with_terms:
            terms = [term for term in q.terms if term]
            if not terms:
                return np.zeros(len(mask), dtype=bool)
            mask &= self._term_hits(terms)
        return mask

    def winners(self, q: StoreQuery, orders: Sequence[str]) -> list[str]:
        """Ids of the top `q.limit` rows under each order, same ties as the in-memory store."""
        assert self.table is not None
        if q.limit <= 0 or self.table.num_rows == 0:
            return []
        rows = self.table.select(["id", "created_us", "importance"]).filter(pa.array(self._mask(q, q.match_required)))
        wanted: dict[str, None] = {}
        for order in orders:
            keys = [("importance", "descending")] if order == "importance" else []
            keys += [("created_us", "descending"), ("id", "ascending")]
            top = rows.take(pc.sort_indices(rows, sort_keys=keys)[: q.limit])
            wanted.update((i, None) for i in top.column("id").to_pylist())
        return list(wanted)

    def nearest(self, q: StoreQuery) -> list[tuple[str, float]]:
        """Flat cosine search over the kept vectors: (id, cosine) >= `q.min_cosine`, best first."""
        assert self.table is not None and self.vectors is not None and q.vector is not None
        if q.limit <= 0 or len(q.vector) != self.vectors.shape[1]:
            return []
        query = np.asarray(q.vector, dtype=np.float32)
        sims = self.vectors @ (query / (np.linalg.norm(query) or 1.0))
        ok = self._mask(q, with_terms=False) & self._codes.numbers["has_vector"] & (sims >= q.min_cosine)
        rows = np.flatnonzero(ok)
        if rows.size > 4 * q.limit:
            rows = rows[np.argpartition(-sims[rows], 4 * q.limit)[: 4 * q.limit]]
        ids = self.table.column("id").take(pa.array(rows)).to_pylist()
        ranked = sorted(zip(sims[rows].tolist(), ids, strict=True), key=lambda p: (-p[0], p[1]))
        return [(i, sim) for sim, i in ranked[: q.limit]]

    def rows(self, ids: Sequence[str]) -> list[dict[str, Any]] | None:
        """Whole rows for `ids` from the copy while the table is small; None when not kept."""
        if self.full is None:
            return None
        hit = pc.is_in(self.full["id"], value_set=pa.array(list(ids), pa.string()))
        keep = np.asarray(hit.to_numpy(zero_copy_only=False), dtype=bool) & self.alive
        return self.full.filter(pa.array(keep)).to_pylist()
