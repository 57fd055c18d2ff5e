"""Pass 53 (a): new cases of issue 18's kinds over the parts no pass had reached (see docs/reliability.md,
"Fifty-third pass (a)"). Each finding's test failed on the branch's starting code (`3541b7c`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

from jarvisd.llm.base import Message, complete
from jarvisd.llm.ollama_backend import OllamaChat
from tests.ollama_server import OllamaLike, chat_message


def _trickle(every: float) -> Iterator[dict[str, Any]]:
    """A model that writes one word every `every` seconds and never ends (each read well inside the timeout)."""
    n = 0
    while True:
        yield chat_message(f"w{n} ")
        n += 1
        time.sleep(every)


async def test_a_trickling_ollama_answer_ends_at_the_whole_call_timeout():
    """The stand-in wrote one token a second for ever: each read came inside `llm.timeout_sec` ("a whole model
    call", config/default.toml), so the answer went on until 16,000 characters (about an hour). The HUD turn held
    the turn gate all that time: a reminder due two minutes after the turn began was not said until a SIGTERM
    released the gate (on the daemon, 64 s late at the SIGTERM; else for the answer's whole length). Now the
    whole answer is bounded by the timeout: what came is kept and the answer ends there."""
    with OllamaLike(["gemma4:e4b"], chat_lines=_trickle(0.2)) as server:  # type: ignore[arg-type]
        model = OllamaChat(server.host, "gemma4:e4b", timeout=1.5)
        # the hang (an answer for ever) fails here: 15 s is 10x the 1.5 s this takes at load 10
        answer = await asyncio.wait_for(complete(model, [Message("user", "tell me a long story")]), 15)
    assert answer.text.startswith("w0 w1 ")
    # counted, not timed (it was "under 5 s"): a word every 0.2 s at the most, so a call cut at its 1.5 s bound
    # holds at most 1.5 / 0.2 + 1 words; a machine at load only gives it fewer
    assert len(answer.text.removesuffix(" …").split()) <= 1.5 / 0.2 + 1, answer.text
    assert answer.text.endswith(" …")   # stop 48's low: the cut was in the log only, the answer shown mid-sentence


async def test_guard_a_slow_answer_that_ends_inside_the_timeout_is_kept_whole():
    lines = iter([chat_message("Paris "), chat_message("is "), chat_message("the capital."), chat_message(done=True)])

    def slow() -> Iterator[dict[str, Any]]:
        for line in lines:
            time.sleep(0.2)
            yield line

    with OllamaLike(["gemma4:e4b"], chat_lines=slow()) as server:  # type: ignore[arg-type]
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        answer = await complete(model, [Message("user", "capital of France?")])
    assert answer.text == "Paris is the capital."


async def test_guard_a_model_silent_past_the_timeout_is_still_the_timeout_error():
    """Nothing at all within the time stays the error it was (not an empty answer)."""
    import pytest

    from jarvisd.llm.base import BackendError

    def silent() -> Iterator[dict[str, Any]]:
        time.sleep(3)
        yield chat_message("late", done=True)

    with OllamaLike(["gemma4:e4b"], chat_lines=silent()) as server:  # type: ignore[arg-type]
        model = OllamaChat(server.host, "gemma4:e4b", timeout=1)
        with pytest.raises(BackendError, match="timed out"):
            await complete(model, [Message("user", "hi")])


async def test_items_a_stopped_reembed_left_without_a_vector_are_named_in_the_status_at_start(tmp_path):
    """Pass 53a's low: SIGKILL 4 s into `/remember reembed --rebuild` left 1,425 items without a vector; the next
    start and `/api/status` said memory "ok" with no word of them (recall finds them by their words only)."""
    from types import SimpleNamespace

    from jarvisd.daemon import _warm_memory
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder

    embedder, scope = HashedNgramEmbedder(), MemoryScope("me", "main", "s")
    store = LanceMemoryStore(str(tmp_path / "memory.lance"), dimensions=embedder.dimensions)
    MemoryService(store, embedder=embedder).remember(scope, "the spare key is under the blue pot")
    bare = MemoryService(store, embedder=None)   # what a stopped rebuild leaves: rows whose vectors are not filled
    for fact in ("my gym code is 77", "the wifi password is on the fridge"):
        bare.remember(scope, fact)
    assert store.count_without_vector() == 2

    memory = SimpleNamespace(store=store, configured_embedder=embedder, health=SimpleNamespace())
    d = SimpleNamespace(assistant=SimpleNamespace(memory=memory), memory_health=None)
    await _warm_memory(d)
    assert d.memory_health["state"] == "ok"
    assert d.memory_health["detail"] == ("3 items at start; 2 without a vector (recall finds them by their words "
                                         "only): run /remember reembed")

    memory.configured_embedder = None   # the guard: `embedding_provider = none` keeps every item without one
    await _warm_memory(d)
    assert d.memory_health == {"state": "ok", "detail": "3 items at start"}
    store.close()
