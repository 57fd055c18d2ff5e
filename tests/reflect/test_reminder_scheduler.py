"""The reminder scheduler under a scripted clock: the issue's day of a promise, closings, moved dues,
revivals, quiet hours, restarts and the turn gate. APScheduler is not started here (it waits on real
time); the plan and the job functions are what the started scheduler runs."""

from __future__ import annotations

import asyncio

import pytest
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from jarvisd.events import AgendaChanged, EventBus, ReminderDue
from jarvisd.openloop.model import Judgement, ProposedLoop
from jarvisd.reflect.delivered import DeliveredLog
from jarvisd.reflect.quiet_hours import QuietHours
from jarvisd.reflect.scheduler import DaemonScheduler
from tests.reflect.conftest import SEOUL, local_ms


def reminders(agenda, speaker, gate, clock, **kwargs) -> DaemonScheduler:
    kwargs.setdefault("scheduler", AsyncIOScheduler(timezone=SEOUL))
    return DaemonScheduler(open_loops=agenda.agenda, speak=speaker, gate=gate, tz=SEOUL, clock=clock, **kwargs)


def fire_times(rs: DaemonScheduler) -> list[tuple[int, str]]:
    return [(p.lead_min, _local(p.fire_ms)) for p in rs.planned()]


def job_times(rs: DaemonScheduler) -> list[str]:
    return sorted(_local(int(job.trigger.run_date.timestamp() * 1000)) for job in rs.scheduler.get_jobs())


def reminder_jobs(scheduler) -> list:
    return [job for job in scheduler.get_jobs() if job.id.startswith("reminder:")]


