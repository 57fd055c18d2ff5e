"""A reminder asked before a day the user told as a fact: "remind me a week before Julia's birthday" after "Julia's
birthday is March 3rd". Pure: what is asked, and the day a fact holds.

Before (the fifty-first session) the agenda kept "a week before Julia's birthday" as a promise with no due and asked
"When should I remind you?", though memory held the day. The assistant now finds the fact, puts the day on the agenda
("Julia's birthday", due March 3) and the reminder that long before it, through the desk's own rules.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from jarvisd.memory.fact_asked import readings
from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans
from jarvisd.textsafe import plain_words

_LEAD = r"(?:(?:oh|and|also|please|jarvis|ok|okay|(?:can|could|would|will)\s+you)\W+)*"
_DATED = (r"birthday|bday|anniversary|wedding|graduation|due\s+date|name\s+day|retirement|farewell|"
          r"recital|surgery|exam|interview|flight|trip|move|moving\s+day|party")
_AMOUNT = (r"(?P<amount>(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(?:days?|weeks?)|the\s+(?:day|night|morning|evening)"
           r"|a\s+couple\s+of\s+days|a\s+few\s+days)")
_THING = r"(?P<thing>(?:my|our|[a-z][\w-]*'s)\s+(?:[\w'-]+\s+){0,2}?(?:" + _DATED + r"))"
# "remind me a week before Julia's birthday"; with a deed (the fifty-seventh session's chat: "remind me three days before
# my sister's birthday to buy a gift", "remind me to book a table two days before our anniversary" went to the agenda's
# "couldn't find the sister's birthday"): the deed is due that long before the day
_EN = re.compile(_LEAD + r"(?:remind|warn|ping|tell)\s+me\s+(?:to\s+(?P<deed_first>[^,]{2,80}?)\s+)?" + _AMOUNT + r"\s+"
                 r"(?:before|ahead\s+of)\s+" + _THING + r"(?:\s*,?\s+(?:to|so\s+i\s+can)\s+(?P<deed>.{2,80}))?",
                 re.IGNORECASE)
# "when's the anniversary?", "what day is Julia's birthday?" (the sixtieth session: answered with the due of a promise
# made for it, "book a restaurant for your anniversary, by May 31", not the day told)
_WHEN = re.compile(_LEAD + r"(?:when(?:'s|\s+is|\s+was)|what\s+(?:day|date)(?:'s|\s+is|\s+was))\s+"
                   r"(?P<thing>(?:my|our|the|[a-z][\w-]*'s)\s+(?:[\w'-]+\s+){0,2}?(?:" + _DATED + r"))(?:\s+again|\s+this\s+year)?",
                   re.IGNORECASE)
# "how many days until Emily's birthday" (the sixty-third session's older user: SmolLM2 answered "(2026-12-07)
# 2026-12-07 19 days"): the days to the day a fact holds
_ENDS = r"(?:expires|runs\s+out|ends|is\s+due|comes\s+due|starts|begins)"
ENDS_SAID = re.compile(r"\s" + _ENDS + r"$", re.IGNORECASE)   # the thing said by what happens on its day
_HOW_LONG = re.compile(_LEAD + r"how\s+(?:many\s+(?P<unit>days|weeks)|long)\s+(?:is\s+it\s+|are\s+there\s+|do\s+i\s+have\s+|left\s+)?"
                       r"(?:until|till|'til|before|to)\s+"
                       r"(?P<thing>(?:my|our|the|[a-z][\w-]*'s)\s+(?:[\w'-]+\s+){0,2}?(?:" + _DATED + r")"
                       # "how many days until my passport expires" (the sixty-fourth session's working week: counted to
                       # the renewal's due, not the day told): a thing's day said by what happens on it
                       r"|(?:my|our|the|[a-z][\w-]*'s)\s+[\w'-]+(?:\s+[\w'-]+)?\s+" + _ENDS + r")(?:\s+again|\s+this\s+year)?",
                       re.IGNORECASE)
# "our anniversary is June 15th" (a day told again: the sixtieth session's low kept the new day and left "book a
# restaurant two weeks before" on the old one's date): the thing whose day a fact tells
_TOLD = re.compile(r"(?P<thing>(?:my|our|[a-z][\w-]*'s)\s+(?:[\w'-]+\s+){0,2}?(?:" + _DATED + r"))\s+(?:is|falls)\s+\S.*",
                   re.IGNORECASE)
_DAYS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_VALUE = re.compile(r".+?\s+(?:is|are|was|falls|expires|runs\s+out|ends|starts|begins|comes\s+due)\s+(?:on\s+)?(?P<value>.+)",
                    re.IGNORECASE)


def before_told_day(text: str) -> tuple[str, str, str] | None:
    """("a week", "Julia's birthday", "") for "remind me a week before Julia's birthday", with the deed asked that long
    before it as the third ("buy a gift" of "remind me three days before my sister's birthday to buy a gift"), or None.
    Read in the words the memory and the agenda read (`plain_words`: pass 56c, "Ju\u2060lia's birthday" kept no day,
    "When should I remind you?")."""
    m = _EN.fullmatch(" ".join(plain_words(text).split()).rstrip(" .!?"))
    return (m["amount"], m["thing"], m["deed"] or m["deed_first"] or "") if m else None


# "could you please remind me to buy a card for Emily a few days before", right after "Emily's birthday is on the 19th"
# (the sixty-third session's older user: kept "buy a card for Emily a few days", asked when): before the day just told
_BEFORE_IT = re.compile(_LEAD + r"(?:please\s+)?(?:remind|warn|ping|tell)\s+me\s+to\s+(?P<deed>[^,]{2,80}?)\s+" + _AMOUNT
                        + r"\s+(?:before|ahead)(?:\s+(?:that|then|it))?", re.IGNORECASE)


def before_it(text: str, told_before: str) -> str | None:
    """"remind me to buy a card for Emily a few days before Emily's birthday" for "… a few days before" said right after
    `told_before`, a dated thing's day told ("my granddaughter Emily's birthday is on the 19th"); else None."""
    m = _BEFORE_IT.fullmatch(" ".join(plain_words(text).split()).rstrip(" .!?"))
    thing = dated_thing(told_before) if m is not None and told_before else None
    if thing is None:
        return None
    thing = re.sub(r"^(?:my|our)\s+(?:[\w'-]+\s+)?(?=[a-z][\w-]*'s\s)", "", thing, flags=re.IGNORECASE)   # "my granddaughter Emily's"
    return f"remind me to {m['deed']} {m['amount']} before {thing}"


