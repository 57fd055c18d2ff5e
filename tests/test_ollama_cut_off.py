"""An Ollama answer the server breaks off (a dropped connection, a Content-Length longer than what came) is not "Ollama
does not answer … Start it with `ollama serve`": it answered, then stopped (pass 8's and pass74's low). A real HTTP server
that cuts its answer, the real `ollama` client and backend; the guard: nothing listening is still "does not answer"."""

from __future__ import annotations

import asyncio
import socket
import threading
from typing import Any

import pytest

from jarvisd.llm.base import BackendUnavailable, Message, complete
from jarvisd.llm.ollama_backend import OllamaChat
from tests.test_reliability_pass74 import DONE, ndjson


class CuttingServer:
    """Sends the headers and `sent` bytes of a longer body, then closes the connection."""

    def __init__(self, sent: bytes, promised: int) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.host = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.sent, self.promised = sent, promised
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.recv(65536)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                             b"Content-Length: " + str(self.promised).encode() + b"\r\n\r\n" + self.sent)

    def __enter__(self) -> CuttingServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.sock.close()


def _failure(host: str) -> BackendUnavailable:
    chat = OllamaChat(host, "gemma4:e4b", timeout=10)
    with pytest.raises(BackendUnavailable) as failed:
        asyncio.run(complete(chat, [Message("user", "tell me about Paris")]))
    return failed.value


def test_an_answer_the_server_breaks_off_says_so_not_start_ollama() -> None:
    first = ndjson({**DONE, "done": False, "message": {"role": "assistant", "content": "Paris is"}})
    with CuttingServer(first, promised=len(first) + 500) as server:
        failure = _failure(server.host)
    text = str(failure)
    assert "broke off" in text and server.host in text, text
    assert "ollama serve" not in text, text


def test_held_out_a_connection_closed_before_any_body() -> None:
    with CuttingServer(b"", promised=100) as server:
        text = str(_failure(server.host))
    assert "broke off" in text and "ollama serve" not in text, text


def test_guard_nothing_listening_is_still_start_it() -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    text = str(_failure(f"http://127.0.0.1:{port}"))
    assert "does not answer" in text and "ollama serve" in text, text
