"""Reflection ticks, idle consolidation and the expiry sweep, driven by a scripted clock."""

from __future__ import annotations

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from jarvisd.config import load_config
from jarvisd.events import AgendaChanged, EventBus
from jarvisd.llm.priority import Preempted
from jarvisd.openloop.model import LoopStatus
from jarvisd.reflect.delivered import LOG_NAME
from jarvisd.reflect.periodic import EXPIRY_JOB, REFLECT_IDLE_JOB, REFLECT_INTERVAL_JOB, PeriodicJobs
from jarvisd.reflect.scheduler import DaemonScheduler
from jarvisd.reflect.thought import Reflection
from tests.reflect.conftest import SEOUL, local_ms


class Recorder:
    def __init__(self, result=None, fail: bool | Exception = False) -> None:
        self.calls: list[frozenset[str]] = []
        self.result, self.fail = result, fail

    async def __call__(self, busy: frozenset[str]):
        self.calls.append(busy)
        if isinstance(self.fail, Exception):
            raise self.fail
        if self.fail:
            raise RuntimeError("thought model crashed")
        return self.result


def ticks(gate, clock, **kwargs) -> PeriodicJobs:
    return PeriodicJobs(gate=gate, clock=clock, idle_sec=180, **kwargs)


async def test_a_tick_skips_the_sessions_that_are_answering(gate, clock):
    reflect = Recorder()
    gate.turn_started("kitchen")
    assert await ticks(gate, clock, reflect=reflect).interval_tick()
    assert reflect.calls == [frozenset({"kitchen"})]


async def test_idle_reflection_waits_for_the_idle_time_and_runs_once_per_quiet_stretch(gate, clock):
    reflect = Recorder()
    t = ticks(gate, clock, reflect=reflect, trigger="idle")
    gate.touch()
    clock.advance(179)
    assert not await t.idle_check()
    clock.advance(1)
    assert await t.idle_check()
    clock.advance(600)
    assert not await t.idle_check()
    gate.touch()  # the user speaks again, then falls quiet
    clock.advance(180)
    assert await t.idle_check()
    assert len(reflect.calls) == 2


async def test_idle_consolidation_follows_reflection_when_the_user_is_quiet(gate, clock):
    consolidate = Recorder()
    t = ticks(gate, clock, reflect=Recorder(), consolidate=consolidate)
    gate.touch()
    clock.advance(30)
    await t.interval_tick()  # the user spoke 30 s ago: no consolidation
    assert consolidate.calls == []
    clock.advance(200)
    await t.interval_tick()
    assert consolidate.calls == [frozenset()]


async def test_idle_consolidation_can_be_switched_off_but_shutdown_still_consolidates(gate, clock):
    consolidate = Recorder()
    t = ticks(gate, clock, reflect=Recorder(), consolidate=consolidate, consolidate_on_idle=False)
    clock.advance(1000)
    await t.interval_tick()
    assert consolidate.calls == []
    assert await t.final_consolidation()
    assert len(consolidate.calls) == 1


async def test_a_failing_reflection_is_logged_and_consolidation_still_runs(gate, clock, caplog):
    consolidate = Recorder()
    t = ticks(gate, clock, reflect=Recorder(fail=True), consolidate=consolidate)
    clock.advance(1000)
    assert not await t.interval_tick()
    assert "reflection (interval) failed" in caplog.text
    assert len(consolidate.calls) == 1


async def test_a_reflection_that_gives_way_to_a_user_turn_is_one_quiet_line(gate, clock, caplog):
    """The embedded model stopped the thought for the user's turn: expected, so no traceback."""
    caplog.set_level("INFO", logger="jarvisd.reflect.periodic")
    t = ticks(gate, clock, reflect=Recorder(fail=Preempted("stopped for a user turn")))
    clock.advance(1000)
    assert not await t.interval_tick()
    assert [r.levelname for r in caplog.records] == ["INFO"]
    assert "gave way to a user turn" in caplog.text and "Traceback" not in caplog.text


async def test_a_reflection_worth_saying_is_spoken_and_a_silent_one_is_not(gate, clock):
    said: list[tuple[str, str]] = []

    async def say(text: str, lang: str) -> bool:
        said.append((text, lang))
        return True

    worth = Reflection(thought="the report is due soon", speak=True, say="Shall I remind you of the report?",
                       lang="en")
    await ticks(gate, clock, reflect=Recorder(worth), say=say).interval_tick()
    silent = Reflection(thought="nothing pressing", speak=False, say="", lang="en")
    await ticks(gate, clock, reflect=Recorder(silent), say=say).interval_tick()
    assert said == [("Shall I remind you of the report?", "en")]


