"""Split a streamed answer into sentences for speech, as the text arrives.

The first sentence is released as soon as its end mark arrives, so speech starts while the model is
still writing. End marks are English and Korean/CJK punctuation and newlines; a period inside a
number ("3.5"), an initial or a common abbreviation ("Mr.", "e.g.") does not end a sentence. A Korean
sentence ending ("...습니다", "...요") without punctuation is closed only at the end of the stream.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

_END_MARKS = ".!?…。！？"
_CLOSERS = "\"'”’)]」』"
_ABBREVIATIONS = frozenset({
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "a.m", "p.m", "no",
    "approx", "dept", "fig", "inc", "ltd", "co",
})
# A clause this long is spoken at its next comma rather than waiting for the sentence end.
_LONG_CLAUSE = 160
_WORD_BACK = 40  # longer than any abbreviation or initial
# quick_start: a first sentence of _QUICK_WORDS words or more with no comma among them is spoken from a clause word
# found after _QUICK_MIN words or more with _QUICK_REST more after it: piper synthesizes a piece whole before it
# plays, 0.51 s for SmolLM2's 22-word "One tip that can help you stay focused is to set a timer ..." (daemon run 84),
# about a third of that for its first 7 words (docs/voice.md, "The slow turns (sixty-first session)")
_QUICK_WORDS, _QUICK_MIN, _QUICK_REST = 12, 4, 3
_CLAUSE_WORDS = frozenset("and but so because which that who when where while if is are was were".split())
_FIRST_PIECE = re.compile(r"[,，、\n]|[.!?…。！？](?=\s|$)")
_QUICK_SCAN = 400  # characters of the first piece read for it (each feed reads at most this much)


# the word before a "miss" that is the verb ("I'll miss.", "we will miss. Kim …", "don't miss."): a subject, a modal
_MISS_VERB_BEFORE = re.compile(r"(?:\b(?:i|we|you|they|he|she|it|will|would|shall|should|can|could|may|might|must|to|gonna|"
                               r"not|never|always|also|really|don't|didn't|won't|do|did)|'ll|'d|n't)\s+$", re.IGNORECASE)
_NAME_AFTER = re.compile(r"\.\s+[A-Z][a-z]")


def is_title_miss(text: str, start: int, dot: int) -> bool:
    """Whether the "Miss" at text[start:dot] before a full stop is a title ("I told Miss. Kim I'll send the draft"), not
    the verb ending a sentence ("I'll miss. Kim will cover"): a capitalized word after it, no subject or modal before
    (rooms70: split at "Miss.", the clause started at "Kim")."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "'-"):
        return False   # "dismiss."
    return _NAME_AFTER.match(text, dot) is not None and _MISS_VERB_BEFORE.search(text, max(0, start - 12), start) is None


def _is_sentence_end(text: str, i: int) -> bool:
    """Is text[i] (an end mark followed by whitespace) the end of a sentence?"""
    mark = text[i]
    if mark != ".":
        return True
    if i > 0 and text[i - 1] == ".":  # "..." is an ellipsis: a pause, treat as an end
        return True
    # the word before the mark, read backwards and at most _WORD_BACK characters: a search over text[:i] read the
    # whole buffer at each mark, and a streamed answer of "No. 1 " x 1,333 (every mark an abbreviation, no end)
    # held the event loop 134 s in a voice turn (pass 53d); a longer word is no abbreviation nor an initial
    start = i
    while start > 0 and i - start <= _WORD_BACK and (text[start - 1].isalnum() or text[start - 1] in "._"):
        start -= 1
    if start == i:
        return True
    if i - start > _WORD_BACK:
        return True
    token = text[start:i].lower()
    if token in _ABBREVIATIONS:
        return False
    if token == "miss" and is_title_miss(text, start, i):
        return False
    return not (len(token) == 1 and token.isalpha() and token.isascii())  # an initial: "J. Smith"


