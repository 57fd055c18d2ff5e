"""The fifty-fifth pass (a): issue 18's kinds over repeating promises, the command line and time. Each finding's test
failed on the branch's starting code (`d2c0b7c`); the guards passed there too. Real agenda service on JSONL, a stopped
clock; no model."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

SEOUL = ZoneInfo("Asia/Seoul")
BERLIN = ZoneInfo("Europe/Berlin")


def _ms(text: str, tz: ZoneInfo = SEOUL) -> int:
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp() * 1000)


def _local(ms: int | None, tz: ZoneInfo = SEOUL) -> str:
    return "-" if ms is None else datetime.fromtimestamp(ms / 1000, tz).strftime("%a %Y-%m-%d %H:%M")


class _Clock:
    def __init__(self, text: str, tz: ZoneInfo) -> None:
        self.now = _ms(text, tz) / 1000

    def __call__(self) -> float:
        return self.now


def _written(tmp_path: Path, *records: dict) -> Path:
    path = tmp_path / "openloops.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


def _series(loop_id: str, due: str, repeat: str, desc: str = "take my pills") -> dict:
    made = _ms("2026-12-01 10:00")
    return {"id": loop_id, "desc": desc, "status": "open", "created_ms": made, "updated_ms": made,
            "due_ms": _ms(due), "repeat": repeat}


# ---------------------------------------------------------------- a series at the end of the agenda's window

@pytest.mark.parametrize(("repeat", "act"), [("monthly:31", "skip"), ("weekly", "skip"), ("sun", "skip"),
                                             ("sun", "done")])
def test_a_series_whose_next_time_is_past_2200_is_closed_and_kept_once_not_an_error(tmp_path, repeat, act):
    """Before: the next time (2200-01-05, past the loader's window) was refused by `_save` as `TimeOutOfRange`, which
    came out of the ✓ (`jarvisd openloop done`: a traceback; the HUD: a 500), the skip (the turn failed) and, with
    the clock there, every expiry sweep; the promise stayed open."""
    service = OpenLoopService(JsonlLoopStore(_written(tmp_path, _series("pills0001", "2199-12-31 08:00", repeat))),
                              tz=SEOUL, clock=_Clock("2026-12-06 10:00", SEOUL))
    closed = service.skip("pills0001")[0] if act == "skip" else service.done("pills0001")
    assert closed.status is (LoopStatus.DISMISSED if act == "skip" else LoopStatus.DONE)
    assert service.agenda() == []
    reread = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL,
                             clock=_Clock("2026-12-06 10:00", SEOUL))
    assert [loop.status for loop in reread.all_loops()] == [closed.status]


def test_a_series_whose_next_time_is_past_2200_does_not_fail_the_sweep(tmp_path):
    """The clock at the window's end (a clock set wrong): the sweep expires the series and keeps it once; before, the
    sweep's `TimeOutOfRange` failed every agenda read (only an OSError was caught there)."""
    clock = _Clock("2026-12-06 10:00", SEOUL)
    service = OpenLoopService(JsonlLoopStore(_written(tmp_path, _series("pills0001", "2199-12-24 08:00", "weekly"),
                                                      _series("call0001", "2199-12-24 09:00", "", desc="call Bob"))),
                              tz=SEOUL, clock=clock)
    clock.now = _ms("2199-12-31 20:00") / 1000
    change = service.expire()
    assert sorted(loop.desc for loop in change.closed) == ["call Bob", "take my pills"]
    assert service.agenda() == []


def test_guard_a_series_inside_the_window_still_rolls_on_skip_and_done(tmp_path):
    service = OpenLoopService(JsonlLoopStore(_written(tmp_path, _series("pills0001", "2199-12-31 08:00", "daily"),
                                                      _series("walk0001", "2026-12-07 08:00", "sun", desc="walk"))),
                              tz=SEOUL, clock=_Clock("2026-12-06 10:00", SEOUL))
    _, rolled = service.skip("pills0001")   # 2200-01-01 08:00 in Seoul is still 2199 in UTC: kept
    assert rolled is not None and _local(rolled.due_ms) == "Wed 2200-01-01 08:00"
    service.skip("walk0001")
    assert sorted((loop.desc, _local(loop.due_ms)) for loop in service.agenda()) == [
        ("take my pills", "Wed 2200-01-01 08:00"), ("walk", "Sun 2026-12-13 08:00")]


# ---------------------------------------------------------------- "skip the pills tomorrow" while today's is next

def _pills_desk(tmp_path: Path, korean: KoreanAnalyzer,
                said: str = "remind me every day at 8am to take my pills") -> tuple[AgendaDesk, _Clock]:
    clock = _Clock("2026-12-05 20:00", BERLIN)   # Saturday evening: the first is Sunday 8 AM
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=BERLIN, clock=clock), korean)
    assert desk.handle(said, "default") is not None
    clock.now = _ms("2026-12-06 07:00", BERLIN) / 1000   # Sunday 7 AM: today's 8 AM is the open one
    return desk, clock


