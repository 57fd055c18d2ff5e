"""Issue 18, twelfth adversarial pass (docs/reliability.md, "Twelfth pass"): each case found against
`jarvisd run` and fixed, with real parts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# ---- relative XDG base directories -------------------------------------------------------------------------


@pytest.mark.parametrize("variables", [
    {"XDG_DATA_HOME": "xd", "XDG_CONFIG_HOME": "xc"},
    {"HOME": "somewhere"},
])
def test_a_relative_xdg_folder_is_ignored_so_every_command_finds_the_same_data(tmp_path, monkeypatch, variables):
    """Before: `XDG_DATA_HOME=xd` (or a relative HOME) was read against the working folder, so `jarvisd run`
    started in one folder and `jarvisd chat --once "I need to call mom tomorrow at 3pm"` run in another
    used two data folders: the chat answered "Got it: call mom, tomorrow at 3 PM." into an agenda the
    daemon never read (its `/api/agenda` stayed empty, nothing was reminded). The XDG spec says a relative
    value is invalid and to be ignored."""
    from jarvisd.paths import resolve_paths

    env = {"HOME": str(tmp_path / "home"), **variables}
    seen = []
    for folder in ("A", "B"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        seen.append(resolve_paths(env))
    assert seen[0] == seen[1], seen
    assert seen[0].data_dir.is_absolute() and seen[0].config_dir.is_absolute(), seen[0]
    if "HOME" not in variables:
        assert seen[0].data_dir == tmp_path / "home" / ".local" / "share" / "jarvisd"


def test_absolute_xdg_folders_are_still_used(tmp_path):
    from jarvisd.paths import resolve_paths

    paths = resolve_paths({"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "d"),
                           "XDG_CONFIG_HOME": str(tmp_path / "c")})
    assert paths.data_dir == tmp_path / "d" / "jarvisd" and paths.config_dir == tmp_path / "c" / "jarvisd"


# ---- standard descriptors closed -----------------------------------------------------------------------------

_LOOP_BESIDE_THE_MODEL_LOAD = """
import asyncio, threading
import jarvisd

async def main():
    def load():  # what Llama(verbose=False) does around loading the embedded model
        from llama_cpp._utils import suppress_stdout_stderr
        with suppress_stdout_stderr(disable=False):
            pass
    await asyncio.to_thread(load)
    await asyncio.sleep(0.2)
    return "loop alive"

