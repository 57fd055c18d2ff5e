"""Pass 58: issue 18's done-when pass over the fifty-seventh session's new rules (step repeats, meal words, alarms by
day, shifts, Korean re-spacing, the wake word's slowed look) with bad values, unicode, length and pathological audio
(docs/reliability.md, "Fifty-eighth pass")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop import repeats
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import FakeClock

BERLIN = ZoneInfo("Europe/Berlin")


def _ms(*parts: int) -> int:
    return int(datetime(*parts, tzinfo=BERLIN).timestamp() * 1000)


def _dues_done_in_turn(service: OpenLoopService, clock: FakeClock, times: int) -> list[str]:
    """The open one's due, then it done a minute after it, `times` times: the series' dues as dated."""
    dues = []
    for _ in range(times):
        (loop,) = [loop for loop in service.all_loops() if loop.is_open]
        dues.append(datetime.fromtimestamp(loop.due_ms / 1000, BERLIN).strftime("%Y-%m-%d"))
        clock.now = loop.due_ms / 1000 + 60
        service.done(loop.id)
    return dues


@pytest.mark.parametrize("key", ["yearly", "yearly:02-29"])   # as 29ba104 stored it, and as it is kept now
def test_a_yearly_promise_on_february_29_comes_back_on_february_29_in_the_next_leap_year(tmp_path, key):
    """Before: "remind me every year on February 29 at 10am to call Leap" (or "매년 2월 29일 …") was due Feb 28 in
    2029-2031, as it should, and then Feb 28 in 2032 too, and every year after: each year's due was read from the one
    before, so the leap day was lost after its first year (the monthly rule keeps its day, "monthly:31")."""
    clock = FakeClock(_ms(2027, 12, 6, 9, 0) / 1000)
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=BERLIN, clock=clock)
    service.add("call Leap", due_ms=_ms(2028, 2, 29, 10, 0), repeat=key)
    assert _dues_done_in_turn(service, clock, 6) == ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28",
                                                     "2032-02-29", "2033-02-28"]


def test_a_yearly_promise_on_february_29_keeps_its_day_across_a_restart(tmp_path):
    """The day is in the stored key: a daemon started again in 2030 still comes back on Feb 29, 2032."""
    clock = FakeClock(_ms(2027, 12, 6, 9, 0) / 1000)
    path = tmp_path / "openloops.jsonl"
    service = OpenLoopService(JsonlLoopStore(path), tz=BERLIN, clock=clock)
    service.add("call Leap", due_ms=_ms(2028, 2, 29, 10, 0), repeat="yearly")
    _dues_done_in_turn(service, clock, 2)
    again = OpenLoopService(JsonlLoopStore(path), tz=BERLIN, clock=clock)
    assert _dues_done_in_turn(again, clock, 3) == ["2030-02-28", "2031-02-28", "2032-02-29"]


def test_guard_other_yearly_days_and_the_keys_of_a_step_are_as_before():
    assert repeats.from_key("yearly").key == "yearly"
    assert repeats.from_key("yearly:02-29").key == "yearly:02-29"
    assert repeats.from_key("yearly:02-29@02:30").key == "yearly:02-29@02:30"
    for bad in ("every:0h", "every:999999d", "every:2x", "every:14m", "every:73h", "every:1y", "yearly:02-30",
                "every:\u200b2h", "every:\uff12h"):
        assert repeats.from_key(bad) is None, bad
    rule = repeats.from_key("yearly")
    march = _ms(2027, 3, 1, 10, 0)
    assert repeats.settle(rule, march, BERLIN) == (rule, march)
    assert repeats.next_due(rule, march, march + 60_000, BERLIN) == _ms(2028, 3, 1, 10, 0)
