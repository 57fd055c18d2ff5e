"""The end of a repeating promise (session 65): "take the antibiotics every day at 8 for 7 days", "water the plants
every day at 6pm until Sunday", "for the next two weeks", "until the 20th", "일주일 동안", "일요일까지".

Before, "for 7 days" stayed in the words and the series went on for ever, and "until Sunday" was read as the first due
(the end day read as the start). Pure rules: the words and now in, the end out (`End`), with the span of its words so
the due and the description are read without them. Read only of a clause that repeats (`repeats.repeat_in`): "finish
the report by Friday" or "금요일까지 보고서 내기" is a deadline, not an end. An end that names no day ("until I finish
it", "call mom until she answers", "every day until I say stop") is none.

A later "she's back on Sunday", "stop after Friday", "only until Friday" of the routine in focus sets the end
(`end_told`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from datetime import time as dt_time

from jarvisd.openloop.when import resolve_time
from jarvisd.openloop.when_words import ImpossibleTime

_EN_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
             "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "twenty": 20,
             "thirty": 30, "a couple of": 2, "couple of": 2}
_KO_COUNT = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "열흘": 10, "보름": 15,
             "일주일": 7, "한 주": 7, "한주": 7, "두 주": 14, "두주": 14, "세 주": 21, "세주": 21}
_KO_NUM = {"한": 1, "두": 2, "세": 3, "네": 4, "일": 1, "이": 2, "삼": 3, "사": 4}

_EN_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_EN_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
# "for 7 days", "for a week", "for the next two weeks", "for 10 more days": a count of days from the first time
_EN_FOR = re.compile(r"(?:\s*,)?\s*\bfor\s+(?:the\s+next\s+|another\s+)?(?P<n>\d{1,3}|a\s+couple\s+of|couple\s+of|an?|one|two|three|"
                     r"four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty)\s+(?:more\s+)?"
                     r"(?P<unit>day|week)s?\b", re.IGNORECASE)
# "until Sunday", "till Friday", "through the 20th", "until December 20", "until next Friday", "until 12/20"
_EN_UNTIL = re.compile(r"(?:\s*,)?\s*\b(?:until|till|til|'til|through|thru|up\s+to|up\s+until)\s+(?:and\s+including\s+)?"
                       r"(?:(?:on|this|this\s+coming|the\s+coming|next)\s+)?(?P<day>" + _EN_DAY + r"|tomorrow|"
                       r"(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:week|month)|weekend)|"
                       r"the\s+(?P<nth>\d{1,2})(?:st|nd|rd|th)|" + _EN_MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?|"
                       r"\d{1,2}/\d{1,2})\b(?:\s+inclusive\b)?", re.IGNORECASE)
_KO_DAY = r"[월화수목금토일]요일"
# "일주일 동안", "3일 동안", "2주 동안", "열흘간", "앞으로 일주일 동안"
_KO_FOR = re.compile(r"\s*(?:앞으로\s*)?(?:(?P<word>일주일|이레|열흘|보름|하루|이틀|사흘|나흘|닷새|엿새|한\s?주|두\s?주|세\s?주)|"
                     r"(?P<n>\d{1,3}|한|두|세|네)\s*(?P<unit>일|주일?|주))\s*(?:동안|간)(?:만)?(?![가-힣])")
# "일요일까지", "이번 주 일요일까지", "20일까지", "12월 20일까지", "내일까지", "이번 주까지"
_KO_UNTIL = re.compile(r"\s*(?P<day>(?:(?:이번|다음)\s*주\s*)?" + _KO_DAY + r"|(?:\d{1,2}\s*월\s*)?\d{1,2}\s*일|내일|모레|"
                       r"이번\s*주(?:말)?|주말|이번\s*달\s*말|월말)\s*까지(?:만)?(?![가-힣])")


@dataclass(frozen=True)
class End:
    """An end said: the last day (`day`), or a count of days from the first time (`days`); `span` its words; `at` the
    clock time on the last day ("every 2 hours until 6pm")."""

    day: date | None
    days: int
    span: tuple[int, int]
    at: dt_time | None = None

    def kept(self) -> str | None:
        """`OpenLoop.until` as kept: "2026-12-13", "2026-12-07T18:00"; None for a count (the service makes its day)."""
        if self.day is None:
            return None
        return self.day.isoformat() if self.at is None else f"{self.day.isoformat()}T{self.at:%H:%M}"

    def last_day(self, first: date) -> date:
        """The last day of a series whose first time falls on `first`."""
        return self.day if self.day is not None else first + timedelta(days=self.days - 1)


# "for a month", "for the next two months", "한 달 동안", "3개월 동안" (pass 66: "call mom every for a month" was kept, the
# words in the name, for ever): the last day a count of months from today, the day before the same date
_EN_FOR_MONTHS = re.compile(r"(?:\s?,)?\s?\bfor\s+(?:the\s+next\s+|another\s+)?(?P<n>\d{1,2}|an?|one|two|three|four|five|six|"
                            r"nine|twelve)\s+(?:more\s+)?months?\b", re.IGNORECASE)
_KO_FOR_MONTHS = re.compile(r"\s?(?:앞으로\s?)?(?P<n>\d{1,2}|한|두|세|네|여섯)\s?(?:달|개월)\s?(?:동안|간)(?:만)?(?![가-힣])")
_MONTH_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "nine": 9, "twelve": 12,
                "한": 1, "두": 2, "세": 3, "네": 4, "여섯": 6}


def _months_on(day: date, months: int) -> date:
    """`day` moved on `months` months, the day before that date (a month from December 7 ends January 6)."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month, min(day.day, last)) - timedelta(days=1)


