"""Pass 60a (issue 18's done-when pass): a clock jump on a live daemon, disk full in the long writes, and pass 59d's
fixes re-attacked. Each test failed on cfcd2b7. docs/reliability.md, "Sixtieth pass (a)"."""

from __future__ import annotations

from jarvisd.config import load_config
from jarvisd.openloop.alarms import RUNG_KEEP_MS
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.reflect.scheduler import DaemonScheduler
from jarvisd.turn_gate import TurnGate
from tests.reflect.conftest import SEOUL, ScriptedClock, Speaker, local_ms


def _daemon_parts(tmp_path, clock):
    """The agenda on a JSONL log and the scheduler as `jarvisd run` wires them (`DaemonScheduler.from_config`)."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul",
                           "JARVIS_PROACTIVE__QUIET_HOURS": "23:00-07:00"})
    agenda = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    speaker = Speaker()
    reminders = DaemonScheduler.from_config(cfg, agenda=agenda, speak=speaker, gate=TurnGate(clock=clock), clock=clock)
    return agenda, reminders, speaker


async def test_a_timer_that_ended_inside_a_clock_jump_rings_late_once(tmp_path):
    """The wall clock jumped an hour ahead (or the machine slept) 40 minutes past a 20-minute timer's end: the timer
    left the agenda 15 minutes after its end without its ring said (a promise due in the same hour was said late)."""
    clock = ScriptedClock("2026-10-15 09:00")
    agenda, reminders, speaker = _daemon_parts(tmp_path, clock)
    end = local_ms("2026-10-15 09:20")
    timer = agenda.add("20-minute timer", due_ms=end, remind_ms=end)
    reminders.sync()
    clock.set_local("2026-10-15 10:00")
    agenda.expire()                     # an agenda read's sweep may come first
    assert await reminders.run_due() == 1
    assert speaker.texts == ["Time's up: 20-minute timer."]
    assert await reminders.run_due() == 0
    clock.advance(RUNG_KEEP_MS / 1000)  # rung: it leaves as a rung one does
    agenda.expire()
    assert agenda.find(timer.id).status is LoopStatus.EXPIRED


async def test_guard_a_timer_rung_on_time_leaves_the_agenda_15_minutes_later_as_before(tmp_path):
    clock = ScriptedClock("2026-10-15 09:00")
    agenda, reminders, speaker = _daemon_parts(tmp_path, clock)
    end = local_ms("2026-10-15 09:20")
    timer = agenda.add("20-minute timer", due_ms=end, remind_ms=end)
    reminders.sync()
    clock.set_local("2026-10-15 09:20")
    assert await reminders.run_due() == 1
    clock.advance(RUNG_KEEP_MS / 1000 - 1)
    agenda.expire()
    assert agenda.find(timer.id).is_open
    clock.advance(1)
    agenda.expire()
    assert agenda.find(timer.id).status is LoopStatus.EXPIRED


async def test_guard_an_alarm_missed_by_more_than_a_promise_s_grace_is_not_rung(tmp_path):
    """A day's jump past a 7 AM alarm: it is not said at 5 PM the next day (it expired, as a promise would)."""
    clock = ScriptedClock("2026-10-15 22:00")
    agenda, reminders, speaker = _daemon_parts(tmp_path, clock)
    seven = local_ms("2026-10-16 07:00")
    alarm = agenda.add("alarm", due_ms=seven, remind_ms=seven)
    reminders.sync()
    clock.set_local("2026-10-16 17:00")
    agenda.expire()
    assert await reminders.run_due() == 0
    assert speaker.texts == []
    assert agenda.find(alarm.id).status is LoopStatus.EXPIRED


def test_a_whole_last_journal_record_with_a_wrong_checksum_is_damage_said_and_kept(tmp_path, caplog):
    """Before: one byte flipped in the newest record of a killed store's journal (the record whole, its checksum
    wrong: damage on disk, not a write cut short) was "ends in a torn record (a write killed before it was
    acknowledged)": that acknowledged write gone with no copy of the journal kept, and `/api/status` said memory ok."""
    import logging

    from jarvisd.memory.stores.lance_journal import HEADER
    from jarvisd.store_health import damaged_sentence
    from tests.test_reliability_pass57 import _killed_journal, _replayed

    uri, wal = _killed_journal(tmp_path)
    data = bytearray(wal.read_bytes())
    at = 0
    while at + HEADER.size + HEADER.unpack_from(data, at)[1] < len(data):    # to the last record
        at += HEADER.size + HEADER.unpack_from(data, at)[1]
    data[-20] ^= 0xFF
    wal.write_bytes(bytes(data))
    with caplog.at_level(logging.WARNING):
        service, store, contents = _replayed(uri)
    try:
        assert "my locker number is 0" in contents and "my locker number is 1" in contents, contents
        assert "a write killed before it was acknowledged" not in caplog.text
        (kept,) = wal.parent.glob("*.damaged")
        assert kept.read_bytes() == bytes(data)
        sentence = damaged_sentence(store)
        assert sentence is not None and f"byte {at}" in sentence, sentence
    finally:
        service.close()


