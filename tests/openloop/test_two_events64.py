"""Two things one has, each with its time, in one sentence (the sixty-fourth session's days lived: "i have a team meeting
at 11 and lunch with dave at 1" was one promise "team meeting and lunch with dave" at 11 AM, and "lunch with dave is
done" then closed the meeting too)."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

from .conftest import SEOUL, FakeClock


@pytest.fixture
def desk(tmp_path, korean):
    clock = FakeClock(0)
    clock.set_local("2026-12-07 07:30")
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)


def _kept(desk: AgendaDesk) -> list[tuple[str, str]]:
    return sorted((loop.desc, desk.service.format_due(loop) or "") for loop in desk.service.unexpired() if loop.is_open)


@pytest.mark.parametrize("said, kept", [
    ("i have a team meeting at 11 and lunch with dave at 1",
     [("lunch with dave", "2026-12-07 13:00"), ("team meeting", "2026-12-07 11:00")]),
    ("I have a dentist appointment at 3 and a call with Sam at 5",       # held out
     [("call with Sam", "2026-12-07 17:00"), ("dentist appointment", "2026-12-07 15:00")]),
    ("i've got a meeting at 3 and then a call at 4",                      # held out
     [("call", "2026-12-07 16:00"), ("meeting", "2026-12-07 15:00")]),
])
def test_two_things_had_each_with_its_time_are_two_promises(desk, said, kept):
    desk.handle(said, "s")
    assert _kept(desk) == kept


def test_closing_one_leaves_the_other(desk):
    desk.handle("i have a team meeting at 11 and lunch with dave at 1", "s")
    assert desk.handle("lunch with dave is done", "s").text == "Marked done: lunch with dave."
    assert [desc for desc, _ in _kept(desk)] == ["team meeting"]


@pytest.mark.parametrize("said, kept", [
    ("I have a meeting with Ann and Bob at 3", [("meeting with Ann and Bob", "2026-12-07 15:00")]),
    # one thing at two times is that thing twice (pass 66 fixed the fifth pass's low: its second time was left)
    ("I have a call at 10 and at 2", [("call", "2026-12-07 10:00"), ("call", "2026-12-07 14:00")]),
])
def test_guard_one_thing_with_and_stays_one(desk, said, kept):
    desk.handle(said, "s")
    assert _kept(desk) == kept