def _local(ms: int) -> str:
    from datetime import datetime

    return datetime.fromtimestamp(ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M")


def report_promise(agenda, due="2026-10-15 15:00"):
    return agenda.add("send the report", due_ms=local_ms(due))


async def test_a_promise_made_at_nine_due_at_three_is_spoken_at_two_and_ten_to_three(agenda, speaker, gate, clock):
    bus = EventBus()
    hud = bus.subscribe()
    rs = reminders(agenda, speaker, gate, clock, bus=bus)
    promise = report_promise(agenda)
    rs.sync()
    assert fire_times(rs) == [(60, "2026-10-15 14:00"), (10, "2026-10-15 14:50")]
    assert job_times(rs) == ["2026-10-15 14:00", "2026-10-15 14:50"]

    clock.set_local("2026-10-15 13:59")
    assert await rs.run_due() == 0
    clock.set_local("2026-10-15 14:00")
    assert await rs.run_due() == 1
    clock.set_local("2026-10-15 14:50")
    assert await rs.run_due() == 1
    assert speaker.spoken == [("Reminder: send the report. It's due in 1 hour.", "en"),
                              ("Reminder: send the report. It's due in 10 minutes.", "en")]
    shown = [await hud.get() for _ in range(2)]
    assert shown == [ReminderDue(loop_id=promise.id, lead_min=60, text=speaker.texts[0], at=shown[0].at),
                     ReminderDue(loop_id=promise.id, lead_min=10, text=speaker.texts[1], at=shown[1].at)]
    assert rs.planned() == [] and rs.scheduler.get_jobs() == []


async def test_a_korean_promise_is_reminded_in_korean(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    agenda.add("보고서 보내기", due_ms=local_ms("2026-10-15 15:00"))
    rs.sync()
    clock.set_local("2026-10-15 14:50")
    await rs.run_due()
    assert speaker.spoken == [("알림: 보고서 보내기 기한이 10분 남았어요.", "ko")]


async def test_closing_the_promise_at_one_cancels_its_reminders(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    promise = report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 13:00")
    agenda.done(promise.id)
    rs.sync()
    assert rs.planned() == [] and rs.scheduler.get_jobs() == []
    for moment in ("2026-10-15 14:00", "2026-10-15 14:50"):
        clock.set_local(moment)
        assert await rs.run_due() == 0
    assert speaker.spoken == []


async def test_a_stale_job_of_a_closed_promise_speaks_nothing(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    promise = report_promise(agenda)
    first = rs.sync()[0]
    agenda.dismiss(promise.id)
    rs.sync()
    clock.set_local("2026-10-15 14:00")
    assert await rs.fire(first.key) == 0
    assert speaker.spoken == []


async def test_moving_the_due_reschedules_the_reminders(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 12:00")
    moved = Judgement(opened=(ProposedLoop("send the report", local_ms("2026-10-15 17:00")),))
    change = agenda.apply_judgement(moved, "send the report by five instead", agenda.agenda())
    assert change.updated
    rs.sync()
    assert fire_times(rs) == [(60, "2026-10-15 16:00"), (10, "2026-10-15 16:50")]
    assert job_times(rs) == ["2026-10-15 16:00", "2026-10-15 16:50"]
    clock.set_local("2026-10-15 14:00")
    assert await rs.run_due() == 0
    clock.set_local("2026-10-15 16:00")
    assert await rs.run_due() == 1
    assert speaker.texts == ["Reminder: send the report. It's due in 1 hour."]


async def test_a_due_moved_after_a_reminder_gets_reminders_for_the_new_due(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 14:00")
    await rs.run_due()
    clock.set_local("2026-10-15 14:10")
    moved = Judgement(opened=(ProposedLoop("send the report", local_ms("2026-10-15 18:00")),))
    agenda.apply_judgement(moved, "send the report by six", agenda.agenda())
    rs.sync()
    assert fire_times(rs) == [(60, "2026-10-15 17:00"), (10, "2026-10-15 17:50")]


async def test_a_revived_promise_is_scheduled_again(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    promise = report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 12:00")
    agenda.done(promise.id)
    rs.sync()
    assert rs.planned() == []
    clock.set_local("2026-10-15 12:30")
    agenda.revive(promise.id)
    rs.sync()
    assert fire_times(rs) == [(60, "2026-10-15 14:00"), (10, "2026-10-15 14:50")]


async def test_quiet_hours_defer_the_spoken_reminder_to_their_end(agenda, speaker, gate, clock):
    clock.set_local("2026-10-15 21:00")
    rs = reminders(agenda, speaker, gate, clock, quiet=QuietHours.parse("22:00-08:00"))
    agenda.add("call the bank", due_ms=local_ms("2026-10-16 08:40"))
    rs.sync()
    assert fire_times(rs) == [(60, "2026-10-16 08:00"), (10, "2026-10-16 08:30")]
    clock.set_local("2026-10-16 07:40")
    assert await rs.run_due() == 0
    clock.set_local("2026-10-16 08:00")
    assert await rs.run_due() == 1
    assert speaker.texts == ["Reminder: call the bank. It's due in 40 minutes."]


@pytest.mark.parametrize(("desc", "said"), [
    ("catch the 7:30 train", "Reminder: catch the 7:30 train. It's due tomorrow at 7:30 AM."),
    ("기차 타기", "알림: 기차 타기, 내일 오전 7시 30분까지예요."),
])
async def test_a_promise_due_before_quiet_hours_end_is_spoken_once_the_evening_before_with_its_time(
        agenda, speaker, gate, clock, desc, said):
    clock.set_local("2026-10-15 21:00")
    rs = reminders(agenda, speaker, gate, clock, quiet=QuietHours.parse("22:00-08:00"))
    agenda.add(desc, due_ms=local_ms("2026-10-16 07:30"))
    rs.sync()
    assert fire_times(rs) == [(10, "2026-10-15 21:45")]
    clock.set_local("2026-10-15 21:45")
    assert await rs.run_due() == 1
    clock.set_local("2026-10-16 07:20")
    assert await rs.run_due() == 0
    assert speaker.texts == [said] and rs.planned() == []


async def test_a_promise_made_in_quiet_hours_due_at_their_end_is_spoken_at_its_due(agenda, speaker, gate, clock):
    """A low of stop 42's note: quiet hours 22:00-08:00 and a promise due at 08:00 made at 23:00 got no reminder."""
    clock.set_local("2026-10-15 23:00")
    rs = reminders(agenda, speaker, gate, clock, quiet=QuietHours.parse("22:00-08:00"))
    agenda.add("call the bank", due_ms=local_ms("2026-10-16 08:00"))
    rs.sync()
    assert fire_times(rs) == [(0, "2026-10-16 08:00")]
    clock.set_local("2026-10-16 07:59")
    assert await rs.run_due() == 0
    clock.set_local("2026-10-16 08:00")
    assert await rs.run_due() == 1
    clock.set_local("2026-10-16 08:03")
    rs.sync()
    assert await rs.run_due() == 0
    assert speaker.texts == ["Reminder: call the bank."] and rs.planned() == []


async def test_a_restart_does_not_repeat_a_delivered_reminder(agenda, speaker, gate, clock, tmp_path):
    rs = reminders(agenda, speaker, gate, clock, delivered=DeliveredLog.in_data_dir(tmp_path))
    report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 14:00")
    assert await rs.run_due() == 1

    clock.set_local("2026-10-15 14:05")  # the daemon restarts
    again = reminders(agenda, speaker, gate, clock, delivered=DeliveredLog.in_data_dir(tmp_path))
    again.sync()
    assert fire_times(again) == [(10, "2026-10-15 14:50")]
    assert await again.run_due() == 0
    assert len(speaker.spoken) == 1


async def test_a_reminder_waits_for_the_active_turn_to_end(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 14:00")
    gate.turn_started("default")
    delivery = asyncio.create_task(rs.run_due())
    for _ in range(10):
        await asyncio.sleep(0)
    assert speaker.spoken == [] and not delivery.done()
    gate.turn_ended("default")
    assert await delivery == 1
    assert speaker.texts == ["Reminder: send the report. It's due in 1 hour."]


async def test_re_planning_while_a_reminder_waits_for_the_turn_keeps_its_job(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    report_promise(agenda)
    rs.sync()
    jobs = {job.id: job for job in rs.scheduler.get_jobs()}
    gate.turn_started()
    clock.set_local("2026-10-15 14:03")
    rs.sync()
    assert fire_times(rs) == [(60, "2026-10-15 14:00"), (10, "2026-10-15 14:50")]
    assert {job.id: job for job in rs.scheduler.get_jobs()} == jobs
    assert sum(1 for _ in jobs) == 2


async def test_a_promise_closed_during_the_turn_is_not_reminded_after_it(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    promise = report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 14:00")
    gate.hold("speech")
    delivery = asyncio.create_task(rs.run_due())
    await asyncio.sleep(0)
    agenda.done(promise.id)  # "I sent it"
    rs.sync()
    gate.release("speech")
    assert await delivery == 0
    assert speaker.spoken == []


async def test_a_turn_that_runs_past_the_due_drops_the_reminder(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock, leads_min=[10])
    agenda.add("take the pill", due_ms=local_ms("2026-10-15 15:00"))
    rs.sync()
    clock.set_local("2026-10-15 14:50")
    gate.turn_started()
    delivery = asyncio.create_task(rs.run_due())
    await asyncio.sleep(0)
    clock.set_local("2026-10-15 15:01")
    gate.turn_ended()
    assert await delivery == 0
    assert speaker.spoken == [] and rs.planned() == []


async def test_a_turn_that_runs_into_quiet_hours_defers_the_reminder_to_their_end(agenda, speaker, gate, clock):
    clock.set_local("2026-10-15 20:00")
    rs = reminders(agenda, speaker, gate, clock, leads_min=[720], quiet=QuietHours.parse("22:00-08:00"))
    agenda.add("renew the passport", due_ms=local_ms("2026-10-16 09:30"))
    rs.sync()
    clock.set_local("2026-10-15 21:30")
    gate.turn_started()
    delivery = asyncio.create_task(rs.run_due())
    await asyncio.sleep(0)
    clock.set_local("2026-10-15 22:05")
    gate.turn_ended()
    assert await delivery == 0
    assert fire_times(rs) == [(720, "2026-10-16 08:00")] and job_times(rs) == ["2026-10-16 08:00"]
    clock.set_local("2026-10-16 08:00")
    assert await rs.run_due() == 1
    assert speaker.texts == ["Reminder: renew the passport. It's due in 1 hour 30 minutes."]


async def test_agenda_changed_on_the_bus_re_plans(agenda, speaker, gate, clock):
    bus = EventBus()
    scheduler = AsyncIOScheduler(timezone=SEOUL)
    scheduler.start(paused=True)  # jobs reach the real job store but never run on real time
    rs = reminders(agenda, speaker, gate, clock, bus=bus, scheduler=scheduler)
    rs.start()
    try:
        assert rs.planned() == []
        report_promise(agenda)
        await bus.publish(AgendaChanged(reason="judge"))
        await asyncio.sleep(0.2)   # the planner reads the agenda in a worker thread (pass 54c)
        assert fire_times(rs) == [(60, "2026-10-15 14:00"), (10, "2026-10-15 14:50")]
        assert sorted(job.id for job in reminder_jobs(scheduler)) == sorted(p.key.job_id for p in rs.planned())
    finally:
        await rs.stop(consolidate=False)
    assert bus.subscriber_count == 0


async def test_an_agenda_write_from_another_thread_re_plans_on_the_loop(agenda, speaker, gate, clock):
    """The service announces a write made in a worker thread (the HUD's, the tray's) on the bus's loop."""
    bus = EventBus()
    scheduler = AsyncIOScheduler(timezone=SEOUL)
    scheduler.start(paused=True)
    rs = reminders(agenda, speaker, gate, clock, bus=bus, scheduler=scheduler)
    rs.start()
    agenda.publish = bus.publish_nowait
    try:
        await asyncio.to_thread(report_promise, agenda)
        await asyncio.sleep(0.2)   # the planner reads the agenda in a worker thread (pass 54c)
        assert len(rs.planned()) == 2
    finally:
        await rs.stop(consolidate=False)


@pytest.mark.parametrize("lead", [1])
async def test_a_real_apscheduler_date_job_speaks_the_reminder(lead, tmp_path, seoul):
    """Real time and a started AsyncIOScheduler: a reminder due a fraction of a second from now."""
    import time

    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import MemoryLoopStore
    from jarvisd.turn_gate import TurnGate

    heard = asyncio.Event()
    spoken: list[str] = []

    async def speak(text: str, lang: str) -> None:
        spoken.append(text)
        heard.set()

    agenda = OpenLoopService(MemoryLoopStore(), tz=seoul)
    rs = DaemonScheduler(open_loops=agenda.agenda, speak=speak, gate=TurnGate(), tz=seoul, leads_min=[lead],
                           delivered=DeliveredLog.in_data_dir(tmp_path))
    agenda.add("water the plants", due_ms=int((time.time() + lead * 60 + 0.3) * 1000))
    rs.start()
    try:
        assert [job.id for job in reminder_jobs(rs.scheduler)] == [rs.planned()[0].key.job_id]
        await asyncio.wait_for(heard.wait(), timeout=10)
    finally:
        await rs.stop(consolidate=False)
    assert spoken == ["Reminder: water the plants. It's due in 1 minute."]
    assert len(DeliveredLog.in_data_dir(tmp_path).keys()) == 1


async def test_a_late_wake_up_speaks_only_the_shortest_reminder_due(agenda, speaker, gate, clock):
    rs = reminders(agenda, speaker, gate, clock)
    report_promise(agenda)
    rs.sync()
    clock.set_local("2026-10-15 14:52")  # suspended through 14:00 and 14:50
    assert await rs.run_due() == 1
    assert speaker.texts == ["Reminder: send the report. It's due in 8 minutes."]
    assert rs.planned() == [] and rs.scheduler.get_jobs() == []


async def test_a_reminder_cut_off_by_shutdown_is_spoken_after_the_restart(tmp_path, seoul):
    """Real time: the date job runs while a turn holds the gate, the daemon stops, the next one speaks."""
    import time

    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import MemoryLoopStore
    from jarvisd.turn_gate import TurnGate

    spoken: list[str] = []

    async def speak(text: str, lang: str) -> None:
        spoken.append(text)

    agenda = OpenLoopService(MemoryLoopStore(), tz=seoul)
    agenda.add("water the plants", due_ms=int((time.time() + 60 + 0.2) * 1000))
    gate = TurnGate()
    gate.turn_started()
    first = DaemonScheduler(open_loops=agenda.agenda, speak=speak, gate=gate, tz=seoul, leads_min=[1],
                              delivered=DeliveredLog.in_data_dir(tmp_path))
    first.start()
    try:
        async def job_ran() -> None:
            while reminder_jobs(first.scheduler):
                await asyncio.sleep(0.02)

        await asyncio.wait_for(job_ran(), timeout=10)
    finally:
        await first.stop(consolidate=False)
    assert spoken == [] and DeliveredLog.in_data_dir(tmp_path).keys() == frozenset()

    again = DaemonScheduler(open_loops=agenda.agenda, speak=speak, gate=TurnGate(), tz=seoul, leads_min=[1],
                              delivered=DeliveredLog.in_data_dir(tmp_path))
    again.sync()
    assert await again.run_due() == 1
    assert spoken == ["Reminder: water the plants. It's due in 1 minute."]


async def test_every_agenda_write_is_announced_so_no_periodic_re_plan_is_needed(agenda, speaker, gate, clock):
    """The 300 s re-plan is gone: each write through the service is announced, and the scheduler needs
    no other call. Its jobs are the date jobs of the plan and nothing else."""
    bus = EventBus()
    scheduler = AsyncIOScheduler(timezone=SEOUL)
    scheduler.start(paused=True)
    rs = reminders(agenda, speaker, gate, clock, bus=bus, scheduler=scheduler)
    rs.start()
    agenda.publish = bus.publish_nowait
    try:
        promise = report_promise(agenda)  # nobody calls rs.sync()
        await asyncio.sleep(0.2)   # the planner reads the agenda in a worker thread (pass 54c)
        assert fire_times(rs) == [(60, "2026-10-15 14:00"), (10, "2026-10-15 14:50")]
        agenda.reschedule(promise.id, due_ms=local_ms("2026-10-15 17:00"))
        await asyncio.sleep(0.2)   # the planner reads the agenda in a worker thread (pass 54c)
        assert fire_times(rs) == [(60, "2026-10-15 16:00"), (10, "2026-10-15 16:50")]
        agenda.done(promise.id)
        await asyncio.sleep(0.2)   # the planner reads the agenda in a worker thread (pass 54c)
        assert rs.planned() == [] and scheduler.get_jobs() == []
    finally:
        await rs.stop(consolidate=False)


async def test_reminders_due_together_are_said_in_one_utterance_of_three_and_how_many_more(agenda, speaker, gate,
                                                                                           clock):
    """Pass 22: 500 reminders due in one minute were said one by one (about 25 minutes of speech), as a morning's
    are after a night asleep. Now one utterance: three read out, then how many more; each is still recorded and
    published on its own, and one in another language is said apart (one voice reads one language)."""
    bus = EventBus()
    hud = bus.subscribe()
    log = DeliveredLog(None)
    rs = reminders(agenda, speaker, gate, clock, bus=bus, delivered=log, leads_min=[10])
    for name in ("send the report", "call the bank", "pay the rent", "book the dentist", "water the plants"):
        agenda.add(name, due_ms=local_ms("2026-10-15 15:00"))
    agenda.add("보고서 보내기", due_ms=local_ms("2026-10-15 15:00"))
    rs.sync()
    clock.set_local("2026-10-15 14:50")
    assert await rs.run_due() == 6
    english = [text for text, lang in speaker.spoken if lang == "en"]
    korean = [text for text, lang in speaker.spoken if lang == "ko"]
    assert len(english) == 1 and len(korean) == 1
    assert english[0].count("Reminder: ") == 3 and english[0].endswith(
        "It's due in 10 minutes. And 2 more reminders: see the HUD.")
    assert korean[0].startswith("알림: 보고서 보내기")
    assert len(log.keys()) == 6 and rs.planned() == []
    published = [event for event in await _drain(hud) if isinstance(event, ReminderDue)]
    assert len(published) == 6


async def _drain(subscription) -> list:
    events = []
    while True:
        try:
            events.append(await asyncio.wait_for(subscription.get(), 0.05))
        except TimeoutError:
            return events
