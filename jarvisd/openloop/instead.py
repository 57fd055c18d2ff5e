"""A promise said in place of another: "I'll email Bob instead of calling him", "instead of calling Bob I'll text
him", "I'll email Bob instead", "전화 대신 밥한테 문자 보낼게", "전화하지 말고 문자 보낼게" (the forty-third
session: the words taken back stayed in the new promise, "email Bob instead of calling him", and the call stayed
open beside it, to be reminded of). Pure: the desk reads the promise from `Instead.said` and closes the one
`replaced` names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.openloop.commitments_en import base_form
from jarvisd.openloop.pronouns import PRONOUN_WORDS
from jarvisd.openloop.text import content_words
from jarvisd.openloop.when import time_spans

_EN_OF = re.compile(r",?\s*\binstead\s+of\s+(?P<old>[a-z]+ing\b(?:\s+(?!i\b|we\b)[\w'-]+){0,3}?)(?=\s*(?:[,.!?;]|$|,?\s+(?:i|we)\b))",
                    re.IGNORECASE)
_EN_BARE = re.compile(r",?\s*\binstead\b(?!\s+of)\s*(?=[.!?]*$)", re.IGNORECASE)
# "전화 대신", "전화하는 대신", "전화하지 말고", "전화 말고": the thing or deed taken back, then the new one
_KO_OLD = re.compile(r"(?<!\S)(?P<old>[가-힣]{1,8}?)(?:하는\s*|는\s*)?\s*(?:대신(?:에)?|(?:하지\s*)?말고)\s+")
_KO_SUBJECT = ("가", "이", "도", "는", "은")
_ASKED = re.compile(r"\?\s*$")


@dataclass(frozen=True)
class Instead:
    said: str          # the utterance without the words taken back ("I'll email Bob")
    old: str | None    # the deed taken back in its base form ("call him", "전화"); None for a bare "instead"


def instead_said(text: str) -> Instead | None:
    """The promise said in place of another, or None when the utterance takes nothing back (or asks)."""
    if _ASKED.search(text):
        return None
    m = _EN_OF.search(text)
    if m is not None:
        said = (text[:m.start()] + text[m.end():]).strip(" ,")
        return Instead(said[:1].upper() + said[1:], base_form(m["old"]))
    m = _EN_BARE.search(text)
    if m is not None:
        return Instead(text[:m.start()] + text[m.end():], None)
    m = _KO_OLD.search(text)
    if m is not None and not m["old"].endswith(_KO_SUBJECT) and not time_spans(m["old"]):
        # not "내가 대신 갈게" (who goes) nor "금요일 말고 토요일에" (a time taken back: a correction's)
        return Instead(text[:m.start()] + text[m.end():], m["old"])
    return None


def replaced(swap: Instead, new_desc: str, descs: Sequence[str], same: Sequence[bool]) -> int | None:
    """The one open promise (`descs`; `same[i]`: the new promise is that one said again) the new promise takes
    the place of, or None when none or several fit. With the deed taken back said ("instead of calling him"), a
    promise of that deed sharing the person the words name, if they name one; with a bare "instead", a promise
    of another deed sharing a name with the new one."""
    new_deed = _deed(new_desc)
    fits = []
    for i, desc in enumerate(descs):
        if same[i]:
            continue                     # "I'll call Bob at 9 instead": the same promise, a time correction
        words = _words(desc)
        if swap.old is not None:
            old_deed = _deed(swap.old)
            people = (_words(swap.old) - {old_deed}) or (_words(new_desc) - {new_deed})
            if any(old_deed in w for w in words) and (not people or people & words):
                fits.append(i)
        elif (_words(new_desc) - {new_deed}) & words and _deed(desc) != new_deed:
            fits.append(i)
    return fits[0] if len(fits) == 1 else None


def _words(text: str) -> set[str]:
    return set(content_words(text)) - PRONOUN_WORDS


def _deed(text: str) -> str:
    """The verb of a promise: first in English ("call Bob"), last in Korean ("밥한테 전화하기")."""
    words = content_words(text)
    if not words:
        return ""
    return words[0] if text.isascii() else words[-1]
