"""Desks for the Korean rounds' tests: a real JSONL agenda in `tmp_path` and Kiwi, in Seoul, on Monday 2026-12-07 —
`monday` at 10:00 (its clock fixed), `early` from 07:00 on a clock moved by hand (`clock.set_local`). A test module
takes them by importing them:

    from tests.openloop.seoul_monday import MONDAY, monday_clock, seoul_early_desk, seoul_monday_desk  # noqa: F401

(named `monday`, `early` and `clock` in the tests; imported by other names so no test's argument shadows them)
"""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, agenda_desk

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture(name="monday")
def seoul_monday_desk(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


@pytest.fixture(name="clock")
def monday_clock() -> FakeClock:
    c = FakeClock(0)
    c.set_local("2026-12-07 07:00")
    return c


@pytest.fixture(name="early")
def seoul_early_desk(tmp_path, korean, clock) -> AgendaDesk:
    """A desk whose clock is moved by hand, from Monday 07:00."""
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