class SentenceSplitter:
    """Feed text deltas, get complete sentences; `flush()` returns the rest at the end of the stream.

    `quick_start=True` lets the very first piece end at a comma ("Sure, here is what I found." ->
    "Sure,", "here is what I found."): a short first piece is synthesized sooner, so speech starts
    sooner; the rest is split by sentences as usual. A long first sentence without a comma is cut before a
    clause word (`_clause_cut`: "One tip that can help you stay focused" | "is to set a timer ..."). Not at a colon: "Got it:" synthesized alone came
    back from Whisper as "add it," in the daemon test of a spoken promise (docs/voice.md, run 19).
    """

    def __init__(self, quick_start: bool = False) -> None:
        self._buffer = ""
        self._quick = quick_start
        self._scan = 0  # the buffer before this was read and holds no cut (each feed reads only what is new)
        self._comma_scan = 0  # the buffer before this holds no comma to cut a long clause at (read once)

    def feed(self, delta: str) -> list[str]:
        self._buffer += delta
        sentences = []
        while (cut := self._next_cut()) is not None:
            sentence, self._buffer = self._buffer[:cut].strip(), self._buffer[cut:]
            self._scan = self._comma_scan = 0
            if _speakable(sentence):
                sentences.append(sentence)
                self._quick = False
        return sentences

    def flush(self) -> list[str]:
        rest, self._buffer = self._buffer.strip(), ""
        return [rest] if _speakable(rest) else []

    def _next_cut(self) -> int | None:
        text = self._buffer
        if self._quick and (clause := _clause_cut(text)) is not None:
            return clause
        # text[:i].strip() is non-empty when first_word < i; only the leading spaces are read (writers74: `lstrip` copied
        # the whole buffer at every piece, quadratic in an answer without a sentence end)
        first_word = _LEADING_SPACE.match(text).end()
        for i in range(self._scan, len(text)):
            ch = text[i]
            if ch == "\n" and first_word < i:
                return i + 1
            if self._quick and ch in ",，、" and i + 1 < len(text) and text[i + 1].isspace() \
                    and not _digit_before(text, i):
                return i + 1
            if ch in _END_MARKS:
                j = i + 1
                while j < len(text) and (text[j] in _END_MARKS or text[j] in _CLOSERS):
                    j += 1
                if j >= len(text):
                    self._scan = i  # read again with the next delta
                    return None  # the next delta may continue it ("3." -> "3.5", "?" -> "?!")
                if ch in "。！？" or (text[j].isspace() and _is_sentence_end(text, i)):
                    return j
        self._scan = max(0, len(text) - 1)  # the last character again: a quick comma waits for what follows it
        if len(text) > _LONG_CLAUSE:
            # only what came since the last look (a comma before it would have been cut at then): writers74, each piece
            # searched the whole buffer for a comma, quadratic in a long answer without one
            since = max(0, self._comma_scan - 1)
            comma = max(text.rfind(", ", since), text.rfind("، ", since), text.rfind("，", since))
            self._comma_scan = len(text)
            if comma > 0:
                return comma + 1
        return None


_LEADING_SPACE = re.compile(r"\s*")


def _digit_before(text: str, i: int) -> bool:
    """Is the last character before text[i] that is not a space a digit ("1, 2, 3": no quick cut there)? Read back over
    the spaces only, not a copy of text[:i]."""
    j = i - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j >= 0 and text[j].isdigit()


def _clause_cut(text: str) -> int | None:
    """Where a long first sentence is cut before a clause word (see _QUICK_WORDS), or None: the first piece's words
    are those before its first comma or end mark (or all so far while it streams)."""
    head = text[:_QUICK_SCAN]
    end = _FIRST_PIECE.search(head)
    words = list(itertools.islice(re.finditer(r"\S+", head[:end.start()] if end else head), 3 * _QUICK_WORDS))
    if len(words) < _QUICK_WORDS:
        return None
    for k in range(_QUICK_MIN, len(words) - _QUICK_REST):
        if words[k].group().lower() in _CLAUSE_WORDS:
            return words[k].start()
    return None


def _speakable(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def split_sentences(text: str) -> list[str]:
    """All sentences of a complete text."""
    splitter = SentenceSplitter()
    return [*splitter.feed(text), *splitter.flush()]


def stream_sentences(deltas: Iterable[str]) -> Iterator[str]:
    splitter = SentenceSplitter()
    for delta in deltas:
        yield from splitter.feed(delta)
    yield from splitter.flush()
