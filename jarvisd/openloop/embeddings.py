"""The embedding boundary of the open-loop stores: compute, cache, and fall back quietly.

Loops are embedded when they are judged and kept in process memory (a restart re-embeds on the first
judgement). Any embedder failure makes the cosine unknown (None) so `same_loop` falls back to its text
rules; after a failure the embedder is left alone for `retry_after_sec` so a dead backend cannot slow
every judgement down.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Sequence

from jarvisd.llm.base import Embedder
from jarvisd.openloop.rules import DEFAULT_THRESHOLD

log = logging.getLogger(__name__)


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def threshold_for(embedder_name: str, thresholds: dict[str, float]) -> float:
    """The configured threshold of this embedder: exact name, then its last `:`/`/` part
    ("ollama:bge-m3" -> "bge-m3"), else the seed's 0.85."""
    if embedder_name in thresholds:
        return thresholds[embedder_name]
    short = embedder_name.replace("/", ":").split(":")[-1]
    return thresholds.get(short, DEFAULT_THRESHOLD)


class LoopEmbeddings:
    """Cosines between loop descriptions through one embedder, with a per-text vector cache."""

    def __init__(self, embedder: Embedder, threshold: float, retry_after_sec: float = 60.0,
                 monotonic: Callable[[], float] = time.monotonic, max_cached: int = 10_000) -> None:
        self.embedder = embedder
        self.threshold = threshold
        self.retry_after_sec = retry_after_sec
        self.failures = 0
        self._monotonic = monotonic
        self._failed_at: float | None = None
        self._cache: dict[str, list[float]] = {}
        self._max_cached = max_cached
        self._lock = threading.Lock()

    def _vectors(self, texts: Sequence[str]) -> dict[str, list[float]] | None:
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
            if missing:
                if self._failed_at is not None and self._monotonic() - self._failed_at < self.retry_after_sec:
                    return None
                try:
                    vectors = self.embedder.embed(missing)
                    if len(vectors) != len(missing):
                        raise ValueError(f"{len(vectors)} vectors for {len(missing)} texts")
                except Exception as exc:  # any backend failure: fall back to the text rules
                    self.failures += 1
                    self._failed_at = self._monotonic()
                    log.warning("openloop: embedder %s failed (%s); judging by text rules only",
                                self.embedder.name, exc)
                    return None
                self._failed_at = None
                if len(self._cache) + len(missing) > self._max_cached:
                    self._cache.clear()
                self._cache.update(zip(missing, vectors, strict=True))
            return {t: self._cache[t] for t in texts}

    def cosines(self, text: str, others: Sequence[str]) -> list[float | None]:
        if not others:
            return []
        vectors = self._vectors([text, *others])
        if vectors is None:
            return [None] * len(others)
        mine = vectors[text]
        return [cosine(mine, vectors[o]) for o in others]
