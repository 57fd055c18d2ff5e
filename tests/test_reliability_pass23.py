"""Twenty-third adversarial pass (issue 18): one test per fix, each failing before it."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


# ---- `jarvisd chat --once` under an address-space limit --------------------------------------------------------

@pytest.mark.slow
def test_chat_once_runs_with_the_daemons_allocator_settings_under_a_memory_limit(tmp_path: Path) -> None:
    """Before: only `jarvisd run` capped glibc's malloc arenas and put Arrow on the system allocator, so
    `jarvisd chat --once "what is the capital of France"` reserved 3.15 GB of address space (VmPeak; the
    daemon 2.5 GB with the HUD and every part) and under `ulimit -v 4000000` a 4,000-character Korean turn
    answered "Sorry, my model failed: ... Failed to create llama_context" (or "Unable to allocate 96.0 MiB"),
    which the daemon answered; `jarvisd listen --wav` of an hour ended in a MemoryError traceback. Now every
    command takes the daemon's settings (1.2 GB for the same question): it answers under a 2.5 GB limit."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.toml").write_text("[voice]\nenabled = false\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MALLOC_", "ARROW_DEFAULT"))}
    env.update(JARVIS_HOME=str(home), OLLAMA_HOST="http://127.0.0.1:9", PYTHONPATH=str(REPO))

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2_500 << 20, 2_500 << 20))

    done = subprocess.run([sys.executable, "-m", "jarvisd", "chat", "--once", "what is the capital of France"],
                          env=env, capture_output=True, text=True, timeout=300, preexec_fn=limit, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Sorry" not in done.stdout and "Paris" in done.stdout, (done.stdout, done.stderr[-2000:])


# ---- a store that fails to close at stop ------------------------------------------------------------------------

async def test_a_memory_store_that_fails_at_stop_does_not_keep_the_agenda_open_or_end_in_a_traceback(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before: with the memory table's folder removed under the daemon (`memory.lance/memory_items.lance`),
    SIGTERM ended in `RuntimeError: External error: Not found: ...` from the store's last flush, a
    traceback in the log and exit 1, and `Assistant.close` never closed the agenda's store after it. Now
    each store is closed, the failure is one line naming the store and LanceDB's reason."""
    import logging

    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": "ok"}),
                        thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    closed: list[str] = []

    def failing_close() -> None:
        raise RuntimeError("External error: Not found: memory_items.lance/data/x.lance, "
                           "/root/.cargo/registry/src/lance-io-13.0.0/src/local.rs:273:40")

    agenda_close = getattr(assistant.agenda.store, "close", lambda: None)
    assistant.memory.store.close = failing_close
    assistant.agenda.store.close = lambda: (closed.append("agenda"), agenda_close())
    with caplog.at_level(logging.ERROR, logger="jarvisd.assistant"):
        await assistant.close()
    assert closed == ["agenda"]
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "memory store did not close cleanly" in errors[0] and "Not found" in errors[0]
    assert ".cargo" not in errors[0] and not any(r.exc_info for r in caplog.records)


# ---- a model answer with no text --------------------------------------------------------------------------------

@pytest.mark.parametrize("model_text", ["", "  \n\t ", "\n" * 500])
async def test_an_empty_model_answer_is_answered_with_a_sentence_not_silence(tmp_path: Path, model_text: str) -> None:
    """Before: a model answer with no text (empty or blank: a thinking model's empty content, a model that
    stops at once) gave the turn no answer at all: `answer()` returned "" (`jarvisd chat --once` printed an
    empty line), no assistant line reached the HUD's transcript (the typed turn looked unanswered) and the
    voice said nothing. Now the turn says it has no answer, in the user's language."""
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.events import TranscriptLine
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    backends = Backends(chat=ScriptedChatModel(lambda _: {"text": model_text}),
                        thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    events = assistant.bus.subscribe()
    try:
        english = await assistant.answer("tell me something about tides", session="s1")
        korean = await assistant.answer("밀물에 대해 알려 줘", session="s2")
    finally:
        await assistant.close()
    assert english.strip() == "Sorry, I don't have an answer to that."
    assert korean.strip() == "죄송해요, 그건 답을 모르겠어요."
    lines = []
    while not events.queue.empty():
        event = events.queue.get_nowait()
        if isinstance(event, TranscriptLine) and event.role == "assistant":
            lines.append(event.text)
    assert lines == [english.strip(), korean.strip()]


# ---- a request h11 cannot read ----------------------------------------------------------------------------------

@pytest.mark.parametrize("request_bytes", [
    b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40_000,  # past h11's 16 KiB, unfinished
    b"GET /api/status HTTP/1.1 extra\r\nHost: 127.0.0.1\r\n\r\n",
])
async def test_a_request_the_server_cannot_read_gets_the_json_error_shape(tmp_path: Path, request_bytes: bytes) -> None:
    """Before: a 1 MB request header (here 40 KB, still unfinished: all of it read, so the answer is not lost
    to a reset) or a broken request line was uvicorn's plain-text 400 "Invalid HTTP request received.", while docs/hud.md promises every error as `{"error", "detail"}` JSON. Now the same
    400 in the JSON shape, and the connection closed."""
    import asyncio
    import json

    from jarvisd.hud.server import HudServer
    from tests.hud.conftest import Hud

    hud = Hud(tmp_path)
    server = HudServer(hud.app, "127.0.0.1", 0)
    await server.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(request_bytes)
        try:
            await writer.drain()
        except ConnectionError:
            pass
        raw = await asyncio.wait_for(reader.read(), timeout=10)
        writer.close()
    finally:
        await server.stop()
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), raw[:200]
    assert b"content-type: application/json" in head.lower(), head
    document = json.loads(body)
    assert document["error"] == "bad_request" and document["detail"]


# ---- the HUD's port changed in the config under a running daemon ------------------------------------------------

def test_jarvisd_hud_says_the_config_changed_after_the_daemon_started(tmp_path: Path, monkeypatch, capsys) -> None:
    """Before: with `hud.port` changed in config.toml under a running daemon, `jarvisd hud --print-url` looked at
    the new port, found nothing and said the daemon was "stopped (Ctrl-Z or SIGSTOP ...), busy, or runs without
    its HUD", none of which was so. Now it names the file saved after the daemon started, and the restart."""
    import os
    import socket

    from jarvisd.cli import main
    from jarvisd.instance import InstanceLock

    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    monkeypatch.setenv("JARVIS_HOME", str(home))
    with socket.socket() as probe:  # a free port that nothing will answer on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    lock = InstanceLock(home / "data").acquire()  # the running daemon's hold, as `jarvisd run` takes it
    try:
        started = (home / "data" / "jarvisd.pid").stat().st_mtime
        config = home / "config.toml"
        config.write_text(f"[hud]\nport = {port}\n")
        os.utime(config, (started + 5, started + 5))
        assert main(["hud", "--print-url"]) == 1
        err = capsys.readouterr().err
        assert "config.toml (which sets hud.port) was changed after it started" in err and "restart" in err, err
        assert "SIGSTOP" not in err
        os.utime(config, (started - 5, started - 5))  # saved before the start: the other reasons, as before
        assert main(["hud", "--print-url"]) == 1
        assert "SIGSTOP" in capsys.readouterr().err
    finally:
        lock.release()
