"""One desk for the English rounds' tests: a real JSONL agenda in `tmp_path` whose clock starts on Monday 2026-12-07 at
10:00 UTC and is moved by hand (`at`). A test module takes the fixtures by importing them:

    from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)

(named `clock` and `desk` in the tests; imported by other names so no test's argument shadows them)
"""

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

UTC = ZoneInfo("UTC")
MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)      # a Monday morning


@pytest.fixture(name="clock")
def monday_clock() -> FakeClock:
    return FakeClock(MONDAY.timestamp())


@pytest.fixture(name="desk")
def monday_desk(tmp_path: Path, korean: KoreanAnalyzer, clock: FakeClock) -> AgendaDesk:
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=UTC, clock=clock)
    return AgendaDesk(service, korean)


def at(clock: FakeClock, when: str) -> None:
    """The clock set to `when` ("YYYY-MM-DD HH:MM", UTC)."""
    clock.now = datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp()
