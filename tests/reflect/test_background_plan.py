"""The daemon's unasked work (reflection ticks, memory consolidation) runs only on a thought model able to write
it. On the embedded SmolLM2 both only cost CPU and stored the echoed prompt as a thought (background_plan.py)."""

import asyncio

import pytest

from jarvisd.config import load_config
from jarvisd.daemon import serve
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from jarvisd.reflect.background_plan import background_plan
from tests.test_daemon import free_port


def test_the_embedded_thought_model_does_no_background_work_and_a_capable_one_does():
    small = background_plan("embedded:smollm2-135m")
    assert (small.reflect, small.consolidate) == (False, False)
    assert "smollm2-135m" in small.why and "too small" in small.why
    capable = background_plan("gemma3:4b")
    assert (capable.reflect, capable.consolidate) == (True, True)


def _answers(messages):
    if "durable facts" in messages[0].content:  # the consolidation extractor's prompt
        return {"text": '[{"key": "dog\'s name", "value": "the dog is called Bori", "importance": 0.9}]'}
    return {"text": "THOUGHT: the dog\nSPEAK: no\nSAY:"}  # reflection (and the judge: nothing it can read)


async def _day_then_stop(tmp_path, thought_name: str):
    """A turn, a quiet stretch's tick, a stop: what the thought model was asked, and the facts kept after."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(free_port()),
                           "JARVIS_VOICE__ENABLED": "false", "JARVIS_PROACTIVE__REFLECTION_TRIGGER": "idle"})
    thought = ScriptedChatModel(_answers, name=thought_name)
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "What a lovely name."}), thought=thought,
                        embedder=None)
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, ModelStore(tmp_path / "models"), stop, backends=backends,
                                       on_ready=ready.set_result))
    running = await ready
    await running.text_turn("We got a puppy last week and we named her Bori.")   # (not "my dog is called Bori": kept at once since named72)
    await running.assistant.judge.drain()
    ticks = running.scheduler.ticks
    ticks.gate.last_activity -= 3600  # an hour of quiet
    await ticks.idle_check()
    stop.set()
    assert await asyncio.wait_for(daemon, 30) == 0
    prompts = [call[0][0].content for call in thought.calls]

    from jarvisd.memory.cli import open_service
    from jarvisd.memory.scope import MemoryScope

    service = open_service(cfg)
    scope = MemoryScope("me", "main", "later")
    extracted = [f for f in service.core_facts(scope) if f.source == "extracted"]
    return prompts, extracted


@pytest.mark.slow
async def test_a_daemon_on_the_embedded_model_neither_reflects_nor_consolidates(tmp_path):
    prompts, extracted = await _day_then_stop(tmp_path, "embedded:smollm2-135m")
    assert not [p for p in prompts if "durable facts" in p or "내적 사고" in p], prompts
    assert extracted == []


@pytest.mark.slow
async def test_guard_a_daemon_on_a_capable_thought_model_reflects_and_consolidates(tmp_path):
    prompts, extracted = await _day_then_stop(tmp_path, "gemma3:4b")
    assert [p for p in prompts if "내적 사고" in p], "no reflection"
    assert [p for p in prompts if "durable facts" in p], "no consolidation"
    assert any("Bori" in f.content for f in extracted), extracted
