"""The resident copy's word index (`lance_resident.py`): which rows' `content_lc` holds a query term
as a substring, answered from an inverted index of whitespace words instead of a scan; from
PAIR_INDEX_WORDS words on, the vocabulary is searched through the words holding each letter pair.
A test pins it against LanceDB's own `LIKE '%term%'` (`tests/memory/test_lance_keys.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

PAIR_INDEX_WORDS = 20_000  # vocabulary size from which terms are looked up through letter pairs


class WordIndex:
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
        self._pairs: PairIndex | None = None  # from PAIR_INDEX_WORDS words on

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
        self._pairs = PairIndex(self.vocab.to_pylist()) if len(self.vocab) >= PAIR_INDEX_WORDS else None

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


class PairIndex:
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