def _open(desk: AgendaDesk) -> list[str]:
    return [_local(loop.due_ms, BERLIN) for loop in desk.service.agenda()]


@pytest.mark.parametrize("said", ["skip the pills tomorrow", "skip tomorrow's pills", "skip the pills tomorrow please"])
def test_skipping_tomorrows_pills_while_todays_is_next_skips_tomorrows_and_keeps_todays(tmp_path, korean, said):
    """Before pass 55a: "OK, I'll skip this one: take your pills. Next: tomorrow at 8 AM.": today's 8 AM (the one open)
    was withdrawn and the one the user asked to skip kept. Pass 55a then skipped nothing ("Not skipped: … I can only skip
    the next one"); since the sixty-seventh session a skip with its day is that day's time off (`day_off._EN_SKIP_ON`):
    tomorrow's is off, today's kept."""
    desk, _ = _pills_desk(tmp_path, korean)
    reply = desk.handle(said, "default")
    assert reply is not None and reply.text == ("OK, you won't take your pills on Monday, December 7; it's back on "
                                                "Tuesday, December 8."), reply.text
    assert _open(desk) == ["Sun 2026-12-06 08:00"]


def test_skipping_todays_pills_once_todays_is_done_skips_nothing_and_says_so(tmp_path, korean):
    desk, clock = _pills_desk(tmp_path, korean)
    assert desk.handle("I took my pills", "default") is not None
    clock.now = _ms("2026-12-06 10:00", BERLIN) / 1000
    reply = desk.handle("skip the pills today", "default")
    assert reply is not None and reply.text.startswith("Not skipped: take your pills comes next tomorrow at 8 AM"), \
        reply.text
    assert _open(desk) == ["Mon 2026-12-07 08:00"]


@pytest.mark.parametrize("said", ["skip the pills today", "skip today's pills", "skip the pills this morning",
                                  "skip it", "skip the pills"])
def test_guard_skipping_the_next_one_by_its_day_or_without_one_still_skips_it(tmp_path, korean, said):
    desk, _ = _pills_desk(tmp_path, korean)
    reply = desk.handle(said, "default")
    assert reply is not None and reply.text == "OK, I'll skip this one: take your pills. Next: tomorrow at 8 AM."
    assert _open(desk) == ["Mon 2026-12-07 08:00"]


@pytest.mark.slow
def test_a_korean_skip_of_tomorrow_while_todays_is_next_is_tomorrows_day_off(tmp_path, korean):
    """Since the sixty-fifth session a Korean day of a series is taken off alone (`day_off.ko_day_off`; before, "내일은 약
    건너뛸게" with today's still next skipped nothing): tomorrow is off, today's stays, and skipping today's then goes on
    to the day after tomorrow."""
    desk, _ = _pills_desk(tmp_path, korean, "매일 아침 8시에 약 먹으라고 알려줘")
    reply = desk.handle("내일은 약 건너뛸게", "default")
    assert reply is not None and reply.text == "알겠어요, 내일은 약 먹기 없어요. 다음은 모레예요.", reply.text
    assert _open(desk) == ["Sun 2026-12-06 08:00"] and desk.service.agenda()[0].skips == "2026-12-07"
    reply = desk.handle("오늘은 약 건너뛸게", "default")
    assert reply is not None and reply.text.startswith("이번엔 건너뛸게요"), reply.text
    assert _open(desk) == ["Tue 2026-12-08 08:00"]


