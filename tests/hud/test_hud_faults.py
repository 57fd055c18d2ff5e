"""The HUD under faults (issue 18, points 3, 4, 6, 7), over real HTTP against the running Starlette
app: bad characters, a blocking command, a flood of turns, ambiguous headers and unexpected errors."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from jarvisd.commands import is_command
from jarvisd.events import TranscriptLine
from jarvisd.hud import create_app
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder

from .conftest import TOKEN, ServedHud, scripted_turns

AUTH = {"Authorization": f"Bearer {TOKEN}"}
SURROGATE_BODY = b'{"text": "hello \\ud800 world"}'  # what JSON.stringify sends for a bad paste


async def next_sse(lines) -> tuple[str, str]:
    kind = ""
    while True:
        line = await anext(lines)
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and kind:
            return kind, line[6:]


class GatedEmbedder(HashedNgramEmbedder):
    """A real (lexical) embedder that, once armed, holds its next call until released: a long
    embedding whose end the test decides, so the test orders events instead of timing them."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False
        self.started = threading.Event()
        self.release = threading.Event()

    def embed(self, texts):
        if self.armed:
            self.started.set()
            self.release.wait(60)
        return super().embed(texts)


def boom(text, ctx):
    raise RuntimeError("the handler broke")


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[tuple[MemoryService, GatedEmbedder]]:
    embedder = GatedEmbedder()
    service = MemoryService(LanceMemoryStore(str(tmp_path / "memory.lance"), dimensions=embedder.dimensions),
                            embedder=embedder)
    yield service, embedder
    embedder.release.set()
    service.close()


class FaultHud(ServedHud):
    """The served HUD with the daemon's /remember command on a real LanceDB memory, a failing
    command, and a turn sender the test can hold."""

    def __init__(self, tmp_path: Path, memory: MemoryService) -> None:
        self.memory = memory
        self.turn_gate: asyncio.Event | None = None
        super().__init__(tmp_path)

    async def _build(self, tmp_path: Path):
        from jarvisd.assistant import assistant_commands

        hud = await super()._build(tmp_path)
        commands = assistant_commands()  # the daemon's registry: /remember among them
        commands.register("boom", boom, "fails")
        self.turn_gate = asyncio.Event()
        services = {"memory": self.memory, "scope_for": lambda session: MemoryScope("me", "main", session)}
        answer = scripted_turns(hud.bus, commands=commands, agenda=hud.service, services=services)

        async def held_turn(text: str, session: str) -> str:
            if text == "/boom":   # a failure outside the command registry, which makes a handler's error its reply
                boom(text, None)
            if not is_command(text):   # a question waits for the test; a command is answered in its request
                await self.turn_gate.wait()
            return await answer(text, session)

        hud.app = create_app(hud.service, held_turn, hud.bus, hud.status, TOKEN, services=services)
        return hud


@pytest.fixture
def faulty(tmp_path: Path, memory) -> Iterator[FaultHud]:
    served = FaultHud(tmp_path, memory[0])
    yield served
    served.call(_open_gate(served))
    served.close()


async def _open_gate(served: FaultHud) -> None:
    served.turn_gate.set()


# ---- 3. a lone surrogate ------------------------------------------------------------------------

async def test_a_lone_surrogate_becomes_u_fffd_and_every_stream_stays_open(faulty: FaultHud):
    async with httpx.AsyncClient(base_url=faulty.url, timeout=20, headers=AUTH) as client, \
            client.stream("GET", "/api/events", params={"token": TOKEN}) as stream:
        lines = stream.aiter_lines()
        assert await anext(lines) == "retry: 2000"
        faulty.publish(TranscriptLine(role="assistant", text="model said \udc80 here"))  # past every edge
        kind, data = await next_sse(lines)
        assert kind == "transcript_line" and "model said \ufffd here" in data
        faulty.call(_open_gate(faulty))  # turns are answered at once in this test
        reply = await client.post("/api/turns", content=SURROGATE_BODY,
                                  headers={"Content-Type": "application/json"})
        assert reply.status_code == 202, reply.text
        kind, data = await next_sse(lines)
        assert kind == "transcript_line" and "hello \ufffd world" in data  # the stream is still open
        remembered = await client.post("/api/turns", content=b'{"text": "/remember \\ud800 is my pin hint"}',
                                       headers={"Content-Type": "application/json"})
    assert remembered.status_code == 200, remembered.text
    assert remembered.json()["reply"] == "Remembered: \ufffd is my pin hint"
    assert [i.content for i in faulty.memory.store.all_items()] == ["\ufffd is my pin hint"]


