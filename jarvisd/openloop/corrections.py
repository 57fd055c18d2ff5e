"""Corrections of a promise's time: whether an utterance is only a time ("no, Thursday", "make it 4 pm",
"아니 목요일"), and the due it gives a promise, keeping what it does not change. Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from jarvisd.openloop import naming, phrases
from jarvisd.openloop.when import When, cut_spans, time_spans

_DAY_WORDS = re.compile(
    r"today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"\d+(?:st|nd|rd|th)|오늘|내일|모레|글피|요일|주말|\d+\s*일|\d+\s*월|다음\s*주|이번\s*주", re.IGNORECASE)


def corrected_due(old_due_ms: int | None, when: When, words: str, tz: object) -> int:
    """A correction keeps what it does not change: "no, Thursday" keeps the time of day, "make it 4 pm"
    keeps the day (a relative "in two hours" replaces both)."""
    new = when.at
    if old_due_ms is None:
        return int(new.timestamp() * 1000)
    old = datetime.fromtimestamp(old_due_ms / 1000, new.tzinfo)
    names_day = _DAY_WORDS.search(words) is not None
    if when.has_time and not names_day and not is_relative(words):
        new = new.replace(year=old.year, month=old.month, day=old.day)
    elif names_day and not when.has_time and not phrases.is_day_only(old):
        new = new.replace(hour=old.hour, minute=old.minute)
    return int(new.timestamp() * 1000)


_FILLER = re.compile(
    r"[\s,.!?~]+|\b(?:at|on|by|for|it's|it is|um|uh|please|then|ok|okay|instead)\b"
    r"|(?:으로|로|에|까지)?\s*(?:해\s*줘|해\s*주세요|바꿔\s*줘|해|이야|야|요|입니다|예요|이에요|할게요|할게)?(?=[\s,.!?~]|$)",
    re.IGNORECASE)


def only_a_time(text: str) -> bool:
    """The utterance is a time and nothing else ("at 5 pm", "tomorrow morning", "목요일 오후 3시")."""
    spans = time_spans(text)
    if not spans:
        return False
    rest = "".join(ch for i, ch in enumerate(text) if not any(a <= i < b for a, b in spans))
    return not _FILLER.sub("", rest).strip()


def is_relative(words: str) -> bool:
    return re.search(r"\bin\s+(?:an?|\d+|\w+)\s+(?:minutes?|hours?)|뒤에|후에|있다가", words) is not None


# A correction said after something else in the same utterance: at a sentence's or clause's start (after
# ". ", ", " or " and "/" but ", with fillers between), a correction cue. "…, oh and actually make the
# passport renewal November 3 instead"; "I'll book the vet on Friday at 2pm. No wait, I mean Saturday.";
# "…보고서 보내야 해. 아니 보고서는 모레야."
_EN_TRAILING_CUE = re.compile(
    r"(?:[,.;!?]\s*|\s+(?=(?:and|but)\s))(?:(?:oh|and|but|so|um|uh|ah|also)[\s,]+)*"
    r"(?=(?:actually|no\s+wait|wait|sorry|i\s+mean|i\s+meant|no|nope|scratch\s+that"
    r"|make|move|change|push|reschedule)\b)"
    # an order that moves a promise, anywhere after the first words ("I finished the slides so move the dentist
    # to Friday", "…, surely make the passport renewal December 23 instead"); not the verb of a plan ("need to
    # move the couch", "I'll change the oil")
    r"|(?<!\bto)(?<!\bwill)(?<!'ll)(?<!\bgonna)(?<!\bi)(?<!\bwe)(?<!\bshould)(?<!\bmust)(?<!\bcan)(?<!\bcould)"
    r"\s+(?=(?:make|move|change|push|reschedule)\s)", re.IGNORECASE)
_KO_TRAILING_CUE = re.compile(r"(?:[,.;!?]\s*|\s+(?:그리고|근데)\s+)(?:(?:아|음|어)[\s,]+)*(?=(?:아니|아냐|아뇨)[\s,])")


def split_trailing_correction(text: str) -> tuple[str, str] | None:
    """(what comes before, the correction) when a correction cue starts a later clause of the utterance
    and what follows it holds a time; None otherwise. Whether the correction names a promise is the
    desk's to decide (it knows the agenda)."""
    pattern = _KO_TRAILING_CUE if re.search(r"[가-힣]", text) else _EN_TRAILING_CUE
    for m in pattern.finditer(text):
        head, fix = text[:m.start()].strip(" ,"), text[m.end():].strip()
        if head and fix and time_spans(fix):
            return head, fix
    return None


_NOT_A_NAME = re.compile(r"\b(?:is|are|was|instead|now|moved|to|on|for|at|by|it|make|change|move)\b|[은는이가을를]$")


_A_NEW_THING = re.compile(r"\s*(?:a|an|another|some|one\s+more)\s", re.IGNORECASE)


def correction_target(words: str, descs: Sequence[str], fully: bool = False) -> int | None:
    """The description a correction's words other than its time name ("the vet on Saturday", "the passport
    renewal is November 3 instead"), or None (none, or two alike). `fully`: every word of them must name it
    ("no, the drain on the roof" does not name "check the water tank on the roof": it repairs the thing
    just said)."""
    if _A_NEW_THING.match(words):   # "make a dentist appointment by Friday" is a new promise, not a move of
        return None                 # "call the dentist" (pass 15: the new one was never kept)
    rest = _rest(words)
    if len(_deed_only(rest, descs)) > 1:
        return None                 # "move the call to Saturday" with two calls open: which one is asked
    found = naming.best_reference(rest, descs) if rest else None
    if not isinstance(found, int) or fully and naming.reference_score(rest, descs[found]) < 1.0:
        return None
    return found


def _rest(words: str) -> str:
    return _NOT_A_NAME.sub(" ", cut_spans(words, time_spans(words))).strip()


def deed_named(words: str, descs: Sequence[str]) -> list[int]:
    """The descriptions whose verb is the only word a correction names them by ("move the call to Saturday":
    every "call …"); English only."""
    return _deed_only(_rest(words), descs)


def _deed_only(rest: str, descs: Sequence[str]) -> list[int]:
    said = [w for w in re.findall(r"[a-z']+", rest.lower()) if w not in ("the", "my", "that", "this")]
    if len(said) != 1:
        return []
    return [i for i, desc in enumerate(descs) if desc.isascii() and desc.lower().split()[:1] == said]