# ---------------------------------------------------------------- the command line on a full disk

def _jarvisd(home: Path, *args: str, fsize: int) -> tuple[int, str, str]:
    """`python -m jarvisd ARGS` with `JARVIS_HOME=home` under a file size limit of `fsize` bytes (`ulimit -f`: a
    write past it fails with EFBIG, as a full disk fails with ENOSPC; Python ignores SIGXFSZ)."""
    import os
    import resource
    import subprocess
    import sys

    env = {**os.environ, "JARVIS_HOME": str(home), "OLLAMA_HOST": "http://127.0.0.1:9", "JARVIS_HUD__PORT": "18589",
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, "-m", "jarvisd", *args], env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize)))
    return done.returncode, done.stdout, done.stderr


def test_jarvisd_hud_on_a_full_disk_is_one_line_and_leaves_no_empty_token(tmp_path):
    """Before: `jarvisd hud --print-url` (and `jarvisd mic`) with no token yet on a full disk: a 19-line
    `OSError: [Errno 28] No space left on device` traceback from `load_or_create_token`, an empty `hud.token` left."""
    (tmp_path / "data").mkdir()
    code, out, err = _jarvisd(tmp_path, "hud", "--print-url", "--no-check", fsize=0)
    assert code == 1 and "Traceback" not in err, err
    assert err.strip().splitlines() == [f"jarvisd: cannot write the token file {tmp_path / 'data' / 'hud.token'} "
                                        "(File too large): free some space on its disk and try again"]
    assert not (tmp_path / "data" / "hud.token").exists()
    code, out, err = _jarvisd(tmp_path, "hud", "--print-url", "--no-check", fsize=1 << 20)   # the disk back
    assert code == 0 and "#token=" in out, err


def test_jarvisd_openloop_done_on_a_full_disk_is_one_line_and_changes_nothing(tmp_path):
    """Before: `jarvisd openloop done` of a daily promise (its close and its next time: two records) past the limit:
    a 36-line `OSError: [Errno 27] File too large` traceback from the store's write."""
    (tmp_path / "data").mkdir()
    now = int(time.time() * 1000)   # the real clock: the subprocess reads it
    records = [{"id": f"loop{i:04d}aaaa", "desc": f"call Bob {i}", "status": "open", "created_ms": now, "updated_ms": now,
                "due_ms": now + (i + 1) * 86_400_000, "repeat": "daily" if i == 0 else None} for i in range(8)]
    path = _written(tmp_path / "data", *records)
    before = path.read_bytes()
    code, out, err = _jarvisd(tmp_path, "openloop", "done", "loop0000", fsize=len(before) + 100)
    assert code == 1 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("jarvisd openloop done: the agenda could not be saved (File too "
                                                   "large); nothing changed."), err
    code, out, err = _jarvisd(tmp_path, "openloop", "list", fsize=1 << 20)
    assert code == 0 and "loop0000  call Bob 0" in out, (out, err)
    code, out, err = _jarvisd(tmp_path, "openloop", "done", "loop0000", fsize=1 << 20)   # the disk back
    assert code == 0 and out.startswith("✓ loop0000 call Bob 0 -> done"), (out, err)


