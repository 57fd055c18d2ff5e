"""Pass 31 (docs/reliability.md, "Thirty-first pass"): what the thirty-first adversarial pass found, each case
failing before its fix."""

import asyncio

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore


def _slow_assistant(tmp_path):
    """The real assistant (LanceDB memory in `tmp_path`, the agenda's desk and commands) on a model that
    writes its answers at 40 words a second, so a turn is still being answered a moment after it is sent."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    answers = {"My favourite colour is green": "Green is a fine colour.",
               "My safe code is 9911": "Noted, your safe code is 9911 . " + " ".join(f"word{i}" for i in range(200))}
    chat = ScriptedChatModel(lambda messages: {"text": answers.get(messages[-1].content, "Okay.")},
                             tokens_per_sec=40)
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    return build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)


def _facts(assistant):
    return [item.content for item in assistant.memory.store.all_items() if item.source == "explicit"]


async def test_remember_that_whose_turn_is_dropped_keeps_nothing_and_says_so(tmp_path):
    """Seen on a daemon: "My safe code is 9911 ..." and `/remember that` waiting for its answer; SIGTERM dropped
    the turn (the HUD cancels it) and the command answered "Remembered: that" (the word kept as a fact).
    With an exchange before, that one was kept in the dropped turn's place."""
    assistant = _slow_assistant(tmp_path)
    try:
        await assistant.answer("My favourite colour is green", session="s")
        turn = asyncio.create_task(assistant.answer("My safe code is 9911", session="s"))
        await asyncio.sleep(0.3)
        remember = asyncio.create_task(assistant.answer("/remember that", session="s"))
        await asyncio.sleep(0.2)
        assert not remember.done()                  # waiting for the turn
        turn.cancel()                               # as `HudParts.close_streams` does at a stop
        reply = await asyncio.wait_for(remember, 5)
        assert reply.startswith("Nothing remembered"), reply
        assert _facts(assistant) == []
    finally:
        await assistant.close()


async def test_remember_that_in_a_session_forgotten_while_its_turn_runs_keeps_nothing(tmp_path):
    """Seen on a daemon: `POST /api/sessions/r4/forget` while `/remember that` waited for the turn of r4: the
    turn was rightly not kept, and the command answered "Remembered: that"."""
    assistant = _slow_assistant(tmp_path)
    try:
        turn = asyncio.create_task(assistant.answer("My safe code is 9911", session="s"))
        await asyncio.sleep(0.3)
        remember = asyncio.create_task(assistant.answer("/remember that", session="s"))
        await asyncio.sleep(0.2)
        assistant.memory.forget_session(assistant.scope("s"))
        await turn
        reply = await asyncio.wait_for(remember, 5)
        assert reply.startswith("Nothing remembered"), reply
        assert _facts(assistant) == []
    finally:
        await assistant.close()


async def test_remember_that_with_nothing_said_before_keeps_nothing(tmp_path):
    """`/remember that` (and `/remember 그거 기억해`) as a session's first words answered "Remembered: that"."""
    assistant = _slow_assistant(tmp_path)
    try:
        assert (await assistant.answer("/remember that", session="a")).startswith("Nothing remembered")
        assert (await assistant.answer("/remember 그거 기억해", session="b")).startswith("Nothing remembered")
        assert await assistant.answer("/remember that my bike is red", session="c") == \
            "Remembered: that my bike is red"          # a fact said in full is kept as before
        assert _facts(assistant) == ["that my bike is red"]
    finally:
        await assistant.close()
