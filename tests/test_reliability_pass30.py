"""Pass 30 (docs/reliability.md, "Thirtieth pass"): what the thirtieth adversarial pass found, each case failing
before its fix."""

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
    answers = {"I like the colour green best": "Green is a fine colour.",
               "The wifi password here is sunflower77": "Noted, that is your wifi password: sunflower77 ." + " yes" * 30}
    chat = ScriptedChatModel(lambda messages: {"text": answers.get(messages[-1].content, "Okay.")},
                             tokens_per_sec=40)
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    return build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)


async def test_remember_that_sent_while_its_turn_is_answered_keeps_that_turn_not_the_one_before(tmp_path):
    """Seen on a daemon: "The wifi password here is sunflower77", and a second later (the answer still being written)
    `/remember that` in the HUD answered "Remembered, with what it refers to: 사용자: My favourite colour is
    green ...": the exchange before, kept in its place; the password was not remembered."""
    assistant = _slow_assistant(tmp_path)
    try:
        await assistant.answer("I like the colour green best", session="s")
        turn = asyncio.create_task(assistant.answer("The wifi password here is sunflower77", session="s"))
        await asyncio.sleep(0.3)
        assert not turn.done()                      # the answer is being written
        reply = await assistant.answer("/remember that", session="s")
        assert "sunflower77" in reply and "colour green" not in reply
        await turn
        facts = [item.content for item in assistant.memory.store.all_items() if item.source == "explicit"]
        assert len(facts) == 1 and "sunflower77" in facts[0]
    finally:
        await assistant.close()


async def test_remember_without_that_does_not_wait_for_a_turn_being_answered(tmp_path):
    """The wait is for "that" only: a fact said in full is kept at once, whatever the session is doing."""
    assistant = _slow_assistant(tmp_path)
    try:
        turn = asyncio.create_task(assistant.answer("The wifi password here is sunflower77", session="s"))
        await asyncio.sleep(0.3)
        reply = await asyncio.wait_for(assistant.answer("/remember my bike is red", session="s"), 0.5)
        assert reply == "Remembered: my bike is red"
        assert not turn.done()
        await turn
    finally:
        await assistant.close()