@pytest.mark.parametrize("args", [("openloop", "list"), ("doctor", "--json"), ("hud", "--print-url", "--no-check")])
@pytest.mark.parametrize("buffered", [True, False])
def test_a_commands_output_on_a_full_disk_is_one_line_not_a_traceback(tmp_path, args, buffered):
    """Before: `jarvisd openloop list > file` on a full disk (here `/dev/full`): a 12-17 line `OSError: [Errno 28] No
    space left on device` traceback (PYTHONUNBUFFERED set: from the print; unset: "Exception ignored" at the exit)."""
    import os
    import subprocess
    import sys

    (tmp_path / "data").mkdir()
    env = {**os.environ, "JARVIS_HOME": str(tmp_path), "OLLAMA_HOST": "http://127.0.0.1:9", "JARVIS_HUD__PORT": "18589",
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "jarvisd", *args], env=env, stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, \
        done.stderr
    assert done.stderr.strip().splitlines()[-1] == ("jarvisd: the output could not be written (No space left on device):"
                                                   " free some space where it goes, or send it elsewhere; what the "
                                                   "command did is done"), done.stderr


# ---------------------------------------------------------------- a rule this version does not know, in the agenda's answers

def test_a_series_with_a_rule_this_version_does_not_know_is_not_listed_as_repeating(tmp_path, korean):
    """Before: "what are my recurring reminders?" with "feed the cat" written by hand as repeating "every 0 days" (a
    rule the loader does not know: kept once, shown once in the HUD) answered "2 things repeat: … feed the cat …"."""
    made = _ms("2026-12-05 10:00", BERLIN)
    records = [{"id": f"loop{i}aaaa", "desc": desc, "status": "open", "created_ms": made, "updated_ms": made,
                "due_ms": _ms(due, BERLIN), "repeat": rule}
               for i, (desc, due, rule) in enumerate([("feed the cat", "2026-12-06 18:00", "every 0 days"),
                                                      ("pay rent", "2026-12-06 19:00", "interval:0"),
                                                      ("take my pills", "2026-12-07 08:00", "daily")])]
    clock = _Clock("2026-12-06 10:00", BERLIN)
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(_written(tmp_path, *records)), tz=BERLIN, clock=clock), korean)
    reply = desk.handle("what are my recurring reminders?", "default")
    assert reply is not None and reply.text.startswith("One thing repeats: take your pills"), reply.text
    assert "cat" not in reply.text and "rent" not in reply.text
    reply = desk.handle("skip the rent tomorrow", "default")   # kept once: not "I can only skip the next one"
    assert reply is not None and not reply.text.startswith("Not skipped"), reply.text


# ---------------------------------------------------------------- the doctor on a home remounted read-only

def test_the_doctor_reads_the_agenda_of_a_read_only_home_and_says_the_data_dir_is_read_only(tmp_path, monkeypatch):
    """Before: on a file system remounted read-only (what the kernel does after disk errors) `jarvisd doctor` said
    "agenda : UNREADABLE: cannot open the agenda log …: Read-only file system" (it opened the log for appending) and
    nothing of the data dir, which `jarvisd run` cannot start on. (EROFS and the mount flag stood in for by patches:
    a real remount needs root; the pass ran it on a tmpfs remounted `ro`.)"""
    import errno
    import os

    import jarvisd.doctor as doctor
    from jarvisd.config import load_config

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path))
    cfg = load_config()
    cfg.paths.data_dir.mkdir(parents=True)
    made = int(time.time() * 1000)
    _written(cfg.paths.data_dir, {"id": "loop0001", "desc": "call Bob", "status": "open", "created_ms": made,
                                  "updated_ms": made, "due_ms": made + 86_400_000})
    real_open, real_statvfs = os.open, os.statvfs

    def read_only_open(path, flags, *args):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args)

    class _Flags:
        def __init__(self, real):
            self._real = real
            self.f_flag = real.f_flag | os.ST_RDONLY

        def __getattr__(self, name):
            return getattr(self._real, name)

    monkeypatch.setattr(os, "open", read_only_open)
    monkeypatch.setattr(os, "statvfs", lambda path: _Flags(real_statvfs(path)))
    report = doctor.agenda_report(cfg)
    assert report["error"] is None and report["open"] == 1, report
    problem = getattr(doctor, "_data_dir_problem", lambda folder: None)(cfg.paths.data_dir)
    assert problem is not None and problem.startswith("READ-ONLY"), problem
    monkeypatch.setattr(os, "statvfs", real_statvfs)
    assert doctor._data_dir_problem(cfg.paths.data_dir) is None
