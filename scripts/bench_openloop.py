"""Open-loop speed figures (issue targets: same_loop < 20 us per pair on the text path; judge
post-processing for 1,000 open loops < 10 ms). Prints figures; asserts nothing.

    .venv/bin/python scripts/bench_openloop.py [--pairs ../shared/bench/openloop-pairs-dev.tsv] [--loops 1000]

Post-processing is `OpenLoopService.apply_judgement` (expiry sweep, closing by number, the dismissal
rule over every open loop, grounded + same_loop for each new promise) on an in-memory store, so it
measures the rules; the store write costs are printed separately. Times are CPU time of this process
(`time.process_time`), so other work on a shared machine inflates them less than wall time would;
the store figures include fsync, whose waiting is not CPU time, so those use wall time.

Instructions per cold pair, which the machine's load does not change (valgrind; subtract a run of 0):

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python scripts/bench_openloop.py --cold-only 100    # then --cold-only 0; / (100 * pairs)

(`--words-cold` with it for the fully cold line), and per judge post-processing of 1,000 loops: `--judge-only 12`, then `--judge-only 2`, difference / 10
(with PYTHONHASHSEED=0 for both runs).
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from zoneinfo import ZoneInfo

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jarvisd.openloop import rules, text  # noqa: E402
from jarvisd.openloop.model import LoopStatus, OpenLoop  # noqa: E402
from jarvisd.openloop.service import OpenLoopService  # noqa: E402
from jarvisd.openloop.stores import JsonlLoopStore, MemoryLoopStore  # noqa: E402

SEOUL = ZoneInfo("Asia/Seoul")
JUDGEMENT = ("open_loops:\n- 분기 보고서 초안 보내기 @2026-10-16 15:00 (근거: 내일 오후 3시까지 분기 보고서 초안을 "
             "팀장님께 보내야 해)\n- 치과 예약하기 (근거: 치과 예약도 해야 하고)\n- 우유 사기\nclosed_loops:\n- [3]\n")
INPUT = "내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해, 치과 예약도 해야 하고 우유 사기. 세탁소는 취소됐어"
TOPICS = ["회의 자료 준비", "세금 신고서 제출", "엄마한테 전화하기", "Review Sarah's pull request", "Pay the electricity bill",
          "Book a dentist appointment", "배포 결과 공유", "참석자 목록 확정", "renew car insurance", "세탁소 들르기"]


def clear_caches(words_too: bool = False) -> None:
    """Forget every text profile. The word-level caches (a word's facts, inflection matches) stay
    warm, as in a running daemon that has seen the words before, unless `words_too`."""
    text.profile.cache_clear()
    text.word_grams.cache_clear()
    rules._dismissal_reference.cache_clear()
    if words_too:
        text.KNOWN_WORDS.clear()
        text.words_match.cache_clear()


def load_average() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def per_call(fn: Callable[[], object], repeat: int, rounds: int = 5,
             timer: Callable[[], float] = time.process_time) -> list[float]:
    """Seconds per call, one figure per round."""
    out = []
    for _ in range(rounds):
        start = timer()
        for _ in range(repeat):
            fn()
        out.append((timer() - start) / repeat)
    return out


def show(label: str, seconds: list[float], unit: str = "us", target: str = "") -> None:
    scale = {"us": 1e6, "ms": 1e3}[unit]
    med, best = statistics.median(seconds) * scale, min(seconds) * scale
    print(f"{label:<58} median {med:9.2f} {unit}  best {best:9.2f} {unit}  {target}")


def bench_same_loop(pairs: list[tuple[str, str]]) -> None:
    def all_pairs() -> None:
        for a, b in pairs:
            rules.same_loop(a, b)

    def all_pairs_cold() -> None:
        clear_caches()
        all_pairs()

    def all_pairs_no_words() -> None:
        clear_caches(words_too=True)
        all_pairs()

    times = per_call(all_pairs_cold, 200, rounds=9)
    show(f"same_loop, text path, cold (no profile cache), per pair ({len(pairs)} dev pairs)",
         [t / len(pairs) for t in times], target="(target < 20 us)")
    times = per_call(all_pairs_no_words, 200, rounds=9)
    show("same_loop, text path, cold, word caches cleared too, per pair",
         [t / len(pairs) for t in times], target="(target < 20 us)")
    times = per_call(all_pairs, 400)
    show("same_loop, text path, profiles cached, per pair", [t / len(pairs) for t in times], target="(target < 20 us)")
    long_a = " ".join(TOPICS) * 3
    long_b = long_a.replace("세금", "환급")

    def long_cold() -> None:
        clear_caches()
        rules.same_loop(long_a, long_b)

    show("same_loop, text path, two ~600-character descriptions, cold", per_call(long_cold, 50))
    show("same_loop with a cosine above threshold (short-circuit)",
         per_call(lambda: rules.same_loop(*pairs[0], cosine=0.99, threshold=0.85), 20_000))
    show("dismisses, per (input, loop), cached", per_call(lambda: rules.dismisses(INPUT, "분기 보고서 초안 보내기"), 2000))
    show("grounded, per promise", per_call(lambda: rules.grounded("분기 보고서 초안 보내기", "내일 오후 3시까지", INPUT), 5000))
    show("parse_judgement, 3 promises + 1 closed", per_call(lambda: rules.parse_judgement(JUDGEMENT, SEOUL), 2000))


def seeded_service(n: int, store: MemoryLoopStore | JsonlLoopStore, now_ms: int) -> OpenLoopService:
    for i in range(n):
        store.save(OpenLoop(id=f"{i:032x}", desc=f"{TOPICS[i % len(TOPICS)]} {i}", status=LoopStatus.OPEN,
                            created_ms=now_ms - (n - i) * 1000, updated_ms=now_ms - (n - i) * 1000,
                            due_ms=now_ms + 86_400_000 if i % 2 else None))
    return OpenLoopService(store, tz=SEOUL, clock=lambda: now_ms / 1000)


def bench_post_processing(n: int) -> None:
    now_ms = int(time.time() * 1000)
    judgement = rules.parse_judgement(JUDGEMENT, SEOUL)
    starts, steady, cold = [], [], []
    for _ in range(7):
        store = MemoryLoopStore()
        seeded_service(n, store, now_ms)
        clear_caches()
        start = time.process_time()
        service = OpenLoopService(store, tz=SEOUL, clock=lambda: now_ms / 1000)  # a restart: load + profile
        starts.append(time.process_time() - start)
        shown = service.loops_for_judge("default")
        start = time.process_time()
        service.apply_judgement(judgement, INPUT, shown, "default")
        steady.append(time.process_time() - start)
        service = seeded_service(n, MemoryLoopStore(), now_ms)
        shown = service.loops_for_judge("default")
        clear_caches()  # worst case: no description profiled yet
        start = time.process_time()
        service.apply_judgement(judgement, INPUT, shown, "default")
        cold.append(time.process_time() - start)
    show(f"service start, {n} open loops (load + profile descriptions)", starts, "ms")
    show(f"judge post-processing, {n} open loops", steady, "ms", "(target < 10 ms)")
    show(f"judge post-processing, {n} open loops, no profile cached", cold, "ms")
    service = seeded_service(n, MemoryLoopStore(), now_ms)
    show(f"agenda read (expiry check + sort), {n} open loops", per_call(service.agenda, 20), "ms")


def judge_only(times: int, n: int) -> None:
    """Build 13 services (so every run builds the same), apply the judgement once to warm up, then
    to `times` of the others."""
    now_ms = 1_790_000_000_000
    judgement = rules.parse_judgement(JUDGEMENT, SEOUL)
    services = [seeded_service(n, MemoryLoopStore(), now_ms) for _ in range(13)]
    shown = [service.loops_for_judge("default") for service in services]
    for service, loops in list(zip(services, shown, strict=True))[: times + 1]:
        service.apply_judgement(judgement, INPUT, loops, "default")


def bench_stores(n: int) -> None:
    wall = time.perf_counter
    with tempfile.TemporaryDirectory() as tmp:
        store = JsonlLoopStore(Path(tmp) / "openloops.jsonl")
        loop = OpenLoop(id="f" * 32, desc="분기 보고서 초안 보내기", status=LoopStatus.OPEN, created_ms=1, updated_ms=1)
        show("JSONL save (one line + fsync), wall time", per_call(lambda: store.save(loop), 50, timer=wall), "ms")
        seeded_service(n, store, int(time.time() * 1000))
        show(f"JSONL load, {n + 250} records, wall time", per_call(store.load, 5, timer=wall), "ms")
        store.close()
        try:
            from jarvisd.openloop.lance_store import LanceLoopStore
        except ImportError:
            print("LanceDB not installed; skipped")
            return
        lance = LanceLoopStore(str(Path(tmp) / "agenda.lance"))
        show("LanceDB save (merge_insert by id), wall time", per_call(lambda: lance.save(loop), 10, rounds=3, timer=wall), "ms")
        show("LanceDB load, 1 record (after 30 versions), wall time", per_call(lance.load, 10, rounds=3, timer=wall), "ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=Path, default=REPO.parent / "shared" / "bench" / "openloop-pairs-dev.tsv")
    parser.add_argument("--loops", type=int, default=1000)
    parser.add_argument("--cold-only", type=int, metavar="N",
                        help="only run N cold rounds of same_loop over the pairs, untimed: for counting "
                             "instructions under valgrind, which a shared machine's load does not change")
    parser.add_argument("--words-cold", action="store_true",
                        help="with --cold-only: clear the word caches too (the fully cold line)")
    parser.add_argument("--judge-only", type=int, metavar="N",
                        help="only apply the judgement N times to fresh services of --loops open loops, "
                             "untimed (for valgrind, as --cold-only)")
    args = parser.parse_args(argv)
    if args.judge_only is not None:
        judge_only(args.judge_only, args.loops)
        return 0
    with args.pairs.open(encoding="utf-8") as fh:
        pairs = [(row["a"], row["b"]) for row in csv.DictReader(fh, delimiter="\t")]
    if args.cold_only is not None:
        for a, b in pairs:  # imports and word caches warm, as in the timed cold line
            rules.same_loop(a, b)
        for _ in range(args.cold_only):
            clear_caches(words_too=args.words_cold)
            for a, b in pairs:
                rules.same_loop(a, b)
        return 0
    print(f"python {sys.version.split()[0]}, {args.pairs.name}, {os.cpu_count()} cores, {load_average()}")
    bench_same_loop(pairs)
    bench_post_processing(args.loops)
    bench_stores(args.loops)
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
