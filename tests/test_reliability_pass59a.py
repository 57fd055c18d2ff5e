"""Pass 59a: issue 18's done-when pass with bad values and unicode on the fifty-seventh session's rules (step
repeats, yearly promises, meal words, alarms by day, facts of someone named), and their time edges
(docs/reliability.md, "Fifty-ninth pass (a): values and unicode")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import FakeClock


def _desk(tmp_path: Path, korean: KoreanAnalyzer, now: str, zone: str) -> tuple[AgendaDesk, FakeClock]:
    tz = ZoneInfo(zone)
    clock = FakeClock(datetime.strptime(now, "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp())
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=tz, clock=clock), korean), clock


def _dues_done_in_turn(desk: AgendaDesk, clock: FakeClock, times: int) -> list[str]:
    """The open one's due (local), then it done a minute after it, `times` times."""
    dues = []
    for _ in range(times):
        (loop,) = [loop for loop in desk.service.all_loops() if loop.is_open]
        dues.append(datetime.fromtimestamp(loop.due_ms / 1000, desk.service.tz).strftime("%Y-%m-%d %H:%M"))
        clock.now = loop.due_ms / 1000 + 60
        desk.service.done(loop.id)
    return dues


@pytest.mark.parametrize("said, now, zone, dues", [
    ("remind me every day at 2:30am to take my pills", "2027-03-13 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-03-15 02:30", "2027-03-16 02:30"]),
    ("remind me every Sunday at 2:30am to take out the bins", "2027-03-10 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-03-21 02:30", "2027-03-28 02:30"]),
    ("remind me every month on the 14th at 2:30am to pay the gym", "2027-03-10 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-04-14 02:30", "2027-05-14 02:30"]),
    ("remind me every year on March 28 at 2:30am to call Pi", "2027-03-01 09:00", "Europe/Berlin",
     ["2027-03-28 03:30", "2028-03-28 02:30", "2029-03-28 02:30"]),
    ("remind me every day at 2:15am to call Howe", "2026-10-03 09:00", "Australia/Lord_Howe",   # a 30-minute gap
     ["2026-10-04 02:45", "2026-10-05 02:15", "2026-10-06 02:15"]),
])
def test_a_repeating_promise_first_due_in_a_dst_gap_comes_back_at_the_time_said(tmp_path, korean, said, now, zone,
                                                                                 dues):
    """Before: "remind me every day at 2:30am to take my pills" said on the Saturday before New York's spring change
    was due Sunday at 3:30 (no 2:30 that night, right) and then at 3:30 every day for good: the clock time said was
    lost with the first due (pass 47b kept it only for a due rolled into a gap, not for the first one)."""
    desk, clock = _desk(tmp_path, korean, now, zone)
    desk.handle(said, "s")
    assert _dues_done_in_turn(desk, clock, 3) == dues


@pytest.mark.parametrize("said, now, zone, dues", [
    ("remind me every day at 3:30am to take my pills", "2027-03-13 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-03-15 03:30"]),
    ("remind me every day at 2:45am to call Howe", "2026-10-03 09:00", "Australia/Lord_Howe",
     ["2026-10-04 02:45", "2026-10-05 02:45"]),
    ("remind me every day at 2:30am to take my pills", "2027-03-20 09:00", "America/New_York",
     ["2027-03-21 02:30", "2027-03-22 02:30"]),
])
def test_guard_a_repeating_promise_said_at_the_time_after_a_gap_stays_there(tmp_path, korean, said, now, zone, dues):
    desk, clock = _desk(tmp_path, korean, now, zone)
    desk.handle(said, "s")
    assert _dues_done_in_turn(desk, clock, 2) == dues
