"""The period a question names: a day, a month, a year, or a span of them ("in October 2023",
"May 2023", "on 1 February, 2023", "2023년 10월", "10월 5일에", "in 2023").

Pure rules over the text and today's date. Items carry the date they were said, and an event is told
on its day or in the days after it ("yesterday I watched..."): a named day is that day and the week
after it. A month or a day without a year takes the first year the text names, else the latest such
month up to today. Several periods give the span from the first to the last; text that names none
gives None. Used by recall to gather candidates inside the period (`MemoryService._candidates`,
docs/memory-net-value.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

DAY_SPAN = timedelta(days=7)  # a named day: that day and the six after it
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
_ABBREVIATIONS = {name[:3]: n for n, name in enumerate(MONTHS, start=1)} | {"sept": 9}
_MONTH_NUMBER = {name: n for n, name in enumerate(MONTHS, start=1)} | _ABBREVIATIONS
_MONTH_WORD = "|".join(sorted(_MONTH_NUMBER, key=len, reverse=True))
_YEAR = r"(?:19|20)\d\d"
_ORDINAL = r"(?:st|nd|rd|th)?"
# an English month name, with what makes it a date: a preposition before it, a day before or after
# it, a year after it ("in May", "7 July", "August 3, 2023", "October 2023", "late December of 2022")
_EN_DATE = re.compile(
    rf"(?:\b(?P<prep>in|during|since|until|of|early|late|mid|last|this|next)[\s-]+)?"
    rf"(?:\b(?P<day1>\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?)?"
    rf"\b(?P<month>{_MONTH_WORD})\b\.?"
    rf"(?:\s+(?P<day2>\d{{1,2}}){_ORDINAL}\b)?"
    rf"(?:,?\s+(?:of\s+)?(?P<year>{_YEAR})\b)?",
    re.IGNORECASE,
)
_KO_DATE = re.compile(
    rf"(?:(?P<year>{_YEAR})\s*년\s*)?(?<![\d.])(?P<month>1[0-2]|0?[1-9])\s*월(?![급세])"
    r"(?:\s*(?P<day>[12]\d|3[01]|0?[1-9])\s*일)?"
)
_DATE_WORD = re.compile(rf"{_YEAR}|\d{{1,2}}{_ORDINAL}|\d{{1,4}}[년월일]")
_KO_YEAR = re.compile(rf"(?<!\d)(?P<year>{_YEAR})\s*년")
_EN_YEAR = re.compile(rf"(?<![\d.:/-])\b(?P<year>{_YEAR})\b(?![\d.:/-])")


@dataclass(frozen=True)
class Period:
    start: date
    end: date  # exclusive

    def holds(self, day: date) -> bool:
        return self.start <= day < self.end


def is_date_word(term: str) -> bool:
    """A query word that writes a date: a month name, a year, a day number, or Korean "2023년", "10월",
    "5일". Recall shows each item with its date, so an item said inside the period holds them."""
    return term in _MONTH_NUMBER or bool(_DATE_WORD.fullmatch(term))


def month_period(year: int, month: int) -> Period:
    end = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return Period(date(year, month, 1), end)


def year_period(year: int) -> Period:
    return Period(date(year, 1, 1), date(year + 1, 1, 1))


def latest_year(month: int, today: date) -> int:
    """The year of the latest `month` that has begun by `today` (this year's, else last year's)."""
    return today.year if month <= today.month else today.year - 1


def day_period(year: int, month: int, day: int | None) -> Period:
    """The named day and the week after it; the month when no day is named, or no such day exists."""
    try:
        start = date(year, month, day) if day else None
    except ValueError:
        start = None
    return Period(start, start + DAY_SPAN) if start else month_period(year, month)


def _blank(text: str, match: re.Match[str]) -> str:
    """`text` with the match replaced by spaces, so a later, looser pattern does not take it again."""
    return text[: match.start()] + " " * (match.end() - match.start()) + text[match.end():]


def _dates(text: str) -> list[tuple[re.Match[str], int | None, int, int | None]]:
    """(match, year, month, day) of each date written in `text`; an English month name only where it
    reads as a date, and "May" only capitalised ("this may help" names no month)."""
    found: list[tuple[re.Match[str], int | None, int, int | None]] = []
    for m in _EN_DATE.finditer(text):
        word, day = m["month"], m["day1"] or m["day2"]
        if (m["prep"] or day or m["year"]) and (word.casefold() != "may" or word[0] == "M"):
            found.append((m, int(m["year"]) if m["year"] else None, _MONTH_NUMBER[word.casefold()],
                          int(day) if day else None))
    for m in _KO_DATE.finditer(text):
        found.append((m, int(m["year"]) if m["year"] else None, int(m["month"]), int(m["day"]) if m["day"] else None))
    return found


def named_period(text: str, today: date) -> Period | None:
    """The period `text` names, or None (no date, month or year in it)."""
    dates = _dates(text)
    years = [y for _, y, _, _ in dates if y] + [int(m["year"]) for p in (_KO_YEAR, _EN_YEAR) for m in p.finditer(text)]
    found: list[Period] = []
    for m, year, month, day in dates:
        found.append(day_period(year or (years[0] if years else latest_year(month, today)), month, day))
        text = _blank(text, m)
    for pattern in (_KO_YEAR, _EN_YEAR):
        for m in list(pattern.finditer(text)):
            found.append(year_period(int(m["year"])))
            text = _blank(text, m)
    if not found:
        return None
    return Period(min(p.start for p in found), max(p.end for p in found))
