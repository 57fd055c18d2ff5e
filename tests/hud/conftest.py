"""Shared parts for the HUD tests: the real agenda service on a JSONL store, a scripted turn sender,
an in-process client, and a real uvicorn server on 127.0.0.1 in a thread for browser and fuzz tests.
A `Hud(memory=True)` (the served one, and the `memory_hud` fixture) also has a real `MemoryService` on a
LanceDB store in the test's folder, as the daemon gives its HUD (`services`: memory, scope_for)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest

from jarvisd.approvals import ApprovalDesk
from jarvisd.commands import CommandContext, CommandRegistry, is_command, register_builtin
from jarvisd.events import EventBus, TranscriptLine
from jarvisd.hud import HudServer, StatusBoard, create_app
from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.memory.access import AccessFilter
from jarvisd.memory.commands import register_memory_commands
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.mic_recorder import FakeMic

TOKEN = "test-token-" + "x" * 32
SEOUL = ZoneInfo("Asia/Seoul")
HOST = "http://127.0.0.1:8765"
USER = "me"
AGENT = "main"


def memory_scope(session: str) -> MemoryScope:
    return MemoryScope(USER, AGENT, session)


def make_memory(path: Path) -> MemoryService:
    """Real memory on disk: a LanceDB store at `path` with the lexical test embedder."""
    embedder = HashedNgramEmbedder(dimensions=32)
    return MemoryService(LanceMemoryStore(str(path), dimensions=embedder.dimensions), embedder=embedder)


def rows_on_disk(path: Path) -> list[tuple[str, str, str]]:
    """(source, session, content) of every row of the LanceDB memory at `path`, read by a store of its
    own (the HUD's memory must have flushed: `Hud.stored_rows`)."""
    store = LanceMemoryStore(str(path))
    try:
        query = StoreQuery(access=AccessFilter(USER, (AGENT,), (AGENT,)), limit=10_000, match_required=False)
        return sorted((c.item.source, c.item.session, c.item.content) for c in store.search(query))
    finally:
        store.close()


def make_service(tmp_path: Path, bus: EventBus | None = None) -> OpenLoopService:
    """The agenda as the daemon assembles it: it announces its changes on `bus`."""
    return OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL,
                           publish=bus.publish_nowait if bus is not None else None)


def scripted_turns(bus: EventBus, answer: Callable[[str], str] = lambda text: f"You said: {text}", *,
                   commands: CommandRegistry | None = None, agenda: Any = None,
                   services: dict[str, Any] | None = None):
    """A `send_turn` like the assistant's (`Assistant.turn`): the user line, then a slash command's reply
    from `commands` or the model's streamed answer, as one assistant line; returns the reply."""
    model = ScriptedChatModel(lambda messages: {"text": answer(messages[-1].content)})

    async def send_turn(text: str, session: str) -> str:
        await bus.publish(TranscriptLine(role="user", text=text, session=session))
        if commands is not None and is_command(text):
            context = CommandContext(agenda=agenda, bus=bus, session=session, services=services or {})
            reply = await commands.run(text, context)
        else:
            reply = "".join([chunk.text async for chunk in model.stream([Message(role="user", content=text)])])
        await bus.publish(TranscriptLine(role="assistant", text=reply.strip(), session=session))
        return reply

    return send_turn


def slow_command_app(tmp_path: Path) -> tuple[Any, asyncio.Event, list[str]]:
    """A HUD app whose `/slow` command waits for the returned event; `started` lists the texts it began."""
    release, started = asyncio.Event(), []

    async def slow(text: str, _ctx: Any) -> str:
        started.append(text)
        await release.wait()
        return "done"

    registry = register_builtin(CommandRegistry())
    registry.register("slow", slow, "waits")
    bus = EventBus()
    app = create_app(make_service(tmp_path, bus), scripted_turns(bus, commands=registry), bus, StatusBoard({}),
                     TOKEN)
    return app, release, started


class Hud:
    """The app and the parts behind it, for one test."""

    def __init__(self, tmp_path: Path, mic: FakeMic | None = None, memory: bool = False) -> None:
        self.bus = EventBus()
        self.service = make_service(tmp_path, self.bus)
        self.status = StatusBoard({"backend": {"state": "embedded", "detail": "llama.cpp SmolLM2"}})
        self.mic = mic
        self.approvals = ApprovalDesk(self.bus, timeout_sec=30)
        self.memory_path = tmp_path / "hud-memory.lance"
        self.memory = make_memory(self.memory_path) if memory else None
        commands = register_builtin(CommandRegistry())
        services: dict[str, Any] = {}
        if self.memory is not None:  # as the daemon: the memory commands and the sessions card work
            register_memory_commands(commands)
            services = {"memory": self.memory, "scope_for": memory_scope, "data_dir": tmp_path}
        turns = scripted_turns(self.bus, commands=commands, agenda=self.service, services=services)
        self.app = create_app(self.service, turns, self.bus, self.status, TOKEN,
                              mic=mic, services=services, approvals=self.approvals)

    def say(self, session: str, utterance: str, answer: str) -> None:
        """A finished turn of `session` kept in memory as the agent keeps it (turn episode, working memory)."""
        assert self.memory is not None
        self.memory.record_turn(memory_scope(session), [Message("user", utterance), Message("assistant", answer)])

    def stored_rows(self) -> list[tuple[str, str, str]]:
        """What the memory holds on disk now (`rows_on_disk`)."""
        assert self.memory is not None
        self.memory.flush()
        return rows_on_disk(self.memory_path)

    def close(self) -> None:
        if self.memory is not None:
            self.memory.close()

    def client(self, token: str | None = TOKEN, **headers: str) -> httpx.AsyncClient:
        if token is not None:
            headers.setdefault("Authorization", f"Bearer {token}")
        return httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app), base_url=HOST, headers=headers)


@pytest.fixture
def hud(tmp_path: Path) -> Hud:
    return Hud(tmp_path, mic=FakeMic())


@pytest.fixture
def memory_hud(tmp_path: Path) -> Iterator[Hud]:
    hud = Hud(tmp_path, memory=True)
    yield hud
    hud.close()


class ServedHud:
    """A real uvicorn server on 127.0.0.1 (a free port) running in its own thread and event loop."""

    def __init__(self, tmp_path: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="hud-test-loop", daemon=True)
        self.thread.start()
        self.hud: Hud = self.call(self._build(tmp_path))
        self.server = HudServer(self.hud.app, "127.0.0.1", 0)
        self.call(self.server.start())

    async def _build(self, tmp_path: Path) -> Hud:
        return Hud(tmp_path, memory=True)

    def call(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=30)

    def publish(self, event: Any) -> None:
        self.call(self.hud.bus.publish(event))

    @property
    def url(self) -> str:
        return self.server.url

    def close(self) -> None:
        self.call(self.server.stop())
        self.call(_cancel_the_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()
        self.hud.close()


async def _cancel_the_rest() -> None:
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedHud]:
    served = ServedHud(tmp_path_factory.mktemp("hud"))
    yield served
    served.close()
