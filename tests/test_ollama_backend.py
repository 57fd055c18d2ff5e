"""The real `ollama` client against a local server that speaks Ollama's HTTP API."""

import json
import socket

import pytest

from jarvisd.llm.base import (
    BackendError,
    BackendUnavailable,
    Message,
    ModelMissing,
    ToolCall,
    ToolSpec,
    complete,
)
from jarvisd.llm.ollama_backend import OllamaChat, OllamaEmbedder, list_models
from tests.ollama_server import OllamaLike, chat_message

WEATHER = ToolSpec("get_time", "current local time", {"type": "object", "properties": {"zone": {"type": "string"}}})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_chat_streams_text_then_a_tool_call():
    lines = [chat_message("Let me "), chat_message("check."),
             chat_message(tool_calls=[{"function": {"name": "get_time", "arguments": {"zone": "Asia/Seoul"}}}]),
             chat_message(done=True)]
    with OllamaLike(["gemma4:e4b"], chat_lines=lines) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        chunks = [c async for c in model.stream([Message("user", "what time is it in Seoul?")], [WEATHER])]
        path, body = server.requests[-1]
    assert [c.text for c in chunks if c.text] == ["Let me ", "check."]
    calls = [call for c in chunks for call in c.tool_calls]
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [("get_time", {"zone": "Asia/Seoul"})]
    assert chunks[-1].done
    assert path == "/api/chat" and body["stream"] is True
    assert body["tools"][0]["function"]["name"] == "get_time"


async def test_tool_results_are_sent_back_with_the_tool_name():
    with OllamaLike(["gemma4:e4b"], chat_lines=[chat_message("It is noon.", done=True)]) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        history = [Message("user", "time?"),
                   Message("assistant", tool_calls=(ToolCall("get_time", '{"zone": "UTC"}'),)),
                   Message("tool", '{"time": "12:00"}', tool_name="get_time")]
        answer = await complete(model, history)
        sent = server.requests[-1][1]["messages"]
    assert answer.text == "It is noon."
    assert sent[1]["tool_calls"][0]["function"] == {"name": "get_time", "arguments": {"zone": "UTC"}}
    assert sent[2] == {"role": "tool", "content": '{"time": "12:00"}', "tool_name": "get_time"}


async def test_missing_model_says_which_pull_fixes_it():
    with OllamaLike(["llama3:8b"]) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        with pytest.raises(ModelMissing, match=r"ollama pull gemma4:e4b"):
            await complete(model, [Message("user", "hi")])


async def test_server_down_is_an_actionable_error():
    host = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(BackendUnavailable, match="ollama serve"):
        await complete(OllamaChat(host, "gemma4:e4b", timeout=2), [Message("user", "hi")])
    with pytest.raises(BackendUnavailable, match="does not answer"):
        list_models(host, timeout=1)


async def test_http_500_is_an_error_not_a_hang():
    with OllamaLike(["gemma4:e4b"], fail_status=500) as server:
        with pytest.raises(BackendError, match="HTTP 500"):
            await complete(OllamaChat(server.host, "gemma4:e4b", timeout=5), [Message("user", "hi")])
        with pytest.raises(BackendError, match="HTTP 500"):
            OllamaEmbedder(server.host, "bge-m3", 3, timeout=5).embed(["x"])


async def test_slow_server_times_out():
    with OllamaLike(["gemma4:e4b"], chat_lines=[chat_message("late", done=True)], delay=3) as server:
        with pytest.raises(BackendError, match="timed out"):
            await complete(OllamaChat(server.host, "gemma4:e4b", timeout=0.5), [Message("user", "hi")])


def test_embed_returns_the_servers_vectors_and_checks_dimensions():
    vectors = {"a": [1.0, 0.0, 0.0], "b": [0.0, 1.0, 0.0]}
    with OllamaLike(["bge-m3:latest"], vectors=vectors) as server:
        assert OllamaEmbedder(server.host, "bge-m3", 3, timeout=5).embed(["a", "b"]) == [vectors["a"], vectors["b"]]
        with pytest.raises(BackendError, match="memory.embedding_dimensions = 3"):
            OllamaEmbedder(server.host, "bge-m3", 1024, timeout=5).embed(["a"])


def test_tags_list_the_pulled_models():
    with OllamaLike(["gemma4:e4b", "bge-m3:latest"]) as server:
        assert list_models(server.host) == ["gemma4:e4b", "bge-m3:latest"]
