"""The daemon's scheduler: proactive spoken reminders kept in sync with the agenda, on APScheduler 3.x.

`DaemonScheduler` turns the agenda into one APScheduler date job per planned reminder (the plan comes
from the pure rules in `reminders`). Every agenda change re-plans: the agenda service announces each of
its writes (`AgendaChanged` on the bus, from whichever thread wrote) and this follows the bus; a new or
moved due reschedules, a closing cancels, a revival schedules again. There is no periodic re-plan: no
write reaches the agenda except through the service, so no change goes unannounced. A reminder waits for the turn gate (never over the user's
speech or an answer), is re-checked at that moment (still open, before the due, outside quiet hours),
written to the delivered log, published on the bus as `ReminderDue` for the HUD, and spoken through
`speak(text, lang)`. The reflection, idle-consolidation and expiry jobs (`periodic.PeriodicJobs`) share
the same APScheduler instance.

Time comes from an injected clock (UTC epoch seconds). APScheduler itself waits on real time, so tests
that drive a scripted clock read `planned()` and call `run_due()`; the job functions are the same.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from datetime import UTC, datetime, tzinfo
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from jarvisd.events import AgendaChanged, EventBus, ReminderDue, Subscription
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.owner import place_of
from jarvisd.reflect.delivered import DeliveredLog
from jarvisd.reflect.periodic import Consolidate, PeriodicJobs, Reflect
from jarvisd.reflect.quiet_hours import NO_QUIET_HOURS, QuietHours
from jarvisd.reflect.reminders import (
    DEFAULT_LEADS_MIN,
    PlannedReminder,
    ReminderKey,
    normalize_leads,
    plan_reminders,
    spoken_text,
)
from jarvisd.turn_gate import TurnGate

log = logging.getLogger(__name__)

Speak = Callable[[str, str], Awaitable[object]]
FIRE_SLACK_MS = 1_000  # APScheduler and the injected clock may disagree by rounding
GROUP_SPOKEN = 3       # reminders due together: this many read out, then how many more
MAX_SLEEP_SEC = 30.0   # APScheduler looks at the wall clock at least this often
# loops re-planned between two turns of the event loop: "undo that" after "cancel everything" reopened 5,000 at once,
# 10,000 APScheduler jobs added in one 2-3 s step, and `/api/status` waited 2.7-3.3 s (pass 54c)
SYNC_PART = 200


class WallClockScheduler(AsyncIOScheduler):
    """APScheduler that wakes at least every `MAX_SLEEP_SEC`. It computes how long to sleep from the wall
    clock and sleeps on the event loop's monotonic clock: after the wall clock went back a day (NTP
    putting right a clock that was ahead, a user's correction) it slept a day, and a reminder due two
    minutes later was not said until some agenda change happened to wake it (131 s late in the replay,
    else a day)."""

    def _start_timer(self, wait_seconds: float | None) -> None:
        super()._start_timer(None if wait_seconds is None else min(wait_seconds, MAX_SLEEP_SEC))


class DaemonScheduler:
    def __init__(self, *, open_loops: Callable[[], Iterable[OpenLoop]], speak: Speak, gate: TurnGate,
                 tz: tzinfo, delivered: DeliveredLog | None = None, bus: EventBus | None = None,
                 leads_min: Iterable[int] = DEFAULT_LEADS_MIN, quiet: QuietHours = NO_QUIET_HOURS,
                 clock: Callable[[], float] = time.time, scheduler: AsyncIOScheduler | None = None,
                 ticks: PeriodicJobs | None = None, said_together: int | None = GROUP_SPOKEN) -> None:
        self.open_loops, self.speak, self.gate, self.tz = open_loops, speak, gate, tz
        self.delivered = delivered or DeliveredLog(None)
        self.bus, self.quiet, self.clock = bus, quiet, clock
        self.leads_min = normalize_leads(leads_min)
        self.scheduler = scheduler or WallClockScheduler(timezone=tz)
        self.ticks = ticks
        # how many reminders due together are read out before "and N more: see the HUD"; None: every one, a line
        # each (`jarvisd chat` prints them: it has no HUD to see the rest on, pass 62b)
        self.said_together = said_together
        self._plan: dict[str, PlannedReminder] = {}  # by job id: one per (loop, lead)
        self._speaking = asyncio.Lock()
        self._watch: asyncio.Task[None] | None = None
        self._subscription: Subscription | None = None
        self.last_spoken: tuple[str, int] | None = None  # (loop id, ms) of the last reminder spoken: a snooze's target

    @classmethod
    def from_config(cls, cfg: Any, *, agenda: Any, speak: Speak, gate: TurnGate, bus: EventBus | None = None,
                    reflect: Reflect | None = None, consolidate: Consolidate | None = None,
                    clock: Callable[[], float] = time.time, said_together: int | None = GROUP_SPOKEN) -> DaemonScheduler:
        """From `load_config()` and the agenda service (`OpenLoopService`): reminders, reflection ticks,
        idle consolidation and the expiry sweep, with the delivered log in the data dir."""
        p = cfg.proactive
        reminders = cls(open_loops=agenda.unexpired, speak=speak, gate=gate, tz=cfg.tz, bus=bus, clock=clock,
                        delivered=DeliveredLog.in_data_dir(place_of(cfg).folder),
                        leads_min=p.reminder_lead_min, quiet=QuietHours.parse(p.quiet_hours),
                        said_together=said_together)
        if hasattr(agenda, "rang"):   # a timer or an alarm not rung yet stays on the agenda until it is (pass 60a)
            agenda.rang = reminders.rang
        reminders.ticks = PeriodicJobs(
            gate=gate, reflect=reflect, consolidate=consolidate, expire=agenda.expire, say=reminders.say,
            trigger=p.reflection_trigger,
            interval_sec=p.reflection_interval_sec, idle_sec=p.daemon_idle_sec,
            consolidate_on_idle=cfg.memory.consolidate_on_idle, clock=clock)
        return reminders

    @classmethod
    def for_assistant(cls, cfg: Any, assistant: Any, *, speak: Speak, gate: TurnGate,
                      reflect: Reflect | None = None, consolidate: Consolidate | None = None,
                      said_together: int | None = GROUP_SPOKEN) -> DaemonScheduler:
        """`from_config` on the assistant's agenda and bus, with its desk's "remind me again in 10 minutes" pointed
        at the reminder last spoken: `jarvisd run` (spoken) and `jarvisd chat` (printed, `said_together=None`) alike."""
        scheduler = cls.from_config(cfg, agenda=assistant.agenda, speak=speak, gate=gate, bus=assistant.bus,
                                    reflect=reflect, consolidate=consolidate, said_together=said_together)
        assistant.desk.last_reminder = lambda: scheduler.last_spoken
        return scheduler

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """On the running event loop: start APScheduler, install the ticks, plan from the agenda, and
        follow `AgendaChanged` events on the bus (if any)."""
        if self.ticks is not None:
            self.ticks.install(self.scheduler)
        if not self.scheduler.running:
            self.scheduler.start()
        self.sync()
        if self.bus is not None and self._watch is None:
            self._subscription = self.bus.subscribe(maxsize=256, lossy=True)
            self._watch = asyncio.create_task(self._follow_agenda(self._subscription),
                                              name="reminders-follow-agenda")

    async def stop(self, consolidate: bool = True) -> None:
        """Stop the jobs (a reminder waiting for the gate is cancelled and stays undelivered), then run
        the shutdown consolidation unless `consolidate=False`."""
        if self._watch is not None:
            self._watch.cancel()
            try:
                await self._watch
            except asyncio.CancelledError:
                pass
            self._watch = None
        if self._subscription is not None:
            self._subscription.close()
            self._subscription = None
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
            await asyncio.sleep(0)  # AsyncIOScheduler shuts down on the loop's next turn
        await self._write_unwritten_records()
        if consolidate and self.ticks is not None:
            await self.ticks.final_consolidation()

    async def _write_unwritten_records(self) -> None:
        """Reminders said while their records could not be written (a full disk): written now if there is
        room again, or they would be said a second time at the next start."""
        count = self.delivered.unwritten
        if not count:
            return
        try:
            await asyncio.to_thread(self.delivered.write_unwritten)
        except OSError as exc:
            log.error("%d spoken reminders still cannot be recorded in %s (%s); they will be spoken again at "
                      "the next start", count, self.delivered.path, exc)
        else:
            log.info("%d spoken reminders recorded in %s (their writes had failed)", count,
                     self.delivered.path)

    async def _follow_agenda(self, subscription: Subscription) -> None:
        dropped = 0  # the subscription is new (this task may first run after a burst)
        async for event in subscription:
            events = [event]
            while not subscription.queue.empty():  # a burst (1,000 HUD clicks) is re-planned once
                events.append(subscription.queue.get_nowait())
            changes = [e for e in events if isinstance(e, AgendaChanged)]  # announced by the service
            if not changes:
                continue
            try:
                if subscription.dropped != dropped or any(e.change is None for e in changes):
                    dropped = subscription.dropped  # a change the queue had no room for: every loop
                    await self._sync_in_parts(None)
                else:  # only the loops that changed: the others' plans stand (each loop is planned alone)
                    await self._sync_in_parts({loop.id for e in changes for part in (
                        e.change.opened, e.change.updated, e.change.closed) for loop in part})
            except Exception:
                log.exception("re-planning reminders after an agenda change failed")

    async def _sync_in_parts(self, loop_ids: Collection[str] | None) -> None:
        """`_sync(loop_ids)` SYNC_PART loops at a time, the event loop free between parts (each loop is planned
        alone, so the parts add up to the whole); None: every loop, open or planned."""
        # the agenda read in a worker thread: the change is announced inside the write that makes it, which holds the
        # agenda's lock until its last record (5,000 reopened by an undo: about a second the event loop waited on it)
        loops = list(await asyncio.to_thread(self.open_loops))
        if loop_ids is None:
            loop_ids = {loop.id for loop in loops} | {planned.key.loop_id for planned in self._plan.values()}
        ids = sorted(loop_ids)
        for start in range(0, len(ids), SYNC_PART):
            if start:
                await asyncio.sleep(0)
            self._sync(set(ids[start:start + SYNC_PART]), loops)

    # ------------------------------------------------------------ planning

    def rang(self, loop: OpenLoop) -> bool:
        """Whether a reminder of this loop at its moment (`remind_ms`, else its due) was said: a timer's or an
        alarm's ring."""
        moment = loop.remind_ms if loop.remind_ms is not None else loop.due_ms
        return moment is None or ReminderKey(loop.id, 0, moment) in self.delivered

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    def planned(self) -> list[PlannedReminder]:
        return sorted(self._plan.values(), key=lambda p: (p.fire_ms, p.key))

    def sync(self) -> list[PlannedReminder]:
        """Re-plan from the agenda and make the APScheduler jobs match. Idempotent; call on every change."""
        self._sync()
        return self.planned()

    def _sync(self, loop_ids: Collection[str] | None = None, loops: Iterable[OpenLoop] | None = None) -> None:
        """`sync` without sorting the plan for a caller.
        `loop_ids`: re-plan only these loops (an announced change), leaving the others' jobs as they are:
        planning every loop on the event loop took 0.3 s at 5,000 open loops, per change, so a burst of
        HUD clicks held the HUD for seconds."""
        now = self.now_ms()
        loops = list(self.open_loops() if loops is None else loops)   # `loops`: the agenda as the caller read it
        if loop_ids is not None:
            loops = [loop for loop in loops if loop.id in loop_ids]
        plan = plan_reminders(loops, now_ms=now, tz=self.tz, leads_min=self.leads_min,
                              quiet=self.quiet, delivered=self.delivered.keys())
        wanted = {p.key.job_id: p for p in plan}
        for job_id, old in list(self._plan.items()):
            if loop_ids is not None and old.key.loop_id not in loop_ids:
                continue
            new = wanted.get(job_id)
            if new is not None and _same_schedule(old, new, now):
                wanted[job_id] = old  # keep the job (a late one may be waiting for the gate already)
                continue
            self._remove_job(job_id)
            del self._plan[job_id]
        for job_id, new in wanted.items():
            if job_id not in self._plan:
                self._add_job(new)
                self._plan[job_id] = new

    def _add_job(self, planned: PlannedReminder) -> None:
        run_date = datetime.fromtimestamp(planned.fire_ms / 1000, UTC)
        self.scheduler.add_job(self.fire, DateTrigger(run_date=run_date, timezone=self.tz),
                               args=[planned.key], id=planned.key.job_id, name=f"reminder {planned.desc[:40]}",
                               replace_existing=True, misfire_grace_time=None, coalesce=True, max_instances=1)

    def _remove_job(self, job_id: str) -> None:
        try:
            self.scheduler.remove_job(job_id)
        except JobLookupError:
            pass  # already ran, or never reached the job store

    # ------------------------------------------------------------ delivery

    async def run_due(self) -> int:
        """Deliver every planned reminder whose time has come by the clock (scripted-clock tests, and a
        safety net the daemon may call after a suspend). Returns how many were spoken."""
        due = [p.key for p in self.planned() if p.fire_ms <= self.now_ms()]
        spoken = 0
        for key in due:
            spoken += await self.fire(key)
        return spoken

    def _current(self, key: ReminderKey) -> PlannedReminder | None:
        planned = self._plan.get(key.job_id)
        return planned if planned is not None and planned.key == key and key not in self.delivered else None

    def _still_due(self, key: ReminderKey, now_ms: int,
                   open_by_id: dict[str, OpenLoop] | None = None,
                   delivered: frozenset[ReminderKey] | None = None) -> bool:
        """Re-plan at the moment of speaking: the loop may have closed or moved while a turn held the
        reminder, the wait may have run into quiet hours or past the due, or a shorter lead may now
        say the same thing (a late wake-up after a suspend). `open_by_id`/`delivered`: one snapshot of
        the agenda and the delivered keys shared by a whole firing (see `fire`)."""
        # its loop only: 55 reminders due at one second planned 5,000 loops each, 15 s on the event loop
        if open_by_id is None:
            open_by_id = self._open_by_id()
        loop = open_by_id.get(key.loop_id)
        if loop is None:
            return False
        fresh = plan_reminders([loop], now_ms=now_ms, tz=self.tz, leads_min=self.leads_min, quiet=self.quiet,
                               delivered=self.delivered.keys() if delivered is None else delivered)
        return any(p.key == key and p.fire_ms <= now_ms + FIRE_SLACK_MS for p in fresh)

    def _open_by_id(self) -> dict[str, OpenLoop]:
        return {loop.id: loop for loop in self.open_loops()}

    async def fire(self, key: ReminderKey) -> int:
        """The date job: wait for the turn gate, check again, log, publish and speak. Every other reminder of
        the same language due by then is said with it in one utterance (`grouped_text`: at most
        GROUP_SPOKEN read out, then how many more): 500 due in one minute, or a morning's reminders after a
        night asleep, were said one by one (pass 22: 25 minutes of speech). Returns how many were delivered."""
        if self._current(key) is None:
            return 0  # a stale job: the loop closed or its due moved
        async with self._speaking:
            await self.gate.wait_idle()
            planned = self._current(key)
            if planned is None:
                return 0
            now = self.now_ms()
            # one read of the agenda for the whole firing: each companion re-read, re-sorted and filtered
            # every open loop, so 1,000 reminders due in one minute beside 10,000 open promises held the
            # event loop (HUD, voice) 5.6 s (pass 41)
            open_by_id = self._open_by_id()
            delivered = self.delivered.keys()
            if not self._still_due(key, now, open_by_id, delivered):
                del self._plan[key.job_id]
                self._remove_job(key.job_id)
                self._sync({key.loop_id})  # defer it, or drop it
                log.info("reminder %s not spoken at %s: while it waited %.0f s for the turn its due passed, "
                         "quiet hours began or a shorter lead took over (re-planned)", key.job_id,
                         _clock(now, self.tz), (now - planned.fire_ms) / 1000)
                return 0
            group = [planned] + [other for other in sorted(self._plan.values(), key=_fire_then_due)
                                 if other.key != key and other.lang == planned.lang
                                 and other.fire_ms <= now + FIRE_SLACK_MS and self._current(other.key) is not None
                                 and self._still_due(other.key, now, open_by_id, delivered)]
            texts = [await self._deliver(one, now) for one in group]
            if len(group) > 1:
                log.info("reminders %s said together (due by %s)", ", ".join(one.key.job_id for one in group),
                         _clock(now, self.tz))
            try:
                await self.speak(grouped_text(texts, planned.lang, self.said_together), planned.lang)
            except Exception:
                log.exception("speaking reminder %s failed (it stays delivered: never twice)", key.job_id)
            return len(group)

    async def _deliver(self, planned: PlannedReminder, now: int) -> str:
        """Record one reminder as spoken, take it off the plan, publish it; returns its sentence."""
        key = planned.key
        text = spoken_text(planned, now, self.tz)
        log.info("reminder %s spoken %.0f s after its time", key.job_id, (now - planned.fire_ms) / 1000)
        try:  # a reminder is said even when its record cannot be written (it was lost, a traceback logged)
            # its write and fsync in a worker thread: a slow disk held the event loop (HUD, voice) here
            await asyncio.to_thread(self.delivered.record, key, now, text)
        except OSError as exc:
            log.error("reminder %s: cannot record it as spoken in %s (%s); it is spoken now, and recorded "
                      "with the next write or at stop if there is room by then (else spoken again after a "
                      "restart)", key.job_id, self.delivered.path, exc)
        self.last_spoken = (key.loop_id, now)
        del self._plan[key.job_id]
        self._remove_job(key.job_id)
        if self.bus is not None:
            await self.bus.publish(ReminderDue(loop_id=key.loop_id, lead_min=key.lead_min, text=text))
        return text

    async def say(self, text: str, lang: str) -> bool:
        """Unasked speech other than reminders (reflection): waits for the gate, silent in quiet hours."""
        async with self._speaking:
            await self.gate.wait_idle()
            if not text.strip() or self.quiet.contains(self.now_ms(), self.tz):
                return False
            await self.speak(text, lang)
            return True


