"""Pass 41 (docs/reliability.md, "Forty-first pass"): each finding's case, failing on the code before its fix,
and guards that passed before and must keep passing."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore
from jarvisd.reflect.scheduler import DaemonScheduler
from jarvisd.turn_gate import TurnGate

SEOUL = ZoneInfo("Asia/Seoul")
NOW = 1_796_000_000.0  # 2026-11-30, a fixed clock
MINUTE_MS = 60_000


def _many_due_at_once(n_open: int, n_due: int) -> tuple[OpenLoopService, int]:
    """`n_open` open promises, `n_due` of them due 11 minutes after NOW: their 10-minute reminders all fall
    in the same minute."""
    agenda = OpenLoopService(MemoryLoopStore(), tz=SEOUL, clock=lambda: NOW)
    due = int(NOW * 1000) + 11 * MINUTE_MS
    for i in range(n_open):
        agenda.add(f"call person number {i}",
                   due_ms=due if i < n_due else int(NOW * 1000) + 3 * 86_400_000 + i * MINUTE_MS)
    return agenda, due


async def test_a_thousand_reminders_due_in_one_minute_read_the_agenda_once_not_once_each():
    """Before: the daemon with 10,000 open promises, 1,000 of them due in the same minute (a morning's
    imported calendar): `/api/status` answered after 5.57 s when their 10-minute reminders came due. The
    reminder that fired gathered every other reminder due with it, and each of them re-read, re-sorted and
    filtered the whole agenda (`_still_due` -> `open_loops()`), 1,000 times, on the event loop. Now the
    agenda is read once per firing and each companion is looked up by id."""
    agenda, due = _many_due_at_once(2_000, 200)
    reads = []

    def open_loops():
        reads.append(1)
        return agenda.unexpired()

    spoken: list[str] = []

    async def speak(text: str, lang: str) -> None:
        spoken.append(text)

    clock = [NOW]
    rs = DaemonScheduler(open_loops=open_loops, speak=speak, gate=TurnGate(), tz=SEOUL,
                         clock=lambda: clock[0], scheduler=AsyncIOScheduler(timezone=SEOUL))
    rs.sync()
    reads.clear()
    clock[0] = (due - 10 * MINUTE_MS) / 1000
    assert await rs.run_due() == 200
    assert len(spoken) == 1 and spoken[0].endswith("more reminders: see the HUD.")  # said together, once
    assert len(reads) <= 3, f"the agenda was read {len(reads)} times for one firing of 200 reminders"


def test_a_firing_of_many_reminders_costs_in_proportion_to_them():
    """The same firing timed against one 8 times smaller in the same run, not in seconds (a bound of 2 s): a
    firing that re-read the agenda for each companion grew with both, ~64x for 8x."""
    import asyncio

    from tests.timing import assert_grows_linearly

    async def speak(text: str, lang: str) -> None:
        return None

    def firing(n_due: int) -> DaemonScheduler:   # 10 promises open for each one due
        agenda, due = _many_due_at_once(10 * n_due, n_due)
        clock = [NOW]
        rs = DaemonScheduler(open_loops=agenda.unexpired, speak=speak, gate=TurnGate(), tz=SEOUL,
                             clock=lambda: clock[0], scheduler=AsyncIOScheduler(timezone=SEOUL, event_loop=loop))
        rs.sync()
        clock[0] = (due - 10 * MINUTE_MS) / 1000
        return rs

    loop = asyncio.new_event_loop()
    try:
        assert_grows_linearly(lambda rs: loop.run_until_complete(rs.run_due()), firing, 200, vary=False)
    finally:
        loop.close()


async def test_guard_a_companion_closed_before_the_firing_is_not_said():
    """The one-read rule must still drop a companion whose promise closed before the firing."""
    agenda, due = _many_due_at_once(5, 3)
    spoken: list[str] = []

    async def speak(text: str, lang: str) -> None:
        spoken.append(text)

    clock = [NOW]
    rs = DaemonScheduler(open_loops=agenda.unexpired, speak=speak, gate=TurnGate(), tz=SEOUL,
                         clock=lambda: clock[0], scheduler=AsyncIOScheduler(timezone=SEOUL))
    rs.sync()
    closed = [loop for loop in agenda.unexpired() if loop.due_ms == due][0]
    agenda.done(closed.id)
    clock[0] = (due - 10 * MINUTE_MS) / 1000
    assert await rs.run_due() == 2
    assert closed.desc not in " ".join(spoken)


def test_low_a_hud_host_with_a_zone_id_is_a_config_error_not_a_daemon_without_its_hud(tmp_path):
    """Before: `hud.host = "::1%lo"` passed the check as a loopback address, then the HUD could not listen on it
    ("Name or service not known"): the daemon ran without its HUD. Now the config names the zone id."""
    import pytest

    from jarvisd.config import ConfigError, load_config

    env = {"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__HOST": "::1%lo"}
    with pytest.raises(ConfigError, match="zone id"):
        load_config(env=env)
    for fine in ("::1", "[::1]", "127.0.0.1", "localhost"):
        assert load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__HOST": fine}).values["hud"]["host"]
