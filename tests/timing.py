"""Timing guards whose verdict does not depend on the machine's speed or load (see docs/reliability.md, "How a
timing guard is written").

CI runs the suite on 2 shared cores at load 6-10: a bound in seconds fails there on a fix that works, or has to be
so loose that it passes on the bug too. So a guard measures against itself in the same run:

Each is timed in the process's CPU time (`time.process_time`), not the wall clock: what load takes away is not
counted, and the ratio of two such times in one run is what the guard asserts.

- `assert_grows_linearly`: a reader that was quadratic (or worse) in its input is timed on the input and on one 8
  times smaller, each the best of a few runs; linear is ~8 times, quadratic ~64, cubic ~512.
- `assert_costs_about`: work with no size to scale (a tower of powers) against a yardstick of the same kind.
- `LoopTicks`: "the event loop is not held" is counted, not timed: the loop's turns while the work is under way.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from collections.abc import Callable
from typing import Any

SCALE = 8


def _once(work: Callable[[Any], object], arg: Any) -> float:
    """The CPU time of this process (all its threads) for one call: a machine at load takes the CPU away from it,
    which wall-clock time counts (a 3 ms call took 30 ms at load 10) and CPU time does not."""
    started = time.process_time()
    work(arg)
    return time.process_time() - started


def assert_grows_linearly(work: Callable[[Any], object], make: Callable[[int], Any], n: int, *,
                          scale: int = SCALE, most: float | None = None, runs: int = 5, vary: bool = True) -> float:
    """`work(make(n))` takes at most `most` (3 x `scale`) times `work(make(n // scale))`: well below quadratic.

    Each run builds its input anew with a size a little smaller (n - run), so a reader's cache keyed by the text
    never answers a run (`vary=False` for readers with no such cache, and for small n). The small input's time is
    the best of `runs`; the big one is timed until one run is under the bound (at most `runs + 2` times): a busy
    machine slows a run down, never speeds it up, so one run under the bound is proof enough, and a quadratic
    reader is never under it. Returns the ratio.

    For a reader that was exponential in its words, `scale=2` at a size where the bug still ends in seconds:
    twice the words cost ~2-4 times as much when polynomial, thousands of times when exponential."""
    small_n = n // scale
    most = 3.0 * scale if most is None else most
    if vary:
        assert small_n >= 8 * runs, "the small input is too small to vary its size"
    step = 1 if vary else 0
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        work(make(small_n + step))   # warm up: patterns compiled, modules imported, models loaded
        small = min(_once(work, make(small_n - step * run)) for run in range(runs))
        small = max(small, 1e-6)
        ratios = []
        for run in range(runs + 2):
            ratios.append(_once(work, make(n - step * run)) / small)
            print(f"timing: run {run + 1}, {scale}x the input, {ratios[-1]:.1f}x the time", flush=True)
            if ratios[-1] < most:
                print(f"timing: {scale}x the input, {ratios[-1]:.1f}x the time (bound {most:.0f}, small "
                      f"{small * 1000:.2f} ms)")
                return ratios[-1]
            if ratios[-1] > 10 * most:   # no load does that: the bug itself (and its runs may take long)
                break
    finally:
        if was_enabled:
            gc.enable()
    raise AssertionError(f"{scale}x the input took {min(ratios):.0f}x the time (best of {len(ratios)} runs; "
                         f"linear is ~{scale}, quadratic ~{scale * scale}, the bound {most:.0f}); "
                         f"small input {small * 1000:.2f} ms")


def assert_costs_about(work: Callable[[], object], yardstick: Callable[[], object], *, most: float,
                       runs: int = 5) -> float:
    """`work()` takes at most `most` times `yardstick()`, each the best of `runs` (same early stop as above).
    For work with no input size to scale: the yardstick is the same kind of work on an ordinary case."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        work(), yardstick()   # warm up
        base = max(min(_once(lambda _: yardstick(), None) for _ in range(runs)), 1e-6)
        ratios = []
        for _ in range(runs + 2):
            ratios.append(_once(lambda _: work(), None) / base)
            if ratios[-1] < most:
                print(f"timing: {ratios[-1]:.1f}x the yardstick (bound {most:.0f}, yardstick {base * 1000:.3f} ms)")
                return ratios[-1]
            if ratios[-1] > 10 * most:
                break
    finally:
        if was_enabled:
            gc.enable()
    raise AssertionError(f"the work took {min(ratios):.0f}x its yardstick (best of {len(ratios)} runs; the bound "
                         f"{most:.0f}); yardstick {base * 1000:.3f} ms")


class LoopTicks:
    """Counts the turns of the running event loop while some work is under way.

    The work (a fake slow disk, browser, lock holder) sets `busy` when it starts and clears it when it ends; a
    ticker on the loop counts each of its turns that saw `busy` set. Work run on the event loop's own thread
    holds the loop from start to end, so the ticker sees none of it: `during` is 0. Work run off the loop leaves
    it turning: `during` counts a turn every few milliseconds of it (how many depends on the load; that it is
    more than a few does not)."""

    def __init__(self, every: float = 0.005) -> None:
        self.busy = threading.Event()
        self.during = 0
        self.turns = 0
        self._every = every
        self._stopped = False
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        while not self._stopped:
            await asyncio.sleep(self._every)
            self.turns += 1
            if self.busy.is_set():
                self.during += 1

    async def stop(self) -> int:
        self._stopped = True
        await self._task
        return self.during
