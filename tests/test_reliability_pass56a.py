"""The fifty-sixth pass (a): issue 18's done-when pass over acknowledged writes under SIGKILL, memory consolidation
killed mid-way, the scheduler under a clock jump and records that could stop the start (docs/reliability.md,
"Fifty-sixth pass (a)"). Real parts: LanceDB in a child process killed with SIGKILL, the agenda service on JSONL, the
reminder scheduler on its real APScheduler."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.events import EventBus
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.reflect import scheduler as scheduler_module
from jarvisd.reflect.delivered import DeliveredLog
from jarvisd.reflect.periodic import PeriodicJobs
from jarvisd.reflect.scheduler import DaemonScheduler
from jarvisd.turn_gate import TurnGate

REPO = Path(__file__).resolve().parents[1]
BERLIN = ZoneInfo("Europe/Berlin")
SESSIONS = 4

# ---------------------------------------------------------------- consolidation killed mid-way

CONSOLIDATION_CHILD = r"""
import os, signal, sys
from jarvisd.llm.base import Message
from jarvisd.memory.consolidation import ExtractedFact
from jarvisd.memory.consolidation_runs import consolidate_all
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder

uri, mode, point = sys.argv[1], sys.argv[2], sys.argv[3]
embedder = HashedNgramEmbedder()
service = MemoryService(LanceMemoryStore(uri, dimensions=embedder.dimensions), embedder=embedder)
if mode == "seed":
    for s in range(int(point)):
        scope = MemoryScope("me", "main", f"s{s}")
        for t in range(3):
            service.record_turn(scope, [Message("user", f"my pet{s} number {t} is called name{s}x{t}"),
                                        Message("assistant", "ok")])
    service.close()
    sys.exit(0)
counts = {"extract": 0, "fact": 0, "mark": 0}

def step(kind):
    counts[kind] += 1
    if point == f"{kind}{counts[kind]}":
        os.kill(os.getpid(), signal.SIGKILL)

def extract(texts):
    step("extract")
    return [ExtractedFact(" ".join(t.split()[1:4]), t.split()[-1], 0.9) for t in texts]

write_fact = service.write_fact
def counted_write_fact(scope, item):
    stored = write_fact(scope, item)
    print("FACT", item.content, flush=True)   # acknowledged: the store returned
    step("fact")
    return stored
service.write_fact = counted_write_fact
upsert = service.store.upsert
def counted_upsert(items):
    upsert(items)
    if items and all(i.metadata.get("consolidated") for i in items):
        step("mark")
