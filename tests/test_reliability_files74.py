"""Faults the files74 sweep (`tests/test_data_paths_sweep.py`) found, each failing first (issue #18)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from jarvisd.openloop.owner import OWNER_NAME, agenda_place

ROOT = Path(__file__).resolve().parents[1]


def _jarvisd(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, JARVIS_HOME=str(home), PYTHONPATH=str(ROOT), OLLAMA_HOST="http://127.0.0.1:9",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_OPENLOOP__STORE="jsonl")
    return subprocess.run([sys.executable, "-m", "jarvisd", *args], env=env, input=stdin, capture_output=True,
                          text=True, timeout=120)   # against a hang only: 1 s alone


def _home(tmp_path: Path) -> Path:
    data = tmp_path / "home" / "data"
    data.mkdir(parents=True)
    (data / "openloops.jsonl").write_text(
        '{"id": "52aaae1921ae4248872bd41aaafe028f", "desc": "call mom", "status": "open", '
        '"created_ms": 1796673232236, "updated_ms": 1796673232236, "due_ms": 1896742000000}\n', encoding="utf-8")
    return tmp_path / "home"


@pytest.mark.parametrize("content", [b"", b"\n"], ids=["empty", "a-newline"])
def test_an_emptied_owner_file_is_claimed_not_waited_on_under_the_instance_lock(tmp_path, content):
    """`agenda.owner` emptied (by hand, a claim cut short): the claim took an exclusive `flock` on the data folder,
    which the same process's instance lock already held shared: `jarvisd openloop list` (and chat, run) waited in
    `flock` for good, nothing said."""
    home = _home(tmp_path)
    (home / "data" / OWNER_NAME).write_bytes(content)
    done = _jarvisd(home, "openloop", "list")
    assert done.returncode == 0, done.stderr
    assert "call mom" in done.stdout and "Traceback" not in done.stderr
    assert (home / "data" / OWNER_NAME).read_text() == "me\n"


def test_held_out_an_emptied_owner_file_under_a_chat_turn(tmp_path):
    home = _home(tmp_path)
    (home / "data" / OWNER_NAME).write_bytes(b"")
    done = _jarvisd(home, "chat", stdin="what do I have to do?\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "call mom" in done.stdout


@pytest.mark.parametrize("target", ["gone/nowhere", "nowhere"], ids=["folder-gone", "file-gone"])
def test_a_dangling_owner_link_is_one_line_naming_it(tmp_path, target):
    """A dangling link as `agenda.owner` read as "no owner yet", then the claim found the name taken (the link) and
    waited on the folder lock for good."""
    home = _home(tmp_path)
    (home / "data" / OWNER_NAME).symlink_to(home / "data" / target)
    done = _jarvisd(home, "openloop", "list")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and str(home / "data" / OWNER_NAME) in done.stderr
    assert "remove the link" in done.stderr


def test_guard_a_start_that_waits_on_the_owner_file_reads_the_name_the_other_wrote(tmp_path):
    """The lock moved from the folder to the owner file: a start that finds it empty and waits while another
    start replaces it (a new inode) locks the new file and reads that start's name."""
    (tmp_path / OWNER_NAME).write_bytes(b"")
    held = os.open(tmp_path / OWNER_NAME, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX)
    places = []
    alice = threading.Thread(target=lambda: places.append(agenda_place(tmp_path, "alice")))
    alice.start()
    alice.join(timeout=1.0)
    fresh = tmp_path / ".bob"
    fresh.write_text("bob\n")
    os.replace(fresh, tmp_path / OWNER_NAME)   # the other start's claim, a new file
    os.close(held)
    alice.join(timeout=10.0)
    assert not alice.is_alive()
    assert places[0].owner is False
    assert (tmp_path / OWNER_NAME).read_text() == "bob\n"


def test_guard_a_named_owner_file_and_none_are_as_before(tmp_path):
    home = _home(tmp_path)
    done = _jarvisd(home, "openloop", "list")
    assert done.returncode == 0 and "call mom" in done.stdout
    assert (home / "data" / OWNER_NAME).read_text() == "me\n"
    assert _jarvisd(home, "openloop", "list").stdout == done.stdout


