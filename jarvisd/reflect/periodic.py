"""Reflection ticks, idle consolidation and the agenda's expiry sweep, as jobs on the daemon's scheduler.

Each job is a plain coroutine method, so tests call it directly under a scripted clock; `install` puts
them on an APScheduler 3.x scheduler as interval jobs with fixed ids. Callbacks come from the daemon:

- `reflect(busy_sessions)`: one inner-thought pass (see `thought.reflect_once`); it may return a
  `Reflection` whose `say` is then spoken through `say(text, lang)` (turn gate and quiet hours apply).
- `consolidate(busy_sessions)`: memory consolidation; sessions answering right now are to be skipped.
- `expire()`: the agenda service's expiry (`OpenLoopService.expire`), returning an `AgendaChange`; the
  service announces what expired (`AgendaChanged`), and the reminders re-plan from that event.

A failing callback is logged and the next tick runs as usual: one part's error never stops the others.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from apscheduler.schedulers.base import BaseScheduler
from apscheduler.triggers.interval import IntervalTrigger

from jarvisd.llm.base import BackendError
from jarvisd.llm.priority import Preempted
from jarvisd.reflect.thought import Reflection
from jarvisd.reflect.triggers import (
    consolidation_due,
    idle_poll_sec,
    idle_reflection_due,
    uses_idle,
    uses_interval,
)
from jarvisd.turn_gate import TurnGate

log = logging.getLogger(__name__)


_POLL_NEWS = ('Execution of job "%s" skipped', 'Run time of job "%s" was missed by')


class _PollSkips(logging.Filter):
    """APScheduler says "Execution of job ... skipped: maximum number of running instances reached" at WARNING
    each time a poll comes round while the job's last run still works, and "Run time of job ... was missed by"
    when the daemon was frozen or suspended past a poll (pass 25: after `kill -STOP`/`-CONT`). For these jobs
    both are the design (one idle consolidation may run for minutes; pass 23 saw 13 such lines in 13 s; the
    next poll comes anyway), so they are said at DEBUG. A reminder's miss is another job's: it still warns."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(_POLL_NEWS) and record.args \
                and getattr(record.args[0], "id", None) in _POLLED_JOBS:   # type: ignore[index]
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            # the logger let it through as a WARNING: said only where DEBUG is (pass 24: `jarvisd run` printed
            # it each second, labelled DEBUG, with apscheduler's level at WARNING)
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


_POLL_SKIPS = _PollSkips()


def _quiet_poll_skips() -> None:
    for name in ("apscheduler.scheduler", "apscheduler.executors.default"):
        scheduler_log = logging.getLogger(name)
        if _POLL_SKIPS not in scheduler_log.filters:
            scheduler_log.addFilter(_POLL_SKIPS)


class JumpSafeInterval(IntervalTrigger):
    """An interval trigger that, after the wall clock jumps forward, finds its next run in one step.

    APScheduler walks a job's missed runs one interval at a time on the event loop. A clock set forward
    a year while the daemon ran (NTP correcting a board without a clock battery, a suspend of weeks) made
    that a million steps for the 30 s idle check: GET /api/agenda took 78 s, reminders waited as long
    (pass 15 of issue 18). The job is coalesced anyway: only the latest missed run would run."""

    def get_next_fire_time(self, previous_fire_time, now):  # type: ignore[no-untyped-def]
        if previous_fire_time is not None and (now - previous_fire_time) > 2 * self.interval:
            previous_fire_time = None   # from the start date: the first run time after `now`, computed at once
        return super().get_next_fire_time(previous_fire_time, now)

Reflect = Callable[[frozenset[str]], Awaitable[Reflection | None]]
Consolidate = Callable[[frozenset[str]], Awaitable[object]]
Say = Callable[[str, str], Awaitable[bool]]

REFLECT_INTERVAL_JOB = "reflect:interval"
REFLECT_IDLE_JOB = "reflect:idle"
EXPIRY_JOB = "agenda:expire"
_POLLED_JOBS = frozenset((REFLECT_INTERVAL_JOB, REFLECT_IDLE_JOB, EXPIRY_JOB))
DEFAULT_SWEEP_SEC = 60.0
SAY_WITHIN_SEC = 60.0  # a reflection remark not said within a minute (a long turn) is stale: dropped


