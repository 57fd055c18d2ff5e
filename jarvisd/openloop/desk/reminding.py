"""Reminders, alarms and timers asked for: when to remind, a snooze, a reminder turned back on, a skipped repeat."""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta

from jarvisd.openloop import (
    hangul,
    naming,
    phrases,
    repeats,
    series_end,
    shopping,
    trip_end,
)
from jarvisd.openloop.alarms import (
    TimerChange,
    alarm_asked,
    alarm_kind,
    alarm_said,
    alarms_day,
    alarms_meant,
    change_asked,
    only_kind,
    repeat_said_after,
    timer_length,
    with_time,
)
from jarvisd.openloop.corrections import (
    part_named,
)
from jarvisd.openloop.day_off import day_off, ko_day_off, skip_asked, skip_day
from jarvisd.openloop.desk.state import (
    CONFIRM_SEC,
    LISTED_SEC,
    REMIND_FIX,
    SNOOZE_MAX_MIN,
    SNOOZE_WINDOW_SEC,
    DeskBase,
    DeskReply,
    Guess,
    _joined,
)
from jarvisd.openloop.desk.words import (
    _DAY_BEFORE,
    _LET_GO,
    _PART_END,
    _due_order,
    _named_in_spaced_or_not,
    _promises_named,
    _reason,
)
from jarvisd.openloop.intents import (
    Intent,
    clean,
)
from jarvisd.openloop.model import AgendaChange, LoopStatus, OpenLoop
from jarvisd.openloop.remind_asks import (
    names_the_promise,
    remind_ask,
)
from jarvisd.openloop.service import falls_on
from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans
from jarvisd.openloop.when_words import PART_HOURS

log = logging.getLogger(__name__)

# "no, I meant next thursday" right after a day off was called: the day off moved (`_day_off_moved`)
_DAY_OFF_FIX = re.compile(r"(?:(?:no|nope|sorry|oops|wait|actually|oh)\b[,!.]?\s+)*(?:i\s+mean[t]?\s+|i\s+said\s+)?"
                          r"(?P<day>(?:on\s+|the\s+one\s+on\s+)?[\w ,.]+?)(?:\s+instead)?[.!]*")
DAY_OFF_FIX_SEC = 120

# where a timer or alarm asked for meets more said: "…, and then remind me …", "…. What's on my agenda?" (not "an
# hour and a half", not a comma: "6:30, tomorrow")
_ALARM_THEN = re.compile(r",?\s+(?:and(?:\s+then)?|then|also)\s+(?=(?:please\s+)?(?:set|start|wake|remind|cancel|turn|stop|"
                         r"what|when|how|i\b|i'|add|put|make|tell|call|email|text|buy|pay|book)\b)|[.;!?]\s+(?=\w)",
                         re.IGNORECASE)


# which half of the day a time is in, said: "7pm", "tonight", "오후 7시"
_HALF_OF_DAY = re.compile(r"\b(?:[ap]\.?m\.?|evening|night|tonight|afternoon|noon|midnight)\b|\d(?:[ap]\.?m\.?)|오전|오후|저녁|밤|아침|새벽|낮",
                          re.IGNORECASE)


def _span_start(time_words: str, now: datetime) -> date | None:
    """The first day of a span a reminder is asked for ("remind me next week": Monday, not the Sunday a due "by next
    week" is; "this weekend": Saturday), or None when the words name a day, not a span (the forty-fifth session:
    "remind me next week" was set for Sunday, December 13, from Tuesday the 1st)."""
    words = " ".join(time_words.casefold().split())
    today = now.date()
    if re.fullmatch(r"(?:on\s+|for\s+)?next\s+week", words):
        return today + timedelta(days=7 - today.weekday())
    if re.fullmatch(r"(?:on\s+|for\s+)?(?:this\s+)?weekend", words):
        return today if today.weekday() >= 5 else today + timedelta(days=5 - today.weekday())
    if re.fullmatch(r"(?:on\s+|for\s+)?next\s+weekend", words):
        return today + timedelta(days=12 - today.weekday())
    return None


# "remind me to pay the quarterly taxes on the 14th": the deed and its time (`_remind_before_due`)
# "… for the field trip", "… before the trip": what a deed is for, after the deed's own words
_FOR_ANOTHER = re.compile(r"\s(?:for|before|after)\s+(?:the|my|our|his|her|their)\s")
_REMIND_ME_TO = re.compile(r"(?:(?:um+|uh+|oh|ok|okay|so|and|also|hey)[\s,]+)*(?:please\s+|can\s+you\s+|could\s+you\s+)?"
                           r"remind\s+me\s+to\s+(?P<x>\S.*?)(?:\s+please)?")


# "면접 전날 밤에 알려줘", "검진 당일 아침 7시에 알려줘": a reminder of a thing kept, by its day
_KO_DAY_OF_REMIND = re.compile(r"(?P<other>[가-힣]{2,8}(?:\s[가-힣]{2,8})?)\s?(?P<rel>전\s?날|당일)\s?"
                               r"(?P<at>(?:(?:아침|점심|저녁|밤|오전|오후|새벽)\s?)?(?:[가-힣0-9]{1,3}\s?시(?:\s?반|\s?[0-9]{1,2}\s?분)?)?)"
                               r"\s?(?:에\s?)?(?:꼭\s|좀\s)?(?:알려|리마인드\s?해)\s?(?:줘|주세요|줄래|줄래요|줘요)")


