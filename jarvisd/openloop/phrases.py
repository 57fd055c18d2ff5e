"""What the agenda says back, in English or Korean: a due as a person says it, the confirmation of a
captured promise, the agenda read aloud. Pure: times in, one short sentence out.

Spoken answers are short on purpose (a voice answer is heard, not read): a confirmation is one sentence
with the resolved time, so a wrong time is caught at once ("no, Thursday"); a list names at most
`SPOKEN_ITEMS` promises and counts the rest.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Literal

from jarvisd.language import Language
from jarvisd.openloop import repeats
from jarvisd.openloop.alarms import alarm_kind
from jarvisd.openloop.commitment_words import (
    EN_BASE_VERBS,
    KO_EVENT_NOUNS,
    KO_OCCASIONS,
    KO_VISITS,
)
from jarvisd.openloop.hangul import RIEUL, final, topic
from jarvisd.openloop.model import OpenLoop, until_at, until_day
from jarvisd.openloop.plans import HEAD_END, en_at_its_time, en_not_a_deadline, ko_plan_with, ko_shift
from jarvisd.openloop.when_words import EN_MONTH_NAMES, EN_WEEKDAYS
from jarvisd.textsafe import MAX_TURN_CHARS

Lang = Language
SPOKEN_ITEMS = 5
_KO_WEEKDAYS = "월화수목금토일"
_KO_PARTS = ((21, "밤"), (18, "저녁"), (12, "오후"), (6, "오전"), (0, "새벽"))  # as people say the hour
_EN_PERSON = {"my": "your", "me": "you", "i": "you", "myself": "yourself", "mine": "yours", "i'm": "you're",
              "i'll": "you'll", "i've": "you've", "i'd": "you'd", "our": "your", "we": "you", "us": "you"}
# a whole word, letters past ASCII and combining marks in it: "crème" is one word, not "cr" and "me" said back as
# "crèyou" (pass 59a)
# (pass 59c) and only a word standing alone: one joined to a digit, "_" or "-" is part of a value ("me2you", "i4u",
# "love-me-tender", "Us_and_Me" as passwords were said back "you2you", "you4u", "love-you-tender", "you_and_you")
_EN_WORD = re.compile(r"(?<![\w-])(?:[^\W\d_]|['\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f])+"
                      r"(?![\w-])")


def is_day_only(local: datetime) -> bool:
    """A due said as a day without a clock time is stored at 23:59 that day (the judge's convention)."""
    return (local.hour, local.minute) == (23, 59)


def entries_said(items: Sequence[str], more: int) -> str:
    """"a; b; and c", or "a; b; c" when `more` are left for the HUD (the list goes on after it)."""
    return items[0] if len(items) == 1 else "; ".join(items[:-1]) + ("; " if more else "; and ") + items[-1]


def second_person(desc: str) -> str:
    """The user's words as the assistant says them back: "take my medicine" -> "take your medicine"."""
    return _EN_WORD.sub(lambda m: _EN_PERSON.get(m.group(0).lower(), m.group(0)), desc)


def _en_clock(local: datetime) -> str:
    if (local.hour, local.minute) == (12, 0):
        return "noon"
    if (local.hour, local.minute) == (0, 0):
        return "midnight"
    hour = local.hour % 12 or 12
    minutes = f":{local.minute:02d}" if local.minute else ""
    return f"{hour}{minutes} {'AM' if local.hour < 12 else 'PM'}"


def clock_said(local: datetime, lang: Lang) -> str:
    """"2 PM", "noon" / "오후 2시", "정오": a clock time as every answer says it."""
    return _ko_clock(local) if lang == "ko" else _en_clock(local)


def _ko_clock(local: datetime) -> str:
    if (local.hour, local.minute) == (12, 0):
        return "정오"
    if (local.hour, local.minute) == (0, 0):
        return "자정"
    part = next(name for start, name in _KO_PARTS if local.hour >= start)
    hour = local.hour % 12 or 12
    minutes = f" {local.minute}분" if local.minute else ""
    return f"{part} {hour}시{minutes}"


def _en_day(local: datetime, now: datetime) -> str:
    days = (local.date() - now.date()).days
    if days == 0:
        return "tonight" if local.hour >= 18 and not is_day_only(local) else "today"
    if days == 1:
        return "tomorrow"
    if days == -1:
        return "yesterday"
    if 1 < days < 7:
        return local.strftime("%A")
    text = f"{local:%A}, {local:%B} {local.day}"
    return text if local.year == now.year else f"{text}, {local.year}"


def _ko_day(local: datetime, now: datetime) -> str:
    days = (local.date() - now.date()).days
    named = {0: "오늘", 1: "내일", 2: "모레", -1: "어제"}
    if days in named:
        return named[days]
    weekday = _KO_WEEKDAYS[local.weekday()] + "요일"
    week_gap = (local.date().toordinal() - local.weekday() - (now.date().toordinal() - now.weekday())) // 7
    if week_gap == 0:
        return f"이번 주 {weekday}"
    if week_gap == 1:
        return f"다음 주 {weekday}"
    text = f"{local.month}월 {local.day}일 {weekday}"
    return text if local.year == now.year else f"{local.year}년 {text}"


def ko_day_named(day: date, now: datetime) -> str:
    """A day as the Korean answers say it: "오늘", "이번 주 금요일", "다음 주 수요일", "12월 24일 목요일"."""
    return _ko_day(datetime.combine(day, datetime.min.time(), tzinfo=now.tzinfo), now)


def _zone_said(local: datetime) -> str:
    """The zone's name, or for a zone named by its offset ("+1030" on Lord Howe, "-03") "UTC+10:30", "UTC-3":
    speech reads "+1030" as a number (pass 35)."""
    name = local.tzname() or ""
    m = re.fullmatch(r"([+-])(\d{2})(\d{2})?", name)
    if m is None:
        return name
    minutes = f":{m[3]}" if m[3] and m[3] != "00" else ""
    return f"UTC{m[1]}{int(m[2])}{minutes}"


def due_day(due_ms: int, tz: tzinfo) -> date:
    """The day a due belongs to, as it is said: one at midnight (00:00) ends the day before ("submit the form, today
    at midnight", `spoken_due`), so the day questions, day moves and day closings count it with that day (the
    sixtieth session: "by midnight", then "what is due today?" was "Nothing is due today")."""
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    return local.date() - timedelta(days=1) if (local.hour, local.minute) == (0, 0) else local.date()


def spoken_due(due_ms: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"tomorrow at 3 PM", "by Friday", "목요일 정오", "다음 주 수요일까지"."""
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    now = now.astimezone(tz)
    if local.hour == 0 and local.minute == 0 and local.date() > now.date():
        # midnight is said as the end of the day before: "tomorrow at midnight", not "Saturday at midnight"
        # for Friday 24:00 (pass 20); the clock word is the same either way
        day_of = local - timedelta(days=1)
        if lang == "ko":
            return f"{_ko_day(day_of, now)} 자정"
        day = _en_day(day_of, now)
        # a weekday or a date is that day's night: "remind me friday at 12am" was said "Thursday at midnight" (the
        # sixtieth session's low: the user hears a day they did not name); "Thursday night at midnight" says which
        # midnight, as "tomorrow at midnight" does
        return f"{day} at midnight" if day in ("today", "tonight", "tomorrow", "yesterday") \
            else f"{day.replace(',', ' night,', 1) if ',' in day else day + ' night'} at midnight"
    # a clock time the autumn night has twice says which ("1:30 AM EST"; pass 32: a shift from 1:30 AM EDT
    # to 1:30 AM EST was said in the words of the old due)
    zone = f" {_zone_said(local)}" if local.replace(fold=1 - local.fold).utcoffset() != local.utcoffset() else ""
    if lang == "ko":
        day = _ko_day(local, now)
        return f"{day}까지" if is_day_only(local) else f"{day} {_ko_clock(local)}{zone}"
    day = _en_day(local, now)
    if is_day_only(local):
        return "by the end of today" if day == "today" else f"by {day}"
    return f"{day} at {_en_clock(local)}{zone}"



def _is(word: str) -> str:
    """The copula after a Korean word: "9시예요", "9시 10분이에요" (a final consonant takes 이에요)."""
    return "이에요" if final(word.rstrip()[-1:] or "가") > 0 else "예요"


def _item(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    desc = loop.desc if lang == "ko" else second_person(loop.desc)
    if loop.due_ms is None:
        if (rule := repeats.from_key(loop.repeat)) is None:
            return desc
        if lang == "ko":
            return f"{desc}, {until_said(loop, now, tz, lang)}{repeats.describe(rule, lang)}"
        return f"{desc}, {repeats.describe(rule, lang)}{until_said(loop, now, tz, lang)}"
    return f"{desc}, {_due_and_repeat(loop, now, tz, lang)}"


def until_said(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """The end of a repeating promise as said after its rule (session 65): " until Sunday", " until Sunday, December 20";
    Korean before it: "일요일까지 " ("오늘 오전 8시부터 이번 주 일요일까지 매일"); "" for a series with no end."""
    day = until_day(loop.until) if loop.repeat else None
    if day is None:
        return ""
    if (at := until_at(loop.until)) is not None:   # "every 2 hours until 6pm" (pass 66)
        local = datetime.combine(day, at, tzinfo=tz)
        today = day == now.astimezone(tz).date()
        if lang == "ko":
            return f"{'' if today else _ko_day(local, now.astimezone(tz)) + ' '}{_ko_clock(local)}까지 "
        return f" until {_en_clock(local)}" + ("" if today else f" {_en_day(local, now.astimezone(tz))}")
    local = datetime.combine(day, time(23, 59), tzinfo=tz)
    if lang == "ko":
        return f"{_ko_day(local, now.astimezone(tz))}까지 "
    return f" until {_en_day(local, now.astimezone(tz))}"


def last_time(loop: OpenLoop, tz: tzinfo) -> bool:
    """Whether this time of a repeating promise is its last (its due on or after the series' end)."""
    day = until_day(loop.until) if loop.repeat else None
    if day is None or loop.due_ms is None:
        return False
    if (at := until_at(loop.until)) is not None and (rule := repeats.from_key(loop.repeat)) is not None \
            and rule.step_ms is not None:   # "every 2 hours until 6pm": the next one would fall after 6 PM
        after = datetime.fromtimestamp((loop.due_ms + rule.step_ms) / 1000, tz)
        return after.date() > day or after.date() == day and after.time() > at
    return datetime.fromtimestamp(loop.due_ms / 1000, tz).date() >= day


# "팀 회식, 다음 주 금요일"; "보고서 마감, 금요일까지"; a visit, a reading of the meter or a day something comes out is
# on its day too ("방문 간호사 방문, 이번 주 목요일": korean69, was "… 목요일까지")
_ON_THE_DAY = KO_OCCASIONS | KO_VISITS | (KO_EVENT_NOUNS - {"마감"}) | {"방문", "검침", "날"}


def ko_on_an_early_day(desc: str, period: str) -> str | None:
    """"다음 달 초에 신입 환영회" (the sixty-first session: said back by SmolLM2, then "2027년 1월 10일 일요일" made up):
    an occasion on a day not yet set, said by its period; kept by the period's end. None for a deed ("… 신청해야 돼"
    by the 10th is as it is said)."""
    words = desc.split()
    return f"적어 둘게요: {desc}, {period}. 날짜가 정해지면 알려 주세요." if words and words[-1] in _ON_THE_DAY else None


def ko_on_its_day(desc: str) -> bool:
    """Whether a Korean promise is a thing on a day (an occasion, a visit, an event: "랩미팅 발표", "장학금 결과 나오는
    날"), said on the day, not by it."""
    words = desc.split()
    return bool(words) and words[-1] in _ON_THE_DAY or ko_plan_with(desc) or ko_shift(desc)


def _ko_on_the_day(desc: str, due: str) -> str:
    """"1월 5일" for "엄마 생일" (an occasion is on its day, not by it: the fifty-sixth session said "1월 5일 화요일까지")."""
    words = desc.split()
    return due.removesuffix("까지") if words and words[-1] in _ON_THE_DAY or ko_plan_with(desc) or ko_shift(desc) else due




def _due_and_repeat(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"tomorrow at 8 AM", or for a repeating promise "tomorrow at 8 AM, then every day" / "내일 오전 8시부터 매일"."""
    due = spoken_due(loop.due_ms or 0, now, tz, lang)
    if lang == "ko":
        due = _ko_on_the_day(loop.desc, due)
    elif en_not_a_deadline(loop.desc) and due.startswith("by "):
        # a move, a shift, a plan with someone (english70; everyday77), an appointment or an event (session 70): on
        # its day, not by it ("jake's field trip, Friday")
        due = "today" if due == "by the end of today" else due if due.startswith("by the end") else due.removeprefix("by ")
    rule = repeats.from_key(loop.repeat)
    if rule is None:
        return due
    if last_time(loop, tz):   # "take the antibiotics, today at 8 AM, the last time" (session 65)
        return f"{due.removesuffix('까지')}, 마지막" if lang == "ko" else f"{due}, the last time"
    every = repeats.describe(rule, lang)
    if rule.at is not None and loop.due_ms is not None and not rule.stepped \
            and datetime.fromtimestamp(loop.due_ms / 1000, tz).time().replace(second=0, microsecond=0) != rule.at:
        # this time moved off the rule's ("I forgot my vitamins, do it at noon"): the rule's own clock said
        at = clock_said(datetime.combine(datetime.fromtimestamp(loop.due_ms / 1000, tz).date(), rule.at, tzinfo=tz), lang)
        if lang == "ko":
            return f"{due.removesuffix('까지')}(이번만, 그 뒤로는 {until_said(loop, now, tz, lang)}{every} {at})"
        every = f"{every} at {at}"
    if lang == "ko":
        return f"{due.removesuffix('까지')}부터 {until_said(loop, now, tz, lang)}{every}"
    # each time is on its day, not by it (lows72: "water the plants, by Sunday, then every Sunday"), as "까지" goes above
    return f"{due.removeprefix('by ')}, then {every}{until_said(loop, now, tz, lang)}"


def times_left(loop: OpenLoop, dues: Sequence[int], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Take the antibiotics: 3 times left, the last on Sunday at 8 AM." (session 65) / of one with no end: "Take your
    pills has no end: every day."."""
    desc = loop.desc if lang == "ko" else second_person(loop.desc)
    if not dues:
        every = _due_and_repeat(loop, now, tz, lang)
        return f"{desc}{topic(desc)} 끝나는 날이 없어요: {every}." if lang == "ko" else \
            f"{_capital(desc)} has no end: {every}."
    last = spoken_due(dues[-1], now, tz, lang)
    if lang == "ko":
        last = last.removesuffix("까지")
        return f"{desc}: {len(dues)}번 남았어요. 마지막은 {last}{_is(last)}."
    return f"{_capital(desc)}: {len(dues)} {'time' if len(dues) == 1 else 'times'} left; the last one is {last}."


def next_time(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """Said after a repeating promise is done: when it comes back ("Next: tomorrow at 8 AM.")."""
    due = spoken_due(loop.due_ms or 0, now, tz, lang)
    if lang == "ko":
        return f"다음은 {due}{_is(due)}."
    return f"Next: {due}."


def not_begun(loop: OpenLoop, day_said: date, begun: bool, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """A repeating promise told done on a day it has no time of (korean70: "오늘 혈압약 드렸어" at 8 PM, the daily
    dose beginning tomorrow): "엄마 혈압약 드리기는 내일 오전 8시부터예요. 오늘은 완료로 표시할 게 없어요."; when it had
    times before that day, its next time ("다음은 …")."""
    due = spoken_due(loop.due_ms or 0, now, tz, lang).removesuffix("까지")
    today = day_said == now.date()
    if lang == "ko":
        when = "오늘은" if today else f"{day_said.month}월 {day_said.day}일은"
        head = f"{loop.desc}{topic(loop.desc)} 다음이 {due}{_is(due)}" if begun else \
            f"{loop.desc}{topic(loop.desc)} {due}부터예요"
        return f"{head}. {when} 완료로 표시할 게 없어요."
    desc = _capital(second_person(loop.desc))
    when = "today" if today else f"on {day_said:%A}"
    head = f"{desc} is next {due}" if begun else f"{desc} starts {due}"
    return f"{head}; there's nothing to mark done {when}."


def repeat_set(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Make it every weekday": "Updated: stretch, Monday at 7 AM, then every weekday." / "just once": "OK, just
    once: stretch, tomorrow at 7 AM."."""
    item = _item(loop, now, tz, lang)
    if loop.repeat is None:
        return f"한 번만 할게요: {item}." if lang == "ko" else f"OK, just once: {item}."
    return f"바꿨어요: {item}." if lang == "ko" else f"Updated: {item}."


def nothing_to_repeat(lang: Lang) -> str:
    if lang == "ko":
        return "어떤 일을 반복할지 모르겠어요. 예를 들어 \"매일 아침 8시에 약 먹으라고 알려줘\"처럼 말해 주세요."
    return "Which one? Say it with the repeat, for example \"remind me every day at 8am to take my pills\"."


def repeating_list(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"What are my recurring reminders?": the repeating promises, the next one first."""
    if not loops:
        return "반복하는 일은 없어요." if lang == "ko" else "Nothing on your agenda repeats."
    if lang == "ko":
        return f"반복하는 일이 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang)
    count = "one thing repeats" if len(loops) == 1 else f"{len(loops)} things repeat"
    return f"{_capital(count)}: " + _listed(loops, now, tz, lang)


def at_time_list(loops: Sequence[OpenLoop], hour: int, minute: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"What do I have at 3pm?": the promises due then (on the nearest day one is), or that none is."""
    if loops:
        if lang == "ko":
            return f"그 시각에 할 일이 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang)
        count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
        return f"You have {count} then: " + _listed(loops, now, tz, lang)
    said = now.replace(hour=hour, minute=minute)
    if lang == "ko":
        return f"{_ko_clock(said)}에 할 일은 없어요."
    return f"Nothing is due at {_en_clock(said)}."


def around(loops: Sequence[OpenLoop], at_ms: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Am I free tomorrow at 3pm?": "Nothing is due around tomorrow at 3 PM, so you're free then." or what is due
    then."""
    when = spoken_due(at_ms, now, tz, lang)
    if lang == "ko":
        if not loops:
            return f"{when} 앞뒤로는 할 일이 없어요."
        return f"{when} 앞뒤로 할 일이 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang)
    if not loops:
        return f"Nothing is due around {when}, so you're free then."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"Around {when} you have {count}: " + _listed(loops, now, tz, lang)


def moved_every(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Push everything back an hour": what moved, and to when."""
    items = [f"{loop.desc if lang == 'ko' else second_person(loop.desc)}, {spoken_due(loop.due_ms or 0, now, tz, lang)}"
             for loop in loops[:SPOKEN_ITEMS]]
    more = len(loops) - len(items)
    if lang == "ko":
        return f"{len(loops)}개를 옮겼어요: " + "; ".join(items) + (f"; 그 밖에 {more}개." if more else ".")
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    listed = entries_said(items, more)
    return f"OK, I moved {count}: {listed}" + (f"; and {more} more." if more else ".")


def nothing_to_shift(lang: Lang) -> str:
    if lang == "ko":
        return "오늘 남은 일정 중에 옮길 게 없어요."
    return "Nothing left on today's agenda to move."


def skipped(loop: OpenLoop, next_one: OpenLoop | None, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Skip the pills today": skipped this time and when it comes back, or taken off when it does not repeat."""
    if next_one is None:
        return confirm_closed(replace(loop, repeat=None), lang)
    if lang == "ko":
        return f"이번엔 건너뛸게요: {loop.desc}. {next_time(next_one, now, tz, lang)}"
    return f"OK, I'll skip this one: {second_person(loop.desc)}. {next_time(next_one, now, tz, lang)}"


def _en_date(day: date, now: datetime) -> str:
    text = f"{day:%A}, {day:%B} {day.day}"
    return text if day.year == now.year else f"{text}, {day.year}"


def day_off(loop: OpenLoop, day: date, back_ms: int | None, now: datetime, tz: tzinfo, handed: bool,
            lang: Lang = "en") -> str:
    """"Cancel the soccer practice on Thursday" with Tuesday's next: that day's time off, the series kept (round 64:
    it was ended). "OK, no soccer practice on Thursday, December 10; it's back on Tuesday, December 15." """
    if lang == "ko":
        on = _ko_day(datetime.combine(day, datetime.min.time(), tzinfo=tz), now)
        at = f"{on}{topic(on) if on in ('오늘', '내일', '모레') else '에는'}"
        # someone else does it that day (lows65: "내일 하원은 아내가 할 거야"): not the user's to do
        head = f"알겠어요, {on} {loop.desc}{topic(loop.desc)} 안 하셔도 돼요" if handed else \
            f"알겠어요, {at} {loop.desc}{_none_ko(loop.desc)}"
        if back_ms is None:
            return f"{head}."
        back = _ko_day(datetime.fromtimestamp(back_ms / 1000, tz), now)
        return f"{head}. 다음은 {back}{_is(back)}."
    said = second_person(loop.desc)
    what = f"you won't {said}" if desc_verb(loop.desc) else f"no {said} for you" if handed else f"no {said}"
    head = f"OK, {what} on {_en_date(day, now)}"
    if back_ms is None:
        return f"{head}."
    back = datetime.fromtimestamp(back_ms / 1000, tz)
    return f"{head}; it's back on {_en_date(back.date(), now)}."


def _none_ko(desc: str) -> str:
    """"축구 연습 없어요" / "수영 가기 없어요": the particle-free "없어요" reads for a thing and a deed alike."""
    return " 없어요"


def day_not_in_repeat(loop: OpenLoop, day: date, now: datetime, tz: tzinfo, lang: Lang = "en") -> str:
    """"Cancel the soccer practice on Friday" with practice on Tuesdays and Thursdays: nothing changed, said why."""
    if lang == "ko":
        on = _ko_day(datetime.combine(day, datetime.min.time(), tzinfo=tz), now)
        at = f"{on}{topic(on) if on in ('오늘', '내일', '모레') else '에는'}"
        return f"{loop.desc}{topic(loop.desc)} {at} 없어요: {_due_and_repeat(loop, now, tz, 'ko')}. 바뀐 건 없어요."
    return (f"{_capital(second_person(loop.desc))} isn't on {_en_date(day, now)}: {_due_and_repeat(loop, now, tz, 'en')}. "
            "Nothing changed.")


def desc_verb(desc: str) -> bool:
    """Does the description begin with a verb ("pick up the kids"), not name a thing ("school pickup")?"""
    words = desc.lower().split()
    if len(words) == 2 and words[1] in _ACTIVITY_NOUNS and words[0] in _ACTIVITIES:
        return False   # "swim class", "dance practice" (everyday74: "OK, you won't swim class on Saturday")
    return bool(words) and words[0] in EN_BASE_VERBS


# an activity's verb naming a class or a practice of it: a thing, not a deed ("swim class", "dance lessons")
_ACTIVITIES = frozenset("swim dance skate run cook paint draw sing climb box ski surf bike ride act knit sew "
                        "play".split())
_ACTIVITY_NOUNS = frozenset("class classes lesson lessons practice club team group camp meet session".split())


def skip_not_next(loop: OpenLoop, day: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Skip the pills tomorrow" while today's is the next one (or "today" once today's is done): nothing skipped, and
    when the next one is; only the next time of a series can be skipped (pass 55a)."""
    due = spoken_due(loop.due_ms or 0, now, tz, lang)
    if lang == "ko":
        said = "오늘" if day == 0 else "내일"
        return (f"건너뛰지 않았어요: {loop.desc}{topic(loop.desc)} 다음이 {said}이 아니라 {due}{_is(due)}. "
                "다음 한 번만 건너뛸 수 있으니, 그걸 건너뛰려면 \"이번엔 건너뛸게\"라고 해 주세요.")
    said = "today" if day == 0 else "tomorrow"
    return (f"Not skipped: {second_person(loop.desc)} comes next {due}, not {said}. I can only skip the next one; "
            "say \"skip it\" to skip that one.")


def last_reminded(loop: OpenLoop | None, at_ms: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"The last reminder, at 3:50 PM, was: call Bob." / none since the daemon started."""
    if loop is None:
        return "아직 알려 드린 게 없어요." if lang == "ko" else "I haven't reminded you of anything since I started."
    at = datetime.fromtimestamp(at_ms / 1000, tz)
    if lang == "ko":
        was = "이었어요" if final(loop.desc[-1:]) > 0 else "였어요"
        return f"마지막 알림은 {_ko_clock(at)}에 알려 드린 {loop.desc}{was}."
    return f"The last reminder, at {_en_clock(at)}, was: {second_person(loop.desc)}."


def done_unlisted(lang: Lang) -> str:
    """"I already called mom" with no such promise open: nothing to mark done, said so."""
    if lang == "ko":
        return "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요."
    return "Good. That wasn't on your agenda, so there was nothing to mark done."


def when_unlisted(thing: str, lang: Lang) -> str:
    """"What time is the meeting?" with no such promise open (the small model made a time up): said so."""
    if lang == "ko":
        return f"일정에 {thing}{topic(thing)} 없어요. 언제인지 알려 주시면 적어 둘게요."
    return f"I don't have {second_person(thing)} on your agenda. Tell me when it is, and I'll keep it."


def repeat_unkept(lang: Lang) -> str:
    """"Every other day", "every 2 hours", "매년": a repeat this version does not keep; the promise is kept once
    (docs/openloop.md lists the repeats it keeps)."""
    if lang == "ko":
        return "그렇게 반복하지는 못해서 한 번만 적어 뒀어요."
    return "I can't repeat it that way, so that's once."


# "remind me to call mom when I get home", "집에 가면 알려줘": a reminder by place, which an offline desktop cannot keep
_PLACE_SAID = re.compile(r"\b(?:when|once|as\s+soon\s+as|whenever)\s+(?:i|we)(?:'m|\s+am)?\s+(?:get|gets|arrive|reach|leave|"
                         r"come|go|land|back|home|at|in)\b|(?:집|회사|사무실|마트|학교)에?\s*(?:가면|도착하면|오면|들어가면|나가면)",
                         re.IGNORECASE)


# "입금 확인되면 알려 줘", "택배 오면 알려 줘": a reminder when something happens, which the assistant cannot see
_EVENT_SAID = re.compile(r"(?:되면|오면|들어오면|도착하면|나오면|끝나면|오시면)\s?(?:바로\s?)?알려")


def lunar_date_unread(lang: Lang) -> str:
    """A promise said with a lunar date ("할머니 제사 음력 1월 15일"): not kept on the solar day of the same name."""
    if lang == "ko":
        return "음력 날짜는 제가 양력으로 바꾸지 못해서 아직 적지 않았어요. 양력 날짜로 말씀해 주시면 그날로 적어 둘게요."
    return "I can't turn a lunar date into a calendar one, so I haven't noted it. Tell me the calendar date and I'll note it."


def times_a_day(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang, remind: bool) -> str:
    """"알림 맞춰 둘게요: 혈압약 먹기, 매일 오전 8시, 오후 1시, 저녁 7시. 다음은 오늘 오후 1시예요.", "I'll remind you: take
    your blood pressure pill every day at 8 AM and 8 PM. Next: tonight at 8 PM.": one promise kept for each time of a
    day said together (the sixty-third session and round 63's lows), said as one."""
    first = loops[0]
    clocks = sorted((datetime.fromtimestamp(loop.due_ms / 1000, tz) for loop in loops if loop.due_ms is not None),
                    key=lambda local: (local.hour, local.minute))
    soonest = min(loop.due_ms for loop in loops if loop.due_ms is not None)
    rule = repeats.from_key(first.repeat)
    every = repeats.describe(rule, "ko") if rule is not None else ""
    if lang != "ko":
        every = repeats.describe(rule, "en") if rule is not None else "every day"
        times = [_en_clock(local) for local in clocks]
        listed = times[0] if len(times) == 1 else ", ".join(times[:-1]) + " and " + times[-1]
        said = "I'll remind you" if remind else "Got it"
        return f"{said}: {second_person(first.desc)} {every} at {listed}. Next: {spoken_due(soonest, now, tz, 'en')}."
    nxt = spoken_due(soonest, now, tz, "ko").removesuffix("까지")
    said = "알림 맞춰 둘게요" if remind else "적어 둘게요"
    return f"{said}: {first.desc}, {every} {', '.join(_ko_clock(local) for local in clocks)}. 다음은 {nxt}{_is(nxt)}."


def confirm_opened(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang, remind: bool = False) -> str:
    """"Got it: send the report, tomorrow at 3 PM." A reminder asked for without a time asks when."""
    item = _item(loop, now, tz, lang)
    if remind and loop.due_ms is None and lang == "ko" and _EVENT_SAID.search(loop.evidence or ""):
        return f"적어 둘게요: {item}. 그게 언제일지는 제가 알 수 없어서, 언제 알려 드릴지 말해 주세요."
    if remind and loop.due_ms is None and _PLACE_SAID.search(loop.evidence or ""):   # "when I get home": no GPS here
        if lang == "ko":
            return f"적어 둘게요: {item}. 어디 계신지는 알 수 없어서, 언제 알려 드릴지 말해 주세요."
        return f"Got it: {item}. I can't tell where you are, so when should I remind you?"
    if remind and loop.due_ms is None:
        return f"적어 둘게요: {item}. 언제 알려 드릴까요?" if lang == "ko" else f"Got it: {item}. When should I remind you?"
    if remind and loop.remind_ms is not None and loop.due_ms is not None and is_day_only(
            datetime.fromtimestamp(loop.due_ms / 1000, tz)):   # "remind me tonight to call Bob": at 8 PM
        when = spoken_due(loop.remind_ms, now, tz, lang)
        desc = loop.desc if lang == "ko" else second_person(loop.desc)
        if (rule := repeats.from_key(loop.repeat)) is not None:   # "every sunday night": said (the fifty-seventh session)
            then = repeats.describe(rule, lang)
            return f"{when}부터 {then} 알려 드릴게요: {desc}." if lang == "ko" else \
                f"I'll remind you {when}: {desc}, then {then}."
        if lang == "ko" and (by := _KO_PART_BY.search(loop.evidence or "")) is not None:
            # "내일 오전까지 보고서 내야 돼" (the sixty-first session's low: "내일까지", no reminder before noon): a
            # deadline, said as one, and reminded at its part's hour
            day = spoken_due(loop.due_ms, now, tz, lang).removesuffix("까지")
            return f"적어 둘게요: {desc}, {day} {by['part']}까지. {when}에 알려 드릴게요."
        return f"{when}에 알려 드릴게요: {desc}." if lang == "ko" else f"I'll remind you {when}: {desc}."
    if lang == "ko" and (started := _ko_started_now(loop, now, tz)) is not None:
        return started
    if lang == "ko":
        return f"알림 맞춰 둘게요: {item}." if remind else f"적어 둘게요: {item}."
    return f"I'll remind you: {item}." if remind else f"Got it: {item}."


_KO_CLOCK_SAID = re.compile(r"[0-9가-힣]\s?시(?!간)|정오|자정|부터")
_KO_PART_BY = re.compile(r"(?P<part>아침|오전|오후|저녁|밤)\s?까지")
# "지금 한 알 먹었어", "방금 먹었어": the first of a schedule said taken in the same turn
_KO_TAKEN_NOW = re.compile(r"(?:지금|방금|막|금방)\s?(?:[가-힣]{1,3}\s?){0,2}(?:먹었|먹음|했|발랐|넣었|맞았)")


def _ko_started_now(loop: OpenLoop, now: datetime, tz: tzinfo) -> str | None:
    """"진통제 6시간마다" (the sixty-first session's low: "…, 오늘 저녁 6시부터 6시간마다", as if the first were six hours
    away): a schedule of hours said now starts now, so the reply says so and when the next one is; "지금 한 알 먹었어"
    said with it, that one is the first. None for any other promise."""
    rule = repeats.from_key(loop.repeat)
    if rule is None or rule.step_ms is None or loop.due_ms is None or loop.remind_ms not in (None, loop.due_ms):
        return None
    if abs(loop.due_ms - (int(now.timestamp() * 1000) + rule.step_ms)) > 60_000 or _KO_CLOCK_SAID.search(loop.evidence or ""):
        return None                    # a first time said ("저녁 6시부터 6시간마다"): said as before
    every = repeats.describe(rule, "ko")
    nxt = spoken_due(loop.due_ms, now, tz, "ko").removesuffix("까지")
    if _KO_TAKEN_NOW.search(loop.evidence or ""):
        return f"적어 둘게요: {loop.desc}, {every}. 방금 드셨으니 다음은 {nxt}{_is(nxt)}."
    return f"적어 둘게요: {loop.desc}, 지금부터 {every}. 다음은 {nxt}{_is(nxt)}."


_KO_NOTED = "적어 둘게요: "


def ko_noted_once(said: list[str]) -> list[str]:
    """Several promises kept from one turn ("우유 사고 은행 전화하고 민수한테 메일 보내야 해") said with one "적어 둘게요":
    "적어 둘게요: 우유 사기, 은행 전화하기, 민수한테 메일 보내기." (the fifty-ninth session: "적어 둘게요" three times);
    items with a due are parted with "; ", as the agenda's lists are. Only sentences that are nothing but a note."""
    said = _ko_reminded_once(said)
    notes = [i for i, line in enumerate(said) if line.startswith(_KO_NOTED) and line.endswith(".") and ". " not in line]
    if len(notes) < 2:
        return said
    items = [said[i].removeprefix(_KO_NOTED).removesuffix(".") for i in notes]
    joined = f"{_KO_NOTED}{('; ' if any(', ' in item for item in items) else ', ').join(items)}."
    return [joined if i == notes[0] else line for i, line in enumerate(said) if i == notes[0] or i not in notes]


_KO_REMINDED = re.compile(r"(?P<when>[^:]{1,40}에) 알려 드릴게요: (?P<what>[^:]+)\.")


def _ko_reminded_once(said: list[str]) -> list[str]:
    """"내일 오전 9시에 알려 드릴게요: 메일 보내기." twice from one turn (the sixty-first session's "메일 보내고 프린트
    뽑기 내일 오전에 해야 돼"): said once, "내일 오전 9시에 알려 드릴게요: 메일 보내기, 프린트 뽑기."."""
    out: list[str] = []
    for line in said:
        m, last = _KO_REMINDED.fullmatch(line), _KO_REMINDED.fullmatch(out[-1]) if out else None
        if m is not None and last is not None and m["when"] == last["when"]:
            out[-1] = f"{last['when']} 알려 드릴게요: {last['what']}, {m['what']}."
        else:
            out.append(line)
    return out


def _ro(word: str) -> str:
    """로 after a vowel or ㄹ, 으로 after another final consonant ("자정으로", "30분으로"; pass 26: "자정로")."""
    return "으로" if final(word.rstrip()[-1:]) not in (-1, 0, RIEUL) else "로"


def confirm_updated(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    if loop.due_ms is None:
        return f"이미 적어 뒀어요: {loop.desc}." if lang == "ko" else f"That's already on your agenda: {second_person(loop.desc)}."
    due = _due_and_repeat(loop, now, tz, lang)
    if lang == "ko":
        return f"{loop.desc}, {due}{_ro(due)} 바꿨어요."
    return f"Updated: {second_person(loop.desc)}, now {due}."


def moved_along(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """The promises kept "the night before" one just moved, moved with it ("pack, now Sunday, December 20 at 8 PM")."""
    each = [(loop.desc if lang == "ko" else second_person(loop.desc), _due_and_repeat(loop, now, tz, lang)) for loop in loops]
    if lang == "ko":
        return " ".join(f"{desc}도 {due}{_ro(due)} 옮겼어요." for desc, due in each)
    return "Moved with it: " + "; and ".join(f"{desc}, now {due}" for desc, due in each) + "."


def unchanged_due(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """A move that lands where the due already is ("push it back 0 days", "no, in the evening" for 8 PM)."""
    due = spoken_due(loop.due_ms or 0, now, tz, lang)
    if lang == "ko":
        return f"{loop.desc}: 이미 {due}{_is(due)}. 바뀐 건 없어요."
    return f"{_capital(second_person(loop.desc))} is already {due}; nothing changed."


_PART_WORDS = {"morning": ("in the morning", "아침", "9am", "아침 9시"), "afternoon": ("in the afternoon", "오후", "3pm", "오후 3시"),
               "evening": ("in the evening", "저녁", "7pm", "저녁 7시"), "night": ("at night", "밤", "9pm", "밤 9시")}


def which_hour(loop: OpenLoop, part: str, lang: Lang) -> str:
    """A part of the day said for a due whose clock time cannot move into it by the other half of the day
    ("no, in the morning" for 3 PM or for "by Friday"): asked for the hour, nothing moved (pass 31: "Updated")."""
    en, ko, example_en, example_ko = _PART_WORDS.get(part, ("then", "그때", "9am", "9시"))
    if lang == "ko":
        return f"{loop.desc}: {ko} 몇 시로 할까요? 예를 들어 \"{example_ko}\"처럼 말해 주세요."
    return f"What time {en} for {second_person(loop.desc)}? Say, for example, \"at {example_en}\"."


def no_clock_time(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """Hours or minutes moved on a due with no time of day ("by Friday"): asked for the time instead of moving
    the end of that day into the night (pass 31: "push it back 2 hours" on "by Friday" gave Saturday 1:59 AM)."""
    due = spoken_due(loop.due_ms or 0, now, tz, lang)
    if lang == "ko":
        return f"{loop.desc}: 기한이 {due}라서 시각이 없어요. 몇 시로 할지 말해 주세요."
    return f"{_capital(second_person(loop.desc))} is due {due}, with no time of day: tell me the time, for example " \
        "\"at 3pm\"."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def cut_at_bound(desc: str, lang: Lang) -> str:
    """A promise of the word a turn's length bound cut (`cut_end`): not kept, and said why."""
    if lang == "ko":
        return f"말이 {MAX_TURN_CHARS:,}자에서 잘려서 \"{desc}\"는 적지 않았어요. 다시 말해 주세요."
    return f"Your text was cut at {MAX_TURN_CHARS:,} characters, so I didn't keep \"{desc}\": say it again in full."


def already_open(loop: OpenLoop, lang: Lang) -> str:
    return f"이미 적어 뒀어요: {loop.desc}." if lang == "ko" else f"That's already on your agenda: {second_person(loop.desc)}."


def confirm_closed(loop: OpenLoop, lang: Lang, tz: tzinfo | None = None) -> str:
    """"Marked done: call Bob."; with `tz`, the last time of a series that ends says so (session 65)."""
    done = loop.status.value == "done"
    if done and tz is not None and last_time(loop, tz):
        said = confirm_closed(loop, lang)
        return f"{said} 마지막이었어요." if lang == "ko" else f"{said} That was the last one."
    if lang == "ko":
        if loop.repeat and loop.status.value == "dismissed":
            return f"목록에서 지웠어요: {loop.desc}. 다시 알려 드리지 않아요."
        return f"완료로 표시했어요: {loop.desc}." if done else f"목록에서 지웠어요: {loop.desc}."
    desc = second_person(loop.desc)
    if loop.repeat and not done and loop.status.value == "dismissed":   # a repeating one withdrawn: the series ends
        return f"OK, I took it off your agenda: {desc}. It won't come back."
    return f"Marked done: {desc}." if done else f"OK, I took it off your agenda: {desc}."


def ask_meant(loop: OpenLoop, done: bool, lang: Lang) -> str:
    """A closing matched by meaning, asked before it is applied."""
    if lang == "ko":
        return f"'{loop.desc}' 말씀이세요? 맞으면 '응'이라고 해 주세요. " + \
            ("완료로 표시할게요." if done else "목록에서 지울게요.")
    return f"Do you mean {second_person(loop.desc)}? Say yes and I'll " + \
        ("mark it done." if done else "take it off your agenda.")


def ask_which_meant(loops: Sequence[OpenLoop], done: bool, lang: Lang) -> str:
    """A closing that may mean one of a few promises: they are offered by number."""
    if lang == "ko":
        listed = ", ".join(f"{i}번 {loop.desc}" for i, loop in enumerate(loops, 1))
        return f"혹시 이 중 하나인가요? {listed}. 몇 번인지 말해 주시면 " + \
            ("완료로 표시할게요" if done else "목록에서 지울게요") + ". 아니면 '아니'라고 해 주세요."
    ordinals = ("first", "second", "third")
    listed = "; ".join(f"{ordinals[i]}, {second_person(loop.desc)}" for i, loop in enumerate(loops))
    if done:
        return f"Did that finish one of these: {listed}? Say which one, or no."
    return f"Should I take one of these off your agenda: {listed}? Say which one, or no."


def _named(loops: Sequence[OpenLoop], lang: Lang) -> str:
    """"call Bob, email Ann and pay rent" / "… and 2 more" (at most SPOKEN_ITEMS named)."""
    descs = [loop.desc if lang == "ko" else second_person(loop.desc) for loop in loops[:3]]
    more = len(loops) - len(descs)
    if lang == "ko":
        return ", ".join(descs) + (f" 외 {more}개" if more else "")
    if more:
        return ", ".join(descs) + f" and {more} more"
    return descs[0] if len(descs) == 1 else ", ".join(descs[:-1]) + " and " + descs[-1]


def ko_place_unlisted(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo) -> str:
    """"두 번째 거 미뤄 줘" before any list was read: "몇 번째인지 목록을 먼저 읽어 드릴게요: 1번 …; 2번 …. 몇 번째
    거를 옮길까요?"."""
    listed = "; ".join(f"{n}번 {_item(loop, now, tz, 'ko')}" for n, loop in enumerate(loops, 1))
    return f"몇 번째인지 목록을 먼저 읽어 드릴게요: {listed}. 몇 번째 거를 옮길까요?"


def _items(items: Sequence[str], lang: Lang, most: int = 8) -> str:
    """"milk, eggs and bread" / "우유, 계란, 빵" (at most `most` named, then how many more)."""
    shown, more = list(items[:most]), len(items) - most
    if lang == "ko":
        return ", ".join(shown) + (f" 외 {more}개" if more > 0 else "")
    if more > 0:
        return ", ".join(shown) + f" and {more} more"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def shopping_added(added: Sequence[str], already: Sequence[str], lang: Lang) -> str:
    """"Added to your shopping list: milk and eggs." (and what was on it already)."""
    if lang == "ko":
        parts = ([f"장보기 목록에 넣었어요: {_items(added, lang)}."] if added else []) + \
            ([f"이미 있어요: {_items(already, lang)}."] if already else [])
        return " ".join(parts)
    parts = ([f"Added to your shopping list: {_items(added, lang)}."] if added else []) + \
        ([f"{_capital(_items(already, lang))} {'was' if len(already) == 1 else 'were'} already on it."] if already else [])
    return " ".join(parts)


_EN_PLACES = ("first", "second", "third", "fourth", "fifth")


def nth_item(loop: OpenLoop, at: int, count: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"The second of 3: call the vet." for "what's the second thing on my list?"."""
    if lang == "ko":
        return f"{count}개 중 {at + 1}번째: {_item(loop, now, tz, lang)}."
    place = _EN_PLACES[at] if at < len(_EN_PLACES) else f"number {at + 1}"
    return f"The {place} of {count}: {_item(loop, now, tz, lang)}."


def on_list(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Is Dana still on my list?": "Yes: email Dana, by Friday." / "No: email Dana was taken off today at 10 AM."."""
    if loop.is_open:
        return f"Yes: {_item(loop, now, tz, lang)}."
    closed_ms = loop.closed_ms or loop.updated_ms
    when = spoken_due(closed_ms, now, tz, lang).removeprefix("by ")
    how = {"done": "marked done", "dismissed": "taken off", "expired": "left to expire"}.get(loop.status.value, "closed")
    return f"No: {second_person(loop.desc)} was {how} {when}."


def on_agenda_too(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"On your agenda: Leo's recital, Wednesday at 6 PM." (said after the facts kept of someone asked about)."""
    items = "; ".join(_item(loop, now, tz, lang) for loop in loops[:SPOKEN_ITEMS])
    return f"일정에는: {items}." if lang == "ko" else f"On your agenda: {items}."


def not_on_list(words: str, lang: Lang) -> str:
    return f"No, I don't have {second_person(words)} on your agenda."


def items_said(items: Sequence[str], lang: Lang) -> str:
    """"milk, eggs and bread", "우유, 계란"."""
    return _items(items, lang)


def shopping_list(items: Sequence[str], lang: Lang) -> str:
    if lang == "ko":
        return f"장보기 목록: {_items(items, lang)}." if items else "장보기 목록이 비어 있어요."
    return f"On your shopping list: {_items(items, lang)}." if items else "Your shopping list is empty."


def ask_close_every(loops: Sequence[OpenLoop], done: bool, lang: Lang, deed: str = "") -> str:
    """"Clear my agenda", "mark everything done", "cancel all my calls" (`deed`: "call"): asked before anything is
    closed."""
    count = len(loops)
    if lang == "ko":
        act = "완료로 표시할까요" if done else "목록에서 지울까요"
        what = f"할 일({_named(loops, lang)})을" if count == 1 else f"할 일 {count}개({_named(loops, lang)})를 모두"
        return f"{what} {act}? 맞으면 '응'이라고 해 주세요."
    noun = deed or "thing"
    things = f"the one {noun}" if count == 1 else f"both {noun}s" if count == 2 else f"all {count} {noun}s"
    them = "it" if count == 1 else "them"
    if done:
        return f"Mark {things} on your agenda done: {_named(loops, lang)}? Say yes and I'll mark {them} done."
    return f"Cancel {things} on your agenda: {_named(loops, lang)}? Say yes and I'll cancel {them}."


_EVENTS = re.compile(r"(?:meeting|lesson|conference|class|appointment|interview|shot|final|vaccine|jab|rehearsal|"
                     r"session|exam|game|match|tryout|visit)e?s")


# a kept day, not a deadline (english67's left: "Return to work date is due by Monday, January 4, 2027."): "my return to
# work date", "move-in day", "start date"
_A_DAY = re.compile(r"\b(?:date|day|birthday|anniversary)$", re.IGNORECASE)


def _be(desc: str) -> str:
    """"are" for an event named in the plural ("parent teacher meetings are Thursday at 4 PM", the sixty-seventh
    session: "… meetings is …"), "is" for one thing or a deed ("grade the essays is due Thursday")."""
    head = HEAD_END.split(desc.lower(), maxsplit=1)[0].split()
    if not head or any(w in ("the", "a", "an", "my", "your", "our", "his", "her", "their") for w in head[1:]):
        return "is"     # "study for the exams": a deed and its thing
    return "are" if _EVENTS.fullmatch(head[-1]) else "is"


def when_due(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Call Bob is tomorrow at 3 PM." / "밥한테 전화하기는 내일 오후 3시예요." for each promise asked about."""
    said = []
    for loop in loops:
        if lang == "ko":
            when = _ko_on_the_day(loop.desc, spoken_due(loop.due_ms, now, tz, lang)) if loop.due_ms is not None else None
            said.append(f"{loop.desc}{topic(loop.desc)} {when}{_is(when)}." if when else
                        f"{loop.desc}{topic(loop.desc)} 시간이 정해져 있지 않아요.")
        else:
            desc = _capital(second_person(loop.desc))
            when = spoken_due(loop.due_ms, now, tz, lang) if loop.due_ms is not None else None
            be = _be(loop.desc)
            if when is not None and when.startswith("by ") and (_A_DAY.search(loop.desc) or en_at_its_time(loop.desc)):
                when = when.removeprefix("by ")   # "return to work date is Monday, January 4", not "due by" a day
            said.append(f"{desc} has no time set." if when is None else
                        f"{desc} {be} due {when}." if when.startswith("by ") else f"{desc} {be} {when}.")
    return " ".join(said)


def time_left(loops: Sequence[OpenLoop], now_ms: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"10-minute timer: 7 minutes left, until 9:10 AM." / "10분 타이머: 7분 남았어요 (오전 9시 10분)." for each
    promise asked about; one past its due: "… was due 5 minutes ago."; one with no due: "… has no time set."."""
    said = []
    for loop in loops:
        desc = loop.desc if lang == "ko" else _capital(second_person(loop.desc))
        if loop.due_ms is None:
            said.append(f"{desc}{topic(desc)} 시간이 정해져 있지 않아요." if lang == "ko" else f"{desc} has no time set.")
            continue
        minutes = round(abs(loop.due_ms - now_ms) / 60_000)
        local = datetime.fromtimestamp(loop.due_ms / 1000, tz)
        when = spoken_due(loop.due_ms, now, tz, lang)
        if lang == "ko":
            when = _ko_on_the_day(loop.desc, when)   # "중간고사는 다음 주 목요일이에요, 4일 남았어요" (not 까지)
        if loop.due_ms <= now_ms:
            said.append(f"{desc}{topic(desc)} {_ko_minutes(max(1, minutes))} 지났어요." if lang == "ko" else
                        f"{desc} was due {_en_minutes(max(1, minutes))} ago.")
        elif loop.due_ms - now_ms < 600_000:   # a short timer to the second: "1 minute 30 seconds", not "2 minutes"
            mins, secs = divmod(round((loop.due_ms - now_ms) / 1000), 60)
            if lang == "ko":
                said.append(f"{desc}: {' '.join(p for p in (f'{mins}분' if mins else '', f'{secs}초' if secs else '') if p)}"
                            f" 남았어요 ({when}).")
            else:
                span = " ".join(p for p in (f"{mins} minute{'s' if mins != 1 else ''}" if mins else "",
                                            f"{secs} second{'s' if secs != 1 else ''}" if secs else "") if p)
                said.append(f"{desc}: {span} left, until {_en_clock(local)}.")
        elif minutes >= 12 * 60:   # "in about 30 hours", "in 3 days": a far due is said by its day first
            # days counted on the calendar, as "Christmas is in 24 days" is (the fiftieth session: Dec 1 9 AM to "by
            # December 31" was "in 31 days", 30.6 rounded)
            days, hours = (local.date() - now.date()).days, round(minutes / 60)
            if lang == "ko":
                said.append(f"{desc}{topic(desc)} {when}{_is(when)}, " + (f"{days}일 남았어요." if days >= 2 else f"약 {hours}시간 남았어요."))
            else:
                said.append(f"{desc} is {'due ' if when.startswith('by ') else ''}{when}, in "
                            + (f"{days} days." if days >= 2 else f"about {hours} hours."))
        elif lang == "ko":
            said.append(f"{desc}: {_ko_minutes(minutes)} 남았어요 ({when}).")
        else:
            said.append(f"{desc}: {_en_minutes(minutes)} left, until {_en_clock(local)}.")
    return " ".join(said)


def remind_set(loop: OpenLoop, at_ms: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"OK, I'll remind you tomorrow at 2 PM: call Bob." (a reminder moment always has its clock time)."""
    local = datetime.fromtimestamp(at_ms / 1000, tz)
    if lang == "ko":
        return f"{_ko_day(local, now.astimezone(tz))} {_ko_clock(local)}에 알려 드릴게요: {loop.desc}."
    return f"OK, I'll remind you {_en_day(local, now.astimezone(tz))} at {_en_clock(local)}: {second_person(loop.desc)}."


def alarm_set(loop: OpenLoop, kind: str, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"OK, a 10-minute timer, until 9:10 AM." / "OK, I'll wake you tomorrow at 7 AM." / "Alarm set for …"."""
    assert loop.due_ms is not None
    local = datetime.fromtimestamp(loop.due_ms / 1000, tz)
    day_ko, day_en = _ko_day(local, now.astimezone(tz)), _en_day(local, now.astimezone(tz))
    if lang == "ko":
        if kind == "timer":
            return f"{loop.desc} 시작할게요. {_ko_clock(local)}에 알려 드릴게요."
        verb = "깨워 드릴게요" if kind == "wake" else "알람 맞춰 둘게요"
        if (rule := repeats.from_key(loop.repeat)) is not None:   # "매일 아침 7시에 깨워 줘"
            return f"{day_ko}부터 {until_said(loop, now, tz, lang)}{repeats.describe(rule, lang)} {_ko_clock(local)}에 {verb}."
        return f"{day_ko} {_ko_clock(local)}에 {verb}."
    if kind == "timer":
        article = "an" if re.match(r"(?:8|11|18|8\d)\D", loop.desc) else "a"
        return f"OK, {article} {second_person(loop.desc)}, until {_en_clock(local)}."
    after = f", then {repeats.describe(rule, lang)}{until_said(loop, now, tz, lang)}" \
        if (rule := repeats.from_key(loop.repeat)) is not None else ""
    if kind == "wake":
        return f"OK, I'll wake you {day_en} at {_en_clock(local)}{after}."
    return f"Alarm set for {day_en} at {_en_clock(local)}{after}."


def no_alarm(timer: bool, lang: Lang) -> str:
    """"When is my alarm?" with none set (the model made one up: "The wake up alarm goes off at 11:11 AM.")."""
    if lang == "ko":
        return "맞춰 둔 타이머가 없어요." if timer else "맞춰 둔 알람이 없어요."
    return "You have no timer running." if timer else "You have no alarm set."


def alarm_when(kind: str, lang: Lang) -> str:
    """"Set a timer" with no time: asked, and the answer ("10 minutes") sets it."""
    if lang == "ko":
        return {"timer": "몇 분으로 맞출까요?", "alarm": "몇 시로 맞출까요?", "wake": "몇 시에 깨워 드릴까요?"}[kind]
    return {"timer": "For how long?", "alarm": "For what time?", "wake": "What time should I wake you?"}[kind]


def alarms_set(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang, day: int | None = None) -> str:
    """"What alarms do I have?": the timers and alarms set, soonest first; `day` (0 today, 1 tomorrow) when the ask
    named one ("what alarms do I have tomorrow?") and `loops` are that day's."""
    if not loops and day is not None:
        if lang == "ko":
            return f"{'내일' if day else '오늘'}은 맞춰 둔 알람이 없어요."
        return f"You have no alarms set for {'tomorrow' if day else 'today'}."
    if not loops:
        return "맞춰 둔 알람이나 타이머가 없어요." if lang == "ko" else "You have no alarms or timers set."
    if lang == "ko":
        return f"알람과 타이머가 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang)
    count = "one alarm or timer" if len(loops) == 1 else f"{len(loops)} alarms and timers"
    return f"You have {count}: " + _listed(loops, now, tz, lang)


def alarm_past(kind: str, lang: Lang) -> str:
    if lang == "ko":
        return "그 시간은 이미 지났어요. 언제로 맞출까요?"
    return f"That time has already passed. When should the {'alarm' if kind != 'wake' else 'wake-up'} be?"


def deed_list(verb: str, loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"You have 2 things to pay: pay the rent, …; and pay the electric bill, …." / "Nothing to pay on your agenda."."""
    if verb == "owe":   # "who do I owe a reply?": "You owe one: owe Maria a reply …", not "one thing to owe"
        if not loops:
            return "You don't owe anyone anything on your agenda."
        return f"You owe {'one' if len(loops) == 1 else len(loops)}: " + _listed(loops, now, tz, lang)
    if not loops:
        return f"Nothing to {verb} on your agenda."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"You have {count} to {verb}: " + _listed(loops, now, tz, lang)


def just_added(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    return f"방금 적은 건: {_item(loop, now, tz, lang)}." if lang == "ko" else \
        f"The last thing you added: {_item(loop, now, tz, lang)}."


def nothing_just_added(lang: Lang) -> str:
    return "방금 적은 게 없어요." if lang == "ko" else "You haven't added anything just now."


def remind_what(lang: Lang) -> str:
    return "뭘 알려 드릴까요?" if lang == "ko" else "What should I remind you about?"


def alarm_unchanged(lang: Lang) -> str:
    if lang == "ko":
        return "타이머를 멈출 수는 없어요. 시간을 더하거나, 다시 시작하거나, 취소할 수 있어요."
    return "I can't pause a timer. I can add time to it, restart it, or cancel it."


def timer_unnamed(timers: Sequence[OpenLoop], lang: Lang) -> str:
    """No timer, or several the words do not tell apart ("add 5 minutes to the timer" with two set)."""
    if not timers:
        return "맞춰 둔 타이머가 없어요." if lang == "ko" else "You have no timer set."
    if lang == "ko":
        return f"타이머가 {len(timers)}개 있어요: {_named(timers, lang)}. 어느 타이머인지 말해 주세요."
    return f"You have {len(timers)} timers: {_named(timers, lang)}. Say which one, like \"the {timers[0].desc}\"."


def timer_too_short(timer: OpenLoop, lang: Lang) -> str:
    if lang == "ko":
        return f"{timer.desc}에는 그만큼 남아 있지 않아요. 끄려면 취소해 달라고 말해 주세요."
    return f"The {timer.desc} doesn't have that much time left. To stop it, say cancel the timer."


def time_elsewhere(place: str, there: datetime, here: datetime, lang: Lang) -> str:
    """"In London it's 2:05 AM, Saturday." / "런던은 지금 토요일 오전 2시 5분이에요." (the day said when it is not ours)."""
    other_day = there.date() != here.date()
    if lang == "ko":
        clock = _ko_clock(there)
        day = f"{_KO_WEEKDAYS[there.weekday()]}요일 " if other_day else ""
        return f"{place}{topic(place)} 지금 {day}{clock}{_is(clock)}."
    named = place.upper() if len(place) <= 3 else " ".join(w[:1].upper() + w[1:] for w in place.split())   # "LA"
    return f"In {named} it's {_en_clock(there)}" + (f", {there:%A}." if other_day else ".")


def days_until(words: str, day: date, today: date, lang: Lang, unit: str = "days") -> str:
    """"Christmas is in 20 days: Friday, December 25." / "크리스마스까지 20일 남았어요. 12월 25일 금요일이에요."; in
    weeks when asked so: "New year is in 3 weeks and 5 days: …" / "새해까지 3주 5일 남았어요. …"."""
    days = (day - today).days
    weeks, rest = divmod(days, 7)
    in_weeks = unit == "weeks" and weeks > 0
    if lang == "ko":
        when = f"{day.month}월 {day.day}일 {_KO_WEEKDAYS[day.weekday()]}요일"
        if days <= 0:
            return f"오늘이에요: {when}."
        if in_weeks:
            return f"{words}까지 {weeks}주" + (f" {rest}일" if rest else "") + f" 남았어요. {when}이에요."
        return f"{words}까지 {days}일 남았어요. {when}이에요." if days > 1 else f"내일이에요: {when}."
    named = _said_day(words)
    if days <= 0:
        return f"That's today, {_calendar_day(words, day, today)}."
    if days == 1:
        return f"That's tomorrow, {_calendar_day(words, day, today)}."
    if in_weeks:
        span = f"{weeks} week{'s' if weeks > 1 else ''}" + (f" and {rest} day{'s' if rest > 1 else ''}" if rest else "")
        return f"{named} is in {span}: {_calendar_day(words, day, today)}."
    return f"{named} is in {days} days: {_calendar_day(words, day, today)}."


def calendar_fact(fact: tuple[str, int, int], lang: Lang) -> str:
    """"February 2028 has 29 days." / "2028 is a leap year." / "It's week 49 of 2026." (ISO weeks, Monday first)."""
    kind, year, number = fact
    if kind == "month_days":
        days = calendar.monthrange(year, number)[1]
        return f"{year}년 {number}월은 {days}일까지 있어요." if lang == "ko" else \
            f"{date(year, number, 1):%B} {year} has {days} days."
    if kind == "leap":
        leap = calendar.isleap(year)
        if lang == "ko":
            return f"{year}년은 윤년{'이에요' if leap else '이 아니에요'}."
        return f"{year} is {'' if leap else 'not '}a leap year."
    return f"오늘은 {year}년 {number}주차예요." if lang == "ko" else f"It's week {number} of {year}."


def day_is(words: str, day: date, today: date, lang: Lang) -> str:
    """"What's the date next Friday?": "Next Friday is December 11." / "Christmas is Friday, December 25." /
    "December 25 is a Friday." / "크리스마스는 12월 25일 금요일이에요."."""
    year = day.year != today.year
    if lang == "ko":
        weekday = "" if f"{_KO_WEEKDAYS[day.weekday()]}요일" in words else f" {_KO_WEEKDAYS[day.weekday()]}요일"
        return f"{words}{topic(words)} {f'{day.year}년 ' if year else ''}{day.month}월 {day.day}일{weekday}이에요."
    tense = "was" if day < today else "is"
    if words.casefold().startswith("in "):   # "what's the date in 2 weeks?"
        return f"{_said_day(words)} it's {_calendar_day(words, day, today)}."
    if f"{day:%B}".casefold() in words.casefold():   # "December 25 is a Friday."
        return f"{_said_day(words)}{f', {day.year},' if year else ''} {tense} a {day:%A}."
    return f"{_said_day(words)} {tense} {_calendar_day(words, day, today)}."


def _calendar_day(words: str, day: date, today: date) -> str:
    """"Friday, December 25" (the weekday left out when the words name it; the year when it is not this one)."""
    weekday = "" if f"{day:%A}".casefold() in words.casefold() else f"{day:%A}, "   # not "Friday …: Friday, …"
    return f"{weekday}{day:%B} {day.day}" + (f", {day.year}" if day.year != today.year else "")


_EN_NAMES = frozenset(name.casefold() for name in EN_MONTH_NAMES) | frozenset(EN_WEEKDAYS) | {
    "christmas", "easter", "thanksgiving", "halloween"}


def _said_day(words: str) -> str:
    """The words of a day as said, with its names capitalized: "next friday" -> "Next Friday"."""
    said = " ".join(w[:1].upper() + w[1:] if w.casefold() in _EN_NAMES else w for w in words.split())
    said = re.sub(r"\bnew\s+year\b", "New Year", said, flags=re.IGNORECASE)
    return said[:1].upper() + said[1:]


def clock_now(kind: str, now: datetime, lang: Lang) -> str:
    """"It's 9:05 AM." / "It's Tuesday, December 1, 2026." / "지금 오전 9시 5분이에요." / "오늘은 2026년 12월 1일 화요일이에요."."""
    if kind == "time":
        clock = _ko_clock(now)
        return f"지금 {clock}{_is(clock)}." if lang == "ko" else f"It's {_en_clock(now)}."
    if kind == "year":
        return f"지금은 {now.year}년 {now.month}월이에요." if lang == "ko" else f"It's {now:%B} {now.year}."
    day, which = (now + timedelta(days=1), "내일") if kind == "tomorrow" else (now, "오늘")
    if lang == "ko":
        return f"{which}은 {day.year}년 {day.month}월 {day.day}일 {_KO_WEEKDAYS[day.weekday()]}요일이에요."
    lead = "Tomorrow is" if kind == "tomorrow" else "It's"
    return f"{lead} {day:%A}, {day:%B} {day.day}, {day.year}."


def no_due_to_lead(loop: OpenLoop, lang: Lang) -> str:
    if lang == "ko":
        return f"{loop.desc}{topic(loop.desc)} 시간이 정해져 있지 않아서 그 전에 알려 드릴 수 없어요. 언제인지 말해 주세요."
    return f"{_capital(second_person(loop.desc))} has no time set, so I can't remind you before it. When is it?"


def remind_past(loop: OpenLoop, lang: Lang) -> str:
    if lang == "ko":
        return f"그 시간은 이미 지났어요: {loop.desc}."
    return f"That time has already passed: {second_person(loop.desc)}."


def muted(loop: OpenLoop, lang: Lang) -> str:
    """"Don't remind me about the call": no reminders of it, kept on the agenda."""
    if lang == "ko":
        return f"알림 안 드릴게요: {loop.desc}. 목록에는 남겨 둘게요."
    return f"OK, no reminders for {second_person(loop.desc)}. It stays on your agenda."


def which_reminder_off(reminded: Sequence[OpenLoop]) -> str:
    """"알림 꺼 줘" (Korean only) with no reminder to come, or several: said so, or which."""
    if not reminded:
        return "꺼 둘 알림이 없어요."
    return f"어떤 알림을 끌까요? {', '.join(loop.desc for loop in reminded[:SPOKEN_ITEMS])}."


def undone(reopened: Sequence[OpenLoop], removed: Sequence[OpenLoop], lang: Lang) -> str:
    """What "undo that" did: closings reopened, promises just added taken off."""
    if lang == "ko":
        parts = ([f"다시 목록에 넣었어요: {_named(reopened, lang)}."] if reopened else []) + \
                ([f"목록에서 다시 뺐어요: {_named(removed, lang)}."] if removed else [])
        return " ".join(parts) or "되돌릴 게 없어요: 그 사이에 이미 바뀌었어요."
    parts = ([f"OK, {_named(reopened, lang)} {'is' if len(reopened) == 1 else 'are'} back on your agenda."]
             if reopened else []) + ([f"OK, I took {_named(removed, lang)} off your agenda."] if removed else [])
    return " ".join(parts) or "There's nothing to undo: it changed since."


def nothing_to_undo(lang: Lang, since_start: bool = False) -> str:
    """Nothing to take back; `since_start`: the desk started less than ten minutes ago, so what changed before it
    (a restart) is not known, and not denied."""
    if since_start:
        if lang == "ko":
            return "되돌릴 게 없어요. 제가 다시 시작하기 전에 바꾼 건 기억하지 못해요."
        return "There's nothing I can undo: I don't remember changes from before I restarted."
    if lang == "ko":
        return "최근에 바꾼 게 없어서 되돌릴 게 없어요."
    return "There's nothing on your agenda to undo: I haven't changed anything in the last ten minutes."


def unmuted(loop: OpenLoop, lang: Lang) -> str:
    """"Undo that" after "don't remind me about the call"."""
    if lang == "ko":
        return f"다시 알려 드릴게요: {loop.desc}."
    return f"OK, I'll remind you again: {second_person(loop.desc)}."


def moved_back(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Undo that" after a move: each promise's due as it was before, in one sentence in English ("OK, moved back: move,
    by Saturday; pay the deposit, by Friday; and …": the sixty-seventh session said "OK, moved back:" once a promise
    when a move took its tied promises along)."""
    if lang == "ko":
        return " ".join(f"되돌렸어요: {loop.desc}." if loop.due_ms is None else
                        f"{loop.desc}, 다시 {(due := spoken_due(loop.due_ms, now, tz, lang))}{_ro(due)} 돌려놨어요."
                        for loop in loops)
    dated = [f"{second_person(loop.desc)}, {spoken_due(loop.due_ms, now, tz, lang)}" for loop in loops
             if loop.due_ms is not None]
    undated = [second_person(loop.desc) for loop in loops if loop.due_ms is None]
    parts = []
    if dated:
        parts.append("OK, moved back: " + (dated[0] if len(dated) == 1 else "; ".join(dated[:-1]) + "; and " + dated[-1]) + ".")
    if undated:
        parts.append(f"OK, back as it was: {_items(undated, lang)}.")
    return " ".join(parts)


def series_back(loop: OpenLoop, days: Sequence[date], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Undo that" after a day off ("cancel the soccer practice on thursday") or an end ("stop after friday"): the days
    back in the series, or the series as it was (pass 66, the fifth pass's low: "OK, moved back: soccer practice,
    tomorrow at 5 PM.", of a due that never moved)."""
    if days:
        on = [_ko_day(datetime.combine(day, time(12), tzinfo=tz), now) if lang == "ko" else _en_date(day, now)
              for day in sorted(days)]
        if lang == "ko":
            return f"다시 넣었어요: {', '.join(on)} {loop.desc}."
        return f"OK, {second_person(loop.desc)} is back on {_items(on, lang)}."
    item = _item(loop, now, tz, lang)
    return f"되돌렸어요: {item}." if lang == "ko" else f"OK, back as it was: {item}."


def reminder_back(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Undo that" after "remind me the day before" (or a snooze): the reminder taken off, or back at its old time."""
    if loop.remind_ms is None:
        return f"그 알림은 취소했어요: {loop.desc}." if lang == "ko" else \
            f"OK, I took that reminder back: {second_person(loop.desc)}."
    at = spoken_due(loop.remind_ms, now, tz, lang)
    if lang == "ko":
        return f"알림을 다시 {at}{_ro(at)} 돌려놨어요: {loop.desc}."
    return f"OK, the reminder is back to {at}: {second_person(loop.desc)}."


def more_moved_back(more: int, lang: Lang) -> str:
    """After the first SPOKEN_ITEMS of an undone move of many ("push everything back an hour" of 1,000 promises, then
    "undo that"), how many more went back: pass 48a, one sentence each was 53 KB for piper to read."""
    if more <= 0:
        return ""
    if lang == "ko":
        return f"그 밖에 {more}개도 돌려놨어요."
    return f"And {more} more moved back."


def only_kept(kept: Sequence[OpenLoop], lang: Lang) -> str:
    """"Cancel everything except X" when X is all that is open: nothing else to close."""
    if lang == "ko":
        return f"목록에 남은 건 {_named(kept, lang)}뿐이라서 지울 게 없어요."
    return f"There's nothing else on your agenda: only {_named(kept, lang)}. I left it as it is."


def kept_not_found(kept: str, lang: Lang) -> str:
    """"Cancel everything except X" with no X on the agenda: nothing is closed."""
    if lang == "ko":
        return f"목록에서 '{kept}'을(를) 찾지 못해서 아무것도 바꾸지 않았어요."
    return f"I couldn't find {second_person(kept)} on your agenda, so I changed nothing."


def closed_every(closed: Sequence[OpenLoop], left: int | None, done: bool, lang: Lang) -> str:
    """What a confirmed "clear my agenda" did, and what is still open (`left`: added since it was asked; None when
    only some were asked about, "cancel all my calls")."""
    if lang == "ko":
        head = f"{len(closed)}개를 {'완료로 표시했어요' if done else '목록에서 지웠어요'}: {_named(closed, lang)}."
        if left is None:
            return head
        return head + (f" 그 사이에 적은 {left}개는 남아 있어요." if left else " 이제 할 일이 없어요.")
    head = f"{'Marked done' if done else 'Cancelled'}: {_named(closed, lang)}."
    if left is None:
        return head
    if left:
        return head + f" {left} {'thing' if left == 1 else 'things'} added since {'is' if left == 1 else 'are'} still open."
    return head + " Your agenda is clear."


def routines_go_on(rolled: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """Said after a day's promises are cancelled ("cancel everything tomorrow"): the repeating ones were skipped that
    once, and when each comes back."""
    if lang == "ko":
        return "반복하는 일은 이번만 건너뛰어요: " + ", ".join(
            f"{loop.desc}{topic(loop.desc)} 다음에 {spoken_due(loop.due_ms or 0, now, tz, lang)}" for loop in rolled) + "."
    return "Only this time for the repeating ones: " + "; ".join(
        f"{second_person(loop.desc)} comes back {spoken_due(loop.due_ms or 0, now, tz, lang)}" for loop in rolled) + "."


def left_every(lang: Lang, late: bool = False) -> str:
    if lang == "ko":
        return "시간이 지나서 그대로 뒀어요. 지우려면 다시 말해 주세요." if late else "알겠어요, 그대로 둘게요."
    if late:
        return "That question timed out, so I left your agenda as it was. Say it again if you still want it."
    return "OK, I left your agenda as it was."


def nothing_to_close(lang: Lang) -> str:
    return "할 일 목록이 이미 비어 있어요." if lang == "ko" else "Your agenda is already clear."


def say_which(count: int, lang: Lang) -> str:
    if lang == "ko":
        return f"몇 번인지 말해 주세요: 1번부터 {count}번까지요."
    if count > 3:   # (four calls alike: "fourth" has no word here; an IndexError ended the turn)
        return f"Which one: say its number, 1 to {count}."
    return "Which one: " + ", ".join(("first", "second", "third")[:count - 1]) + f" or {('first', 'second', 'third')[count - 1]}?"


def not_saved(reason: str, lang: Lang) -> str:
    """The agenda could not be written (the disk full, the file unwritable): nothing changed."""
    if lang == "ko":
        return f"일정 목록에 저장하지 못했어요 ({reason}). 아무것도 바뀌지 않았어요. 공간을 확보한 뒤 다시 말해 주세요."
    return f"I couldn't save that to your agenda ({reason}); nothing changed. Free some space or fix the file, then say it again."


def left_as_it_was(lang: Lang) -> str:
    return "알겠어요, 그대로 둘게요." if lang == "ko" else "OK, I left it on your agenda."


def closed_meanwhile(loop: OpenLoop | None, lang: Lang) -> str:
    """The yes came after the promise asked about was closed or removed some other way (the HUD)."""
    if loop is None:
        return "그 약속은 이제 목록에 없어요." if lang == "ko" else "That promise is no longer on your agenda."
    done = loop.status.value == "done"
    if lang == "ko":
        return f"이미 {'완료로 표시돼' if done else '목록에서 지워져'} 있어요: {loop.desc}."
    return f"It's already {'marked done' if done else 'off your agenda'}: {second_person(loop.desc)}."


def answered_too_late(loop: OpenLoop, lang: Lang) -> str:
    """A yes after the question's two minutes: nothing closed, and how to close it."""
    if lang == "ko":
        return f"시간이 지나서 '{loop.desc}'은(는) 그대로 뒀어요. 끝났으면 다시 말해 주세요."
    return (f"That question timed out, so I left {second_person(loop.desc)} on your agenda. "
            "If it's done, tell me again.")


def moved_too_late(loop: OpenLoop, lang: Lang) -> str:
    """The pick after "Which one" a correction asked, after its two minutes: nothing moved (pass 27: "If it's
    done, tell me again", the closing question's words)."""
    if lang == "ko":
        return f"시간이 지나서 '{loop.desc}'은(는) 그대로 뒀어요. 바꿀 시간을 다시 말해 주세요."
    return (f"That question timed out, so {second_person(loop.desc)} keeps its time. "
            "Tell me the new time again.")


def unusable_time(desc: str, reason: str, lang: Lang) -> str:
    """A promise kept without the date it was said with (impossible, absurd or already past)."""
    if lang == "ko":
        return f"{desc} 적어 뒀어요. 그런데 {reason} 기한이 언제예요?"
    if re.match(r"(?:A|An|The|That|This|There|It)\b", reason):  # "That is more than ...", "A day has no hour 24:30."
        reason = reason[0].lower() + reason[1:]              # inside the sentence (pass 30: "but A day has ...")
    return f"I noted {second_person(desc)}, but {reason} When is it due?"


Scope = Literal["all", "today", "tomorrow", "week", "next_week", "month", "next_month"]


def agenda_list(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang,
                scope: Scope = "all", others: int = 0) -> str:
    """The agenda read aloud: the first SPOKEN_ITEMS promises and how many more; for a day's list,
    how many `others` are open later or without a due ("오늘 할 일" must not sound like all there is)."""
    said = _agenda_list(loops, now, tz, lang, scope)
    if not others or scope == "all":
        return said
    if lang == "ko":
        return ko_more_open(said, others, scope in ("next_week", "next_month"))
    when = "at other times" if scope in ("next_week", "next_month") else "for later"   # next week's: some are due before it
    return f"{said} {others} more {'is' if others == 1 else 'are'} open {when}."


def ko_more_open(said: str, others: int, other_times: bool = False) -> str:
    """`said` and how many more are open: after "그 밖에 N개 더 있어요. …" not a second 그 밖에 (the fifty-seventh
    session)."""
    if not others:
        return said
    lead = "그것 말고도" if said.endswith(MORE_KO_ASK) else "그 밖에"
    return f"{said} {lead} {'다른 때 ' if other_times else ''}열린 일이 {others}개 더 있어요."


MORE_KO_ASK = "\"또 뭐 있어?\" 하시면 읽어 드릴게요."
MORE_KO = "그 밖에 {more}개 더 있어요. " + MORE_KO_ASK


def listed_items(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """`_listed` for the agenda's other readers (`past_due.month_list`)."""
    return _listed(loops, now, tz, lang)


def _listed(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang, was_due: bool = False) -> str:
    """The first SPOKEN_ITEMS promises read out, and how many more the HUD shows: "call Bob, …; and email Ann, …."
    (`was_due`: "email Ann, due today at 10 AM", a due already passed)."""
    items = [_item(loop, now, tz, lang) for loop in loops[:SPOKEN_ITEMS]]
    if was_due and lang == "en":
        items = [f"{second_person(loop.desc)}, due {spoken_due(loop.due_ms, now, tz, lang).removeprefix('by ').replace('the end of today', 'today')}"
                 if loop.due_ms is not None else item for loop, item in zip(loops, items, strict=False)]
    more = len(loops) - len(items)
    # the rest offered by voice, not sent to a HUD the user may not run (`jarvisd chat`, a headless daemon): "what
    # else?" reads it (`agenda_asked.more_asked`)
    if lang == "ko":
        return "; ".join(items) + "." + (f" {MORE_KO.format(more=more)}" if more else "")
    listed = entries_said(items, more)
    return listed + (f"; and {more} more. Say \"what else?\" to hear them" if more else "") + "."


def _agenda_list(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang, scope: Scope) -> str:
    if lang == "ko":
        if not loops:
            return {"all": "할 일이 없어요.", "today": "오늘까지 할 일은 없어요.",
                    "tomorrow": "내일까지 할 일은 없어요.", "week": "이번 주까지 할 일은 없어요.",
                    "next_week": "다음 주에 할 일은 없어요.", "month": "이번 달까지 할 일은 없어요.",
                    "next_month": "다음 달에 할 일은 없어요."}[scope]
        head = {"all": f"할 일이 {len(loops)}개 있어요", "today": f"오늘까지 할 일이 {len(loops)}개 있어요",
                "tomorrow": f"내일까지 할 일이 {len(loops)}개 있어요", "week": f"이번 주까지 할 일이 {len(loops)}개 있어요",
                "next_week": f"다음 주에 할 일이 {len(loops)}개 있어요", "month": f"이번 달까지 할 일이 {len(loops)}개 있어요",
                "next_month": f"다음 달에 할 일이 {len(loops)}개 있어요"}[scope]
        return f"{head}: " + _listed(loops, now, tz, lang)
    if not loops:
        return {"all": "Your agenda is clear.", "today": "Nothing is due today.",
                "tomorrow": "Nothing is due tomorrow.", "week": "Nothing is due this week.",
                "next_week": "Nothing is due next week.", "month": "Nothing is due this month.",
                "next_month": "Nothing is due next month."}[scope]
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    head = {"all": f"You have {count} on your agenda", "today": f"You have {count} due today",
            "tomorrow": f"You have {count} due by tomorrow", "week": f"You have {count} due this week",
            "next_week": f"You have {count} due next week", "month": f"You have {count} due this month",
            "next_month": f"You have {count} due next month"}[scope]
    return f"{head}: " + _listed(loops, now, tz, lang)


def done_already_off(open_count: int, lang: Lang) -> str:
    """"Clear everything done": what is done already left the list (the HUD shows the last ten closed, to revive)."""
    if lang == "ko":
        return f"끝난 일은 이미 목록에서 빠졌어요. 남은 일은 {open_count}개예요." if open_count else \
            "끝난 일은 이미 목록에서 빠졌어요. 남은 일은 없어요."
    left = "Nothing is left open." if not open_count else \
        "One thing is still open." if open_count == 1 else f"{open_count} things are still open."
    return f"Done ones are already off your agenda. {left}"


def rest_list(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """The open promises not yet read out, asked for with "what else?" right after a list."""
    if lang == "ko":
        return "그게 다예요." if not loops else "그 밖에: " + _listed(loops, now, tz, lang)
    return "That's everything on your agenda." if not loops else "Also: " + _listed(loops, now, tz, lang)


def weekend_list(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """What is due on a weekend's Saturday and Sunday ("what do I have this weekend?"), read aloud like the agenda."""
    if lang == "ko":
        return "주말에는 할 일이 없어요." if not loops else f"주말에 할 일이 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang)
    if not loops:
        return "Nothing is due on the weekend."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"On the weekend you have {count} due: " + _listed(loops, now, tz, lang)


def before_day_list(loops: Sequence[OpenLoop], day: str, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """What is due up to a day said ("is there anything due before friday?": "Friday"), read aloud like the agenda."""
    said = " ".join(w if w in ("the", "this", "next") else w.capitalize() for w in day.split())
    if not loops:
        return f"Nothing is due before {said}."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"Before {said} you have {count} due: " + _listed(loops, now, tz, lang)


def day_list(loops: Sequence[OpenLoop], day: datetime, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """What is due on one named day ("what do I have on Saturday?"), read aloud like the agenda."""
    if lang == "ko":
        label = _ko_day(day, now)
        # 오늘, 내일, 모레 take no 에 ("오늘 할 일", "오늘은"): the fifty-seventh session's "오늘에는 할 일이 없어요."
        bare = label in ("오늘", "내일", "모레", "어제")
        if not loops:
            return f"{label}{'은' if bare else '에는'} 할 일이 없어요."
        return f"{label}{'' if bare else '에'} 할 일이 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang)
    label = _en_day(day.replace(hour=12), now)
    label = label if label in ("today", "tomorrow", "yesterday") else f"on {label}"
    if not loops:
        return f"Nothing is due {label}."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"{_capital(label)} you have {count} due: " + _listed(loops, now, tz, lang)


def before_list(loops: Sequence[OpenLoop], anchor: OpenLoop, undated: int, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """What is due before one promise ("what's left before the trip?" of "flight to Denver"), read aloud like the
    agenda, and how many open ones have no due."""
    if lang == "ko":
        head = f"{anchor.desc} 전에 할 일이 " + (f"{len(loops)}개 있어요: " + _listed(loops, now, tz, lang) if loops else "없어요.")
        return head + (f" 기한 없는 일도 {undated}개 있어요." if undated else "")
    head = f"Before {second_person(anchor.desc)}, " + \
        (f"you have {'one thing' if len(loops) == 1 else f'{len(loops)} things'} due: " + _listed(loops, now, tz, lang)
         if loops else "nothing else is due.")
    return head + ("" if not undated else " One more has no due." if undated == 1 else f" {undated} more have no due.")


def next_one(loop: OpenLoop, at_ms: int, overdue: int, reminder: bool, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """The next promise asked for ("what's my next reminder", "다음 할 일 뭐야"): the first by its reminder or due
    (`at_ms`), and how many are overdue besides."""
    if lang == "ko":
        head = f"다음 알림은 {loop.desc}, {spoken_due(at_ms, now, tz, lang)}이에요." if reminder and at_ms != loop.due_ms \
            else f"{'다음 알림' if reminder else '다음 할 일'}: {_item(loop, now, tz, lang)}."
        return head + (f" 기한이 지난 일도 {overdue}개 있어요." if overdue else "")
    if reminder and at_ms != loop.due_ms:
        head = f"Your next reminder is {spoken_due(at_ms, now, tz, lang)}: {second_person(loop.desc)}."
    else:
        head = f"{'Your next reminder' if reminder else 'Next up'}: {_item(loop, now, tz, lang)}."
    return head + ("" if not overdue else " One more is overdue." if overdue == 1 else f" {overdue} more are overdue.")


def overdue_list(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """The open promises whose due has passed ("what's overdue?"), read aloud like the agenda."""
    if lang == "ko":
        return f"기한이 지난 일이 {len(loops)}개 있어요: " + _listed(loops, now, tz, lang) if loops else "기한이 지난 건 없어요."
    if not loops:
        return "Nothing is overdue."
    head = "One thing is overdue" if len(loops) == 1 else f"{len(loops)} things are overdue"
    return f"{head}: " + _listed(loops, now, tz, lang, was_due=True)


def missed_list(expired: Sequence[OpenLoop], late: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"What did I miss?": the promises that expired unfinished this past week (newest first), then the overdue ones."""
    parts = []
    if expired:
        if lang == "ko":
            parts.append(f"끝내지 못하고 지나간 일이 {len(expired)}개 있어요: " + _listed(expired, now, tz, lang))
        else:
            head = "One thing passed unfinished" if len(expired) == 1 else f"{len(expired)} things passed unfinished"
            parts.append(f"{head} this week: " + _listed(expired, now, tz, lang, was_due=True))
    if late:
        parts.append(overdue_list(late, now, tz, lang))
    if not parts:
        return "놓친 건 없어요." if lang == "ko" else "Nothing was missed this week, and nothing is overdue."
    return " ".join(parts)


def last_done(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"When did I last feed her?": "You last marked feed Mia done today at 3:13 PM."."""
    closed = spoken_due(loop.closed_ms or 0, now, tz, lang)
    if lang == "ko":
        return f"마지막으로 {loop.desc}{topic(loop.desc)} {closed}에 완료했어요."
    return f"You last marked {second_person(loop.desc)} done {closed}."


def never_done(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"When did I last feed her?" of one never marked done: said so, with its due."""
    if lang == "ko":
        return f"{loop.desc}{topic(loop.desc)} 아직 완료한 적이 없어요."
    due = f" It's {spoken_due(loop.due_ms, now, tz, lang)}." if loop.due_ms and loop.is_open else ""
    return f"You haven't marked {second_person(loop.desc)} done yet.{due}"


def deed_status(loop: OpenLoop | None, now: datetime, tz: tzinfo, lang: Lang, called_off: bool = False) -> str:
    """Whether a deed asked about was done ("did I take out the trash?"), as the agenda holds it: done (when), still
    open (and its due), cancelled, expired unfinished, or not on the agenda (`loop` None). `called_off`: asked whether
    it was cancelled ("did I cancel the dentist?"), so a cancelled one is a yes."""
    if loop is None:
        return "일정에서 찾지 못했어요." if lang == "ko" else "It isn't on your agenda."
    closed = spoken_due(loop.closed_ms, now, tz, lang) if loop.closed_ms is not None else ""
    if lang == "ko":
        name = f"{loop.desc}{topic(loop.desc)}"
        if loop.status.value == "done":
            return f"네, {name} {closed}에 완료했어요." if closed else f"네, {name} 완료했어요."
        if loop.status.value == "open":
            return f"아직이에요. {name} 아직 열려 있어요" + (f" ({spoken_due(loop.due_ms, now, tz, lang)})." if loop.due_ms else ".")
        if loop.status.value == "dismissed":
            return f"{name} 취소했어요" + (f" ({closed})." if closed else ".")
        return f"완료 표시는 없어요. {name} 끝내지 못한 채 기한이 지났어요."
    desc = second_person(loop.desc)
    if called_off and loop.status.value == "done":
        return f"No: {desc} was marked done" + (f" {closed}." if closed else ".")
    if called_off and loop.status.value == "open":
        return f"No: {desc} is still on your agenda" + (f", {spoken_due(loop.due_ms, now, tz, lang)}." if loop.due_ms else ".")
    if loop.status.value == "done":
        return f"Yes: {desc}, marked done {closed}." if closed else f"Yes: {desc} is marked done."
    if loop.status.value == "open":
        return f"Not yet: {desc} is still on your agenda" + (f", {spoken_due(loop.due_ms, now, tz, lang)}." if loop.due_ms else ".")
    if loop.status.value == "dismissed":
        return f"{'Yes' if called_off else 'No'}: {desc} was cancelled" + (f" {closed}." if closed else ".")
    return f"Not as far as I know: {desc} was never marked done, and its due passed."


def finished_list(loops: Sequence[OpenLoop], span: str, lang: Lang) -> str:
    """The promises marked done in `span` ("today", "yesterday", "week"): "You finished 2 things today: …"."""
    names = [loop.desc if lang == "ko" else second_person(loop.desc) for loop in loops[:SPOKEN_ITEMS]]
    more = len(loops) - len(names)
    if lang == "ko":
        when = {"today": "오늘", "yesterday": "어제", "week": "이번 주에"}[span]
        if not loops:
            return f"{when} 완료한 일은 {'없어요' if span == 'yesterday' else '아직 없어요'}."
        return f"{when} 완료한 일이 {len(loops)}개 있어요: " + "; ".join(names) + "." + \
            (f" 그 밖에 {more}개는 HUD에서 볼 수 있어요." if more else "")
    when = {"today": "today", "yesterday": "yesterday", "week": "this week"}[span]
    if not loops:
        return "Nothing was marked done yesterday." if span == "yesterday" else f"Nothing marked done {when} yet."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    listed = entries_said(names, more)
    return f"You finished {count} {when}: {listed}" + (f"; and {more} more in the HUD" if more else "") + "."


def cancelled_list(loops: Sequence[OpenLoop], span: str, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """The promises taken off the agenda in `span` ("today", "yesterday", "week", "recent"), each with the due it had:
    "You took one thing off today: dentist appointment (it was Friday at 11 AM)."; "Nothing was cancelled today."."""
    shown = loops[:SPOKEN_ITEMS]
    more = len(loops) - len(shown)
    dues = [spoken_due(loop.due_ms, now, tz, lang) if loop.due_ms is not None else "" for loop in shown]
    if lang == "ko":
        when = {"today": "오늘", "yesterday": "어제", "week": "이번 주에", "recent": "최근 일주일 동안"}[span]
        if not loops:
            return f"{when} 취소한 일은 없어요."
        names = [f"{loop.desc}" + (f" ({due}였어요)" if due else "") for loop, due in zip(shown, dues, strict=True)]
        return f"{when} 취소한 일이 {len(loops)}개 있어요: " + "; ".join(names) + "." + \
            (f" 그 밖에 {more}개는 HUD에서 볼 수 있어요." if more else "")
    when = {"today": "today", "yesterday": "yesterday", "week": "this week", "recent": "in the last week"}[span]
    if not loops:
        return f"Nothing was cancelled {when}."
    names = [second_person(loop.desc) + (f" (it was {due})" if due else "") for loop, due in zip(shown, dues, strict=True)]
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"You took {count} off {when}: {entries_said(names, more)}" + (f"; and {more} more in the HUD" if more else "") + "."


def ask_take_off(loop: OpenLoop, lang: Lang) -> str:
    """"I can't make the dentist appointment": asked once before it is taken off."""
    if lang == "ko":
        return f"'{loop.desc}' 목록에서 지울까요?"
    return f"Should I take {second_person(loop.desc)} off your agenda?"


def already_off(loop: OpenLoop, lang: Lang) -> str:
    """"I can't make X" of a promise already closed: nothing to take off."""
    if lang == "ko":
        return f"'{loop.desc}'은 이미 목록에 없어요."
    desc = second_person(loop.desc)
    return f"{desc[:1].upper()}{desc[1:]} is already off your agenda."


def promised_list(person: str, loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: Lang) -> str:
    items = [_item(loop, now, tz, lang) for loop in loops[:SPOKEN_ITEMS]]
    if lang == "ko":
        return f"{person}한테 약속한 일: " + "; ".join(items) + "." if items else f"{person}한테 약속한 일은 없어요."
    name = person[:1].upper() + person[1:]
    for loop in loops:   # as the promise says it: "the school" is no one's name ("You promised School", session 49)
        if (m := re.search(rf"(?<![\w'])(?:(?:the|my|our)\s+)?{re.escape(person)}(?![\w'])", loop.desc, re.IGNORECASE)) \
                and (m[0][:1].islower() or " " in m[0]):
            if re.match(r"(?:the|my|our)\s", m[0], re.IGNORECASE):
                return f"For {second_person(m[0].lower())}: " + "; ".join(items) + "."
            name = m[0]
            break
    if person.lower() in _RELATIONS:   # "what did I promise my wife?" of a promise without "wife" in its words: "For
        # your wife: …", not "You promised Wife: …" (the fiftieth session)
        return f"For your {person.lower()}: " + "; ".join(items) + "." if items else \
            f"I have nothing you promised your {person.lower()}."
    if items and all(re.search(rf"\bfor\s+{re.escape(person)}$", loop.desc, re.IGNORECASE) for loop in loops):
        return f"For {name}: " + "; ".join(items) + "."   # "soccer practice for Emma": hers, no promise to her
    return f"You promised {name}: " + "; ".join(items) + "." if items else f"I have nothing you promised {name}."


_RELATIONS = frozenset("wife husband partner girlfriend boyfriend fiance fiancee mom mum mother dad father parents sister "
                       "brother son daughter kids children family boss manager team friend friends neighbor neighbour "
                       "landlord teacher doctor dentist roommate colleague coworker grandma grandpa aunt uncle cousin".split())


SAID_BACK_CHARS = 80   # of the words of a reference nothing matched, said back in "I couldn't find …"


_KO_ONLY_THIS_TIME = re.compile(r"^(?:이번\s?주만|이번만|오늘만|내일만|이번\s?주말만)\s+")


def not_found(reference: str, lang: Lang) -> str:
    if len(reference) > SAID_BACK_CHARS:   # "cancel that" said 330 times was said back whole, 4,000 characters
        reference = reference[:SAID_BACK_CHARS].rsplit(" ", 1)[0] + " …"   # for piper (pass 53b, a low)
    if lang == "ko":
        # "이번 주만 수영 수업 취소" (the sixty-second session: "'이번 주만 수영 수업'을(를) 찾지 못했어요"): the thing, and
        # its particle by its last syllable
        reference = _KO_ONLY_THIS_TIME.sub("", reference) or reference
        last = reference[-1:]
        obj = ("을" if final(last) > 0 else "를") if "가" <= last <= "힣" else "을(를)"
        return f"할 일 목록에서 '{reference}'{obj} 찾지 못했어요."
    return f"I couldn't find {second_person(reference)} on your agenda."


def no_reminder_to_stop(reference: str, lang: Lang) -> str:
    """"Don't remind me about mom" with no open promise it names: nothing muted, nothing kept."""
    if len(reference) > SAID_BACK_CHARS:   # at a word, or inside one word too long ("x" * 3000)
        reference = (reference[:SAID_BACK_CHARS].rsplit(" ", 1)[0] or reference[:SAID_BACK_CHARS]) + " …"
    if lang == "ko":
        return f"할 일 목록에서 '{reference}'을(를) 찾지 못해서 끌 알림이 없어요."
    return f"I couldn't find {second_person(reference)} on your agenda, so there's no reminder to stop."


def snoozed(loop: OpenLoop, minutes: int, lang: Lang) -> str:
    if lang == "ko":
        return f"{_ko_minutes(minutes)} 뒤에 다시 알려 드릴게요: {loop.desc}."
    return f"OK, I'll remind you again in {_en_minutes(minutes)}: {second_person(loop.desc)}."


def to_when(loop: OpenLoop, now: datetime, tz: tzinfo, lang: Lang) -> str:
    """"Move the call" with no time: asked to when (nothing moved)."""
    due = None if loop.due_ms is None else spoken_due(loop.due_ms, now, tz, lang)
    if lang == "ko":
        return f"{loop.desc}, 언제로 옮길까요?" + (f" 지금은 {due}{_is(due)}." if due else "")
    return f"When should I move {second_person(loop.desc)} to?" + (f" It's {due} now." if due else "")


def how_much(direction: int, loop: OpenLoop, lang: Lang) -> str:
    """"Make it earlier" with no amount: asked, the promise named (nothing moved)."""
    if lang == "ko":
        way = "늦출까요" if direction > 0 else "당길까요"
        example = "한 시간 늦게" if direction > 0 else "한 시간 일찍"
        return f"{loop.desc}, 얼마나 {way}? 예를 들어 \"{example}\"처럼 말해 주세요."
    way = "later" if direction > 0 else "earlier"
    return f"How much {way} for {second_person(loop.desc)}? Say, for example, \"an hour {way}\" or \"a day {way}\"."


def nothing_to_snooze(lang: Lang) -> str:
    return "다시 알려 드릴 알림이 없어요." if lang == "ko" else "There's no reminder to snooze right now."


def _en_minutes(minutes: int) -> str:
    hours, mins = divmod(minutes, 60)
    parts = [f"{hours} hour" + ("s" if hours > 1 else "")] if hours else []
    if mins or not parts:
        parts.append(f"{mins} minute" + ("s" if mins != 1 else ""))
    return " ".join(parts)


def _ko_minutes(minutes: int) -> str:
    hours, mins = divmod(minutes, 60)
    return " ".join(part for part in (f"{hours}시간" if hours else "", f"{mins}분" if mins else "") if part)


def which_one(loops: Sequence[OpenLoop], lang: Lang, now: datetime, tz: tzinfo) -> str:
    """"Which one: call Bob, or call Ann?"; two of one description are told apart by their dues ("call Pia, tomorrow
    at 3 PM, or call Pia, Friday at 3 PM?"; pass 34: "call Pia, or call Pia?")."""
    shown = loops[:3]
    names = [loop.desc if lang == "ko" else second_person(loop.desc) for loop in shown]
    if len(set(names)) < len(names) or any(alarm_kind(loop.desc) for loop in shown):   # alarms by their times
        names = [f"{name}, {spoken_due(loop.due_ms, now, tz, lang)}" if loop.due_ms is not None else name
                 for name, loop in zip(names, shown, strict=True)]
    if lang == "ko":
        return "어느 거요? " + ", ".join(names) + "."
    return "Which one: " + ", or ".join(names) + "?"


# ---------------------------------------------------------------- the desk's words are the desk's alone

# How the desk's own sentences begin. A small model that saw them in the conversation window imitates
# them ("Got it: what's on your gender"), and the user hears a promise confirmed that was never kept.
DESK_OPENINGS = (
    "got it:", "i'll remind you:", "marked done:", "updated:", "ok, i took it off", "that's already on your agenda",
    "your agenda is clear", "i noted ", "ok, i'll remind you again", "reminder:", "nothing is due",
    "적어 둘게요", "알림 맞춰 둘게요", "완료로 표시했어요", "목록에서 지웠어요", "이미 적어 뒀어요", "알림:",
    "다시 알려 드릴게요",
)
_AGENDA_COUNT = re.compile(r"^you have (?:one thing|\d+ things) (?:on your agenda|due)")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|\n+")


def claims_agenda_change(sentence: str) -> bool:
    """Does this sentence speak as the agenda desk does (a confirmation, a reminder, the agenda read out)?"""
    s = sentence.strip().lower()
    return s.startswith(DESK_OPENINGS) or _AGENDA_COUNT.match(s) is not None


class AgendaClaimFilter:
    """Drops, sentence by sentence, what a model writes in the desk's voice; only the desk says what it
    did to the agenda. A sentence is held only until its beginning tells (OPENING_CHARS), then streams
    on, so speech starts as early as before. `feed` returns what may be said now, `end` the rest."""

    OPENING_CHARS = max(len(opening) for opening in DESK_OPENINGS) + 1

    def __init__(self) -> None:
        self._held = ""          # the start of the current sentence, not yet judged
        self._passing = False    # the current sentence was judged safe: stream it
        self._dropping = False   # the current sentence speaks for the desk: drop it to its end
        self.dropped: list[str] = []

    def feed(self, delta: str) -> str:
        out = []
        while delta:
            end = _SENTENCE_END.search(delta)
            chunk, delta = (delta[:end.end()], delta[end.end():]) if end else (delta, "")
            out.append(self._take(chunk, complete=end is not None))
        return "".join(out)

    def end(self) -> str:
        return self._take("", complete=True).rstrip()

    def _take(self, chunk: str, complete: bool) -> str:
        """One piece of the current sentence; `complete` when the piece ends it."""
        if self._passing:
            said = chunk
        elif self._dropping:
            self.dropped[-1] += chunk
            said = ""
        else:
            self._held += chunk
            said = ""
            if claims_agenda_change(self._held):
                self._dropping = True
                self.dropped.append(self._held)
            elif complete or len(self._held.lstrip()) >= self.OPENING_CHARS:
                self._passing, said = True, self._held
            self._held = "" if self._passing or self._dropping else self._held
        if complete:
            if self._dropping:
                self.dropped[-1] = self.dropped[-1].strip()
            self._passing = self._dropping = False
        return said