def _without_dac() -> list[str]:
    import shutil
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root reads any folder unless setpriv takes CAP_DAC_OVERRIDE away")
    return ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def _jarvisd_without_dac(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, JARVIS_HOME=str(home), PYTHONPATH=str(ROOT), OLLAMA_HOST="http://127.0.0.1:9",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_OPENLOOP__STORE="jsonl")
    return subprocess.run([*_without_dac(), sys.executable, "-m", "jarvisd", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=300)   # against a hang only: 9 s alone


def _locked_home(tmp_path: Path, mode: int) -> Path:
    home = _home(tmp_path)
    (home / "data" / "hud.token").write_text("x" * 43 + "\n", encoding="utf-8")
    (home / "data" / "hud.token").chmod(0o600)
    home.chmod(0o777)
    tmp_path.chmod(0o777)
    (home / "data").chmod(mode)
    return home


@pytest.mark.parametrize("mode", [0o000, 0o300], ids=["mode-000", "write-and-enter-only"])
def test_a_data_folder_this_user_cannot_use_is_one_line_from_the_doctor_not_a_traceback(tmp_path, mode):
    """`data/` of mode 000 (a copy restored with another user's modes): `jarvisd doctor` ended in a PermissionError
    traceback out of the HUD token's `exists()`, then the memory check's."""
    home = _locked_home(tmp_path, mode)
    try:
        done = _jarvisd_without_dac(home, "doctor")
    finally:
        (home / "data").chmod(0o700)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-800:]
    assert f"data dir    : {home / 'data'} (UNUSABLE: cannot use the data folder" in done.stdout


def test_held_out_commands_on_a_data_folder_of_mode_000_name_the_folder_not_the_pid_file(tmp_path):
    """`openloop list` and `chat` said "chmod u+rw …/jarvisd.pid": a file the user could not reach either."""
    home = _locked_home(tmp_path, 0o000)
    try:
        for args, stdin in ((["openloop", "list"], None), (["chat"], "hello\n")):
            done = _jarvisd_without_dac(home, *args, stdin=stdin)
            assert done.returncode == 1 and "Traceback" not in done.stderr
            assert f"cannot use the data folder {home / 'data'}" in done.stderr and "chmod u+rwx" in done.stderr
    finally:
        (home / "data").chmod(0o700)


@pytest.mark.parametrize("target", ["elsewhere.lance", "gone/memory_items.lance"], ids=["beside", "folder-gone"])
def test_a_dangling_link_as_the_memory_table_is_one_line_naming_the_link(tmp_path, target):
    """`memory.lance/memory_items.lance` a link to nothing: `jarvisd chat` said LanceDB's "File exists (os error 17)"
    of the memory store, not which entry or what to do."""
    home = _home(tmp_path)
    folder = home / "data" / "memory.lance"
    folder.mkdir()
    (folder / "memory_items.lance").symlink_to(folder / target)
    done = _jarvisd(home, "chat", stdin="hello\n")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{folder / 'memory_items.lance'}: it is a link to" in done.stderr and "remove the link" in done.stderr


def test_guard_a_memory_table_linked_to_a_real_table_still_opens(tmp_path):
    home = _home(tmp_path)
    assert _jarvisd(home, "chat", stdin="/remember my locker code is 4471\n").returncode == 0
    table = home / "data" / "memory.lance" / "memory_items.lance"
    (tmp_path / "kept").mkdir()
    table.rename(tmp_path / "kept" / table.name)
    table.symlink_to(tmp_path / "kept" / table.name)
    done = _jarvisd(home, "chat", stdin="/remember my bike is blue\n")
    assert done.returncode == 0 and "Remembered" in done.stdout, done.stderr[-600:]


@pytest.mark.parametrize("mode", [0o000, 0o200], ids=["mode-000", "write-only"])
def test_an_agenda_quarantine_file_this_user_cannot_read_is_a_doctor_line_not_a_traceback(tmp_path, mode):
    """Found by the sweep's slow table: `openloops.quarantine.jsonl` of mode 000, then `jarvisd doctor`: a
    PermissionError traceback out of counting the records set aside."""
    home = _home(tmp_path)
    quarantine = home / "data" / "openloops.quarantine.jsonl"
    quarantine.write_text('{"id": "bad"}\n', encoding="utf-8")
    for folder in (tmp_path, home, home / "data"):
        folder.chmod(0o777)
    (home / "data" / "openloops.jsonl").chmod(0o666)
    quarantine.chmod(mode)
    done = _jarvisd_without_dac(home, "doctor")
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-800:]
    assert f"cannot open the agenda quarantine file {quarantine}: permission denied" in done.stdout
