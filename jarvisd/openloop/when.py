"""When is it due? The time a user said, in English or Korean, resolved as pure code.

The agenda computes a promise's due from the user's own words, without a language model and without
`dateparser` (measured wrong here: "tonight by 9" -> 09:00, Korean mostly nothing). This is a small
bilingual grammar: each rule is one compiled regex plus a function that says what its match means. A
scan keeps the longest match at each place; matches that touch (only spaces or commas between) form one
expression, whose characters are the spans a caller cuts out to keep the action.

Decisions (the reference `now` of the examples is Tuesday 2026-12-01 09:00):
- A day said without a clock time is due at 23:59 that day (`has_time` False).
- A weekday alone is its next occurrence, today included ("by Tuesday" said on Tuesday = today);
  "this Friday" / "이번 주 금요일" is this week's (Monday to Sunday) even if already past;
  "next Wednesday" / "다음 주 수요일" / "다음 수요일" is that weekday in the following week.
- A span's due is its end: "this weekend" -> Sunday, "next week" -> next week's Sunday, "by the end of
  the month" / "월말" -> its last day, "in May" / "5월에" -> May 31. "before <a day>" / "<day> 전에" is the
  day before; "before <a clock time>" is that time ("before noon" -> 12:00).
- Hours without am/pm follow HOUR_TABLE in `when_words` (bare 1-6 -> pm; 7-11 -> the next of am/pm to
  come on that day, so at 09:00 "today at 8" -> 20:00 but "tomorrow at 8" -> 08:00; 12 -> noon;
  "midnight" / "자정" / "밤 12시" end the named day). A clock time with no day is its next occurrence.
- A relative amount in hours or minutes is exact ("in two hours" -> 11:00, has_time); in days, weeks,
  months or years it names a day ("in a week" -> 2026-12-08, day only).
- Not times: bare numbers ("3 kids", "page 5"), durations ("2시간짜리 회의", "4일 동안"), possessive or
  plural weekdays ("Friday's meeting notes", "on Fridays"), "May" unless capitalized with a day number
  or after in/by, a part of the day alone ("every morning"), slashed dates that cannot be (2/30: not a
  date). Bare "N일 전" is N days ago; "N일 전까지" is before the Nth.
- Several days said: a calendar date wins, else the first. Several clock times: the first.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone

from jarvisd.openloop import when_words as w

__all__ = ["ImpossibleTime", "When", "cut_spans", "resolve_time", "time_spans"]

YEARS_AHEAD = 10      # further than this is no one's due
OLDEST_YEAR = 1900    # an explicit year before this is no one's due either


@dataclass(frozen=True)
class When:
    at: datetime                        # aware, in now's zone; a day without a clock time -> 23:59
    has_time: bool                      # a clock time or a relative amount ("in two hours") was said
    spans: tuple[tuple[int, int], ...]  # [start, end) of the text that expressed the time


class ImpossibleTime(ValueError):
    """The words name a time that cannot be or that no one means (February 30, 25:00, 13 pm, year
    9999, more than ten years ahead). `.reason` is a short sentence for the user, `.reason_ko` the same
    in Korean."""

    def __init__(self, reason: str, reason_ko: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.reason_ko = reason_ko


DayFn = Callable[[date], date]  # today -> the day meant


@dataclass(frozen=True, slots=True)
class _Meaning:
    day: DayFn | None = None
    exact: bool = False                       # a calendar date: wins over other days said
    before: bool = False                      # "before Friday" -> Thursday
    clock: tuple[int, int, str] | None = None  # hour, minute, cue: "am" | "pm" | "24" | "" (bare)
    part: str | None = None                   # a HOUR_TABLE key
    minutes: float | None = None              # an exact relative amount ("in two hours")


@dataclass(frozen=True, slots=True)
class _Mention:
    start: int
    end: int
    meaning: _Meaning


_RULES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], _Meaning | None]]] = []


def _rule(*patterns: str, flags: int = re.IGNORECASE):
    """Register a handler for one or more patterns; earlier rules win ties of the same length."""
    def register(fn: Callable[[re.Match[str]], _Meaning | None]):
        _RULES.extend((re.compile(p, flags), fn) for p in patterns)
        return fn
    return register


# ---------------------------------------------------------------- impossible

def _too_far() -> ImpossibleTime:
    return ImpossibleTime(f"That is more than {YEARS_AHEAD} years away, too far to keep on the agenda.",
                          f"{YEARS_AHEAD}년보다 먼 때라서 기한으로 잡을 수 없어요.")


def _check_year(y: int) -> None:
    if y < OLDEST_YEAR:
        raise ImpossibleTime(f"The year {y} can't be a due date.", f"{y}년은 기한이 될 수 없어요.")


def _check_month_day(mo: int, d: int) -> None:
    if not 1 <= mo <= 12:
        raise ImpossibleTime(f"There is no month {mo}.", f"{mo}월은 없어요.")
    if not 1 <= d <= (29 if mo == 2 else calendar.monthrange(2001, mo)[1]):
        raise ImpossibleTime(f"{w.EN_MONTH_NAMES[mo - 1]} has no day {d}.", f"{mo}월에는 {d}일이 없어요.")


# ---------------------------------------------------------------- day arithmetic

def _plus_days(today: date, n: int) -> date:
    try:
        return today + timedelta(days=n)
    except OverflowError:
        raise _too_far() from None


def _plus_months(today: date, n: int) -> date:
    y, m = divmod(today.month - 1 + n, 12)
    y += today.year
    if not 1 <= y <= 9999:
        raise _too_far()
    return date(y, m + 1, min(today.day, calendar.monthrange(y, m + 1)[1]))


def _month_end(y: int, mo: int) -> date:
    return date(y, mo, calendar.monthrange(y, mo)[1])


def _never(today: date) -> date:
    raise _too_far()


def _offset(n: int) -> DayFn:
    return lambda today: _plus_days(today, n)


def _weekday(wd: int, week: str | None) -> DayFn:
    """week: None = the next one (today counts), "this"/"next"/"after"/"last" week's, "prev" = the
    latest before today."""
    def resolve(today: date) -> date:
        monday = today - timedelta(days=today.weekday())
        if week is None:
            return today + timedelta(days=(wd - today.weekday()) % 7)
        if week == "prev":
            return today - timedelta(days=(today.weekday() - wd - 1) % 7 + 1)
        return monday + timedelta(days=7 * {"this": 0, "next": 1, "after": 2, "last": -1}[week] + wd)
    return resolve


def _week_end(ahead: int) -> DayFn:
    return lambda today: today + timedelta(days=6 - today.weekday() + 7 * ahead)


def _months_end(ahead: int) -> DayFn:
    def resolve(today: date) -> date:
        d = _plus_months(today.replace(day=1), ahead)
        return _month_end(d.year, d.month)
    return resolve


def _named_month(mo: int, first: bool = False) -> DayFn:
    """The next such month (this one counts): its last day, or its first for "before June"."""
    def resolve(today: date) -> date:
        y = today.year + (mo < today.month)
        return date(y, mo, 1) if first else _month_end(y, mo)
    return resolve


def _year_end(y: int | None = None, ahead: int = 0) -> DayFn:
    def resolve(today: date) -> date:
        year = today.year + ahead if y is None else y
        _check_year(year)
        if year > today.year + YEARS_AHEAD:
            raise _too_far()
        return date(year, 12, 31)
    return resolve


def _calendar_date(y: int | None, mo: int, d: int) -> DayFn:
    """A month and day (and year); without a year, the next such date (today counts)."""
    def resolve(today: date) -> date:
        _check_month_day(mo, d)
        if y is not None:
            _check_year(y)
            if y > today.year + YEARS_AHEAD:
                raise _too_far()
            if not calendar.isleap(y) and (mo, d) == (2, 29):
                raise ImpossibleTime(f"{y} has no February 29.", f"{y}년에는 2월 29일이 없어요.")
            return date(y, mo, d)
        for year in range(today.year, today.year + 9):
            if (mo, d) != (2, 29) or calendar.isleap(year):
                if (found := date(year, mo, d)) >= today:
                    return found
        raise _too_far()
    return resolve


def _day_of_month(d: int) -> DayFn:
    """"the 4th" / "4일": the next day with that number (today counts)."""
    def resolve(today: date) -> date:
        if not 1 <= d <= 31:
            raise ImpossibleTime(f"No month has a day {d}.", f"{d}일은 없는 날짜예요.")
        y, mo = today.year, today.month
        while d > calendar.monthrange(y, mo)[1] or date(y, mo, d) < today:
            y, mo = (y, mo + 1) if mo < 12 else (y + 1, 1)
        return date(y, mo, d)
    return resolve


def _relative(n: float, unit: str, sign: int = 1) -> _Meaning:
    """An amount of time from now: exact for hours and minutes, a day for the rest."""
    if unit in ("minute", "hour"):
        return _Meaning(minutes=sign * n * (60 if unit == "hour" else 1))
    if unit in ("month", "year"):
        months = round(n * (12 if unit == "year" else 1))
        return _Meaning(day=lambda today: _plus_months(today, sign * months))
    days = round(n * {"day": 1, "week": 7, "fortnight": 14}[unit])
    if days > 366 * (YEARS_AHEAD + 1):
        return _Meaning(day=_never)
    return _Meaning(day=_offset(sign * days))


# ---------------------------------------------------------------- numbers

def _en_number(s: str) -> float:
    s = s.lower().strip()
    if s[0].isdigit():
        return float(s)
    if s in ("a", "an"):
        return 1
    if s.startswith("half"):
        return 0.5
    if "couple" in s:
        return 2
    tens, _, unit = s.replace("-", " ").partition(" ")
    return w.EN_TENS.get(tens, 0) + w.EN_UNITS.get(unit or tens, 0)


def _ko_number(s: str) -> float:
    s = s.replace(" ", "")
    if s[0].isdigit():
        return float(s)
    if s in w.KO_DAY_COUNTS:
        return w.KO_DAY_COUNTS[s]
    if s[0] in w.KO_NATIVE_TENS or s in w.KO_NATIVE_UNITS or s[:2] in w.KO_NATIVE_UNITS:
        for tens, value in w.KO_NATIVE_TENS.items():
            if s.startswith(tens):
                return value + w.KO_NATIVE_UNITS.get(s[len(tens):], 0)
        return w.KO_NATIVE_UNITS[s]
    head, ten, tail = s.partition("십")
    if not ten:
        return w.KO_SINO_DIGITS[s]
    return 10 * w.KO_SINO_DIGITS.get(head, 1) + w.KO_SINO_DIGITS.get(tail, 0)


def _before(m: re.Match[str]) -> bool:
    g = m.groupdict()
    return (g.get("pre") or "").lower().startswith(("before", "prior")) or "전" in (g.get("tail") or "")


# ---------------------------------------------------------------- English rules

PRE = r"\b" + w.EN_PRE
AMOUNT = rf"(?P<amt>\d{{1,4}}(?:\.\d{{1,2}})?|a\s+couple\s+of|couple\s+of|half\s+an?|an?|{w.EN_NUMBER})"


@_rule(rf"\b(?:in|within)\s+{AMOUNT}\s+{w.EN_REL_UNIT}(?P<half>\s+and\s+a\s+half)?(?:\s+from\s+now\b)?",
       rf"\b{AMOUNT}\s+{w.EN_REL_UNIT}(?P<half>\s+and\s+a\s+half)?\s+(?P<dir>from\s+now|later|ago)\b")
def _en_relative(m: re.Match[str]) -> _Meaning:
    unit = m["unit"].lower().rstrip("s")
    n = _en_number(m["amt"]) + (0.5 if m["half"] else 0)
    sign = -1 if (m.groupdict().get("dir") or "").lower() == "ago" else 1
    return _relative(n, w.EN_UNIT.get(unit, unit), sign)


@_rule(PRE + r"(?P<w>(?:the\s+)?day\s+after\s+tomorrow|today|tonight|tomorrow|tmrw|yesterday|last\s+night)\b")
def _en_day_word(m: re.Match[str]) -> _Meaning:
    word = " ".join(m["w"].lower().split())
    night = word in ("tonight", "last night")
    return _Meaning(day=_offset(w.EN_DAY_WORDS[word]), before=_before(m), part="night" if night else None)


_EN_WEEK = {"this": "this", "this coming": None, "coming": None, "next": "next", "last": "prev", "past": "prev"}


@_rule(PRE + rf"(?:(?P<mod>this\s+coming|this|next|coming|last|past)\s+)?(?P<wd>{w.EN_WEEKDAY})"
       rf"(?:\s+(?P<wk>next|this)\s+week\b)?",
       PRE + rf"(?P<wk>next|this)\s+week(?:['’]s)?\s+(?:on\s+)?(?P<wd>{w.EN_WEEKDAY})")
def _en_weekday(m: re.Match[str]) -> _Meaning:
    g = m.groupdict()
    mod = " ".join((g.get("wk") or g.get("mod") or "").lower().split())
    week = _EN_WEEK.get(mod) if mod else None
    return _Meaning(day=_weekday(w.EN_WEEKDAYS[m["wd"].lower()], week), before=_before(m))


@_rule(PRE + rf"(?P<mon>{w.EN_MONTH})\s?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?::|[ap]\.?m\b))"
       r"(?:,?\s+(?P<y>\d{4})\b)?",
       PRE + rf"(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{w.EN_MONTH})"
       r"(?:,?\s+(?P<y>\d{4})\b)?",
       PRE + r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})\b")
def _en_date(m: re.Match[str]) -> _Meaning:
    g = m.groupdict()
    mo = int(g["mo"]) if g.get("mo") else w.EN_MONTHS[m["mon"][:3].lower()]
    y = int(g["y"]) if g.get("y") else None
    return _Meaning(day=_calendar_date(y, mo, int(m["d"])), exact=True, before=_before(m))


@_rule(PRE + r"(?<![\d/.-])(?P<mo>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{4}))?(?![\d/])")
def _en_slash_date(m: re.Match[str]) -> _Meaning | None:
    """US order; a slashed pair that cannot be a date (2/30, 13/5) is not taken for one."""
    mo, d = int(m["mo"]), int(m["d"])
    if not 1 <= mo <= 12 or not 1 <= d <= calendar.monthrange(2000, mo)[1]:
        return None
    return _en_date(m)


@_rule(r"\b(?P<pre>by|on|before|prior\s+to|until|till|til|due)\s+the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b")
def _en_ordinal(m: re.Match[str]) -> _Meaning:
    return _Meaning(day=_day_of_month(int(m["d"])), exact=True, before=_before(m))


@_rule(rf"\b(?P<pre>in|by|before|until|till|during|(?:by\s+)?(?:the\s+)?end\s+of)\s+(?P<mon>{w.EN_MONTH_FULL})"
       r"(?!\s*\d)")
def _en_month(m: re.Match[str]) -> _Meaning:
    before = _before(m)
    return _Meaning(day=_named_month(w.EN_MONTHS[m["mon"][:3].lower()], first=before), before=before)


@_rule(r"\b(?:(?P<pre>in|by|before|until|during)\s+(?:the\s+year\s+)?|year\s+)(?P<y>\d{4})\b(?![-/:.]\d)")
def _en_year(m: re.Match[str]) -> _Meaning:
    y = int(m["y"])
    return _Meaning(day=_year_end(y - 1 if _before(m) else y))


@_rule(r"\b(?:(?P<pre>by|before|until|till|at|for|over|during|sometime|later|within|on)\s+)?(?:the\s+)?"
       r"(?:(?:end|close)\s+of\s+(?:the\s+|this\s+|(?P<nx>next)\s+)?(?P<u>day|today|business\s+day|week|month|year)"
       r"|(?P<w>this|next|last)\s+(?P<u2>week(?:end)?|month|year)|(?P<u3>weekend|eod|cob|eow|eom))\b")
def _en_period(m: re.Match[str]) -> _Meaning:
    unit = (m["u"] or m["u2"] or m["u3"]).lower().split()[-1]
    ahead = {"this": 0, "next": 1, "last": -1}[(m["w"] or ("next" if m["nx"] else "this")).lower()]
    unit = {"today": "day", "eod": "day", "cob": "day", "eow": "week", "eom": "month"}.get(unit, unit)
    fn = {"day": lambda a: _offset(0), "week": _week_end, "weekend": _week_end,
          "month": _months_end, "year": lambda a: _year_end(ahead=a)}[unit](ahead)
    return _Meaning(day=fn)


_CLOCK_TAIL = r"(?:\s+sharp\b)?"


@_rule(PRE + r"(?<![\d:])(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s?(?P<mer>[ap])(?:m|\.\s?m)\b"
       r"(?:\.(?=[ \t]+(?-i:[a-z0-9])))?" + _CLOCK_TAIL,
       PRE + r"(?<![\d:./])(?P<h>\d{1,2}):(?P<m>\d{2})(?![\d:])" + _CLOCK_TAIL,
       PRE + rf"(?P<h>\d{{1,2}}|{w.EN_HOUR_WORD})\s+o['’]?clock\b" + _CLOCK_TAIL)
def _en_clock(m: re.Match[str]) -> _Meaning:
    g = m.groupdict()
    h = int(m["h"]) if m["h"].isdigit() else w.EN_UNITS[m["h"].lower()]
    minute = g.get("m")
    cue = (g.get("mer") or "").lower() + ("m" if g.get("mer") else "")
    if not cue and (h > 12 or h == 0 or (minute is not None and m["h"].startswith("0"))):
        cue = "24"
    return _Meaning(clock=(h, int(minute or 0), cue))


@_rule(r"\b(?P<pre>at|by|before|until|till|after|(?:at\s+)?around|(?:at\s+)?about)\s+(?P<h>\d{1,2})\b"
       + w.EN_NOT_UNIT,
       r"\b(?P<pre>at|by|before|until|till|(?:at\s+)?around)\s+(?P<h>" + w.EN_HOUR_WORD + r")"
       r"(?:[\s-](?P<mw>thirty|fifteen|forty[-\s]five))?"
       r"(?=\s*(?:$|[.,!?;]|tonight|tomorrow|today|this|in\s+the|on\b|and\b|then\b|sharp\b))")
def _en_bare_hour(m: re.Match[str]) -> _Meaning | None:
    """"at 8", "by 9", "at eight thirty": an hour only with a preposition, never a unit after it."""
    h = int(m["h"]) if m["h"].isdigit() else w.EN_UNITS[m["h"].lower()]
    if not 1 <= h <= 12:
        return None
    mw = (m.groupdict().get("mw") or "").replace("-", " ").split()
    return _Meaning(clock=(h, sum(w.EN_TENS.get(x, 0) + w.EN_UNITS.get(x, 0) for x in mw), ""))


@_rule(PRE + r"(?:12\s?)?(?P<w>noon|midday|midnight)\b",
       PRE + rf"(?P<q>half|quarter)\s+(?P<dir>past|after|to|till)\s+(?P<h>\d{{1,2}}|{w.EN_HOUR_WORD})\b")
def _en_named_clock(m: re.Match[str]) -> _Meaning:
    g = m.groupdict()
    if g.get("w"):
        return _Meaning(clock=(24, 0, "24") if m["w"].lower() == "midnight" else (12, 0, "24"))
    h = int(m["h"]) if m["h"].isdigit() else w.EN_UNITS[m["h"].lower()]
    minutes = 30 if m["q"].lower() == "half" else 15
    if m["dir"].lower() in ("to", "till"):
        h, minutes = (h - 1) or 12, 60 - minutes
    return _Meaning(clock=(h, minutes, ""))


@_rule(r"\b(?P<this>this\s+)?(?:(?:in|during)\s+the\s+|at\s+)?(?P<p>morning|afternoon|evening|night"
       r"|after\s+(?:work|school|lunch|dinner)|before\s+(?:work|lunch))\b")
def _en_part(m: re.Match[str]) -> _Meaning:
    return _Meaning(part=w.EN_PARTS[" ".join(m["p"].lower().split())], day=_offset(0) if m["this"] else None)


# ---------------------------------------------------------------- Korean rules

S, TAIL = w.KO_START, w.KO_TAIL


@_rule(S + r"(?:(?P<w>하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘|보름)|(?P<amt>\d{1,4}(?:\.\d)?|"
       + w.KO_NATIVE + "|" + w.KO_SINO + r")\s?" + w.KO_REL_UNIT + r"(?P<half>\s?반)?(?:\s?(?P<m>\d{1,2}|"
       + w.KO_SINO + r")\s?분)?)\s?" + w.KO_REL_DIR + TAIL)
def _ko_relative(m: re.Match[str]) -> _Meaning | None:
    unit = w.KO_UNIT[m["unit"]] if m["unit"] else "day"
    n = _ko_number(m["w"] or m["amt"]) + (0.5 if m["half"] else 0) + (_ko_number(m["m"]) / 60 if m["m"] else 0)
    if m["dir"] == "전":  # "3일 전" is three days ago; "30분 전에" is too often "before" something else
        return None if unit in ("hour", "minute") else _relative(n, unit, -1)
    return _relative(n, unit)


@_rule(S + r"(?P<w>내일\s?모레|오늘\s?밤|내일\s?밤|어젯밤|오늘(?!날)|내일|모레|글피|어제|그저께|그제(?!서야))" + TAIL)
def _ko_day_word(m: re.Match[str]) -> _Meaning:
    word = m["w"]
    part = "night" if word.endswith("밤") else None
    return _Meaning(day=_offset(w.KO_DAY_WORDS[word]), before=_before(m), part=part)


_KO_WEEK = {"이번주": "this", "이번": "this", "금주": "this", "다음주": "next", "다음": "next", "담주": "next",
            "다다음주": "after", "지난주": "last", "지난": "last", "저번주": "last", "저번": "last"}


@_rule(S + r"(?:(?P<mod>이번\s?주|이번|금주|다다음\s?주|다음\s?주|다음|담주|지난\s?주|지난|저번\s?주|저번)\s?)?"
       r"(?P<wd>[월화수목금토일])(?:요일|욜)" + TAIL)
def _ko_weekday(m: re.Match[str]) -> _Meaning:
    week = _KO_WEEK[m["mod"].replace(" ", "")] if m["mod"] else None
    return _Meaning(day=_weekday(w.KO_WEEKDAYS[m["wd"]], week), before=_before(m))


@_rule(S + r"(?:(?P<y>\d{4})\s?년\s?|(?P<ny>내년|올해)\s?)?(?P<mo>\d{1,2})\s?월\s?(?P<d>\d{1,2})\s?일(?![간째치])" + TAIL)
def _ko_date(m: re.Match[str]) -> _Meaning:
    y = int(m["y"]) if m["y"] else None
    mo, d = int(m["mo"]), int(m["d"])
    fn = _calendar_date(y, mo, d)
    if m["ny"]:
        def fn(today: date, ahead: int = m["ny"] == "내년") -> date:
            _check_month_day(mo, d)
            return _calendar_date(today.year + ahead, mo, d)(today)
    return _Meaning(day=fn, exact=True, before=_before(m))


@_rule(S + r"(?P<d>\d{1,2})\s?일(?=\s?(?:까지|에|전|이전|쯤|경|께|안에|은|는|도)|\s*$|\s*[.,!?]"
       r"|\s+(?:오전|오후|아침|저녁|밤|새벽|낮|점심|정오|자정|\d{1,2}\s?시))" + TAIL)
def _ko_day_of_month(m: re.Match[str]) -> _Meaning:
    return _Meaning(day=_day_of_month(int(m["d"])), exact=True, before=_before(m))


@_rule(S + r"(?P<mo>\d{1,2})\s?월(?!\s?\d)\s?(?P<end>말)?" + TAIL)
def _ko_month(m: re.Match[str]) -> _Meaning | None:
    if not (m["end"] or m["tail"]) or not 1 <= int(m["mo"]) <= 12:
        return None
    before = "전" in (m["tail"] or "")
    return _Meaning(day=_named_month(int(m["mo"]), first=before), before=before)


_KO_PERIOD = {"주말": (_week_end, 0), "이번주말": (_week_end, 0), "다음주말": (_week_end, 1), "담주주말": (_week_end, 1),
              "이번주": (_week_end, 0), "금주": (_week_end, 0), "다음주": (_week_end, 1), "담주": (_week_end, 1),
              "다다음주": (_week_end, 2), "지난주": (_week_end, -1), "저번주": (_week_end, -1),
              "이번달": (_months_end, 0), "이달": (_months_end, 0), "월말": (_months_end, 0),
              "다음달": (_months_end, 1), "담달": (_months_end, 1), "연말": (_year_end, 0), "올해": (_year_end, 0),
              "금년": (_year_end, 0), "내년": (_year_end, 1)}


@_rule(S + r"(?P<w>이번\s?주말|다음\s?주말|담주\s?주말|주말|다다음\s?주|이번\s?주|금주|다음\s?주|담주|지난\s?주|저번\s?주"
       r"|이번\s?달|이달|월말|다음\s?달|담달|연말|올해|금년|내년)(?:\s?말)?" + TAIL)
def _ko_period(m: re.Match[str]) -> _Meaning:
    make, ahead = _KO_PERIOD[m["w"].replace(" ", "")]
    return _Meaning(day=_year_end(ahead=ahead) if make is _year_end else make(ahead))


@_rule(S + r"(?P<y>\d{4})\s?년(?!\s?\d{1,2}\s?월)(?!\s?(?:뒤|후|전|동안|간|째))" + TAIL)
def _ko_year(m: re.Match[str]) -> _Meaning:
    return _Meaning(day=_year_end(int(m["y"])))


_KO_MINUTES = r"(?:\s?(?P<half>반)(?![납대찬값응드복성려갑])|\s?(?P<m>\d{1,2}|" + w.KO_SINO + r")\s?분(?!\s?(?:동안|간)))?"


@_rule(r"(?<!\d)(?P<h>\d{1,2})\s?시" + w.KO_AFTER_HOUR + _KO_MINUTES + r"(?:\s?정각)?" + TAIL,
       r"(?<![가-힣])(?P<h>" + w.KO_NATIVE + r")\s?시(?=$|[\s\d.,!?~]|반|에|까지|쯤|경|정각|전|부터|이후|께|엔)"
       + _KO_MINUTES + r"(?:\s?정각)?" + TAIL)
def _ko_clock(m: re.Match[str]) -> _Meaning:
    h = int(_ko_number(m["h"]))
    minute = 30 if m["half"] else int(_ko_number(m["m"])) if m["m"] else 0
    return _Meaning(clock=(h, minute, "24" if h == 0 or h > 12 else ""))


@_rule(S + r"(?P<w>정오|자정)" + TAIL)
def _ko_named_clock(m: re.Match[str]) -> _Meaning:
    return _Meaning(clock=(12, 0, "24") if m["w"] == "정오" else (24, 0, "24"))


@_rule(r"(?:(?<![가-힣])|(?<=오늘)|(?<=내일)|(?<=모레)|(?<=요일)|(?<=\d일))"
       r"(?P<p>오전|오후|아침|저녁|밤|새벽|낮|점심\s?먹고|점심|퇴근(?:\s?하고|\s?하면|\s?후에?|하자마자|길에?))"
       r"(?=$|[\s\d.,!?~]|에|엔|까지|쯤|부터|도)" + TAIL)
def _ko_part(m: re.Match[str]) -> _Meaning:
    word = m["p"]
    return _Meaning(part=w.KO_PARTS["점심 먹고" if "먹고" in word else word[:2] if word[:2] in w.KO_PARTS else word[:1]])


# ---------------------------------------------------------------- scan and resolve

def _scan(text: str) -> list[list[_Mention]]:
    """The longest match at each place, grouped where they touch; groups of only a part of the day
    ("every morning") are dropped."""
    found = []
    for order, (rx, fn) in enumerate(_RULES):
        for m in rx.finditer(text):
            if m.end() > m.start() and (meaning := fn(m)) is not None:
                found.append((m.start(), -m.end(), order, meaning))
    found.sort(key=lambda f: f[:3])
    groups: list[list[_Mention]] = []
    end = 0
    for start, neg_end, _, meaning in found:
        if start < end:
            continue
        mention = _Mention(start, -neg_end, meaning)
        if groups and not text[end:start].strip(" \t\n,"):
            groups[-1].append(mention)
        else:
            groups.append([mention])
        end = -neg_end
    return [g for g in groups if any(x.meaning.part is None or x.meaning.day for x in g)]


def time_spans(text: str) -> list[tuple[int, int]]:
    """The [start, end) ranges of `text` that say a time, particles included; never raises."""
    return [(g[0].start, g[-1].end) for g in _scan(text)]


def cut_spans(text: str, spans: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    """`text` without the spans, spaces tidied ("... application by Thursday at noon." -> "... application.")."""
    kept, at = [], 0
    for start, end in sorted(spans):
        kept.append(text[at:start])
        at = max(at, end)
    out = re.sub(r"\s+", " ", "".join(kept) + text[at:])
    return re.sub(r"\s+([.,!?;:])", r"\1", out).strip(" ,")


def _local(d: date, hour: int, minute: int, now: datetime) -> datetime:
    """That wall-clock time in now's zone; a time skipped by a DST change moves forward."""
    tz = now.tzinfo
    return datetime.combine(d, time(hour, minute), tzinfo=tz).astimezone(timezone.utc).astimezone(tz)


