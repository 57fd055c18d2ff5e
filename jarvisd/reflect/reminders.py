"""Proactive reminders as pure rules: which reminders an agenda yields, when each fires, what it says.

For every open loop with a due time there is one reminder per lead time (default 60 and 10 minutes
before the due). A reminder is identified by (loop id, lead, due): moving the due makes new reminders,
and a delivered one is never planned again. The plan for one loop follows these rules, in order:

1. A lead whose moment had already passed when the loop last changed (made, given a new due, revived)
   is skipped: the user has just spoken about the promise.
2. A reminder whose moment passed while nobody delivered it (the daemon was down) fires now.
3. A reminder inside quiet hours is deferred to their end. When their end is at or after the due (a
   promise due at 07:30 or 08:00 with quiet hours until 08:00), it is brought forward instead, to
   `EVE_MIN` minutes before the quiet hours began, unless the user spoke of the promise after that moment.
4. A reminder that would fire at or after the due is dropped.
5. A reminder that would come less than half the gap between two lead times before the next shorter
   one (planned or already delivered) is dropped: it would say nearly the same thing a moment earlier.

A promise due on a day without a clock time ("by Friday", stored at 23:59 that day) gets one reminder
in the morning of that day instead (the end of quiet hours, else 09:00): its lead reminders would fall at
22:59 and 23:49, inside quiet hours, and be dropped, so "by Friday" was never reminded at all.

A loop the user asked to be reminded of at a moment ("remind me to check the oven in two hours", "don't
let me forget ... at 10 pm", a snooze) gets one reminder at that moment, and lead reminders only after
it: the user said when. It is not moved out of quiet hours (it was asked for) and not dropped at the due
(it is often at the due); one whose moment passed while the daemon was down fires at once.

The wording names the promise and the time left, in the promise's language: Korean when the
description has Hangul, else English. Times are UTC epoch milliseconds; local times use the user's zone.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, time, tzinfo

from jarvisd.language import Language, language_of
from jarvisd.openloop import repeats
from jarvisd.openloop.alarms import alarm_kind
from jarvisd.openloop.hangul import copula, subject
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.phrases import is_day_only, ko_on_its_day, second_person, spoken_due
from jarvisd.openloop.plans import en_not_a_deadline
from jarvisd.reflect.quiet_hours import QuietHours

log = logging.getLogger(__name__)

Lang = Language
DEFAULT_LEADS_MIN: tuple[int, ...] = (60, 10)
MINUTE_MS = 60_000
DAY_LEAD = -1          # the lead of the morning reminder of a promise due on a day (ReminderKey.lead_min)
MORNING = time(9, 0)   # that reminder's hour when there are no quiet hours
FAR_MIN = 180          # a due further than this is said by its day and clock time, not the time left
AT_DUE_GRACE_MS = 5 * 60_000   # a reminder held to the due by quiet hours is still said this long after it (a turn)
EVE_MIN = 15           # a reminder quiet hours would hold past the due comes this long before they begin


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
    loop_due_ms: int | None = None  # the promise's due, which the reminder counts down to (None: no due)

    @property
    def loop_id(self) -> str:
        return self.key.loop_id

    @property
    def lead_min(self) -> int:
        return self.key.lead_min

    @property
    def due_ms(self) -> int:
        return self.key.due_ms


def promise_language(desc: str) -> Lang:
    """The language the promise was made in, read from its description."""
    return language_of(desc)


def minutes_left(due_ms: int, now_ms: int) -> int:
    """Whole minutes to the due, rounded to the nearest, at least 1 (a reminder never says "0")."""
    return max(1, round((due_ms - now_ms) / MINUTE_MS))


def time_left_phrase(minutes: int, lang: Lang) -> str:
    """"1 hour 30 minutes" / "1시간 30분"."""
    hours, mins = divmod(max(1, minutes), 60)
    if lang == "ko":
        return " ".join(part for part in (f"{hours}시간" if hours else "", f"{mins}분" if mins else "") if part)
    parts = []
    if hours:
        parts.append(f"{hours} hour" + ("s" if hours > 1 else ""))
    if mins:
        parts.append(f"{mins} minute" + ("s" if mins > 1 else ""))
    return " ".join(parts)


def day_reminder_text(desc: str, lang: Lang | None = None) -> str:
    """The morning reminder of a promise due that day: `Reminder: return the library books. It's due today.`"""
    lang = lang or promise_language(desc)
    desc = desc.strip().rstrip(".。!")
    if lang == "ko" and ko_on_its_day(desc):
        return f"알림: {desc}, 오늘이에요."   # "랩미팅 발표", a visit, results out: on the day, not by it (korean69)
    if lang != "ko" and en_not_a_deadline(desc):
        # a plan with someone, a move (everyday77), an appointment (session 70): on its day, not "due" by it
        return f"Reminder: {second_person(desc)}. It's today."
    return f"알림: {desc}, 오늘까지예요." if lang == "ko" else f"Reminder: {second_person(desc)}. It's due today."


def reminder_text(desc: str, minutes: int | None, lang: Lang | None = None, due_said: str | None = None) -> str:
    """`Reminder: send the report. It's due in 10 minutes.` / `알림: 보고서 보내기 기한이 10분 남았어요.`

    `minutes` to the due: None for a promise without a due or a reminder at its due ("Reminder: check
    the oven."), negative for one past its due ("It was due 5 minutes ago."). `due_said`, the due in
    words ("tomorrow at 7:30 AM"), is said instead of the time left when that is more than `FAR_MIN`
    minutes (the evening reminder of a promise due in the morning). The user's "my" is said as "your"."""
    lang = lang or promise_language(desc)
    desc = desc.strip().rstrip(".。!")
    # an appointment, a meeting, a class happens at its time: "It's in 1 hour", not "It's due in 1 hour"
    # (the seventieth session: "Reminder: dentist appointment. It's due in 1 hour." / "치과 예약 기한이 1시간 남았어요.")
    event = (ko_on_its_day(desc) if lang == "ko" else en_not_a_deadline(desc)) \
        and alarm_kind(desc) is None
    if due_said and minutes is not None and minutes > FAR_MIN:
        if lang == "ko":
            when = due_said.removesuffix("까지")
            return f"알림: {desc}, {when}{copula(when)}." if event else f"알림: {desc}, {when}까지예요."
        if event:
            return f"Reminder: {second_person(desc)}. It's {due_said.removeprefix('by ')}."
        return f"Reminder: {second_person(desc)}. It's due {due_said}."
    if event and minutes is not None and minutes != 0:
        if lang == "ko":
            return f"알림: {desc}, {time_left_phrase(abs(minutes), lang)} {'뒤예요' if minutes > 0 else '전에 시작했어요'}."
        when = f"It's in {time_left_phrase(minutes, lang)}" if minutes > 0 else \
            f"It started {time_left_phrase(-minutes, lang)} ago"
        return f"Reminder: {second_person(desc)}. {when}."   # two sentences, as a deed's (docs/reminders.md)
    if lang == "ko":
        if (kind := alarm_kind(desc)) is not None and (minutes is None or minutes <= 0):
            return {"timer": f"알림: {desc}{subject(desc)} 끝났어요.", "wake": "일어날 시간이에요.", "alarm": "알람 시간이에요."}[kind]
        if minutes is None or minutes == 0:
            return f"알림: {desc}, 지금 할 시간이에요."
        if minutes < 0:
            return f"알림: {desc} 기한이 {time_left_phrase(-minutes, lang)} 지났어요."
        return f"알림: {desc} 기한이 {time_left_phrase(minutes, lang)} 남았어요."
    desc = second_person(desc)
    if (kind := alarm_kind(desc)) is not None and (minutes is None or minutes <= 0):   # "Time's up: 10-minute timer."
        return {"timer": f"Time's up: {desc}.", "wake": "Time to wake up.", "alarm": "Your alarm: it's time."}[kind]
    if minutes is None or minutes == 0:
        return f"Reminder: {desc}."
    if minutes < 0:
        return f"Reminder: {desc}. It was due {time_left_phrase(-minutes, lang)} ago."
    return f"Reminder: {desc}. It's due in {time_left_phrase(minutes, lang)}."


def spoken_text(planned: PlannedReminder, now_ms: int, tz: tzinfo) -> str:
    """The sentence a planned reminder is said with at `now_ms`: the day's morning one, or the lead one with the time
    left and the due."""
    if planned.lead_min == DAY_LEAD:
        return day_reminder_text(planned.desc, planned.lang)
    due_said = None if planned.loop_due_ms is None else spoken_due(
        planned.loop_due_ms, datetime.fromtimestamp(now_ms / 1000, tz), tz, planned.lang)
    return reminder_text(planned.desc, minutes_to_due(planned.loop_due_ms, now_ms), planned.lang, due_said)


def minutes_to_due(due_ms: int | None, now_ms: int) -> int | None:
    """What `reminder_text` says of the due: whole minutes left (at least 1 while it is more than half a
    minute ahead), 0 within half a minute of it, negative once past it, None without a due."""
    if due_ms is None:
        return None
    if abs(due_ms - now_ms) < MINUTE_MS // 2:
        return 0
    return minutes_left(due_ms, now_ms) if due_ms > now_ms else -minutes_left(now_ms, due_ms)


def normalize_leads(leads_min: Iterable[int]) -> tuple[int, ...]:
    """Distinct positive lead times, longest first."""
    leads = sorted({int(lead) for lead in leads_min if int(lead) > 0}, reverse=True)
    return tuple(leads)


def _asked_plan(loop: OpenLoop, now_ms: int, delivered: Collection[ReminderKey]) -> list[PlannedReminder]:
    """The one reminder at the moment the user asked for (lead 0, keyed by that moment)."""
    assert loop.remind_ms is not None
    key = ReminderKey(loop.id, 0, loop.remind_ms)
    if key in delivered:
        return []
    fire = max(loop.remind_ms, now_ms)
    return [PlannedReminder(key, loop.desc, promise_language(loop.desc), fire, late=loop.remind_ms < now_ms,
                            loop_due_ms=loop.due_ms)]


def _day_plan(loop: OpenLoop, quiet: QuietHours, now_ms: int, delivered: Collection[ReminderKey],
              tz: tzinfo) -> list[PlannedReminder]:
    """The morning reminder of a promise due on a day: at the end of quiet hours (else 09:00) that day;
    skipped when the promise was made or moved after that morning, fired now when missed before the due."""
    assert loop.due_ms is not None
    day = datetime.fromtimestamp(loop.due_ms / 1000, tz).date()
    morning = time(quiet.end_min // 60, quiet.end_min % 60) if not quiet.empty else MORNING
    moment = int(datetime.combine(day, morning, tzinfo=tz).timestamp() * 1000)
    key = ReminderKey(loop.id, DAY_LEAD, loop.due_ms)
    if key in delivered or moment < loop.updated_ms or now_ms >= loop.due_ms:
        return []
    return [PlannedReminder(key, loop.desc, promise_language(loop.desc), max(moment, now_ms),
                            late=moment < now_ms, loop_due_ms=loop.due_ms)]


def _lead_fire(moment: int, due: int, not_before: int, now_ms: int, quiet: QuietHours,
               tz: tzinfo, evening_before: bool = True) -> tuple[int, bool, bool] | None:
    """When a lead reminder meant for `moment` fires, by rules 1-4: (fire, late, deferred), or None
    (`evening_before` False: none rather than the evening before)."""
    if moment < not_before:                                # rule 1
        return None
    late = moment < now_ms                                 # rule 2
    fire = max(moment, now_ms)
    deferred = quiet.contains(fire, tz)                    # rule 3
    if deferred:
        fire = quiet.end_after(fire, tz)
        if fire >= due:                                    # their end is too late: the evening before
            if not evening_before:
                return None
            eve = quiet.start_before(max(moment, now_ms), tz) - EVE_MIN * MINUTE_MS
            if eve < not_before or quiet.contains(max(eve, now_ms), tz):
                return None
            late, fire = eve < now_ms, max(eve, now_ms)
    if fire >= due:                                        # rule 4
        return None
    return fire, late, deferred


def _loop_plan(loop: OpenLoop, leads: Sequence[int], quiet: QuietHours, now_ms: int,
               delivered: Collection[ReminderKey], tz: tzinfo) -> list[PlannedReminder]:
    asked = _asked_plan(loop, now_ms, delivered) if loop.remind_ms is not None else []
    if asked and (rule := repeats.from_key(loop.repeat)) is not None and rule.step_ms is not None \
            and quiet.contains(loop.remind_ms, tz):
        # "remind me to drink water every 2 hours": each time rolls on with its reminder at the time, which no one
        # asked for at 2 AM (pass 65: said at 0, 2, 4 and 6 AM with quiet hours 22:00-08:00); the first after
        # quiet hours is said as ever. A moment named for itself ("… at 10 pm") is still said in quiet hours.
        asked = []
    if loop.due_ms is None:
        return asked
    if is_day_only(datetime.fromtimestamp(loop.due_ms / 1000, tz)):
        # a day's promise: its morning reminder, or the one asked for ("remind me tonight": 8 PM), never leads
        # before 23:59 ("due in 1 hour" at 10:59 PM of a promise that had no hour)
        return asked if loop.remind_ms is not None else _day_plan(loop, quiet, now_ms, delivered, tz)
    # lead reminders only after the moment asked for: "remind me at 6" replaces the heads-up before it
    not_before = loop.updated_ms if loop.remind_ms is None else max(loop.updated_ms, loop.remind_ms + 1)
    due = loop.due_ms
    lang = promise_language(loop.desc)
    # a routine ("take my vitamins every morning at 8") is reminded at its time, not every evening before: the
    # evening's "due tomorrow at 8 AM" each night was noise, and nothing came at 8 (the sixty-fourth session)
    routine = loop.repeat is not None
    # ... but "drink water every 2 hours" has no time the user chose: its times in quiet hours are not said (pass 65:
    # 0, 2, 4 and 6 AM were, with quiet hours 22:00-08:00)
    chosen = routine and (rule := repeats.from_key(loop.repeat)) is not None and rule.step_ms is None
    # (lead, when) of reminders that happen: planned ones at their fire time, delivered ones when they were due
    happening: list[tuple[int, int, PlannedReminder | None]] = []
    held = False                                           # a lead quiet hours kept from being said at all
    for lead in leads:
        key = ReminderKey(loop.id, lead, due)
        moment = due - lead * MINUTE_MS
        if key in delivered:  # when it was said: its moment, moved by quiet hours as it was planned
            said = _lead_fire(moment, due, 0, 0, quiet, tz, evening_before=not routine)
            happening.append((lead, moment if said is None else said[0], None))
            continue
        fire = _lead_fire(moment, due, not_before, now_ms, quiet, tz, evening_before=not routine)
        if fire is not None:
            when, late, deferred = fire
            happening.append((lead, when, PlannedReminder(key, loop.desc, lang, when, late, deferred, due)))
        elif moment >= not_before and quiet.contains(moment, tz):
            held = True

    kept: list[PlannedReminder] = []
    shorter: tuple[int, int] | None = None                 # (lead, when) of the next shorter one kept
    for lead, when, planned in sorted(happening, key=lambda item: item[0]):
        if shorter is not None and shorter[1] - when < (lead - shorter[0]) * MINUTE_MS / 2:   # rule 5
            continue
        shorter = (lead, when)
        if planned is not None:
            kept.append(planned)
    at_due = ReminderKey(loop.id, 0, due)
    if held and not happening and not asked and not_before <= due and now_ms <= due + AT_DUE_GRACE_MS \
            and (chosen or not quiet.contains(due, tz)) and at_due not in delivered:
        # every lead fell in quiet hours with no evening before to move to (a promise due at 08:00 made at 23:00,
        # quiet hours 22:00-08:00): said at the due, when quiet hours end, rather than never (a low of stop 42's note);
        # a routine's time was the user's own ("every morning at 7"): said then, in quiet hours too
        kept.append(PlannedReminder(at_due, loop.desc, lang, max(due, now_ms), now_ms > due, True, due))
    return asked + kept


def plan_reminders(loops: Iterable[OpenLoop], *, now_ms: int, tz: tzinfo,
                   leads_min: Iterable[int] = DEFAULT_LEADS_MIN, quiet: QuietHours | None = None,
                   delivered: Collection[ReminderKey] = frozenset()) -> list[PlannedReminder]:
    """The reminders still to deliver for these loops, earliest first (closed loops, and loops with neither
    a due nor a moment to remind at: none)."""
    leads = normalize_leads(leads_min)
    quiet = quiet or QuietHours(0, 0)
    plan: list[PlannedReminder] = []
    for loop in loops:
        if loop.status != LoopStatus.OPEN or (loop.due_ms is None and loop.remind_ms is None) \
                or loop.muted_ms is not None:    # "don't remind me about the call"
            continue
        try:
            plan.extend(_loop_plan(loop, leads, quiet, now_ms, delivered, tz))
        except (OverflowError, OSError, ValueError) as exc:  # one loop's due must not stop the planning
            log.warning("reminders: loop %s (%r) has a due that cannot be planned (due_ms=%s: %s); "
                        "no reminder for it (dismiss it with `jarvisd openloop dismiss %s`)",
                        loop.id, loop.desc, loop.due_ms, exc, loop.id[:8])
    plan.sort(key=lambda p: (p.fire_ms, p.key))
    return plan