service.store.upsert = counted_upsert
run = consolidate_all(service, "me", "main", extract)
print("RUN", run.episodes, run.facts, flush=True)
service.close()
"""


def _child(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", CONSOLIDATION_CHILD, *args], env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def _state(uri: str) -> tuple[list[str], dict[str, list[bool]]]:
    items = LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions).all_items()
    facts = sorted(i.content for i in items if i.source == "extracted")
    marks: dict[str, list[bool]] = {}
    for item in items:
        if item.source == "turn":
            marks.setdefault(item.session, []).append(bool(item.metadata.get("consolidated")))
    return facts, marks


def _wanted(session: str) -> set[str]:
    n = session[1:]
    return {f"pet{n} number {t}: name{n}x{t}" for t in range(3)}


@pytest.mark.slow  # a LanceDB writer subprocess killed with SIGKILL
@pytest.mark.parametrize("point", ["fact2", "extract3", "fact7", "mark2"])
def test_guard_a_consolidation_killed_mid_way_loses_nothing_marks_nothing_early_and_duplicates_nothing(
        tmp_path, point):
    """SIGKILL inside a consolidation pass (in the extraction of a session, between two facts of one session, right
    after a session's episodes were marked): every fact the store acknowledged is there after the restart, a session
    is marked consolidated only with all its facts stored and all its episodes marked, and the next pass finishes the
    rest without a second copy of any fact."""
    uri = str(tmp_path / "memory.lance")
    assert _child(uri, "seed", str(SESSIONS)).returncode == 0
    killed = _child(uri, "run", point)
    assert killed.returncode == -signal.SIGKILL, killed.stderr[-2000:]
    acknowledged = [line[5:] for line in killed.stdout.splitlines() if line.startswith("FACT ")]
    facts, marks = _state(uri)
    assert set(acknowledged) <= set(facts)
    for session, marked in marks.items():
        assert all(marked) or not any(marked), f"{session} half marked: {marked}"
        if all(marked):
            assert _wanted(session) <= set(facts), f"{session} marked without its facts"
    again = _child(uri, "run", "none")
    assert again.returncode == 0, again.stderr[-2000:]
    facts, marks = _state(uri)
    assert facts == sorted(set().union(*(_wanted(f"s{s}") for s in range(SESSIONS))))
    assert all(all(marked) for marked in marks.values())


# ---------------------------------------------------------------- the scheduler under a clock jump

def _ms(text: str) -> int:
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=BERLIN).timestamp() * 1000)


class _JumpingClock:
    """The wall clock, moved by `jump` while everything keeps reading it (the agenda, the planner, APScheduler)."""

    def __init__(self, start: str) -> None:
        self.offset = _ms(start) / 1000 - time.time()

    def __call__(self) -> float:
        return time.time() + self.offset

    def jump(self, seconds: float) -> None:
        self.offset += seconds


async def _run_jumps(tmp_path: Path, monkeypatch, start: str, loops, jumps,
                     expect_expiry: bool = False) -> tuple[list[str], list[str]]:
    import apscheduler.executors.base as executor_base
    import apscheduler.schedulers.base as scheduler_base
    import apscheduler.triggers.interval as interval_trigger

    clock = _JumpingClock(start)

    class _Now(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return datetime.fromtimestamp(clock(), tz)

    # APScheduler reads the jumped clock too: its loop, its interval triggers and its executor's misfire check (which
    # otherwise, with the test's clock behind the real one, skips every sweep as "missed")
    for module in (scheduler_base, interval_trigger, executor_base):
        monkeypatch.setattr(module, "datetime", _Now)
    monkeypatch.setattr(scheduler_module, "MAX_SLEEP_SEC", 0.2)   # it looks at the clock often: a short test
    bus = EventBus()
    agenda = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=BERLIN, clock=clock,
                             publish=bus.publish_nowait)
    for desc, due, repeat in loops:
        agenda.add(desc, due_ms=_ms(due), repeat=repeat)
    said: list[str] = []
    expired: list[str] = []

    async def speak(text: str, lang: str) -> None:
        said.append(text)

    def expire():
        change = agenda.expire()
        expired.extend(loop.desc for loop in change.closed)
        return change

    gate = TurnGate(clock=clock)
    reminders = DaemonScheduler(open_loops=agenda.unexpired, speak=speak, gate=gate, tz=BERLIN, clock=clock, bus=bus,
                                delivered=DeliveredLog(tmp_path / "reminders.jsonl"))
    reminders.ticks = PeriodicJobs(gate=gate, expire=expire, say=reminders.say, clock=clock, sweep_sec=0.5)
    reminders.start()
    try:
        await asyncio.sleep(1.0)
        for seconds in jumps:
            clock.jump(seconds)
            await asyncio.sleep(1.0)
        for _ in range(100):   # a loaded machine: the last sweep may come late
            if expired or not expect_expiry:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
    finally:
        await reminders.stop(consolidate=False)
    return said, expired


async def test_guard_a_reminder_is_said_once_and_a_promise_expires_once_across_clock_jumps(tmp_path, monkeypatch):
    """The wall clock jumped while the scheduler ran (forward past a reminder's time, back an hour, forward again
    past the same time, then a day on): the reminder is said once, not again when the clock passes its time a
    second time; the expired promise is swept once; nothing raises."""
    said, expired = await _run_jumps(
        tmp_path, monkeypatch, "2026-12-06 21:40",
        [("take the pills", "2026-12-06 23:00", "daily"), ("call Bob", "2026-12-06 22:30", None)],
        [21 * 60, -3600, 3600, 600, 600, 26 * 3600], expect_expiry=True)
    assert said.count("Reminder: take the pills. It's due in 59 minutes.") == 1, said
    assert sum("call Bob" in text for text in said) == 1, said
    assert expired.count("call Bob") == 1, expired


async def test_guard_a_reminder_in_the_autumn_fold_is_said_once_when_the_hour_repeats(tmp_path, monkeypatch):
    """Europe/Berlin's autumn night (02:00-03:00 twice): a promise due at the first 02:30 has its reminders said
    once each, and the repeated hour (the clock on, then back to the first 02:25) says neither again."""
    said, _ = await _run_jumps(
        tmp_path, monkeypatch, "2026-10-25 00:50", [("call the night shift", "2026-10-25 02:30", None)],
        [45 * 60, 50 * 60, 3600, -3600, 600])
    assert [text.split(".")[0] for text in said] == ["Reminder: call the night shift"] * 2, said
