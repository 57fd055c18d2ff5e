"""When is it due? The time a user said, in English or Korean, resolved as pure code.

The agenda computes a promise's due from the user's own words, without a language model and without
`dateparser` (measured wrong here: "tonight by 9" -> 09:00, Korean mostly nothing). This is a small
bilingual grammar: each rule is a handler plus regex patterns (in `when_words`) saying what a match
means. A scan keeps the longest match at each place; matches that touch (only spaces or commas between)
form one expression, whose characters are the spans a caller cuts out to keep the action.

Decisions (examples at `now` = Tuesday 2026-12-01 09:00):
  said                                   due
  a day, no clock time                   that day 23:59, has_time False
  "Friday", "by Friday", "금요일까지"      the next one, today counts ("by Tuesday" on a Tuesday = today)
  "this Friday", "이번 주 금요일"          this week's (Mon-Sun), even if past
  "next Wed", "다음 주 수요일", "다음 수요일" the Wednesday of the following week (12-09)
  "this weekend" / "next week" / 월말     the span's end: Sunday 12-06 / Sunday 12-13 / 12-31
  "in May", "5월에", "by end of May"       May 31 (the next May)
  "before Dec 15", "12월 15일 전에"         the day before (12-14); "before noon" -> 12:00 (a clock
                                         time is a deadline as said)
  bare hour (no am/pm)                   HOUR_TABLE in when_words: 1-6 pm; 7-11 the next of am/pm to
                                         come on that day ("today at 8" -> 20:00, "tomorrow at 8" ->
                                         08:00); 12 noon; evening words (tonight, after work, 저녁,
                                         밤, 퇴근하고) make it pm; "midnight"/자정/밤 12시 end the day
  a clock time, no day                   its next occurrence ("at 7 am" at 09:00 -> tomorrow 07:00)
  "in two hours", "30분 후에"              exact (elapsed time, DST-proof), has_time True
  "in 2 days", "일주일 뒤", "in a month"    that day, no time
  "3일 전" / "4일 전까지"                   three days ago / before the 4th (the 3rd)
  several days / several clock times     a calendar date wins, else the first said / the first said
Not times: bare numbers ("3 kids", "page 5", "at 8 percent"), durations ("2시간짜리 회의", "4일 동안",
"30분 동안"), possessive or plural weekdays ("Friday's meeting notes", "on Fridays"), "may" unless
"May" with a day number or after in/by, a part of the day alone ("every morning", "오후에"), a slashed
pair that cannot be a date ("2/30"), "N분/N시간 전에" (too often before something else).
Impossible (ImpossibleTime): February 30, 4월 31일, 25:00, 25시, 13 pm, 오후 13시, minute 60+, year
before 1900, more than YEARS_AHEAD (10) years ahead (year 9999, "in 11 years").
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from jarvisd.language import has_hangul
from jarvisd.openloop import when_patterns as wp
from jarvisd.openloop import when_words as w
from jarvisd.openloop.when_words import YEARS_AHEAD, DayFn, ImpossibleTime

__all__ = ["ImpossibleTime", "When", "cut_spans", "resolve_time", "time_spans"]


@dataclass(frozen=True)
class When:
    at: datetime                        # aware, in now's zone; a day without a clock time -> 23:59
    has_time: bool                      # a clock time or a relative amount ("in two hours") was said
    spans: tuple[tuple[int, int], ...]  # [start, end) of the text that expressed the time
    day_said: bool = False              # a day was named (not today by default)


@dataclass(frozen=True, slots=True)
class _Meaning:
    day: DayFn | None = None
    exact: bool = False                       # a calendar date: wins over other days said
    before: bool = False                      # "before Friday" -> Thursday
    clock: tuple[int, int, str] | None = None  # hour, minute, cue: "am" | "pm" | "24" | "" (bare)
    part: str | None = None                   # a HOUR_TABLE key
    minutes: float | None = None              # an exact relative amount ("in two hours")
    ago: bool = False                         # "3일 전에", "2 days ago": never a due ("8일 전에" is then the 8th)
    today_alone: bool = False                 # "after dinner" with no day said is today's
    part_as_when: bool = False                # "저녁에", "in the evening": the part said as the time of a deed
    any_day: bool = False                     # "end of day": today, or the day said right with it ("… on Friday")
    month_day: int | None = None              # "the 5th", "5일": a day of the month with no month said
    month_ahead: int | None = None            # "next month", "다음 달": the month a day of the month is in


@dataclass(frozen=True, slots=True)
class _Mention:
    start: int
    end: int
    meaning: _Meaning


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
# Fullwidth ASCII ("３ｐｍ", "１２：３０") read as ASCII, one character for one, so spans stay true.
_FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
_MAY = re.compile(r"\bmay\b")
_EN_BEFORE = re.compile(w.EN_BEFORE)
_EN_AFTER = re.compile(w.EN_AFTER)
_KO_END = re.compile(r"(?<!주)말")  # 월말, 이달 말 (주말 is the weekend)
_SAID_BEFORE = re.compile(r"\b(?:before|prior\s+to)\s+(?:the\s+)?$")
Handler = Callable[[re.Match[str]], _Meaning | None]
_RULES: list[tuple[frozenset[str], re.Pattern[str], str, Handler]] = []  # triggers, pattern, start, handler


def _rule(*patterns: tuple[tuple[str, ...], str]) -> Callable[[Handler], Handler]:
    """Register a handler for (triggers, pattern) pairs; earlier rules win ties of the same length."""
    def register(fn: Handler) -> Handler:
        for triggers, p in patterns:
            start = w.EN_WORD if p.startswith(w.EN_WORD) else w.KO_WORD if p.startswith(w.KO_WORD) else ""
            _RULES.append((frozenset(triggers), re.compile(p[len(start):]), start, fn))
        return fn
    return register


def _starts_word(text: str, at: int, kind: str) -> bool:
    """The start check a pattern's marker asks for (EN_WORD: a word boundary; KO_WORD: not inside a
    Korean word or number, unless right after 오늘/내일/모레/요일/N일, or a part of the day: "내일오후세시에회의" typed
    without spaces, the fifty-seventh session: only 내일 was read, and the turn went to the model)."""
    if at == 0 or not kind:
        return True
    c = text[at - 1]
    if kind == w.EN_WORD:
        return not (c.isalnum() or c == "_")
    return not ("가" <= c <= "힣" or c.isdigit()) or \
        text.endswith(("오늘", "내일", "모레", "요일", "일", "오전", "오후", "아침", "저녁", "새벽"), 0, at)


_MORE_PART = re.compile(wp.MORE_PART)  # "... and 30 minutes", "..., 2 months"


# ---------------------------------------------------------------- the rules (patterns in when_words)

def _before(m: re.Match[str]) -> bool:
    """"before Friday", "prior to the 4th", "금요일 전에": the day before is the due."""
    g = m.groupdict()
    if (g.get("pre") or "").startswith(("before", "prior")) or "전" in (g.get("tail") or ""):
        return True
    return _SAID_BEFORE.search(m.string, max(0, m.start() - 16), m.start()) is not None


def _hour(s: str) -> int:
    return int(s) if s.isdigit() else w.EN_UNITS.get(s.lower()) or int(w.ko_number(s))


def _minute_words(said: str) -> int:
    """The minutes said after an hour word: "thirty", "forty-five", "forty five"; 0 when none."""
    return int(w.en_number(said.replace(" ", "-"))) if said else 0


_MOST_MINUTES = YEARS_AHEAD * 366 * 1440


@_rule(*wp.RELATIVE)
def _relative_amount(m: re.Match[str]) -> _Meaning | None:
    """"in two hours", "두 시간 뒤에", "이틀 뒤", "2 days ago", "3일 전"."""
    # the Korean rule's match always holds Hangul (its unit or 뒤/후/전); an English one may hold digits of another
    # script ("in ٣ hours"), which are not Korean: read by "not ASCII", they were looked up among the Korean units
    korean = has_hangul(m[0])
    if korean:
        unit = w.KO_UNIT[m["unit"]] if m["unit"] else "day"
        n = w.ko_number(m["w"] or m["amt"]) + (w.ko_number(m["m"]) / 60 if m["m"] else 0)
    else:
        unit = w.EN_UNIT.get(u := m["unit"].lower().rstrip("s"), u)
        n = w.en_number(m["amt"])
    ago = (m.groupdict().get("dir") or "").lower() in ("ago", "전")
    if ago and korean and unit in ("hour", "minute"):
        return None  # "3일 전" is three days ago, but "30분 전에" is too often before something else
    # "in an hour and a half", "in two and a half minutes" (pass 42b: the second was no time, and no timer was set)
    parts = [(n + (0.5 if m["half"] or m.groupdict().get("half_said") else 0), unit)]
    for more in _MORE_PART.finditer(m.groupdict().get("more") or ""):
        parts.append((w.en_number(more["amt"]), w.EN_UNIT.get(u := more["unit"].rstrip("s"), u)))
    if any(amount > _MOST_MINUTES for amount, _ in parts):   # "in 99999999 days": past ten years in any
        return _Meaning(minutes=(-1 if ago else 1) * (_MOST_MINUTES + 1.0))   # unit; resolve_time refuses it
    minutes, day = w.amount_from_now(parts, -1 if ago else 1)
    meaning = _Meaning(minutes=minutes, day=day)
    return replace(meaning, ago=True) if ago else meaning


@_rule(*wp.DAY_WORD)
def _day_word(m: re.Match[str]) -> _Meaning:
    word = " ".join(m["w"].lower().split())
    night = word in ("tonight", "last night") or word.endswith("밤")
    days = w.EN_DAY_WORDS.get(word, w.KO_DAY_WORDS.get(word, 0))
    if m.groupdict().get("n"):         # "a week from tomorrow"
        days += 7 * int(w.en_number(m["n"]))
    return _Meaning(day=w.offset(days), before=_before(m), part="night" if night else None)


# "bring the banner to saturday's game" (the sixty-first session's club organiser: to SmolLM2): a thing taken to an
# event on that day is due that day; an event of one word, so "add it to Friday's meeting notes" names a thing
_TO_EVENT = re.compile(r"\b(?:to|for|at)\s+$")
_EVENTS_GONE_TO = frozenset("game match practice meeting party dinner lunch show recital rehearsal tournament race class "
                            "picnic potluck fundraiser parade concert service".split())
_DEADLINE_WORD = re.compile(r"\b(?:before|prior\s+to|until|till|by|ahead\s+of)\s+$")


_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1,
        "첫째": 1, "첫번째": 1, "둘째": 2, "두번째": 2, "셋째": 3, "세번째": 3, "넷째": 4, "네번째": 4, "다섯째": 5,
        "마지막": -1}


def nth_weekday_in(year: int, month: int, nth: int, wd: int) -> date:
    """The `nth` weekday `wd` (Monday = 0) of a month; -1 for its last."""
    if nth < 0:
        last = date(year, month, calendar.monthrange(year, month)[1])
        return last - timedelta(days=(last.weekday() - wd) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(wd - first.weekday()) % 7 + 7 * (nth - 1))


def _nth_weekday(nth: int, wd: int, next_month: bool) -> Callable[[date], date]:
    def day(today: date) -> date:
        y, mo = (today.year + today.month // 12, today.month % 12 + 1) if next_month else (today.year, today.month)
        found = nth_weekday_in(y, mo, nth, wd)
        if found < today and not next_month:   # this month's is gone: next month's
            y, mo = today.year + today.month // 12, today.month % 12 + 1
            found = nth_weekday_in(y, mo, nth, wd)
        return found
    return day


def last_day_in(year: int, month: int, weekday: bool) -> date:
    """A month's last day, or its last weekday (Monday to Friday)."""
    last = date(year, month, calendar.monthrange(year, month)[1])
    return last - timedelta(days=max(0, last.weekday() - 4)) if weekday else last


