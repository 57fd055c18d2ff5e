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
        started = time.monotonic()
        answer = await asyncio.wait_for(complete(model, [Message("user", "tell me a long story")]), 15)
    took = time.monotonic() - started
    assert took < 5, took
    assert answer.text.startswith("w0 w1 ")


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
