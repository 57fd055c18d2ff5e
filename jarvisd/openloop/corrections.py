"""Corrections of a promise's time: whether an utterance is only a time ("no, Thursday", "make it 4 pm",
"아니 목요일"), and the due it gives a promise, keeping what it does not change. Pure."""

from __future__ import annotations

import re
from datetime import datetime

from jarvisd.openloop import phrases
from jarvisd.openloop.when import When, time_spans

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
