"""An in-process copy of the LanceDB table: its filter and order columns always and, up to
`resident_rows` rows, every other column too (vectors as a float32 matrix, `lance_vectors.py`).

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

import sys
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance_rows import to_us
from jarvisd.memory.stores.lance_vectors import ResidentVectors

KEY_COLUMNS = ["id", "user", "agent", "layer", "kind", "source", "session", "topic", "task_type", "outcome",
               "created_us", "importance", "accessed_us", "rehearsals", "superseded_by", "content_lc",
               "has_vector"]
PAIR_INDEX_WORDS = 20_000  # vocabulary size from which terms are looked up through letter pairs
ROW_COLUMNS = ["content", "metadata"]  # the rest of a row (besides the vector) kept while resident


class _WordIndex:
    """Whitespace words of `content_lc` for rows [0, upto), with each word's rows (an inverted index):
    a query term (never containing a space) is a substring of the content exactly when it is a
    substring of one of its words, so matching the term against the vocabulary and collecting those
    words' rows equals `LIKE '%term%'`. A term's rows are kept until the index is rebuilt (a
    conversation asks for the same words turn after turn; the vocabulary scan is most of a lookup),
    up to HIT_CACHE_BYTES, oldest out first."""

    HIT_CACHE_BYTES = 16 * 2**20

    def __init__(self) -> None:
        self.upto = 0
        self.vocab = pa.array([], pa.string())
        self.rows = np.zeros(0, dtype=np.int32)  # row numbers grouped by word
        self.bounds = np.zeros(1, dtype=np.int64)  # word w's rows: rows[bounds[w]:bounds[w + 1]]
        self._hits: dict[str, np.ndarray] = {}  # term -> its rows, in insertion order
        self._hit_bytes = 0
        self._pairs: _PairIndex | None = None  # from PAIR_INDEX_WORDS words on

    def build(self, table: pa.Table) -> None:
        words = pc.utf8_split_whitespace(table["content_lc"].combine_chunks())
        flat = pc.list_flatten(words)
        encoded = pc.dictionary_encode(flat).combine_chunks() if isinstance(flat, pa.ChunkedArray) \
            else pc.dictionary_encode(flat)
        self.vocab = encoded.dictionary
        codes = np.asarray(encoded.indices.to_numpy(zero_copy_only=False), dtype=np.int32)
        rows = np.asarray(pc.list_parent_indices(words).to_numpy(zero_copy_only=False), dtype=np.int32)
        order = np.argsort(codes, kind="stable")
        self.rows = rows[order]
        self.bounds = np.searchsorted(codes[order], np.arange(len(self.vocab) + 1))
        self.upto = table.num_rows
        self._hits, self._hit_bytes = {}, 0
        self._pairs = _PairIndex(self.vocab.to_pylist()) if len(self.vocab) >= PAIR_INDEX_WORDS else None

    def rows_of(self, term: str) -> np.ndarray:
        """Indexed rows whose content holds `term` (a row may repeat)."""
        found = self._hits.get(term)
        if found is not None:
            return found
        words = self._words_holding(term)
        found = np.concatenate([self.rows[self.bounds[w] : self.bounds[w + 1]] for w in words]) if words.size \
            else np.zeros(0, dtype=np.int32)
        self._hits[term] = found
        self._hit_bytes += found.nbytes
        while self._hit_bytes > self.HIT_CACHE_BYTES:
            self._hit_bytes -= self._hits.pop(next(iter(self._hits))).nbytes
        return found

    def _words_holding(self, term: str) -> np.ndarray:
        """Vocabulary word numbers whose word contains `term`. With the pair index, only the words
        holding the term's rarest letter pair are compared."""
        vocab = self.vocab
        if self._pairs is not None and len(term) >= 2:
            holding = [self._pairs.words(term[i : i + 2]) for i in range(len(term) - 1)]
            if any(words is None for words in holding):
                return np.zeros(0, dtype=np.int64)
            candidates = min(holding, key=len)  # type: ignore[arg-type]
            matched = pc.match_substring(vocab.take(pa.array(candidates)), term)
            return candidates[np.asarray(matched.to_numpy(zero_copy_only=False), dtype=bool)]
        matched = pc.match_substring(vocab, term) if len(vocab) else pa.array([], pa.bool_())
        return np.flatnonzero(np.asarray(matched.to_numpy(zero_copy_only=False), dtype=bool))

    def rows_with(self, terms: Sequence[str], size: int) -> np.ndarray:
        hits = np.zeros(size, dtype=bool)
        for term in terms:
            hits[self.rows_of(term)] = True
        return hits


