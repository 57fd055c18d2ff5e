"""Proactive reminders as pure rules: which reminders an agenda yields, when each fires, what it says.

For every open loop with a due time there is one reminder per lead time (default 60 and 10 minutes
before the due). A reminder is identified by (loop id, lead, due): moving the due makes new reminders,
and a delivered one is never planned again. The plan for one loop follows these rules, in order:

1. A lead whose moment had already passed when the loop last changed (made, given a new due, revived)
   is skipped: the user has just spoken about the promise.
2. A reminder whose moment passed while nobody delivered it (the daemon was down) fires now.
3. A reminder inside quiet hours is deferred to their end.
4. A reminder that would fire at or after the due is dropped.
5. A reminder that would come less than half the gap between two lead times before the next shorter
   one (planned or already delivered) is dropped: it would say nearly the same thing a moment earlier.

The wording names the promise and the time left, in the promise's language: Korean when the
description has Hangul, else English. Times are UTC epoch milliseconds; local times use the user's zone.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import tzinfo
from typing import Literal

from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.reflect.quiet_hours import QuietHours

log = logging.getLogger(__name__)

Lang = Literal["ko", "en"]
DEFAULT_LEADS_MIN: tuple[int, ...] = (60, 10)
MINUTE_MS = 60_000


@dataclass(frozen=True, order=True)
class ReminderKey:
    """One reminder, never delivered twice: a loop, a lead time and the due it counts down to."""

    loop_id: str
    lead_min: int
    due_ms: int

    @property
    def job_id(self) -> str:
        """APScheduler job id; one per (loop, lead), so a new due replaces the old job."""
        return f"reminder:{self.loop_id}:{self.lead_min}"


@dataclass(frozen=True)
class PlannedReminder:
    key: ReminderKey
    desc: str
    lang: Lang
    fire_ms: int
    late: bool = False      # its moment had passed: fires as soon as it can
    deferred: bool = False  # moved out of quiet hours

    @property
    def loop_id(self) -> str:
        return self.key.loop_id

    @property
    def lead_min(self) -> int:
        return self.key.lead_min

    @property
    def due_ms(self) -> int:
        return self.key.due_ms


def has_hangul(text: str) -> bool:
    return any("\uac00" <= ch <= "\ud7a3" or "\u3131" <= ch <= "\u318e" for ch in text)


def promise_language(desc: str) -> Lang:
    """The language the promise was made in, read from its description."""
    return "ko" if has_hangul(desc) else "en"


def minutes_left(due_ms: int, now_ms: int) -> int:
    """Whole minutes to the due, rounded to the nearest, at least 1 (a reminder never says "0")."""
    return max(1, round((due_ms - now_ms) / MINUTE_MS))


def time_left_phrase(minutes: int, lang: Lang) -> str:
    hours, mins = divmod(max(1, minutes), 60)
    if lang == "ko":
        return " ".join(part for part in (f"{hours}시간" if hours else "", f"{mins}분" if mins else "") if part)
    parts = []
    if hours:
        parts.append(f"{hours} hour" + ("s" if hours > 1 else ""))
    if mins:
        parts.append(f"{mins} minute" + ("s" if mins > 1 else ""))
    return " ".join(parts)


def reminder_text(desc: str, minutes: int, lang: Lang | None = None) -> str:
    """`Reminder: send the report. It's due in 10 minutes.` / `알림: 보고서 보내기 기한이 10분 남았어요.`"""
    lang = lang or promise_language(desc)
    desc = desc.strip().rstrip(".。!")
    left = time_left_phrase(minutes, lang)
    if lang == "ko":
        return f"알림: {desc} 기한이 {left} 남았어요."
    return f"Reminder: {desc}. It's due in {left}."


def normalize_leads(leads_min: Iterable[int]) -> tuple[int, ...]:
    """Distinct positive lead times, longest first."""
    leads = sorted({int(lead) for lead in leads_min if int(lead) > 0}, reverse=True)
    return tuple(leads)


def _loop_plan(loop: OpenLoop, leads: Sequence[int], quiet: QuietHours, now_ms: int,
               delivered: Collection[ReminderKey], tz: tzinfo) -> list[PlannedReminder]:
    assert loop.due_ms is not None
    due = loop.due_ms
    lang = promise_language(loop.desc)
    # (lead, when) of reminders that happen: planned ones at their fire time, delivered ones at their moment
    happening: list[tuple[int, int, PlannedReminder | None]] = []
    for lead in leads:
        key = ReminderKey(loop.id, lead, due)
        moment = due - lead * MINUTE_MS
        if key in delivered:
            happening.append((lead, moment, None))
            continue
        if moment < loop.updated_ms:                       # rule 1
            continue
        late = moment < now_ms                             # rule 2
        fire = max(moment, now_ms)
        deferred = quiet.contains(fire, tz)                # rule 3
        if deferred:
            fire = quiet.end_after(fire, tz)
        if fire >= due:                                    # rule 4
            continue
        happening.append((lead, fire, PlannedReminder(key, loop.desc, lang, fire, late, deferred)))

    kept: list[PlannedReminder] = []
    shorter: tuple[int, int] | None = None                 # (lead, when) of the next shorter one kept
    for lead, when, planned in sorted(happening, key=lambda item: item[0]):
        if shorter is not None and shorter[1] - when < (lead - shorter[0]) * MINUTE_MS / 2:   # rule 5
            continue
        shorter = (lead, when)
        if planned is not None:
            kept.append(planned)
    return kept


def plan_reminders(loops: Iterable[OpenLoop], *, now_ms: int, tz: tzinfo,
                   leads_min: Iterable[int] = DEFAULT_LEADS_MIN, quiet: QuietHours | None = None,
                   delivered: Collection[ReminderKey] = frozenset()) -> list[PlannedReminder]:
    """The reminders still to deliver for these loops, earliest first (closed and due-less loops: none)."""
    leads = normalize_leads(leads_min)
    quiet = quiet or QuietHours(0, 0)
    plan: list[PlannedReminder] = []
    for loop in loops:
        if loop.status != LoopStatus.OPEN or loop.due_ms is None:
            continue
        try:
            plan.extend(_loop_plan(loop, leads, quiet, now_ms, delivered, tz))
        except (OverflowError, OSError, ValueError) as exc:  # one loop's due must not stop the planning
            log.warning("reminders: loop %s (%r) has a due that cannot be planned (due_ms=%s: %s); "
                        "no reminder for it (dismiss it with `jarvisd openloop dismiss %s`)",
                        loop.id, loop.desc, loop.due_ms, exc, loop.id[:8])
    plan.sort(key=lambda p: (p.fire_ms, p.key))
    return plan

