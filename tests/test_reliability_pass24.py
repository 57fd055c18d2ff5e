"""Pass 24 (docs/reliability.md): the embedded model's own process, frozen, killed and orphaned."""

import asyncio
import logging
import os
import signal
import subprocess
import sys
import time

import pytest

from jarvisd.llm import model_process
from jarvisd.llm.base import BackendError, Message, complete
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.manifest import ModelStore

pytestmark = pytest.mark.slow  # the real SmolLM2 through llama.cpp

HELLO = [Message("user", "Say hello.")]


@pytest.fixture
def smollm(tmp_path):
    model = LlamaCppChat(ModelStore(tmp_path / "models").path("smollm2-135m"), name="smollm2-135m", max_tokens=48)
    yield model
    model.close()


async def test_a_frozen_model_process_fails_the_turn_instead_of_hanging_it(smollm, monkeypatch):
    monkeypatch.setattr(model_process, "STALL_SEC", 2.0, raising=False)
    answer = aiter(smollm.stream([Message("user", "Tell me a long story about a cat and a dog.")]))
    assert (await anext(answer)).text
    pid = smollm.process.pid
    os.kill(pid, signal.SIGSTOP)  # kill -STOP, a debugger, a stuck lock: no output, no CPU
    try:
        with pytest.raises(BackendError, match=r"neither answered nor worked .*the next turn starts a new one"):
            # the hang's bound, not a speed (it was also "under 10 s"): 4.1-4.4 s at load 8-10 with STALL_SEC 2
            await asyncio.wait_for(_drain(answer), 60)
    finally:
        os.kill(pid, signal.SIGCONT) if smollm.process.pid == pid else None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # ended, not left frozen
    assert (await complete(smollm, HELLO)).text.strip()  # the next turn gets a new process


async def test_a_chat_sent_to_a_process_frozen_between_turns_is_answered_by_a_new_one(smollm, monkeypatch, caplog):
    monkeypatch.setattr(model_process, "STALL_SEC", 2.0, raising=False)
    await complete(smollm, HELLO)
    pid = smollm.process.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        with caplog.at_level(logging.WARNING, logger=model_process.log.name):
            again = await asyncio.wait_for(complete(smollm, HELLO), 20)
    finally:
        os.kill(pid, signal.SIGCONT) if _alive(pid) else None
    assert again.text.strip()
    assert smollm.process.pid != pid
    assert not _alive(pid)
    # the warning says what happens now, not also "the next turn starts a new one" (this pass's low)
    retry = [r.getMessage() for r in caplog.records if "sending the chat again" in r.getMessage()]
    assert retry and "next turn" not in retry[0], retry


