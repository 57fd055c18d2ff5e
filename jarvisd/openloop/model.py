"""The data that crosses the open-loop boundaries: loops, a parsed judgement, an agenda change."""

from __future__ import annotations

import logging
import re
import uuid
from dataclasses import asdict, dataclass, field
from datetime import date
from datetime import time as dt_time
from enum import StrEnum
from typing import Any

log = logging.getLogger(__name__)


class LoopStatus(StrEnum):
    OPEN = "open"
    DONE = "done"            # finished: the judge's closed_loops or the user's ✓ / `done`
    DISMISSED = "dismissed"  # withdrawn: a dismissal phrase pointing at it, or ✕ / `dismiss`
    EXPIRED = "expired"      # due + expire_after passed, or no due and older than max_age


CLOSED_STATUSES = frozenset({LoopStatus.DONE, LoopStatus.DISMISSED, LoopStatus.EXPIRED})


def new_loop_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class OpenLoop:
    """One promise. Times are UTC epoch milliseconds; `due_ms` is None when no due was given."""

    id: str
    desc: str
    status: LoopStatus
    created_ms: int
    updated_ms: int
    due_ms: int | None = None
    session: str = "default"
    evidence: str | None = None
    closed_ms: int | None = None
    remind_ms: int | None = None  # a moment the user asked to be reminded at ("remind me at 6", a snooze)
    muted_ms: int | None = None   # when the user asked for no reminders of it ("don't remind me about the call")
    repeat: str | None = None     # "daily", "weekdays", "mon,thu", "monthly:31" (`repeats`): done or expired, it comes back
    # days of a repeating promise called off ahead of time, "2026-12-10,2026-12-17" (local dates): "cancel soccer
    # practice on thursday" with Tuesday's next; its next time rolls past them (`OpenLoopService.skip_on`)
    skips: str | None = None
    # the last day of a repeating promise, a local date "2026-12-13" (session 65: "take the antibiotics every day at 8
    # for 7 days", "until Sunday", "일요일까지"): no next time is opened after it (`OpenLoopService._roll`)
    until: str | None = None
    # due relative to another promise, "<other loop's id>:<days>" (after68: "잔금 이사 전날까지" is "<이사>:-1", "return the
    # van two days after the move" "<move>:2"): moved with that one (`desk/moving`), dropped when moved by itself
    after: str | None = None

    @property
    def is_open(self) -> bool:
        return self.status is LoopStatus.OPEN

    def to_record(self) -> dict[str, Any]:
        record = asdict(self)
        record["status"] = self.status.value
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> OpenLoop:
        def opt_int(key: str) -> int | None:
            value = record.get(key)
            return None if value is None else int(value)

        return cls(
            id=str(record["id"]),
            desc=str(record["desc"]),
            status=LoopStatus(record["status"]),
            created_ms=int(record["created_ms"]),
            updated_ms=int(record["updated_ms"]),
            due_ms=opt_int("due_ms"),
            session=str(record.get("session") or "default"),
            evidence=_evidence(record.get("evidence"), record.get("id")),
            closed_ms=opt_int("closed_ms"),
            remind_ms=opt_int("remind_ms"),
            muted_ms=opt_int("muted_ms"),
            repeat=record.get("repeat") or None,
            skips=record.get("skips") or None,   # a record from before the field: none
            until=_until(record.get("until"), record.get("id")),   # a record from before it, or a broken one: none
            after=_after(record.get("after")),   # a record from before it (after68), or a broken one: none
        )


def after_link(value: str | None) -> tuple[str, int] | None:
    """(the other promise's id, the days after its day) `OpenLoop.after` keeps, or None (none kept, or not a link)."""
    if not value:
        return None
    other, _, days = value.rpartition(":")
    if not other or re.fullmatch(r"-?\d{1,3}", days) is None:
        return None
    return other, int(days)


def _after(value: Any) -> str | None:
    """A stored link read as "<id>:<days>"; anything else is read as no link (the promise keeps its own due)."""
    return value if isinstance(value, str) and after_link(value) is not None else None


