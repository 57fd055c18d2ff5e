"""Whether text is written in Hangul: the one check the reminders (which language a promise was made
in) and speech to text (whether a prompt is in the script of the language being decoded) share."""

from __future__ import annotations


def has_hangul(text: str) -> bool:
    """Any Hangul syllable (U+AC00..D7A3), conjoining jamo (U+1100..11FF) or compatibility jamo
    (U+3130..318F)."""
    return any("\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f" for ch in text)