# ---- 4. /remember does not freeze the daemon ----------------------------------------------------

async def test_the_hud_answers_while_a_long_remember_is_running(faulty: FaultHud, memory):
    _, embedder = memory
    embedder.armed = True
    async with httpx.AsyncClient(base_url=faulty.url, timeout=60, headers=AUTH) as client:
        remember = asyncio.create_task(client.post("/api/turns", json={"text": "/remember " + "긴 메모 " * 500}))
        assert await asyncio.to_thread(embedder.started.wait, 30), "the remember never reached the embedder"
        try:
            status = await client.get("/api/status", timeout=20)  # before the fix: the loop was blocked here
            assert status.status_code == 200
            assert not remember.done(), "the status answered while the remember was still embedding"
        finally:
            embedder.release.set()
        assert (await remember).json()["reply"].startswith(("Remembered:", "기억할게요:"))


# ---- 6. a bounded turn queue --------------------------------------------------------------------

async def test_the_ninth_waiting_turn_is_429_and_a_stop_logs_the_dropped_turns(faulty: FaultHud, caplog):
    async with httpx.AsyncClient(base_url=faulty.url, timeout=20, headers=AUTH) as client:
        accepted = [await client.post("/api/turns", json={"text": f"question {i}"}) for i in range(8)]
        assert [r.status_code for r in accepted] == [202] * 8
        refused = await client.post("/api/turns", json={"text": "question 8"})
    assert refused.status_code == 429
    assert refused.json()["error"] == "too_many_turns"
    assert int(refused.headers["retry-after"]) > 0
    with caplog.at_level(logging.WARNING, "jarvisd.hud.api"):
        faulty.call(faulty.server.stop())
    for i in range(8):
        assert f"'question {i}'" in caplog.text
    assert "question 8" not in caplog.text


# ---- 7. headers and error shapes ----------------------------------------------------------------

@pytest.mark.parametrize("host", ["[::1]evil.example", "[::1]:8765evil", "localhost:evil", "127.0.0.1:80:80"])
async def test_a_host_with_anything_but_a_port_after_the_name_is_refused(faulty: FaultHud, host):
    async with httpx.AsyncClient(base_url=faulty.url, timeout=20, headers=AUTH) as client:
        response = await client.get("/api/status", headers={"Host": host})
    assert response.status_code == 403
    assert response.json()["error"] == "host_not_allowed"


async def test_a_request_with_two_origin_headers_is_refused(faulty: FaultHud):
    own = faulty.url.rstrip("/")
    async with httpx.AsyncClient(base_url=faulty.url, timeout=20) as client:
        response = await client.get("/api/status", headers=[("Authorization", f"Bearer {TOKEN}"),
                                                            ("Origin", "http://evil.example"), ("Origin", own)])
    assert response.status_code == 400
    assert response.json()["error"] == "duplicate_header"


async def test_an_oversized_body_with_content_length_is_413_in_the_json_error_shape(faulty: FaultHud):
    async with httpx.AsyncClient(base_url=faulty.url, timeout=20, headers=AUTH) as client:
        response = await client.post("/api/turns", content=b'{"text": "' + b"x" * 100_000 + b'"}',
                                     headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"] == "request_entity_too_large"


async def test_an_unexpected_error_is_500_in_the_json_error_shape(faulty: FaultHud):
    async with httpx.AsyncClient(base_url=faulty.url, timeout=20, headers=AUTH) as client:
        response = await client.post("/api/turns", json={"text": "/boom"})
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"] == "internal_error"
    assert "RuntimeError" in response.json()["detail"]


async def test_an_oversized_chunked_body_is_413_in_the_json_error_shape(faulty: FaultHud):
    async def chunks():
        yield b'{"text": "'
        for _ in range(20):
            yield b"x" * 8192
        yield b'"}'

    async with httpx.AsyncClient(base_url=faulty.url, timeout=20, headers=AUTH) as client:
        response = await client.post("/api/turns", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "request_entity_too_large"