def end_said(text: str, now: datetime) -> End | None:
    """The end a repeating promise's words give it, or None (no end, or one that names no day)."""
    for pattern in (_EN_FOR_MONTHS, _KO_FOR_MONTHS):
        if (m := pattern.search(text)) is not None:
            n = m["n"].lower()
            count = int(n) if n.isdigit() else _MONTH_COUNT.get(n, 0)
            if 0 < count <= 24:
                return End(_months_on(now.date(), count), 0, m.span())
    if (m := _EN_FOR.search(text)) is not None:
        n = m["n"].lower()
        count = int(n) if n.isdigit() else _EN_COUNT.get(" ".join(n.split()), 0)
        if count > 0:
            return End(None, count * (7 if m["unit"].lower() == "week" else 1), m.span())
        if n.isdigit():   # "for 0 days" (pass 66's low, kept in the name): a count that says nothing, its words off, no end
            return End(None, 0, m.span())
    if (m := _KO_FOR.search(text)) is not None:
        if m["word"]:
            count = _KO_COUNT[" ".join(m["word"].split()) if " " in m["word"] else m["word"]]
        else:
            n = m["n"]
            count = (int(n) if n.isdigit() else _KO_NUM[n]) * (7 if m["unit"].startswith("주") else 1)
        if count > 0 or m["n"] and m["n"].isdigit():   # "0일 동안": no end, its words off, as "for 0 days"
            return End(None, count, m.span())
    for m in (_EN_UNTIL.search(text), _KO_UNTIL.search(text)):
        if m is None:
            continue
        day = _day(m["day"], m["nth"] if "nth" in m.groupdict() else None, now)
        if day is not None:
            return End(day, 0, m.span())
    return None


# "drink water every 2 hours until 6pm", "30분마다 오후 6시까지" (pass 66: the end's clock time was read as the first due,
# then every 2 hours for ever): a series of hours or minutes that ends at a clock time
_EN_UNTIL_CLOCK = re.compile(r"(?:\s?,)?\s?\b(?:until|till|til|'til|up\s+to|up\s+until)\s+(?P<clock>\d{1,2}(?::\d{2})?\s?"
                             r"(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight)(?!\w)", re.IGNORECASE)
_KO_UNTIL_CLOCK = re.compile(r"\s?(?P<clock>(?:(?:오전|오후|아침|저녁|밤)\s?)?\d{1,2}\s?시(?:\s?(?:\d{1,2}\s?분|반))?)\s?까지(?:만)?"
                             r"(?![가-힣])")