def test_a_frozen_model_process_does_not_outlive_a_killed_daemon(tmp_path):
    # the daemon's side in a process of its own, killed with SIGKILL while its model's process is frozen
    code = (
        "import sys, threading\n"
        "from pathlib import Path\n"
        "from jarvisd.llm.model_process import ModelProcess\n"
        "from jarvisd.manifest import ModelStore\n"
        f"p = ModelProcess(ModelStore(Path({str(tmp_path)!r})).path('smollm2-135m'), 512, 1, 7)\n"
        "p._start()\n"
        "print(p.pid, flush=True)\n"
        "threading.Event().wait()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.getcwd()})
    child = int(parent.stdout.readline())
    try:
        os.kill(child, signal.SIGSTOP)
        # stopped before the daemon dies, as in the case (a loaded machine may not have run the stop yet; the
        # kernel's SIGHUP/SIGCONT goes to a group that is stopped when it becomes orphaned)
        deadline = time.monotonic() + 5
        while _state(child) != "T" and time.monotonic() < deadline:
            time.sleep(0.01)
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 20   # 5 s was missed once with the suite, a CI rehearsal and a helper on 2 cores
        while time.monotonic() < deadline and _alive(child):
            time.sleep(0.1)
        assert not _alive(child)
    finally:
        if _alive(child):
            os.kill(child, signal.SIGKILL)


async def _drain(answer) -> None:
    async for _chunk in answer:
        pass


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    return _state(pid) not in ("", "Z")


def test_a_polled_jobs_skip_is_not_printed_when_the_daemon_logs_at_info():
    """Pass 23's low, fixed after it by relabelling the line DEBUG; `jarvisd run` (apscheduler at WARNING, a
    handler with no level of its own) still printed it once a second during an idle consolidation."""
    import logging
    from types import SimpleNamespace

    from jarvisd.reflect import periodic

    said: list[logging.LogRecord] = []
    handler = logging.Handler()  # as the daemon's: no level, so it does not look at the relabelled one
    handler.emit = said.append
    scheduler_log = logging.getLogger("apscheduler.scheduler")
    before, propagate = scheduler_log.level, scheduler_log.propagate
    scheduler_log.setLevel(logging.WARNING)  # what `jarvisd run` sets
    scheduler_log.propagate = False
    scheduler_log.addHandler(handler)
    periodic._quiet_poll_skips()  # what installing the jobs does
    try:
        for job_id in (periodic.REFLECT_IDLE_JOB, "someone-else"):
            scheduler_log.warning('Execution of job "%s" skipped: maximum number of running instances reached (%d)',
                                  SimpleNamespace(id=job_id), 1)
    finally:
        scheduler_log.removeHandler(handler)
        scheduler_log.setLevel(before)
        scheduler_log.propagate = propagate
    assert [(r.levelname, r.args[0].id) for r in said] == [("WARNING", "someone-else")]


def test_a_long_request_to_a_frozen_process_does_not_block_the_turn_for_good(tmp_path, monkeypatch):
    """More than the pipe's 64 KiB (12,000 Hangul syllables are 72 KB of JSON) written to a frozen process."""
    import threading

    monkeypatch.setattr(model_process, "STALL_SEC", 2.0, raising=False)
    process = model_process.ModelProcess(ModelStore(tmp_path / "models").path("smollm2-135m"), 512, 1, 7)
    process.chat({"messages": [{"role": "user", "content": "hi"}], "max_tokens": 4}, lambda _t: None,
                 threading.Event())
    pid = process.pid
    os.kill(pid, signal.SIGSTOP)
    process._argv = [sys.executable, "-c", "import json; print(json.dumps({'fatal': 'a stand-in'}))"]
    outcome: list[BaseException | None] = []

    def chat() -> None:
        try:
            process.chat({"messages": [{"role": "user", "content": "가" * 12000}], "max_tokens": 4},
                         lambda _t: None, threading.Event())
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001
            outcome.append(exc)

    worker = threading.Thread(target=chat, daemon=True)
    worker.start()
    worker.join(15)
    try:
        assert not worker.is_alive(), "the chat is still writing to the frozen process"
        assert "could not load: a stand-in" in str(outcome[0])  # sent again to a new process, which failed
        assert not _alive(pid)
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
        worker.join(5)


async def test_a_model_failure_after_some_text_is_not_glued_to_its_last_word(tmp_path):
    """Seen with the model's process killed mid-answer: "... a king of a landSorry, my model failed: ..."."""
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.base import ChatChunk
    from jarvisd.llm.scripted import ScriptedChatModel

    class CutModel:
        name, supports_tools = "cut", False

        async def stream(self, messages, tools=()):
            for word in "Once upon a time there was a dragon. He was a king of a land".split(" "):
                yield ChatChunk(text=(" " if word != "Once" else "") + word)
            raise BackendError("the embedded model's process ended with SIGKILL")

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    backends = Backends(chat=CutModel(), thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    try:
        said = await assistant.answer("tell me a long story about a dragon", session="s1")
    finally:
        await assistant.close()
    assert "landSorry" not in said
    assert said.startswith("Once upon a time there was a dragon. He was a king of a land … Sorry, my model failed: ")
