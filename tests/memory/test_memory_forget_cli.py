"""`jarvisd memory forget --session ID` on a real LanceDB store: asks first, deletes one session."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from jarvisd.config import load_config
from jarvisd.llm.base import Message
from jarvisd.memory.cli import open_service
from jarvisd.memory.scope import MemoryScope

pytestmark = pytest.mark.slow   # subprocesses of the CLI


def run(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jarvisd", "memory", "forget", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_forget_asks_then_deletes_one_session(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env.update(JARVIS_HOME=str(tmp_path), JARVIS_GENERAL__USER="u", JARVIS_MEMORY__EMBEDDING_PROVIDER="none")
    cfg = load_config(env=env)
    service = open_service(cfg, None)
    for session in ("s1", "s2"):
        service.record_turn(MemoryScope("u", "main", session), [Message("user", f"hello from {session}"),
                                                                 Message("assistant", "hi")])
    getattr(service.store, "close", lambda: None)()

    refused = run(env, "--session", "s1", stdin="n\n")
    assert refused.returncode == 1 and "Nothing deleted." in refused.stdout

    done = run(env, "--session", "s1", "--yes")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Forgot session 's1'") and "0 records" not in done.stdout

    again = run(env, "--session", "s1", "--yes")
    assert "0 records deleted" in again.stdout                      # s1 is gone
    kept = run(env, "--session", "s2", "--yes")
    assert kept.returncode == 0 and "0 records" not in kept.stdout   # s2 was still there
