"""`current_time`: the date and time where the user is, from an injected clock (tests pin the time)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, tzinfo
from typing import Any

from jarvisd.agent.hooks import TurnContext
from jarvisd.agent.tools import EMPTY_OBJECT, Tool

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    from datetime import UTC

    return datetime.now(UTC)


def time_report(now: datetime, tz: tzinfo) -> dict[str, Any]:
    """What the model needs to speak about "now": local date, time, weekday and the zone."""
    if now.tzinfo is None:
        raise ValueError("the clock must return an aware datetime")
    local = now.astimezone(tz)
    offset = local.strftime("%z")
    return {
        "iso": local.isoformat(timespec="seconds"),
        "date": local.date().isoformat(),
        "time": local.strftime("%H:%M"),
        "weekday": local.strftime("%A"),
        "time_zone": getattr(tz, "key", None) or local.tzname() or "",
        "utc_offset": f"{offset[:3]}:{offset[3:]}",
    }


def current_time_tool(tz: tzinfo, clock: Clock = _utc_now) -> Tool:
    def run(ctx: TurnContext, args: dict[str, Any]) -> dict[str, Any]:
        return time_report(clock(), tz)

    return Tool("current_time", "The current date, time and weekday where the user is.", run, dict(EMPTY_OBJECT))
