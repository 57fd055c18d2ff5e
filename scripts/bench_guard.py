"""Loop-guard overhead per round: 100 tool calls whose results are ~10 KB each.

    .venv/bin/python scripts/bench_guard.py [--rounds 200] [--calls 100] [--kb 10]

Measured per round, from the loop's point of view:
  guard    what the guard adds: writing each call's parsed arguments as canonical JSON, the
           repeat/budget check before each call, and after the round the fingerprint of each result's
           canonical text, the emptiness check where needed and the counters. Target (issue 6): < 2 ms.
  prepare  the registry's whole check of each call (JSON parse, canonical form, schema), which the loop
           needs to call a tool at all; for comparison (it contains the canonical form above).
  render   turning each result into the canonical JSON text the model reads; the loop does this for
           every result with or without a guard, and the guard hashes that text instead of serialising again.
Prints percentiles in milliseconds, as CPU time of the benchmark thread (the work itself, steady on a
shared machine) and as wall time (what a round waits, which includes waiting for a core).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from collections.abc import Callable

from jarvisd.agent.guard import canonical_parsed_json
from jarvisd.agent.guard_hook import LoopGuard
from jarvisd.agent.hooks import CallOutcome, RoundRecord, TurnContext
from jarvisd.agent.profiles import research_profile
from jarvisd.agent.tools import Tool, ToolRegistry, render_result
from jarvisd.llm.base import ToolCall


def result_of(size_kb: int, seed: int) -> dict:
    """A search-like result: a list of documents with titles, scores and Korean/English snippets."""
    rng = random.Random(seed)
    docs = []
    while len(json.dumps(docs, ensure_ascii=False).encode()) < size_kb * 1024:
        docs.append({"id": f"doc-{seed}-{len(docs)}", "title": f"Quarterly report {rng.randint(1, 9999)}",
                     "score": round(rng.random(), 4), "tags": ["finance", "q3"],
                     "snippet": "출시 일정과 예산 검토 meeting notes " * 12})
    return {"items": docs, "count": len(docs), "next_page": None}


def arguments_of(i: int, r: int) -> str:
    return json.dumps({"query": f"launch decision {r}-{i}", "filters": {"year": 2026, "team": "ops"}, "page": i % 5})


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def bench(rounds: int, calls: int, size_kb: int,
                clock: Callable[[], float] = time.perf_counter) -> tuple[list[float], list[float], list[float]]:
    registry = ToolRegistry([Tool("search_docs", "", lambda ctx, args: None, {"type": "object"})])
    guard = LoopGuard(research_profile(budget=rounds * calls).policy)
    ctx = TurnContext(agent="bench", profile=research_profile(1), user_text="")
    pool = [result_of(size_kb, seed) for seed in range(calls * 2)]
    guard_ms: list[float] = []
    prepare_ms: list[float] = []
    render_ms: list[float] = []
    for r in range(rounds):
        raw_calls = [ToolCall("search_docs", arguments_of(i, r), f"c{i}") for i in range(calls)]
        values = [pool[(r * 7 + i) % len(pool)] for i in range(calls)]

        t0 = clock()
        prepared = [registry.prepare(c, i) for i, c in enumerate(raw_calls)]
        t1 = clock()
        for p in prepared:  # the guard's share of prepare: parsed arguments to canonical JSON
            canonical_parsed_json(p.arguments)
        t2 = clock()
        for p in prepared:
            await guard.before_tool_call(ctx, p)
        t3 = clock()
        rendered = [render_result(v) for v in values]
        t4 = clock()
        outcomes = tuple(CallOutcome(p, "ok", v, text, canonical)
                         for p, v, (text, canonical) in zip(prepared, values, rendered, strict=True))
        t5 = clock()
        await guard.after_round(ctx, RoundRecord(r + 1, "", outcomes))
        t6 = clock()
        guard_ms.append(((t2 - t1) + (t3 - t2) + (t6 - t5)) * 1000)
        prepare_ms.append((t1 - t0) * 1000)
        render_ms.append((t4 - t3) * 1000)
    return guard_ms, prepare_ms, render_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--kb", type=int, default=10)
    args = parser.parse_args()
    size = len(json.dumps(result_of(args.kb, 0), ensure_ascii=False).encode())
    print(f"{args.rounds} rounds x {args.calls} calls, results of {size / 1024:.1f} KB "
          f"({args.calls * size / 1024 / 1024:.2f} MB per round); load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    for clock_name, clock in (("cpu time", time.thread_time), ("wall time", time.perf_counter)):
        guard_ms, prepare_ms, render_ms = asyncio.run(bench(args.rounds, args.calls, args.kb, clock))
        print(f"{clock_name} per round (ms):")
        for name, values in (("guard", guard_ms), ("prepare", prepare_ms), ("render", render_ms)):
            print(f"  {name:>8}: min {min(values):6.2f}  p50 {percentile(values, 50):6.2f}  "
                  f"p90 {percentile(values, 90):6.2f}  p99 {percentile(values, 99):6.2f}  max {max(values):6.2f}")

if __name__ == "__main__":
    main()
