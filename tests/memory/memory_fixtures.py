"""Shared constants and helpers for the memory tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

DIM = 64
T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)
