"""The vocabulary of `when`, the bilingual time grammar: word tables, pattern pieces, how number words
read, and the calendar the day words count on (with ImpossibleTime, which that calendar raises and
`when` re-exports). The rules' patterns are in `when_patterns`; `when.py` keeps only the rules.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta

from jarvisd.openloop.hangul import topic

# ---------------------------------------------------------------- numbers

EN_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
           "ninety": 90}
# "a couple of" is 2; "a few" is 3; "half an" is 0.5; "a"/"an" is 1 (handled by the number parser)
EN_NUMBER = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four"
             r"|five|six|seven|eight|nine)\b)?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
             r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)")
EN_HOUR_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# Days of the month said as ordinal words ("by the eighteenth", "December fifteenth", "the first of May").
_EN_ORDINAL_UNITS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                     "eighth": 8, "ninth": 9}
EN_ORDINALS = {**_EN_ORDINAL_UNITS, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
               "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
               "twentieth": 20, "thirtieth": 30,
               **{f"{tens}-{w}": n + d for tens, n in (("twenty", 20), ("thirty", 30))
                  for w, d in _EN_ORDINAL_UNITS.items() if n + d <= 31}}
# A day said as a cardinal word after its month ("before December fifteen", "June twenty-one").
EN_DAY_CARDINAL = (r"(?:(?:twenty|thirty)[-\s](?:one|two|three|four|five|six|seven|eight|nine)|thirteen|fourteen|fifteen"
                   r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|one|two|three|four|five|six|seven|eight|nine"
                   r"|ten|eleven|twelve)")
EN_ORDINAL = "(?:" + "|".join(sorted((k.replace("-", "[-\\s]") for k in EN_ORDINALS), key=len, reverse=True)) + ")"

# Native Korean numbers, as Whisper writes them before a counter (한 시, 두 시간, 열두 시).
KO_NATIVE_UNITS = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "석": 3, "네": 4, "넷": 4, "다섯": 5,
                   "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9}
KO_NATIVE_TENS = {"열": 10, "스물": 20, "스무": 20, "서른": 30, "마흔": 40, "쉰": 50}
KO_NATIVE = r"(?:(?:열|스물|스무|서른|마흔|쉰)\s?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉)|열|스물|스무|서른|마흔|쉰|한|두|세|네|다섯|여섯|일곱|여덟|아홉)"
# Sino-Korean numbers, for minutes and big counts (삼십 분, 일주일, 삼 개월).
KO_SINO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
KO_SINO = r"(?:[이삼사오육칠팔구]?십[일이삼사오육칠팔구]?|[일이삼사오육칠팔구])"
# Months and days of the month in Sino-Korean words (십이월 십오일, 이십일까지): a day alone needs its 십
# (사일 is too often four days), and 유월/시월 are said so for 6 and 10.
KO_SINO_MONTH = r"(?:십[일이]|시|유|[일이삼사오칠팔구])"
KO_SINO_DAY = r"(?:[이삼]?십[일이삼사오육칠팔구]?|[일이삼사오육칠팔구])"
KO_SINO_DAY_ALONE = r"(?:[이삼]?십[일이삼사오육칠팔구]?)"
# Day counts have their own native words.
KO_DAY_COUNTS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "여드레": 8,
                 "아흐레": 9, "열흘": 10, "보름": 15, "며칠": 3}

# ---------------------------------------------------------------- calendar words

EN_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
             "oct": 10, "nov": 11, "dec": 12}
EN_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December"]
# "May" only capitalized (the verb "may" is everywhere: the scan marks a capitalized May as MAY);
# short forms only before a day number.
EN_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|MAY|june?|july?|aug(?:ust)?"
            r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?")
EN_MONTH_FULL = r"(?:january|february|march|april|MAY|june|july|august|september|october|november|december)\b"
EN_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
               "sunday": 6}
# A weekday, but not a possessive ("Friday's meeting notes" names a meeting, not a due) nor a plural
# ("on Fridays" is a habit).
EN_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!['’]s\b|s\b)\b"
KO_WEEKDAYS = {"월": 0, "화": 1, "수": 2, "목": 3, "금": 4, "토": 5, "일": 6}

# English day words -> days from today
EN_DAY_WORDS = {"today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1, "yesterday": -1,
                "the day after tomorrow": 2, "day after tomorrow": 2, "last night": -1}
KO_DAY_WORDS = {"오늘": 0, "이따": 0, "이따가": 0, "내일": 1, "낼": 1, "모레": 2, "내일모레": 2, "내일 모레": 2, "글피": 3,
                "어제": -1, "그제": -2, "그저께": -2, "어젯밤": -1, "오늘밤": 0, "오늘 밤": 0, "내일밤": 1, "내일 밤": 1}

# ---------------------------------------------------------------- parts of the day

# A part of the day said with a time decides what a bare hour means (see HOUR_TABLE).
EN_PARTS = {"morning": "morning", "afternoon": "afternoon", "arvo": "afternoon", "evening": "evening", "night": "night",
            "tonight": "night", "after work": "evening", "after school": "afternoon", "after lunch": "afternoon",
            "after dinner": "evening", "before work": "morning", "before lunch": "morning",
            # "email professor Lee about the extension before dinner" (the sixty-first session: to SmolLM2)
            "before dinner": "afternoon", "before supper": "afternoon",
            "first thing": "morning", "with breakfast": "morning", "breakfast": "morning", "with dinner": "evening",
            "bedtime": "night", "before bed": "night", "before bedtime": "night"}
KO_PARTS = {"오전": "am", "오후": "pm", "아침": "morning", "저녁": "evening", "밤": "night", "새벽": "dawn",
            "낮": "daytime", "점심": "lunch", "점심 먹고": "afternoon", "점심먹고": "afternoon", "퇴근": "evening"}

# The hour a part of the day is over: said alone after it ("저녁에" at 23:00), it is tomorrow's.
PART_ENDS = {"am": 12, "morning": 12, "dawn": 7, "daytime": 18, "lunch": 14, "afternoon": 18, "pm": 24,
             "evening": 24, "night": 24}

# The hour a reminder for a part of the day is given when no clock time is said: "remind me tonight" and
# "every night" both at 8 PM, "this evening" and "저녁마다" at 6 PM (one table, so a one-off and a repeat agree).
PART_HOURS = {"morning": 9, "lunch": 12, "afternoon": 14, "evening": 18, "night": 20}

# What a said hour 1..12 means, by the part of the day said with it (position = hour - 1):
#   a = that hour am   p = that hour pm   N = noon   z = 00:00 that day   m = midnight ending that day
#   n = that hour the next early morning ("tonight at 1", "오늘 밤 1시")   ? = the next of am/pm to come
# An explicit am/pm or a 24-hour clock (13:00, 08:00, 15시) always wins over this table.
#                     1..6    7..11  12
HOUR_TABLE = {
    "":          "pppppp" "?????" "N",   # bare: people rarely schedule 1-6 am without saying so
    "am":        "aaaaaa" "aaaaa" "z",   # 12 am = the start of the day
    "pm":        "pppppp" "ppppp" "N",
    "morning":   "aaaaaa" "aaaaa" "N",
    "dawn":      "aaaaaa" "aaaaa" "z",   # 새벽
    "daytime":   "pppppp" "paaaa" "N",   # 낮: 낮 2시 = 14:00, 낮 11시 = 11:00
    "lunch":     "pppppp" "pppaa" "N",   # 점심: 점심 12시, 점심 1시 = 13:00
    "afternoon": "pppppp" "ppppp" "N",
    "evening":   "pppppp" "ppppp" "m",   # evening, after work, 저녁, 퇴근하고
    "night":     "nnnnpp" "ppppp" "m",   # tonight, 밤: 밤 10시 = 22:00, 밤 1시 = 01:00 the next day
}

# ---------------------------------------------------------------- pattern pieces

# Where a pattern starts, as checked by the scan in code: a lookbehind or an optional group at the front
# of a pattern would stop `re` from skipping ahead to the first character that can match (5x slower).
EN_WORD = "(?#en)"  # starts an English word; the words of EN_BEFORE just before it belong to it
KO_WORD = "(?#ko)"  # starts a Korean word (not inside one) or follows 오늘/내일/모레/요일/N일 directly
# English words after a time that belong to it ("by Friday at the latest", "at 5 sharp").
EN_AFTER = r",?\s+(?:at\s+the\s+(?:very\s+)?latest|sharp|or\s+(?:so|earlier|sooner))\b"
# English words in front of a time that belong to it ("by Thursday", "at noon", "before December 15",
# "by the end of the day", "later today"), matched backwards from where the time starts.
EN_BEFORE = (r"(?:\b(?P<pre>by|on|at|before|prior\s+to|until|till|til|'til|no\s+later\s+than|due|for|over|during"
             r"|sometime|later|within|(?:at\s+|by\s+)?(?:around|about|approximately))\s+)?(?:\bthe\s+)?$")
# What may not follow a bare "at 8" / "by 9" for it to be a clock time.
EN_NOT_UNIT = (r"(?!\s*(?:%|percent\b|per\b|degrees?\b|dollars?\b|bucks\b|euros?\b|cents?\b|years?\b|yrs?\b"
               r"|months?\b|weeks?\b|days?\b|hours?\b|hrs?\b|minutes?\b|mins?\b|seconds?\b|secs?\b"
               r"|miles?\b|km\b|kg\b|lbs?\b|pounds?\b|points?\b|times\b|people\b|persons?\b|kids\b"
               r"|items?\b|pages?\b|of\b|out\b|x\b|st\b|nd\b|rd\b|th\b|[-/.,:]\d|\d"
               r"|(?:kilo|centi|milli)?met(?:er|re)\b|feet\b|foot\b|inch\b|grams?\b|liters?\b|litres?\b"
               r"|(?!(?:this|is|as|us|was|his|its|always|perhaps|unless|plus|afterwards|works)\b)[a-z]{2,}s\b))")
# (the last line: a plural noun after the number, "at 3 kilometers", "by 4 votes"; not "9 works better")
EN_REL_UNIT = r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)\b"
EN_UNIT = {"min": "minute", "hr": "hour", "fortnight": "fortnight"}

# Korean particles after a time that belong to it ("금요일까지", "3시에", "오늘 중으로", "12월 15일 전에",
# "20일 되기 전에": before the 20th).
KO_TAIL = (r"(?P<tail>\s?(?:(?:되기|넘기|지나기)\s?전(?:까지는|까지|에는|에)?|까지는|까지도|까진|까지|전까지는|전까지|전까진|전에는|전에|이전에|이전까지|이전"
           r"|에는|에도|에|엔|쯤에는|쯤에|쯤|경에|경|께|부터|이후에|이후|중으로|중에|안에|안으로|내로|내에|이내에|이내"
           r"|(?:은|는|도|전|으로|로)(?![가-힣])))?")   # not 내일 + 도 of "내일 도시락"; "4시로 잡아" (set to)
# What may follow 시 for it to be an hour ("2시간짜리" is a duration, "시즌" a season).
KO_AFTER_HOUR = r"(?![간즌리각청장민험작절켜도키])"
KO_REL_DIR = r"(?P<dir>뒤|후|있다가|이따가|지나서|안에|안으로|내에|내로|이내|만에|전(?!까지))"
KO_REL_UNIT = r"(?P<unit>시간|분|주일|주|달|개월|년|일)"
KO_UNIT = {"시간": "hour", "분": "minute", "주일": "week", "주": "week", "달": "month", "개월": "month",
           "년": "year", "일": "day"}

# Which week a weekday is in, by the word before it (spaces removed): None = the next one after
# today; "prev" = the latest before today; the others are Monday-to-Sunday weeks.
WEEK_MODS: dict[str, str | None] = {
    "this": "this", "thiscoming": None, "coming": None, "next": "next", "last": "prev", "past": "prev",
    "이번주": "this", "이번": "this", "금주": "this", "다음주": "next", "다음": "next", "담주": "next",
    "다다음주": "after", "지난주": "last", "지난": "last", "저번주": "last", "저번": "last",
}
# Spans whose due is their end: (kind, how many ahead)
KO_PERIODS = {"주말": ("week", 0), "이번주말": ("week", 0), "다음주말": ("week", 1), "담주주말": ("week", 1),
              "이번주": ("week", 0), "금주": ("week", 0), "다음주": ("week", 1), "담주": ("week", 1),
              "다다음주": ("week", 2), "지난주": ("week", -1), "저번주": ("week", -1),
              "이번달": ("month", 0), "이달": ("month", 0), "월말": ("month", 0), "말일": ("month", 0), "다음달": ("month", 1),
              "담달": ("month", 1), "연말": ("year", 0), "올해": ("year", 0), "금년": ("year", 0), "내년": ("year", 1)}
EN_PERIOD_UNITS = {"today": "day", "eod": "day", "cob": "day", "play": "day", "business": "day", "eow": "week", "weekend": "week", "eom": "month"}


# ---------------------------------------------------------------- reading numbers

def en_number(s: str) -> float:
    """"2", "1.5", "a", "half an", "a quarter of an", "a couple of", "twenty", "forty-five"."""
    s = s.lower().strip()
    if s[0].isdigit():
        return float(s)
    if s in ("a", "an"):
        return 1
    if s.startswith(("half", "½")):
        return 0.5
    if "quarter" in s:                      # "a quarter of an hour", "three quarters of an hour"
        return 0.75 if s.startswith("three") else 0.25
    if "couple" in s or "few" in s:
        return 2 if "couple" in s else 3
    tens, _, unit = s.replace("-", " ").partition(" ")
    return EN_TENS.get(tens, 0) + EN_UNITS.get(unit or tens, 0)


def day_number(s: str) -> int:
    """A day of the month as said: digits ("15"), an English ordinal ("fifteenth", "twenty-first") or
    Sino-Korean (십오)."""
    s = s.strip().lower()
    if s[:1].isascii() and s[:1].isalpha():
        key = re.sub(r"[\s-]+", "-", s)
        return EN_ORDINALS[key] if key in EN_ORDINALS else int(en_number(key))
    return int(s) if s.isdigit() else int(ko_number(s))


def month_number(s: str) -> int:
    """A month said in digits or Sino-Korean (십이, 유 for 6, 시 for 10)."""
    return int(s) if s.isdigit() else {"유": 6, "시": 10}.get(s) or int(ko_number(s))


def ko_number(s: str) -> float:
    """Digits, native (한, 두, 열두, 스물다섯), day counts (이틀, 보름) or Sino (삼, 십오, 삼십)."""
    s = s.replace(" ", "")
    if s[0].isdigit():
        return float(s)
    if s in KO_DAY_COUNTS:
        return KO_DAY_COUNTS[s]
    for tens, value in KO_NATIVE_TENS.items():
        if s.startswith(tens):
            return value + KO_NATIVE_UNITS.get(s[len(tens):], 0)
    if s in KO_NATIVE_UNITS:
        return KO_NATIVE_UNITS[s]
    head, ten, tail = s.partition("십")
    if not ten:
        return KO_SINO_DIGITS[s]
    return 10 * KO_SINO_DIGITS.get(head, 1) + KO_SINO_DIGITS.get(tail, 0)


YEARS_AHEAD = 10      # further than this is no one's due
OLDEST_YEAR = 1900    # an explicit year before this is no one's due either


class ImpossibleTime(ValueError):
    """The words name a time that cannot be or that no one means (February 30, 25:00, 13 pm, year
    9999, more than ten years ahead). `.reason` is a short sentence for the user, `.reason_ko` the same
    in Korean."""

    def __init__(self, reason: str, reason_ko: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.reason_ko = reason_ko


DayFn = Callable[[date], date]  # today -> the day meant


# ---------------------------------------------------------------- impossible times

def too_far() -> ImpossibleTime:
    return ImpossibleTime(f"That is more than {YEARS_AHEAD} years away, too far to keep on the agenda.",
                          f"{YEARS_AHEAD}년보다 먼 때라서 기한으로 잡을 수 없어요.")


def check_year(y: int) -> None:
    if y < OLDEST_YEAR:
        raise ImpossibleTime(f"The year {y} can't be a due date.", f"{y}년은 기한이 될 수 없어요.")


def in_range(day: date, today: date) -> date:
    """No due more than YEARS_AHEAD years ahead, nor before OLDEST_YEAR."""
    if day.year < OLDEST_YEAR:
        check_year(day.year)
    if today.year + YEARS_AHEAD <= 9999 and day > plus_months(today, 12 * YEARS_AHEAD):
        raise too_far()
    return day


def check_month_day(mo: int, d: int) -> None:
    if not 1 <= mo <= 12:
        raise ImpossibleTime(f"There is no month {mo}.", f"{mo}월은 없어요.")
    if not 1 <= d <= (29 if mo == 2 else calendar.monthrange(2001, mo)[1]):
        raise ImpossibleTime(f"{EN_MONTH_NAMES[mo - 1]} has no day {d}.", f"{mo}월에는 {d}일이 없어요.")


# ---------------------------------------------------------------- day arithmetic

def plus_days(today: date, n: int) -> date:
    try:
        return today + timedelta(days=n)
    except OverflowError:
        raise too_far() from None


def plus_months(today: date, n: int) -> date:
    y, m = divmod(today.month - 1 + n, 12)
    y += today.year
    if not 1 <= y <= 9999:
        raise too_far()
    return date(y, m + 1, min(today.day, calendar.monthrange(y, m + 1)[1]))


def month_end(y: int, mo: int) -> date:
    return date(y, mo, calendar.monthrange(y, mo)[1])


def offset(n: int) -> DayFn:
    return lambda today: plus_days(today, n)


def amount_from_now(parts: list[tuple[float, str]], sign: int) -> tuple[float | None, DayFn | None]:
    """An amount of time in one or more parts ("1 hour and 30 minutes", "10 years and 1 day"): exact
    minutes when it is hours or minutes (and days beside them), else a day."""
    months = days = minutes = 0.0
    for n, unit in parts:
        if unit in ("minute", "hour"):
            minutes += n * (60 if unit == "hour" else 1)
        elif unit in ("month", "year"):
            months += n * (12 if unit == "year" else 1)
        else:
            days += n * {"day": 1, "week": 7, "fortnight": 14}[unit]
    if minutes and not months:
        return sign * (minutes + days * 1440), None
    whole = round(months)
    return None, lambda today: plus_days(plus_months(today, sign * whole), sign * round(days))


def weekday(wd: int, week: str | None) -> DayFn:
    """week: None = the next one after today ("Tuesday" said on a Tuesday is next week's: today would
    be "today", as Duckling's corpus and the held-out authors read it), "this"/"next"/"after"/"last"
    week's ("this Tuesday" on a Tuesday is today), "prev" = the latest before today."""
    def resolve(today: date) -> date:
        monday = today - timedelta(days=today.weekday())
        if week is None:
            return today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)
        if week == "prev":
            return today - timedelta(days=(today.weekday() - wd - 1) % 7 + 1)
        day = monday + timedelta(days=7 * {"this": 0, "next": 1, "after": 2, "last": -1}[week] + wd)
        if week == "this" and day < today:   # "this Saturday" said on a Sunday: the coming one, not yesterday (the
            day += timedelta(days=7)         # fiftieth session: "by yesterday has already passed")
        return day
    return resolve


