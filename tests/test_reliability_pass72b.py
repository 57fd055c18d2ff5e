"""Twelfth adversarial pass, part B (pass72b, issue 18): files, values, unicode; new cases (docs/reliability.md,
"Twelfth adversarial pass, part B (pass72b)")."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from jarvisd.errors import StartupError
from jarvisd.openloop.owner import OWNER_NAME, agenda_place, read_owner

ROOT = Path(__file__).resolve().parents[1]


def _read_owner_or_hang(data: Path) -> BaseException | str | None:
    """`read_owner(data)` in a thread; a FIFO it waits on is opened for writing after 20 s so the test ends (with a
    failure) instead of hanging the suite. A bound against a hang only: the read takes milliseconds."""
    result: list = []

    def read() -> None:
        try:
            result.append(read_owner(data))
        except BaseException as exc:  # noqa: BLE001 (what the read raised is the result)
            result.append(exc)

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():
        path = data / OWNER_NAME
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)   # the reader is waiting, so this opens
        os.close(fd)
        worker.join(5)
        pytest.fail(f"read_owner waited on {path} (a FIFO) until a writer came")
    return result[0]


def test_an_owner_file_that_is_a_fifo_is_refused_not_a_hang(tmp_path):
    """`agenda.owner` a FIFO (a `mkfifo`, a sync tool's special file): every start (`run`, `chat`, `doctor`,
    `openloop list`) waited in its open for good; `jarvisd run` logged "SIGTERM received" and went on waiting."""
    os.mkfifo(tmp_path / OWNER_NAME)
    got = _read_owner_or_hang(tmp_path)
    assert isinstance(got, StartupError), got
    assert OWNER_NAME in str(got) and "not a regular file" in str(got) and "move it away" in str(got), got


def test_held_out_an_owner_file_that_is_a_socket_or_a_link_to_a_fifo_is_refused(tmp_path):
    fifo = tmp_path / "elsewhere"
    os.mkfifo(fifo)
    (tmp_path / OWNER_NAME).symlink_to(fifo)
    got = _read_owner_or_hang(tmp_path)
    assert isinstance(got, StartupError) and "not a regular file" in str(got), got
    other = tmp_path / "s"
    other.mkdir()
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(other / OWNER_NAME))
        with pytest.raises(StartupError, match="not a regular file"):
            read_owner(other)


def test_the_cli_says_one_line_for_an_owner_fifo(tmp_path):
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    os.mkfifo(home / "data" / OWNER_NAME)
    env = dict(os.environ, JARVIS_HOME=str(home), PYTHONPATH=str(ROOT), OLLAMA_HOST="http://127.0.0.1:9")
    try:
        done = subprocess.run([sys.executable, "-m", "jarvisd", "openloop", "list"], env=env, capture_output=True,
                              text=True, timeout=120)   # against a hang only: it answers in about 2 s
    except subprocess.TimeoutExpired:
        pytest.fail("jarvisd openloop list waited on the owner FIFO")
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert OWNER_NAME in done.stderr and "not a regular file" in done.stderr, done.stderr


def test_guard_an_owner_file_of_a_name_a_dangling_link_and_none_are_read_as_before(tmp_path):
    (tmp_path / OWNER_NAME).write_text("김민지\n")
    assert read_owner(tmp_path) == "김민지"
    assert agenda_place(tmp_path, "김민지").owner
    other = tmp_path / "o"
    other.mkdir()
    assert read_owner(other) is None
    (other / OWNER_NAME).symlink_to(other / "gone")
    with pytest.raises(StartupError, match="remove the link"):   # files74: read as None, then the claim hung
        read_owner(other)
    long = tmp_path / "l"
    long.mkdir()
    (long / OWNER_NAME).write_bytes(b"a" * 5000)
    with pytest.raises(StartupError, match="4096\\+ bytes"):
        read_owner(long)


# --- the memory store's folder this user cannot enter (mode 000, or a copy owned by another user, 0700) ---

def _without_dac() -> list[str] | None:
    """A prefix that runs a command as root without the capabilities that read any file (root reads a 000 folder):
    None where that cannot be done (not root, or no setpriv)."""
    import shutil
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return None
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"]


def _memory_home(tmp_path: Path) -> Path:
    from tests.hud.conftest import make_memory

    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    make_memory(home / "data" / "memory.lance").close()
    return home


def _run(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    prefix = _without_dac()
    if prefix is None:
        pytest.skip("needs root and setpriv to take away the read-anything capabilities (CI has both)")
    env = dict(os.environ, JARVIS_HOME=str(home), PYTHONPATH=str(ROOT), OLLAMA_HOST="http://127.0.0.1:9",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_OPENLOOP__STORE="jsonl")
    return subprocess.run([*prefix, sys.executable, "-m", "jarvisd", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=300)   # against a hang only


@pytest.mark.parametrize("folder", ["memory.lance", "memory.lance/memory_items.lance"])
def test_a_memory_folder_this_user_cannot_enter_is_one_line_not_a_traceback(tmp_path, folder):
    """`data/memory.lance` (or its table folder) with mode 000 (a `chmod`, a copy restored as another user with 0700):
    `jarvisd chat` and `jarvisd run` ended in a LanceDB `ValueError` ("UnableToWalkDir … Permission denied") then a
    `PermissionError` traceback out of the damage check, `jarvisd doctor` in a `PermissionError` traceback, exit 1."""
    home = _memory_home(tmp_path)
    (home / "data" / folder).chmod(0)
    try:
        chat = _run(home, "chat", stdin="hello\n")
        doctor = _run(home, "doctor")
    finally:
        (home / "data" / folder).chmod(0o755)
    assert chat.returncode == 1 and "Traceback" not in chat.stderr, chat.stderr[-2000:]
    assert "cannot open the memory store" in chat.stderr and folder in chat.stderr, chat.stderr[-2000:]
    assert "not writable by this user (its mode is 0000)" in chat.stderr and "chmod -R u+rwX" in chat.stderr, chat.stderr[-2000:]
    assert "Traceback" not in doctor.stdout + doctor.stderr, (doctor.stdout + doctor.stderr)[-2000:]
    assert "DAMAGED" in doctor.stdout and folder in doctor.stdout, doctor.stdout


def test_guard_a_memory_folder_of_this_user_opens_as_before_without_the_capabilities(tmp_path):
    home = _memory_home(tmp_path)
    chat = _run(home, "chat", stdin="/remember my gate code is 7788\n")
    assert chat.returncode == 0 and "Remembered" in chat.stdout, chat.stdout + chat.stderr[-2000:]
