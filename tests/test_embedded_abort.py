"""The embedded llama.cpp model stops in the middle of a prompt when its generation is stopped (real SmolLM2)."""

import threading

import pytest

from jarvisd.llm.base import Message, complete
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.manifest import ModelStore

pytestmark = pytest.mark.slow  # the real SmolLM2 through llama.cpp

LONG_PROMPT = [{"role": "user", "content": " ".join(f"item {i} is on the list;" for i in range(300))}]


@pytest.fixture(scope="module")
def smollm(tmp_path_factory):
    return LlamaCppChat(ModelStore(tmp_path_factory.mktemp("models")).path("smollm2-135m"),
                        name="smollm2-135m", max_tokens=16)


async def test_a_stopped_generation_ends_inside_the_prompt_and_the_model_answers_afterwards(smollm):
    stop, emitted = threading.Event(), []
    stop.set()  # stopped before the first decode step: llama.cpp must give up on the prompt
    smollm._generate(LONG_PROMPT, emitted.append, stop)
    failures = [e for e in emitted if isinstance(e, Exception)]
    assert [str(e) for e in failures] == ["llama_decode returned 2"]  # 2: aborted (llama.h)
    assert not [e for e in emitted if isinstance(e, str)]  # no token: the prompt was not read to its end
    again = await complete(smollm, [Message("user", "Say hello.")])  # the context is usable again
    assert again.text.strip()