def grouped_text(texts: Sequence[str], lang: str, most: int | None = GROUP_SPOKEN) -> str:
    """Reminders due together, in one utterance: the first `most` as they are, then how many more; `most=None`: every
    one, a line each (a terminal shows them all; there is no HUD beside it to see the rest on)."""
    if most is None:
        return "\n".join(texts)
    said = " ".join(texts[:most])
    more = len(texts) - most
    if more <= 0:
        return said
    if lang == "ko":
        return f"{said} 그 밖에 알림이 {more}개 더 있어요. HUD에서 볼 수 있어요."
    return f"{said} And {more} more {'reminder' if more == 1 else 'reminders'}: see the HUD."


def _fire_then_due(planned: PlannedReminder) -> tuple[int, int]:
    return planned.fire_ms, planned.due_ms


def _clock(ms: int, tz: tzinfo) -> str:
    return datetime.fromtimestamp(ms / 1000, tz).strftime("%H:%M:%S")


def _same_schedule(old: PlannedReminder, new: PlannedReminder, now_ms: int) -> bool:
    """Same reminder at the same time, or both already due now (a late reminder's "now" moves on)."""
    return old.key == new.key and (old.fire_ms == new.fire_ms or (old.fire_ms <= now_ms and new.fire_ms <= now_ms))
