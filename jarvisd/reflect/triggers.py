"""When a reflection tick runs, as pure rules over the configured trigger and the user's activity.

`interval`: every `reflection_interval_sec`. `idle`: once per quiet stretch, when the user has been quiet
for `daemon_idle_sec`. `both`: either. Idle consolidation follows every tick that finds the user idle.
"""

from __future__ import annotations

from typing import Literal

Trigger = Literal["interval", "idle", "both"]
TRIGGERS: tuple[str, ...] = ("interval", "idle", "both")


def uses_interval(trigger: str) -> bool:
    return trigger in ("interval", "both")


def uses_idle(trigger: str) -> bool:
    return trigger in ("idle", "both")


def idle_reflection_due(*, idle_for_sec: float, idle_sec: float, last_activity: float,
                        last_reflection: float | None) -> bool:
    """Quiet long enough, and no reflection yet in this quiet stretch."""
    if idle_for_sec < idle_sec:
        return False
    return last_reflection is None or last_reflection < last_activity + idle_sec


def idle_poll_sec(idle_sec: float) -> float:
    """How often the idle trigger looks: a quarter of the idle time, between 1 s and 30 s."""
    return min(30.0, max(1.0, idle_sec / 4))


def consolidation_due(*, consolidate_on_idle: bool, idle_for_sec: float, idle_sec: float) -> bool:
    return consolidate_on_idle and idle_for_sec >= idle_sec