class Reminding(DeskBase):
    """Reminders, alarms and timers asked for: when to remind, a snooze, a reminder turned back on, a skipped repeat."""

    def _ko_remind_the_day_before(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"면접 전날 밤에 알려줘" with "삼성 면접" kept for Monday (the sixty-fifth session's student: a second promise
        "면접" kept for Sunday beside it): the reminder of the one named, that day (the night before, the day itself) at
        the part or time said (9 AM with none). None unless the words name one open promise with a due, no deed said."""
        m = _KO_DAY_OF_REMIND.fullmatch(clean(text)) if lang == "ko" else None
        if m is None:
            return None
        dated = [loop for loop in self.service.agenda() if loop.due_ms is not None]
        hits = _named_in_spaced_or_not(m["other"], [loop.desc for loop in dated])
        if len(hits) != 1:
            return None
        loop, tz = dated[hits[0]], self.service.tz
        day = phrases.due_day(loop.due_ms or 0, tz) - timedelta(days=1 if m["rel"].startswith("전") else 0)
        at = m["at"].strip()
        try:
            when = resolve_time(f"{day.year}년 {day.month}월 {day.day}일 {at}".strip(), self.service.now_local())
        except ImpossibleTime:
            return None
        if when is None or when.at.date() != day:
            return None
        hour = PART_HOURS.get(part_named(at) or "morning", 9) if at else 9   # "밤에": 8 PM, as "전날 밤에 금식하라고"
        remind = when.at if when.has_time else datetime.combine(day, time(hour, 0), tzinfo=tz)
        remind_ms = int(remind.timestamp() * 1000)
        if remind_ms <= self.service.now_ms() or remind_ms > (loop.due_ms or 0):
            return None
        updated = self.service.reschedule(loop.id, remind_ms=remind_ms)
        self._remember(session, updated, self.service.now_ms(), remind=True)
        return DeskReply(phrases.remind_set(updated, remind_ms, self.service.now_local(), tz, lang), lang,
                         change=AgendaChange(updated=(updated,), before=(loop,)), intent="remind")

    def _remind_before_due(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"remind me to pay the quarterly taxes on the 14th" with "quarterly taxes, by Tuesday, December 15" open (the
        sixty-fourth session's freelancer: "Updated: quarterly taxes, now by Monday, December 14."): a reminder of that
        promise on an earlier day, its due kept, as "remind me about the quarterly taxes on the 14th" is; None otherwise."""
        if lang != "en" or re.search(r"[.!?;]\s+\S", text) or (m := _REMIND_ME_TO.fullmatch(clean(text))) is None:
            return None   # (one sentence: "remind me to call Bo at 9 a.m. I paid the rent" is the capture's)
        said = m["x"]
        spans = time_spans(said)
        if len(spans) != 1:
            return None
        start, end = spans[0]
        what, when = f"{said[:start]} {said[end:]}".strip(" ,"), said[start:end].strip()
        loop = self._one_named(what) if what else None
        if loop is None or loop.due_ms is None or loop.repeat is not None:
            return None
        if (purpose := _FOR_ANOTHER.search(what)) is not None and \
                ((head := self._one_named(what[:purpose.start()])) is None or head.id != loop.id):
            # "remind me to book the bus for the field trip tomorrow morning" (the sixty-sixth session's teacher: "OK,
            # I'll remind you tomorrow at 9 AM: field trip to the science museum."): a deed for that thing is one of its own
            return None
        try:
            asked = resolve_time(when, self.service.now_local(), due=True)
        except ImpossibleTime:
            return None
        if asked is None or not asked.day_said or asked.at.date() >= phrases.due_day(loop.due_ms, self.service.tz):
            return None   # on its day or after: a move ("remind me to pay it on the 16th"), the capture's
        return self._remind_asked(f"remind me about {loop.desc} {when}", session, lang)

    def _remind_asked(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Remind me an hour before", "remind me about the call at 2pm", "한 시간 전에 알려줘" (`remind_asks.py`): the
        reminder of the promise named, else of the one just reminded or just said; None when the words ask none of
        that, or name no open promise."""
        ask = remind_ask(clean(text))
        if ask is None:
            return None
        now_ms = self.service.now_ms()
        if ask.name:
            loop = self._one_named(ask.name)
            if loop is None and lang == "en" and ask.lead_minutes is None and ask.time_words and not ask.deed \
                    and not ask.none and not ask.part:
                loops = self.service.agenda()
                hits = sorted(set(_promises_named(ask.name, [shown.desc for shown in loops])))
                bare = re.sub(r"^(?:the|my|our)\s+", "", ask.name.lower())
                itself = [loops[i] for i in hits if loops[i].desc.lower().startswith(bare)]
                if len(hits) > 1 and len(itself) == 1:
                    loop = itself[0]   # "remind me about the field trip tomorrow morning": the trip, not a deed for it
                elif len(hits) > 1:
                    # two deeds "… for the field trip" and no trip kept (the sixty-seventh session's teacher: "pack
                    # lunches for the field trip" moved to tomorrow): asked which, the pick reminded then
                    options = [loops[i] for i in hits][:3]
                    self._guesses[session] = Guess(options[0].id, LoopStatus.OPEN, now_ms,
                                                    tuple(shown.id for shown in options),
                                                    fix=REMIND_FIX + ask.time_words)
                    return DeskReply(phrases.which_one(options, lang, self.service.now_local(), self.service.tz), lang,
                                     intent="remind")
            if loop is None and lang == "ko" and ask.lead_minutes is not None and not ask.part:
                # "치과 30분 전에 알려 줘" with "치과 가기, 내일까지" and "치과 예약, 내일 오후 3시" open: minutes before
                # can only be of the one with a clock time (the fifty-fifth session: neither, and SmolLM2's "답을 모르겠어요")
                loops = self.service.agenda()
                timed = {i for i in _promises_named(ask.name, [loop.desc for loop in loops])
                         if loops[i].due_ms is not None and not phrases.is_day_only(
                             datetime.fromtimestamp(loops[i].due_ms / 1000, self.service.tz))}
                loop = loops[timed.pop()] if len(timed) == 1 else None
                same = [loops[i] for i in _promises_named(ask.name, [shown.desc for shown in loops])]
                if loop is None and len(same) > 1 and len({shown.desc for shown in same}) == 1 and \
                        all(shown.due_ms is not None and shown.repeat is None for shown in same):
                    # "알바 가기 한시간 전에 알려줘" of "카페 알바" on Wednesday and on Friday (the sixty-fifth session: the
                    # list read out): the same thing on two days, each reminded so long before
                    return self._each_reminded(same, ask.lead_minutes, session, lang)
        else:
            spoken = self.last_reminder()
            focus = self._recent_focus(session, now_ms)
            # the reminder just spoken, unless a promise was said after it (pass 61b: a timer's "Time's up" 5 minutes
            # before, then "I have the dentist on Friday at 3pm", "don't remind me about it" muted the timer's promise,
            # "remind me the night before to pack" after a flight was "That time has already passed: 37-minute timer")
            recent = spoken[0] if spoken is not None and now_ms - spoken[1] <= SNOOZE_WINDOW_SEC * 1000 \
                and (focus is None or focus.at_ms <= spoken[1]) else None
            loop = self._open(recent or (focus.loop_id if focus is not None else None))
            listed = self._listed.get(session)
            if ask.none and lang == "ko" and recent is None and listed is not None and len(listed[0]) == 1 \
                    and now_ms - listed[1] <= LISTED_SEC * 1000:
                loop = self._open(listed[0][0]) or loop   # "다음 알림: 분리수거 …" then "알림 꺼 줘": that one
            elif ask.none and lang == "ko" and (loop is None or loop.remind_ms is None and loop.due_ms is None):
                # "알림 꺼 줘" with no reminder just spoken, nor a promise with a due in focus: the one reminder to
                # come, if one; else said which or none
                reminded = [shown for shown in self.service.agenda() if shown.remind_ms is not None
                            and shown.muted_ms is None and alarm_kind(shown.desc) is None]
                if len(reminded) != 1:
                    return DeskReply(phrases.which_reminder_off(reminded), lang, intent="remind")
                loop = reminded[0]
        if ask.none and loop is None and ask.name:
            # "dont remind me about mom" naming no open promise (none kept, two, or "m\u200bom"): a reminder asked off
            # is never a promise of its own (pass 61b: it went on to the judgement, which kept "mom", "When should I
            # remind you?", the opposite of what was asked)
            return DeskReply(phrases.no_reminder_to_stop(ask.name, lang), lang, intent="remind")
        if loop is None and ask.name and ask.lead_minutes is not None and not ask.deed and lang == "en" \
                and re.match(r"(?:i|we|you|he|she|they|it|me|us|him|her|them|that|this)\b", ask.name) is None \
                and not time_spans(ask.name) and not re.search(r"\bto\s+[a-z]", ask.name) and not self._ever_named(ask.name):
            # (not "remind me 30 minutes before the meeting at 5pm tomorrow to call Ann": a promise of its own)
            # "remind me 15 minutes before the bank meeting" with no bank meeting kept (daemon run 76: Whisper missed the
            # sentence that said it, and SmolLM2's "Sorry, I don't have an answer to that" followed)
            named = ask.name if re.match(r"(?:the|my|our|a|an)\s", ask.name) else f"the {ask.name}"
            return DeskReply(phrases.not_found(named, lang), lang, intent="remind")
        if loop is None or (ask.deed and not names_the_promise(ask.deed, loop.desc)):
            return None   # "remind me at 9pm to turn it off" after "fix the heater": a reminder of its own (pass 55c)
        if ask.new_deed:   # "… before the flight to leave for the airport", "check in opens 24 hours before, remind me"
            if loop.due_ms is None or ask.lead_minutes is None or not (ask.lead_minutes or ask.part):
                return None   # "remind me an hour before work to call Bob": no time to count from, a reminder of its own
            return self._before_another(loop, ask.new_deed, ask.lead_minutes, text, session, lang, ask.part)
        if ask.none and (rule := repeats.from_key(loop.repeat)) is not None and rule.step_ms is not None:
            # "stop the water reminders" of "drink water every two hours": a reminder and nothing else, so the series
            # ends (muted, it stayed on the agenda with nothing to say, coming back every two hours)
            return self._closed(loop, LoopStatus.DISMISSED, lang, "cancel")
        if ask.none:   # "don't remind me about the call": it stays on the agenda, unspoken
            if loop.muted_ms is not None:   # said again: nothing new to undo
                return DeskReply(phrases.muted(loop, lang), lang, intent="remind")
            muted = self.service.mute(loop.id)
            self._remember(session, muted, now_ms)
            return DeskReply(phrases.muted(muted, lang), lang, change=AgendaChange(updated=(muted,), before=(loop,)),
                             intent="remind")
        if ask.lead_minutes is not None:
            if loop.due_ms is None:
                return DeskReply(phrases.no_due_to_lead(loop, lang), lang, intent="remind")
            at_ms = self._lead_moment(loop.due_ms, ask.lead_minutes, ask.part)
        else:
            try:
                when = resolve_time(ask.time_words, self.service.now_local())
            except ImpossibleTime:
                when = None
            if when is None:
                return None
            if not when.has_time and (start := _span_start(ask.time_words, self.service.now_local())) is not None:
                when = replace(when, at=when.at.replace(year=start.year, month=start.month, day=start.day))
            at = when.at if when.has_time else when.at.replace(hour=PART_HOURS.get(part_named(ask.time_words) or "", 9),
                                                                 minute=0)   # "tomorrow morning": 9 AM, not 23:59
            if not when.day_said and loop.due_ms is not None:   # "about the call at 2pm", "remind me at 2": its day
                due = datetime.fromtimestamp(loop.due_ms / 1000, at.tzinfo)
                on_its_day = at.replace(year=due.year, month=due.month, day=due.day)
                at = on_its_day if due.date() > at.date() and on_its_day < due else at
            at_ms = int(at.timestamp() * 1000)
        if at_ms <= now_ms:
            return DeskReply(phrases.remind_past(loop, lang), lang, intent="remind")
        updated = self.service.reschedule(loop.id, remind_ms=at_ms)
        self._remember(session, updated, now_ms, remind=True)
        return DeskReply(phrases.remind_set(updated, at_ms, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(updated=(updated,), before=(loop,)), intent="remind")

    def _each_reminded(self, loops: list[OpenLoop], lead_minutes: int, session: str, lang: phrases.Lang) -> DeskReply:
        """Each of `loops` reminded `lead_minutes` before its due (the ones still ahead), said one after the other."""
        now_ms, updated, before, said = self.service.now_ms(), [], [], []
        for loop in sorted(loops, key=lambda shown: shown.due_ms or 0):
            at_ms = self._lead_moment(loop.due_ms or 0, lead_minutes, None)
            if at_ms <= now_ms:
                continue
            moved = self.service.reschedule(loop.id, remind_ms=at_ms)
            self._remember(session, moved, now_ms, remind=True)
            updated.append(moved)
            before.append(loop)
            said.append(phrases.remind_set(moved, at_ms, self.service.now_local(), self.service.tz, lang))
        if not updated:
            return DeskReply(phrases.remind_past(loops[0], lang), lang, intent="remind")
        return DeskReply(" ".join(said), lang, change=AgendaChange(updated=tuple(updated), before=tuple(before)),
                         intent="remind")

    def _lead_moment(self, due_ms: int, lead_minutes: int, part: str | None) -> int:
        """`lead_minutes` before the due; "the night before": 8 PM the day before, whatever the due's hour; "two days
        before" a promise of a day ("by the 15th", kept at 23:59): that morning, not 11:59 PM."""
        at_ms = due_ms - lead_minutes * 60_000
        due = datetime.fromtimestamp(due_ms / 1000, self.service.tz)
        part = part or ("morning" if phrases.is_day_only(due) and lead_minutes >= 1440 else None)
        if part:
            day = due.date() - timedelta(days=-(-lead_minutes // 1440))
            at_ms = int(datetime.combine(day, time(PART_HOURS[part]), tzinfo=self.service.tz).timestamp() * 1000)
            if lead_minutes == 0 and at_ms >= due_ms:   # "the morning of" a promise at 8 AM: an hour before
                at_ms = due_ms - 3_600_000
        return at_ms

    def _before_another(self, loop: OpenLoop, deed: str, lead_minutes: int, said: str, session: str,
                        lang: phrases.Lang, part: str | None = None) -> DeskReply:
        """"Remind me two hours before the flight to leave for the airport": `deed`, a promise of its own, due and
        reminded `lead_minutes` before `loop`'s due ("the night before … to pack": 8 PM the day before, as the
        reminder of the promise itself; the sixtieth session: 6:40 AM the day before, the flight's own hour)."""
        if loop.desc.casefold() == deed.casefold():
            # "remind me the night before to pack" said again: the promise in focus is the deed itself, kept the first
            # time (pass 61b: a second "pack" the night before the first, the day before the day asked)
            return DeskReply(phrases.already_open(loop, lang), lang, intent="remind")
        at_ms = self._lead_moment(loop.due_ms or 0, lead_minutes, part)
        now_ms = self.service.now_ms()
        if at_ms <= now_ms:
            return DeskReply(phrases.remind_past(loop, lang), lang, intent="remind")
        if (same := next((kept for kept in self.service.agenda() if kept.due_ms == at_ms
                          and kept.desc.casefold() == deed.casefold()), None)) is not None:
            return DeskReply(phrases.already_open(same, lang), lang, intent="remind")   # said twice: one promise
        # the deed as said, its names' capitals kept ("buy flowers for Lily"; `deed` is read in lower case)
        deed = next((said[m.start():m.end()] for m in [re.search(re.escape(deed), said, re.IGNORECASE)] if m), deed)
        kept = self.service.add(deed, due_ms=at_ms, session=session, evidence=said, remind_ms=at_ms)
        self._remember(session, kept, now_ms, remind=True)
        return DeskReply(phrases.confirm_opened(kept, self.service.now_local(), self.service.tz, lang, remind=True), lang,
                         change=AgendaChange(opened=(kept,)), intent="remind")

    def _alarm(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Set a timer for 10 minutes", "wake me up at 7", "7시에 깨워 줘" (`alarms.py`): a promise due then, with its
        reminder at the due; None when the words ask for no timer or alarm."""
        now = self.service.now_local()
        text = repeat_said_after(text)   # "set a weekday alarm for 6:30": "… for 6:30 every weekday"
        parts = [part for part in _ALARM_THEN.split(text) if part.strip()]
        if len(parts) > 1 and any(map(self._is_alarm, parts)):
            # "set a timer for 10 minutes and remind me to call Bob", "call Bob and wake me up at 7": each, in order,
            # in one write (on a full disk: neither, not the timer alone under "nothing changed")
            with self.service.one_write():
                return functools.reduce(_joined, (self._alarm(part, session, self._lang(part))
                                                  if self._is_alarm(part) else self.handle(part, session)
                                                  for part in parts))
        with self._lock:
            asked = self._alarm_asked.pop(session, None)
        if asked is not None and self.service.now_ms() - asked[1] <= CONFIRM_SEC * 1000 \
                and _LET_GO.fullmatch(clean(text)):
            return DeskReply("알겠어요." if lang == "ko" else "OK.", lang, intent="alarm")   # "For how long?" "Cancel."
        if asked is not None and self.service.now_ms() - asked[1] <= CONFIRM_SEC * 1000:
            said = with_time(asked[0], clean(text))   # "For how long?" "Ten minutes."
            try:
                if alarm_said(said, now) is not None:
                    text = said
            except ImpossibleTime:
                text = said
        rule = repeats.repeat_in(text)   # "wake me up every weekday at 7", "매일 아침 7시에 깨워 줘"
        # "wake me up every day at 7 until friday" (session 65: the first alarm was Friday's): its end, read apart
        end = series_end.end_said(text, now) if rule is not None else None
        try:
            alarm = alarm_said(clean(repeats.without_repeat(series_end.without_end(text, end)) if rule is not None
                                     else text), now)
        except ImpossibleTime as exc:
            return DeskReply(_reason(exc, lang), lang, intent="alarm")
        if alarm is not None and alarm.kind == "timer":
            rule, end = None, None   # "every day set a timer for 10 minutes": a timer is once
        if alarm is None and (day := alarms_day(clean(text))) is not None:   # "what alarms do I have (tomorrow)?"
            set_now = sorted((loop for loop in self.service.agenda() if alarm_kind(loop.desc)), key=_due_order)
            if day >= 0:
                on = now.date() + timedelta(days=day)
                set_now = [loop for loop in set_now if loop.due_ms is not None
                           and phrases.due_day(loop.due_ms, self.service.tz) == on]
            return DeskReply(phrases.alarms_set(set_now, now, self.service.tz, lang, None if day < 0 else day), lang,
                             intent="alarm")
        if alarm is None:
            if (kind := alarm_asked(clean(text))) is not None:   # "set a timer": for how long
                with self._lock:
                    self._alarm_asked[session] = (kind, self.service.now_ms())
                return DeskReply(phrases.alarm_when(kind, lang), lang, intent="alarm")
            if (change := change_asked(clean(text))) is not None:   # "add 5 minutes to the timer"
                return self._timer_changed(change, lang)
            return None
        if rule is not None and alarm.kind != "timer" and 16 <= alarm.at.hour <= 23 and not _HALF_OF_DAY.search(text):
            # "set an alarm for 7 every weekday" at 10 AM: 7 in the morning, as an alarm that repeats is (the fiftieth
            # session: "Alarm set for tomorrow at 7 PM, then every weekday"); a bare hour of a one-off stays the next
            morning = alarm.at.replace(hour=alarm.at.hour - 12)
            alarm = replace(alarm, at=morning if morning > now else morning + timedelta(days=1))
        if alarm.at <= now:
            return DeskReply(phrases.alarm_past(alarm.kind, lang), lang, intent="alarm")
        at_ms = int(alarm.at.timestamp() * 1000)
        if alarm.instead and (moved := self._alarm_instead(at_ms, session, now, lang, alarm.either_half)) is not None:
            return moved
        if alarm.kind != "timer" and (same := next((loop for loop in self.service.agenda() if loop.desc == alarm.desc
                                                     and loop.due_ms == at_ms), None)) is not None:
            # "wake me up at 7" said twice: one alarm (a second timer of the same length is a second timer)
            return DeskReply(phrases.alarm_set(same, alarm.kind, now, self.service.tz, lang), lang, intent="alarm")
        # not the judgement's merge: "set an alarm for 9pm" moved the wake-up alarm; a second timer is a second one
        loop = self.service.add(alarm.desc, at_ms, session, evidence=text, remind_ms=at_ms,
                                repeat=None if rule is None else rule.key,
                                until=end.day.isoformat() if end is not None and end.day else None,
                                for_days=end.days if end is not None else 0)
        self._remember(session, loop, self.service.now_ms(), remind=True)
        return DeskReply(phrases.alarm_set(loop, alarm.kind, now, self.service.tz, lang), lang,
                         change=AgendaChange(opened=(loop,)), intent="alarm")

    def _alarm_instead(self, at_ms: int, session: str, now: datetime, lang: phrases.Lang, either_half: bool
                       ) -> DeskReply | None:
        """"Wake me up at 7 instead": the alarm set (the one in focus, else the next to ring) moved to that time; None
        with no alarm set (a new one is set). An hour that may be either half of the day (`Alarm.either_half`) is the
        one nearest the alarm it replaces ("make the alarm 7 instead" of a 6:15 AM alarm: 7 AM, not tonight at 7)."""
        now_ms = self.service.now_ms()
        ringing = [loop for loop in self.service.agenda() if alarm_kind(loop.desc) in ("wake", "alarm")
                   and max(loop.due_ms or 0, loop.remind_ms or 0) > now_ms]
        if not ringing:
            return None
        focus = self._recent_focus(session, now_ms)
        loop = next((loop for loop in ringing if focus is not None and loop.id == focus.loop_id),
                    min(ringing, key=_due_order))
        if either_half and loop.due_ms is not None:
            half_day = 12 * 3_600_000
            at_ms = min((t for t in (at_ms - half_day, at_ms, at_ms + half_day) if t > now_ms),
                        key=lambda t: abs(t - (loop.due_ms or 0)))
        moved = self.service.reschedule(loop.id, due_ms=at_ms, remind_ms=at_ms)
        self._remember(session, moved, now_ms, remind=True)
        return DeskReply(phrases.confirm_updated(moved, now, self.service.tz, lang), lang,
                         change=AgendaChange(updated=(moved,), before=(loop,)), intent="alarm")

    def _repeat_changed(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Make it every weekday", "repeat it every day", "매일로 바꿔 줘" (a repeat for the promise in focus: just said or
        just reminded) and "just once", "반복하지 마" (taken off); None when the words ask neither."""
        asked = repeats.repeat_asked(clean(text))
        if asked is None:
            return None
        focus = self._correction_focus(session, self.service.now_ms())
        loop = self._open(focus.loop_id) if focus is not None else None
        if loop is None:
            return DeskReply(phrases.nothing_to_repeat(lang), lang, intent="repeat")
        if asked is False and loop.repeat is None:
            return DeskReply(phrases.confirm_opened(loop, self.service.now_local(), self.service.tz, lang), lang,
                             intent="repeat")
        updated = self.service.set_repeat(loop.id, None if asked is False else asked.key)
        self._remember(session, updated, self.service.now_ms())
        return DeskReply(phrases.repeat_set(updated, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(updated=(updated,), before=(loop,)), intent="repeat")

    def _end_told(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Stop after Friday", "only until Friday", "금요일까지만 해" and, of a routine said "while she's away", "she's
        back on Sunday" (the last time the day before): the end of the repeating promise in focus (session 65: SmolLM2
        answered "She's back on Saturday." and the routine went on for ever). None when the words say no end or no
        routine is in focus."""
        if lang == "ko" and (trip := trip_end.ko_trip_until(clean(text), self.service.now_local())) is not None:
            return self._trip_ends(*trip, session, lang)   # "출장 금요일까지" (everyday74)
        told = series_end.end_told(clean(text), self.service.now_local())
        if told is None:
            return None
        last, back = told
        focus = self._correction_focus(session, self.service.now_ms())
        loop = self._open(focus.loop_id) if focus is not None else None
        if loop is None or loop.repeat is None or back and not series_end.away_said(loop.evidence or ""):
            return None
        if loop.due_ms is not None and last < phrases.due_day(loop.due_ms, self.service.tz):
            # "she's back today" (the last time was yesterday): the open time is past the end too, the series ends
            # now (pass 66: "Updated: …, tonight at 6 PM, the last time." and tonight's reminder still said)
            closed = self.service.dismiss(loop.id)
            return DeskReply(phrases.confirm_closed(closed, lang, self.service.tz), lang,
                             change=AgendaChange(closed=(closed,)), intent="repeat")
        updated = self.service.set_until(loop.id, last)
        self._remember(session, updated, self.service.now_ms())
        return DeskReply(phrases.repeat_set(updated, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(updated=(updated,), before=(loop,)), intent="repeat")

    def _for_a_kept_trip(self, reply: DeskReply) -> DeskReply:
        """A routine for while a trip lasts ("출장 기간 동안 매일 저녁 보고서 보내기") kept after the trip's span was
        ("출장 금요일까지": `_trip_ends`): it ends with the trip (everyday74 left it going on for ever)."""
        if reply.lang != "ko":
            return reply
        tz, now = self.service.tz, self.service.now_local()
        trips = [loop for loop in self._open_to_do() if loop.repeat is None and loop.due_ms is not None
                 and trip_end.is_trip(loop.desc)]
        said, updated = [], []
        for loop in reply.change.opened:
            spans = [trip for trip in trips if loop.repeat is not None and
                     trip_end.for_the_trip(f"{loop.desc} {loop.evidence or ''}", trip.desc)]
            if len(spans) != 1 or spans[0].due_ms is None:
                continue
            last = phrases.due_day(spans[0].due_ms, tz)
            if loop.due_ms is not None and last < phrases.due_day(loop.due_ms, tz):
                continue
            updated.append(self.service.set_until(loop.id, last))
            said.append(f"{loop.desc}{hangul.topic(loop.desc)} {phrases.ko_day_named(last, now)}까지만 할게요.")
        if not updated:
            return reply
        ids = {loop.id: loop for loop in updated}
        opened = tuple(ids.get(loop.id, loop) for loop in reply.change.opened)
        return replace(reply, text=f"{reply.text} {' '.join(said)}", change=replace(reply.change, opened=opened))

    def _trip_ends(self, trip: str, last: date, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"출장 금요일까지" with "출장 가기" or "출장 기간 동안 매일 저녁 보고서 보내기" kept (korean70 left: the trip
        itself moved to Friday, the routine went on for ever): the trip ends then (`trip_end`); the routines said for
        while it lasts end with it, the trip itself is left as it was. None when nothing kept names the trip."""
        open_now = self._open_to_do()
        routines = [loop for loop in open_now if loop.repeat is not None and
                    trip_end.for_the_trip(f"{loop.desc} {loop.evidence or ''}", trip)]
        trips = [loop for loop in open_now if loop.repeat is None and trip.replace(" ", "") in loop.desc.replace(" ", "")]
        now, tz = self.service.now_local(), self.service.tz
        ends = phrases.ko_day_named(last, now)
        if not routines and not trips:
            # nothing names the trip (everyday74 left it to SmolLM2): the trip kept as its span, "출장, … 금요일까지"
            # (까지: until, as said), so a routine for while it lasts can end with it (`_for_a_kept_trip`) and "what do
            # I have friday" reads it; not an errand "출장 가기" made up
            kept = self.service.add(trip, int(datetime.combine(last, time(23, 59), tzinfo=tz).timestamp() * 1000),
                                    session=session, evidence=f"{trip} {ends}까지")
            self._remember(session, kept, self.service.now_ms())
            return DeskReply(f"{trip}{hangul.topic(trip)} {ends}까지군요. 적어 둘게요: {trip}, {ends}까지.", lang,
                             change=AgendaChange(opened=(kept,)), intent="capture")
        said = [f"{trip}{hangul.topic(trip)} {ends}까지군요."]
        updated, before, closed = [], [], []
        for loop in routines:
            if loop.due_ms is not None and last < phrases.due_day(loop.due_ms, tz):
                closed.append(self.service.dismiss(loop.id))   # the trip is over before its next time
                said.append(phrases.confirm_closed(closed[-1], lang, tz))
                continue
            updated.append(self.service.set_until(loop.id, last))
            before.append(loop)
            said.append(f"{updated[-1].desc}{hangul.topic(updated[-1].desc)} {ends}까지만 할게요.")
        if not routines:
            said.append(f"'{trips[0].desc}'{hangul.topic(trips[0].desc)} 그대로 둘게요.")
        if updated:
            self._remember(session, updated[-1], self.service.now_ms())
        return DeskReply(" ".join(said), lang, change=AgendaChange(updated=tuple(updated), before=tuple(before),
                                                                   closed=tuple(closed)), intent="repeat")

    def _day_off(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Cancel the soccer practice on Thursday", "my wife will do the pickup tomorrow" (`day_off`): a repeating
        promise's time on that day called off, the series kept (round 64: the whole series was ended). The day of its
        next time skips that one; a later day the rule falls on is kept as a day off (`OpenLoopService.skip_on`).
        None when no repeating promise is named alone, or for an alarm's or timer's own words."""
        said = day_off(clean(text)) if lang == "en" else ko_day_off(clean(text))
        if said is None:
            return None
        loops = [loop for loop in self._open_to_do() if loop.repeat is not None and loop.due_ms is not None
                 and not alarm_kind(loop.desc)]
        found = naming.best_reference(said.what, [loop.desc for loop in loops]) if loops else None
        if not isinstance(found, int):
            return None
        loop = loops[found]
        if said.verb and not naming.same_deed(f"{said.verb} {said.what}", loop.desc):
            return None   # "my wife will take the car tomorrow" is no "car wash" of hers
        now = self.service.now_local()
        try:
            when = resolve_time(said.day_words, now)
        except ImpossibleTime:
            return None
        if when is None or not (when.day_said or re.search(r"\b(?:today|tonight)\b", said.day_words)):
            return None
        day = when.at.date()
        if day == phrases.due_day(loop.due_ms, self.service.tz) and skip_asked(clean(text)) is not None:
            return None   # "내일은 약 건너뛸게", "skip the pills tomorrow" of the next one: the skip room's, as before
        return self._day_off_on(loop, day, said.handed, session, lang)

    def _day_off_on(self, loop: OpenLoop, day: date, handed: bool, session: str, lang: phrases.Lang
                    ) -> DeskReply | None:
        now = self.service.now_local()
        before = loop
        followers = self._night_before_of(loop)
        loop, next_one, changed = self.service.skip_on(loop.id, day)
        moved: list[tuple[OpenLoop, OpenLoop]] = []   # (as it was, as it is), for "undo that"
        if changed:   # "pack the soccer bag the night before practice": that night's reminder is off too (round 65)
            for follower in followers:
                after, opened, off = self.service.skip_on(follower.id, day - timedelta(days=1))
                if off and opened is None and after.is_open:
                    moved.append((follower, after))
        also = {"updated": tuple(a for _, a in moved), "before": tuple(b for b, _ in moved)}
        if not changed:
            if handed:
                return None   # someone else's deed on a day it does not fall on: read as before
            return DeskReply(phrases.day_not_in_repeat(loop, day, now, self.service.tz, lang), lang, intent="cancel")
        self._days_off[session] = (loop.desc, handed, self.service.now_ms())
        if next_one is not None or not loop.is_open:   # the next time itself: skipped, the series goes on
            if next_one is not None:
                self._remember(session, next_one, self.service.now_ms())
            return DeskReply(phrases.day_off(loop, day, None if next_one is None else next_one.due_ms, now,
                                             self.service.tz, handed, lang), lang,
                             change=AgendaChange(closed=(loop,), opened=(next_one,) if next_one else (), **also),
                             intent="cancel")
        self._remember(session, loop, self.service.now_ms())
        return DeskReply(phrases.day_off(loop, day, self.service.back_after(loop, day), now, self.service.tz, handed,
                                         lang), lang, change=AgendaChange(updated=(loop, *also["updated"]),
                                                                          before=(before, *also["before"])), intent="cancel")

    def _night_before_of(self, loop: OpenLoop) -> list[OpenLoop]:
        """The open repeating promises kept "the day/night/morning before <loop>" (`_day_before`: their rule is the
        loop's a day earlier, their words said it): a day off of the loop is their day off the day before (round 65:
        "pack the soccer bag" still came the night before a practice called off)."""
        earlier = repeats.day_before(loop.repeat)
        if earlier is None:
            return []
        found = []
        for other in self.service.agenda():
            if other.id == loop.id or other.repeat != earlier or other.due_ms is None:
                continue
            m = _DAY_BEFORE.search((other.evidence or "").rstrip(" .!"))
            if m is not None and m["x"] and naming.best_reference(m["x"], [loop.desc]) == 0:
                found.append(other)
        return found

    def _day_off_moved(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"No, I meant next Thursday" right after a day off was called ("cancel the soccer practice on thursday"):
        that day off taken back and the day said called off instead (pass 65: the series' next time was moved to that
        day, so the practice before it was lost and the day off stayed). None for other words."""
        last = self._days_off.get(session)
        m = _DAY_OFF_FIX.fullmatch(clean(text))
        if last is None or m is None or self.service.now_ms() - last[2] > DAY_OFF_FIX_SEC * 1000:
            return None
        words = m["day"]
        spans = time_spans(words)
        if not spans or words[:spans[0][0]].strip(" ,") not in ("", "on", "the one on") or words[spans[-1][1]:].strip(" ,."):
            return None
        try:
            when = resolve_time(words, self.service.now_local())
        except ImpossibleTime:
            return None
        if when is None or not when.day_said or when.has_time:
            return None
        day = when.at.date()
        now = self.service.now_local()
        ahead = [loop for loop in self._open_to_do() if loop.repeat is not None and loop.desc == last[0]]
        rule = repeats.from_key(ahead[0].repeat) if ahead else None
        if rule is None or ahead[0].due_ms is None:
            return None
        on_rule = rule.falls_on(day) if not rule.stepped else falls_on(rule, ahead[0].due_ms, day, self.service.tz)
        if day < now.date() or not on_rule:   # a day it does not fall on: the day off said stays as it was
            return DeskReply(phrases.day_not_in_repeat(ahead[0], day, now, self.service.tz, lang), lang, intent="cancel")
        if self._undo("undo that", session) is None:
            return None
        loops = [loop for loop in self._open_to_do() if loop.repeat is not None and loop.desc == last[0]]
        if not loops:
            return None
        return self._day_off_on(loops[0], day, last[1], session, lang)

    def _skip(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Skip the pills today", "skip it", "오늘은 약 건너뛸게": a repeating promise withdrawn this time, the next one
        opened (`OpenLoopService.skip`); one that does not repeat is taken off. None when the words skip nothing open."""
        what = skip_asked(clean(text))
        if what is None:
            return None
        loops = self._open_to_do()
        if what:
            found = naming.best_reference(what, [loop.desc for loop in loops])
            if isinstance(found, list):   # "skip the call" with two: the repeating one, else the one due first
                found = min(found, key=lambda i: (loops[i].repeat is None, _due_order(loops[i])))
            loop = loops[found] if found is not None else None
        else:
            focus = self._correction_focus(session, self.service.now_ms())
            loop = self._open(focus.loop_id) if focus is not None else None
            if loop is None and len(every := [loop for loop in loops if loop.repeat]) == 1:
                loop = every[0]   # "skip it" with one repeating promise open
        day = skip_day(clean(text))
        if loop is None and what and only_kind(what):   # "skip tomorrow's alarm" with none set (the fifty-eighth helper:
            return DeskReply(phrases.alarms_set([], self.service.now_local(), self.service.tz, lang,   # to SmolLM2)
                                                day), lang, intent="alarm")
        if loop is None:
            return None
        if day is not None and repeats.from_key(loop.repeat) is not None and loop.due_ms is not None:
            now = self.service.now_local()
            if phrases.due_day(loop.due_ms, self.service.tz) != now.date() + timedelta(days=day):
                return DeskReply(phrases.skip_not_next(loop, day, now, self.service.tz, lang), lang, intent="cancel")
        closed, next_one = self.service.skip(loop.id)
        if next_one is not None:
            self._remember(session, next_one, self.service.now_ms())
        return DeskReply(phrases.skipped(closed, next_one, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(closed=(closed,), opened=(next_one,) if next_one else ()), intent="cancel")

    def _shopping(self, text: str, session: str) -> DeskReply | None:
        """"Add milk and eggs to my shopping list" (a promise "buy milk" per item, none twice), "what's on my shopping
        list?" (the open promises that buy something), `shopping.py`; None for anything else."""
        said = clean(text)
        if shopping.list_asked(said):
            lang: phrases.Lang = "ko" if re.search(r"[가-힣]", said) else "en"
            items = [item for loop in sorted(self.service.agenda(), key=lambda loop: loop.created_ms)
                     if (item := shopping.item_of(loop.desc)) is not None]
            return DeskReply(phrases.shopping_list(items, lang), lang, intent="shopping")
        if (clearing := shopping.list_cleared(said)) is not None:   # "clear my shopping list": asked first, as "cancel
            to_buy = [loop for loop in self.service.agenda() if shopping.item_of(loop.desc) is not None]   # all" is
            if not to_buy:
                return DeskReply(phrases.shopping_list([], clearing), clearing, intent="shopping")
            return self._ask_every(Intent("cancel_all", clearing, command=True), session, to_buy)
        asked = shopping.items_added(said)
        if asked is None:
            return None
        items, lang = asked
        on_list = {(shopping.item_of(loop.desc) or "").casefold() for loop in self.service.agenda()}
        added, already, opened = [], [], []
        with self.service.one_write():   # every item kept, or none (a full disk: not half a list)
            for item in items:
                if item.casefold() in on_list:
                    already.append(item)
                    continue
                opened.append(self.service.add(shopping.to_buy(item, lang), None, session, evidence=text))
                added.append(item)
        return DeskReply(phrases.shopping_added(added, already, lang), lang,
                         change=AgendaChange(opened=tuple(opened)), intent="shopping")

    def _timer_changed(self, change: TimerChange, lang: phrases.Lang) -> DeskReply:
        """"Add 5 minutes to the timer" (its due and reminder moved by that much), "restart the egg timer" (due its
        full length from now); "pause the timer" is said to be impossible. The timer is the one the words name, or
        the only one set; with several and no name to tell them apart, the user is asked to name it."""
        if change.kind == "pause":
            return DeskReply(phrases.alarm_unchanged(lang), lang, intent="alarm")
        loops = [loop for loop in self.service.agenda() if alarm_kind(loop.desc) == "timer"]
        meant = alarms_meant(change.words, [loop.desc for loop in loops]) or []
        if len(meant) != 1:
            return DeskReply(phrases.timer_unnamed([loops[i] for i in meant], lang), lang, intent="alarm")
        timer, now_ms = loops[meant[0]], self.service.now_ms()
        if change.kind == "restart":
            due_ms = now_ms + (timer_length(timer.desc) or 0) * 1000
        else:
            due_ms = max(timer.due_ms or now_ms, now_ms) + change.seconds * 1000
        if due_ms <= now_ms:   # "take 10 minutes off" a timer with 5 left
            return DeskReply(phrases.timer_too_short(timer, lang), lang, intent="alarm")
        moved = self.service.reschedule(timer.id, due_ms=due_ms, remind_ms=due_ms)
        return DeskReply(phrases.time_left([moved], now_ms, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(updated=(moved,), before=(timer,)), intent="alarm")

    def _is_alarm(self, text: str) -> bool:
        try:
            return alarm_said(clean(text), self.service.now_local()) is not None or alarm_asked(clean(text)) is not None
        except ImpossibleTime:
            return True

    def _snooze(self, intent: Intent, session: str, named: OpenLoop | None = None) -> DeskReply:
        now_ms = self.service.now_ms()
        candidates = self._in_focus(session)
        loop = named or (self._open(candidates[0][1]) if candidates else None)
        if loop is None:
            return DeskReply(phrases.nothing_to_snooze(intent.lang), intent.lang, intent="snooze")
        minutes = min(intent.minutes or 10, SNOOZE_MAX_MIN)  # "in 99999 minutes": a day at most
        updated = self.service.reschedule(loop.id, remind_ms=now_ms + minutes * 60_000)
        return DeskReply(phrases.snoozed(updated, minutes, intent.lang), intent.lang,
                         change=AgendaChange(updated=(updated,), before=(loop,)), intent="snooze")

    def _unmute(self, session: str, lang: phrases.Lang) -> DeskReply:
        """"알림 다시 켜 줘" after "알림 꺼 줘": the muted promise in focus, else the only one muted, reminded again at
        its due; said so when none is muted, or which when several are."""
        focus = self._recent_focus(session, self.service.now_ms())
        muted = [loop for loop in self.service.agenda() if loop.muted_ms is not None]
        meant = [loop for loop in muted if focus is not None and loop.id == focus.loop_id] or muted
        if len(meant) != 1:
            said = "다시 켤 알림이 없어요." if not meant else \
                f"어떤 알림을 다시 켤까요? {', '.join(loop.desc for loop in meant[:phrases.SPOKEN_ITEMS])}."
            return DeskReply(said, lang, intent="remind")
        loop = meant[0]
        updated = self.service.reschedule(loop.id, remind_ms=self._remind_at(loop.due_ms) or loop.due_ms)
        return DeskReply(phrases.unmuted(updated, lang), lang, change=AgendaChange(updated=(updated,), before=(loop,)),
                         intent="remind")

    def _remind_at(self, due_ms: int | None, clause: str = "", now: datetime | None = None) -> int | None:
        """"Remind me to X at 6" reminds at 6; "remind me to X on Friday" (a day, no clock time) is left
        to the morning reminder of a day's promise (the scheduler's), not 23:59. A part of the day said with the day
        ("remind me tonight to call Bob", "tomorrow morning", "내일 아침에") reminds at its hour (night 8 PM, morning 9
        AM, as "remind me again tomorrow morning" does): before the forty-seventh session "remind me tonight" said
        at 2 PM got no reminder at all (the day's morning reminder had passed) and "tomorrow morning" got the
        morning reminder at the end of quiet hours only by luck of the defaults."""
        if due_ms is None:
            return None
        due = datetime.fromtimestamp(due_ms / 1000, self.service.tz)
        if not phrases.is_day_only(due):
            return due_ms
        if not clause or now is None:
            return None
        try:
            when = resolve_time(clause, now)
        except ImpossibleTime:
            return None
        part = None if when is None else part_named(" ".join(clause[a:b] for a, b in when.spans))
        if part is None:
            return None
        at_ms, now_ms = int(due.replace(hour=PART_HOURS[part], minute=0).timestamp() * 1000), self.service.now_ms()
        if at_ms > now_ms:
            return at_ms
        end_ms = int(due.replace(hour=_PART_END[part], minute=0).timestamp() * 1000)
        if now_ms + 30 * 60_000 < end_ms:   # "this evening" said at 6:40 PM: in half an hour (on a 5-minute mark)
            return -(-(now_ms + 30 * 60_000) // 300_000) * 300_000
        return None