def until_day(value: str | None) -> date | None:
    """The local date `OpenLoop.until` keeps, or None (none kept, or not a date). A clock time after it ("2026-12-07T18:00":
    "every 2 hours until 6pm", pass 66) is read by `until_at`."""
    if not value:
        return None
    day, _, at = value.strip().partition("T")
    try:
        return date.fromisoformat(day) if not at or until_at(value) is not None else None
    except ValueError:
        return None


def until_at(value: str | None) -> dt_time | None:
    """The local clock time a series ends at on its last day ("…T18:00"), or None (it ends with the day)."""
    if not value or "T" not in value:
        return None
    at = value.strip().partition("T")[2]
    if re.fullmatch(r"\d{2}:\d{2}", at) is None:
        return None
    try:
        return dt_time.fromisoformat(at)
    except ValueError:
        return None


def _evidence(value: Any, loop_id: Any) -> str | None:
    """The words a promise was said in, or None. Another type (a number, a list: a hand edit, another program) is read
    as none with a log line (pass 68: the desk reads these words with string methods, and moving, closing or ending
    such a promise raised, which ended `jarvisd chat` and failed the turn in the daemon); the promise itself is kept."""
    if value is None or isinstance(value, str):
        return value
    log.warning("openloop: promise %s has words said (evidence) of type %s, not text; they are read as none",
                str(loop_id)[:40], type(value).__name__)
    return None


def _until(value: Any, loop_id: Any) -> str | None:
    """A stored series end read as "YYYY-MM-DD"; anything else is passed over with a log line (the promise keeps
    repeating with no end) and never stops the agenda loading."""
    if value is None or value == "":
        return None
    day = until_day(value) if isinstance(value, str) else None
    if day is None:
        log.warning("openloop: promise %s has an end %r that is no date; it is read with no end", str(loop_id)[:40],
                    str(value)[:40])
        return None
    at = until_at(value)
    return day.isoformat() if at is None else f"{day.isoformat()}T{at:%H:%M}"


@dataclass(frozen=True)
class ProposedLoop:
    """A promise as the judge wrote it: `desc @YYYY-MM-DD HH:MM (근거: quote)`; due in the user's zone."""

    desc: str
    due_ms: int | None = None
    evidence: str | None = None
    remind_ms: int | None = None  # "remind me ...": the moment to remind at (the rules set it; the model never)
    repeat: str | None = None     # "every day", "매주 월요일": `repeats.Repeat.key`, settled by the service on the due
    until: str | None = None      # the series' last day, "2026-12-13" ("until Sunday": `series_end`)
    for_days: int = 0             # "for 7 days": the last day is the first due's day + 6 (the service settles it)


@dataclass(frozen=True)
class ClosedRef:
    """A loop the judge asked to close: by its number in the list it was shown, or by its phrase. The
    model's judge closes as done; the promise rules also withdraw ("forget about the car insurance")."""

    index: int | None = None
    phrase: str | None = None
    status: LoopStatus = LoopStatus.DONE


@dataclass(frozen=True)
class Judgement:
    opened: tuple[ProposedLoop, ...] = ()
    closed: tuple[ClosedRef, ...] = ()
    dropped: tuple[str, ...] = ()  # malformed items, each dropped alone


@dataclass(frozen=True)
class AgendaChange:
    """What one judgement (or command, or expiry sweep) did to the agenda."""

    opened: tuple[OpenLoop, ...] = ()
    updated: tuple[OpenLoop, ...] = ()   # merged into an existing loop: a new due
    closed: tuple[OpenLoop, ...] = ()    # done, dismissed or expired, in their new state
    rejected: tuple[str, ...] = field(default=())  # "reason: desc" for proposals not stored
    kept: tuple[OpenLoop, ...] = ()      # said again with nothing new: already open as it is
    before: tuple[OpenLoop, ...] = ()    # the updated loops as they were (for "undo that" after a move)

    @property
    def changed(self) -> bool:
        return bool(self.opened or self.updated or self.closed)

    def __add__(self, other: AgendaChange) -> AgendaChange:
        return AgendaChange(self.opened + other.opened, self.updated + other.updated,
                            self.closed + other.closed, self.rejected + other.rejected, self.kept + other.kept,
                            self.before + other.before)
