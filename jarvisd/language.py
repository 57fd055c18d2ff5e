"""Which language a text is in, and the English word endings the matching rules cut: the one module for
the checks the reminders, speech to text, the open-loop rules, approvals and memory used to spell out
each on its own.

Two English stemmers live here on purpose, because they serve two kinds of match:
- `english_key` gives a comparison key (open-loop descriptions are compared word by word, so "running"
  and "run" must meet exactly: it also undoubles the consonant);
- `english_prefix` gives a search prefix (memory matches query words as substrings of stored text, so a
  short prefix would find too much: four letters must remain, and "researched" -> "research" finds
  "researching" too).
"""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["ko", "en"]

_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")   # syllables and compatibility jamo
_LATIN = re.compile(r"[A-Za-z]")


def has_hangul(text: str) -> bool:
    """Any Hangul syllable (U+AC00..D7A3), conjoining jamo (U+1100..11FF) or compatibility jamo
    (U+3130..318F)."""
    return any("\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f" for ch in text)


def language_of(text: str, hangul_weight: float | None = None) -> Language:
    """Korean or English. With no weight, any Hangul makes it Korean (the language to answer an
    utterance in: "Call 민수" is answered in Korean). With a weight, Korean when its Hangul letters, each
    counted `hangul_weight` times, at least match its Latin letters: a commitment sentence uses 2 ("내일
    meeting 준비해야 해" is Korean, "I need to call 엄마" English), approvals 1, the user model 10."""
    if hangul_weight is None:
        return "ko" if has_hangul(text) else "en"
    hangul = len(_HANGUL.findall(text))
    return "ko" if hangul and hangul * hangul_weight >= len(_LATIN.findall(text)) else "en"


_KEY_SUFFIXES = ("ing", "ed", "es", "s")
_KEY_SUFFIX_ENDS = frozenset("gds")  # the last letters of _KEY_SUFFIXES


def english_key(word: str) -> str:
    """English plural, -ing, -ed and possessive endings off (`reports` -> `report`), three letters kept,
    a doubled consonant undone (`running` -> `run`). Not cached itself: its callers (the open-loop
    rules' `KNOWN_WORDS`, `words_match`) keep their answers."""
    if word[-2:] == "'s":
        word = word[:-2]
    if word[-1:] not in _KEY_SUFFIX_ENDS:  # most words: no suffix can match (and a test costs less than endswith)
        return word
    for suffix in _KEY_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in ("ing", "ed") and len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "lsfzaeiou":
                return stem[:-1]       # running -> run, stopped -> stop (not called, added, pressed)
            return stem
    return word


PREFIX_SUFFIXES = ("ing", "ed", "es", "s")  # longest first; one is cut
PREFIX_MIN = 4


def english_prefix(word: str) -> str:
    """An English word without one inflection ending, when four letters remain ("researched" ->
    "research", "races" -> "race", "adopted" -> "adopt"): matched as a substring, the prefix finds the
    other forms ("researching", "adoption"). Other scripts are left alone."""
    if not (word.isascii() and word.isalpha()):
        return word
    for suffix in PREFIX_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= PREFIX_MIN:
            return word[: -len(suffix)]
    return word


# An answer's opening in English or in another language written in Latin letters (French, Spanish, Italian, German:
# SmolLM2 answered "What is the capital of France?" in made-up French). Its small words decide, at most FOREIGN_OPENING.
FOREIGN_OPENING = 5
_EN_SMALL = frozenset("""the a an is are was were be been of and to in it it's its that this for on with as by at from or
not you your i i'm my me he she they we his her their our has have had can will would there here what which who
how when where if but so do does did yes no""".split())
_OTHER_SMALL = frozenset("""le la les des du est et une l' d' c'est pour dans sur avec qui que au aux cette il elle je
vous nous pas sont mais très où el los las del es y una por para su sus muy pero está lo gli di della è e nel dei
delle sono che der das und ist ein eine nicht mit für auf ich wir den dem de""".split())
_OPENING_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _elided(word: str) -> str:
    """ "l'aquitaine" -> "l'", "d'allemagne" -> "d'": French articles glued to their noun."""
    return word[:2] if len(word) > 2 and word[1] == "'" and word[0] in "ld" else word


def opening_language(text: str) -> Literal["en", "other"] | None:
    """How an answer's opening reads (`agent.repeats.ScriptCut`): "en" once an English small word shows, "other" once
    FOREIGN_OPENING words show two or more of another language's small words and no English one; None while it cannot
    tell."""
    words = [_elided(w.casefold().replace("\u2019", "'")) for w in _OPENING_WORD.findall(text)]
    for i, word in enumerate(words):
        if word in _EN_SMALL:
            return "en"
        if i + 1 >= FOREIGN_OPENING:
            break
    if len(words) >= FOREIGN_OPENING or re.search(r"[.!?\n]", text):
        return "other" if sum(w in _OTHER_SMALL for w in words[:FOREIGN_OPENING]) >= 2 else "en"
    return None


# English courtesy titles before a name ("mrs lopez", "Dr. Park", "prof kim"): one spelling for the open-loop rules and
# memory (the union of the five lists they each kept: `text.adds_a_party`, `their_news`, `commitments_en`, `fact_asked`,
# `remember_asked`); `EN_TITLE` is a regex alternation of them, with no dot (each rule says whether the dot may follow)
EN_TITLES = ("mr", "mrs", "ms", "miss", "dr", "prof")
EN_TITLE = "(?:" + "|".join(EN_TITLES) + ")"
