"""Repeating promises: "remind me every day at 8 to take my pills", "매주 월요일마다 쓰레기 내놓기".

A repeating promise is one open loop at a time: the next time it falls. When that one is done or expires, the
service opens the one after it (`next_due`); when it is withdrawn ("cancel the pills reminder") the series ends.
Before this module the agenda kept it once and said so ("That's once: I can't repeat a reminder yet").

The rule is kept on the loop as a short key (`OpenLoop.repeat`): "daily", "weekdays", "weekends", weekday names
("mon,thu"), "monthly" (the due's day of the month, the last day in a shorter month), a step from the due
("every:2h" every two hours, "every:2d" every other day, "every:2w" every other week, "every:90m"; 15 minutes to 52
weeks), or "yearly" (the due's date, Feb 28 in a year without Feb 29). What is not kept: "every few days", a step under
15 minutes, "every second Tuesday of the month" (`said_but_unkept` tells the desk to say so). Pure: text and times in.
"""

from __future__ import annotations

import calendar
import functools
import logging
import re
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, tzinfo

from jarvisd.language import Language as Lang
from jarvisd.openloop.day_off import skip_asked, skip_day  # noqa: F401  (read here before debt66)
from jarvisd.openloop.when_words import PART_HOURS

log = logging.getLogger(__name__)

_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_EN_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_KO_NAMES = "월화수목금토일"
EVERY_DAY = frozenset(range(7))
WEEKDAYS = frozenset(range(5))
WEEKEND = frozenset({5, 6})
_LOOK_AHEAD_DAYS = 400   # a weekly rule falls within 7 days, a monthly one within 31: a year is plenty


@dataclass(frozen=True)
class Repeat:
    """When a promise comes back: on these weekdays (Monday = 0), or monthly on day `month_day` (the last day in a
    shorter month). Unsettled until the first due is known (`settle`): `days` empty and not monthly is "weekly",
    on the due's weekday; monthly with `month_day` 0 falls on the due's day of the month."""

    days: frozenset[int] = frozenset()
    monthly: bool = False
    month_day: int = 0
    at: time | None = None   # the clock time it falls at, kept only while a due is off it (a DST gap: "daily@02:30")
    step: int = 0            # a step from the due, in `unit`s: "every 2 hours" is (2, "h"); 0 for the rules above
    unit: str = ""           # "m" minutes, "h" hours (absolute time), "d" days, "w" weeks (the due's clock time)
    yearly: bool = False     # on the due's date every year
    leap_day: bool = False   # a yearly rule said for Feb 29: Feb 28 in other years, Feb 29 again in a leap year

    @property
    def stepped(self) -> bool:
        """Falls a step after the due ("every other day", "every 2 hours", "every year"), not on days of a week or month."""
        return self.step > 0 or self.yearly

    @property
    def step_ms(self) -> int | None:
        """The step of a rule under a day ("every 2 hours"), in ms: it falls at due + k * step whatever the clock says."""
        return self.step * {"m": 60_000, "h": 3_600_000}[self.unit] if self.unit in ("m", "h") else None

    @property
    def key(self) -> str:
        base = self._base_key
        return base if self.at is None else f"{base}@{self.at:%H:%M}"

    @property
    def _base_key(self) -> str:
        if self.yearly:
            return "yearly:02-29" if self.leap_day else "yearly"
        if self.step:
            return f"every:{self.step}{self.unit}"
        if self.monthly:
            return f"monthly:{self.month_day}" if self.month_day else "monthly"
        if self.days == EVERY_DAY:
            return "daily"
        if self.days == WEEKDAYS:
            return "weekdays"
        if self.days == WEEKEND:
            return "weekends"
        return ",".join(_NAMES[d] for d in sorted(self.days)) or "weekly"

    def falls_on(self, day: date) -> bool:
        """Whether a weekly or monthly rule falls on `day` (a stepped rule falls where its due puts it: `next_due`)."""
        if self.stepped:
            raise ValueError(f"repeat {self.key!r} falls a step after its due, not on days of a week or month")
        if self.monthly:
            return day.day == min(self.month_day, calendar.monthrange(day.year, day.month)[1])
        return day.weekday() in self.days


def day_before(key: str | None) -> str | None:
    """The rule a day earlier: "pack the soccer bag the night before practice" with practice "tue,thu" is kept
    "mon,wed" (round 64: kept once, with "the night before practice" in its words); "daily" stays "daily", "monthly:15"
    is "monthly:14". None for a rule with no day of its own a day earlier (a step, a year, the 1st of the month, "weekly"
    before it is settled)."""
    rule = from_key(key)
    if rule is None or rule.stepped:
        return None
    if rule.monthly:
        return f"monthly:{rule.month_day - 1}" if rule.month_day > 1 else None
    if not rule.days:
        return None
    return replace(rule, days=frozenset((d - 1) % 7 for d in rule.days), at=None).key


def from_key(key: str | None) -> Repeat | None:
    """The rule a stored key names; None for no key or one this version does not know (logged once, kept once)."""
    return _from_key(key) if key else None


@functools.lru_cache(maxsize=256)
def _from_key(key: str) -> Repeat | None:
    key = key.strip().lower()
    if "@" in key:   # "daily@02:30": the next one falls at 2:30 although this one is at 3:30 (a DST gap)
        base, _, clock = key.partition("@")
        m = re.fullmatch(r"([01][0-9]|2[0-3]):([0-5][0-9])", clock.strip())
        rule = _from_key(base) if base.strip() and "@" not in base and m is not None else None
        if rule is not None:
            return replace(rule, at=time(int(m[1]), int(m[2])))
        log.warning("openloop: repeat rule %r is not one this version knows; the promise is kept once", key[:80])
        return None
    fixed = {"daily": Repeat(EVERY_DAY), "weekdays": Repeat(WEEKDAYS), "weekends": Repeat(WEEKEND),
             "monthly": Repeat(monthly=True), "weekly": Repeat()}
    if key in fixed:
        return fixed[key]
    if (m := re.fullmatch(r"monthly:([1-9]|[12][0-9]|3[01])", key)) is not None:
        return Repeat(monthly=True, month_day=int(m[1]))
    if key == "yearly":
        return Repeat(yearly=True)
    if key == "yearly:02-29":
        return Repeat(yearly=True, leap_day=True)
    if (m := re.fullmatch(r"every:([1-9][0-9]{0,5})([mhdw])", key)) is not None and _step_kept(int(m[1]), m[2]):
        return Repeat(step=int(m[1]), unit=m[2])
    names = key.split(",")
    if names and all(name in _NAMES for name in names):
        return Repeat(frozenset(_NAMES.index(name) for name in names))
    log.warning("openloop: repeat rule %r is not one this version knows; the promise is kept once", key[:80])
    return None


