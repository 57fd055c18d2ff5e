"""Questions answered from the agenda: what is due on a day, around a time, when a promise is due or was done."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta

from jarvisd.openloop import (
    meaning,
    naming,
    past_due,
    phrases,
    repeats,
    series_end,
)
from jarvisd.openloop.agenda_asked import (
    ClockNamed,
    at_time_asked,
    before_asked,
    clear_done_asked,
    deed_asked,
    deed_list_asked,
    finished_asked,
    free_asked,
    last_added_asked,
    last_done_asked,
    last_reminded_asked,
    late_for,
    missed_asked,
    more_asked,
    next_asked,
    nth_asked,
    on_list_asked,
    overdue_asked,
    pointed,
    repeating_asked,
)
from jarvisd.openloop.alarms import (
    alarm_kind,
    alarms_meant,
    only_kind,
)
from jarvisd.openloop.cancelled_asked import cancelled_asked
from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.day_asked import asked_day, first_asked
from jarvisd.openloop.desk.state import LISTED_SEC, DeskBase, DeskReply
from jarvisd.openloop.desk.words import (
    _KO_PLACE_NAMED,
    AROUND_AFTER_MS,
    AROUND_BEFORE_MS,
    _due_order,
    _promises_named,
    _reason,
)
from jarvisd.openloop.hangul import closed as ends_closed
from jarvisd.openloop.hangul import topic
from jarvisd.openloop.intents import (
    clean,
)
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.shifts import asks_when
from jarvisd.openloop.when import ImpossibleTime, resolve_time
from jarvisd.openloop.when_asked import (
    asked_and_the,
    asked_time_left,
    asked_when,
    asked_when_done,
    bare_time_left,
)
from jarvisd.openloop.when_words import PART_HOURS

log = logging.getLogger(__name__)

_BEFORE_DAY = re.compile(r"(?:before|prior\s+to|ahead\s+of)\s+(?P<day>(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day"
                         r"|the\s+weekend|the\s+\d{1,2}(?:st|nd|rd|th))")


_WEEKEND = re.compile(r"\bweekend\b")


_NEXT_DAY_OFF = re.compile(r"(?:(?:so|and|ok|okay|um|hey)\s+)*(?:when(?:'s|s|\s+is)\s+my\s+next\s+(?:day|night)\s+off"
                           r"|when\s+(?:am\s+i|do\s+i\s+have\s+(?:a|my))\s+(?:next\s+)?(?:off|day\s+off)(?:\s+next)?"
                           r"|what(?:'s|s|\s+is)\s+my\s+next\s+day\s+off)")


_CALLED_OFF = re.compile(r"(?:cancel|remove|delete|drop|scrap|call\s+off|take\s+off)\s+(?:the\s+|my\s+)?(?P<x>.+)")


# the user's own appointments, asked "when is the …?" (`AgendaDesk.when_unlisted`)
_EN_AGENDA_NOUN = re.compile(r"\b(?:meeting|appointment|call|interview|flight|class|lesson|reservation|deadline|presentation|"
                             r"dentist|doctor|haircut|check-?up|dinner|lunch|party|date|exam|test|shift)s?$")


_KO_AGENDA_NOUN = re.compile(r"(?:회의|약속|예약|미팅|병원|치과|수업|면접|시험|마감|비행기|저녁|점심)$")


_KO_THAT = re.compile(r"(?:그거|그게|그건|그것|그거는|그 일|그 약속|그 일정|이거|이게|이건|아까 그거|아까 거)")


# "화학 시험 언제라고 했지?" of "화학 기말" (the sixty-first session: to SmolLM2): 시험 names any exam, its subject the one
_EXAMS = ("시험", "기말", "중간고사", "기말고사", "고사", "퀴즈", "수능")


def _exam_named(words: str, descs: Sequence[str]) -> list[int]:
    """The exams "X 시험" names by the words before 시험 (all of them in the description), if exactly one."""
    subject = words.removesuffix("시험").split()
    if not words.endswith("시험") or not subject:
        return []
    hits = [i for i, desc in enumerate(descs) if any(exam in desc for exam in _EXAMS)
            and all(word in desc for word in subject)]
    return hits if len(hits) == 1 else []


class Asking(DeskBase):
    """Questions answered from the agenda: what is due on a day, around a time, when a promise is due or was done."""

    def _open_to_do(self) -> list[OpenLoop]:
        """The open promises to read out: a timer or alarm that already rang is none (run 59)."""
        now_ms = self.service.now_ms()
        return [loop for loop in self.service.agenda() if not alarm_kind(loop.desc)
                or max(loop.due_ms or 0, loop.remind_ms or 0) > now_ms]

    def _agenda_asked(self, t: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """Questions the list intents do not answer (`agenda_asked.py`), answered from the agenda; None when `t` is
        none of them. Before (session 45), they went to the chat model, which made answers up."""
        now_ms, now, tz = self.service.now_ms(), self.service.now_local(), self.service.tz
        if (span := cancelled_asked(t)) is not None:   # "what did I cancel today?": taken off in that span (cancel78)
            return self._cancelled_in(span, now, lang)
        if (kind := next_asked(t)) is not None:
            def moment(loop: OpenLoop) -> int | None:
                if kind == "reminder" and loop.remind_ms is not None and loop.remind_ms >= now_ms and loop.muted_ms is None:
                    return min(loop.remind_ms, loop.due_ms) if loop.due_ms is not None and loop.due_ms >= now_ms \
                        else loop.remind_ms
                return loop.due_ms
            every = self._open_to_do()
            upcoming = sorted((loop for loop in every if (at := moment(loop)) is not None and at >= now_ms),
                              key=lambda loop: moment(loop) or 0)
            if not upcoming:    # nothing with a time ahead: the list as it is ("Your agenda is clear.")
                loops = sorted(every, key=_due_order)
                self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), now_ms)
                return DeskReply(phrases.agenda_list(loops, now, tz, lang), lang, intent="next")
            first = upcoming[0]
            overdue = sum(1 for loop in every if loop.due_ms is not None and loop.due_ms < now_ms)
            self._listed[session] = ((first.id,), now_ms)
            return DeskReply(phrases.next_one(first, moment(first) or 0, overdue, kind == "reminder", now, tz, lang), lang,
                             intent="next")
        if more_asked(t) and (listed := self._listed.get(session)) is not None \
                and now_ms - listed[1] <= LISTED_SEC * 1000:   # "what else?" right after a list was read out
            rest = [loop for loop in sorted(self._open_to_do(), key=_due_order) if loop.id not in listed[0]]
            self._listed[session] = (listed[0] + tuple(loop.id for loop in rest[:phrases.SPOKEN_ITEMS]), now_ms)
            return DeskReply(phrases.rest_list(rest, now, tz, lang), lang, intent="list")
        if (words := on_list_asked(t)) is not None:   # "is Dana still on my list?": open or not, as the agenda holds it
            hits = self._ever_named(re.sub(r"^(?:the|my|that|this)\s+", "", words))
            if hits:
                newest = max(hits, key=lambda loop: (loop.is_open, loop.created_ms, loop.id))
                if newest.is_open:
                    self._remember(session, newest, now_ms)
                return DeskReply(phrases.on_list(newest, now, tz, lang), lang, intent="did_i")
            return DeskReply(phrases.not_on_list(words, lang), lang, intent="did_i")
        if (place := nth_asked(t)) is not None:   # "what's the second thing on my list?": that one, then in focus
            loops = sorted(self._open_to_do(), key=_due_order)
            at = meaning.picked(place, len(loops)) if loops else None
            if at is None:
                return DeskReply(phrases.agenda_list(loops, now, tz, lang), lang, intent="list")
            self._remember(session, loops[at], now_ms)
            self._listed[session] = ((loops[at].id,), now_ms)
            return DeskReply(phrases.nth_item(loops[at], at, len(loops), now, tz, lang), lang, intent="list")
        if (clock := at_time_asked(t)) is not None:   # "what do I have at 3pm?", "3시에 뭐 있어?"
            return DeskReply(phrases.at_time_list(self._due_at(clock), clock.hour, clock.minute, now, tz, lang), lang,
                             intent="list")
        if (late := late_for(t)) is not None and (loop := self._late_for(late)) is not None:
            self._remember(session, loop, now_ms)   # "I'm running late for the 10 o'clock": when it is, then in focus
            return DeskReply(phrases.when_due([loop], now, tz, lang), lang, intent="when")
        if (words := before_asked(t)) is not None and (anchor := self._before_anchor(words)) is not None:
            ahead = sorted((loop for loop in self._open_to_do() if loop.id != anchor.id and loop.due_ms is not None
                            and loop.due_ms <= (anchor.due_ms or 0)), key=_due_order)
            undated = sum(1 for loop in self._open_to_do() if loop.due_ms is None)
            self._listed[session] = (tuple(loop.id for loop in ahead[:phrases.SPOKEN_ITEMS]), now_ms)
            return DeskReply(phrases.before_list(ahead, anchor, undated, now, tz, lang), lang, intent="list")
        if last_reminded_asked(t):   # "what was the last thing you reminded me about?": the one spoken last
            spoken = self.last_reminder()
            loop = self._any(spoken[0]) if spoken is not None else None
            return DeskReply(phrases.last_reminded(loop, spoken[1] if spoken else 0, now, tz, lang), lang,
                             intent="when")
        if (words := free_asked(t)) is not None and (busy := self._around(words, lang)) is not None:
            return busy   # "am I free tomorrow at 3pm?": what is due within the hour around it
        if clear_done_asked(t):   # "clear everything done": finished ones already left the list
            return DeskReply(phrases.done_already_off(len(self._open_to_do()), lang), lang, intent="list")
        if repeating_asked(t):   # "what are my recurring reminders?": the open ones that come back
            # a rule this version does not know is kept once (pass 55a: it was listed as repeating)
            loops = sorted((loop for loop in self.service.agenda() if repeats.from_key(loop.repeat)), key=_due_order)
            return DeskReply(phrases.repeating_list(loops, now, tz, lang), lang, intent="list")
        if (kind := last_added_asked(t)) is not None:   # "what did I just add?", "when is it?": the promise just said
            focus = self._in_focus(session)
            loop = self._open(focus[0][1]) if focus else None
            if kind == "what":   # "what's the last thing I added?": the newest kept, not the one last talked of (the
                # fifty-first session: "drink water", muted a turn before, over the pills added after it)
                loop = max(self._open_to_do(), key=lambda loop: (loop.created_ms, loop.id), default=None)
            if loop is None:   # "when is it?" with no promise just said: not the agenda's (the talk's, or the model's)
                return DeskReply(phrases.nothing_just_added(lang), lang, intent="when") if kind == "what" else None
            said = phrases.when_due([loop], now, tz, lang) if kind == "when" else phrases.just_added(loop, now, tz, lang)
            return DeskReply(said, lang, intent="when")
        if (verb := deed_list_asked(t)) is not None:   # "what do I still need to pay?": the open ones of that deed
            of_deed = sorted((loop for loop in self._open_to_do() if loop.desc.split(" ", 1)[0].casefold() == verb.split()[0]),
                             key=_due_order)
            self._listed[session] = (tuple(loop.id for loop in of_deed[:phrases.SPOKEN_ITEMS]), now_ms)
            return DeskReply(phrases.deed_list(verb, of_deed, now, tz, lang), lang, intent="list")
        if overdue_asked(t):    # "what's overdue?", "밀린 거 있어?": the open ones whose due has passed, oldest first
            self.service.expire_before_read()
            overdue = sorted((loop for loop in self._open_to_do() if loop.due_ms is not None and loop.due_ms < now_ms),
                             key=_due_order)
            self._listed[session] = (tuple(loop.id for loop in overdue[:phrases.SPOKEN_ITEMS]), now_ms)
            said = phrases.overdue_list(overdue, now, tz, lang)
            if not overdue and (expired := past_due.recently_expired(self.service.all_loops(), now_ms)):
                # the morning after a due passed unfinished (the sixty-third session: "Nothing is overdue." of the
                # expense report never sent): nothing open is late, and what passed this week is said
                said = f"{said} {phrases.missed_list(expired, [], now, tz, lang)}"
            return DeskReply(said, lang, intent="overdue")
        if missed_asked(t):   # "what did I miss?": expired unfinished in the last week, then what is overdue now
            self.service.expire_before_read()   # a due long passed is expired first, as the agenda reads it
            expired = past_due.recently_expired(self.service.all_loops(), now_ms)
            overdue = sorted((loop for loop in self._open_to_do() if loop.due_ms is not None and loop.due_ms < now_ms),
                             key=_due_order)
            return DeskReply(phrases.missed_list(expired, overdue, now, tz, lang), lang, intent="overdue")
        if (span := finished_asked(t)) is not None:   # "what did I finish today?": marked done in that span
            midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
            start = {"today": midnight, "yesterday": midnight - timedelta(days=1),
                     "week": midnight - timedelta(days=now.weekday())}[span]
            end = midnight if span == "yesterday" else now + timedelta(seconds=1)
            start_ms, end_ms = int(start.timestamp() * 1000), int(end.timestamp() * 1000)
            done = sorted((loop for loop in self.service.all_loops() if loop.status is LoopStatus.DONE
                           and loop.closed_ms is not None and start_ms <= loop.closed_ms < end_ms and not alarm_kind(loop.desc)),
                          key=lambda loop: loop.closed_ms or 0)
            return DeskReply(phrases.finished_list(done, span, lang), lang, intent="finished")
        return None

    def _cancelled_in(self, span: str, now: datetime, lang: phrases.Lang) -> DeskReply:
        """The promises taken off the agenda (cancelled, not done nor expired) in `span`, oldest first, each with the due
        it had: the agenda's own records (session 70: "what did I cancel" went to SmolLM2)."""
        midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
        start = {"today": midnight, "yesterday": midnight - timedelta(days=1),
                 "week": midnight - timedelta(days=now.weekday()), "recent": midnight - timedelta(days=6)}[span]
        end = midnight if span == "yesterday" else now + timedelta(seconds=1)
        start_ms, end_ms = int(start.timestamp() * 1000), int(end.timestamp() * 1000)
        off = sorted((loop for loop in self.service.all_loops() if loop.status is LoopStatus.DISMISSED
                      and loop.closed_ms is not None and start_ms <= loop.closed_ms < end_ms and not alarm_kind(loop.desc)),
                     key=lambda loop: loop.closed_ms or 0)
        return DeskReply(phrases.cancelled_list(off, span, now, self.service.tz, lang), lang, intent="cancelled")

    def _deed_asked(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Did I take out the trash?", "have I called Bob yet?", "쓰레기 버렸나?": the newest promise of that deed, open
        or closed, as the agenda holds it; "It isn't on your agenda." when none is and the words ask of a task; None
        otherwise (chat: "did I wake you?"). Never closes nor opens one (session 45: the model answered "no, no you
        did not" of a deed marked done)."""
        asked = deed_asked(clean(text), text)
        if asked is None:
            return None
        hits = self._ever_named(asked.words)
        called_off = _CALLED_OFF.match(asked.words)
        if not hits and called_off is not None:
            hits = self._ever_named(called_off["x"])   # "did I cancel the dentist?": the promise, whatever its verb (the
            # fifty-first session: "It isn't on your agenda." of the dentist appointment cancelled a turn before)
        if not hits and not asked.task:
            return None
        newest = max(hits, key=lambda loop: (loop.created_ms, loop.id), default=None)
        now = self.service.now_local()
        if hits and (day := past_due.deed_day(text, now.date())) is not None \
                and (said := past_due.deed_on_day(hits, day, now, self.service.tz, lang)) is not None:
            if newest is not None and newest.is_open:   # "I took them" next closes it
                self._remember(session, newest, self.service.now_ms())
            return DeskReply(said, lang, intent="did_i")   # "did I take my pills today?": that day's, not the newest
        if newest is not None and newest.is_open and newest.repeat:   # "did I call mom?" of "every Sunday", done today:
            done = next((loop for loop in hits if loop.status is LoopStatus.DONE   # yes, and when it comes back
                         and (after := self.service.successor(loop)) is not None and after.id == newest.id), None)
            if done is not None:
                return DeskReply(f"{phrases.deed_status(done, now, self.service.tz, lang)} "
                                 f"{phrases.next_time(newest, now, self.service.tz, lang)}", lang, intent="did_i")
        if newest is not None and newest.is_open:   # "not yet, push it to tomorrow": "it" is the one asked about (the
            self._remember(session, newest, self.service.now_ms())   # fiftieth session: the snooze found none)
        return DeskReply(phrases.deed_status(newest, now, self.service.tz, lang, called_off=called_off is not None), lang,
                         intent="did_i")

    def _last_done_asked(self, text: str, lang: phrases.Lang) -> DeskReply | None:
        """"When did I last feed her?": when the promise of that deed (one of its verb, if the deed is said with a
        pronoun) was last marked done, and when it comes back; None when the words name no promise."""
        asked = last_done_asked(clean(text))
        if asked is None:
            return None
        words, verb = asked
        hits = self._ever_named(words)
        if not hits and pointed(words):
            hits = [loop for loop in self.service.all_loops() if not alarm_kind(loop.desc)
                    and loop.desc.split(" ", 1)[0].casefold() == verb]
        now = self.service.now_local()
        if not hits:   # a deed of the user's own the agenda never held: said so, not made up by the model
            return DeskReply(phrases.deed_status(None, now, self.service.tz, lang), lang, intent="did_i")
        done = [loop for loop in hits if loop.status is LoopStatus.DONE and loop.closed_ms is not None]
        if not done:
            newest = max(hits, key=lambda loop: (loop.created_ms, loop.id))
            return DeskReply(phrases.never_done(newest, now, self.service.tz, lang), lang, intent="did_i")
        last = max(done, key=lambda loop: loop.closed_ms or 0)
        said = phrases.last_done(last, now, self.service.tz, lang)
        after = self.service.successor(last) if last.repeat else None
        if after is not None and after.is_open:
            said = f"{said} {phrases.next_time(after, now, self.service.tz, lang)}"
        return DeskReply(said, lang, intent="did_i")

    def _ever_named(self, words: str) -> list[OpenLoop]:
        """Every promise, open or closed (timers and alarms aside), the words name ("did I call mom?", "is Dana still on
        my list?"); a due long passed is expired first, as the agenda reads it."""
        self.service.expire_before_read()
        loops = [loop for loop in self.service.all_loops() if not alarm_kind(loop.desc)]
        return [loops[i] for i in _promises_named(words, [loop.desc for loop in loops])] if loops else []

    def _around(self, words: str, lang: phrases.Lang) -> DeskReply | None:
        """"Am I free tomorrow at 3pm?": the open promises due from half an hour before that time to an hour after
        it (a day's own "by Friday" is no time), or None when `words` name no clock time ("am I free tomorrow?" is
        the day's list)."""
        now, tz = self.service.now_local(), self.service.tz
        try:
            when = resolve_time(words, now)
        except ImpossibleTime:
            return None
        if when is None or not when.has_time:
            return None
        at_ms = int(when.at.timestamp() * 1000)
        near = sorted((loop for loop in self._open_to_do() if loop.due_ms is not None
                       and at_ms - AROUND_BEFORE_MS <= loop.due_ms < at_ms + AROUND_AFTER_MS
                       and not phrases.is_day_only(datetime.fromtimestamp(loop.due_ms / 1000, tz))), key=_due_order)
        return DeskReply(phrases.around(near, at_ms, now, tz, lang), lang, intent="list")

    def _due_at(self, clock: ClockNamed) -> list[OpenLoop]:
        """The open promises due at that clock time on the nearest day one is, from today on (a timer or alarm that
        rang is no longer one); several only when they share that day."""
        tz, today = self.service.tz, self.service.now_local().date()
        hits = []
        for loop in self._open_to_do():
            if loop.due_ms is None:
                continue
            local = datetime.fromtimestamp(loop.due_ms / 1000, tz)
            if local.date() >= today and clock.fits(local.hour, local.minute) and not phrases.is_day_only(local) \
                    and (clock.day is None or local.date() == today + timedelta(days=clock.day)):
                hits.append((local.date(), loop))
        first = min((day for day, _ in hits), default=None)
        return sorted((loop for day, loop in hits if day == first), key=_due_order)

    def _day_agenda(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"What do I have on Saturday?", "토요일에 뭐 있어?" (`day_asked.py`): the promises due that day, from the
        agenda; None when the words ask of no day alone."""
        first = first_asked(clean(text))
        words = first or asked_day(clean(text))
        if words is None:
            return None
        now = self.service.now_local()
        if (month := past_due.month_words(words)) is not None:   # "what's on my agenda in February?": the month's
            year = now.year + (month < now.month)
            loops = sorted((loop for loop in self.service.agenda() if loop.due_ms is not None
                            and (phrases.due_day(loop.due_ms, self.service.tz).year,
                                 phrases.due_day(loop.due_ms, self.service.tz).month) == (year, month)), key=_due_order)
            self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), self.service.now_ms())
            return DeskReply(past_due.month_list(loops, month, year, now, self.service.tz, lang), lang, intent="due_day")
        try:
            when = resolve_time(words, now)
        except ImpossibleTime as exc:
            return DeskReply(_reason(exc, lang), lang, intent="due_day")
        if when is None or not when.day_said:
            return None
        day, tz = when.at.date(), self.service.tz
        # "what do I have this weekend?", "what's left for the weekend" (the sixty-second session: Sunday's alone, Saturday's
        # football left out): its Saturday and its Sunday, what of them is not past
        # (said on a Sunday evening, when this one is all but over, the coming one: "this Saturday" said on a Sunday is too)
        weekend = lang == "en" and day.weekday() == 6 and _WEEKEND.search(clean(words)) is not None
        if weekend and day == now.date() and now.hour >= PART_HOURS["evening"] and not re.search(r"\bthis\b", clean(words)):
            day += timedelta(days=7)
        if lang == "en" and (before := _BEFORE_DAY.fullmatch(clean(words))) is not None and day >= now.date():
            # "is there anything due before friday" (the sixty-third session: Thursday's alone, tonight's left out): all
            # that is due up to that day
            loops = sorted((loop for loop in self._open_to_do() if loop.due_ms is not None
                            and phrases.due_day(loop.due_ms, tz) <= day), key=_due_order)
            self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), self.service.now_ms())
            return DeskReply(phrases.before_day_list(loops, before["day"], now, tz, lang), lang, intent="due_day")
        days = [d for d in (day - timedelta(days=1), day) if d >= now.date()] if weekend else [day]
        loops = sorted((shown for one in days for loop in self.service.agenda() if loop.due_ms is not None
                        and (shown := loop if phrases.due_day(loop.due_ms, tz) == one else self._comes_back_on(loop, one))
                        is not None), key=_due_order)
        if len(days) > 1:
            self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), self.service.now_ms())
            return DeskReply(phrases.weekend_list(loops, now, tz, lang), lang, intent="due_day")
        if first and loops:   # "what's my first meeting tomorrow?": that one, then in focus ("move it to 11")
            self._remember(session, loops[0], self.service.now_ms())
            return DeskReply(phrases.when_due(loops[:1], now, tz, lang), lang, intent="due_day")
        self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), self.service.now_ms())
        return DeskReply(phrases.day_list(loops, when.at, now, tz, lang), lang, intent="due_day")

    def _comes_back_on(self, loop: OpenLoop, day: date) -> OpenLoop | None:
        """`loop` as it comes back on `day` (its due moved there, its clock time kept) when its repeat falls on that day
        after its due ("physio is tuesdays and fridays at 11", then "what do I have on friday?": the sixty-first session
        said "Nothing is due on Friday."); None otherwise (a repeat by a step falls where its due puts it)."""
        rule = repeats.from_key(loop.repeat)
        if rule is None or rule.stepped or loop.due_ms is None:
            return None
        tz = self.service.tz
        if phrases.due_day(loop.due_ms, tz) >= day:
            return None
        due = datetime.fromtimestamp(loop.due_ms / 1000, tz)
        if not repeats.settle(rule, loop.due_ms, tz)[0].falls_on(day):   # "weekly" falls on its due's weekday
            return None
        return replace(loop, due_ms=int(datetime.combine(day, time(due.hour, due.minute), tzinfo=tz).timestamp() * 1000))

    def _move_asked(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Move the call", "밥 전화 옮겨 줘" (no time said): asked to when, the promise in focus for the answer ("Friday
        at 4" then moves it); None when the words name no one open promise ("move the couch": a promise of its own)."""
        name = asks_when(clean(text))
        if name is None:
            return None
        now_ms = self.service.now_ms()
        if name:
            loop = self._ko_listed(name, session) or self._one_named(name)
            if loop is None and lang == "ko" and _KO_PLACE_NAMED.fullmatch(name.strip()) and \
                    (loops := self.service.agenda()):
                # "두 번째 거 미뤄 줘" with no list read out (the sixty-second session: to SmolLM2, "두 번째 거 미맀 줘."):
                # the list read now, numbered, and the place asked again
                self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), now_ms)
                return DeskReply(phrases.ko_place_unlisted(loops[:phrases.SPOKEN_ITEMS], self.service.now_local(),
                                                           self.service.tz), lang, intent="correct")
        else:
            focus = self._correction_focus(session, now_ms)
            loop = self._open(focus.loop_id) if focus is not None else None
        if loop is None or re.match(r"(?:move|reschedule)\b", loop.desc, re.IGNORECASE) or loop.desc.endswith("옮기기"):
            return None     # "move the couch" with "move the couch to the garage" open: that deed, not its time
        self._remember(session, loop, now_ms)
        return DeskReply(phrases.to_when(loop, self.service.now_local(), self.service.tz, lang), lang, intent="correct")

    def _when_done(self, text: str) -> DeskReply | None:
        """"진통제 언제 먹었지?": when the promise the words name was last marked done (the newest of those closed
        done); None when they name no promise, open or done (a question for the model)."""
        words = asked_when_done(clean(text))
        if words is None:
            return None
        done = [loop for loop in self.service.recently_closed(limit=200) if loop.status is LoopStatus.DONE]
        hits = _promises_named(words, [loop.desc for loop in done])
        if hits:
            loop = max((done[i] for i in hits), key=lambda loop: loop.closed_ms or loop.updated_ms)
            at = phrases.spoken_due(loop.closed_ms or loop.updated_ms, self.service.now_local(), self.service.tz, "ko")
            return DeskReply(f"{loop.desc}{topic(loop.desc)} {at}에 완료로 표시했어요.", "ko", intent="when")
        opened = self.service.agenda()
        if (named := _promises_named(words, [loop.desc for loop in opened])):
            desc = opened[named[0]].desc
            return DeskReply(f"{desc}{'을' if ends_closed(desc) else '를'} 완료로 표시한 적은 아직 없어요.", "ko", intent="when")
        return None

    def _days_left(self, text: str, lang: phrases.Lang) -> DeskReply | None:
        """"How many days left on the antibiotics?", "항생제 며칠 남았어?" (session 65): the times left of a repeating
        promise that ends, the open one counted, and its last; of one with no end, that it has none. None when the words
        ask no such thing or name no repeating promise (left to "when is X due")."""
        words = series_end.left_asked(clean(text))
        if words is None:
            return None
        loops = [loop for loop in self.service.agenda() if loop.repeat is not None and loop.due_ms is not None]
        hits = _promises_named(words, [loop.desc for loop in loops])
        if len({loops[i].desc for i in hits}) != 1:
            return None
        loop = min((loops[i] for i in hits), key=_due_order)
        times = self.service.times_left(loop)
        now, tz = self.service.now_local(), self.service.tz
        return DeskReply(phrases.times_left(loop, times, now, tz, lang), lang, intent="when")

    def _when_due(self, text: str, lang: phrases.Lang, session: str | None = None) -> DeskReply | None:
        """"What time is the call?", "전화 몇 시였지?": the due of the open promise the words name, from the agenda;
        None when they name none (a question for the model: "when is Christmas?"). The one answered is then in
        focus, so "아 아니 다섯시 반이야" moves it; "그거 몇 시였더라" asks of the one in focus."""
        left = asked_time_left(clean(text))   # "how long until the call?", "타이머 얼마나 남았어?"
        if left is None and bare_time_left(clean(text)):   # "how much time is left?": the timer's
            left = "타이머" if lang == "ko" else "timer"
        words = left or asked_when(clean(text)) or asked_and_the(text)
        if words is None:
            return None
        now_ms = self.service.now_ms()
        if _KO_THAT.fullmatch(words) and session is not None:
            # "그게 언제였지?" (the fifty-sixth session: "일정에 그게는 없어요"): the one just said, moved or read out
            loop = self._one_in_focus(session, now_ms)
            if loop is None:
                return DeskReply("어떤 일 말씀이세요? 이름을 말씀해 주시면 언제인지 알려 드릴게요.", lang, intent="when")
            self._remember(session, loop, now_ms)
            return DeskReply(phrases.when_due([loop], self.service.now_local(), self.service.tz, lang), lang,
                             intent="when")
        loops = self.service.agenda()
        hits = _promises_named(words, [loop.desc for loop in loops])
        if not hits and (owned := naming.owned_named(words, [loop.desc for loop in loops])) is not None:
            hits = [owned]   # "when is the drill due?" of "return Tom's drill": asked, not closed, so whose may go unsaid
        if not hits and re.fullmatch(r"[가-힣]{1,2}", words):
            # "주문한 컵 언제 온다고 했지?" of "종이컵 도착" (the sixtieth session): a short word, the end of one of its words
            ends = [i for i, loop in enumerate(loops) if any(w.endswith(words) for w in loop.desc.split())]
            hits = ends if len({loops[i].desc for i in ends}) == 1 else []   # (one promise, or one kept for several times)
        if not hits and (deed := re.fullmatch(r"(?P<thing>[가-힣]{1,3}) (?P<deed>[가-힣]{1,4}기)", words)) is not None:
            # "다음 약 먹을 시간이 언제예요?" (the sixty-third session's elder: with "정형외과 예약" open too, to SmolLM2): the
            # thing at a word's end, with the deed said
            ends = [i for i, loop in enumerate(loops) if deed["deed"] in loop.desc.split()
                    and any(w.endswith(deed["thing"]) for w in loop.desc.split())]
            hits = ends if len({loops[i].desc for i in ends}) == 1 else []
        if not hits:
            hits = _exam_named(words, [loop.desc for loop in loops])
        alarms = alarms_meant(words, [loop.desc for loop in loops])
        if not hits and alarms == [] and only_kind(words):
            # "when is my alarm?" with none set: said, not left to the model to make one up
            return DeskReply(phrases.no_alarm(bool(re.search(r"timer|타이머", words)), lang), lang, intent="when")
        if alarms and all(alarm_kind(loops[i].desc) for i in hits):   # "the timer" of two: both, not the first
            hits = alarms
        if not hits:
            return None
        named = sorted((loops[i] for i in dict.fromkeys(hits)), key=_due_order)[:phrases.SPOKEN_ITEMS]
        if (re.search(r"\bnext\b|다음", words) or len({(loop.desc, loop.repeat) for loop in named}) == 1) and len(named) > 1:
            # "when is my next alarm?": the soonest, not each; so too of one promise kept for several times a day
            # ("다음 약 먹을 시간이 언제예요?" of 혈압약 at 8, 1 and 7: the sixty-third session)
            named = [min(named, key=lambda loop: (loop.due_ms is None, loop.due_ms or 0))]
        said = phrases.time_left(named, self.service.now_ms(), self.service.now_local(), self.service.tz, lang) \
            if left else phrases.when_due(named, self.service.now_local(), self.service.tz, lang)
        if len(named) == 1 and session is not None:
            self._remember(session, named[0], now_ms)   # "학원 픽업 몇 시였더라" then "아 아니 다섯시 반이야"; "what time is
            # my long run?" then "move it to sunday" (the fifty-ninth session: the foam roll said before was moved)
        return DeskReply(said, lang, intent="when")

    def _past_day(self, text: str, lang: phrases.Lang) -> DeskReply | None:
        """"What did I have yesterday?", "어제 뭐 있었지?": what was due that day and what became of it (`past_due`)."""
        now = self.service.now_local()
        day = past_due.past_day_asked(clean(text), now.date())
        if day is None:
            return None
        self.service.expire_before_read()
        return DeskReply(past_due.past_day_list(past_due.on_day(self.service.all_loops(), day, self.service.tz), day, now.date(),
                                            self.service.tz, lang), lang, intent="list")

    def done_unlisted(self, text: str) -> str | None:
        """"I already called mom" when no open promise is that one (the desk found nothing to close): "Good. That
        wasn't on your agenda, so there was nothing to mark done."; None for anything else (a question, a promise)."""
        reading = read_utterance(text, self.korean)
        if not reading.closures or reading.question or reading.commitments \
                or any(c.status != "done" for c in reading.closures):
            return None
        lang = self._lang(text)
        if lang == "ko" and all(not c.reference for c in reading.closures) and \
                any(not alarm_kind(loop.desc) for loop in self.service.agenda()):
            # "그거 했어" names nothing, and things are open (the fifty-fifth session: "할 일 목록에 없던 일이라 …")
            return "어떤 일을 하셨는지 말씀해 주시면 완료로 표시할게요."
        return phrases.done_unlisted(lang)

    def _next_day_off(self, text: str) -> DeskReply | None:
        """"When's my next day off?" (the sixty-second session's nurse: "I don't have your next day off on your agenda",
        her nights kept): the first day from today with no shift kept, when shifts are kept; None for other words."""
        if _NEXT_DAY_OFF.fullmatch(clean(text).rstrip("?!. ")) is None:
            return None
        now, tz = self.service.now_local(), self.service.tz
        shifts = {phrases.due_day(loop.due_ms, tz) for loop in self.service.agenda()
                  if loop.due_ms is not None and re.search(r"\bshift\b", loop.desc, re.IGNORECASE)}
        if not shifts:
            return DeskReply("I don't have your shifts on your agenda. Tell me when you work, and I'll keep them.", "en",
                             intent="due_day")
        day = next(now.date() + timedelta(days=n) for n in range(1, 400) if now.date() + timedelta(days=n) not in shifts)
        said = phrases.spoken_due(int(datetime.combine(day, time(12), tzinfo=tz).timestamp() * 1000), now, tz, "en")
        said = said.removeprefix("by ").removesuffix(" at noon")
        return DeskReply(f"Your next day with no shift on your agenda is {said}.", "en", intent="due_day")

    def _passed_named(self, words: str) -> OpenLoop | None:
        """The one promise `words` name that expired with its time passed (not done, not cancelled), or None."""
        now_ms = self.service.now_ms()
        passed = [loop for loop in self.service.recently_closed() if loop.status == LoopStatus.EXPIRED
                  and loop.due_ms is not None and loop.due_ms < now_ms and loop.repeat is None]
        hits = set(_promises_named(words, [loop.desc for loop in passed]))
        return passed[hits.pop()] if len(hits) == 1 else None

    def when_unlisted(self, text: str) -> str | None:
        """"What time is the meeting?", "회의 몇 시였지?" when no open promise is that one (`_when_due` found none): "I
        don't have the meeting on your agenda."; None unless the words name the user's own thing (an appointment word,
        "my …", or Korean's recalling 였지), so "when is Christmas?" stays the model's. For the small model, which
        made a time up (the forty-ninth session)."""
        cleaned = clean(text)
        words = asked_when(cleaned)
        if words is None or self._when_due(text, self._lang(text)) is not None:
            return None
        lang = self._lang(text)
        if lang == "ko":
            own = re.search(r"(?:였|이었)(?:지|더라|나)|더라$", cleaned) or _KO_AGENDA_NOUN.search(words)
            return phrases.when_unlisted(words, "ko") if own else None
        if (passed := self._passed_named(words)) is not None:
            # "when is the daycare tour" the evening after it (the sixty-seventh session's nurse: SmolLM2's "on friday,
            # october 2022"): when it was, and that it has passed
            when = phrases.spoken_due(passed.due_ms or 0, self.service.now_local(), self.service.tz, "en")
            return f"{phrases.second_person(passed.desc)[:1].upper()}{phrases.second_person(passed.desc)[1:]} was {when}; " \
                   "it has passed, so it's off your agenda."
        said = re.search(rf"\b(?P<det>my|our|the)\s+{re.escape(words)}\b", cleaned)
        own = said is not None and said["det"] in ("my", "our") or _EN_AGENDA_NOUN.search(words)
        return phrases.when_unlisted(f"{said['det'] if said else 'the'} {words}", "en") if own else None
