"""Pass 26's lows (docs/reliability.md, "Twenty-sixth pass"), fixed after it."""

from __future__ import annotations

import shutil
import sys
import threading

from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from tests.hud.conftest import Hud


async def test_forget_on_a_failing_memory_is_a_503_and_a_sentence_not_a_500(tmp_path):
    hud = Hud(tmp_path, memory=True)
    try:
        hud.say("walk", "Walk Bori at six tonight", "Okay, six it is")
        hud.memory.flush()
        shutil.rmtree(hud.memory_path / "memory_items.lance")
        hud.say("walk", "and buy dog food", "Noted")  # pending: the next read flushes it, and fails
        async with hud.client() as client:
            forgot = await client.post("/api/sessions/walk/forget", json={"confirm": True})
            listed = await client.get("/api/sessions")
        assert forgot.status_code == 503, forgot.text
        assert forgot.json()["error"] == "memory_failing"
        assert forgot.json()["detail"].startswith("memory failed in forgetting a session (")
        assert listed.status_code == 503 and listed.json()["error"] == "memory_failing"
    finally:
        hud.memory.store._writes.rows.clear()  # the table is gone: let the fixture's close pass
        hud.memory.store._writes.deletes.clear()
        hud.close()


async def test_the_forget_command_and_a_promise_on_a_full_disk_answer_with_a_sentence(tmp_path, monkeypatch):
    import errno

    from jarvisd.assistant import build_assistant
    from jarvisd.openloop.stores import JsonlLoopStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    backends = Backends(chat=ScriptedChatModel(lambda _m: {"text": "Hi."}),
                        thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    await assistant.answer("hello")
    shutil.rmtree(cfg.paths.data_dir / "memory.lance" / "memory_items.lance")
    await assistant.answer("/remember my bike is blue")  # journaled; the next read flushes and fails
    reply = await assistant.answer("/forget session default confirm")
    assert reply.startswith("/forget: memory failed in /forget ("), reply

    def full(self, loop):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(JsonlLoopStore, "save", full)
    said = await assistant.answer("I need to call Ann tomorrow at 4pm")
    assert said.startswith("I couldn't save that to your agenda (No space left on device); nothing changed"), said
    assert await assistant.answer("내일 오후 4시에 엄마한테 전화해야 해") == \
        "일정 목록에 저장하지 못했어요 (No space left on device). 아무것도 바뀌지 않았어요. 공간을 확보한 뒤 다시 말해 주세요."
    monkeypatch.undo()
    assistant.memory.store._writes.rows.clear()
    assistant.memory.store._writes.deletes.clear()
    await assistant.close()


def test_a_flood_on_the_model_process_stderr_is_logged_at_a_bounded_rate(tmp_path, caplog):
    import logging

    from jarvisd.llm import model_process
    from jarvisd.llm.model_process import ModelProcess

    process = ModelProcess(tmp_path / "any.gguf", 512, 1, 7)
    process._argv = [sys.executable, "-c", (
        "import json, sys\n"
        "print(json.dumps({'ready': True}), flush=True)\n"
        "sys.stdin.readline()\n"
        "for i in range(20000): print('ggml error: flood', i, file=sys.stderr)\n"
        "sys.stderr.flush()\n"
        "print(json.dumps({'text': 'ok'}))\n"
        "print(json.dumps({'end': True}), flush=True)\n"
        "sys.stdin.readline()\n")]
    said: list[str] = []
    with caplog.at_level(logging.DEBUG, logger="jarvisd.llm.llama_cpp"):
        process.chat({"messages": [{"role": "user", "content": "hi"}]}, said.append, threading.Event())
        process.close()
    flood = [r for r in caplog.records if r.name == "jarvisd.llm.llama_cpp"]
    assert said == ["ok"]
    assert len(flood) <= model_process.STDERR_RATE + 1, len(flood)  # within one window: the rate, then a count


def test_a_process_that_ended_between_chats_is_logged_with_how(tmp_path, caplog):
    import logging
    import os
    import signal
    import time

    from jarvisd.llm.model_process import ModelProcess

    process = ModelProcess(tmp_path / "any.gguf", 512, 1, 7)
    process._argv = [sys.executable, "-c", (
        "import json, sys\n"
        "print(json.dumps({'ready': True}), flush=True)\n"
        "while sys.stdin.readline():\n"
        "    print(json.dumps({'text': 'ok'})); print(json.dumps({'end': True}), flush=True)\n")]
    said: list[str] = []
    process.chat({"messages": []}, said.append, threading.Event())
    os.kill(process.pid, signal.SIGABRT)
    time.sleep(0.5)
    with caplog.at_level(logging.WARNING, logger="jarvisd.llm.model_process"):
        process.chat({"messages": []}, said.append, threading.Event())
    process.close()
    assert said == ["ok", "ok"]
    assert "its process ended with SIGABRT between chats" in caplog.text


def test_a_table_found_damaged_at_start_is_not_told_to_restart():
    from jarvisd.store_health import StoreHealth

    health = StoreHealth()
    assert "restart jarvisd" in str(health.failed("/remember", RuntimeError("Not found: x")))
    health.recovery = "the table is damaged (a data file is missing): move data/x.lance away"  # what the daemon sets
    said = str(health.failed("/remember", RuntimeError("Not found: x")))
    assert said.endswith("move data/x.lance away") and "restart" not in said

