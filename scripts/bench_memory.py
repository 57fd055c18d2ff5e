"""Benchmark the memory core on LanceDB on disk: recall latency at 1k/10k/100k items, record-turn throughput.

Embeddings are precomputed random unit vectors (the embedder's cost is not measured here; turn
episodes carry a second, context vector), so the figures are the store and the service: filters,
keyword matching (with its rarity counts), vector search over both vectors, scoring. Per size it
also prints the in-process copy's size (`resident MB`: rows, vectors, indexes) and the cold start: a
fresh store on the same table up to its first recall (`open s`, which loads the copy and trains the
vector partitions), and the load average when the size finished. `resident MB` is the copy's heap;
`mapped MB` its raw vectors in file-backed maps (`lance_vectors.MappedRows`: the OS page cache holds
them and may drop them; 0 for the code before them). `steps ms` is the median CPU cost
of recall's pseudo-relevance feedback (`memory/feedback.py`) and conversation step
(`scoring.with_conversation`) together: each recall is paired with the same recall without both, run
just before or just after it in turn.

    .venv/bin/python scripts/bench_memory.py                 # 1k, 10k, 100k
    .venv/bin/python scripts/bench_memory.py --sizes 1000 --queries 50
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.llm.base import Message  # noqa: E402
from jarvisd.memory.items import new_item  # noqa: E402
from jarvisd.memory.scope import MemoryScope  # noqa: E402
from jarvisd.memory.service import MemoryService  # noqa: E402
from jarvisd.memory.settings import MemorySettings  # noqa: E402
from jarvisd.memory.stores.lance import LanceMemoryStore  # noqa: E402

DIM = 384
WORDS = ("서울 부산 회의 일정 예산 보고서 강아지 산책 병원 예약 커피 점심 저녁 운동 여행 비행기 호텔 대출 "
         "환율 주식 날씨 생일 선물 영화 음악 독서 요리 청소 이사 계약 학교 숙제 친구 가족 회사 프로젝트 "
         "마감 발표 메일 전화 택시 기차 버스 쇼핑 시장 은행 카드 보험 세금 건강 약속").split()
START = datetime(2026, 1, 1, tzinfo=UTC)
ME = MemoryScope("me", "main", "bench")


class PrecomputedEmbedder:
    """Returns vectors looked up by text (or a random unit vector): embedding cost stays out."""

    name = "precomputed"
    dimensions = DIM

    def __init__(self, rng: np.random.Generator) -> None:
        self.table: dict[str, list[float]] = {}
        self.pool = unit(rng.standard_normal((512, DIM)).astype(np.float32)).tolist()
        self.next = 0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for t in texts:
            if t not in self.table:
                self.next = (self.next + 1) % len(self.pool)
            out.append(self.table.get(t, self.pool[self.next]))
        return out


def unit(m: np.ndarray) -> np.ndarray:
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def make_items(n: int, rng: np.random.Generator, pyrng: random.Random) -> list:
    vectors = unit(rng.standard_normal((n, DIM)).astype(np.float32))
    # turn episodes' context vectors (the turn with the one before it), from their own generator so
    # the items and queries stay those of earlier runs
    contexts = unit(np.random.default_rng(n + 7).standard_normal((n, DIM)).astype(np.float32))
    items = []
    owners = [("me", "main")] * 8 + [("me", "karen"), ("other", "main")]
    sources = ["turn"] * 7 + ["explicit", "thought", "task_pattern"]
    for i in range(n):
        user, agent = pyrng.choice(owners)
        source = pyrng.choice(sources)
        content = " ".join(pyrng.choices(WORDS, k=8))
        if source == "explicit":
            content = f"{pyrng.choice(WORDS)}{i % 97}: {content}"
        items.append(new_item(
            user=user, agent=agent, session=f"s{i % 200}", source=source, content=content,
            created_at=START + timedelta(minutes=i), item_id=f"it{i:07d}",
            importance=round(pyrng.random(), 2), metadata={"task_type": "chat", "outcome": "success"},
            vector=tuple(vectors[i].tolist()),
            context_vector=tuple(contexts[i].tolist()) if source == "turn" else None,
        ))
    return items


def fill(store: LanceMemoryStore, items: list) -> None:
    threshold, store.index_threshold = store.index_threshold, 10**12  # bulk load, then index once
    for start in range(0, len(items), 5000):
        store.upsert(items[start : start + 5000])
        store.flush()
    store.index_threshold = threshold
    store.ensure_index()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_recall(n: int, queries: int, workdir: Path, profile: int = 0) -> dict[str, float]:
    """A table left by an earlier run in `workdir` (`--reuse`) is queried as it is: the items are
    generated from the same seeds, so the queries are the same; `load s` is then 0. `profile`: print
    the top functions of the timed recalls under cProfile (their timings are then the profiler's)."""
    rng, pyrng = np.random.default_rng(n), random.Random(n)
    path = workdir / f"bench-{n}.lance"
    existed = path.exists()
    store = LanceMemoryStore(str(path), dimensions=DIM, flush_rows=10**9)
    t0 = time.perf_counter()
    items = make_items(n, rng, pyrng)
    if not existed:
        fill(store, items)
    load_s = time.perf_counter() - t0 if not existed else 0.0
    embedder = PrecomputedEmbedder(rng)
    svc = MemoryService(store, embedder=embedder, clock=lambda: START + timedelta(minutes=n + 1))
    # the same recall without feedback and the conversation step, run beside each one: their cost, paired
    plain = MemoryService(store, embedder=embedder, clock=lambda: START + timedelta(minutes=n + 1),
                          settings=MemorySettings(feedback=False, conversation=False))
    # Only the query targets' text and vector stay: n MemoryItem objects held by the harness would
    # make Python's full garbage collections, triggered by the recalls' allocations, walk them all
    # (milliseconds at 100k), a cost of the benchmark and not of the daemon, which holds no items.
    mine = [SimpleNamespace(content=it.content, vector=it.vector) for it in items
            if it.user == "me" and it.agent == "main" and it.source == "turn"]
    del items
    gc.collect()
    latencies, cpu, steps_cpu = [], [], []
    profiler = cProfile.Profile() if profile else None
    for q in range(queries + 5):
        target = pyrng.choice(mine)
        words = target.content.split()
        query = f"{words[1]} {words[4]} 어떻게 됐지?"
        noisy = np.asarray(target.vector) + rng.standard_normal(DIM).astype(np.float32) * 0.03
        embedder.table[query] = (noisy / np.linalg.norm(noisy)).tolist()
        if q % 2:
            c = time.process_time()
            plain.recall(ME, query)
            without = time.process_time() - c
        t, c = time.perf_counter(), time.process_time()
        if profiler is not None and q >= 5:
            profiler.runcall(svc.recall, ME, query)
        else:
            svc.recall(ME, query)
        if q >= 5:  # warm-up
            latencies.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        if not q % 2:
            c = time.process_time()
            plain.recall(ME, query)
            without = time.process_time() - c
        if q >= 5:
            steps_cpu.append(cpu[-1] - without * 1000)
    if profiler is not None:
        print(f"cProfile of {queries} recalls at {n} items, by own time (ms are totals):")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(profile)
    resident_mb = store._copy.nbytes() / 2**20
    mapped_mb = store._copy.mapped_bytes() / 2**20 if hasattr(store._copy, "mapped_bytes") else 0.0
    indexed = store.ensure_index()
    store.close()
    t = time.perf_counter()
    cold = LanceMemoryStore(str(workdir / f"bench-{n}.lance"), dimensions=DIM)
    MemoryService(cold, embedder=embedder, clock=lambda: START + timedelta(minutes=n + 1)).recall(ME, query)
    open_s = time.perf_counter() - t
    return {"n": n, "load_s": load_s, "p50": statistics.median(latencies), "p95": percentile(latencies, 0.95),
            "cpu50": statistics.median(cpu), "steps50": statistics.median(steps_cpu), "indexed": indexed, "resident_mb": resident_mb,
            "mapped_mb": mapped_mb, "open_s": open_s}


def bench_record(turns: int, workdir: Path) -> float:
    store = LanceMemoryStore(str(workdir / "bench-record.lance"), dimensions=DIM)
    svc = MemoryService(store, embedder=PrecomputedEmbedder(np.random.default_rng(1)))
    pyrng = random.Random(1)
    convo = [[Message("user", " ".join(pyrng.choices(WORDS, k=10))),
              Message("assistant", " ".join(pyrng.choices(WORDS, k=40)))] for _ in range(turns)]
    t = time.perf_counter()
    for msgs in convo:
        svc.record_turn(ME, msgs)
    store.flush()
    return turns / (time.perf_counter() - t)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--turns", type=int, default=5_000)
    parser.add_argument("--dir", type=Path, default=None, help="where the tables go (default: a temp dir)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print the N functions with the most own time over the timed recalls (cProfile)")
    parser.add_argument("--reuse", type=Path, default=None,
                        help="keep the tables in this folder and query the ones already there (recall only,"
                             " e.g. to rerun when the machine is quiet)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="jarvisd-bench-", dir=args.dir) as tmp:
        workdir = Path(tmp) if args.reuse is None else args.reuse
        workdir.mkdir(parents=True, exist_ok=True)
        print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
        print(f"{'items':>8} {'load s':>8} {'index':>6} {'recall p50 ms':>14} {'recall p95 ms':>14} {'cpu p50 ms':>11}"
              f" {'steps ms':>9} {'resident MB':>12} {'mapped MB':>10} {'open s':>7}  load average")
        for n in args.sizes:
            r = bench_recall(n, args.queries, workdir, args.profile)
            print(f"{r['n']:>8} {r['load_s']:>8.1f} {('yes' if r['indexed'] else 'no'):>6} "
                  f"{r['p50']:>14.1f} {r['p95']:>14.1f} {r['cpu50']:>11.1f} {r['steps50']:>9.2f} {r['resident_mb']:>12.0f} {r['mapped_mb']:>10.0f}"
                  f" {r['open_s']:>7.1f}  {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
        rate = bench_record(args.turns, Path(tmp))
        print(f"\nrecord_turn: {rate:,.0f} turns/s ({args.turns} turns, embedding excluded, LanceDB on disk)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