# ---------------------------------------------------------------- what the user said

_EN_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# "daily", "weekly" as an adverb ("floss daily at 10pm"), not an adjective ("the weekly report" is one report)
_ADVERB_END = r"(?=\s*(?:$|[,.!?;]|(?:at|on|in|from|before|after|around|by|until|starting|please)\b))"
_EN_DAYS_AT = {name[:3].lower(): i for i, name in enumerate(_EN_NAMES)}
# what is said as a repeat and not kept: "every few days", "every second Tuesday of the month", "며칠마다"; a step out of
# range ("every 5 minutes") and any other "every 2 …" a step does not read are not kept either (`said_but_unkept`)
_EN_UNKEPT = re.compile(r"\b(?:every|each)\s+(?:few|several|couple\s+(?:of\s+)?(?:weeks|months|years))\b"
                        r"|\bevery\s+(?:(?:single|other|first|second|third|fourth|last)\s+)?(?:" + _EN_DAY + r")\s+of\b"
                        # "inspection is the third Thursday of the month" (the sixty-first session's landlord): a day told of
                        # an event as its rule; the next one is kept ("by the last Friday of the month" is one day)
                        r"|(?:(?<=\bis\s)|(?<=\bare\s)|(?<='s\s))(?:the\s+)?(?:first|second|third|fourth|last)\s+(?:" + _EN_DAY
                        + r")\s+of\s+(?:the|every)\s+month\b"
                        # "payroll is on the last weekday of the month" (the sixty-third session's shop owner)
                        r"|(?:(?<=\bis\s)|(?<=\bare\s)|(?<='s\s)|(?<=\bis\son\s))(?:the\s+)?last\s+(?:weekday|week\s+day|working\s+day|"
                        r"business\s+day|work\s+day|day)\s+of\s+(?:the|every)\s+month\b",
                        re.IGNORECASE)
_EN_LOOSE = re.compile(r"\b(?:every|each)\s+(?:other|second|third|fourth|\d+|two|three|four|five|six|couple)\b"
                       r"|\b(?:every|each)\s+(?:hour|year|minute)\b|\b(?:hourly|yearly|annually)\b", re.IGNORECASE)
_KO_UNKEPT = re.compile(r"며칠\s*(?:마다|에\s*한\s*번)|몇\s*(?:시간|분|주)\s*(?:마다|에\s*한\s*번)")
_KO_LOOSE = re.compile(r"(?<![0-9일이삼사오육칠팔구십])[0-9일이삼사오육칠팔구십]+\s*(?:일|주|시간|분)\s*마다")

# a step from the due: "every other day", "every 3 days", "every two hours", "every hour", "every 90 minutes",
# "every other Monday" (two weeks), "every year"; "격일", "격주", "이틀마다", "3일마다", "두 시간마다", "매시간", "30분마다",
# "사흘에 한 번", "매년". One pass, no nested unbounded quantifiers.
# the counts `_EN_STEP` reads, by their words without "a", "of" and hyphens ("a couple of": "couple", "forty-five")
_EN_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty five": 45,
              "ninety": 90, "couple": 2}
_EN_NTH = {"other": 2, "second": 2, "third": 3, "fourth": 4}
_EN_UNITS = {"minute": "m", "min": "m", "hour": "h", "hr": "h", "day": "d", "week": "w", "year": "y"}
_EN_STEP = re.compile(
    r"\b(?:every|each)\s+(?:"
    r"(?P<nth>other|second|third|fourth)\s+(?P<nth_unit>day|week|" + _EN_DAY + r")"
    r"|(?P<count>\d{1,4}|(?:a\s+)?couple(?:\s+of)?|forty[-\s]five|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve|fifteen|twenty|thirty|ninety)\s+(?P<unit>minute|min|hour|hr|day|week|year)s?"
    r"|(?P<one>hour|year))\b"
    r"|\b(?P<hourly>hourly)\b|\b(?P<yearly>yearly|annually)\b" + _ADVERB_END + r"|\bonce\s+a\s+(?P<once>year)\b",
    re.IGNORECASE)
_KO_NATIVE = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10,
              "열한": 11, "열두": 12}