def _hour_choices(h: int, minute: int, cue: str, part: str | None) -> list[tuple[int, int]]:
    """(days after the named day, hour) candidates in order of preference; see HOUR_TABLE."""
    meridiem = cue if cue in ("am", "pm") else part if part in ("am", "pm") and cue != "24" else ""
    if minute > 59:
        raise ImpossibleTime(f"An hour has no minute {minute}.", f"{minute}분은 없는 시각이에요.")
    if meridiem and not 1 <= h <= 12:
        ko = "오후" if meridiem == "pm" else "오전"
        raise ImpossibleTime(f"{h} {meridiem} is not a time of day.", f"{ko} {h}시는 없는 시각이에요.")
    if h > 24 or (h == 24 and minute):
        raise ImpossibleTime(f"A day has no hour {h}:{minute:02d}.", f"하루에 {h}시 {minute}분은 없어요.")
    if cue == "24" or h == 0 or h > 12:
        return [(1, 0)] if h == 24 else [(0, h)]
    code = w.HOUR_TABLE[meridiem or part or ""][h - 1]
    return {"a": [(0, h % 12)], "p": [(0, h % 12 + 12)], "N": [(0, 12)], "z": [(0, 0)], "m": [(1, 0)],
            "n": [(1, h)], "?": [(0, h), (0, h + 12)]}[code]


