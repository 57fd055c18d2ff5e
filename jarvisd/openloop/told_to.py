"""Who a promise was told to (everyday74, english71 left): "tell him i'll be there at 6" then "tell her i'll be there by
7" were read as one "be there" corrected ("Updated: be there, now tonight at 7 PM"); two people told are two promises.
Pure rules on a promise's evidence (its sentence): the one told, and whether two such differ. A pronoun and a name may
be the same one ("tell mom …", "tell her …"): not told apart; a correction ("actually make it 7", "no, 7") names no one
and moves the one kept, as before."""

from __future__ import annotations

import re

_PRONOUNS = frozenset({"him", "her", "them"})
_NOT_SOMEONE = frozenset({"you", "me", "myself", "it", "that", "this", "the", "a", "an", "everyone", "everybody", "people",
                          "us", "jarvis"})
# "tell him", "i told mom", "i promised my sister", "let dr kim know", "tell mr. lee that"
_EN_TOLD = re.compile(r"\b(?:tell|told|telling|promised|promise|let)\s+(?P<who>(?:(?:my|our)\s+|(?:mr|mrs|ms|dr)\.?\s+)?"
                      r"[a-z][\w'-]{0,30})", re.IGNORECASE)


def told_whom(evidence: str) -> str | None:
    """The one a promise's sentence is told to ("him", "mom", "my sister", "dr kim"), lower case; None when told to
    no one."""
    m = _EN_TOLD.search(evidence[:600])
    if m is None:
        return None
    who = " ".join(m["who"].lower().replace(".", "").split())
    return None if who in _NOT_SOMEONE else who


def told_apart(first: str | None, second: str | None, other_day: bool = False) -> bool:
    """Whether two promises' sentences are told to two different people: two names, or two pronouns ("him", "her");
    a pronoun and a name may be the same one, unless the two are on other days ("tell her i'll be there by 7", then
    "tell mom i'll be there at 7 on christmas eve": the evening's kept, not moved to Christmas Eve)."""
    a, b = told_whom(first or ""), told_whom(second or "")
    if a is None or b is None or a == b:
        return False
    return other_day or (a in _PRONOUNS) == (b in _PRONOUNS)


# "직원한테 토요일 출근해 달라고 말해야 돼", "사장님한테 금요일에 쉬겠다고 말해야 해", "엄마한테 내일 데리러 와 달라고
# 부탁해야 돼" (korean70 left: "토요일" read as the errand's due and cut from its name): the message told, between the one
# told to and the telling; a day inside it is the message's, not the errand's ("금요일까지 직원한테 말해야 돼" keeps Friday)
_KO_TOLD = re.compile(r"(?:한테|에게|(?<!함)께)\s(?P<msg>[^,.!?\n]{1,60}?(?:달라고|주라고|라고|다고|자고|냐고))\s?"
                      r"(?=말|전하|전해|얘기|이야기|부탁|물어|알려|연락|문자|카톡)")


# "엄마한테 내일 데리러 와 달라고 부탁해야 돼": a bare 오늘/내일/모레 is a word the errand's name drops
# (`commitment_words`), and may be the asking's own day: read as before (the errand's due)
_KO_BARE_DAY = re.compile(r"\s*(?:오늘|내일|낼|모레|글피)\s*(?:에|은|는)?\s*")


def ko_in_message(text: str) -> list[tuple[int, int]]:
    """The time expressions (`spans`, of `when.time_spans`) inside the message told to someone in a Korean sentence:
    the message's days, not the errand's."""
    told = ko_told_message(text)
    if told is None:
        return []
    from jarvisd.openloop.when import time_spans
    # a request ("… 와 달라고", "… 해 주라고") is for the other's deed: its bare 내일 is that deed's day too (everyday77)
    asked = re.search(r"(?:달라고|주라고)$", text[told[0]:told[1]]) is not None
    return [(s, e) for s, e in time_spans(text) if told[0] <= s and e <= told[1]
            and (asked or not _KO_BARE_DAY.fullmatch(text[s:e]))]


def ko_told_message(text: str) -> tuple[int, int] | None:
    """Where the message told to someone lies in a Korean sentence, or None."""
    m = _KO_TOLD.search(text[:600])
    return m.span("msg") if m is not None else None


def ko_without_message(text: str) -> str:
    """`text` with the days of the message told blanked out (its length kept), for reading the errand's own due."""
    for s, e in ko_in_message(text):
        text = text[:s] + " " * (e - s) + text[e:]
    return text