class PeriodicJobs:
    def __init__(self, *, gate: TurnGate, reflect: Reflect | None = None,
                 consolidate: Consolidate | None = None, expire: Callable[[], Any] | None = None,
                 say: Say | None = None, trigger: str = "both", interval_sec: float = 900,
                 idle_sec: float = 180, consolidate_on_idle: bool = True,
                 sweep_sec: float = DEFAULT_SWEEP_SEC, say_within_sec: float = SAY_WITHIN_SEC,
                 clock: Callable[[], float] = time.time) -> None:
        if trigger not in ("interval", "idle", "both"):
            raise ValueError(f"reflection trigger must be interval, idle or both (got {trigger!r})")
        self.gate, self.clock = gate, clock
        self.reflect, self.consolidate, self.expire = reflect, consolidate, expire
        self.say = say
        self.trigger, self.interval_sec, self.idle_sec = trigger, interval_sec, idle_sec
        self.consolidate_on_idle, self.sweep_sec = consolidate_on_idle, sweep_sec
        self.say_within_sec = say_within_sec
        self.last_reflection: float | None = None
        self.reflections = 0
        self.consolidations = 0

    def install(self, scheduler: BaseScheduler) -> None:
        _quiet_poll_skips()
        common: dict[str, Any] = {"replace_existing": True, "coalesce": True, "max_instances": 1}
        if self.reflect is not None and uses_interval(self.trigger):
            scheduler.add_job(self.interval_tick, JumpSafeInterval(seconds=self.interval_sec),
                              id=REFLECT_INTERVAL_JOB, misfire_grace_time=int(self.interval_sec), **common)
        if self.reflect is not None and uses_idle(self.trigger):
            poll = idle_poll_sec(self.idle_sec)
            scheduler.add_job(self.idle_check, JumpSafeInterval(seconds=poll), id=REFLECT_IDLE_JOB,
                              misfire_grace_time=max(1, int(poll)), **common)
        if self.expire is not None:
            scheduler.add_job(self.expiry_sweep, JumpSafeInterval(seconds=self.sweep_sec), id=EXPIRY_JOB,
                              misfire_grace_time=max(1, int(self.sweep_sec)), **common)

    # ------------------------------------------------------------ jobs

    async def interval_tick(self) -> bool:
        return await self.tick("interval")

    async def idle_check(self) -> bool:
        """Reflect once per quiet stretch of `idle_sec`; returns whether a tick ran."""
        due = idle_reflection_due(idle_for_sec=self.gate.idle_for(), idle_sec=self.idle_sec,
                                  last_activity=self.gate.last_activity, last_reflection=self.last_reflection)
        return await self.tick("idle") if due else False

    async def tick(self, reason: str) -> bool:
        """Reflect (skipping answering sessions), speak what it found worth saying, then consolidate
        when the user is idle. Returns whether reflection ran without error."""
        if self.reflect is None:
            return False
        busy = self.gate.busy_sessions()
        self.last_reflection = self.clock()
        ok = True
        try:
            result = await self.reflect(busy)
            self.reflections += 1
        except Preempted:  # the one embedded model was needed for a user turn: an expected yield
            log.info("reflection (%s) gave way to a user turn; the next tick runs as usual", reason)
            result, ok = None, False
        except BackendError as exc:
            log.warning("reflection (%s) failed: %s; the next tick runs as usual", reason, exc)
            result, ok = None, False
        except Exception:
            log.exception("reflection (%s) failed; the next tick runs as usual", reason)
            result, ok = None, False
        if result is not None and result.speak and self.say is not None:
            try:
                await asyncio.wait_for(self.say(result.say, result.lang), timeout=self.say_within_sec)
            except TimeoutError:
                log.info("a reflection remark waited %.0f s for the turn to end; dropped", self.say_within_sec)
            except Exception:
                log.exception("speaking a reflection failed")
        await self.consolidate_if_idle()
        return ok

    async def consolidate_if_idle(self) -> bool:
        if self.consolidate is None or not consolidation_due(
                consolidate_on_idle=self.consolidate_on_idle, idle_for_sec=self.gate.idle_for(),
                idle_sec=self.idle_sec):
            return False
        return await self._consolidate("idle")

    async def final_consolidation(self) -> bool:
        """At shutdown: always, whatever the idle setting."""
        return await self._consolidate("shutdown") if self.consolidate is not None else False

    async def _consolidate(self, why: str) -> bool:
        assert self.consolidate is not None
        try:
            await self.consolidate(self.gate.busy_sessions())
        except Exception:
            log.exception("%s consolidation failed", why)
            return False
        self.consolidations += 1
        return True

    async def expiry_sweep(self) -> bool:
        """Close expired loops; returns whether any closed. The agenda service announces them
        (`AgendaChanged`): the reminders re-plan and the HUD and tray re-read from that one event."""
        if self.expire is None:
            return False
        try:  # saves (an fsync, or a LanceDB commit, per loop): in a worker thread, never on the event loop
            change = await asyncio.to_thread(self.expire)
        except Exception:
            log.exception("agenda expiry sweep failed")
            return False
        return bool(getattr(change, "changed", False))
