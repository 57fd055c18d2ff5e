"""lows72: a repeating promise is said on its day, not by it ("water the plants, by Sunday, then every Sunday")."""

from __future__ import annotations

from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)


def test_a_weekly_chore_is_said_on_its_day_then_every_week(desk, clock) -> None:
    at(clock, "2026-12-09 09:00")
    assert desk.handle("remind me to water the plants every sunday", "s").text == \
        "I'll remind you: water the plants, Sunday, then every Sunday."
    assert "Sunday, then every Sunday" in desk.handle("what's on my agenda", "s").text


def test_held_out_a_monthly_one_and_a_daily_one(desk) -> None:
    said = desk.handle("remind me to pay the rent on the 1st of every month", "s").text
    assert said.endswith(", then every month on the 1st.") and ", by " not in said


def test_guard_a_one_off_promise_keeps_its_by(desk) -> None:
    assert desk.handle("i need to call mom by friday", "s").text == "Got it: call mom, by Friday."
