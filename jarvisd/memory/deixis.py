"""Deixis in recall queries: "그거 다시 해줘" has no word to search for, so the previous exchange is
prepended to the recall query (and only there; the main model resolves deixis in its own window).
"""

from __future__ import annotations

import re
import unicodedata

from jarvisd.memory.query_words import normalise
from jarvisd.textsafe import plain_words

RECALL_QUERY_CHARS = 200
SHORT_UTTERANCE_CHARS = 8

# Pronoun-like words matched at the start of a word, particles allowed after them.
_KO_DEICTIC_STEMS = ("그거", "그것", "이거", "이것", "저거", "저것", "아까", "그때", "거기", "그걸", "이걸",
                     "저걸", "그게", "이게", "저게", "방금", "똑같이", "같은 거", "그대로", "그 방식", "다시")
# A standalone determiner followed by a noun: "그 계획", "이 방법", "저 식당".
_KO_DETERMINER = re.compile(r"(?:^|\s)[그이저]\s+\S")
_EN_DEICTIC = re.compile(r"\b(that|it|this|those|these|again|the same|same one|earlier)\b")
# "the reefer is set to 34 degrees for this load" (the sixty-sixth session's truck driver): "this" of the occasion the
# fact is told for, not a pointer at the talk before (kept with the exchange before it, the fact was said as that question)
_EN_THIS_OCCASION = re.compile(r"\b(?:for|on|during|of)\s+(?:this|these)\s+(?:load|loads|trip|run|shift|job|week|weekend|month|"
                               r"year|season|order|project|event|delivery|route|haul|batch|semester|term)\b")


def _plain(utterance: str) -> str:
    """The words as read: invisible marks off, blanks as spaces, full-width forms as plain ones ("ｔｈａｔ" from
    an IME, "\u200bthat" from a paste are "that"; pass 33: they were kept as facts)."""
    return normalise(unicodedata.normalize("NFKC", plain_words(utterance)))


def is_deictic(utterance: str) -> bool:
    text = _plain(utterance)
    words = text.split()
    if any(w.startswith(stem) for w in words for stem in _KO_DEICTIC_STEMS if " " not in stem):
        return True
    if any(stem in text for stem in _KO_DEICTIC_STEMS if " " in stem):
        return True
    return bool(_KO_DETERMINER.search(text) or _EN_DEICTIC.search(_EN_THIS_OCCASION.sub(" ", text)))


# "/remember that", "/remember 그거 기억해": the words point at the last exchange and say nothing of their own
_ONLY_DEIXIS = re.compile(
    r"(?:please\s+)?(?:remember\s+)?(?:that|this|it|that\s+one|this\s+one|those|these|the\s+same|what\s+i\s+(?:just\s+)?said)"
    r"(?:\s+(?:too|as\s+well|please|for\s+me))*"
    r"|(?:그거|그것|그걸|그게|이거|이것|이걸|저거|저것|저걸|방금\s*(?:거|그거|말한\s*거)?|아까\s*(?:거|그거|말한\s*거)?)"
    r"(?:을|를|도|은|는)?(?:\s*(?:좀|꼭))?(?:\s*(?:기억해|기억해\s*줘|기억해\s*주세요|기억해\s*둬|기억해\s*놔|저장해|저장해\s*줘|"
    r"저장해\s*주세요|외워|외워\s*줘|외워\s*둬))?")


def only_deixis(utterance: str) -> bool:
    """The words are a pointer and nothing else ("that", "그거 기억해"): kept alone, they would keep no fact."""
    return _ONLY_DEIXIS.fullmatch(_plain(utterance).strip().strip(" .!?~")) is not None


def needs_context(utterance: str) -> bool:
    """Deictic or too short to carry its own cue words."""
    return is_deictic(utterance) or len(utterance.strip()) < SHORT_UTTERANCE_CHARS


def build_recall_query(utterance: str, previous: tuple[str, str] | None = None) -> str:
    """The last utterance (200 chars), with the previous exchange in front when it needs context."""
    query = utterance.strip()[:RECALL_QUERY_CHARS]
    if previous is None or not needs_context(utterance):
        return query
    asked, answered = previous
    return " ".join(p for p in (asked[:RECALL_QUERY_CHARS], answered[:RECALL_QUERY_CHARS], query) if p)
