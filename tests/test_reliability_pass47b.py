"""The forty-seventh pass (b): issue 18's kinds against the repeating promises only (`openloop/repeats.py`, the
service's close/roll/skip/revive/unexpire). Each finding's test failed on the branch's starting code (`f0ef66e`);
the guards passed there too. Real agenda service on JSONL (and LanceDB where said), a stopped clock; no model."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop import repeats
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, _local_ms


def _service(tmp_path, start: str) -> tuple[OpenLoopService, FakeClock]:
    clock = FakeClock(_local_ms(start, SEOUL) / 1000)
    return OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), clock


def _day(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, SEOUL).strftime("%m-%d %H:%M")


# ---------------------------------------------------------------- a clock days ahead, then put right

def test_a_clock_days_ahead_then_put_right_leaves_one_pills_reminder_not_one_per_day_it_rolled(tmp_path):
    """Before: the sweeps of a clock three days ahead expired the 8 AM pills and each next time in turn; put right,
    every one of them was opened again: four "take my pills" open (12-07, 12-10, 12-11, 12-12)."""
    service, clock = _service(tmp_path, "2026-12-07 07:00")
    service.add("take my pills", due_ms=_local_ms("2026-12-07 08:00"), repeat="daily")
    clock.set_local("2026-12-10 07:00")
    for _ in range(60):   # hourly sweeps while the clock is ahead
        service.expire()
        clock.advance(3600)
    clock.set_local("2026-12-07 07:05")
    service.expire()
    assert [_day(loop.due_ms) for loop in service.agenda()] == ["12-07 08:00"]
    reread = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    assert [_day(loop.due_ms) for loop in reread.agenda()] == ["12-07 08:00"]
    done = service.done(service.agenda()[0].id)   # and the series goes on from there, once
    assert done.status is LoopStatus.DONE
    assert [_day(loop.due_ms) for loop in service.agenda()] == ["12-08 08:00"]


def test_guard_a_clock_ahead_reopens_a_plain_promise_and_leaves_another_sessions_series(tmp_path):
    service, clock = _service(tmp_path, "2026-12-07 07:00")
    service.add("take my pills", due_ms=_local_ms("2026-12-07 08:00"), repeat="daily")
    service.add("take my pills", due_ms=_local_ms("2026-12-07 09:00"), repeat="daily", session="kid")
    service.add("call Bob", due_ms=_local_ms("2026-12-07 10:00"))
    clock.set_local("2026-12-09 07:00")
    for _ in range(30):
        service.expire()
        clock.advance(3600)
    clock.set_local("2026-12-07 07:05")
    service.expire()
    open_now = sorted((loop.session, loop.desc, _day(loop.due_ms)) for loop in service.agenda())
    assert open_now == [("default", "call Bob", "12-07 10:00"), ("default", "take my pills", "12-07 08:00"),
                        ("kid", "take my pills", "12-07 09:00")]


# ---------------------------------------------------------------- a DST gap at the repeat's time

NEW_YORK = ZoneInfo("America/New_York")


def _ny(text: str) -> int:
    return _local_ms(text, NEW_YORK)


def _wall(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, NEW_YORK).strftime("%m-%d %H:%M")


@pytest.mark.parametrize(("key", "first", "dues"), [
    ("daily", "2027-03-13 02:30", ["03-14 03:30", "03-15 02:30", "03-16 02:30"]),
    ("sun", "2027-03-07 02:30", ["03-14 03:30", "03-21 02:30", "03-28 02:30"]),
    ("monthly:14", "2027-02-14 02:15", ["03-14 03:15", "04-14 02:15", "05-14 02:15"]),
])
def test_a_repeat_rolled_through_a_dst_gap_comes_back_at_its_own_clock_time(tmp_path, key, first, dues):
    """Before: "every day at 2:30" rolled into New York's 2027-03-14 (no 2:30 that night) was due at 3:30, and every
    one after it at 3:30 too: the pills an hour late for the rest of the year."""
    clock = FakeClock(_ny(first) / 1000 - 3600)
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=NEW_YORK, clock=clock)
    loop = service.add("take my pills", due_ms=_ny(first), remind_ms=_ny(first) - 600_000, repeat=key)
    seen = []
    for _ in dues:
        clock.now = loop.due_ms / 1000 + 60
        service.done(loop.id)
        reread = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=NEW_YORK, clock=clock)
        (loop,) = reread.agenda()   # from the records on disk, as after a restart
        service = reread
        assert loop.due_ms - loop.remind_ms == 600_000
        assert service.repeat_said(loop) == service.repeat_said(replace(loop, repeat=key))
        seen.append(_wall(loop.due_ms))
    assert seen == dues


@pytest.mark.parametrize(("key", "read"), [
    ("daily@02:30", "daily@02:30"), (" Daily@02:30 ", "daily@02:30"), ("mon,thu@23:59", "mon,thu@23:59"),
    ("daily@25:00", None), ("daily@2:30", None), ("@02:30", None), ("daily@02:30@03:00", None), ("daily@", None),
    ("nonsense@02:30", None), ("daily", "daily"),
])
def test_guard_a_kept_clock_time_in_a_repeat_key_is_read_strictly(key, read):
    rule = repeats.from_key(key)
    assert (None if rule is None else rule.key) == read


# ---------------------------------------------------------------- many repeating promises expiring at once

class _CountingStore(JsonlLoopStore):
    def __init__(self, path) -> None:
        super().__init__(path)
        self.writes = 0

    def save(self, loop) -> None:
        self.writes += 1
        super().save(loop)

    def save_many(self, loops) -> None:
        self.writes += 1
        super().save_many(loops)


def test_two_thousand_repeating_promises_expiring_together_are_a_few_writes_not_one_each(tmp_path):
    """Before: the sweep wrote each expired promise (and its next time) on its own, a LanceDB commit each (~7 a
    second on the daemon): 2,000 daily ones after a daemon was off took minutes, and every agenda read runs the same
    sweep, so "what are my recurring reminders?" was answered after 229 s and GET /api/agenda after 220 s."""
    store = _CountingStore(tmp_path / "openloops.jsonl")
    clock = FakeClock(_local_ms("2026-12-07 07:00", SEOUL) / 1000)
    service = OpenLoopService(store, tz=SEOUL, clock=clock)
    with service.one_write():
        for i in range(2000):
            service.add(f"take pill number {i}", due_ms=_local_ms("2026-12-07 08:00"), repeat="daily")
    store.writes = 0
    clock.set_local("2026-12-08 07:00")
    change = service.expire()
    assert len(change.closed) == 2000 and len(change.opened) == 2000
    assert store.writes <= 10
    reread = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    assert {_day(loop.due_ms) for loop in reread.agenda()} == {"12-08 08:00"}
    assert len(reread.agenda()) == 2000


def test_guard_a_full_disk_in_a_sweep_batch_leaves_that_batch_open_not_half_rolled(tmp_path, monkeypatch):
    store = JsonlLoopStore(tmp_path / "openloops.jsonl")
    clock = FakeClock(_local_ms("2026-12-07 07:00", SEOUL) / 1000)
    service = OpenLoopService(store, tz=SEOUL, clock=clock)
    for i in range(3):
        service.add(f"take pill number {i}", due_ms=_local_ms("2026-12-07 08:00"), repeat="daily")

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "save_many", full)
    monkeypatch.setattr(store, "save", full)
    clock.set_local("2026-12-08 07:00")
    with pytest.raises(OSError):
        service.expire()
    assert sorted(_day(loop.due_ms) for loop in service.all_loops()) == ["12-07 08:00"] * 3
    assert all(loop.is_open for loop in service.all_loops())
