"""The daemon in-process with scripted models: parts start, a HUD turn reaches the agent and the
AGENDA judge, and a stop runs the shutdown path and returns 0."""

import asyncio
import socket

import httpx
import pytest

from jarvisd.config import load_config
from jarvisd.daemon import serve
from jarvisd.hud import load_or_create_token
from jarvisd.instance import AlreadyRunning, InstanceLock
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from tests.hud.test_hud_api import next_sse

pytestmark = pytest.mark.slow  # the daemon in-process: every part started, the Korean model loaded


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_hud_turn_goes_through_the_running_daemon_and_lands_on_the_agenda(tmp_path, capsys):
    port = free_port()
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(port),
                           "JARVIS_VOICE__ENABLED": "false", "JARVIS_GENERAL__TIME_ZONE": "Europe/Berlin"})
    promise = "I have to send the report to Kim by Friday 3 pm"
    backends = Backends(
        chat=ScriptedChatModel([{"text": "Noted."}]),
        thought=ScriptedChatModel(lambda _: {"text": f"open_loops:\n- send the report to Kim @2031-01-03 15:00 "
                                                      f"(근거: {promise})\nclosed_loops:\n"}),
        embedder=None, notes=["scripted models"])
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, ModelStore(tmp_path / "models"), stop, backends=backends,
                                       on_ready=ready.set_result))
    await asyncio.wait_for(ready, 120)  # the HUD listens once the daemon is ready (slow on a loaded machine)
    token = load_or_create_token(cfg.paths.data_dir)
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", headers=headers) as client:
        status = await client.get("/api/status")
        assert status.status_code == 200
        # voice opens in a worker thread before the HUD starts: its state was never shown (pass 53c's low)
        assert status.json()["parts"]["voice"] == {"state": "disabled", "detail": "voice.enabled = false: text only"}
        assert status.json()["parts"]["backend"]["detail"] == "scripted"
        reply = await client.post("/api/turns", json={"text": promise})
        assert reply.status_code == 202, reply.text
        for _ in range(100):
            agenda = (await client.get("/api/agenda")).json()
            if agenda["open"]:
                break
            await asyncio.sleep(0.05)
        # the SESSIONS card reaches the daemon's memory: the turn is listed, and Forget deletes it
        for _ in range(100):
            sessions = (await client.get("/api/sessions")).json()["sessions"]
            if sessions:
                break
            await asyncio.sleep(0.05)
        assert [(s["session"], s["turns"]) for s in sessions] == [("hud", 1)]
        forgot = await client.post("/api/sessions/hud/forget", json={"confirm": True})
        assert forgot.status_code == 200 and forgot.json()["deleted"] >= 1
        assert (await client.get("/api/sessions")).json()["sessions"] == []
        # a slash command from the HUD is a turn of the assistant: one user line and one assistant line
        # (as in chat and voice), with the turn gate held while it runs
        async with client.stream("GET", "/api/events") as stream:
            lines = stream.aiter_lines()
            assert await anext(lines) == "retry: 2000"
            daemon_parts = ready.result()
            held: list[frozenset[str]] = []
            run = daemon_parts.assistant.commands.run

            async def watched(text, context):
                held.append(daemon_parts.gate.busy_sessions())
                return await run(text, context)

            daemon_parts.assistant.commands.run = watched
            command = await client.post("/api/turns", json={"text": "/help"})
            assert command.status_code == 200 and command.json()["command"] is True
            shown = []
            while len(shown) < 2:
                kind, data = await asyncio.wait_for(next_sse(lines), 10)
                if kind == "transcript_line":
                    shown.append((data["role"], data["text"]))
        assert shown == [("user", "/help"), ("assistant", command.json()["reply"])] and held == [{"hud"}]
    assert [loop["desc"] for loop in agenda["open"]] == ["send the report to Kim"]
    # `jarvisd mic mute` reaches the running daemon; with voice off it says so instead of pretending
    import argparse

    from jarvisd.hud.cli import run_mic

    assert await asyncio.to_thread(run_mic, cfg, argparse.Namespace(action="mute")) == 1
    assert "voice is not running" in capsys.readouterr().err
    try:
        InstanceLock(cfg.paths.data_dir).acquire()
        raise AssertionError("a second instance must be refused while the daemon runs")
    except AlreadyRunning:
        pass
    stop.set()
    assert await asyncio.wait_for(daemon, 10) == 0
    InstanceLock(cfg.paths.data_dir).acquire().release()  # the lock is free again


async def test_a_graceful_stop_consolidates_facts_from_the_days_turns(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(free_port()),
                           "JARVIS_VOICE__ENABLED": "false"})

    def thought(messages):
        if "durable facts" in messages[0].content:  # the consolidation extractor's prompt
            return {"text": '[{"key": "dog\'s name", "value": "the dog is called Bori", "importance": 0.9}]'}
        return {"text": ""}  # judge and reflection: nothing

    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "What a lovely name."}),
                        thought=ScriptedChatModel(thought), embedder=None)
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    stopped: list[int] = []
    daemon = asyncio.create_task(serve(cfg, ModelStore(tmp_path / "models"), stop, backends=backends,
                                       on_ready=ready.set_result, on_stopped=stopped.append))
    running = await ready
    await running.text_turn("We got a puppy last week and we named her Bori.")   # (not "my dog is called Bori": kept at once since named72)
    stop.set()
    assert await asyncio.wait_for(daemon, 10) == 0
    assert stopped == [0]  # `jarvisd run` leaves the process here (exit_process), stores already closed

    from jarvisd.memory.cli import open_service
    from jarvisd.memory.scope import MemoryScope

    facts = open_service(cfg).core_facts(MemoryScope("me", "main", "later"))
    assert any("Bori" in f.content and f.source == "extracted" for f in facts), facts