def period_end(unit: str, ahead: int, sunday_ahead: bool = False) -> DayFn:
    """The last day of this (ahead 0), the next (1) or the last (-1) day, week (Sunday), month or year.
    `sunday_ahead`: "this week" said on a Sunday is the week ahead, not the one day left of it (the fifty-first
    session: "the car needs an oil change this week" was due by the end of that Sunday), as "what's on this week?"
    reads it; "this weekend" on a Sunday is still that day."""
    def resolve(today: date) -> date:
        if unit == "week":
            sunday = sunday_ahead and today.weekday() == 6 and ahead == 0
            return today + timedelta(days=6 - today.weekday() + 7 * (ahead + sunday))
        if unit == "month":
            first = plus_months(today.replace(day=1), ahead)
            return month_end(first.year, first.month)
        return date(today.year + ahead, 12, 31) if unit == "year" else plus_days(today, ahead)
    return resolve


def month_early(ahead: int) -> DayFn:
    """The early part of this (0) or a later month: by its 10th ("다음 달 초", 초순: the 1st to the 10th)."""
    def resolve(today: date) -> date:
        return plus_months(today.replace(day=1), ahead).replace(day=10)
    return resolve


def named_month(mo: int, first: bool = False) -> DayFn:
    """The next such month (this one counts): its last day, or its first for "before June"."""
    def resolve(today: date) -> date:
        y = today.year + (mo < today.month)
        return date(y, mo, 1) if first else month_end(y, mo)
    return resolve