_PRONOUN_THING = re.compile(r"\b(?:her|his|their)\s+(?P<noun>" + _DATED + r")\b", re.IGNORECASE)


def with_told_owner(text: str, told_before: str) -> str:
    """"remind me a week before her birthday to buy a gift" said right after "my sister's birthday is on december 19"
    (the sixty-fourth session's days lived: "Got it: buy a gift. When should I remind you?"): "her birthday" as the
    thing just told, "my sister's birthday"; the text as it is when the turn before told no such day."""
    m = _PRONOUN_THING.search(text)
    thing = dated_thing(told_before) if m is not None and told_before else None
    if thing is None or not thing.lower().endswith(m["noun"].lower()):
        return text
    return f"{text[:m.start()]}{thing}{text[m.end():]}"


def when_told_day(text: str) -> str | None:
    """"the anniversary" for "when's the anniversary?", "Julia's birthday" for "what day is Julia's birthday?"; else None."""
    m = _WHEN.fullmatch(" ".join(plain_words(text).split()).rstrip(" .!?"))
    return m["thing"] if m else None


def days_to_told_day(text: str) -> tuple[str, str] | None:
    """("Emily's birthday", "days") for "how many days until Emily's birthday?" ("weeks" when asked in weeks); else
    None."""
    m = _HOW_LONG.fullmatch(" ".join(plain_words(text).split()).rstrip(" .!?"))
    return (m["thing"], m["unit"] or "days") if m else None