_KO_DAYS_SAID = {"이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "열흘": 10}
_KO_SINO = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
_KO_EACH = r"\s*(?:마다|에\s*한\s*번)"
_KO_STEP = re.compile(
    r"(?<![가-힣])(?:(?P<yearly>매년|해마다|매해)|(?P<other_day>격일)|(?P<other_week>격주(?:\s*(?:로\s*)?[월화수목금토일]요일(?:마다|에)?)?)"
    r"|(?P<hourly>매\s*시간|시간\s*마다))"
    r"|(?P<days_said>이틀|사흘|나흘|닷새|엿새|이레|열흘)" + _KO_EACH +
    r"|(?<![가-힣])(?P<native>열한|열두|다섯|여섯|일곱|여덟|아홉|한|두|세|네|열)\s*(?P<native_unit>시간|주)" + _KO_EACH +
    r"|(?<![0-9가-힣])(?P<count>[0-9]{1,4}|[이삼사오육칠팔구]?십[일이삼사오육칠팔구]?|[이삼사오육칠팔구])\s*(?P<unit>일|주|시간|분)"
    + _KO_EACH)
_KO_UNITS = {"일": "d", "주": "w", "시간": "h", "분": "m"}
_KO_UNIT_WORDS = {unit: word for word, unit in _KO_UNITS.items()}


def _ko_count(said: str) -> int | None:
    """"3", "삼", "십오", "이십": a Sino-Korean or written count (no "백": a step of days stops at a year)."""
    if said.isdigit():
        return int(said)
    if not said:
        return None
    tens, _, ones = said.rpartition("십")
    if "십" in said:
        return (_KO_SINO.get(tens, 0) if tens else 1) * 10 + (_KO_SINO.get(ones, 0) if ones else 0)
    return _KO_SINO.get(said)


def _step_said(text: str) -> tuple[int, str] | None:
    """The step a repeat's words say, as (count, unit of "m", "h", "d", "w", "y"), in range or not; None for none."""
    if (m := _EN_STEP.search(text)) is not None:
        if m["nth"]:
            unit = m["nth_unit"].lower()
            return _EN_NTH[m["nth"].lower()], "d" if unit == "day" else "w"
        if m["count"]:
            count = m["count"].lower()
            n = int(count) if count.isdigit() else _EN_COUNTS[" ".join(re.sub(r"\b(?:a|of)\b|-", " ", count).split())]
            return n, _EN_UNITS[m["unit"].lower()]
        if m["one"]:
            return 1, _EN_UNITS[m["one"].lower()]
        return (1, "h") if m["hourly"] else (1, "y")
    if (m := _KO_STEP.search(text)) is not None:
        if m["yearly"]:
            return 1, "y"
        if m["other_day"]:
            return 2, "d"
        if m["other_week"]:
            return 2, "w"
        if m["hourly"]:
            return 1, "h"
        if m["days_said"]:
            return _KO_DAYS_SAID[m["days_said"]], "d"
        if m["native"]:
            return _KO_NATIVE[m["native"]], _KO_UNITS[m["native_unit"]]
        n = _ko_count(m["count"])
        return None if n is None else (n, _KO_UNITS[m["unit"]])
    return None


_STEP_RANGE = {"m": (15, 1440), "h": (1, 72), "d": (1, 366), "w": (1, 52), "y": (1, 1)}


def _step_kept(n: int, unit: str) -> bool:
    """A step this version keeps: every 15 minutes to every 52 weeks, or every year ("every 5 minutes" is an alarm's
    job, not the agenda's; "every 2 years" is kept once)."""
    low, high = _STEP_RANGE[unit]
    return low <= n <= high


def _stepped(text: str) -> Repeat | None:
    said = _step_said(text)
    if said is None or not _step_kept(*said):
        return None
    n, unit = said
    if unit == "y":
        return Repeat(yearly=True)
    if n == 1 and unit in ("d", "w"):   # "every 1 day" is every day, "매 1주마다" every week
        return Repeat(EVERY_DAY) if unit == "d" else Repeat()
    return Repeat(step=n, unit=unit)


_EN_DAILY = re.compile(r"\b(?:every|each)\s+(?:single\s+)?(?:day|morning|afternoon|evening|night)\b|\beveryday\b"
                       r"|\b(?:daily|nightly)\b" + _ADVERB_END + r"|\bonce\s+a\s+day\b", re.IGNORECASE)
_EN_WEEKDAYS = re.compile(r"\b(?:every|each)\s+(?:week|work)\s*day\b|\b(?:on\s+)?weekdays\b|\bmonday\s+(?:to|through|thru)\s+friday\b",
                          re.IGNORECASE)
_EN_WEEKENDS = re.compile(r"\b(?:every|each)\s+weekend\b|\b(?:on\s+)?weekends\b", re.IGNORECASE)
# "every Monday", "every Monday and Thursday", "on Mondays", "Tuesdays and Fridays"
_EN_NAMED = re.compile(r"\b(?:every|each)\s+(?:single\s+)?(?P<one>" + _EN_DAY + r")\b"
                       r"|\b(?P<many>" + _EN_DAY + r")s\b", re.IGNORECASE)
# (a day joined by spaces alone, "every monday wednesday and friday", counts only when the list goes on to one joined by
# a word: the sixty-seventh session kept "every Monday" of it; "every monday friday is payday" names Monday alone)
_EN_LIST_ON = re.compile(r"(?:\s*+(?P<joined>,|and|&|or)\s*+|\s++)(?:(?:every|each|on)\s++)?(?P<day>" + _EN_DAY + r")s?\b",
                         re.IGNORECASE)
_EN_WEEKLY = re.compile(r"\b(?:every|each)\s+week\b|\bweekly\b" + _ADVERB_END + r"|\bonce\s+a\s+week\b", re.IGNORECASE)
_EN_MONTHLY = re.compile(r"\b(?:every|each)\s+month\b|\bmonthly\b" + _ADVERB_END + r"|\bonce\s+a\s+month\b", re.IGNORECASE)

_KO_DAILY = re.compile(r"매일|날마다|하루\s*한\s*번|아침마다|저녁마다|밤마다|점심마다")
_KO_WEEKDAYS = re.compile(r"평일\s*마다|매\s*평일|주중\s*마다|평일에는|평일엔|월요일부터\s*금요일까지\s*매일")
_KO_WEEKENDS = re.compile(r"주말\s*마다|매\s*주말|주말에는|주말엔")
_KO_DAY = "[월화수목금토일]"
# "매주 월요일", "월요일마다", "매주 월, 목요일", "월요일이랑 목요일마다"
# (a space before the joining word and after it: `(?:\s*(?:,|…))?\s*`, not `\s*(?:,|…)?\s*`, which split each run of
# spaces two ways: "금요일 " said 20 times held the daemon a second, 50 times for good; pass 53b)
_KO_JOIN = r"(?:\s*(?:,|·|이랑|랑|하고|과|와|및))?\s*"
# (a list of at most seven days: with `*`, "금요일 " said 1,000 times was read from each of its days to the end, 1-1.5 s
# with the GIL held, the fifty-seventh session)
# "물리치료 주 2회 화요일 금요일" (the sixty-first session: to SmolLM2): so many times a week, on the days named
_KO_NAMED = re.compile(r"(?:매\s*주|(?<![가-힣])주\s*[1-7]\s*(?:회|번)(?:\s*씩)?)\s*(?P<list>(?:" + _KO_DAY + r"(?:요일)?" + _KO_JOIN + r"){1,7})"
                       r"|(?P<marked>(?:" + _KO_DAY + r"(?:요일)?" + _KO_JOIN + r"){0,6}" + _KO_DAY + r"요일\s*마다)"
                       # "월요일이랑 금요일 2시에 물리치료" (round 63's low: Monday kept only): two days or more joined, then
                       # one clock time, as English "tuesdays and fridays at 11"
                       r"|(?P<pair>(?:" + _KO_DAY + r"요일\s*(?:,|·|이랑|랑|하고|과|와|및)\s*){1,6}" + _KO_DAY + r"요일"
                       # "애 학원 월수금 밤 열시에 픽업 가야돼" (the sixty-sixth session: kept once, for tonight): three days
                       # or more said glued, one letter each, then a clock time, with no 매주
                       r"|(?<![가-힣])" + _KO_DAY + r"{3,7})"
                       r"(?=\s*(?:에\s*)?(?:오전|오후|아침|저녁|밤|낮)?\s*(?:\d{1,2}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열한|열두|열)\s*시)")
_KO_WEEKLY = re.compile(r"매\s*주|일주일\s*마다|주마다|일주일에\s*한\s*번")
_KO_MONTHLY = re.compile(r"매\s*달|매\s*월|달마다|한\s*달에\s*한\s*번")


# (one utterance of many promises is read once: each of its parts asked the same words again, 250 parts of "I need to
# call the vet 0 and call the vet 1 and …" 2.2 s, 500 parts 8.6 s, pass 62b)
@functools.lru_cache(maxsize=64)
def repeat_in(text: str) -> Repeat | None:
    """The repeat a promise's words ask for, or None (said once, or a repeat this version does not keep)."""
    if said_but_unkept(text):
        return None
    if (stepped := _stepped(text)) is not None:   # before the named days: "every other Monday" is every two weeks
        return stepped
    if _EN_WEEKDAYS.search(text) or _KO_WEEKDAYS.search(text):
        return Repeat(WEEKDAYS)
    if _EN_WEEKENDS.search(text) or _KO_WEEKENDS.search(text):
        return Repeat(WEEKEND)
    if (days := _en_named(text) | _ko_named(text)):
        return Repeat(frozenset(days))
    if _EN_DAILY.search(text) or _KO_DAILY.search(text):
        return Repeat(EVERY_DAY)
    if _EN_MONTHLY.search(text) or _KO_MONTHLY.search(text):
        return Repeat(monthly=True)
    if _EN_WEEKLY.search(text) or _KO_WEEKLY.search(text):
        return Repeat()
    return None


# the words of a kept repeat, taken out of the promise's description ("water the plants every day" -> "water the plants")
_EN_SPAN = re.compile(r"(?:\s*,)?\s*\b(?:(?:on|of)\s+)?(?:(?:every|each)\s+(?:single\s+)?(?:day|morning|afternoon|evening|night|week|"
                      r"weekday|workday|weekend|month|" + _EN_DAY + r")|everyday|(?:daily|nightly|weekly|monthly)" + _ADVERB_END + r"|weekdays|weekends|"
                      r"once\s+a\s+(?:day|week|month)|" + _EN_DAY + r"s)\b"
                      r"(?:(?:\s*+(?:,|and|&|or)\s*+|\s++)(?:(?:every|each|on)\s++)?" + _EN_DAY + r"s?\b)*", re.IGNORECASE)
_KO_SPAN = re.compile(r"\s*(?:매일(?:\s(?:아침|점심|저녁|밤)(?!\s*마다))?|날마다|하루\s*한\s*번|아침마다|저녁마다|밤마다|점심마다|평일\s*마다|매\s*평일|주중\s*마다|주말\s*마다|"
                      r"매\s*주말|매\s*달|매\s*월|달마다|일주일\s*마다|주마다|"
                      r"(?:매\s*주\s*)?(?:" + _KO_DAY + r"(?:요일)?" + _KO_JOIN + r"){0,6}" + _KO_DAY + r"요일\s*마다|"
                      r"(?:매\s*주|(?<![가-힣])주\s*[1-7]\s*(?:회|번)(?:\s*씩)?)\s*(?:(?:" + _KO_DAY + r"(?:요일)?" + _KO_JOIN + r"){0,6}" + _KO_DAY + r"(?:요일)?)?)(?=\s|$)")


_EN_STEP_SPAN = re.compile(r"(?:\s*,)?\s*(?:\bon\s+)?(?:" + _EN_STEP.pattern + r")", re.IGNORECASE)
_KO_STEP_SPAN = re.compile(r"\s*(?:" + _KO_STEP.pattern + r")(?:\s*씩)?(?:\s*(?:으로|로))?(?=\s|$)")


_STEP_HEAD_LEFT = re.compile(r"(?<!\s)\s+(?:on\s+)?(?:every|each)\s+(?:other|second|third|fourth)$", re.IGNORECASE)


_KO_TIMES_LEFT = re.compile(r"(?<=[가-힣])\s+주\s?[1-7]\s?(?:회|번)(?:\s?씩)?$")


# "애 학원 월수금 끝나서 픽업 가기" (the sixty-sixth session): three letters or more glued, at the start or after a word
_KO_DAY_LETTERS_LEFT = re.compile(r"^[월화수목금토일](?:\s*[,·]\s*[월화수목금토일])+\s+(?=\S)|(?:^|(?<=\s))[월화수목금토일]{3,7}\s+(?=\S)")


def without_repeat(desc: str) -> str:
    """The description with the words of a kept repeat taken out: "walk the dog every morning" -> "walk the dog",
    "평일마다 스트레칭하기" -> "스트레칭하기". A description that would be left empty is kept as it was."""
    if (rule := repeat_in(desc)) is None:
        # "call mom every other" (the fifty-eighth helper): "every other monday" kept as every:2w, its day already cut
        # out as the due's, left its head in the description
        # "물리치료 주 2회" (the sixty-first session): its days cut out as the due's, the times a week left behind
        # "매주 월, 수 저녁 7시에 헬스 가야 돼" (round 65's day lived: kept "월, 수 헬스 가기"): the days' letters left
        desc = _KO_DAY_LETTERS_LEFT.sub("", desc)
        return _KO_TIMES_LEFT.sub("", _STEP_HEAD_LEFT.sub("", desc)).strip(" ,") or desc
    if rule.stepped:
        desc = _KO_STEP_SPAN.sub(" ", _EN_STEP_SPAN.sub("", desc))
    left = re.sub(r"\s{2,}", " ", _KO_SPAN.sub(" ", _EN_SPAN.sub("", desc))).strip(" ,")
    # "매주 화요일하고 목요일 오후 5시에 축구 연습": the days cut out as the due's left their joiner (pass 65: "하고 축구 연습")
    left = _KO_JOIN_LEFT.sub("", left)
    return left or desc


_KO_JOIN_LEFT = re.compile(r"^(?:하고|이랑|랑|및)\s+(?=[가-힣A-Za-z0-9])")


# "make it every weekday", "repeat it every day", "매일로 바꿔 줘": a repeat given to the promise in focus;
# "just once", "stop repeating it", "반복하지 마": taken off it
_EN_TO_REPEAT = re.compile(r"(?:(?:ok(?:ay)?|actually|and|no|please)[\s,]+)*(?:(?:make|change|set|have|let|turn)\s+(?:it|that|this)"
                           r"(?:\s+(?:to|into))?(?:\s+(?:repeat|recur|happen|come\s+back))?|(?:repeat|do)\s+(?:it|that|this))"
                           r"\s+(?P<rule>.+?)(?:\s+(?:please|instead|from\s+now\s+on))?")
_KO_TO_REPEAT = re.compile(r"(?P<rule>.+?)\s*(?:으로|로)?\s*(?:반복(?:해|하게)?|바꿔|바꿔줘|바꿔\s*줘|해|해줘|해\s*줘|해\s*주세요|바꿔\s*주세요|"
                           r"반복해\s*줘|반복해\s*주세요|울려\s*줘)(?:\s*줘)?")
_ONCE = re.compile(r"(?:(?:ok(?:ay)?|actually|and|no|please)[\s,]+)*(?:(?:make|keep|have)\s+(?:it|that|this)\s+(?:just\s+|only\s+)?once"
                   r"|(?:just|only)\s+(?:this\s+)?once|(?:don't|do\s+not|stop)\s+repeat(?:ing)?\s+(?:it|that|this)"
                   r"|(?:it|that)\s+(?:doesn't|does\s+not|shouldn't|should\s+not)\s+(?:need\s+to\s+)?repeat|no\s+repeat(?:ing)?"
                   r"|(?:그건\s*)?한\s*번만(?:\s*(?:해|해\s*줘|할게|하면\s*돼))?|반복\s*(?:하지\s*마|안\s*해도\s*돼|그만|없이|취소)(?:\s*줘)?)"
                   r"(?:\s+please)?")


def repeat_asked(cleaned: str) -> Repeat | bool | None:
    """What "make it every weekday" / "매주 월요일로 바꿔 줘" asks of the promise in focus: the new rule, False for
    "just once" / "반복하지 마", None when the words ask neither (`cleaned`: lower case, no closing punctuation)."""
    if _ONCE.fullmatch(cleaned):
        return False
    m = _EN_TO_REPEAT.fullmatch(cleaned) or _KO_TO_REPEAT.fullmatch(cleaned)
    if m is None:
        return None
    rule = repeat_in(m["rule"])
    said = m["rule"]
    if rule is not None and rule.stepped:   # "make it every 6 hours", "6시간마다로 바꿔 줘" (the fifty-eighth helper:
        said = _KO_STEP_SPAN.sub(" ", _EN_STEP_SPAN.sub("", said))   # the step's words were left, so no change)
    if rule is None or _KO_SPAN.sub(" ", _EN_SPAN.sub("", said)).strip(" ,"):
        return None   # "make it every day at 9": a time too, left to the correction that reads the time
    return rule


@functools.lru_cache(maxsize=64)
def said_but_unkept(text: str) -> bool:
    """"Every few days", "every 5 minutes", "every second Tuesday of the month", "며칠마다": a repeat this version cannot
    keep (the promise is kept once)."""
    if _EN_UNKEPT.search(text) or _KO_UNKEPT.search(text):
        return True
    if (said := _step_said(text)) is not None:
        return not _step_kept(*said)
    return bool(_EN_LOOSE.search(text) or _KO_LOOSE.search(text))


def _en_named(text: str) -> set[int]:
    days: set[int] = set()
    for m in _EN_NAMED.finditer(text):
        days.add(_EN_DAYS_AT[(m["one"] or m["many"])[:3].lower()])
        at, spaced = m.end(), []
        while (more := _EN_LIST_ON.match(text, at)) is not None:   # "every Monday and Thursday"
            spaced.append(more["day"])
            if more["joined"]:
                days.update(_EN_DAYS_AT[day[:3].lower()] for day in spaced)
                spaced = []
            at = more.end()
    return days


def _ko_named(text: str) -> set[int]:
    days: set[int] = set()
    for m in _KO_NAMED.finditer(text):
        said = re.sub(r"요일|마다|이랑|랑|하고|과|와|및|[,·]", " ", m["list"] or m["marked"] or m["pair"])
        # "매주 화목 저녁 7시" (the sixty-first session: "매주 일요일"): days said glued, one syllable each, when the run
        # ends there ("매주 수목원 가기" names no days)
        whole = m["list"] is None or m.end() == len(text) or m["list"] != m["list"].rstrip() or m["list"].endswith("요일")
        days.update(_KO_NAMES.index(day) for word in said.split()
                    for day in (word if whole and len(word) <= 7 and all(c in _KO_NAMES for c in word) else [word])
                    if len(day) == 1 and day in _KO_NAMES)
    return days


_EN_PART = re.compile(r"\b(?:every|each)\s+(?:single\s+)?(?P<part>morning|afternoon|evening|night)\b|\b(?P<nightly>nightly)\b",
                      re.IGNORECASE)
_KO_PART = re.compile(r"(?P<part>아침|점심|오후|저녁|밤)\s*마다|매일\s*(?P<daily>아침|점심|오후|저녁|밤)(?!\s*[0-9一-龥]|\s*(?:[한두세네]|열)\s*시)")
_PART_NAMES = {"nightly": "night", "아침": "morning", "점심": "lunch", "오후": "afternoon", "저녁": "evening", "밤": "night"}


def hour_said(text: str) -> int | None:
    """The hour a repeat's part of the day stands for when no clock time is said ("every morning": 9, "저녁마다":
    18: `when_words.PART_HOURS`, as for "remind me this evening"), or None."""
    m = _EN_PART.search(text) or _KO_PART.search(text)
    if m is None:
        return None
    part = next(value for value in m.groupdict().values() if value)
    part = part.lower()
    return PART_HOURS[_PART_NAMES.get(part, part)]


def first_at(repeat: Repeat, hour: int, now_ms: int, tz: tzinfo) -> tuple[Repeat, int]:
    """The first time after now the rule falls on at `hour` o'clock ("walk the dog every morning" said at 2 PM on
    a Saturday: Sunday at 9 AM), and the rule made definite by it."""
    now = datetime.fromtimestamp(now_ms / 1000, tz)
    at = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= now:
        at = datetime.combine(now.date() + timedelta(days=1), at.time(), tzinfo=tz)
    return settle(repeat, int(at.timestamp() * 1000), tz)


def next_day_after(repeat: Repeat, now_ms: int, tz: tzinfo) -> int:
    """A repeating promise said without a time ("주말마다 청소하기") and done: back by the end (23:59, a day's due) of
    the next day after today the rule falls on."""
    now = datetime.fromtimestamp(now_ms / 1000, tz)
    end_of_today = int(datetime.combine(now.date(), datetime.min.time().replace(hour=23, minute=59), tzinfo=tz)
                       .timestamp() * 1000)
    if repeat.step_ms is not None:   # "every 2 hours", done: two hours from now
        return now_ms + repeat.step_ms
    if repeat.stepped:   # "이틀마다 화분 물 주기", done today: by the end of the day two days on
        return _step_from(repeat, end_of_today, 1, tz)
    return next_due(repeat, end_of_today, end_of_today, tz)


# ---------------------------------------------------------------- when it falls

def settle(repeat: Repeat, due_ms: int, tz: tzinfo) -> tuple[Repeat, int]:
    """The rule made definite by the first due ("every week" falls on the due's weekday, "every month" on its day of
    the month) and the first due moved onto a day the rule falls on ("every weekday at 7" said on a Saturday:
    Monday at 7, not Sunday)."""
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    if repeat.yearly and (local.month, local.day) == (2, 29):   # kept in the key: the next due is Feb 28 (pass 58)
        return replace(repeat, leap_day=True), due_ms
    if repeat.stepped:   # "every other day at 6": from the due, as said
        return repeat, due_ms
    if repeat.monthly and not repeat.month_day:
        repeat = Repeat(monthly=True, month_day=local.day)
    elif not repeat.days and not repeat.monthly:
        repeat = Repeat(frozenset({local.weekday()}))
    if repeat.falls_on(local.date()):
        return repeat, due_ms
    return repeat, _next_on(repeat, local, after_ms=due_ms, tz=tz)


_LATER_START = re.compile(r"\bnext\b|\bfrom\s+(?:now\s+on\s+)?(?:the\s+)?\w+day\b|\bstarting\b|다음\s*주|부터", re.IGNORECASE)


def today_if_it_falls(repeat: Repeat, due_ms: int, now_ms: int, tz: tzinfo, said: str = "") -> int:
    """The first due of a weekly rule said on a day it falls ("every Sunday at 8am" at 7 on a Sunday): a bare weekday
    of a one-off promise means the next one, a week ahead, but a rule that falls today at a time not yet passed
    begins today. Kept a week ahead when the words put the start later ("starting next week", "다음 주부터")."""
    if repeat.monthly or repeat.stepped or _LATER_START.search(said):
        return due_ms
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    now = datetime.fromtimestamp(now_ms / 1000, tz)
    today = datetime.combine(now.date(), local.time(), tzinfo=tz)
    if local.date() - now.date() == timedelta(days=7) and repeat.falls_on(now.date()) and today > now:
        return int(today.timestamp() * 1000)
    if 1 < len(repeat.days) < 7 and repeat.at is None and local.date() > now.date() and not re.search(
            r"\b(?:tomorrow|tonight|today)\b|내일|오늘|모레", said, re.IGNORECASE):
        # "매주 월요일이랑 수요일 7시에 수영 강습", "every monday and wednesday at 7am" said on Monday at 9 (round 65's day
        # lived: next Monday, this Wednesday's lesson never reminded): the first of its days from now at that time
        first = _next_on(repeat, datetime.combine(now.date(), local.time(), tzinfo=tz), after_ms=now_ms, tz=tz)
        return min(first, due_ms)
    return due_ms


def gap_clock(due_ms: int, tz: tzinfo) -> time | None:
    """The clock time a DST gap could have moved to this due: its wall time less the gap, when that wall time does not
    exist on its day (New York's 2027-03-14 has no 2:30, so "2:30am" is due at 3:30: 02:30), else None."""
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    earlier = datetime.fromtimestamp(due_ms / 1000 - 6 * 3600, tz)   # no gap is wider than a few hours
    gap = (local.utcoffset() or timedelta()) - (earlier.utcoffset() or timedelta())
    if gap <= timedelta():
        return None
    wall = local.replace(tzinfo=None) - gap
    moved = datetime.fromtimestamp(wall.replace(tzinfo=tz).timestamp(), tz)
    if moved.replace(tzinfo=None) == wall or int(moved.timestamp() * 1000) != due_ms:
        return None
    return wall.time()


def clock_kept(repeat: Repeat, said: time, due_ms: int, tz: tzinfo) -> Repeat:
    """The rule with the clock time it falls at (`said`) kept only when the due is not at it: "every day at 2:30"
    rolled into New York's 2027-03-14 (no 2:30 that night) is due at 3:30 and comes back at 2:30, not at 3:30 for
    good (pass 47b)."""
    if repeat.step_ms is not None:   # "every 2 hours" falls on another clock time each time
        return replace(repeat, at=None)
    wall = datetime.fromtimestamp(due_ms / 1000, tz).time().replace(second=0, microsecond=0)
    return replace(repeat, at=None if wall == said.replace(second=0, microsecond=0) else said)


def next_due(repeat: Repeat, due_ms: int, now_ms: int, tz: tzinfo) -> int:
    """When a repeating promise due at `due_ms`, closed at `now_ms`, comes back: at the due's local clock time (a DST
    change keeps 8 AM at 8 AM) on the first day the rule falls on after both. Closed before the middle of the time
    since the rule last fell (Saturday 2 PM for "every day at 8", due Sunday 8 AM), it was the time before that was
    done: it comes back at `due_ms` itself. A daemon off for a week opens the next one, not the seven it missed."""
    if repeat.stepped:
        return _next_step(repeat, due_ms, now_ms, tz)
    repeat, due_ms = settle(repeat, due_ms, tz)
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    if now_ms < due_ms:
        before = _previous_on(repeat, local, tz=tz)
        if before is not None and now_ms < before + (due_ms - before) // 2:
            return due_ms
    return _next_on(repeat, local, after_ms=max(due_ms, now_ms), tz=tz)


def _step_from(repeat: Repeat, due_ms: int, k: int, tz: tzinfo) -> int:
    """The time `k` steps after (or before, k < 0) the due: a step under a day in absolute time, days and weeks at the
    due's local clock time (8 AM stays 8 AM over a DST change), a year on the due's date (Feb 29: Feb 28 in other years)."""
    if (step := repeat.step_ms) is not None:
        return due_ms + k * step
    local = datetime.fromtimestamp(due_ms / 1000, tz)
    clock = repeat.at or local.time()
    if repeat.yearly:
        year = local.year + k
        said = 29 if repeat.leap_day and local.month == 2 else local.day   # Feb 28 of a year between: Feb 29 again
        day = date(year, local.month, min(said, calendar.monthrange(year, local.month)[1]))
    else:
        day = local.date() + timedelta(days=k * repeat.step * (7 if repeat.unit == "w" else 1))
    return int(datetime.combine(day, clock, tzinfo=tz).timestamp() * 1000)


def _next_step(repeat: Repeat, due_ms: int, now_ms: int, tz: tzinfo) -> int:
    """`next_due` of a stepped rule: the first step after both the due and now; closed before the middle of the step
    before the due, it was the one before that was done, and the due stands."""
    if now_ms < due_ms and now_ms < due_ms - (due_ms - _step_from(repeat, due_ms, -1, tz)) // 2:
        return due_ms
    after = max(due_ms, now_ms)
    span = _step_from(repeat, due_ms, 1, tz) - due_ms   # about a step: jump near `after`, then walk (DST, Feb 29)
    k = max(1, (after - due_ms) // max(span, 1))
    while k > 1 and _step_from(repeat, due_ms, k - 1, tz) > after:
        k -= 1
    while (at := _step_from(repeat, due_ms, k, tz)) <= after:
        k += 1
    return at


def _previous_on(repeat: Repeat, local: datetime, *, tz: tzinfo) -> int | None:
    for step in range(1, _LOOK_AHEAD_DAYS):
        day = local.date() - timedelta(days=step)
        if repeat.falls_on(day):
            return int(datetime.combine(day, repeat.at or local.time(), tzinfo=tz).timestamp() * 1000)
    return None


def _next_on(repeat: Repeat, local: datetime, *, after_ms: int, tz: tzinfo) -> int:
    start = max(local.date(), datetime.fromtimestamp(after_ms / 1000, tz).date() - timedelta(days=1))
    for step in range(_LOOK_AHEAD_DAYS):
        day = start + timedelta(days=step)
        if not repeat.falls_on(day):
            continue
        at = int(datetime.combine(day, repeat.at or local.time(), tzinfo=tz).timestamp() * 1000)
        if at > after_ms:
            return at
    raise ValueError(f"repeat {repeat.key!r} falls on no day within {_LOOK_AHEAD_DAYS} days")


# ---------------------------------------------------------------- several times a day

# "매일 아침 여덟 시 점심 한 시 저녁 일곱 시에 혈압약 먹으라고 알려 줘요" (the sixty-third session's elder: only 8 AM
# kept): a clock time of the day, its part of the day before it
_KO_CLOCK = re.compile(r"(?:(?:아침|점심|저녁|밤|오전|오후|새벽)\s*)?(?:\d{1,2}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열한|열두|열)\s*시"
                       r"(?:\s*(?:반|\d{1,2}\s*분))?(?![가-힣])|(?:(?:아침|점심|저녁|밤|오전|오후|새벽)\s*)?(?:\d{1,2}|한|두|세|네|다섯|여섯|"
                       r"일곱|여덟|아홉|열한|열두|열)\s*시(?:\s*(?:반|\d{1,2}\s*분))?(?=에|랑|이랑|하고|와|과|,|\s)")
_KO_BETWEEN = re.compile(r"\s*(?:,|·|이랑|랑|하고|와|과|그리고|및|또)?\s*")


def _joined_clocks(text: str, clock: re.Pattern[str], between: re.Pattern[str]) -> tuple[list[re.Match[str]], str] | None:
    """The clock times of `text` with nothing but `between`'s joining words before and among them, and what follows the
    last one; None when other words stand there."""
    clocks = list(clock.finditer(text))
    pos = 0
    for m in clocks:
        if not between.fullmatch(text[pos:m.start()]):
            return None
        pos = m.end()
    return clocks, text[pos:]


# the day said before Korean clock times joined ("내일 3시랑 5시에 회의 있어"): each time keeps it
_KO_DAY_FIRST = re.compile(r"(?:오늘|내일|모레|글피|(?:(?:이번|다음)\s*주\s*)?[월화수목금토일]요일|\d{1,2}\s*월\s*\d{1,2}\s*일|\d{1,2}\s*일)"
                           r"(?:에|에는|은)?\s+")
# one has it (an event): "… 회의 있어", "… 약속 잡혔어"
_KO_HAVE = re.compile(r"(?:있어|있어요|있다|있습니다|있음|있대|있거든|잡혔어|잡혔어요|잡혀\s*있어)[.!]?\s*$")


def each_time_said(clause: str, spans: list[tuple[int, int]], once: bool = False) -> list[str]:
    """The clause once for each clock time of a Korean daily rule said together ("매일 아침 8시랑 저녁 8시에 약 먹기"
    -> "매일 아침 8시에 약 먹기", "매일 저녁 8시에 약 먹기"), or [] when it says one time or the times are apart.
    `spans`: the clause's time spans (`when.time_spans`). With `once` (a reminder asked), Korean times joined with no
    rule are each a reminder of their own ("아침 일곱 시랑 저녁 여섯 시에 산책 알려줘", the sixty-fourth session: 7 AM
    only)."""
    if len(spans) < 1:
        return []
    start, end = spans[0][0], spans[-1][1]
    region = clause[start:end]
    if not re.search(r"[가-힣]", clause):
        return _each_time_said_en(clause, start, end)
    day = _KO_DAY_FIRST.match(region)   # "내일 3시랑 5시에 회의 있어": the day goes with each time (round 65)
    if day is not None:
        start, region = start + day.end(), region[day.end():]
    joined = _joined_clocks(region, _KO_CLOCK, _KO_BETWEEN)   # nothing but the times and the words that join them
    if joined is None or len(joined[0]) < 2 or joined[1].strip() not in ("", "에", "에는", "마다"):
        return []
    if re.match(r"\s*(?:사이|중에|중\b|까지|부터)", clause[end:]):
        return []   # "3시랑 5시 사이에": one span of time, not two times
    clocks = joined[0]
    head = _KO_TIMES_A_DAY.sub("매일", clause[:start])   # "하루 세 번 아침 8시, …": each of them every day
    rule = repeat_in(head + clause[end:])
    # a thing one has at two times ("내일 3시랑 5시에 회의 있어", round 65: 3 PM only) is two of them, as a reminder is
    if rule is None and not (once or _KO_HAVE.search(clause)) or rule is not None and rule.stepped:
        return []
    tail = clause[end:] if clause[end:].startswith(" ") else f" {clause[end:]}"
    return [f"{head}{m.group(0).strip()}에{tail}" for m in clocks]


# "take my blood pressure pill at 8am and 8pm every day" (round 63's low: 8 AM kept only): clock times with am / pm
# (or noon), joined by commas and "and", one promise each when the rest says every day
_EN_CLOCK = re.compile(r"\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|noon", re.IGNORECASE)
_EN_BETWEEN = re.compile(r"\s*(?:,|,?\s*and|,?\s*then)?\s*(?:at\s+)?", re.IGNORECASE)


# "i have a meeting at 11 and at 3" (pass 65's low: 3 PM dropped): a thing one has at two times, each with its "at"
_EN_AT_CLOCK = r"\d{1,2}(?::\d{2})?(?:\s?(?:am|pm|a\.m\.|p\.m\.))?|noon"
_EN_HAVE_AT_TWO = re.compile(r"(?P<head>(?:i|we)\s+(?:have|have\s+got|'ve\s+got|got)\s+(?:a|an|another|my|our|the)\s+[^,.;]+?)"
                             r"\s+at\s+(?P<a>" + _EN_AT_CLOCK + r")\s*,?\s+and\s+(?:another\s+(?:one\s+)?)?(?:at\s+)?"
                             r"(?P<b>" + _EN_AT_CLOCK + r")(?P<tail>\s+(?:today|tomorrow|tonight|on\s+\w+day|\w+day))?",
                             re.IGNORECASE)


def _each_time_said_en(clause: str, start: int, end: int) -> list[str]:
    """`each_time_said` of English: "… at 8am and 8pm every day" -> "… at 8am every day", "… at 8pm every day";
    "i have a meeting at 11 and at 3" -> "i have a meeting at 11", "i have a meeting at 3"."""
    if (two := _EN_HAVE_AT_TWO.fullmatch(clause.strip().rstrip(".!"))) is not None and repeat_in(clause) is None:
        tail = two["tail"] or ""
        return [f"{two['head']} at {two['a']}{tail}", f"{two['head']} at {two['b']}{tail}"]
    at = re.match(r"(?i)at\s+", clause[start:end])
    region = clause[start + (at.end() if at else 0):end]
    joined = _joined_clocks(region, _EN_CLOCK, _EN_BETWEEN)
    if joined is None or len(joined[0]) < 2 or joined[1].strip():
        return []
    clocks = joined[0]
    head, tail = clause[:start].rstrip(), clause[end:].lstrip()
    rule = repeat_in(f"{head} {tail}")
    if rule is None or rule.days != EVERY_DAY or rule.stepped or rule.at is not None:
        return []
    return [" ".join(part for part in (head, f"at {m.group(0)}", tail) if part) for m in clocks]


_KO_TIMES_A_DAY = re.compile(r"하루(?:에)?\s*(?:두|세|네|2|3|4)\s*(?:번|차례)(?:씩)?")


def times_a_day_said(action: str) -> bool:
    """"약을 하루에 세 번 먹기": a count of times a day said with no times."""
    return _KO_TIMES_A_DAY.search(action) is not None


def ko_times_only(text: str) -> list[str]:
    """The Korean clock times of an answer that says nothing else ("아침 여덟 시, 점심 한 시, 저녁 일곱 시요"), or []."""
    text = re.sub(r"(?:에|쯤)?(?:이요|에요|예요|요)?$", "", text.strip(" .!~"))
    joined = _joined_clocks(text, _KO_CLOCK, _KO_BETWEEN)
    if joined is None or joined[1].strip():
        return []
    return [m.group(0).strip() for m in joined[0]]


def without_times_a_day(action: str) -> str:
    """"하루 세 번 약 먹기" -> "약 먹기": the count is said by the times each kept (`each_time_said`)."""
    action = _KO_CLOCK_JOINED.sub("", action)   # "2시하고 면접" of "금요일 2시하고 4시에 면접 있어" (round 65)
    return " ".join(_KO_TIMES_A_DAY.sub("", action).split()) or action


_KO_CLOCK_JOINED = re.compile(r"^(?:\d{1,2}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열한|열두|열)\s*시(?:\s*반|\s*\d{1,2}\s*분)?"
                              r"(?:이랑|랑|하고|와|과)\s+")


# ---------------------------------------------------------------- said back

def describe(repeat: Repeat, lang: Lang) -> str:
    """"every day", "every weekday", "every Monday and Thursday", "every month"; "매일", "평일마다", "매주 월·목요일"."""
    if repeat.stepped:
        return _describe_step(repeat, lang)
    if lang == "ko":
        if repeat.monthly:
            if repeat.month_day == 31:   # it falls on the last day of a shorter month: "매달 말일" (the sixty-third session)
                return "매달 말일"
            return f"매달 {repeat.month_day}일" if repeat.month_day else "매달"
        if not repeat.days:
            return "매주"
        return {EVERY_DAY: "매일", WEEKDAYS: "평일마다", WEEKEND: "주말마다"}.get(
            repeat.days, "매주 " + "·".join(_KO_NAMES[d] for d in sorted(repeat.days)) + "요일")
    if repeat.monthly:
        return f"every month on the {_ordinal(repeat.month_day)}" if repeat.month_day else "every month"
    named = {EVERY_DAY: "every day", WEEKDAYS: "every weekday", WEEKEND: "every weekend"}.get(repeat.days)
    if named is not None:
        return named
    days = [_EN_NAMES[d] for d in sorted(repeat.days)] or ["week"]
    return "every " + (days[0] if len(days) == 1 else ", ".join(days[:-1]) + " and " + days[-1])


def _describe_step(repeat: Repeat, lang: Lang) -> str:
    """"every 2 hours", "every other day", "every 3 weeks", "every year"; "2시간마다", "이틀마다", "3주마다", "매년"."""
    n, unit = repeat.step, repeat.unit
    if lang == "ko":
        if repeat.yearly:
            return "매년"
        if (n, unit) == (1, "h"):
            return "매시간"
        if unit == "d" and n in (2, 3, 4):
            return {2: "이틀마다", 3: "사흘마다", 4: "나흘마다"}[n]
        if (n, unit) == (2, "w"):
            return "격주로"
        return f"{n}{_KO_UNIT_WORDS[unit]}마다"
    if repeat.yearly:
        return "every year"
    word = {"m": "minute", "h": "hour", "d": "day", "w": "week"}[unit]
    if n == 1:
        return f"every {word}"
    if n == 2 and unit in ("d", "w"):
        return f"every other {word}"
    return f"every {n} {word}s"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
