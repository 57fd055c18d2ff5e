"""The time or the date, asked: "what time is it?", "what's the date today?", "what day is it?", "지금 몇 시야?",
"오늘 며칠이야?", "오늘 무슨 요일이야?". Pure: which one is asked, or None.

Before (the forty-fourth session) these went to the language model. On the offline default, `jarvisd chat` answered
"what's the date today?" with "The date today is 2023-01-01." and "what time is it?" with "I'm not sure what time
it is"; SmolLM2-135M does not call the `current_time` tool. The desk answers from the clock the agenda runs on.
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from datetime import date, datetime, tzinfo

from jarvisd.openloop.when import ImpossibleTime, resolve_time
from jarvisd.openloop.when_words import EN_MONTH_NAMES

_EN_TIME = re.compile(
    r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what(?:'s|\s+is)\s+the\s+time(?:\s+now|\s+right\s+now)?|what\s+time\s+is\s+it"
    r"(?:\s+now|\s+right\s+now|\s+there|\s+here)?|(?:do\s+you\s+(?:know|have)|can\s+you\s+tell\s+me|could\s+you\s+tell\s+me|"
    r"tell\s+me)\s+(?:what\s+time\s+it\s+is|the\s+time)(?:\s+now|\s+please)?|time\s+check|got\s+the\s+time|"
    r"what\s+time\s+have\s+we\s+got|what's\s+the\s+time\s+now)")
_EN_DATE = re.compile(
    r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what(?:'s|\s+is)\s+(?:the\s+date|today's\s+date|the\s+date\s+today)(?:\s+today)?|"
    r"what\s+date\s+is\s+(?:it|today)(?:\s+today)?|what\s+day\s+is\s+(?:it|today)(?:\s+today)?|"
    r"what\s+day\s+of\s+the\s+(?:week|month)\s+is\s+it(?:\s+today)?|what's\s+the\s+day\s+today|"
    r"(?:can\s+you\s+)?tell\s+me\s+(?:the\s+date|today's\s+date|what\s+day\s+it\s+is)|what\s+is\s+today's\s+date"
    # "What is it today?": Whisper base's hearing of "What day is it today?" (daemon run 72: to the model, "I'm JARVIS …")
    r"|what(?:'s|\s+is)\s+it\s+today)")
_KO_TIME = re.compile(r"(?:지금\s*)?(?:몇\s*시(?:야|예요|에요|지|니|인가요|죠|쯤이야|쯤 됐어|됐어)?|"
                      r"(?:지금\s*)?시간\s*(?:좀\s*)?(?:알려\s*(?:줘|주세요)|몇\s*시야|어떻게\s*돼)|현재\s*시각(?:\s*알려\s*줘)?)")
# "오늘이 며칠이지요?" (the sixty-third session's elder: to SmolLM2, which said it back): 오늘이 / 오늘은, -이지요
_KO_ASKED_END = r"(?:이야|이에요|예요|이지|인가요|이죠|이니|이지요|인지요|입니까|이더라|였지|이었지)?"
_KO_DATE = re.compile(r"(?:오늘\s*(?:이|은)?\s*)?(?:몇\s*월\s*)?(?:며칠|몇\s*일)" + _KO_ASKED_END + r"|"
                      r"오늘\s*날짜(?:가|는)?\s*(?:뭐야|어떻게\s*돼|알려\s*(?:줘|주세요)|며칠이야)?|"
                      r"(?:오늘\s*(?:이|은)?\s*)?무슨\s*요일" + _KO_ASKED_END)

# "what day is it tomorrow", "what's tomorrow's date", "내일 며칠이야", "내일 무슨 요일이야" (the forty-fifth session:
# SmolLM2 said "Today is the 23rd of the month of July")
_EN_TOMORROW = re.compile(
    r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what\s+(?:day|date)\s+is\s+(?:it\s+)?tomorrow|what\s+(?:day|date)\s+will\s+it\s+be\s+"
    r"tomorrow|what(?:'s|\s+is)\s+(?:tomorrow's\s+date|the\s+date\s+tomorrow)|"
    r"(?:what\s+day\s+is\s+it|what(?:'s|\s+is)\s+the\s+date)\s+tomorrow)")
_KO_TOMORROW = re.compile(r"내일\s*(?:은\s*)?(?:며칠|몇\s*일|무슨\s*요일|날짜)(?:이야|이에요|예요|이지|인가요|이죠|이니|가\s*뭐야|는\s*뭐야)?")
_EN_YEAR = re.compile(r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what\s+year\s+is\s+(?:it|this)(?:\s+now)?|what(?:'s|\s+is)\s+the\s+(?:year|month)"
                      r"|what\s+month\s+is\s+(?:it|this)(?:\s+now)?)")
_KO_YEAR = re.compile(r"(?:올해|지금|이번\s*달)?\s*(?:몇\s*년|몇\s*월|몇\s*년도)(?:이야|이에요|예요|이지|인가요|이죠|이니)?")


def clock_asked(cleaned: str) -> str | None:
    """"time", "date", "tomorrow" or "year" (the year and month) for a question of the clock or the calendar
    (`cleaned`: lower case, no closing punctuation), else None."""
    text = cleaned.rstrip("?？ ")
    if _EN_TIME.fullmatch(text) or _KO_TIME.fullmatch(text):
        return "time"
    if _EN_DATE.fullmatch(text) or _KO_DATE.fullmatch(text):
        return "date"
    if _EN_TOMORROW.fullmatch(text) or _KO_TOMORROW.fullmatch(text):
        return "tomorrow"
    if _EN_YEAR.fullmatch(text) or _KO_YEAR.fullmatch(text):
        return "year"
    return None


# "how many days until Christmas", "how long until Friday", "크리스마스까지 며칠 남았어?" (the forty-fifth session: to the
# model; SmolLM2 said "The number of days until December 25 is 12." on December 5). Asked after the agenda's own "how
# long until the call?", so a promise's name wins. "how many weeks until new year" (the forty-seventh session: SmolLM2
# answered about personal data) is counted in weeks.
_EN_UNTIL = [re.compile(p) for p in (
    r"(?:so\s+|and\s+)?how\s+many\s+(?:more\s+)?(?P<unit>days|sleeps|weeks)\s+(?:are\s+there\s+|is\s+it\s+|do\s+i\s+have\s+|"
    r"have\s+i\s+got\s+)?(?:left\s+)?(?:until|till|til|before|to)\s+(?P<x>.+)",
    r"(?:so\s+|and\s+)?how\s+long\s+(?:is\s+it\s+|do\s+i\s+have\s+)?(?:left\s+)?(?:until|till|til|before)\s+(?P<x>.+)",
)]
_KO_UNTIL = re.compile(r"(?P<x>.+?)\s*까지\s*(?:며칠|몇\s*일|(?P<unit>몇\s*주))\s*(?:남았어|남았어요|남았지|남았니|남았나요|남았나|이야|야|예요|이에요)?")
# "what's the date next Friday?", "what day is Christmas this year?", "what day of the week does New Year fall on?",
# "다음 주 금요일 며칠이야?", "크리스마스 무슨 요일이야?" (the forty-seventh session: SmolLM2 said "The date next Friday is
# 2023-01-02." and told the story of Christmas instead of its weekday; "what day in Christmas": Whisper's "is", daemon
# run 68)
_EN_WHICH = [re.compile(p) for p in (
    r"(?:so\s+|and\s+)?what(?:'s|\s+is)\s+the\s+date\s+(?:of\s+|on\s+|for\s+)?(?P<x>.+)",
    r"(?:so\s+|and\s+)?what\s+(?:date|day(?:\s+of\s+the\s+week)?)\s+(?:will\s+it\s+be|is\s+it|will\s+be|is|in|was|will)\s+"
    r"(?P<x>.+?)(?:\s+be)?",
    r"(?:so\s+|and\s+)?what\s+(?:date|day(?:\s+of\s+the\s+week)?)\s+does\s+(?P<x>.+?)\s+fall\s+on",
    r"(?:so\s+|and\s+)?which\s+day\s+is\s+(?P<x>.+)",
    # "when is Christmas?" (the forty-ninth session: SmolLM2 said "December 24"); a promise's name is read first
    r"(?:so\s+|and\s+)?when(?:'s|\s+is|\s+was|\s+will\s+be)\s+(?P<x>.+?)(?:\s+(?:this|next)\s+year)?",
)]
_KO_WHICH = re.compile(r"(?P<x>.+?)\s*(?:은|는|이|가)?\s*(?:며칠|몇\s*일|무슨\s*요일|몇\s*월\s*며칠|언제|날짜(?:가|는)?\s*(?:뭐야|어떻게\s*돼))"
                       r"(?:이야|이에요|예요|이지|인가요|이죠|이니|야)?")
_FILLER = frozenset("the on a next this coming".split())
_THIS_YEAR = re.compile(r"\s+(?:this|next)\s+year$|^올해\s*|^내년\s*")


def days_until(cleaned: str, now: datetime) -> tuple[str, date, str] | None:
    """The day a "how many days (weeks) until …" question names (its words as said, the date, and "days" or
    "weeks"), or None: not such a question, or its words are more than a day ("how long until the christmas party": a
    promise's, or the model's)."""
    text = " ".join(cleaned.split()).rstrip("?？ ")   # one space per run: the Korean patterns are cubic in a run (pass 49)
    m = next((m for p in _EN_UNTIL if (m := p.fullmatch(text))), None) or \
        (_KO_UNTIL.fullmatch(text) if not text.isascii() else None)
    if m is None:
        return None
    day = _one_day(m["x"], now)
    unit = m.groupdict().get("unit") or ""
    return None if day is None else (*day, "weeks" if unit == "weeks" or "주" in unit else "days")


def day_asked(cleaned: str, now: datetime) -> tuple[str, date] | None:
    """The day "what's the date next Friday?" or "크리스마스 무슨 요일이야?" names (its words, the date), or None (not
    such a question, or its words are more than a day: "what day is the dentist" is the agenda's)."""
    text = " ".join(cleaned.split()).rstrip("?？ ")   # one space per run: the Korean patterns are cubic in a run (pass 49)
    m = next((m for p in _EN_WHICH if (m := p.fullmatch(text))), None) or \
        (_KO_WHICH.fullmatch(text) if not text.isascii() else None)
    if m is None or m["x"].strip() in ("it", "today", "tomorrow", "오늘", "내일", "지금", "오늘은", "내일은", "it today"):
        return None
    next_year = bool(re.search(r"\bnext\s+year$|^내년", m["x"].strip()))
    found = _one_day(_THIS_YEAR.sub("", m["x"].strip()), now)
    if found is None:
        return None
    words, day = found
    if next_year and day.year == now.year:
        try:
            day = day.replace(year=day.year + 1)
        except ValueError:   # February 29
            return None
    return words, day


def _one_day(said: str, now: datetime) -> tuple[str, date] | None:
    """`said` as one day on the calendar (its words, the date), or None: no day, a time of day, or words beside it."""
    words = said.strip(" ,")
    if not words:
        return None
    probe = f"{words}까지" if not words.isascii() else f"on {words}"   # "크리스마스" is a time with its particle
    try:
        when = resolve_time(probe, now)
    except ImpossibleTime:
        return None
    if when is None or when.has_time:
        return None
    left = probe
    for start, end in sorted(when.spans, reverse=True):
        left = left[:start] + " " + left[end:]
    if set(left.split()) - _FILLER - {"에", "까지"}:
        return None   # words beside the day: "the christmas party", "my trip on friday"
    return words, when.at.date()


# "how many days are in February 2028?", "is 2028 a leap year?", "what week number is it?", "2월은 며칠까지 있어?",
# "올해 윤년이야?", "오늘 몇 주차야?" (the forty-seventh session: SmolLM2 said "February 2028 is approximately 2028 days"
# and "The week number today is 13." on December 5)
_MONTHS = {name.casefold(): m for m, name in enumerate(EN_MONTH_NAMES, 1)}
_EN_MONTH_DAYS = re.compile(r"(?:so\s+|and\s+)?how\s+many\s+days\s+(?:are\s+(?:there\s+)?|does\s+|is\s+(?:there\s+)?)?(?:in\s+)?"
                            r"(?P<month>" + "|".join(_MONTHS) + r"|this\s+month|next\s+month)(?:\s+(?P<year>\d{4}))?(?:\s+have)?")
_KO_MONTH_DAYS = re.compile(r"(?:(?P<year>\d{4})\s*년\s*)?(?:(?P<month>\d{1,2})\s*월|(?P<this>이번\s*달|다음\s*달))\s*(?:은|는)?\s*"
                            r"(?:며칠까지\s*(?:있어|있지|야)|며칠\s*있어|몇\s*일까지\s*있어|며칠이야)")
_EN_LEAP = re.compile(r"(?:so\s+|and\s+)?is\s+(?P<year>\d{4}|this\s+year|next\s+year)\s+a\s+leap\s+year")
_KO_LEAP = re.compile(r"(?:(?P<year>\d{4})\s*년|(?P<this>올해|내년))\s*(?:은|는|이)?\s*윤년(?:이야|이에요|인가요|이니|이지|이야\s*아니야)?")
_EN_WEEK = re.compile(r"(?:so\s+|and\s+)?what(?:'s|\s+is)\s+(?:the\s+)?week\s+number(?:\s+(?:today|this\s+week|now))?"
                      r"|what\s+week\s+(?:number\s+)?(?:is\s+it|of\s+the\s+year\s+is\s+it)(?:\s+(?:today|now))?")
_KO_WEEK = re.compile(r"(?:오늘|이번\s*주)\s*(?:은|는|이|가)?\s*(?:올해\s*)?몇\s*(?:주차|번째\s*주)(?:야|예요|이야|지|인가요)?")


def calendar_fact(cleaned: str, today: date) -> tuple[str, int, int] | None:
    """("month_days", year, month), ("leap", year, 0) or ("week", ISO year, ISO week) for a question of the
    calendar itself, or None."""
    text = " ".join(cleaned.split()).rstrip("?？ ")   # one space per run: the Korean patterns are cubic in a run (pass 49)
    if (m := _EN_MONTH_DAYS.fullmatch(text)) or (not text.isascii() and (m := _KO_MONTH_DAYS.fullmatch(text))):
        named = m["month"] or ""
        if named.isdigit():
            month = int(named)
        elif named in _MONTHS:
            month = _MONTHS[named]
        else:   # this month, next month, 이번 달, 다음 달
            month = today.month + (1 if "next" in named or "다음" in (m.groupdict().get("this") or "") else 0)
        year = int(m["year"]) if m["year"] else today.year + (month - 1) // 12
        month = (month - 1) % 12 + 1
        if not m["year"] and (named.isdigit() or named in _MONTHS) and month < today.month:
            year += 1   # "how many days in February?" said in December: the coming one
        return ("month_days", year, month) if 1 <= month <= 12 and 1 <= year <= 9999 else None
    if (m := _EN_LEAP.fullmatch(text)) or (not text.isascii() and (m := _KO_LEAP.fullmatch(text))):
        said = m["year"] or m.groupdict().get("this") or ""
        year = int(said) if said.isdigit() else today.year + (1 if said in ("next year", "내년") else 0)
        return ("leap", year, 0) if 1 <= year <= 9999 else None
    if _EN_WEEK.fullmatch(text) or (not text.isascii() and _KO_WEEK.fullmatch(text)):
        iso = today.isocalendar()
        return "week", iso[0], iso[1]
    return None


# "what time is it in London?", "what's the time in New York", "도쿄는 지금 몇 시야?" (the session's chat: SmolLM2 said
# "The time in London is 2022-01-01."): the IANA zone whose city is named
_EN_ELSEWHERE = re.compile(r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what\s+time\s+is\s+it|what(?:'s|\s+is)\s+the\s+(?:time|date))"
                           r"\s+(?:right\s+now\s+|now\s+)?in\s+(?P<city>[a-z .'-]{2,40}?)(?:\s+(?:right\s+)?now)?")
_KO_ELSEWHERE = re.compile(r"(?P<city>[가-힣]{2,10}?)\s*(?:은|는)?\s*(?:지금\s*)?몇\s*시(?:야|예요|에요|지|니|인가요)?")
_KO_CITIES = {"런던": "Europe/London", "파리": "Europe/Paris", "베를린": "Europe/Berlin", "뉴욕": "America/New_York",
              "로스앤젤레스": "America/Los_Angeles", "엘에이": "America/Los_Angeles", "도쿄": "Asia/Tokyo", "베이징": "Asia/Shanghai",
              "상하이": "Asia/Shanghai", "홍콩": "Asia/Hong_Kong", "싱가포르": "Asia/Singapore", "시드니": "Australia/Sydney",
              "서울": "Asia/Seoul", "밴쿠버": "America/Vancouver", "토론토": "America/Toronto", "하와이": "Pacific/Honolulu",
              "방콕": "Asia/Bangkok", "하노이": "Asia/Ho_Chi_Minh", "두바이": "Asia/Dubai", "모스크바": "Europe/Moscow"}
_EN_ALIASES = {"la": "America/Los_Angeles", "nyc": "America/New_York", "san francisco": "America/Los_Angeles",
               "beijing": "Asia/Shanghai", "washington": "America/New_York", "boston": "America/New_York",
               "seattle": "America/Los_Angeles", "hawaii": "Pacific/Honolulu", "england": "Europe/London",
               "uk": "Europe/London", "japan": "Asia/Tokyo", "korea": "Asia/Seoul", "france": "Europe/Paris",
               "germany": "Europe/Berlin", "mumbai": "Asia/Kolkata", "delhi": "Asia/Kolkata", "india": "Asia/Kolkata"}


@functools.cache
def _cities() -> dict[str, str]:
    """The last part of every IANA zone name, as said: "new york" -> "America/New_York"."""
    cities: dict[str, str] = {}
    for name in sorted(zoneinfo.available_timezones()):
        if "/" in name and not name.startswith(("Etc/", "SystemV/", "posix/", "right/")):
            cities.setdefault(name.rsplit("/", 1)[1].replace("_", " ").casefold(), name)
    return cities


def elsewhere_asked(cleaned: str) -> tuple[str, tzinfo] | None:
    """The place and its zone for "what time is it in London?", or None (not asked, or no zone of that name)."""
    text = cleaned.rstrip("?？ ")
    if m := _EN_ELSEWHERE.fullmatch(text):
        return _zone_of(" ".join(m["city"].removeprefix("the ").split()))
    if not text.isascii() and (m := _KO_ELSEWHERE.fullmatch(text)) and m["city"] not in ("지금", "오늘", "내일"):
        return _zone_named(m["city"], _KO_CITIES.get(m["city"]))
    return None


# "the standup with Berlin is at 4pm their time", "call with Tokyo at 9am Tokyo time" (the sixty-second session's remote
# worker: kept at 4 PM here, an hour off): a clock time told in another place's zone. The place is the one named with it
# ("Tokyo time") or, for "their time", the one city named in the words.
_ZONED = re.compile(r"\b(?P<clock>\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|noon)\s+(?:(?P<their>their|(?:the\s+)?local)|(?:in\s+)?"
                    r"(?P<city>[a-z]+(?:\s+[a-z]+)?))\s+time\b", re.IGNORECASE)


_THEY_ARE_IN = re.compile(r"[\s,]+(?:(?:and|since|because|as|cause|cos)\s+)?(?:they're|theyre|they\s+are|he's|hes|she's|shes|"
                          r"he\s+is|she\s+is)\s+(?:based\s+)?in\s+(?P<city>[a-z]+(?:\s+[a-z]+)?)\s*$", re.IGNORECASE)


def _zone_of(place: str) -> tuple[str, tzinfo] | None:
    """`place` (English, as said) and its zone, or None when it names no zone known."""
    said = " ".join(place.casefold().removeprefix("the ").split())
    return _zone_named(place, _EN_ALIASES.get(said) or _cities().get(said))


def _zone_named(place: str, name: str | None) -> tuple[str, tzinfo] | None:
    if name is None:
        return None
    try:
        return place, zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def zoned_clock(text: str, now: datetime) -> tuple[str, str] | None:
    """`text` with a clock time told in another place's zone said as here ("… at 4pm their time" with Berlin named ->
    "… tomorrow at 3pm" in London), and how it was said there ("4 PM in Berlin"); None when no such time is said, or
    its place is no zone known."""
    if not text.isascii() or (m := _ZONED.search(text)) is None:
        return None
    found = _zone_of(m["city"]) if m["city"] else None
    if found is None and m["their"] and (where := _THEY_ARE_IN.search(text)) is not None \
            and (found := _zone_of(where["city"]) or _zone_of(where["city"].split()[0])) is not None:
        # "… at 4pm their time tomorrow theyre in new york" (the sixty-fourth session's freelancer: kept at 4 PM here,
        # "their time theyre in new york" in its name): where they are said after, in lower case; the words off
        text = (text[:where.start()] + text[where.end():]).rstrip(" ,")
        m = _ZONED.search(text)
        if m is None:
            return None
    if found is None and m["their"]:
        places = [z for w in re.findall(r"[A-Za-z]+", text[:m.start()] + " " + text[m.end():])
                  if len(w) > 2 and w[0].isupper() and (z := _zone_of(w)) is not None]
        found = places[0] if len({p for p, _ in places}) == 1 else None
    if found is None:
        return None
    place, tz = found
    said = text[:m.start()] + m["clock"] + text[m.end():]   # the words as said there
    there = now.astimezone(tz)
    try:
        when = resolve_time(said, there, due=True)
    except ImpossibleTime:
        return None
    if when is None or not when.has_time:
        return None
    here = when.at.astimezone(now.tzinfo)
    clock_here = f"{here:%I:%M}".lstrip("0").removesuffix(":00") + ("am" if here.hour < 12 else "pm")
    day = "today" if here.date() == now.date() else "tomorrow" if (here.date() - now.date()).days == 1 else \
        f"on {here:%A} the {here.day}{_th(here.day)}"
    spans = sorted(when.spans)
    # the time words as said there, taken out; the time here put where the first of them stood
    cut = said[:spans[0][0]].rstrip() + " " + f"{day} at {clock_here}" + said[spans[-1][1]:]
    there_clock = f"{when.at:%I:%M}".lstrip("0").removesuffix(":00") + (" AM" if when.at.hour < 12 else " PM")
    return " ".join(cut.split()), f"{there_clock} in {place.title()}"


def _th(day: int) -> str:
    return "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