class SlowToConsolidate:
    """The thought model of a loaded machine: the judge's answer comes at once, a consolidation prompt
    takes minutes before the first word (a small local model deep in a long prompt)."""

    name, supports_tools = "slow-thought", False

    def __init__(self) -> None:
        self.consolidation_calls = 0
        self.abandoned = False

    async def stream(self, messages, tools=()):
        from jarvisd.llm.base import ChatChunk

        if "durable facts" not in messages[0].content:
            yield ChatChunk(text="", done=True)
            return
        self.consolidation_calls += 1
        try:
            await asyncio.sleep(300)
            yield ChatChunk(text="[]", done=True)
        finally:
            self.abandoned = True


async def test_a_stop_breaks_off_a_long_consolidation_and_leaves_the_session_pending(tmp_path, monkeypatch, caplog):
    import jarvisd.daemon

    monkeypatch.setattr(jarvisd.daemon, "SHUTDOWN_WORK_SEC", 0.5)
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(free_port()),
                           "JARVIS_VOICE__ENABLED": "false"})
    thought = SlowToConsolidate()
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "What a lovely name."}), thought=thought,
                        embedder=None)
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, ModelStore(tmp_path / "models"), stop, backends=backends,
                                       on_ready=ready.set_result))
    running = await ready
    await running.text_turn("We got a puppy last week and we named her Bori.")   # (not "my dog is called Bori": kept at once since named72)
    await running.assistant.judge.drain()
    stop.set()
    assert await asyncio.wait_for(daemon, 60) == 0
    # the model was told to stop: its answer is abandoned by the time the daemon is down, so no worker
    # thread is left waiting on it (in `jarvisd run` that thread kept the process from exiting)
    assert thought.consolidation_calls == 1 and thought.abandoned
    assert "consolidation did not finish in time: stopping the model" in caplog.text

    # nothing half-done: no fact stored, the session is still pending and a later pass consolidates it
    from jarvisd.memory.cli import open_service
    from jarvisd.memory.consolidation_runs import memory_consolidator
    from jarvisd.memory.scope import MemoryScope

    service = open_service(cfg)
    assert not [f for f in service.core_facts(MemoryScope("me", "main", "later")) if f.source == "extracted"]
    extractor = ScriptedChatModel(lambda _: {"text": '[{"key": "dog\'s name", "value": "the dog is called Bori", '
                                                     '"importance": 0.9}]'})
    await memory_consolidator(service, "me", "main", extractor)(frozenset())
    facts = service.core_facts(MemoryScope("me", "main", "later"))
    assert any("Bori" in f.content and f.source == "extracted" for f in facts), facts


async def test_the_shutdown_consolidation_drafts_a_procedure_from_three_successes(tmp_path):
    import json

    from jarvisd.llm.base import Message, ToolCall
    from jarvisd.memory.procedure_drafts import list_drafts

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(free_port()),
                           "JARVIS_VOICE__ENABLED": "false"})
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "ok"}),
                        thought=ScriptedChatModel(lambda _: {"text": "[]"}), embedder=None)
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, ModelStore(tmp_path / "models"), stop, backends=backends,
                                       on_ready=ready.set_result))
    running = await ready
    scope = running.assistant.scope("hud")
    for ask in ("weather in Seoul?", "and tomorrow's weather?", "weather this weekend?"):
        call = ToolCall("weather", json.dumps({"city": "Seoul"}))
        running.assistant.memory.record_turn(scope, [
            Message("user", ask), Message("assistant", "", tool_calls=(call,)),
            Message("tool", "sunny, 21 C", tool_name="weather"), Message("assistant", "Sunny.")])
    stop.set()
    assert await asyncio.wait_for(daemon, 60) == 0
    drafts = list_drafts(cfg.paths.data_dir / "procedures")
    assert drafts == ["pattern-task-weather"], drafts


async def test_an_unusable_embedded_model_is_not_loaded_at_start_nor_promised_for_the_first_turn(tmp_path, caplog):
    """The model's file missing or corrupt (`UnusableChat`): the choice logs why and what to do. The start's warm-up
    used to add "did not load at start (...); the first turn that needs it tries again", which no turn can."""
    from jarvisd.llm.backend_choice import UnusableChat

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(free_port()),
                           "JARVIS_VOICE__ENABLED": "false"})
    broken = UnusableChat("smollm2-135m", "SmolLM2-135M-Instruct.Q4_1.gguf is missing; reinstall it")
    backends = Backends(chat=broken, thought=broken.background(), embedder=None)
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, ModelStore(tmp_path / "models"), stop, backends=backends,
                                       on_ready=ready.set_result))
    running = await ready
    await asyncio.sleep(0.2)  # the warm-up task's turn, had it been started
    answer = await running.text_turn("I'll call Sam tomorrow.")  # the desk still keeps a promise without the model
    assert "call Sam" in str(answer), answer
    stop.set()
    assert await asyncio.wait_for(daemon, 30) == 0
    assert "did not load at start" not in caplog.text and "tries again" not in caplog.text