print(asyncio.run(main()))
from jarvisd.daemon import exit_process
exit_process(0)
"""


@pytest.mark.parametrize("closed", ["2>&-", "0<&- 2>&-", "0<&- 1>&- 2>&-"])
def test_a_daemon_started_with_stderr_closed_survives_the_model_load_and_stops_with_0(tmp_path, closed):
    """Before: `jarvisd run 2>&-` gave descriptor 2 to the event loop's epoll; loading the embedded model
    (llama.cpp's `suppress_stdout_stderr`) put /dev/null on 2 and back, closing the epoll under the loop:
    the daemon died at its first model turn (exit 1, nothing logged). A stop then ended in
    `AttributeError: 'NoneType' object has no attribute 'flush'` (sys.stderr None), exit 1."""
    import subprocess
    import sys

    out = tmp_path / "out"
    script = tmp_path / "probe.py"
    script.write_text(_LOOP_BESIDE_THE_MODEL_LOAD)
    redirect = closed.replace("1>&-", "") + f" 1>{out}" if "1>&-" not in closed else closed
    done = subprocess.run(["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, str(script)],
                          cwd=Path(__file__).resolve().parents[1], timeout=120)
    assert done.returncode == 0
    if "1>&-" not in closed:
        assert out.read_text().strip() == "loop alive"


# ---- the system's time zone across a daylight-saving change --------------------------------------------------

@pytest.mark.parametrize("zone, summer, winter", [
    ("America/New_York", -4 * 60, -5 * 60),
    ("Europe/London", 60, 0),
    ("Australia/Lord_Howe", 10 * 60 + 30, 11 * 60),   # half an hour of daylight saving, in the other half-year
])
def test_the_system_zone_keeps_its_daylight_saving_rules(tmp_path, monkeypatch, zone, summer, winter):
    """Before: with `general.time_zone` empty (the default: the system's zone) the zone was
    `datetime.now().astimezone().tzinfo`, a fixed offset. On the daemon under faketime at Friday
    2026-10-30 12:00 in New York, "I need to call the dentist on Monday at 3pm" was due Monday 14:00 EST and
    "I need to pay rent on November 5 at 10am" 09:00 EST: each reminder an hour early."""
    from datetime import datetime, timedelta

    from jarvisd.config import load_config

    monkeypatch.setenv("TZ", zone)
    tz = load_config(env={"JARVIS_HOME": str(tmp_path)}).tz
    assert datetime(2027, 7, 1, 15, 0, tzinfo=tz).utcoffset() == timedelta(minutes=summer)
    assert datetime(2027, 1, 15, 15, 0, tzinfo=tz).utcoffset() == timedelta(minutes=winter)


def test_the_system_zone_is_read_from_etc_localtime_without_tz(tmp_path):
    from datetime import datetime, timedelta

    from jarvisd.config import system_zone

    link = tmp_path / "localtime"
    link.symlink_to("/usr/share/zoneinfo/America/New_York")
    tz = system_zone(env={}, localtime=link)
    assert getattr(tz, "key", None) == "America/New_York"
    copy = tmp_path / "copied"  # a copied file, not a link: its rules, under its path
    copy.write_bytes(Path("/usr/share/zoneinfo/America/New_York").read_bytes())
    tz = system_zone(env={}, localtime=copy)
    assert datetime(2026, 11, 2, 15, 0, tzinfo=tz).utcoffset() == timedelta(hours=-5)
    assert datetime(2026, 10, 30, 15, 0, tzinfo=tz).utcoffset() == timedelta(hours=-4)


@pytest.mark.parametrize("value, offset", [("KST-9", 9 * 60), ("", 0)])
def test_a_tz_that_names_no_zone_file_keeps_libcs_offset(monkeypatch, value, offset):
    import time
    from datetime import datetime, timedelta

    from jarvisd.config import system_zone

    monkeypatch.setenv("TZ", value)
    time.tzset()
    try:
        assert system_zone().utcoffset(datetime.now()) == timedelta(minutes=offset)
    finally:
        monkeypatch.undo()
        time.tzset()


# ---- a terminal that is not UTF-8 --------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_korean_agenda_is_listed_on_a_terminal_that_is_not_utf8(tmp_path, encoding):
    """Before: with `PYTHONIOENCODING=ascii` (or latin-1, or the C locale with UTF-8 mode off),
    `jarvisd openloop list` and `jarvisd chat --once "내일 오후 3시까지 보고서 보내야 해"` ended in a
    `UnicodeEncodeError` traceback, exit 1 (the chat after the promise was kept)."""
    import subprocess
    import sys
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    data = tmp_path / "home" / "data"
    data.mkdir(parents=True)
    OpenLoopService(JsonlLoopStore(data / "openloops.jsonl"), tz=ZoneInfo("Asia/Seoul")).add("보고서 보내기")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env.update(JARVIS_HOME=str(tmp_path / "home"), PYTHONIOENCODING=encoding)
    done = subprocess.run([sys.executable, "-m", "jarvisd", "openloop", "list"], env=env, capture_output=True,
                          cwd=Path(__file__).resolve().parents[1], timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-600:]
    assert b"\\ubcf4\\uace0\\uc11c" in done.stdout, done.stdout


# ---- a first start cut short by a full disk -----------------------------------------------------------------

def test_a_memory_table_whose_creation_a_full_disk_cut_short_is_created_at_the_next_start(tmp_path):
    """Before: `jarvisd run` on a fresh home on a full disk (an 8 KiB tmpfs) stopped with "No space left on
    device" while LanceDB created the table, leaving `memory_items.lance/_versions/` and `_transactions/`
    empty. Every later start, with room again, was refused: "cannot open the memory store ...: Table
    'memory_items' was not found; point memory.store_uri at a LanceDB folder, or move what is there away"."""
    from tests.hud.conftest import make_memory

    root = tmp_path / "memory.lance"
    (root / "memory_items.lance" / "_versions").mkdir(parents=True)
    (root / "memory_items.lance" / "_transactions").mkdir()
    make_memory(root).close()
    assert (root / "memory_items.lance" / "_versions").is_dir()
    assert any((root / "memory_items.lance" / "_versions").iterdir())


def test_a_table_folder_with_a_file_is_never_cleared(tmp_path):
    """The rule above never removes a file: a table whose `_versions` is gone but whose data is there is
    left as it is (and refused as before)."""
    from jarvisd.lance_damage import clear_never_committed

    table = tmp_path / "memory_items.lance"
    (table / "_versions").mkdir(parents=True)
    (table / "data").mkdir()
    (table / "data" / "0.lance").write_bytes(b"rows")
    assert not clear_never_committed(table)
    assert (table / "data" / "0.lance").read_bytes() == b"rows"
    assert not clear_never_committed(tmp_path / "nothing")


def test_an_agenda_table_whose_creation_a_full_disk_cut_short_is_created_at_the_next_start(tmp_path):
    """The same for `openloop.store = "lancedb"`: before, "has no readable table version (its _versions
    folder is gone or empty) ... restore that folder from a backup, or move it away", for a folder that
    never held a promise."""
    from jarvisd.openloop.lance_store import TABLE, LanceLoopStore

    (tmp_path / f"{TABLE}.lance" / "_versions").mkdir(parents=True)
    (tmp_path / f"{TABLE}.lance" / "_transactions").mkdir()
    store = LanceLoopStore(str(tmp_path))
    assert store.load() == []


# ---- lows fixed in this pass ---------------------------------------------------------------------------------

def test_a_full_disk_at_the_tables_creation_says_to_free_space_without_lancedbs_source_path(tmp_path):
    """Before: "cannot open the memory store ...: lance error: LanceError(IO): Generic LocalFileSystem error:
    Unable to copy data to file: No space left on device (os error 28), /root/.cargo/registry/src/...
    commit.rs:1663:50; point memory.store_uri at a LanceDB folder, or move what is there away": moving the
    table away cannot help, and the source path means nothing to the user."""
    from jarvisd.lance_damage import damaged_table_error

    exc = RuntimeError("lance error: LanceError(IO): Generic LocalFileSystem error: Unable to copy data to "
                       "file: No space left on device (os error 28), /root/.cargo/registry/src/index.crates."
                       "io-1949cf8c6b5b557f/lance-table-13.0.0/src/io/commit.rs:1663:50")
    line = str(damaged_table_error("the memory store m (memory.store_uri)", "memory.store_uri",
                                   str(tmp_path / "m"), "memory_items", exc))
    assert ".cargo" not in line and "move what is there away" not in line, line
    assert line.endswith("(os error 28): free some space on the disk and start again"), line


def test_no_home_and_no_passwd_entry_is_one_line_not_a_traceback(tmp_path):
    """Before: HOME unset and a user id with no entry in /etc/passwd (a container's `--user 12345`):
    `jarvisd doctor` ended in `RuntimeError: Could not determine home directory.`, a traceback."""
    import shutil
    import subprocess
    import sys

    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.fail("needs root and setpriv (CI has both, as the pass-8 permission tests rely on)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_") and k not in ("HOME", "XDG_CONFIG_HOME",
                                                                                              "XDG_DATA_HOME")}
    done = subprocess.run(["setpriv", "--reuid", "54321", "--regid", "54321", "--clear-groups", sys.executable,
                           "-m", "jarvisd", "doctor"], env=env, cwd="/", capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr[-800:]
    assert "Traceback" not in done.stderr, done.stderr[-800:]
    assert done.stderr.strip().startswith("jarvisd: cannot find the home folder") and "JARVIS_HOME" in done.stderr


def test_memory_forget_with_no_answer_on_stdin_deletes_nothing_in_one_line(tmp_path):
    """Before: `jarvisd memory forget --session X < /dev/null` (a script, cron) ended in an `EOFError`
    traceback at the [y/N] question."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env["JARVIS_HOME"] = str(tmp_path / "home")
    done = subprocess.run([sys.executable, "-m", "jarvisd", "memory", "forget", "--session", "s1"], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-600:]
    assert "Nothing deleted: no answer on stdin (pass --yes" in done.stdout


def test_jarvisd_hud_beside_a_daemon_that_does_not_answer_says_it_is_running(tmp_path):
    """Before: with the daemon stopped by SIGSTOP (Ctrl-Z), `jarvisd hud` said "nothing answers ...; start
    the daemon first", and `jarvisd run` then said "already running"."""
    from jarvisd.hud.cli import nothing_answers
    from jarvisd.instance import InstanceLock, running_pid

    data = tmp_path / "data"
    assert running_pid(data) is None
    assert "start the daemon first" in nothing_answers("hud", "http://127.0.0.1:1/", data)
    lock = InstanceLock(data).acquire()
    try:
        line = nothing_answers("hud", "http://127.0.0.1:1/", data)
        assert f"jarvisd (pid {os.getpid()}) is running but its HUD does not answer" in line, line
        assert f"kill -CONT {os.getpid()}" in line
    finally:
        lock.release()
    assert running_pid(data) is None and (data / "jarvisd.pid").read_text().strip() == str(os.getpid())


# ---- a clock briefly ahead (medium, reported by the pass, fixed after it) ----------------------------------


def test_a_promise_expired_while_the_clock_was_ahead_opens_again_when_the_clock_is_right(tmp_path):
    """Before: a dual-boot machine keeps its clock in local time, so in Seoul it starts 9 h ahead until
    NTP puts it right. A sweep in that window (the HUD reading the agenda) closed a promise due in 2 h as
    `expired`, and it stayed closed after the clock was right: no reminder, nothing said. Now a loop
    expired at a moment the clock has not reached yet, and not due to expire, opens again; a loop expired
    at its real time stays expired, across a restart too."""
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.model import LoopStatus
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    now = [1_780_000_000.0]
    path = tmp_path / "openloops.jsonl"

    def service() -> OpenLoopService:
        return OpenLoopService(JsonlLoopStore(path), tz=ZoneInfo("Asia/Seoul"), clock=lambda: now[0],
                               expire_after_sec=3600)

    agenda = service()
    soon = agenda.add("call the dentist", due_ms=int((now[0] + 2 * 3600) * 1000))
    old = agenda.add("renew the parking permit", due_ms=int((now[0] - 3 * 3600) * 1000))
    now[0] += 9 * 3600                           # the local-time clock, read as UTC: 9 h ahead
    assert {loop.desc for loop in agenda.agenda()} == set()
    assert agenda.find(soon.id).status is LoopStatus.EXPIRED
    now[0] -= 9 * 3600 - 60                      # NTP puts it right
    change = agenda.expire()
    assert [loop.desc for loop in change.opened] == ["call the dentist"]
    assert [loop.desc for loop in agenda.agenda()] == ["call the dentist"]
    assert agenda.find(old.id).status is LoopStatus.EXPIRED        # expired at its real time: stays
    assert [loop.desc for loop in service().agenda()] == ["call the dentist"]   # and on disk