def clock_end_said(text: str, now: datetime) -> End | None:
    """The clock time a series of hours or minutes ends at today ("every 2 hours until 6pm"), or None (none said, or
    already past)."""
    for pattern in (_EN_UNTIL_CLOCK, _KO_UNTIL_CLOCK):
        if (m := pattern.search(text)) is None:
            continue
        try:
            when = resolve_time(m["clock"] if pattern is _KO_UNTIL_CLOCK else f"at {m['clock']}", now)
        except (ImpossibleTime, ValueError):
            return None
        if when is None or not when.has_time or when.at <= now:
            return None
        if when.at.date() != now.date() and when.at.date() != now.date() + timedelta(days=1):
            return None
        # said after it today ("until 6pm" at 7 PM; lows67: tomorrow at 6 PM was read as the first time, no end): the
        # series ends at tomorrow's (the caller starts it that morning)
        return End(when.at.date(), 0, m.span(), when.at.time().replace(second=0, microsecond=0))
    return None


def moved(end: End | None) -> End | None:
    """`end` read off a whole utterance, for a clause its words are already out of (no span to cut)."""
    return None if end is None else End(end.day, end.days, (0, 0), end.at)


def without_end(text: str, end: End | None) -> str:
    """`text` without the words of its end ("take the antibiotics for 7 days" -> "take the antibiotics")."""
    if end is None:
        return text
    return " ".join((text[:end.span[0]] + " " + text[end.span[1]:]).split()).strip(" ,")


_LEFT_WORD = re.compile(r"(?:\s*,)?\s+(?:until|till|til|through|thru|up\s+to)$", re.IGNORECASE)


def desc_without_end(desc: str, now: datetime) -> str:
    """A promise's description without its end's words, and without an end word its day was cut from ("feed the cat
    through" when the reader took "friday" as a time)."""
    return _LEFT_WORD.sub("", without_end(desc, end_said(desc, now))).strip(" ,") or desc


def _day(said: str, nth: str | None, now: datetime) -> date | None:
    """The day the words after "until" name: "the 20th" the next 20th from today (this month's when not passed)."""
    if nth is not None:
        n, day = int(nth), now.date()
        for _ in range(62):
            if day.day == n:
                return day
            day += timedelta(days=1)
        return None
    try:
        when = resolve_time(said, now, due=True)
    except (ImpossibleTime, ValueError):
        return None
    if when is None or when.has_time or when.at.date() < now.date():
        return None
    return when.at.date()


# "she's back on sunday", "rosa's back sunday", "he gets back on friday", "stop after friday", "only until friday",
# "just until friday", "that's only till the 20th", "일요일에 돌아와", "금요일까지만 해"
_EN_BACK = re.compile(r"(?:(?:oh|ok(?:ay)?|so|and|actually|btw)[\s,]+)*(?:she|he|they|[\w']{1,30})(?:'s|'re|\s+is|\s+are|\s+will\s+be|"
                      r"\s+gets|\s+get|\s+comes|\s+come|'ll\s+be)\s+(?:back|home|coming\s+back|getting\s+back)\s+"
                      r"(?:on\s+|by\s+|this\s+|next\s+)?(?P<x>.{1,30}?)")
_EN_STOP = re.compile(r"(?:(?:oh|ok(?:ay)?|so|and|actually|but|please)[\s,]+)*(?:(?:stop|end)\s+(?:it\s+|them\s+|that\s+)?after|"
                      r"(?:(?:it's|it\s+is|that's|that\s+is|make\s+it|keep\s+it|do\s+it|it's\s+just)\s+)?(?:only|just)\s+"
                      r"(?:until|till|til|through)|(?:make\s+it|keep\s+it|do\s+it)\s+(?:until|till|through)|"
                      r"(?:it\s+)?ends?\s+(?:on\s+)?)\s+(?P<x>.{1,30}?)(?:\s+please)?")