def calendar_date(y: int | None, mo: int, d: int, ahead: int | None = None) -> DayFn:
    """A month and day, and a year (or a number of years ahead: 내년 = 1); without either, the next
    such date (today counts)."""
    def resolve(today: date) -> date:
        check_month_day(mo, d)
        if y is not None or ahead is not None:
            check_year(year := today.year + (ahead or 0) if y is None else y)
            if not calendar.isleap(year) and (mo, d) == (2, 29):
                raise ImpossibleTime(f"{year} has no February 29.", f"{year}년에는 2월 29일이 없어요.")
            return date(year, mo, d)
        for year in range(today.year, today.year + 9):
            if (mo, d) != (2, 29) or calendar.isleap(year):
                if (found := date(year, mo, d)) >= today:
                    return found
        raise too_far()
    return resolve


def day_of_month(d: int) -> DayFn:
    """"the 4th" / "4일": the next day with that number (today counts)."""
    def resolve(today: date) -> date:
        if not 1 <= d <= 31:
            raise ImpossibleTime(f"No month has a day {d}.", f"{d}일은 없는 날짜예요.")
        y, mo = today.year, today.month
        while d > calendar.monthrange(y, mo)[1] or date(y, mo, d) < today:
            y, mo = (y, mo + 1) if mo < 12 else (y + 1, 1)
        return date(y, mo, d)
    return resolve


