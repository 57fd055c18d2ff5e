"""Pass 61a (issue 18's done-when pass): the model backend failing after start, and the long writes on a full
disk. Each test failed on 4798d2a; see docs/reliability.md, "Sixty-first pass (a)"."""

from __future__ import annotations

import asyncio
import gc
import threading
from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from jarvisd.llm.base import BackendError, ChatChunk, complete
from jarvisd.llm.stoppable import StoppableModel
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.embeddings import LoopEmbeddings
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore

ZONE = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 12, 7, 10, 0, tzinfo=ZONE).timestamp()


class HangingEmbedder:
    """Ollama's /api/embed accepting the request and not answering: `embed` returns only once released (or after
    its own long bound, so the test cannot hang), and says whether it had returned."""

    name = "bge-m3"
    dimensions = 2

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0
        self.returned = threading.Event()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        self.release.wait(60)
        self.returned.set()
        return [[1.0, float(len(t))] for t in texts]


def test_a_promise_is_answered_while_the_agenda_s_embedder_hangs():
    """Ollama hanging: the first promise of every minute waited for the embedder's whole timeout (the client's
    `llm.timeout_sec`: 8.5 s at 8 s, 120 s by default) before "I'll remind you", though the rules had decided."""
    embedder = HangingEmbedder()
    embeddings = LoopEmbeddings(embedder, 0.85, wait_sec=0.05)
    service = OpenLoopService(MemoryLoopStore(embeddings), tz=ZONE, clock=lambda: NOW)
    service.add("drink water")   # something on the agenda, so the new promise is compared with it
    desk = AgendaDesk(service)
    try:
        reply = desk.handle("remind me to call mom tomorrow at 5pm")
        assert reply is not None and reply.text.startswith("I'll remind you: call mom")
        assert embedder.calls == 1 and not embedder.returned.is_set()   # answered while the call is still out
        again = desk.handle("remind me to water the plants on friday at 9am")   # no second call, no wait behind it
        assert again is not None and again.text.startswith("I'll remind you: water the plants")
        assert embedder.calls == 1 and not embedder.returned.is_set()
    finally:
        embedder.release.set()
    assert embedder.returned.wait(30)
    assert sorted(loop.desc for loop in service.agenda()) == ["call mom", "drink water", "water the plants"]


def test_guard_the_embedder_s_vectors_that_come_late_are_kept():
    embedder = HangingEmbedder()
    embeddings = LoopEmbeddings(embedder, 0.85, wait_sec=0.05)
    assert embeddings.cosines("call mom", ["drink water"]) == [None]
    embedder.release.set()
    assert embedder.returned.wait(30)
    for _ in range(200):   # the thread caches what came right after it returned
        if embeddings.cosines("call mom", ["drink water"]) != [None]:
            break
        embedder.returned.wait(0.01)
    assert embeddings.cosines("call mom", ["drink water"])[0] is not None
    assert embedder.calls == 1


class StreamTimingOut:
    """A backend whose answer does not come and which, at its own deadline (the same `llm.timeout_sec` the judge
    waits), fails with BackendError: Ollama hanging."""

    name = "ollama:gemma4:e2b"
    supports_tools = False

    def __init__(self) -> None:
        self.deadline = asyncio.Event()

    async def stream(self, messages, tools=()):
        await self.deadline.wait()
        raise BackendError("Ollama at http://127.0.0.1:9 timed out on 'gemma4:e2b'",
                           "Raise llm.timeout_sec, or use a smaller model")
        yield ChatChunk(text="")   # pragma: no cover (an async generator)


def test_a_model_call_its_caller_timed_out_leaves_no_unretrieved_task_exception():
    """60a: the judge's `wait_for(complete(…), llm.timeout_sec)` left the thought model's step running; at the
    backend's own deadline it failed unread: "Task exception was never retrieved" and a traceback in the log per
    judgement."""
    reported: list[str] = []

    async def main() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: reported.append(context["message"]))
        backend = StreamTimingOut()
        model = StoppableModel(backend, asyncio.Event())
        try:
            await asyncio.wait_for(complete(model, []), 0.01)
        except TimeoutError:
            pass
        backend.deadline.set()
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()
        for _ in range(5):
            await asyncio.sleep(0)

    asyncio.run(main())
    gc.collect()
    assert not [m for m in reported if "never retrieved" in m], reported