async def test_the_expiry_sweep_closes_expired_loops_and_the_agenda_announces_it_once(agenda, gate, clock):
    bus = EventBus()
    hud = bus.subscribe()
    promise = agenda.add("send the report", due_ms=local_ms("2026-10-15 10:00"))
    agenda.publish = bus.publish_nowait  # as the daemon assembles it; the planner and the HUD follow the bus
    t = ticks(gate, clock, expire=agenda.expire)
    assert not await t.expiry_sweep()
    clock.set_local("2026-10-15 16:01")  # due + 6 h
    assert await t.expiry_sweep()
    assert agenda.find(promise.id).status is LoopStatus.EXPIRED
    event = hud.queue.get_nowait()
    assert isinstance(event, AgendaChanged) and event.reason == "expired"
    assert [loop.id for loop in event.change.closed] == [promise.id]
    assert hud.queue.empty()  # once: the sweep itself publishes nothing


def test_install_adds_the_jobs_the_trigger_asks_for(gate, clock):
    def job_ids(trigger: str) -> set[str]:
        scheduler = AsyncIOScheduler(timezone=SEOUL)
        ticks(gate, clock, reflect=Recorder(), expire=lambda: None, trigger=trigger).install(scheduler)
        return {job.id for job in scheduler.get_jobs()}

    assert job_ids("interval") == {REFLECT_INTERVAL_JOB, EXPIRY_JOB}
    assert job_ids("idle") == {REFLECT_IDLE_JOB, EXPIRY_JOB}
    assert job_ids("both") == {REFLECT_INTERVAL_JOB, REFLECT_IDLE_JOB, EXPIRY_JOB}


def test_from_config_reads_the_proactive_settings(agenda, gate, clock, speaker, tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul",
                           "JARVIS_PROACTIVE__REMINDER_LEAD_MIN": "[30]",
                           "JARVIS_PROACTIVE__QUIET_HOURS": "23:00-07:00",
                           "JARVIS_PROACTIVE__REFLECTION_TRIGGER": "idle",
                           "JARVIS_MEMORY__CONSOLIDATE_ON_IDLE": "false"})
    rs = DaemonScheduler.from_config(cfg, agenda=agenda, speak=speaker, gate=gate, reflect=Recorder(),
                                       consolidate=Recorder(), clock=clock)
    assert rs.leads_min == (30,)
    assert (rs.quiet.start_min, rs.quiet.end_min) == (23 * 60, 7 * 60)
    assert rs.delivered.path == cfg.paths.data_dir / LOG_NAME
    assert rs.ticks is not None and rs.ticks.trigger == "idle" and not rs.ticks.consolidate_on_idle
    agenda.add("send the report", due_ms=local_ms("2026-10-15 15:00"))
    assert [p.lead_min for p in rs.sync()] == [30]


async def test_a_reflection_remark_held_back_too_long_by_a_turn_is_dropped(gate, clock):
    spoken: list[str] = []

    async def say(text: str, lang: str) -> bool:
        await gate.wait_idle()
        spoken.append(text)
        return True

    gate.turn_started()
    worth = Reflection(thought="t", speak=True, say="By the way, the report.", lang="en")
    t = ticks(gate, clock, reflect=Recorder(worth), say=say, say_within_sec=0.01)
    assert await t.interval_tick()
    gate.turn_ended()
    assert spoken == []


async def test_a_poll_that_comes_round_while_the_last_run_works_is_not_a_warning(gate, clock, caplog):
    """Pass 23: an idle consolidation that runs for minutes made APScheduler warn at every poll ("skipped:
    maximum number of running instances reached", 13 lines in 13 s); for the polled jobs that is the design.
    Another job's skip still warns."""
    import asyncio
    import logging

    release = asyncio.Event()

    async def slow_sweep() -> None:
        await release.wait()

    async def other() -> None:
        await release.wait()

    scheduler = AsyncIOScheduler(timezone=SEOUL)
    jobs = ticks(gate, clock, expire=slow_sweep)
    jobs.sweep_sec = 0.1
    jobs.expiry_sweep = slow_sweep  # the sweep stands in for any long polled run
    jobs.install(scheduler)
    scheduler.add_job(other, "interval", seconds=0.1, id="someone-else", max_instances=1)
    with caplog.at_level(logging.DEBUG, logger="apscheduler.scheduler"):
        scheduler.start()
        await asyncio.sleep(0.6)
        release.set()
        scheduler.shutdown(wait=False)
    skips = [r for r in caplog.records if "skipped: maximum number of running instances" in r.getMessage()]
    assert {r.levelname for r in skips if "slow_sweep" in r.getMessage()} == {"DEBUG"}   # the sweep's job
    assert {r.levelname for r in skips if "other" in r.getMessage()} == {"WARNING"}
