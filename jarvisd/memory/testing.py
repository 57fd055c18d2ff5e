"""A deterministic embedder for tests and the evaluation runner.

Each cue word of the text (`query_terms`: particles, 하다-endings and stopwords stripped) and its
character bigrams are hashed into a fixed number of signed buckets, then unit-normalised. It is a real, if weak, embedder: texts sharing words or word pieces get a
high cosine, unrelated texts a low one, and the same text always gets the same vector. It implements
the `Embedder` protocol, so the code under test runs its vector paths for real.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

from jarvisd.memory.query_words import query_terms


class HashedNgramEmbedder:
    def __init__(self, dimensions: int = 256, name: str = "hashed-ngram") -> None:
        self.name = name
        self.dimensions = dimensions
        self.calls = 0

    def _bucket(self, gram: str) -> tuple[int, float]:
        digest = hashlib.blake2b(gram.encode("utf-8"), digest_size=8).digest()
        value = int.from_bytes(digest, "little")
        return value % self.dimensions, (1.0 if (value >> 63) & 1 else -1.0)

    def vector(self, text: str) -> list[float]:
        vec = [0.0] * self.dimensions
        for word in query_terms(text):
            grams = [word, *(word[i : i + 2] for i in range(len(word) - 1))]
            for gram in grams:
                index, sign = self._bucket(gram)
                vec[index] += sign
        norm = math.sqrt(sum(v * v for v in vec))
        if norm == 0:
            vec[0] = 1.0
            return vec
        return [v / norm for v in vec]

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [self.vector(t) for t in texts]
