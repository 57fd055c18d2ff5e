""""Can I lift stuff yet?", "am I allowed to drive again?" after "no lifting for two weeks" was kept (pure rules; the
assistant reads the kept facts and their days, `Assistant._allowed_yet`). Round 64's low: to SmolLM2, which made an
answer up. The answer is the fact, the day it was told and the day it runs to, read from the calendar: "You told me no
lifting for two weeks, on Monday, December 7: that's until Monday, December 21." Nothing here says more than the user
said (no advice of its own)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

_LEAD = r"(?:(?:so|and|hey|jarvis|ok(?:ay)?|um|uh|well)[\s,]+)*"
# "can i lift stuff yet", "am i allowed to drive again", "is it ok to go swimming yet", "when can i lift again"
_EN_ASKED = re.compile(
    _LEAD + r"(?:(?:can|may|could)\s+i|am\s+i\s+(?:allowed|able|ok(?:ay)?|cleared)\s+to|is\s+it\s+(?:ok(?:ay)?|safe|fine|alright)\s+"
    r"(?:for\s+me\s+)?to|when\s+(?:can|may|could)\s+i)\s+(?:start\s+|go\s+)?(?P<verb>[a-z]+)"
    r"(?:\s+(?:stuff|things|anything|something|heavy\s+(?:stuff|things)|(?:the\s+)?car|weights|a\s+car))*"
    r"\s*(?:(?P<yet>yet|now|again|already)\s*)?\??")
_WHEN = re.compile(r"\bwhen\b")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "twelve": 12, "a couple of": 2, "couple of": 2, "a few": 3}
_AMOUNT = r"(?P<n>\d{1,3}|a\s+couple\s+of|couple\s+of|a\s+few|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
# "no lifting for two weeks", "the doctor said no heavy lifting for 6 weeks", "no driving for a week after the surgery"
_EN_NO = re.compile(r"\bno\s+(?:heavy\s+|more\s+)?(?P<ing>[a-z]{3,}ing)\b(?:\s+[\w'-]+){0,4}?\s+for\s+(?:the\s+next\s+)?"
                    + _AMOUNT + r"\s+(?P<unit>days?|weeks?|months?)\b")
# "i can't drive for two weeks", "i'm not allowed to lift anything for 6 weeks", "shouldn't swim for 10 days"
_EN_CANT = re.compile(r"\b(?:can't|cannot|can\s+not|shouldn't|should\s+not|mustn't|must\s+not|not\s+(?:allowed|supposed)\s+to)\s+"
                      r"(?P<verb>[a-z]{2,})\b(?:\s+[\w'-]+){0,4}?\s+for\s+(?:the\s+next\s+)?" + _AMOUNT +
                      r"\s+(?P<unit>days?|weeks?|months?)\b")

# a later fact that lets the user do it again: "the doctor said i can lift again", "i'm cleared to drive", "cleared me
# for lifting", "lifting is fine now" (pass 65: the older "no lifting for two weeks" was still answered after it)
_EN_CLEARED = re.compile(
    r"\b(?:(?:i|you)\s+(?:can|could|may)\s+(?:now\s+|finally\s+)?(?P<verb>[a-z]{2,})\b(?:\s+[\w'-]+){0,3}?\s+(?:again|now)\b"
    r"|(?:i'?m|i\s+am|you'?re|you\s+are)\s+(?:now\s+)?(?:cleared|allowed|ok(?:ay)?|fine|free)\s+to\s+(?P<verb2>[a-z]{2,})\b"
    r"|cleared\s+(?:me\s+)?(?:to|for)\s+(?P<verb3>[a-z]{2,})\b"
    r"|\b(?P<ing>[a-z]{3,}ing)\b(?:\s+[\w'-]+){0,3}?\s+is\s+(?:fine|ok(?:ay)?|allowed)\s+(?:again|now)\b)")


@dataclass(frozen=True)
class YetAsked:
    verb: str      # "lift", "drive"
    when: bool     # "when can I drive again?": the day asked, not whether


def yet_asked(text: str) -> YetAsked | None:
    """The deed a "can I … yet?" asks about, or None."""
    said = " ".join(text.lower().split())
    if len(said) > 120:
        return None
    m = _EN_ASKED.fullmatch(said)
    if m is None or (not m["yet"] and not _WHEN.search(said)):
        return None
    return YetAsked(m["verb"], bool(_WHEN.search(said)))


def _same_deed(ing: str, verb: str) -> bool:
    """"lifting" of "lift", "driving" of "drive", "running" of "run"."""
    stem = ing.removesuffix("ing")
    return verb in (stem, f"{stem}e") or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] == verb)


@dataclass(frozen=True)
class Restriction:
    told: date       # the day it was told
    until: date      # the day it runs to


def restriction(fact: str, verb: str, told: date) -> Restriction | None:
    """How long a kept fact keeps the user from `verb` ("no lifting for two weeks" told Dec 7: to Dec 21), or None."""
    said = " ".join(fact.lower().split())
    m = _EN_NO.search(said)
    if m is None or not _same_deed(m["ing"], verb):
        m = _EN_CANT.search(said)
        if m is None or m["verb"] != verb:
            return None
    n = int(m["n"]) if m["n"].isdigit() else _NUMBERS[" ".join(m["n"].split())]
    unit = m["unit"].rstrip("s")
    if unit == "month":
        month = told.month - 1 + n
        year, month = told.year + month // 12, month % 12 + 1
        try:
            until = told.replace(year=year, month=month)
        except ValueError:   # Jan 31 + a month: the month's last day
            until = date(year, month % 12 + 1, 1) - timedelta(days=1) if month < 12 else date(year, 12, 31)
    else:
        until = told + timedelta(days=n * (7 if unit == "week" else 1))
    return Restriction(told, until)


def cleared(fact: str, verb: str) -> bool:
    """Whether a kept fact lets the user do `verb` again ("the doctor said I can lift again")."""
    said = " ".join(fact.lower().split())
    for m in _EN_CLEARED.finditer(said):
        if (m["ing"] and _same_deed(m["ing"], verb)) or verb in (m["verb"], m["verb2"], m["verb3"]) \
                or (m["verb3"] and _same_deed(m["verb3"], verb)):
            return True
    return False


def cleared_answer(fact: str, told: date, today: date) -> str:
    """"You told me the doctor said you can lift again, on Saturday, December 12." """
    return f"You told me {fact.rstrip(' .!')}, {'today' if told == today else 'on ' + _day(told, today)}."


def _day(day: date, today: date) -> str:
    text = f"{day:%A}, {day:%B} {day.day}"
    return text if day.year == today.year else f"{text}, {day.year}"


def yet_answer(fact: str, kept: Restriction, today: date) -> str:
    """"You told me no lifting for two weeks, on Monday, December 7: that's until Monday, December 21." """
    told = "today" if kept.told == today else f"on {_day(kept.told, today)}"
    head = f"You told me {fact.rstrip(' .!')}, {told}"
    if today < kept.until:
        days = (kept.until - today).days
        left = "1 more day" if days == 1 else f"{days} more days"
        return f"{head}: that's until {_day(kept.until, today)}, {left}."
    return f"{head}: that ran until {_day(kept.until, today)}, so that time is up."
