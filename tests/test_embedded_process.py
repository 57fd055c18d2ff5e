"""The embedded chat model runs in a process of its own (real SmolLM2 through llama.cpp): a crash there fails the
turn with a clear error and the next turn is answered by a new process; the daemon's process lives on."""

import os
import signal

import pytest

from jarvisd.llm.base import BackendError, Message, complete
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.manifest import ModelStore

pytestmark = pytest.mark.slow  # the real SmolLM2 through llama.cpp

HELLO = [Message("user", "Say hello.")]


@pytest.fixture(scope="module")
def smollm(tmp_path_factory):
    model = LlamaCppChat(ModelStore(tmp_path_factory.mktemp("models")).path("smollm2-135m"),
                         name="smollm2-135m", max_tokens=48)
    yield model
    model.close()


async def test_a_crash_in_llama_cpp_fails_the_turn_and_the_next_turn_is_answered(smollm):
    answer = aiter(smollm.stream([Message("user", "Tell me a long story about a cat and a dog.")]))
    first = await anext(answer)
    assert first.text  # the model is generating
    os.kill(smollm.process.pid, signal.SIGSEGV)  # what a bad native build does in the middle of a decode
    with pytest.raises(BackendError, match=r"process ended with SIGSEGV .*the next turn starts a new one"):
        async for _chunk in answer:
            pass
    starts = smollm.process.starts
    again = await complete(smollm, HELLO)
    assert again.text.strip()
    assert smollm.process.starts == starts + 1


async def test_a_killed_process_between_turns_is_replaced(smollm):
    await complete(smollm, HELLO)
    starts = smollm.process.starts
    os.kill(smollm.process.pid, signal.SIGKILL)  # the out-of-memory killer, or a user's kill -9
    assert (await complete(smollm, HELLO)).text.strip()  # seen dead before the chat is sent: a new one answers
    assert smollm.process.starts == starts + 1


async def test_closing_ends_the_process(smollm):
    await complete(smollm, HELLO)
    pid = smollm.process.pid
    smollm.close()
    assert smollm.process.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert (await complete(smollm, HELLO)).text.strip()  # a later turn starts it again


async def test_a_file_that_is_not_a_model_is_one_clear_error(tmp_path):
    bad = tmp_path / "not-a-model.gguf"
    bad.write_bytes(b"this is not a GGUF file" * 100)
    model = LlamaCppChat(bad, name="broken", max_tokens=8)
    with pytest.raises(BackendError, match="could not load: ValueError"):
        await complete(model, HELLO)
    assert model.process.pid is None