def _clock_at(clock: tuple[int, int, str], part: str | None, day: date | None, now: datetime) -> datetime:
    """A named other day takes the first choice; today or no day takes the next choice to come."""
    h, minute, cue = clock
    choices = _hour_choices(h, minute, cue, part)
    today = now.date()
    if day is not None and day != today:
        return _local(day + timedelta(days=choices[0][0]), choices[0][1], minute, now)
    times = [_local(today + timedelta(days=off), hour, minute, now) for off, hour in choices]
    upcoming = [t for t in times if t >= now]
    if upcoming:
        return upcoming[0]
    if day is None:
        return _local(today + timedelta(days=1 + choices[0][0]), choices[0][1], minute, now)
    return times[-1]


def resolve_time(text: str, now: datetime) -> When | None:
    """The time `text` names, relative to the aware `now`; None if it names none.

    Raises ImpossibleTime for a time that cannot be (February 30, 25:00, 13 pm) or that no one
    means (more than ten years ahead)."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be an aware datetime")
    groups = _scan(text)
    if not groups:
        return None
    spans = tuple((g[0].start, g[-1].end) for g in groups)
    mentions = [x for g in groups for x in g]
    rel = next((x.meaning.minutes for x in mentions if x.meaning.minutes is not None), None)
    if rel is not None:
        if abs(rel) > YEARS_AHEAD * 366 * 1440:
            raise _too_far()
        at = (now.astimezone(timezone.utc) + timedelta(minutes=rel)).astimezone(now.tzinfo)
        return When(at, True, spans)
    today = now.date()
    days = [x for x in mentions if x.meaning.day is not None]
    day_m = next((x for x in days if x.meaning.exact), days[0] if days else None)
    day = None
    if day_m is not None:
        day = day_m.meaning.day(today)  # type: ignore[misc]
        if day > _year_later(today):
            raise _too_far()
        if day_m.meaning.before:
            day -= timedelta(days=1)
    clock_m = next((x for x in mentions if x.meaning.clock is not None), None)
    if clock_m is None:
        return When(_local(day, 23, 59, now), False, spans) if day else None
    group = next(g for g in groups if clock_m in g)
    day_group = next((g for g in groups if day_m in g), [])
    part = next((x.meaning.part for x in group + day_group if x.meaning.part), None)
    return When(_clock_at(clock_m.meaning.clock, part, day, now), True, spans)  # type: ignore[arg-type]


def _year_later(today: date) -> date:
    y = today.year + YEARS_AHEAD
    return date(y, today.month, min(today.day, calendar.monthrange(y, today.month)[1])) if y <= 9999 else date.max