def _last_of_month(weekday: bool, next_month: bool) -> Callable[[date], date]:
    def day(today: date) -> date:
        y, mo = (today.year + today.month // 12, today.month % 12 + 1) if next_month else (today.year, today.month)
        found = last_day_in(y, mo, weekday)
        if found < today and not next_month:   # this month's is gone: next month's
            found = last_day_in(today.year + today.month // 12, today.month % 12 + 1, weekday)
        return found
    return day


@_rule(*wp.WEEKDAY)
def _weekday_said(m: re.Match[str]) -> _Meaning:
    g = m.groupdict()
    mod = re.sub(r"\s", "", (g.get("wk") or g.get("mod") or "").lower())
    if g.get("last"):                  # "the last weekday of the month": the next one (this month's, or next month's)
        return _Meaning(day=_last_of_month(g["kind"].lower() != "day", bool(g.get("nm"))), before=_before(m))
    wd = w.KO_WEEKDAYS.get(m["wd"]) or w.EN_WEEKDAYS.get(m["wd"].lower(), 0)
    if g.get("event"):                 # "before Friday's debrief": due at the event, not the day before;
        if not _DEADLINE_WORD.search(m.string, max(0, m.start() - 16), m.start()) \
                and not (_TO_EVENT.search(m.string, max(0, m.start() - 8), m.start()) and g["event"] in _EVENTS_GONE_TO):
            return None                # "Friday's meeting notes" name a thing
        return _Meaning(day=w.weekday(wd, None))
    if g.get("nth"):                   # "the third Thursday of the month": the next one (this month's, or next month's)
        return _Meaning(day=_nth_weekday(_NTH[re.sub(r"\s", "", g["nth"].lower())], wd, bool(g.get("nm"))), before=_before(m))
    if g.get("dom"):                   # "Monday the 7th": the 7th (the next one), as "on the 7th"
        d = int(g["dom"])
        return _Meaning(day=w.day_of_month(d), exact=True, before=_before(m), month_day=d)
    day = w.weekday(wd, w.WEEK_MODS.get(mod) if mod else None)
    if g.get("n"):                     # "a week from Friday": that Friday, a week on
        weeks = int(w.en_number(g["n"]))
        return _Meaning(day=lambda today, first=day: w.plus_days(first(today), 7 * weeks), before=_before(m))
    return _Meaning(day=day, before=_before(m))


@_rule(*wp.DATE, *wp.SLASH_DATE, *wp.DAY_OF_MONTH)
def _date(m: re.Match[str]) -> _Meaning | None:
    """A calendar date, or a day of the month alone ("by the 4th", "4일까지"). A slashed pair that
    cannot be a date (2/30, 13/5) is not taken for one."""
    g = m.groupdict()
    if not (g.get("mo") or g.get("mon")):
        d = w.day_number(m["d"])
        return _Meaning(day=w.day_of_month(d), exact=True, before=_before(m), month_day=d)
    mo = w.month_number(g["mo"]) if g.get("mo") else w.EN_MONTHS[m["mon"][:3].lower()]
    d, y = w.day_number(m["d"]), int(g["y"]) if g.get("y") else None
    if "/" in m[0] and not (1 <= mo <= 12 and 1 <= d <= calendar.monthrange(2000, mo)[1]):
        return None
    ahead = None if not g.get("ny") else int(g["ny"] == "내년")  # 내년 / 올해 3월 1일
    return _Meaning(day=w.calendar_date(y, mo, d, ahead), exact=True, before=_before(m))


@_rule(*wp.HOLIDAY)
def _holiday(m: re.Match[str]) -> _Meaning:
    """"before Christmas", "by New Year's Eve", "크리스마스 전까지": the holiday's next date."""
    name = re.sub(r"\s+", " " if m["hol"].isascii() else "", m["hol"].lower().replace("’", "'"))
    mo, d = wp.HOLIDAYS[name]
    return _Meaning(day=w.calendar_date(None, mo, d), exact=True, before=_before(m))


@_rule(*wp.MONTH)
def _month(m: re.Match[str]) -> _Meaning | None:
    """"in May", "by the end of June", "3월에", "12월 말까지": the month's last day."""
    g = m.groupdict()
    mo = int(g["mo"]) if g.get("mo") else w.EN_MONTHS[m["mon"][:3].lower()]
    if g.get("mo") and (not (g["end"] or g["tail"]) or not 1 <= mo <= 12):
        return None  # "12월" alone is a topic, not a due
    return _Meaning(day=w.named_month(mo, first=_before(m)), before=_before(m))


@_rule(*wp.PERIOD, *wp.YEAR)
def _period(m: re.Match[str]) -> _Meaning:
    """A span whose due is its end: the day, the week (Sunday), the month, the year ("in 2027")."""
    g = m.groupdict()
    if g.get("y"):
        return _Meaning(day=w.calendar_date(int(m["y"]) - _before(m), 12, 31))
    if g.get("ko"):
        unit, ahead = w.KO_PERIODS[re.sub(r"\s", "", m["ko"])]
    else:
        said = (m["u"] or m["u2"] or m["u3"]).lower()
        unit = w.EN_PERIOD_UNITS.get(said.split()[-1], said.split()[-1])
        ahead = {"this": 0, "next": 1, "last": -1}[(m["w"] or ("next" if m["nx"] else "this")).lower()]
        if said.endswith(" week") and said != "week" and ahead >= 0:   # the end of the work week: its Friday
            return _Meaning(day=w.weekday(4, ("this", "next")[ahead]))
    if g.get("early"):   # "다음 달 초": by its 10th (초순), or before it began ("다음 달 초 전에": this month's end)
        return _Meaning(day=w.period_end(unit, ahead - 1) if _before(m) else w.month_early(ahead))
    if _before(m) and not m[0].startswith(("end", "close")) and not _KO_END.search(m[0]):
        if "weekend" in m[0] or "주말" in m[0]:  # before the weekend: its Friday
            return _Meaning(day=w.weekday(4, ("this", "next", "after")[max(0, min(ahead, 2))]))
        return _Meaning(day=w.period_end(unit, ahead - 1))  # before next week: this Sunday
    if unit == "day" and ahead == 0:   # "by close of play on Friday": the day said with it, else today
        return _Meaning(day=w.period_end(unit, ahead), any_day=True)
    week = unit == "week" and "weekend" not in m[0] and "주말" not in m[0] and "eow" not in m[0]
    return _Meaning(day=w.period_end(unit, ahead, sunday_ahead=week), month_ahead=ahead if unit == "month" else None)


@_rule(*wp.CLOCK)
def _clock(m: re.Match[str]) -> _Meaning:
    """"3 pm", "3:30 p.m.", "15:00", "08:30", "three o'clock", "3시 반", "세 시 삼십 분", "15시"."""
    g = m.groupdict()
    h = _hour(m["h"])
    minute = 30 if g.get("half") else int(w.ko_number(g["m"])) if g.get("m") else int(g["m2"]) if g.get("m2") else 0
    if g.get("mw"):                          # "nine thirty p.m."
        minute = _minute_words(g["mw"])
    cue = (g["mer"].lower() + "m") if g.get("mer") else ""
    if not cue and (h == 0 or (h > 12 and "시" not in m[0]) or (g.get("m") and m["h"].startswith("0"))):
        cue = "24"  # 15:00, 08:30; but 오후 13시 stays bare so the 오후 can make it impossible
    return _Meaning(clock=(h, minute, cue))


@_rule(*wp.BARE_HOUR, *wp.CORRECTED_HOUR)
def _bare_hour(m: re.Match[str]) -> _Meaning | None:
    """"at 8", "by 9", "at eight thirty": an hour only after a preposition, never before a unit."""
    h = _hour(m["h"])
    minute = int(m["m"]) if m.groupdict().get("m") else _minute_words(m.groupdict().get("mw") or "")
    return _Meaning(clock=(h, minute, "")) if 1 <= h <= 12 else None


@_rule(*wp.NAMED_CLOCK)
def _named_clock(m: re.Match[str]) -> _Meaning:
    """noon / 정오; midnight / 자정 (the end of the day named); half past 3, quarter to 4."""
    g = m.groupdict()
    if g.get("w"):
        return _Meaning(clock=(24, 0, "24") if m["w"].lower() in ("midnight", "자정") else (12, 0, "24"))
    h, minutes = _hour(m["h"]), 30 if m["q"].lower() == "half" else 15
    if (m.groupdict().get("dir") or "").lower() in ("to", "till"):
        h, minutes = (h - 1) or 12, 60 - minutes
    return _Meaning(clock=(h, minutes, ""))


@_rule(*wp.PART)
def _part(m: re.Match[str]) -> _Meaning:
    """A part of the day: it says what a bare hour means; "this morning" also names today."""
    word = " ".join(m["p"].lower().split())
    part = w.EN_PARTS.get(word) or w.KO_PARTS.get(word) or w.KO_PARTS.get(word[:2]) or w.KO_PARTS[word[:1]]
    said = m.group(0).lower()
    as_when = said.startswith(("in ", "during ", "at ")) if said.isascii() else \
        m.string.startswith(("에", "엔", "까지", "쯤"), m.end("p"))
    return _Meaning(part=part, day=w.offset(0) if m.groupdict().get("this") else None,
                    # "점심 먹고 엄마한테 전화해야 돼" as "after lunch" (the fifty-ninth session: "점심 먹기" kept as a promise)
                    today_alone=word.startswith(("after ", "before ", "with ", "점심 먹고", "점심먹고"))
                    or "먹기" in word   # "저녁 먹기 전에 상처 소독하기" (the sixty-first session)
                    or word in ("breakfast", "bedtime"), part_as_when=as_when)


# ---------------------------------------------------------------- scan and resolve

_TRIGGERS = tuple({t for triggers, *_ in _RULES for t in triggers})


_FROM = re.compile(r"\bfrom\s+(?:the\s+|last\s+|this\s+past\s+)?$")


def _matches(text: str) -> list[tuple[int, int, int, _Meaning]]:
    """Every rule's matches as (start, -end, rule order, meaning), English words before a match
    (EN_BEFORE) included in it."""
    found = []
    lower = text.translate(_FULLWIDTH).translate(_ASCII_LOWER)  # the same length, so spans stay true
    if "May" in text:
        lower = _MAY.sub(lambda m: "MAY" if text[m.start():m.end()] == "May" else "may", lower)
    present = {t for t in _TRIGGERS if t in lower}
    for order, (triggers, rx, kind, fn) in enumerate(_RULES):
        if present.isdisjoint(triggers):
            continue
        at = 0
        while (m := rx.search(lower, at)) is not None:
            start = m.start()
            meaning = fn(m) if m.end() > start and _starts_word(lower, start, kind) else None
            if meaning is None:
                at = start + 1  # a match refused here may hide one that starts inside it
                continue
            end = after.end() if (after := _EN_AFTER.match(lower, m.end())) else m.end()
            if kind == w.EN_WORD and _FROM.search(lower, max(0, start - 18), start):
                at = m.end()    # "the photos from the weekend": where a thing comes from, never a due
                continue
            if kind == w.EN_WORD:
                start = pre.start() if (pre := _EN_BEFORE.search(lower, max(0, start - 24), start)) else start
            found.append((start, -end, order, meaning))
            at = m.end()
    return found


def _scan(text: str, due: bool = False) -> list[list[_Mention]]:
    """The longest match at each place (the earlier rule on a tie), grouped where they touch (only
    spaces or commas between); groups of only a part of the day ("every morning") are dropped. For a
    `due`, readings in the past ("3일 전에": three days ago) give way to the others ("before the 3rd")."""
    groups: list[list[_Mention]] = []
    end = 0
    found = [f for f in _matches(text) if not (due and f[3].ago)]
    for start, neg_end, _, meaning in sorted(found, key=lambda f: f[:3]):
        if start < end:
            continue
        mention = _Mention(start, -neg_end, meaning)
        if groups and not text[end:start].strip(" \t\n,"):
            groups[-1].append(mention)
        else:
            groups.append([mention])
        end = -neg_end
    return [g for g in groups if any(x.meaning.part is None or x.meaning.day or x.meaning.today_alone
                                     or due and x.meaning.part_as_when for x in g)]


def time_spans(text: str) -> list[tuple[int, int]]:
    """The [start, end) ranges of `text` that say a time, particles included, a time taken back joined
    to the one said after it with the cue between ("월요일, 아니 화요일"); never raises."""
    spans: list[tuple[int, int]] = []
    for g in _without_attributive_days(text, _scan(text)):
        start, end = g[0].start, g[-1].end
        if spans and wp.CORRECTION.search(text, spans[-1][1], start) \
                and wp.CORRECTION_GAP.fullmatch(text, spans[-1][1], start):
            start = spans.pop()[0]
        spans.append((start, end))
    negative = [m.span() for m in _NEGATIVE_AMOUNT.finditer(text)]   # "in -3 hours": a time, if an impossible one
    return [span for span, _ in _amounts_before(text, spans)] + sorted(spans + negative)   # "30 minutes" of "30 minutes before … at 3pm"


def names_clock(text: str, at: time) -> bool:
    """Whether `text` says the clock time `at` (its hour on a 12- or 24-hour clock, its minute): "at 2:30am",
    "2시 30분" name 02:30. For a repeating promise whose first due a DST gap moved (`repeats.gap_clock`)."""
    return any(x.meaning.clock is not None and x.meaning.clock[0] % 12 == at.hour % 12
               and x.meaning.clock[1] == at.minute for g in _scan(text) for x in g)


def cut_spans(text: str, spans: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    """`text` without the spans, spaces tidied ("... application by Thursday at noon." -> "... application.")."""
    kept, at = [], 0
    for start, end in sorted(spans):
        kept.append(text[at:start])
        at = max(at, end)
    out = re.sub(r"\s+", " ", "".join(kept) + text[at:])
    return re.sub(r"\s+([.,!?;:])", r"\1", out).strip(" ,")


def _without_attributive_days(text: str, groups: list[list[_Mention]]) -> list[list[_Mention]]:
    """"밤 10시에 내일 도시락 싸 놔야 돼": after an evening clock time said with 에, a bare 내일/모레
    before a noun and its predicate names the thing prepared tonight (tomorrow's lunch box), not the due."""
    out: list[list[_Mention]] = []
    clock_said = False                      # the mention before ended an evening clock time with 에
    for g in groups:
        kept = []
        evening = any(x.meaning.part in ("evening", "night") for x in g)
        for x in g:
            said = text[x.start:x.end].strip()
            if clock_said and said in w.KO_DAY_WORDS and wp.NOUN_THEN_MORE.match(text, x.end):
                continue
            clock_said = evening and x.meaning.clock is not None and said.endswith("에")
            kept.append(x)
        if kept:
            out.append(kept)
    if sum(1 for g in out if any(x.meaning.day is not None for x in g)) > 1:
        # "remind me to text sarah about covering the saturday shift tonight", "ask tom about the friday meeting
        # tomorrow" (the sixty-fifth session's café owner: kept Saturday at 8 PM): a bare weekday between "the" (my,
        # our …) and a noun names the thing, when another day is said ("the monday meeting is at 3" stays Monday's)
        out = [g for g in out if not (len(g) == 1 and (m := _ATTRIBUTIVE_WEEKDAY.fullmatch(text, g[0].start, g[0].end))
                                      and (m["det"] or _DETERMINER_BEFORE.search(text, max(0, g[0].start - 8), g[0].start))
                                      and _THING_AFTER.match(text, g[0].end))]
    return out


# a weekday said alone (no "next", "this", no time), the determiner before it, a noun after it that is no time word
_ATTRIBUTIVE_WEEKDAY = re.compile(r"\s*(?:(?:about|around)\s+)?(?P<det>(?:the|my|our|his|her|their|your)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*", re.IGNORECASE)
_DETERMINER_BEFORE = re.compile(r"\b(?:the|my|our|his|her|their|your)\s+$", re.IGNORECASE)
_THING_AFTER = re.compile(r"\s*(?!(?:at|by|on|in|and|or|to|morning|afternoon|evening|night|noon|midday|before|after|until|till|"
                          r"next|this|week|or|the|a|an|i|we|so|but|then|instead|please|too|as|is|was|will)\b)[a-z][a-z-]+\b",
                          re.IGNORECASE)


def _corrected(text: str, groups: list[list[_Mention]]) -> list[list[_Mention]]:
    """"Wednesday at 11, wait, no, make that 2 pm", "수요일, 아니 목요일까지": a time taken back in the
    same breath gives way to the one after it."""
    out: list[list[_Mention]] = []
    for g in groups:
        if out and wp.CORRECTION.search(text, out[-1][-1].end, g[0].start):
            said = [x for x in out[-1] if x.meaning.day is not None and not any(y.meaning.day for y in g)
                    or x.meaning.part and x.meaning.clock is None and not any(y.meaning.part for y in g)]
            out[-1] = said                 # the day and the part stay ("저녁 6시에, 아니 7시에": 19:00)
            if not out[-1]:
                out.pop()
        out.append(g)
    return out


# "the enrolment form for next year", "book flights for Christmas before Friday" (the fifty-seventh session: due on
# Christmas, the deadline said after it lost): what the thing is for, when another day is said
_FOR_SPAN = re.compile(r"for\s+(?:the\s+)?(?:(?:next|this|coming)\s+(?:week|month|year|semester|term|season)\b"
                       r"|christmas|new\s+year|halloween|valentine)", re.IGNORECASE)
_EN_DEADLINE = re.compile(r"(?:by|before|until|till|due|no\s+later\s+than)\b", re.IGNORECASE)


def _marked(text: str, x: _Mention) -> bool:
    """A day said as a deadline: with a due's particle in Korean ("오늘 안에", "금요일까지"), after by /
    before / until in English ("swapping my Thursday shift by end of day": the end of day, not Thursday)."""
    said = text[x.start:x.end].rstrip()
    return _EN_DEADLINE.match(said) is not None if said.isascii() else wp.KO_MARK.search(said) is not None


# "call Bob 30 minutes before the meeting at 3pm", "leave 20 minutes before 5pm", "an hour before the 3pm meeting": the
# clock time less the amount (the forty-second session: due at the clock time itself, "30 minutes" left in the words)
_AMOUNT_BEFORE = re.compile(r"\b(?P<n>\d{1,3}|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty(?:-|\s)five|"
                            r"half\s+an?)\s+(?P<u>minutes?|mins?|hours?|hrs?)\s+(?=before\b)", re.IGNORECASE)
_BEFORE_THING = re.compile(r"before(?:\s+(?:the|my|our|your|his|her)\s+[\w'-]+(?:\s+[\w'-]+)?)?\s+(?:at\s+|on\s+)?",
                           re.IGNORECASE)
# "내일 오후 5시 회의 30분 전에", "5시 비행기 두 시간 전에": a clock time, the thing at it, then the amount before it
# (the forty-third session: due at 5 PM, "회의 30분 전에" kept in the promise). A thing must be said between:
# "5시 30분 전에" is before 5:30.
_KO_AMOUNT_AFTER = re.compile(r"\s*(?:[가-힣]{1,8}\s+){1,2}?(?P<n>\d{1,3}|" + w.KO_NATIVE + r"|반)\s*(?P<u>분|시간)\s*"
                              r"전(?:에|까지)?")


def _amounts_before(text: str, spans: Sequence[tuple[int, int]]) -> Iterator[tuple[tuple[int, int], int]]:
    """(the words, minutes) of each amount said before one of the time `spans`: "(30 minutes) before (the meeting)
    (at)" and then the time; in Korean the time, the thing at it and then the amount ("5시 (회의 30분 전에)")."""
    for m in _AMOUNT_BEFORE.finditer(text):
        rest = _BEFORE_THING.match(text, m.end())
        if rest is not None and any(m.end() <= start <= rest.end() for start, _ in spans):
            yield m.span(), w.en_number(m["n"]) * (60 if m["u"].lower().startswith("h") else 1)
    if text.isascii():
        return
    for _, end in spans:
        m = _KO_AMOUNT_AFTER.match(text, end)
        if m is not None and not any(start < m.end() and m.start() < stop for start, stop in spans if stop != end):
            n = 0.5 if m["n"] == "반" else w.ko_number(m["n"])
            yield (end, m.end()), int(n * (60 if m["u"] == "시간" else 1))


def _ahead_of(text: str, when: When) -> When:
    """`when` less an amount said before it ("30 minutes before the meeting at 3pm"), the amount's words among its
    spans; `when` as it is when no amount is said so."""
    said = next(_amounts_before(text, when.spans), None)
    if said is None:
        return when
    span, minutes = said
    if not 0 < minutes <= 24 * 60:
        return when
    return When(when.at - timedelta(minutes=minutes), True, (span, *when.spans), when.day_said)


_NEGATIVE_AMOUNT = re.compile(r"\bin\s+(?P<amount>[-−–]\s?\d{1,6}\s?(?:sec|second|min|minute|hr|hour|day|week|month|year)s?)\b"
                              r"|(?P<ko>[-−–]\s?\d{1,6}\s?(?:초|분|시간|일|주|달)\s?(?:후|뒤|있다가))", re.IGNORECASE)


def resolve_time(text: str, now: datetime, *, due: bool = False, said_day: date | None = None) -> When | None:
    """The time `text` names (less an amount said before it: `_ahead_of`); see `_resolve_time`."""
    when = _resolve_time(text, now, due=due, said_day=said_day)
    return _ahead_of(text, when) if when is not None and when.has_time else when


def routine_clock(text: str, now: datetime) -> time | None:
    """The clock time a routine's bare hour stands for when the one-off reading took its other half of the day:
    "every weekday at 9:30" said at 10 AM is 9:30 AM, not the next 9:30 to come (a one-off's "?" in `HOUR_TABLE`),
    as a named other day takes the table's first choice. None when the words say the half (am/pm, a part of the day,
    a 24-hour clock), name no clock time, or the one-off reading is already the first choice."""
    start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        said, early = _resolve_time(text, now), _resolve_time(text, start)
    except ImpossibleTime:
        return None
    if said is None or early is None or not said.has_time or not early.has_time or said.at - now == early.at - start:
        return None                        # no clock time, or an amount from now ("in 2 hours")
    if (said.at.hour - early.at.hour) % 24 != 12 or said.at.minute != early.at.minute:
        return None
    return early.at.time().replace(second=0, microsecond=0)


def _resolve_time(text: str, now: datetime, *, due: bool = False, said_day: date | None = None) -> When | None:
    """The time `text` names, relative to the aware `now`; None if it names none. With `due` (the time
    a promise is due), a reading in the past gives way to another: "8일 전에" is before the 8th.
    `said_day`: the day an earlier part of the same utterance named with its own clock time, the day of a
    clock time said here without one ("tomorrow at 9 I'll call Bo, and at 10 I'll email Cy").

    Raises ImpossibleTime for a time that cannot be (February 30, 25:00, 13 pm, "in -3 hours") or that no one
    means (more than ten years ahead)."""
    if (negative := _NEGATIVE_AMOUNT.search(text)) is not None:   # (the sixty-third session's low: kept in the words)
        amount = " ".join((negative["amount"] or negative["ko"]).split())
        raise ImpossibleTime(f"\"In {amount}\" would be in the past. Say how long from now, like \"in "
                             f"{amount.lstrip('-')}\".",
                             f"'{amount}'는 지난 시간이에요. 지금부터 얼마 뒤인지 말씀해 주세요.")
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be an aware datetime")
    groups = _corrected(text, _without_attributive_days(text, _scan(text, due)))
    if not groups:
        return None
    spans = tuple((g[0].start, g[-1].end) for g in groups)
    mentions = [x for g in groups for x in g]
    rel = next((x.meaning.minutes for x in mentions if x.meaning.minutes is not None), None)
    if rel is not None:
        if abs(rel) > YEARS_AHEAD * 366 * 1440:
            raise w.too_far()
        at = (now.astimezone(UTC) + timedelta(minutes=rel)).astimezone(now.tzinfo)
        return When(at, True, spans)
    days = [x for x in mentions if x.meaning.day is not None]
    marked = [x for x in days if _marked(text, x)]   # "이번 달 월세 오늘 안에": the due has its particle
    # "the enrolment form for next year next tuesday": a span said with "for" is what the thing is for
    days = [x for x in days if not _FOR_SPAN.match(text, x.start)] or days
    day_m = next((x for x in days if x.meaning.exact), (marked or days)[0] if days else None)
    if day_m is not None and day_m.meaning.any_day:   # "by close of play on Friday", "end of day tomorrow"
        day_m = next((x for g in groups if any(y is day_m for y in g) for x in g
                      if x.meaning.day is not None and not x.meaning.any_day), day_m)
    day = None
    ahead = next((x.meaning.month_ahead for x in mentions if x.meaning.month_ahead is not None), None)
    if day_m is not None and day_m.meaning.month_day is not None and ahead is not None:
        # "다음 달 5일까지", "on the 5th of next month": that month's day, not the next 5th to come
        first = w.plus_months(now.date().replace(day=1), ahead)
        if day_m.meaning.month_day > calendar.monthrange(first.year, first.month)[1]:
            raise ImpossibleTime(f"{first:%B} has no day {day_m.meaning.month_day}.",
                                 f"{first.month}월에는 {day_m.meaning.month_day}일이 없어요.")
        said = first.replace(day=day_m.meaning.month_day)
        day_m = _Mention(day_m.start, day_m.end, _Meaning(day=lambda _today: said, exact=True, before=day_m.meaning.before))
    if day_m is None and any(x.meaning.today_alone for x in mentions):
        day = now.date()               # "I'll ring him back after dinner": today, the day only
    clock_said = any(x.meaning.clock is not None for x in mentions)
    if day_m is None and day is None and not clock_said and \
            (part_m := next((x for x in mentions if x.meaning.part_as_when), None)) is not None:
        # "저녁에 장 보기로 했어", "I'll call her in the evening": today while that part is still to come or
        # under way, else tomorrow's (the day only)
        over = now.hour >= w.PART_ENDS.get(part_m.meaning.part or "", 24)
        day = now.date() + timedelta(days=1 if over else 0)
    if day_m is not None and (day_of := day_m.meaning.day) is not None:
        day = w.in_range(day_of(now.date()), now.date()) - timedelta(days=day_m.meaning.before)
    clock_m = next((x for x in mentions if x.meaning.clock is not None), None)
    if clock_m is None or (clock := clock_m.meaning.clock) is None:
        return When(w.local_time(day, 23, 59, now), False, spans, day_m is not None) if day else None
    if day_m is None and day is None and said_day is not None:
        day = said_day
    # a part of the day counts where it touches the clock time, else where it touches the day
    near = [x for mention in (clock_m, day_m) for g in groups if any(y is mention for y in g) for x in g]
    part = next((x.meaning.part for x in near if x.meaning.part), None)
    if part is None and not clock[2] and (meal := _MEAL.search(text)) is not None:
        part = _MEAL_PARTS[" ".join(next(g for g in meal.groups() if g).lower().split())]   # "dinner with Ann on Friday at 7" is 7 PM (the fifty-seventh session: 7 AM)
    if part is None and not clock[2] and 7 <= clock[0] <= 9 and _EVENING_OUT.search(text) is not None:
        part = "evening"   # "the club meeting is every other Thursday at 7" (the sixty-first session's low: 7 AM)
    if part is None and not clock[2] and 7 <= clock[0] <= 9 and _VISIT.search(text) is not None:
        part = "evening"   # "tell mom i'll be there at 7 on christmas eve", "i'll come over at 8" (everyday74: 7 AM)
    if part is None and not clock[2] and 4 <= clock[0] <= 8 and _OPENING_UP.search(text) is not None:
        part = "morning"   # "i have to open the cafe tomorrow at 6" (the sixty-fifth session's café owner: 6 PM)
    return When(w.clock_at(clock, part, day, now), True, spans, day_m is not None)


# opening a shop said with a bare 4 to 8: the morning's ("open the cafe at 6", "open up the store at 7"); closing stays
# the table's
_OPENING_UP = re.compile(r"\bopen(?:ing)?\s+(?:up\s+)?(?:the|my|our)\s+(?:[\w'-]+\s+)?(?:cafe|café|coffee\s+shop|shop|store|bakery|"
                         r"restaurant|diner|deli|salon|pharmacy|office|clinic|stall|kitchen|gym)\b", re.IGNORECASE)


# a meal or an evening out said with a bare hour decides its half of the day, as a part of the day would
# ("금요일 7시에 저녁 약속 있어", the fifty-eighth helper: 7 AM; the meal before 약속 is no part of the day there)
_MEAL = re.compile(r"\b(dinner|supper|drinks|date\s+night|breakfast|brunch|lunch)\b|(?<![가-힣])(저녁|점심|아침|브런치|술)\s?"
                   r"(?:약속|모임)|(?<![가-힣])(회식)"
                   # "내일 7시 엄마랑 저녁" (the sixtieth session): the meal had with someone, its last words
                   r"|(?:랑|하고|와|과)\s(저녁|점심|아침|브런치|술)(?![가-힣])", re.IGNORECASE)
# an evening out said with a bare 7, 8 or 9 ("the club meeting is every other Thursday at 7", "the party is at 8", "the
# game is at 7"): the evening; 10 and 11 stay the table's (a kids' party at 11 is the morning's), as do practice and lessons
_EVENING_OUT = re.compile(r"\b(?:party|club|concert|gig|show|movie|movies|game\s+night|game|poker|bingo|quiz\s+night|"
                          r"book\s+club|karaoke|choir|rehearsal|recital|study\s+group)\b", re.IGNORECASE)
# a visit, or being at home, said with a bare 7, 8 or 9, and any bare 7 to 9 on a day named for its evening ("christmas
# eve", "new year's eve"): the evening, as "dinner at 7" is; "be there at 8 tomorrow" said to no evening stays the
# table's (a contractor's 8 AM), as do calls and errands ("call the plumber at 7 tomorrow")
_VISIT = re.compile(r"\b(?:be\s+home|come\s+(?:over|round|around|by)|stop\s+by|drop\s+by|swing\s+by|pop\s+(?:over|round|by)|"
                    r"visit(?:ing)?|go\s+over\s+to\s+(?:my|mom's|dad's|[a-z]+'s)|head\s+over)\b|"
                    r"\b(?:christmas|new\s+year'?s|halloween)\s+eve\b", re.IGNORECASE)
_MEAL_PARTS = {"dinner": "evening", "supper": "evening", "drinks": "evening", "date night": "evening", "breakfast": "morning",
               "brunch": "lunch", "lunch": "lunch", "저녁": "evening", "술": "evening", "회식": "evening", "아침": "morning",
               "브런치": "lunch", "점심": "lunch"}

