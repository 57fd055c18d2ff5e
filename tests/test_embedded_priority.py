"""The user's turn goes first on the one embedded model (real SmolLM2 through llama.cpp): a background
generation (judge, reflection) is stopped for it, and background requests wait while it runs."""

import asyncio

import pytest

from jarvisd.llm.base import Message, complete
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.llm.priority import Preempted
from jarvisd.manifest import ModelStore

pytestmark = pytest.mark.slow  # the real SmolLM2 through llama.cpp

LONG = [Message("user", " ".join(f"item {i} is on the list;" for i in range(300)) + " Summarize the list.")]
HELLO = [Message("user", "Say hello.")]


@pytest.fixture(scope="module")
def smollm(tmp_path_factory):
    return LlamaCppChat(ModelStore(tmp_path_factory.mktemp("models")).path("smollm2-135m"),
                        name="smollm2-135m", max_tokens=24)


async def _started(model) -> None:
    """Wait until `model`'s queue has a generation running."""
    while model._queue._running is None:
        await asyncio.sleep(0.01)


async def test_a_user_turn_stops_a_background_generation_and_answers(smollm):
    background = asyncio.create_task(complete(smollm.background(), LONG))
    await _started(smollm)
    reply = await complete(smollm, HELLO)
    assert reply.text.strip()
    with pytest.raises(Preempted):
        await background


async def test_background_work_waits_while_user_turns_run_or_wait(smollm):
    """First come, first served would answer the judge before the second reply; here it goes last."""
    order: list[str] = []

    async def run(model, name):
        await complete(model, HELLO)
        order.append(name)

    first = asyncio.create_task(run(smollm, "reply 1"))
    await _started(smollm)
    judge = asyncio.create_task(run(smollm.background(), "judge"))
    await asyncio.sleep(0.05)  # the judge is waiting before the second reply asks
    second = asyncio.create_task(run(smollm, "reply 2"))
    await asyncio.gather(first, judge, second)
    assert order == ["reply 1", "reply 2", "judge"]


async def test_a_background_generation_alone_is_not_disturbed(smollm):
    answer = await complete(smollm.background(), HELLO)
    assert answer.text.strip()
