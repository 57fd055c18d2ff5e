"""A promise of one's own tied to a day the user told as a fact: "i should send him a card a few days before his
birthday" after "my grandson's birthday is on december 20". Pure: what is promised, how long before the day, and whose
day it is (`dated_facts.py` reads the asks to be reminded, "remind me a week before Julia's birthday").

Before (session 70, days lived offline): the desk kept "send him a card a few days" (the time cut, the name mangled)
with no due, "buy a present for my grandson" with no due, and "remind me to call my grandson on his birthday" asked
"When should I remind you?", though memory held the day. The assistant now puts the deed due that long before the day
told (`Assistant._deed_by_told_day`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jarvisd.memory.dated_facts import _AMOUNT, _DATED, days_before
from jarvisd.textsafe import plain_words

_LEAD = r"(?:(?:oh|and|also|so|well|ok|okay|jarvis|btw)\W+)*"
# said as one's own ("i should", "i need to", "i'll") or asked to be reminded of ("remind me to")
_OWN = (r"(?:(?:i|we)(?:'ll|\s+(?:really\s+|still\s+|also\s+)?(?:should|must|need\s+to|have\s+to|got\s+to|gotta|ought\s+to|"
        r"want\s+to|will|(?:am|'m|are|'re)\s+going\s+to|(?:had|'d)\s+better))"
        r"|(?P<remind>(?:please\s+)?(?:remind|ping)\s+me\s+to))")
_THING = (r"(?P<thing>(?P<whose>his|her|their|my|our|the|[a-z][\w-]*'s)\s+(?P<noun>(?:[\w'-]+\s+){0,2}?(?:" + _DATED
          + r")))")
_EN = re.compile(
    _LEAD + _OWN + r"\s+(?P<deed>[^,.;!?]{2,80}?)\s+"
    r"(?:" + _AMOUNT + r"\s+before(?:\s+" + _THING.replace("(?P<", "(?P<a_") + r")?"
    r"|(?P<rel>before|on|by)\s+" + _THING + r")",
    re.IGNORECASE)

_MALE = {"grandson", "son", "brother", "dad", "father", "husband", "uncle", "nephew", "grandpa", "grandfather", "granddad",
         "boyfriend", "fiance", "stepson", "stepfather", "son-in-law", "brother-in-law", "father-in-law", "boss", "he"}
_FEMALE = {"granddaughter", "daughter", "sister", "mom", "mum", "mother", "wife", "aunt", "niece", "grandma", "grandmother",
           "nana", "girlfriend", "fiancee", "stepdaughter", "stepmother", "daughter-in-law", "sister-in-law",
           "mother-in-law"}
_KIN = _MALE | _FEMALE | {"cousin", "friend", "parents", "kids", "children", "grandkids", "partner", "teacher", "neighbor",
                          "neighbour", "coworker", "colleague", "baby", "child"}
_PARTS = {"night": "8 PM", "evening": "7 PM", "morning": "8 AM"}


@dataclass(frozen=True)
class DeedByDay:
    """"send him a card" `days` 3 before "his birthday" (`whose` "his", `noun` "birthday"); `days` None for "on" the day
    itself; `said_amount` as the user said it ("a few days"), "" for "before his birthday" (the day before)."""

    deed: str
    days: int
    whose: str        # his / her / their / my / our / the / "julia's"; "" when the day was not named ("a few days before")
    noun: str         # birthday, anniversary, wedding, exam, ...
    said_amount: str  # "three days", "a few days", "the night"; "" for a bare "before" / "on"
    on_day: bool      # "on his birthday": the day itself
    remind: bool      # "remind me to …" (the desk says "I'll remind you")

    @property
    def part(self) -> str:
        """"8 PM" for "the night before", else "" (the day's usual hour)."""
        words = self.said_amount.split()
        return _PARTS.get(words[1].lower(), "") if len(words) == 2 and words[0].lower() == "the" else ""

    @property
    def person_in_deed(self) -> str | None:
        """"grandson" of "send my grandson a card", "julia" of "call Julia"; None when the deed names no one."""
        m = re.search(r"\bmy\s+([a-z][\w-]*)\b", self.deed, re.IGNORECASE)
        if m is not None and m[1].lower() in _KIN:
            return m[1].lower()
        m = re.search(r"\b(mom|mum|dad|grandma|grandpa|nana)\b", self.deed, re.IGNORECASE)
        return m[1].lower() if m else None


def deed_by_told_day(text: str) -> DeedByDay | None:
    """The promise read from "i should send him a card a few days before his birthday", "remind me to call my grandson
    on his birthday", "i have to buy a present for my grandson before his birthday"; None for anything else ("i'll send
    him a card": no day; "two days before the trip i need to pack": the desk's own reading)."""
    said = " ".join(plain_words(text).split()).rstrip(" .!?")
    if len(said) > 240 or (m := _EN.fullmatch(said)) is None:
        return None
    remind = m["remind"] is not None
    deed = m["deed"].strip()
    if re.search(r"\b(?:remind|before|after|until)\b", deed, re.IGNORECASE):
        return None
    if m["amount"] is not None:
        amount = " ".join(m["amount"].lower().split())
        words = amount.split()
        days = 1 if words[0] == "the" else days_before(amount)
        if days is None:
            return None
        thing, whose, noun = m["a_thing"], m["a_whose"] or "", m["a_noun"] or ""
        return DeedByDay(deed, days, whose.lower() if thing else "", noun.lower(), amount, False, remind)
    rel = m["rel"].lower()
    if rel == "by":   # "by his birthday": by the day itself
        return DeedByDay(deed, 0, m["whose"].lower(), m["noun"].lower(), "", False, remind)
    return DeedByDay(deed, 0 if rel == "on" else 1, m["whose"].lower(), m["noun"].lower(), "", rel == "on", remind)


def fits(whose: str, owner: str | None) -> bool:
    """Whether a kept fact's owner ("grandson's", "julia's", "me") may be the one said (his / her / their / the)."""
    if owner is None:
        return whose in ("the", "")
    if owner == "me":
        return whose in ("my", "our", "the", "")
    word = owner.removesuffix("'s").removesuffix("'")
    if whose == "his":
        return word not in _FEMALE
    if whose == "her":
        return word not in _MALE
    return whose in ("their", "the", "")


def person_of(owner: str) -> str:
    """"my grandson" of the owner "grandson's", "Julia" of "julia's": the person as named in a deed."""
    word = owner.removesuffix("'s").removesuffix("'")
    return f"my {word}" if word in _KIN else word[:1].upper() + word[1:]


def named_whole(deed: str, owner: str) -> str:
    """"send my grandson a card" of "send him a card" with the day's owner "grandson's"; the deed as said when it names
    the person already or holds no pronoun of one."""
    person = person_of(owner)
    deed = re.sub(r"\b(?:him|them)\b", person, deed, count=1, flags=re.IGNORECASE)
    return re.sub(r"\bher\b(?=\s+(?:a|an|the|some|something)\b|$)", person, deed, count=1, flags=re.IGNORECASE)


def whose_said(whose: str, owner: str | None) -> str:
    """"your grandson's" for the owner "grandson's", "your" for the user's own, "the" for none."""
    if owner is None:
        return "the"
    if owner == "me":
        return "our" if whose == "our" else "your"
    word = owner.removesuffix("'s").removesuffix("'")
    return f"your {owner}" if word in _KIN else owner[:1].upper() + owner[1:]


def pronoun_of(owner: str) -> str:
    """"his" of "grandson's", "her" of "mom's", "their" of a name's or anyone else's."""
    word = owner.removesuffix("'s").removesuffix("'")
    return "his" if word in _MALE else "her" if word in _FEMALE else "their"


# "actually his birthday is december 22", "her birthday is now on the 3rd", "oh wait, his birthday moved to december 22"
# (dated79: the desk read it as a correction of the promise just made, moved it to the day told, and memory kept the old
# day): a day told again of the one "his" / "her" names
_RETOLD = re.compile(
    r"(?:(?:actually|oh|no|wait|sorry|oops|hmm|so|and|jarvis)\W+)*(?P<whose>his|her|their)\s+(?P<noun>" + _DATED
    + r")\s+(?:(?:is|'s|was|has\s+been|got)\s+(?:actually\s+|now\s+|really\s+)?(?:moved\s+to\s+|changed\s+to\s+)?"
    r"|(?:moved|changed)\s+to\s+)"
    r"(?P<value>(?:on\s+)?[\w ,.'-]{2,40}?)(?:\s+(?:actually|now|instead|this\s+year))?",
    re.IGNORECASE)


def day_retold(text: str) -> tuple[str, str, str] | None:
    """("his", "birthday", "on december 22") of "actually his birthday is december 22"; None for anything else (a day
    of its own: "my grandson's birthday is december 22" is kept by memory as any fact is)."""
    said = " ".join(plain_words(text).split()).rstrip(" .!?")
    if len(said) > 160 or (m := _RETOLD.fullmatch(said)) is None:
        return None
    value = m["value"].strip(" ,")
    return m["whose"].lower(), m["noun"].lower(), value if value.lower().startswith("on ") else f"on {value}"


def owner_named(reply: str, owners: list[str]) -> str | None:
    """The one of `owners` ("grandson's", "nephew's") a short reply names: "the nephew", "my grandson's", "nephew", "the
    one for my nephew"; None for anything else (the question is dropped)."""
    said = " ".join(plain_words(reply).split()).rstrip(" .!?").lower()
    if len(said) > 60:
        return None
    said = re.sub(r"^(?:(?:oh|um|uh|ok|okay|well|i\s+mean|it's|its|it\s+is|the\s+one\s+for|for)\W+)*", "", said)
    m = re.fullmatch(r"(?:(?:my|the|your|our)\s+)?(?P<who>[a-z][\w-]*?)(?:'s|s'|')?(?:\s+(?:one|" + _DATED + r"))?", said)
    if m is None:
        return None
    named = [who for who in owners if who.removesuffix("'s").removesuffix("'").lower() == m["who"]]
    return named[0] if len(named) == 1 else None