_KO_BACK = re.compile(r"(?:[가-힣]{1,10}(?:은|는|이|가)\s*)?(?P<x>.{1,15}?)(?:에|날)?\s*(?:돌아와|돌아온대|돌아온다|와|온대|온다|들어와|들어온대)(?:요)?")
_KO_STOP = re.compile(r"(?P<x>.{1,15}?)까지만\s*(?:해|해\s*줘|하면\s*돼|할게|알려\s*줘)?(?:요)?")


def end_told(cleaned: str, now: datetime) -> tuple[date, bool] | None:
    """The last day a later word gives the routine in focus, and whether it was said as someone being back (the last
    time is the day before): "she's back on sunday" (Saturday, True), "stop after friday" (Friday, False); None when
    the words say neither (`cleaned`: lower case, no closing punctuation)."""
    for pattern, back in ((_EN_STOP, False), (_KO_STOP, False), (_EN_BACK, True), (_KO_BACK, True)):
        if (m := pattern.fullmatch(cleaned)) is None:
            continue
        said = m["x"].strip()
        nth = re.fullmatch(r"the\s+(\d{1,2})(?:st|nd|rd|th)", said)
        day = _day(said, nth[1] if nth else None, now) if re.search(r"\d|day\b|tomorrow|요일|오늘|내일|모레|일$", said) else None
        if day is None:
            continue
        return (day - timedelta(days=1), True) if back else (day, False)
    return None


# a routine said for while someone is away: "while she's away", "while rosa is out of town", "그 사람 없는 동안"
_AWAY = re.compile(r"\bwhile\s+[\w' ]{1,30}?(?:away|gone|out\s+of\s+town|traveling|travelling|on\s+(?:vacation|holiday|a\s+trip)|"
                   r"abroad|in\s+hospital|in\s+the\s+hospital)\b|\buntil\s+(?:she|he|they)(?:'s|'re|\s+is|\s+are|\s+gets?|\s+comes?)"
                   r"\s+back\b|없는\s*동안|비운\s*동안|(?:출장|여행|휴가)\s*(?:간|가\s*있는|중인)\s*동안|올\s*때까지", re.IGNORECASE)


def away_said(text: str) -> bool:
    """Whether a routine was said for while someone is away (a later "she's back on Sunday" ends it)."""
    return _AWAY.search(text) is not None


# "how many days left on the antibiotics?", "how many more days of the pills", "when do the antibiotics end?",
# "항생제 며칠 남았어?", "항생제 몇 번 남았지?"
_EN_LEFT = re.compile(r"(?:(?:so|and|ok(?:ay)?|hey)[\s,]+)*how\s+many\s+(?:more\s+)?(?:days|times|doses|pills|more)\s+"
                      r"(?:(?:are|do\s+i\s+have|have\s+i\s+got)\s+)?(?:(?:left|to\s+go|remaining)\s+)?(?:on|of|for|with)\s+"
                      r"(?:the\s+|my\s+)?(?P<x>[\w' -]{1,60}?)(?:\s+(?:left|to\s+go|remaining))?"
                      r"|(?:(?:so|and|ok(?:ay)?|hey)[\s,]+)*when\s+(?:do|does|will)\s+(?:the\s+|my\s+)?(?P<y>[\w' -]{1,60}?)\s+"
                      r"(?:end|stop|finish|be\s+over)")
_KO_LEFT = re.compile(r"(?P<x>[가-힣 ]{1,30}?)\s*(?:은|는|이|가)?\s*(?:며칠|몇\s*일|몇\s*번)\s*(?:더\s*)?남았(?:어|지|나|니|을까)?(?:요)?"
                      r"|(?P<y>[가-힣 ]{1,30}?)\s*(?:은|는|이|가)?\s*언제\s*(?:까지(?:야|예요|지|였지)?|끝나(?:\s*요)?)(?:요)?")


def left_asked(cleaned: str) -> str | None:
    """The words naming the routine "how many days left on the antibiotics?" asks of, or None."""
    m = _EN_LEFT.fullmatch(cleaned) or _KO_LEFT.fullmatch(cleaned)
    if m is None:
        return None
    return (m["x"] or m["y"] or "").strip() or None
