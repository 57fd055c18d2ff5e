"""Quiet hours: a local wall-clock window ("22:00-08:00") in which jarvisd does not speak unasked.

Pure: times are UTC epoch milliseconds in and out, read on the user's configured zone, never the server's.
The window may wrap midnight; its start is inside it, its end is not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

_WINDOW = re.compile(r"^\s*([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)\s*$")


@dataclass(frozen=True)
class QuietHours:
    """Minutes after local midnight; `start == end` (and the empty string) means no quiet hours."""

    start_min: int
    end_min: int

    @classmethod
    def parse(cls, text: str) -> QuietHours:
        if not text or not text.strip():
            return NO_QUIET_HOURS
        match = _WINDOW.match(text)
        if match is None:
            raise ValueError(f"quiet hours must look like '22:00-08:00' or be empty (got {text!r})")
        h1, m1, h2, m2 = (int(g) for g in match.groups())
        return cls(h1 * 60 + m1, h2 * 60 + m2)

    @property
    def empty(self) -> bool:
        return self.start_min == self.end_min

    def _local(self, at_ms: int, tz: tzinfo) -> datetime:
        return datetime.fromtimestamp(at_ms / 1000, tz)

    def contains(self, at_ms: int, tz: tzinfo) -> bool:
        if self.empty:
            return False
        local = self._local(at_ms, tz)
        minute = local.hour * 60 + local.minute
        if self.start_min < self.end_min:
            return self.start_min <= minute < self.end_min
        return minute >= self.start_min or minute < self.end_min

    def end_after(self, at_ms: int, tz: tzinfo) -> int:
        """When the quiet stretch holding `at_ms` ends (`at_ms` itself when it is not quiet)."""
        if not self.contains(at_ms, tz):
            return at_ms
        local = self._local(at_ms, tz)
        day = local.date()
        if self.start_min > self.end_min and local.hour * 60 + local.minute >= self.start_min:
            day += timedelta(days=1)  # 23:00 in "22:00-08:00": the window ends tomorrow morning
        # the end's clock time twice on an autumn night (1:30 EDT, then EST): the first that is not before `at_ms`
        # (before, 1:15 AM EST in "00:00-01:30" ended at 1:30 AM EDT, 45 minutes before it; pass 33)
        return next((end for end in _readings(day, self.end_min, tz) if end >= at_ms), at_ms)

    def start_before(self, at_ms: int, tz: tzinfo) -> int:
        """When the quiet stretch holding `at_ms` began (`at_ms` itself when it is not quiet)."""
        if not self.contains(at_ms, tz):
            return at_ms
        local = self._local(at_ms, tz)
        day = local.date()
        if self.start_min > self.end_min and local.hour * 60 + local.minute < self.end_min:
            day -= timedelta(days=1)  # 03:00 in "22:00-08:00": the window began last night
        # the start's clock time twice on an autumn night: the stretch began at the first of them
        return next((start for start in _readings(day, self.start_min, tz) if start <= at_ms), at_ms)


def _readings(day: date, minute: int, tz: tzinfo) -> tuple[int, int]:
    """UTC epoch ms of a wall-clock minute of `day`, read as the first and as the second of its two readings (the
    same twice except in the repeated hour of an autumn night)."""
    at = datetime.combine(day, time(minute // 60, minute % 60), tzinfo=tz)
    return int(at.replace(fold=0).timestamp() * 1000), int(at.replace(fold=1).timestamp() * 1000)


NO_QUIET_HOURS = QuietHours(0, 0)
