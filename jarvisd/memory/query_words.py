"""Query words: punctuation and trailing Korean particles stripped, so "서울에서?" finds "거주지: 서울".

Particles are a list heuristic, longest first. A one-letter particle is only cut when two letters
remain, so "차를" keeps "차" but "나이" is not cut to "나". Nouns ending in a particle-like syllable
are sometimes cut ("중요도" -> "중요"); the seed measured 0.02% on four thousand real items.
"""

from __future__ import annotations

import re
import unicodedata

from jarvisd.language import english_prefix

PARTICLES: tuple[str, ...] = tuple(
    sorted(
        {
            "에서는", "에게서", "으로는", "으로도", "이라고", "이라는", "에서도", "까지는", "부터는",
            "한테서", "이랑은", "처럼은",
            "에서", "에게", "한테", "께서", "으로", "부터", "까지", "처럼", "보다", "하고", "이랑",
            "라고", "라는", "이나", "마다", "조차", "밖에", "에는", "에도", "과는", "와는", "이요",
            "은", "는", "이", "가", "을", "를", "에", "의", "도", "로", "와", "과", "랑", "만", "요",
        },
        key=len,
        reverse=True,
    )
)

# Words that carry no cue: question words, pronouns, deictic words and polite endings.
STOPWORDS = frozenset(
    {
        "뭐", "뭐야", "뭐지", "뭐였지", "뭐였더라", "언제였지", "언제지", "언제였더라", "어디지", "누구였지",
        "어디서", "어디로", "어디에", "얼마였지", "몇시", "무슨", "어느", "어떤", "무엇", "무엇이야", "어디", "어디야", "어디였지", "언제",
        "언제야", "누구", "누구야", "어떻게", "왜", "얼마", "얼마야", "몇", "알려줘", "알려", "말해줘",
        "해줘", "해", "줘", "좀", "나", "내", "저", "제", "너", "우리", "그거", "이거", "저거", "그것",
        "이것", "저것", "그", "이", "아까", "다시", "기억해", "기억", "기억나", "기억해줘", "있어", "있지",
        "했지", "했어", "맞아", "그리고", "근데", "혹시", "지난번", "거", "게", "것", "수",
        "the", "a", "an", "is", "are", "was", "were", "what", "where", "when", "who", "how", "why",
        "my", "me", "i", "you", "your", "it", "that", "this", "do", "did", "does", "to", "of", "in",
        "on", "at", "for", "and", "or", "again", "same", "please", "tell", "remember", "about", "with",
    }
)

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


def strip_punctuation(word: str) -> str:
    """Drop punctuation and symbols at both ends of a word."""
    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start])[0] in "PSZ":
        start += 1
    while end > start and unicodedata.category(word[end - 1])[0] in "PSZ":
        end -= 1
    return word[start:end]


def _strip_one(word: str) -> str:
    for particle in PARTICLES:
        if word.endswith(particle):
            stem = word[: -len(particle)]
            min_stem = 2 if len(particle) == 1 else 1
            if len(stem) >= min_stem:
                return stem
    return word


def strip_particle(word: str) -> str:
    """Cut trailing particles (at most two stacked: "민수랑은" -> "민수") from a Korean word."""
    if not word or not _is_hangul(word[-1]):
        return word
    once = _strip_one(word)
    return _strip_one(once) if once != word else word


# Endings of 하다-verbs: "조깅하는" -> "조깅", "예약했어" -> "예약" (the noun is the cue).
HADA_ENDINGS: tuple[str, ...] = tuple(
    sorted({"하는", "하다", "했다", "했어", "했지", "해요", "했던", "하던", "할", "한", "해서", "하고", "하기"},
           key=len, reverse=True)
)


def strip_hada(word: str) -> str:
    """Cut a 하다-verb ending when a noun of two or more letters remains."""
    for ending in HADA_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2 and _is_hangul(word[0]):
            return word[: -len(ending)]
    return word


def normalise(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def query_terms(text: str) -> list[str]:
    """The cue words of a query, in order, without duplicates, stopwords or particles."""
    terms: list[str] = []
    for raw in normalise(text).split():
        word = strip_punctuation(raw)
        for piece in _WORD.findall(word):
            if piece in STOPWORDS:
                continue
            stem = strip_hada(piece)
            stem = strip_particle(stem) if stem == piece else stem
            if stem and stem not in STOPWORDS and stem not in terms and (len(stem) > 1 or _is_hangul(stem)):
                terms.append(stem)
    return terms


def search_terms(text: str) -> list[str]:
    """`query_terms` with English inflections cut (`english_prefix`): the words recall matches in items."""
    return list(dict.fromkeys(english_prefix(t) for t in query_terms(text)))


def term_overlap(terms: list[str], content: str) -> float:
    """The share of query terms found (as substrings) in `content`."""
    if not terms:
        return 0.0
    text = normalise(content)
    return sum(1 for t in terms if t in text) / len(terms)


def words_used(content: str, answer: str) -> bool:
    """An item counts as used in an answer when half its words appear in it."""
    words = query_terms(content)
    return bool(words) and term_overlap(words, answer) >= 0.5
