"""A student in exam week, a small-business owner, an older user and a home renovation, told to the offline default
(the sixty-third session's conversations, no Ollama), and the lows the sixty-second left: each case here went to
SmolLM2, kept nothing, kept it wrong or said the wrong thing. Real desk and agenda service on a JSONL agenda with a
stopped clock (a Monday morning, UTC)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import agenda_desk, agenda_rows, said_to

UTC = ZoneInfo("UTC")
MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)      # a Monday morning


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


# ---------------------------------------------------------------- the sixty-second session's lows

@pytest.mark.parametrize("asked", ["how many days until the trip", "how many days until my trip", "when is the trip"])
def test_the_trip_names_the_flight(desk, asked):
    """Before: SmolLM2, "The trip is scheduled to take place on the 28th of August, 2023." ("trip" named no "flight to
    Rome": the flight was taken for the description's verb)."""
    said = said_to(desk, "my flight to Rome is on the 20th at 7am", asked)
    assert said[1] is not None and said[1].startswith("Flight to Rome is Sunday, December 20 at 7 AM")


def test_pack_the_night_before_the_flight_is_kept(desk):
    """Before: "Sorry, I don't have an answer to that." (an order timed by another promise was no order with a time)."""
    said = said_to(desk, "my flight to Rome is on the 20th at 7am", "pack the night before the flight", "when do i pack")
    assert said[1:] == ["Got it: pack, Saturday, December 19 at 8 PM.", "Pack is Saturday, December 19 at 8 PM."]


def test_packing_moves_with_the_flight(desk):
    """Before: the flight moved to the 21st, packing stayed on the 19th ("Earlier today you told me: 'pack the night
    before the flight.'" to "when do i pack")."""
    said = said_to(desk, "my flight to Rome is on the 20th at 7am", "pack the night before the flight",
                   "the flight moved to the 21st", "when do i pack")
    assert said[2] == "Updated: flight to Rome, now Monday, December 21 at 7 AM. " \
                      "Moved with it: pack, now Sunday, December 20 at 8 PM."
    assert said[3] == "Pack is Sunday, December 20 at 8 PM."


def test_a_reminder_the_day_before_moves_with_its_reminder(desk):
    said_to(desk, "my flight to Rome is on the 20th at 7am", "remind me to water the plants the day before my trip",
            "push the flight to the 23rd")
    loop = next(loop for loop in desk.service.agenda() if loop.desc == "water the plants")
    remind = datetime.fromtimestamp(loop.remind_ms / 1000, UTC)
    assert (remind.day, remind.hour) == (22, 9)


def test_guard_a_move_within_the_day_leaves_the_night_before(desk):
    said = said_to(desk, "my flight to Rome is on the 20th at 7am", "pack the night before the flight",
                   "move the flight to 9am")
    assert said[2] == "Updated: flight to Rome, now Sunday, December 20 at 9 AM."
    assert ("pack", "2026-12-19 20:00") in agenda_rows(desk)


def test_guard_another_promise_the_night_before_stays(desk):
    said_to(desk, "my flight to Rome is on the 20th at 7am", "the party is saturday at 8",
            "buy a gift the day before the party", "the flight moved to the 21st")
    assert ("buy a gift", "2026-12-11 23:59") in agenda_rows(desk)
