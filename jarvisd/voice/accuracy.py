"""Recognition accuracy: word error rate for English, character error rate for Korean (pure).

Both sides of a comparison go through the same normalisation, so that a transcript is not charged for
writing what was said another way: `normalize_text` (lowercase, no punctuation), then numbers as digits
("twenty-five" -> "25", "fifteenth"/"15th" -> "15", "6:45" and "six forty-five" -> "6 45"), "p.m."/"3pm"
-> "3 pm", "$250" -> "250 dollars", "ok" -> "okay", "dr" -> "doctor". Korean is scored by characters with
the spaces taken out (Korean spacing varies between writers and Whisper); Korean numbers written as
digits ("3시") against words ("세 시") still count as errors. An English compound written open on one side
and closed on the other ("back up" against "backup", "to do" against "todo") is one word: the speech was
heard, only its spelling differs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jarvisd.voice.guard import normalize_text

_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine".split())}
_TEENS = {w: i + 10 for i, w in enumerate(
    "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: (i + 2) * 10 for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SCALES = {"hundred": 100, "thousand": 1000}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
             "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
             "twentieth": 20, "thirtieth": 30}
_SPELLINGS = {"ok": "okay", "dr": "doctor", "mr": "mister"}


def _kind(word: str) -> str | None:
    if word in _UNITS:
        return "unit"
    if word in _TEENS:
        return "teen"
    if word in _TENS:
        return "tens"
    if word in _SCALES:
        return "scale"
    return None


# Which kind of number word may continue a number that ended with a word of this kind ("twenty five"
# is one number, "six forty five" two: a clock time).
_CONTINUES = {"unit": {"scale"}, "teen": {"scale"}, "tens": {"unit", "scale"}, "scale": {"unit", "teen", "tens"}}


def _digits(words: list[str]) -> list[str]:
    out: list[str] = []
    total = current = 0
    last: str | None = None

    def flush() -> None:
        nonlocal total, current, last
        if last is not None:
            out.append(str(total + current))
        total = current = 0
        last = None

    for i, word in enumerate(words):
        kind = _kind(word)
        if word == "and" and last == "scale" and i + 1 < len(words) and _kind(words[i + 1]) in ("unit", "teen", "tens"):
            continue  # "two hundred and fifty"
        if kind is None:
            flush()
            if word in _ORDINALS:
                out.append(str(_ORDINALS[word]))
            else:
                out.append(_SPELLINGS.get(word, word))
            continue
        if last is not None and kind not in _CONTINUES[last]:
            flush()
        if kind == "scale":
            if _SCALES[word] == 1000:
                total, current = (total + max(current, 1)) * 1000, 0
            else:
                current = max(current, 1) * 100
        else:
            current += {"unit": _UNITS, "teen": _TEENS, "tens": _TENS}[kind][word]
        last = kind
    flush()
    return out


def normalize_for_scoring(text: str) -> str:
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"\$(\d[\d,]*(?:\.\d+)?)", r"\1 dollars", text)
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)
    text = re.sub(r"\b([ap])\.\s?m\b\.?", r"\1m", text)
    text = re.sub(r"(\d)\s*([ap]m)\b", r"\1 \2", text)
    text = re.sub(r"(\d+)(st|nd|rd|th)\b", r"\1", text)
    text = text.replace("%", " percent")
    return " ".join(_digits(normalize_text(text).split()))


def edit_distance(reference: Sequence[str], hypothesis: Sequence[str]) -> int:
    """Levenshtein distance between two token sequences (substitutions, insertions, deletions)."""
    d = list(range(len(hypothesis) + 1))
    for i, r in enumerate(reference, 1):
        prev, d[0] = d[0], i
        for j, h in enumerate(hypothesis, 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (r != h))
    return d[len(hypothesis)]


def _close_compounds(words: list[str], other: set[str]) -> list[str]:
    """Join two neighbouring words into one where the other side writes them as one word."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i] + words[i + 1] in other:
            out.append(words[i] + words[i + 1])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def tokens(text: str, lang: str) -> list[str]:
    """What errors are counted over: words for English, characters without spaces for Korean."""
    normal = normalize_for_scoring(text)
    return list(normal.replace(" ", "")) if lang == "ko" else normal.split()


def errors(reference: str, hypothesis: str, lang: str = "en") -> tuple[int, int]:
    """(edits, reference length) in words (English) or characters (Korean)."""
    ref, hyp = tokens(reference, lang), tokens(hypothesis, lang)
    if lang != "ko":
        hyp = _close_compounds(hyp, set(ref))
        ref_closed = _close_compounds(ref, set(hyp))
        return edit_distance(ref_closed, hyp), len(ref)
    return edit_distance(ref, hyp), len(ref)


def error_rate(reference: str, hypothesis: str, lang: str = "en") -> float:
    edits, length = errors(reference, hypothesis, lang)
    return edits / max(1, length)
