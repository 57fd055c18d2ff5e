"""A fact to keep, asked in words: "remember that my bank PIN hint is the blue notebook", "remember: parking is on
level 3", "don't forget that Mina is vegetarian", "remember that" (the last exchange), "내 여동생 생일은 5월 3일이야,
기억해 줘", "그거 기억해". Pure: what `/remember` would be given, or None.

Before (the forty-fourth session) these went to the model: on the offline default SmolLM2 answered "remember that
my sister's birthday is May 3" with "Remembering that your sister's birthday is May 3 is a common practice in many
cultures." and kept nothing; only the typed `/remember` kept a fact. A promise ("remember to call Bob"), a question
("do you remember …", "remember when …?", "기억해?") is not one.
"""

from __future__ import annotations

import re

from jarvisd.memory.deixis import only_deixis

_EN = (
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay|and|also)[\s,]+)*(?:remember|don't\s+forget|do\s+not\s+forget|"
               r"keep\s+in\s+mind|note|make\s+a\s+note)\s*,?\s+(?:that\s+|at\s+(?=(?:my|our)\s))(?P<fact>.{3,})", re.IGNORECASE),
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay)[\s,]+)*(?:remember|note)\s*[:\-–]\s*(?P<fact>.{3,})",
               re.IGNORECASE),
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay)[\s,]+)*remember\s*,?\s+(?:at\s+)?(?P<fact>(?:my|our)\s+.+?\s+(?:is|are)\s+.+)",
               re.IGNORECASE),
)
# "my name is Alex", "call me Alex": the user's name, kept as a fact without "remember" (the session's chat: SmolLM2
# answered "I'm Alex, and I'll be your personal assistant" and kept nothing); "call me later" is a request, not a name
_EN_NAME = re.compile(r"(?i:(?:(?:hi|hello|hey|ok|okay|so|and|jarvis)[\s,]+)*)(?:(?i:my\s+name\s+is|my\s+name's)\s+"
                      r"(?P<said>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)|(?i:call\s+me|you\s+can\s+call\s+me|i\s+go\s+by)\s+"
                      r"(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))")
_NOT_A_NAME = frozenset("Later Back Tomorrow Tonight Today Now Soon When If At In On Please Maybe Sometime Anytime Again "
                        "Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mom Dad Him Her Them".split())
_EN_POINTER = re.compile(r"(?:(?:please|jarvis|ok|okay)[\s,]+)*remember\s+(?:that|this|it)(?:\s+(?:please|for\s+me))?",
                         re.IGNORECASE)
_KO = re.compile(r"(?P<fact>.+?)[\s,]*(?:꼭\s*|좀\s*)?"
                 r"(?:기억해|기억해\s*줘|기억해\s*둬|기억해\s*놔|기억해\s*주세요|기억해\s*줘요|외워\s*둬|외워\s*줘|저장해\s*줘)")
_ASKED = re.compile(r"[?？]\s*$")


def remember_said(text: str) -> str | None:
    """What `/remember` is given for `text` ("that" for a pointer at the last exchange), or None."""
    said = " ".join(text.split()).rstrip(" .!~")
    if not said or _ASKED.search(said):
        return None
    # a phone's apostrophe (U+2019: "don’t forget that …", pass 42) is the rules' "'"; the fact keeps what was typed
    # (one character for one, so the match's span is the same in both)
    rules = said.replace("\u2019", "'")
    if _EN_POINTER.fullmatch(rules):
        return "that"
    if (m := _EN_NAME.fullmatch(rules)) and not {w.title() for w in (m["said"] or m["name"]).split()} & _NOT_A_NAME:
        return f"my name is {' '.join(w[:1].upper() + w[1:] for w in (m['said'] or m['name']).split())}"
    for pattern in _EN:
        if m := pattern.fullmatch(rules):
            return said[m.start("fact"):m.end("fact")].strip(" ,")
    if re.search(r"[가-힣]", said) and (m := _KO.fullmatch(said)):
        fact = m["fact"].strip(" ,")
        return said if only_deixis(said) else fact   # "그거 기억해": the pointer, as /remember reads it
    return None
