"""Issue #18's fourteenth adversarial pass (pass74): the outside parts failing under the running daemon.

An Ollama that answers with something Ollama never sends: an HTML error page (a proxy in front of it), or a JSON
line of the wrong shape (a tool call whose arguments are a string, a content that is a number, no message at all).
Before, the turn's answer was the server's whole page or pydantic's several-line report with its web address:
"Sorry, my model failed: ... HTTP 503 <html><body>Bad gateway ..." of 240 KB shown on the HUD, kept as the turn in
memory and handed to piper to read out; the doctor's model row and the start's model list said the same. Now the
failure is one short line that names the server, what came, and the fix. A real HTTP server, the real `ollama`
client, the real backend and assistant.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.base import BackendError, Message, complete
from jarvisd.llm.ollama_backend import OllamaChat, list_models, model_failure
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore

HTML_PAGE = b"<html><head><title>503 Service Unavailable</title></head><body>" + b"Bad gateway " * 20_000 + \
    b"</body></html>"


class Server:
    """Answers every POST (and GET /api/tags) with one fixed status, content type and body."""

    def __init__(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _answer(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.host = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def ndjson(*lines: dict[str, Any] | str) -> bytes:
    return b"".join((line if isinstance(line, str) else json.dumps(line)).encode() + b"\n" for line in lines)


DONE = {"model": "m", "created_at": "2026-12-07T00:00:00Z", "message": {"role": "assistant", "content": ""},
        "done": True}


def said(status: int, body: bytes, content_type: str = "application/json") -> str:
    """The error a chat turn gets from a server answering so."""
    with Server(status, body, content_type) as server:
        chat = OllamaChat(server.host, "gemma4:e4b", timeout=20)
        with pytest.raises(BackendError) as failed:
            import asyncio
            asyncio.run(complete(chat, [Message("user", "tell me about Paris")]))
    return str(failed.value)


def assert_one_short_line(text: str, *must: str) -> None:
    assert "\n" not in text, text
    assert len(text) <= 500, (len(text), text[:600])
    assert "<html" not in text and "<body" not in text, text
    assert "pydantic.dev" not in text, text
    for word in must:
        assert word in text, (word, text)


def test_an_html_error_page_from_the_server_is_one_short_line_not_the_whole_page() -> None:
    text = said(503, HTML_PAGE, "text/html")
    assert_one_short_line(text, "HTTP 503", "Bad gateway")


@pytest.mark.parametrize("line", [
    {**DONE, "done": False, "message": {"role": "assistant", "content": "",
                                        "tool_calls": [{"function": {"name": "search_notes",
                                                                     "arguments": "{\"query\": \"x\"}"}}]}},
    {**DONE, "done": False, "message": {"role": "assistant", "content": 12345}},
    {"model": "m", "done": False},
], ids=["arguments as a string", "content a number", "no message"])
def test_a_chat_line_of_a_shape_ollama_never_sends_is_one_line_naming_the_field(line: dict[str, Any]) -> None:
    text = said(200, ndjson(line, DONE), "application/x-ndjson")
    assert_one_short_line(text, "never sends", "OLLAMA_HOST")
    assert "message" in text, text   # the field that was wrong


def test_held_out_the_start_s_model_list_and_the_doctor_s_model_row_say_an_html_page_in_one_line() -> None:
    with Server(502, HTML_PAGE.replace(b"503 Service Unavailable", b"502 Bad Gateway"), "text/html") as server:
        with pytest.raises(BackendError) as failed:
            list_models(server.host, timeout=5)
        row = model_failure(server.host, "gemma4:e4b", timeout=5)
    assert_one_short_line(str(failed.value), "HTTP 502")
    assert row is not None
    assert_one_short_line(row, "HTTP 502")


def test_held_out_the_assistant_s_answer_to_a_failure_of_many_lines_is_one_bounded_line(tmp_path: Path) -> None:
    """Any backend's error, not only Ollama's: a failure of many lines (a library's report) is said on one line."""
    import asyncio

    from jarvisd.assistant import build_assistant

    class Fails(ScriptedChatModel):
        async def stream(self, messages, tools=()):
            raise BackendError("the model failed:\n" + "line of a report\n" * 5_000)
            yield  # pragma: no cover

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=Fails([]), thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)

    async def go() -> str:
        try:
            return await assistant.answer("tell me about Paris")
        finally:
            await assistant.close()

    answer = asyncio.run(go())
    assert answer.startswith("Sorry, my model failed: the model failed: line of a report"), answer[:200]
    assert "\n" not in answer and len(answer) <= 600, (len(answer), answer[:700])


def test_guard_ollama_s_own_error_is_said_as_before() -> None:
    text = said(500, b'{"error": "llama runner process has terminated: signal: killed"}')
    assert text.startswith("Ollama at http://127.0.0.1:"), text
    assert text.endswith("failed on 'gemma4:e4b': HTTP 500 llama runner process has terminated: signal: killed"), text
