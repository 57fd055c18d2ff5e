"""The fiftieth adversarial pass (issue 18's kinds) on the fixes merged today and the session's latest commits."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, agenda_rows, said_to


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    clock = FakeClock(0)
    clock.set_local("2026-12-05 14:00")
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)


def test_my_license_renewed_does_not_close_bobs_drivers_license(desk):
    """A "driver's license" is no driver's thing, but Bob's driver's license is still Bob's: "I renewed my license"
    marked "renew Bob's driver's license" done (a closing the user did not say), where "renew Bob's license" stayed
    open."""
    said_to(desk, "I need to renew Bob's driver's license next month")
    assert said_to(desk, "I renewed my license") == [None]
    assert agenda_rows(desk) == [("renew Bob's driver's license", "2027-01-31 23:59")]


def test_guard_bobs_drivers_license_renewed_closes_it_and_mine_closes_mine(desk):
    said_to(desk, "I need to renew Bob's driver's license next month", "I need to renew my driver's license next week")
    assert said_to(desk, "I renewed my license") == ["Marked done: renew your driver's license."]
    assert said_to(desk, "I renewed Bob's driver's license") == ["Marked done: renew Bob's driver's license."]
    assert agenda_rows(desk) == []