# ---------------------------------------------------------------- clock times on a day

def local_time(d: date, hour: int, minute: int, now: datetime) -> datetime:
    """That wall-clock time in now's zone; a time skipped by a DST change moves forward."""
    tz = now.tzinfo
    return datetime.combine(d, time(hour, minute), tzinfo=tz).astimezone(UTC).astimezone(tz)


def hour_choices(h: int, minute: int, cue: str, part: str | None) -> list[tuple[int, int]]:
    """(days after the named day, hour) candidates in order of preference; see HOUR_TABLE."""
    meridiem = cue if cue in ("am", "pm") else part if part in ("am", "pm") and cue != "24" else ""
    if h == 0 and "pm" in (cue, part):
        return [(0, 12)]               # "오후 0시" (how a 12-hour clock writes noon in Korea)
    if minute > 59:
        raise ImpossibleTime(f"An hour has no minute {minute}.", f"{minute}분은 없는 시각이에요.")
    if meridiem and not 1 <= h <= 12:
        ko = "오후" if meridiem == "pm" else "오전"
        raise ImpossibleTime(f"{h} {meridiem} is not a time of day.", f"{ko} {h}시는 없는 시각이에요.")
    if h > 24 or (h == 24 and minute):
        said = f"{h}시 {minute}분" if minute else f"{h}시"
        raise ImpossibleTime(f"A day has no hour {h}:{minute:02d}.", f"하루에 {said}{topic(said)} 없어요.")
    if cue == "24" or h == 0 or h > 12:
        return [(1, 0)] if h == 24 else [(0, h)]
    code = HOUR_TABLE[meridiem or part or ""][h - 1]
    return {"a": [(0, h % 12)], "p": [(0, h % 12 + 12)], "N": [(0, 12)], "z": [(0, 0)], "m": [(1, 0)],
            "n": [(1, h)], "?": [(0, h), (0, h + 12)]}[code]


def clock_at(clock: tuple[int, int, str], part: str | None, day: date | None, now: datetime) -> datetime:
    """A named other day takes the first choice; today or no day takes the next choice to come."""
    h, minute, cue = clock
    choices = hour_choices(h, minute, cue, part)
    today = now.date()
    if day is not None and day != today:
        return local_time(day + timedelta(days=choices[0][0]), choices[0][1], minute, now)
    times = [local_time(today + timedelta(days=off), hour, minute, now) for off, hour in choices]
    upcoming = [t for t in times if t >= now]
    if upcoming:
        return upcoming[0]
    if day is None:
        return local_time(today + timedelta(days=1 + choices[0][0]), choices[0][1], minute, now)
    return times[-1]
