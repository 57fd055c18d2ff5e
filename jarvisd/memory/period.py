"""The period a question names: a month, a year, or a month of a year ("in October 2023", "May 2023",
"2023년 10월", "10월에", "in 2023").

Pure rules over the text and today's date. A day named with its month ("on 1 February, 2023",
"10월 5일") counts as its month: items carry the date they were said, which is often a few days from
the date a question names. A month without a year is the latest such month up to today. Several
periods give the span from the first to the last; text that names none gives None. Used by recall
to gather candidates inside the period (`MemoryService.recall`, docs/memory-net-value.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
_ABBREVIATIONS = {name[:3]: n for n, name in enumerate(MONTHS, start=1)} | {"sept": 9}
_MONTH_NUMBER = {name: n for n, name in enumerate(MONTHS, start=1)} | _ABBREVIATIONS
_MONTH_WORD = "|".join(sorted(_MONTH_NUMBER, key=len, reverse=True))
_YEAR = r"(?:19|20)\d\d"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
# a month name with a year after it ("October 2023", "August 3, 2023", "May of 2022")
_EN_MONTH_YEAR = re.compile(
    rf"\b(?P<month>{_MONTH_WORD})\.?(?:\s+{_DAY})?,?\s+(?:of\s+)?(?P<year>{_YEAR})\b", re.IGNORECASE
)
# a month name alone only where it reads as a date ("in May", "7 July", "October 5th"), so the verb
# "may" and the name "May" are not taken for the month
_EN_MONTH = re.compile(
    rf"(?:\b(?:in|during|since|until|of|early|late|mid|last|this|next|\d{{1,2}})[\s-]+(?P<a>{_MONTH_WORD})\b"
    rf"|\b(?P<b>{_MONTH_WORD})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b)",
    re.IGNORECASE,
)
_KO_MONTH_YEAR = re.compile(rf"(?P<year>{_YEAR})\s*년\s*(?P<month>1[0-2]|0?[1-9])\s*월")
_KO_MONTH = re.compile(r"(?<![\d.])(?P<month>1[0-2]|0?[1-9])\s*월(?![급세])")
_KO_YEAR = re.compile(rf"(?<!\d)(?P<year>{_YEAR})\s*년")
_EN_YEAR = re.compile(rf"(?<![\d.:/-])\b(?P<year>{_YEAR})\b(?![\d.:/-])")


@dataclass(frozen=True)
class Period:
    start: date
    end: date  # exclusive

    def holds(self, day: date) -> bool:
        return self.start <= day < self.end


def month_period(year: int, month: int) -> Period:
    end = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return Period(date(year, month, 1), end)


def year_period(year: int) -> Period:
    return Period(date(year, 1, 1), date(year + 1, 1, 1))


def latest_month(month: int, today: date) -> Period:
    """The latest `month` that has begun by `today` (this year's, else last year's)."""
    return month_period(today.year if month <= today.month else today.year - 1, month)


def _month(word: str) -> int:
    return _MONTH_NUMBER[word.casefold().rstrip(".")]


def _blank(text: str, match: re.Match[str]) -> str:
    """`text` with the match replaced by spaces, so a later, looser pattern does not take it again."""
    return text[: match.start()] + " " * (match.end() - match.start()) + text[match.end():]


def _named_years(text: str) -> list[int]:
    return [int(m["year"]) for pattern in (_EN_MONTH_YEAR, _KO_MONTH_YEAR, _KO_YEAR, _EN_YEAR)
            for m in pattern.finditer(text)]


def _is_month(word: str) -> bool:
    """"May" only capitalised: "this may help" is not a month."""
    return word.casefold() != "may" or word[0] == "M"


def named_period(text: str, today: date) -> Period | None:
    """The period `text` names, or None (no month or year in it). A month without a year takes the
    first year the text names ("between August 11 and August 15 2023"), else `latest_month`."""
    years = _named_years(text)
    found: list[Period] = []
    for pattern in (_EN_MONTH_YEAR, _KO_MONTH_YEAR):
        for m in list(pattern.finditer(text)):
            month = _month(m["month"]) if m["month"].isalpha() else int(m["month"])
            found.append(month_period(int(m["year"]), month))
            text = _blank(text, m)
    alone = [(m, m["a"] or m["b"]) for m in _EN_MONTH.finditer(text)]
    alone = [(m, _month(w)) for m, w in alone if _is_month(w)]
    alone += [(m, int(m["month"])) for m in _KO_MONTH.finditer(text)]
    for m, month in alone:
        found.append(month_period(years[0], month) if years else latest_month(month, today))
        text = _blank(text, m)
    for pattern in (_KO_YEAR, _EN_YEAR):
        for m in list(pattern.finditer(text)):
            found.append(year_period(int(m["year"])))
            text = _blank(text, m)
    if not found:
        return None
    return Period(min(p.start for p in found), max(p.end for p in found))
