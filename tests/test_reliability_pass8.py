"""Issue 18's eighth adversarial pass: the cases it found, pinned on the part that failed. Each was
replayed against `python -m jarvisd run` first (see docs/reliability.md, "Eighth pass")."""

from __future__ import annotations

import pytest

from tests.test_cli import env, jarvisd  # noqa: F401  (env is a fixture)

# ---- config: an environment value that is not UTF-8 ------------------------------------------------------

def test_a_config_variable_that_is_not_utf8_is_refused_naming_it(env):  # noqa: F811
    """Before: `JARVIS_GENERAL__USER` set from a Latin-1 terminal (`Jos\\xe9`) was accepted as a lone
    surrogate; the daemon started, then every `/remember` was a JSON 500 `UnicodeEncodeError ... surrogates
    not allowed` (the user is hashed into every item id)."""
    import os

    env["JARVIS_GENERAL__USER"] = os.fsdecode(b"Jos\xe9")
    result = jarvisd("doctor", env=env, timeout=120)
    assert result.returncode == 2, result.stderr[-2000:]
    assert ("config error in environment variable JARVIS_GENERAL__USER: general.user: not UTF-8 (byte 0xe9 "
            "at character 4)") in result.stderr
    assert "Traceback" not in result.stderr


# ---- blocking: the agenda's expiry sweep --------------------------------------------------------------

async def test_the_expiry_sweep_and_the_reminder_planner_never_save_on_the_event_loop(tmp_path):
    """Before: the expiry sweep (an APScheduler job on the event loop) closed every expired loop there, a
    save each (an fsync, or a LanceDB commit with `openloop.store = "lancedb"`), under the agenda's lock for
    the whole sweep; the reminder planner (also on the loop) read the agenda through `agenda()`, which runs
    the same sweep. Replayed: 80 loops expiring together on the LanceDB agenda, `/api/status` took 1.7 s."""
    import asyncio
    import threading
    import time

    from jarvisd.config import load_config
    from jarvisd.openloop.lance_store import LanceLoopStore
    from jarvisd.openloop.model import LoopStatus
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.reflect.scheduler import DaemonScheduler
    from jarvisd.turn_gate import TurnGate

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "lancedb"})
    store = LanceLoopStore(str(tmp_path / "memory.lance"))
    now = [time.time()]
    agenda = OpenLoopService.from_config(cfg, store=store, clock=lambda: now[0])
    for i in range(6):
        agenda.add(f"renew permit number {i}", due_ms=int(now[0] * 1000) + 60_000)
    saved_on: list[threading.Thread] = []
    save = store.save
    store.save = lambda loop: (saved_on.append(threading.current_thread()), save(loop))[1]

    async def speak(text: str, lang: str) -> None:
        return None

    scheduler = DaemonScheduler.from_config(cfg, agenda=agenda, speak=speak, gate=TurnGate(), clock=lambda: now[0])
    now[0] += 60 + cfg.openloop.expire_after_sec + 1        # every loop is past its due + 6 h
    assert scheduler.sync() == [] and saved_on == []         # the planner reads; it closes nothing
    assert scheduler.ticks is not None and await scheduler.ticks.expiry_sweep()
    loop_thread = threading.current_thread()
    assert len(saved_on) == 6 and all(thread is not loop_thread for thread in saved_on), saved_on
    assert {loop.status for loop in LanceLoopStore(str(tmp_path / "memory.lance")).load()} == {LoopStatus.EXPIRED}
    await asyncio.sleep(0)
