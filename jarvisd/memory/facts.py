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


# a label before the colon names no topic: "/remember note: the spare key is under the mat", then "/remember note: the
# dog's vet is Dr Kim" (pass 78: the second superseded the first, which "what do you remember about me?" no longer said and
# "forget the note" deleted as "1 older note about it"); the fact after it is topic'd as it is told
LABEL = re.compile(r"\s*(?:notes?|memo|reminder|fyi|f\.y\.i\.?|todo|to\s+do|important|remember|info|tip|idea|p\.?s\.?|"
                   r"메모|참고|노트|기억|중요)\s*[:：]\s*", re.IGNORECASE)


def unlabelled(content: str) -> str:
    """The fact without a leading label ("note: the spare key is under the mat": "the spare key is under the mat")."""
    m = LABEL.match(content)
    return content[m.end():] if m is not None and content[m.end():].strip() else content


def topic_of(content: str) -> str:
    if (fact_told := unlabelled(content)) is not content:
        return topic_of(fact_told) or told_topic(fact_told)
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


def _same_topic(new: MemoryItem, existing: Sequence[MemoryItem]) -> list[MemoryItem]:
    return [old for old in existing if old.id != new.id and old.kind == "semantic" and old.user == new.user
            and old.topic == new.topic and not old.superseded_by]


# the user's own word outranks the thought model's reading of the turns: consolidation's "wifi password: unknown" (pass
# 78, a capable thought model's extraction) superseded the user's "remember that my wifi password is sunflower77", and
# "what do you remember about me?" answered "You haven't asked me to remember anything yet."
USERS_WORD = "explicit"
MODELS_READING = "extracted"
# everything the thought model wrote from the turns: its extracted facts, `/compact`'s summary, `/journal write`'s entry,
# `/usermodel build`'s model, the reflection's thoughts. Pass 79: "forget my wifi password" deleted the user's fact and
# the extracted ones, and the user model ("User's wifi password is sunflower77") and the journal entry still held it:
# the next question's prompt had it back
MODELS_WRITINGS = (MODELS_READING, "manual_compact", "journal", "user_model", "thought")


def superseded(new: MemoryItem, existing: Sequence[MemoryItem]) -> list[MemoryItem]:
    """Older live facts of the same user on the same topic, marked as superseded by `new`; a fact the model extracted
    supersedes no fact the user kept (`outranked_by`)."""
    if not new.topic or new.kind != "semantic" or outranked_by(new, existing) is not None:
        return []
    return [old.with_(superseded_by=new.id) for old in _same_topic(new, existing)]


def outranked_by(new: MemoryItem, existing: Sequence[MemoryItem]) -> str | None:
    """The id of the live fact the user kept on `new`'s topic when `new` is only the model's reading (it is kept as
    history, superseded by the user's word), else None."""
    if not new.topic or new.kind != "semantic" or new.source != MODELS_READING:
        return None
    kept = [old for old in _same_topic(new, existing) if old.source == USERS_WORD]
    return max(kept, key=lambda old: old.created_at).id if kept else None


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


# "forget my wifi password" (pass 78): the user's fact was deleted, and the thought model's reading of the same turns,
# "home wifi: sunflower77", stayed and was recalled for "what's the wifi password?"; a forget takes every extracted fact
# holding the value of a fact forgotten (readings, not the user's word: one too many is no loss)
_VALUE_AFTER = re.compile(r"\s+(?:is|are|was|were)\s+|(?<=[가-힣])(?:은|는)\s+|\s*[:：=]\s*", re.IGNORECASE)
_KO_END = re.compile(r"(?:이야|야|예요|이에요|입니다|이다|요)$")
_ASCII_WORD = "A-Za-z0-9"


def told_value(content: str) -> str:
    """The value a fact tells ("my wifi password is sunflower77": "sunflower77", "거주지: 서울이야": "서울", "my car is
    a honda": "honda", its article off: the model writes "User drives Honda"), "" for a fact of no value said apart."""
    parts = _VALUE_AFTER.split(" ".join(unlabelled(content).split()), maxsplit=1)
    value = parts[1].strip(" .!?") if len(parts) == 2 else ""
    value = _ARTICLE.sub("", value) or value
    return _KO_END.sub("", value).strip() if re.search(r"[가-힣]$", value) else value


_ARTICLE = re.compile(r"^(?:an?|the)\s+", re.IGNORECASE)


def holds_value(reading: str, value: str) -> bool:
    """Whether `reading` holds `value` as a word of its own (two characters at least: "3" is in too much)."""
    if len(value) < 2:
        return False
    return re.search(rf"(?<![{_ASCII_WORD}]){re.escape(value)}(?![{_ASCII_WORD}])", reading, re.IGNORECASE) is not None


def readings_of(forgotten: Sequence[MemoryItem], existing: Sequence[MemoryItem]) -> list[MemoryItem]:
    """What the model wrote (`existing`: extracted facts, summaries, journal entries, the user model, thoughts;
    `MODELS_WRITINGS`) that holds the value of a fact of the user's `forgotten`."""
    values = {value for item in forgotten if (value := told_value(item.content))}
    return [item for item in existing if item.source in MODELS_WRITINGS
            and any(holds_value(item.content, value) for value in values)]
