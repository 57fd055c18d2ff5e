"""Pass 51: new cases of issue 18's kinds over the parts passes 47-50 did not touch (see docs/reliability.md,
"Fifty-first pass"). Each finding's test failed on the branch's starting code (`dbd3fcb`)."""

from __future__ import annotations

import asyncio
import itertools
import time

from jarvisd.llm.base import Message, complete
from jarvisd.llm.ollama_backend import MAX_ANSWER_CHARS, OllamaChat
from tests.ollama_server import OllamaLike, chat_message


async def test_an_ollama_answer_that_never_ends_is_cut_not_a_turn_held_forever():
    """A fake Ollama streamed 'wordN ' forever without `done` (a small model in a loop; Ollama's default is
    endless generation): the HUD turn was never answered and held a turn slot and the server until the daemon
    stopped. Now the answer is asked to stop (`num_predict`) and is cut past MAX_ANSWER_CHARS."""
    endless = itertools.repeat(chat_message("word "))
    with OllamaLike(["gemma4:e4b"], chat_lines=endless) as server:  # type: ignore[arg-type]
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        started = time.monotonic()
        answer = await asyncio.wait_for(complete(model, [Message("user", "tell me a story")]), 60)
        sent = server.requests[-1][1]
    assert time.monotonic() - started < 60
    assert answer.text.startswith("word word")
    assert len(answer.text) <= MAX_ANSWER_CHARS
    assert sent["options"]["num_predict"] > 0


async def test_guard_an_ordinary_answer_and_the_callers_options_are_kept():
    lines = [chat_message("Paris is "), chat_message("the capital."), chat_message(done=True)]
    with OllamaLike(["gemma4:e4b"], chat_lines=lines) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5, options={"num_predict": 64, "temperature": 0})
        answer = await complete(model, [Message("user", "capital of France?")])
        sent = server.requests[-1][1]
    assert answer.text == "Paris is the capital."
    assert sent["options"] == {"num_predict": 64, "temperature": 0}