class _PairIndex:
    """The vocabulary words holding each two-letter sequence, built in bulk with numpy: a pair is
    coded as its two code points (21 bits each), the (pair, word) codes sorted once; a lookup is a
    binary search. About 0.1 s for 300,000 words (`scripts/bench_keyword_vocab.py`)."""

    def __init__(self, vocab: list[str]) -> None:
        lengths = np.fromiter(map(len, vocab), dtype=np.int64, count=len(vocab))
        points = np.frombuffer("".join(vocab).encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
        word = np.repeat(np.arange(len(vocab), dtype=np.int64), lengths)
        follows = np.flatnonzero(word[1:] == word[:-1]) if points.size > 1 else np.zeros(0, dtype=np.int64)
        pairs = (points[follows] << 21) | points[follows + 1]
        count = max(1, len(vocab))
        keyed = np.sort(pairs * count + word[follows])
        keyed = keyed[np.diff(keyed, prepend=-1) != 0]  # one per (pair, word); np.unique took 80x longer
        self._words, pair = keyed % count, keyed // count
        self._starts = np.flatnonzero(np.diff(pair, prepend=-1))
        self._stops = np.append(self._starts[1:], keyed.size)
        self.codes = pair[self._starts]

    def words(self, pair: str) -> np.ndarray | None:
        """Word numbers (ascending) of the words holding `pair`, None when none does."""
        code = (ord(pair[0]) << 21) | ord(pair[1])
        at = int(np.searchsorted(self.codes, code))
        if at == self.codes.size or self.codes[at] != code:
            return None
        return self._words[self._starts[at] : self._stops[at]]


OWNER = ("user", "agent", "layer", "kind", "source")  # coded together: few distinct combinations
CODED = ("session", "topic", "task_type", "outcome")
Owner = tuple[str, str, str, str, str]


class _Codes:
    """Integer codes of the string columns the filters compare, and the numeric columns, so a mask
    and an order are numpy work. The read policy's columns and kind/source share one code per
    distinct combination, so their whole predicate is one lookup table indexed by that code."""

    def __init__(self) -> None:
        self.owners: dict[Owner, int] = {}
        self.owner = np.zeros(0, dtype=np.int32)
        self.vocab: dict[str, dict[str, int]] = {c: {} for c in CODED}
        self.codes: dict[str, np.ndarray] = {c: np.zeros(0, dtype=np.int32) for c in CODED}
        self.numbers: dict[str, np.ndarray] = {}
        self._owner_memo: tuple[Hashable, np.ndarray] | None = None  # the last `owners_where`

    def _encode(self, column: str, values: list[str]) -> np.ndarray:
        vocab = self.vocab[column]
        return np.fromiter((vocab.setdefault(v, len(vocab)) for v in values), dtype=np.int32, count=len(values))

    def _encode_owners(self, table: pa.Table) -> np.ndarray:
        columns = [table.column(c).to_pylist() for c in OWNER]
        owners = self.owners
        return np.fromiter((owners.setdefault(t, len(owners)) for t in zip(*columns, strict=True)),
                           dtype=np.int32, count=table.num_rows)

    def build(self, table: pa.Table) -> None:
        self._owner_memo = None
        self.owners = {}
        self.owner = self._encode_owners(table)
        self.vocab = {c: {} for c in CODED}
        self.codes = {c: self._encode(c, table.column(c).to_pylist()) for c in CODED}
        self.numbers = self._numbers(table)

    @staticmethod
    def _numbers(table: pa.Table) -> dict[str, np.ndarray]:
        def plain(name: str, dtype: Any) -> np.ndarray:  # a writable copy: `touched` updates two
            return np.array(table.column(name).to_numpy(), dtype=dtype)

        return {
            "created_us": plain("created_us", np.int64), "importance": plain("importance", np.float64),
            "accessed_us": plain("accessed_us", np.int64), "rehearsals": plain("rehearsals", np.int32),
            "live": np.asarray(pc.equal(table["superseded_by"], "").to_numpy(zero_copy_only=False), dtype=bool),
            "has_vector": np.asarray(table.column("has_vector").to_numpy(zero_copy_only=False), dtype=bool),
        }

    def append(self, table: pa.Table) -> None:
        self._owner_memo = None
        self.owner = np.concatenate([self.owner, self._encode_owners(table)])
        for c in CODED:
            self.codes[c] = np.concatenate([self.codes[c], self._encode(c, table.column(c).to_pylist())])
        for name, values in self._numbers(table).items():
            self.numbers[name] = np.concatenate([self.numbers[name], values])

    def keep(self, alive: np.ndarray) -> None:
        self._owner_memo = None
        self.owner = self.owner[alive]
        self.codes = {c: v[alive] for c, v in self.codes.items()}
        self.numbers = {c: v[alive] for c, v in self.numbers.items()}

    def equal(self, column: str, value: str) -> np.ndarray:
        code = self.vocab[column].get(value)
        return self.codes[column] == code if code is not None else np.zeros(len(self.codes[column]), dtype=bool)

    def owners_where(self, key: Hashable, allowed: Callable[[Owner], bool]) -> np.ndarray:
        """Rows whose (user, agent, layer, kind, source) satisfies `allowed`, which `key` names (the
        last answer is kept: one recall asks several times, and the row gather costs at 100k rows).
        Read-only: callers combine it into new arrays."""
        if self._owner_memo is not None and self._owner_memo[0] == key:
            return self._owner_memo[1]
        table = np.fromiter((allowed(o) for o in self.owners), dtype=bool, count=len(self.owners))
        rows = table[self.owner] if len(table) else np.zeros(len(self.owner), dtype=bool)
        rows.flags.writeable = False
        self._owner_memo = (key, rows)
        return rows


def _vectors_of(table: pa.Table, dimensions: int) -> np.ndarray:
    flat = table.column("vector").combine_chunks().values.to_numpy(zero_copy_only=False)
    return np.asarray(flat, dtype=np.float32).reshape(-1, dimensions)


def _context_of(table: pa.Table, dimensions: int) -> tuple[np.ndarray, np.ndarray]:
    """The turn episodes' context vectors (zeros where a row has none) and which rows have one."""
    if "context_vector" not in table.column_names:
        return np.zeros((table.num_rows, dimensions), dtype=np.float32), np.zeros(table.num_rows, dtype=bool)
    column = table.column("context_vector").combine_chunks()
    flags = pc.fill_null(table.column("has_context"), False).combine_chunks()
    has = np.asarray(pc.and_(flags, column.is_valid()).to_numpy(zero_copy_only=False), dtype=bool)
    flat = np.asarray(column.values.to_numpy(zero_copy_only=False), dtype=np.float32).reshape(-1, dimensions)
    return np.where(has[:, None], np.nan_to_num(flat), 0.0).astype(np.float32), has


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


class KeyColumns:
    """Append-only in step with the store's commits: replaced and deleted rows are tombstoned, and
    the copy is compacted when a fifth of it is dead or not yet in the word index."""

    def __init__(self, max_vector_rows: int = 200_000, ivf_rows: int = 20_000) -> None:
        self.table: pa.Table | None = None
        self.alive = np.zeros(0, dtype=bool)
        self.vectors: ResidentVectors | None = None  # aligned with `table` while the whole row is resident
        self.max_vector_rows = max_vector_rows
        self.ivf_rows = ivf_rows
        self.version = -1
        self.reloads = 0
        self._words = _WordIndex()
        self._codes = _Codes()
        self._term_memo: tuple[tuple[object, ...], list[np.ndarray]] | None = None
        self._row_of: dict[str, int] | None = None  # id -> its latest row while resident (`cosines_of`)

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
        self.vectors, self._term_memo, self._row_of = None, None, None
        if resident:
            self.vectors = ResidentVectors(_vectors_of(table, dimensions), *_context_of(table, dimensions),
                                           ivf_rows=self.ivf_rows)
        self.table = table.select(KEY_COLUMNS + (ROW_COLUMNS if resident else [])).combine_chunks()
        self.alive = np.ones(self.table.num_rows, dtype=bool)
        self._words.build(self.table)
        self._codes.build(self.table)
        self._map_rows()
        self.version = version
        self.reloads += 1

    def invalidate(self) -> None:
        self.table, self.vectors, self.version = None, None, -1
        self._term_memo, self._row_of = None, None

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
        """Our own commit: tombstone deleted and replaced ids, append the new rows."""
        if self.table is None:
            return
        gone = list(deleted) + (upserted.column("id").to_pylist() if upserted is not None else [])
        if gone:
            self.alive &= ~self._positions(gone)
        if upserted is not None and upserted.num_rows:
            added = upserted.select(self.table.column_names).cast(self.table.schema)
            if self._row_of is not None:  # the new rows follow the old ones
                start = self.table.num_rows
                self._row_of.update((i, start + n) for n, i in enumerate(added.column("id").to_pylist()))
            self.table = pa.concat_tables([self.table, added])
            self._codes.append(added)
            self.alive = np.concatenate([self.alive, np.ones(upserted.num_rows, dtype=bool)])
            if self.vectors is not None:
                dimensions = self.vectors.dimensions
                self.vectors.append(_vectors_of(upserted, dimensions), *_context_of(upserted, dimensions))
        if self.vectors is not None and int(self.alive.sum()) > self.max_vector_rows:
            self.vectors, self._row_of = None, None
            self.table = self.table.select(KEY_COLUMNS)
        self.version = version
        stale = (len(self.alive) - int(self.alive.sum())) + (len(self.alive) - self._words.upto)
        if stale > max(64, len(self.alive) // 5):
            self._compact()

    def touched(self, ids: Sequence[str], accessed_us: int, rehearsed: Sequence[str], version: int) -> None:
        """Our own `touch` commit(s): `last_accessed` and rehearsal counts of live rows."""
        if self.table is None:
            return
        numbers = self._codes.numbers
        numbers["accessed_us"][self._positions(ids)] = accessed_us
        if rehearsed:
            numbers["rehearsals"][self._positions(rehearsed)] += 1
        self.version = version

    def _compact(self) -> None:
        assert self.table is not None
        self.table = self.table.filter(pa.array(self.alive)).combine_chunks()
        if self.vectors is not None:
            self.vectors.keep(self.alive)
        self._codes.keep(self.alive)
        self.alive = np.ones(self.table.num_rows, dtype=bool)
        self._words.build(self.table)
        self._map_rows()  # rows renumbered

    def _map_rows(self) -> None:
        """id -> row for the resident copy, built with the copy (75 ms at 100k rows, about 13 MB) so
        no recall pays for it; appends keep it in step."""
        assert self.table is not None
        ids = self.table.column("id").to_pylist() if self.vectors is not None else None
        self._row_of = dict(zip(ids, range(len(ids)), strict=True)) if ids is not None else None

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

    def _mask(self, q: StoreQuery, with_terms: bool, base: np.ndarray | None = None) -> np.ndarray:
        """The store query's filters as a boolean row mask; the read policy comes first. `base`:
        this query's mask without terms, when already computed."""
        if base is not None:
            return self._with_terms(q, base) if with_terms else base
        c, access = self._codes, q.access

        def allowed(owner: Owner) -> bool:
            user, agent, layer, kind, source = owner
            return (user == access.user
                    and (layer == "profile" or (layer == "edm" and agent in access.edm_agents)
                         or (layer == "pdm" and agent in access.pdm_agents))
                    and (not q.kinds or kind in q.kinds) and (not q.sources or source in q.sources)
                    and source not in q.exclude_sources and (not q.agent or agent == q.agent))

        mask = self.alive & c.owners_where((access, q.kinds, q.sources, q.exclude_sources, q.agent), allowed)
        for column, value in (("session", q.session), ("topic", q.topic),
                              ("task_type", q.task_type), ("outcome", q.outcome)):
            if value:
                mask &= c.equal(column, value)
        if q.since:
            mask &= c.numbers["created_us"] >= to_us(q.since)
        if q.until:
            mask &= c.numbers["created_us"] < to_us(q.until)
        if not q.include_superseded:
            mask &= c.numbers["live"]
        return self._with_terms(q, mask) if with_terms else mask

    def _with_terms(self, q: StoreQuery, mask: np.ndarray) -> np.ndarray:
        if not any(q.terms):
            return np.zeros(len(mask), dtype=bool)
        return mask & np.logical_or.reduce(self._term_masks(q))  # shared with term_counts and "keyword"

    def mask(self, q: StoreQuery) -> np.ndarray:
        """The query's filters without its terms (share it between `winner_rows` and `nearest_rows`)."""
        return self._mask(q, with_terms=False)

    def _ids(self, rows: np.ndarray) -> list[str]:
        assert self.table is not None
        return self.table.column("id").take(pa.array(rows, pa.int64())).to_pylist()

    def winner_rows(self, q: StoreQuery, orders: Sequence[str], base: np.ndarray | None = None) -> list[int]:
        """Row numbers of the top `q.limit` rows under each order, same ties as the in-memory store
        (importance desc, then created desc, then id asc)."""
        assert self.table is not None
        if q.limit <= 0 or self.table.num_rows == 0:
            return []
        created, importance = self._codes.numbers["created_us"], self._codes.numbers["importance"]
        wanted: dict[int, None] = {}
        if "keyword" in orders:
            wanted.update((r, None) for r in self._keyword_rows(q, base))
            orders = [o for o in orders if o != "keyword"]
        if not orders:
            return list(wanted)
        rows = np.flatnonzero(self._mask(q, q.match_required, base))
        for order in orders:
            by_importance = order == "importance"
            head = _top_by(rows, importance, created, q.limit) if by_importance \
                else _top(rows, created, q.limit)
            keys = [(-float(importance[r]) if by_importance else 0.0, -int(created[r]), i)
                    for r, i in zip(head.tolist(), self._ids(head), strict=True)]
            ranked = sorted(zip(keys, head.tolist(), strict=True))[: q.limit]
            wanted.update((r, None) for _, r in ranked)
        return list(wanted)

    def _term_masks(self, q: StoreQuery) -> list[np.ndarray]:
        """Each term's rows; the last query's are kept (`term_counts` then the keyword order ask for the
        same terms in one recall) until the copy changes."""
        key = (q.terms, self.version, len(self.alive), self._words.upto)
        if self._term_memo is None or self._term_memo[0] != key:
            masks = [self._term_hits([t]) if t else np.zeros(len(self.alive), dtype=bool) for t in q.terms]
            self._term_memo = (key, masks)
        return self._term_memo[1]

    def term_counts(self, q: StoreQuery, base: np.ndarray | None = None) -> tuple[int, list[int]]:
        """Rows the filters allow, and how many of them contain each term (word index lookups)."""
        assert self.table is not None
        allowed = self._mask(q, False, base)
        return int(allowed.sum()), [int((allowed & hits).sum()) for hits in self._term_masks(q)]

    def _keyword_rows(self, q: StoreQuery, base: np.ndarray | None) -> list[int]:
        """The "keyword" order: allowed rows holding a term, by the summed `term_weights` of the terms
        they hold, then newest, then id - as the in-memory store orders them."""
        weights = q.term_weights if len(q.term_weights) == len(q.terms) else (1.0,) * len(q.terms)
        allowed = self._mask(q, False, base)
        score = np.zeros(len(allowed), dtype=np.float64)
        held = np.zeros(len(allowed), dtype=bool)
        for hits, weight in zip(self._term_masks(q), weights, strict=True):
            score += weight * hits
            held |= hits
        created = self._codes.numbers["created_us"]
        # every row that can make the top `limit` (ties included), then sorted: scores tie often
        rows = _top_by(np.flatnonzero(allowed & held), score, created, q.limit)
        ranked = rows[np.lexsort((-created[rows], -score[rows]))]
        if ranked.size > q.limit:  # keep the rows tied with the last one kept, for the id order below
            last = ranked[q.limit - 1]
            tail = ranked[q.limit :]
            tied = tail[(score[tail] == score[last]) & (created[tail] == created[last])]
            ranked = np.concatenate([ranked[: q.limit], tied])
        keys = [(-float(score[r]), -int(created[r]), i)
                for r, i in zip(ranked.tolist(), self._ids(ranked), strict=True)]
        return [r for _, r in sorted(zip(keys, ranked.tolist(), strict=True))[: q.limit]]

    def winners(self, q: StoreQuery, orders: Sequence[str]) -> list[str]:
        """Ids of the top `q.limit` rows under each order, same ties as the in-memory store."""
        return self._ids(np.asarray(self.winner_rows(q, orders), dtype=np.int64))

    def nearest_rows(self, q: StoreQuery, base: np.ndarray | None = None) -> list[tuple[int, float]]:
        """Vector search over the resident vectors: (row, cosine) >= `q.min_cosine`, best first
        (`ResidentVectors.nearest`: exact while the table or the allowed rows are few)."""
        assert self.table is not None and self.vectors is not None and q.vector is not None
        if q.limit <= 0 or len(q.vector) != self.vectors.dimensions:
            return []
        query = np.asarray(q.vector, dtype=np.float32)
        query = query / (np.linalg.norm(query) or 1.0)
        allowed = self._mask(q, False, base) & self._codes.numbers["has_vector"]
        rows, sims = self.vectors.nearest(allowed, query, q.limit)
        rows, sims = rows[sims >= q.min_cosine], sims[sims >= q.min_cosine]
        if rows.size > 4 * q.limit:
            best = np.argpartition(-sims, 4 * q.limit)[: 4 * q.limit]
            rows, sims = rows[best], sims[best]
        ids = self._ids(rows)
        ranked = sorted(zip(sims.tolist(), ids, rows.tolist(), strict=True), key=lambda p: (-p[0], p[1]))
        return [(row, sim) for sim, _, row in ranked[: q.limit]]

    def cosines_at(self, rows: Sequence[int], vector: Sequence[float]) -> list[tuple[int, float]]:
        """(row, cosine) of resident rows with a vector: the higher of the turn and context vectors'."""
        assert self.vectors is not None
        at = np.asarray(rows, dtype=np.int64)
        at = at[self._codes.numbers["has_vector"][at]] if at.size else at
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
        out = self.table.take(pa.array(at)).to_pylist()
        numbers = self._codes.numbers
        for row, r in zip(out, at.tolist(), strict=True):
            row["accessed_us"], row["rehearsals"] = int(numbers["accessed_us"][r]), int(numbers["rehearsals"][r])
            vector, context = self.vectors.vectors_of(r)
            row["vector"] = vector.tolist()
            row["has_context"] = context is not None
            row["context_vector"] = context.tolist() if context is not None else None
        return out

    def rows_for(self, ids: Sequence[str]) -> list[dict[str, Any]]:
        """Whole resident rows of the live `ids` (any order)."""
        return self.rows_at(np.flatnonzero(self._positions(ids)).tolist())

    def nbytes(self) -> int:
        """Resident bytes of the copy (table, codes, word index, vectors, partitions, id map)."""
        if self.table is None:
            return 0
        total = self.table.nbytes + self.alive.nbytes + self._words.rows.nbytes + self._words.vocab.nbytes
        total += self._codes.owner.nbytes + sum(v.nbytes for v in self._codes.codes.values())
        total += sum(v.nbytes for v in self._codes.numbers.values())
        if self.vectors is not None:
            total += self.vectors.nbytes
        if self._row_of is not None:  # the dict, its id strings and row ints
            total += sys.getsizeof(self._row_of) + sum(map(sys.getsizeof, self._row_of)) + 28 * len(self._row_of)
        return int(total)
