"""Grounding: a model's summary keeps only the sentences the conversation says. Pure.

`/compact` asks the model to summarise a session and stores the answer as memory. The embedded 135M
model makes things up: for a session that said only "My sister's name is Zoë and she lives in Kraków" it
answered "Zoë is a Polish-born British-Jewish artist who lives in Kraków …" (reliability pass 39), and
recall would later serve that as something the user said. So each sentence of the answer is checked
against the conversation before it is stored:

- its cue words (`query_words.search_terms`, Korean particles cut, English inflections cut; words that
  only describe the conversation, "user", "mentioned", "discussed", left out) are found in the
  conversation for at least `MIN_SAID_SHARE` of them, and
- every number and every capitalised word (names, places; function words like "The" aside) is in it.

A sentence that fails is left out. When nothing is left, the summary is the user's own lines, as said
(`said_lines`): an extract, never an invention. A capable model's summary passes whole; the figures are
in docs/memory.md, "What /compact stores".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from jarvisd.language import english_prefix
from jarvisd.memory.query_words import STOPWORDS, normalise, search_terms
from jarvisd.sentences import split_sentences

MIN_SAID_SHARE = 0.6
MAX_SAID_LINES = 10
MAX_SAID_CHARS = 300

# Words a summary uses to describe a conversation, not to say what was in it.
_TALK = """user users assistant conversation session mention mentioned mentions mentioning said say says saying
state stated states ask asked asks asking discuss discussed discusses discussing talk talked talks talking
share shared shares sharing told tell telling note noted explain explained express expressed expressing
emphasize emphasized emphasizing agree agreed agreeing suggest suggested suggesting comment commented reply
replied respond responded end ended ends ending positive goodbye bye bid meanwhile both each other
their they them he she his her hers also which who whom has have had will would should could can be been
being not no yes as by from into there here then than so but if its our we
summary following include included includes regard regarding
사용자 사용자가 사용자는 어시스턴트 대화 대화에서 언급 말했다 말함 요약 이야기"""
# compared with a sentence's cue words, which have their English inflections cut: "shared" is "shar"
TALK_WORDS = frozenset(english_prefix(w) for w in _TALK.split()) | frozenset(_TALK.split())
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
# a word that starts with a capital letter of any script: "Łódź", "Émilie", "Ζωή" (pass 42: `[A-Z]` alone let a
# place or name the user never said through when its first letter was not ASCII)
_WORD_START = re.compile(r"(?<![\w'])[^\W\d_][\w'-]*")


def _capitals(sentence: str) -> list[str]:
    return [w for w in _WORD_START.findall(sentence) if w[0].isupper()]


def _digits(number: str) -> str:
    """The number's digits as ASCII, without leading zeros ("1,028" -> "1028", "１０２８" -> "1028", "05" -> "5")."""
    return "".join(str(unicodedata.digit(c)) for c in number if c.isdecimal()).lstrip("0") or "0"


def _numbers_said(said: str) -> frozenset[str]:
    """Each number of the conversation whole, and the hour of each clock time ("15:00" also says 15)."""
    found = set()
    for number in _NUMBER.findall(said):
        found.add(_digits(number))
        if ":" in number:
            found.add(_digits(number.split(":")[0]))
    return frozenset(found)


def summary_sentences(answer: str) -> list[str]:
    """The answer's sentences, bullets and headings' marks removed."""
    lines = [ln.strip().lstrip("-*•> ").strip() for ln in answer.splitlines()]
    return [s.strip() for ln in lines if ln and not ln.startswith("#") for s in split_sentences(ln) if s.strip()]


def _cue_words(sentence: str) -> list[str]:
    return [t for t in search_terms(sentence) if t not in TALK_WORDS]


_NOT_NAMES = STOPWORDS | TALK_WORDS   # capitalised words that name nothing ("The", "User")


@lru_cache(maxsize=4)
def _source(conversation: str) -> tuple[str, frozenset[str]]:
    """The conversation as compared (normalised) and its numbers: read once for all the sentences of a summary."""
    said = normalise(conversation)
    return said, _numbers_said(said)


def unsaid(sentence: str, conversation: str) -> str:
    """Why `sentence` is not what `conversation` says ("" when it is)."""
    source, numbers = _source(conversation)
    for number in _NUMBER.findall(sentence):
        # a number is said whole: matched against all the conversation's digits run together, "the code is 102"
        # (or 28, or 4102) passed beside "the code for door 4 is 1028" (pass 42)
        if _digits(number) not in numbers:
            return f"the number {number} is not in the conversation"
    for name in _capitals(sentence):
        stem = name.split("'")[0].rstrip("-")
        if len(stem) > 1 and normalise(stem) not in _NOT_NAMES and normalise(stem[: max(4, len(stem) - 2)]) not in source:
            return f"{stem!r} is not in the conversation"
    words = _cue_words(sentence)
    if not words:
        return ""
    share = sum(1 for w in words if w in source) / len(words)
    if share < MIN_SAID_SHARE:
        missing = [w for w in words if w not in source]
        return f"{len(missing)} of its {len(words)} words are not in the conversation ({', '.join(missing[:4])})"
    return ""


def said_lines(user_lines: Sequence[str]) -> list[str]:
    """The user's own lines, in order, without repeats: the summary when the model's says nothing said."""
    seen: dict[str, str] = {}
    for line in user_lines:
        flat = " ".join(line.split())
        if flat and normalise(flat) not in seen:
            seen[normalise(flat)] = flat if len(flat) <= MAX_SAID_CHARS else flat[: MAX_SAID_CHARS - 1] + "…"
    return list(seen.values())[-MAX_SAID_LINES:]


@dataclass(frozen=True)
class Grounded:
    text: str  # what is stored
    left_out: tuple[str, ...]  # the model's sentences the conversation does not say
    own_words: bool  # no sentence of the model's was kept: `text` is the user's own lines

    def note(self) -> str:
        """A line for the reply ("" when the model's summary was kept whole)."""
        n = len(self.left_out)
        if not n:
            return ""
        said = "they say" if n != 1 else "it says"
        rest = "; your own words were kept instead" if self.own_words else ""
        return f"({n} sentence{'s' if n != 1 else ''} of the model's summary left out: {said} what this " \
               f"conversation did not{rest}.)"


def grounded_summary(answer: str, conversation: str, user_lines: Sequence[str]) -> Grounded:
    """The model's sentences that the conversation says, one per line; when none does, the user's own lines."""
    kept, dropped = [], []
    for sentence in summary_sentences(answer):
        (dropped if unsaid(sentence, conversation) else kept).append(sentence)
    if kept:
        return Grounded("\n".join(kept), tuple(dropped), own_words=False)
    return Grounded("\n".join(said_lines(user_lines)), tuple(dropped), own_words=True)
