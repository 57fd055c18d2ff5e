"""A local HTTP server that answers the documented Ollama endpoints, so the real `ollama` client,
its timeouts and its errors are exercised without an Ollama install."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class OllamaLike:
    def __init__(self, models: list[str], chat_lines: list[dict[str, Any]] | None = None,
                 vectors: dict[str, list[float]] | None = None, fail_status: int = 0, delay: float = 0.0):
        self.models = models
        self.chat_lines = chat_lines or []
        self.vectors = vectors or {}
        self.fail_status = fail_status
        self.delay = delay
        self.requests: list[tuple[str, dict[str, Any]]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def _json(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                outer.requests.append((self.path, {}))
                if self.path == "/api/tags":
                    self._json(200, {"models": [{"name": m, "model": m, "size": 1} for m in outer.models]})
                else:
                    self._json(404, {"error": "not found"})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                outer.requests.append((self.path, body))
                if outer.delay:
                    time.sleep(outer.delay)
                if outer.fail_status:
                    self._json(outer.fail_status, {"error": "internal failure"})
                    return
                if body.get("model") not in outer.models and f"{body.get('model')}:latest" not in outer.models:
                    self._json(404, {"error": f"model '{body.get('model')}' not found, try pulling it first"})
                    return
                if self.path == "/api/embed":
                    inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                    self._json(200, {"model": body["model"], "embeddings": [outer.vectors[t] for t in inputs]})
                elif self.path == "/api/chat":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/x-ndjson")
                    self.end_headers()
                    try:
                        for line in outer.chat_lines:
                            self.wfile.write((json.dumps({"model": body["model"], **line}) + "\n").encode())
                            self.wfile.flush()
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # the client gave up (timeout test)
                else:
                    self._json(404, {"error": "unknown endpoint"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.host = f"http://127.0.0.1:{self.server.server_port}"
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)  # a quick shutdown()

    def __enter__(self) -> OllamaLike:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def chat_message(content: str = "", tool_calls: list[dict[str, Any]] | None = None, done: bool = False) -> dict:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return {"created_at": "2026-11-30T00:00:00Z", "message": message, "done": done}