# whose a dated thing is: "Julia's", "my parents'" (a name's), "my" / "our" (the user's own), or none said ("the")
_OWNER = re.compile(r"\b(?P<name>[a-z][\w-]*'s|[a-z][\w-]*s')(?=\s)|\b(?P<own>my|our)\b", re.IGNORECASE)
_SUBJECT_END = re.compile(r"\s(?:is|are|was|falls)\s", re.IGNORECASE)


def owner(words: str) -> str | None:
    """Whose the thing `words` name is ("julia's", "parents'", "me" for my / our), None when not said ("the
    anniversary"); a fact's subject only, before its "is"."""
    subject = _SUBJECT_END.split(" ".join(plain_words(words).split()), maxsplit=1)[0]
    found = [m["name"].casefold() if m["name"] else "me" for m in _OWNER.finditer(subject)]
    named = [who for who in found if who != "me"]
    return named[0] if named else (found[0] if found else None)


def same_owner(thing: str, fact: str) -> bool:
    """Whether a kept fact is of the owner the asked `thing` says: "when is our anniversary?" is not answered with
    "my parents' anniversary is on May 2nd" (pass 61b: the newest of the two was said, whoever's it was); "the
    anniversary" is anyone's."""
    asked = owner(thing)
    return asked is None or owner(fact) == asked


def dated_thing(fact: str) -> str | None:
    """"our anniversary" for "our anniversary is June 15th" (a dated thing's day told), else None."""
    m = _TOLD.fullmatch(" ".join(plain_words(fact).split()).rstrip(" .!?"))
    return m["thing"] if m is not None and told_day(fact) is not None else None


def told_date(fact: str, now: datetime) -> date | None:
    """The next date a fact's told day falls on ("our anniversary is June 15th" said in December: June 15 next year)."""
    day = told_day(fact)
    return None if day is None else day_before(day, 0, now)


def days_before(amount: str) -> int | None:
    """"three days": 3, "a week": 7, "two weeks": 14, "the day": 1, "a couple of days": 2; None for a part of the
    day before ("the night", "the morning": the desk's own reading)."""
    words = amount.lower().split()
    if words[0] == "the":
        return 1 if words[1] == "day" else None
    if words[:3] == ["a", "couple", "of"]:
        return 2
    if words[:2] == ["a", "few"]:
        return 3
    n = int(words[0]) if words[0].isdigit() else _DAYS[words[0]]
    return n * 7 if words[1].startswith("week") else n


def day_before(day: str, days: int, now: datetime) -> date | None:
    """The date `days` before the next `day` ("January 9th", 3 said on December 6: January 6), or None when the words
    name no date that can be."""
    try:
        when = resolve_time(f"on {day}", now, due=True)
    except ImpossibleTime:
        return None
    return None if when is None else when.at.date() - timedelta(days=days)


def told_day(fact: str) -> str | None:
    """The day words a fact's value holds ("Julia's birthday is March 3rd": "March 3rd"), or None when it holds no
    day of the calendar (only a time of day, or nothing)."""
    # read as the memory reads it (`fact_asked.readings`, `plain_words`): "Julia's birthday is Mar\u00adch 3" (a soft
    # hyphen, a zero-width space, a look-alike "M\u0430rch") was "Remembered", then "I don't know when Julia's birthday
    # is yet" (pass 57: the asked words were read plain since pass 56c, the kept fact's were not)
    for reading in readings(fact):
        m = _VALUE.fullmatch(" ".join(plain_words(reading).split()).rstrip("."))
        if m is None:
            continue
        # (a day of the month alone, "is on the 19th", is a time only after its "on": the sixty-third session's
        # "how many days until Emily's birthday" found no day)
        value = m["value"] if time_spans(m["value"]) or not re.match(r"the\s+\d", m["value"], re.IGNORECASE) else f"on {m['value']}"
        for start, end in time_spans(value):
            words = value[start:end]
            if re.search(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", words, re.IGNORECASE):
                return words
    return None