def test_guard_a_journal_whose_last_record_was_cut_short_is_a_torn_write_as_before(tmp_path, caplog):
    import logging

    from jarvisd.store_health import damaged_sentence
    from tests.test_reliability_pass57 import _killed_journal, _replayed

    uri, wal = _killed_journal(tmp_path)
    data = wal.read_bytes()
    wal.write_bytes(data[:-20])
    with caplog.at_level(logging.WARNING):
        service, store, contents = _replayed(uri)
    try:
        assert "my locker number is 1" in contents, contents
        assert "a write killed before it was acknowledged" in caplog.text
        assert not list(wal.parent.glob("*.damaged"))
        assert damaged_sentence(store) is None
    finally:
        service.close()


def test_the_doctor_says_the_data_dir_s_disk_is_full(tmp_path, monkeypatch):
    """Before: with the data dir's file system full (a tmpfs filled to its last byte) the doctor said "memory: ok: 11
    items" and "agenda: 6 open" with nothing on the data dir's line, while every `/remember` of the running daemon
    answered "No space left on device" and memory's journal waited unreplayed."""
    import os

    import jarvisd.doctor as doctor
    from jarvisd.config import load_config

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path))
    cfg = load_config()
    cfg.paths.data_dir.mkdir(parents=True)
    real_statvfs = os.statvfs

    class _Full:
        def __init__(self, real):
            self._real = real
            self.f_bfree = self.f_bavail = 0

        def __getattr__(self, name):
            return getattr(self._real, name)

    monkeypatch.setattr(os, "statvfs", lambda path: _Full(real_statvfs(path)))
    problem = doctor._data_dir_problem(cfg.paths.data_dir)
    assert problem is not None and problem.startswith("FULL"), problem
    monkeypatch.setattr(os, "statvfs", real_statvfs)
    assert doctor._data_dir_problem(cfg.paths.data_dir) is None    # guard: a disk with room says nothing, as before


COMPACT_ON_A_FULL_DISK_CHILD = """
import asyncio, resource, sys
from jarvisd.commands import CommandContext, CommandRegistry
from jarvisd.llm.base import Message
from jarvisd.memory.commands import register_memory_commands
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder

embedder = HashedNgramEmbedder()
service = MemoryService(LanceMemoryStore(sys.argv[1], dimensions=embedder.dimensions), embedder=embedder)
scope = MemoryScope("me", "main", "s")
service.record_turn(scope, [Message("user", "what's the capital of France?"), Message("assistant", "Paris.")])
service.flush()
service.record_turn(scope, [Message("user", "hello there"), Message("assistant", "Hello!")])   # pending, journaled
resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))    # the disk is full from here
registry = register_memory_commands(CommandRegistry())
context = CommandContext(session="s", services={"memory": service, "scope_for": lambda session: scope,
                                                "thought_model": None})
try:
    print("REPLY", asyncio.run(registry.run("/compact", context)))
except BaseException as exc:
    print("RAISED", type(exc).__name__, exc)
"""


def test_compact_on_a_full_disk_answers_a_sentence_not_a_500(tmp_path):
    """Before: `/compact` on a full disk (RLIMIT_FSIZE 0 on the daemon) with a turn not yet in the table was a JSON 500
    "internal_error: RuntimeError: lance error: LanceError(IO): File too large (os error 27), /root/.cargo/…
    structural.rs:258:9": its read of the session's turns flushes memory's pending writes first, outside the command's
    guard. A real child process whose file-size limit is 0 (Python ignores SIGXFSZ: each write fails with EFBIG)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [os.getcwd(), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", COMPACT_ON_A_FULL_DISK_CHILD, str(tmp_path / "memory.lance")],
                          capture_output=True, text=True, timeout=300, env=env)
    out = done.stdout
    assert "RAISED" not in out, out + done.stderr[-2000:]
    assert "REPLY /compact" in out and "File too large" in out, out + done.stderr[-2000:]
