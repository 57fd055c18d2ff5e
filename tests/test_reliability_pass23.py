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
