"""Semantic facts of the form "topic: value": a newer fact on the same topic supersedes the older one
(hidden through `superseded_by`, never deleted); similar values under different topics are only
flagged as interference.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.memory.items import MemoryItem
from jarvisd.memory.query_words import normalise, query_terms

INTERFERENCE_SIMILARITY = 0.6
_TOPIC = re.compile(r"^\s*([^:：\n]{1,40}?)\s*[:：]\s*(\S.*)$", re.DOTALL)


@dataclass(frozen=True)
class Fact:
    topic: str
    value: str


def parse_fact(content: str) -> Fact | None:
    """'거주지: 서울' -> Fact('거주지', '서울'); text without a topic gives None."""
    match = _TOPIC.match(content)
    if not match:
        return None
    return Fact(topic=normalise(match.group(1)).strip(), value=match.group(2).strip())


def topic_of(content: str) -> str:
    fact = parse_fact(content)
    return fact.topic if fact else ""


# "my PIN hint is the red notebook", later "my PIN hint is the green diary now"; "my address is 12 Oak Street", later "my
# new address is 7 Haeundae-ro"; "우리 집 주소는 …", later "새 주소는 …" (the sixty-first session: both kept, both said by
# "what do you know about me?", and "우리 집 주소 뭐야?" answered with the old one): a fact told in words "X is Y" of a
# thing owned ("my", "our", "Mia's", "the", "내", "우리 집") has that thing as its topic, so the newer one supersedes
_EN_TOLD_SUBJECT = re.compile(r"(?P<s>(?:my|our|the|[^\W\d_]{1,30}'s)\s+[^,;:.!?]{1,60}?)\s+(?:is|are)\s+\S.*",
                              re.IGNORECASE | re.DOTALL)
_KO_TOLD_SUBJECT = re.compile(r"(?P<s>[가-힣A-Za-z0-9][가-힣A-Za-z0-9 ]{0,30}?)(?:은|는)\s+\S.*(?:이야|야|예요|이에요|입니다|이다)",
                              re.DOTALL)
_NOT_OF_THE_THING = re.compile(r"^(?:(?:my|our|the|new|current|old|내|제|나의|우리|집|새|새로운|지금|현재)\s+){1,4}",
                               re.IGNORECASE)


# someone (or a pet) told of is many facts, not one value: "my wife is allergic to shellfish", then "my wife is a teacher"
# (both kept); only their name replaces one told before ("my manager is Tom", then "my manager is Sarah now")
_SOMEONE = frozenset("sister brother sibling mom mum mother dad father parents wife husband son daughter kid kids child "
                     "children baby friend boss manager partner girlfriend boyfriend fiance fiancee neighbor neighbour "
                     "roommate cousin aunt uncle niece nephew grandma grandpa grandmother grandfather doctor dentist "
                     "teacher landlord tenant coworker colleague dog cat puppy kitten 언니 오빠 형 누나 동생 여동생 남동생 "
                     "엄마 아빠 어머니 아버지 부모님 아내 남편 와이프 아들 딸 아기 친구 상사 팀장 선생님 의사 강아지 고양이".split())
_A_NAME = re.compile(r"(?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*){0,2}(?:\s+now)?[.!]?")


_A_PLACE = re.compile(r"(?:in|on|at|under|underneath|behind|beside|near|inside|outside|next\s+to|by|upstairs|downstairs|"
                      r"(?:parked|kept|stored|hidden|left|locked)\b)(?:\s|$)", re.IGNORECASE)


# a day, not a place: "my grandson's birthday is on december 20" (dated79: kept as a "where", so "my grandson's birthday is
# december 22" did not replace it and both days were said)
_ON_A_DAY = re.compile(r"on\s+(?:the\s+\d|\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d"
                       r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)", re.IGNORECASE)
# "할머니 생신이 12월 20일이야" (dated79: no topic, so "할머니 생신은 12월 22일이야" kept both): a day's thing takes 이/가 too
_KO_DAY_SUBJECT = re.compile(r"(?P<s>[가-힣A-Za-z0-9][가-힣A-Za-z0-9 ]{0,30}?(?:생일|생신|기념일|결혼식|돌잔치|환갑|칠순|팔순|제사|기일|"
                             r"졸업식|입학식|예정일|집들이|발표회|연주회))(?:이|가)\s+\S.*(?:이야|야|예요|이에요|입니다|이다)",
                             re.DOTALL)


def told_topic(text: str) -> str:
    """The thing a fact told in words is of ("my new address is …", "우리 집 주소는 …": "address", "주소"), or "" for
    any other ("Jenny is allergic to peanuts": one may be allergic to many things; "I hate mushrooms"; "my wife is a
    teacher": someone told of, not their name)."""
    said = " ".join(text.split())
    m = _EN_TOLD_SUBJECT.fullmatch(said) or _KO_TOLD_SUBJECT.fullmatch(said) or _KO_DAY_SUBJECT.fullmatch(said)
    if m is None or "\n" in text:
        return ""
    thing = _NOT_OF_THE_THING.sub("", m["s"].strip() + " ").strip()
    value = re.split(r"\s(?:is|are)\s", said, maxsplit=1)[-1].strip()
    if thing.lower() in _SOMEONE and not _A_NAME.fullmatch(value):
        return ""
    if not thing:
        return ""
    # where a thing is, is not what it is: "my car is parked on level 3" does not replace "my car is a blue Honda
    # Civic", nor "the wifi password is on the fridge" the password (pass 62b: the first was hidden, "what's the wifi
    # password?" answered "on the fridge"); a newer place replaces an older place
    return normalise(thing).strip() + (" (where)" if _A_PLACE.match(value) and not _ON_A_DAY.match(value) else "")


def superseded(new: MemoryItem, existing: Sequence[MemoryItem]) -> list[MemoryItem]:
    """Older live facts of the same user on the same topic, marked as superseded by `new`."""
    if not new.topic or new.kind != "semantic":
        return []
    return [
        old.with_(superseded_by=new.id)
        for old in existing
        if old.id != new.id and old.kind == "semantic" and old.user == new.user
        and old.topic == new.topic and not old.superseded_by
    ]


def value_similarity(a: str, b: str) -> float:
    """Word-set Jaccard of two fact values (used when no vectors are available)."""
    wa, wb = set(query_terms(a)), set(query_terms(b))
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / len(wa | wb)


def interferes(a: MemoryItem, b: MemoryItem, cosine: float | None = None) -> bool:
    """Different topics, similar values: a candidate for interference (flag only)."""
    if a.kind != "semantic" or b.kind != "semantic" or not a.topic or not b.topic or a.topic == b.topic:
        return False
    fa, fb = parse_fact(a.content), parse_fact(b.content)
    if fa is None or fb is None:
        return False
    similarity = cosine if cosine is not None else value_similarity(fa.value, fb.value)
    return similarity >= INTERFERENCE_SIMILARITY
