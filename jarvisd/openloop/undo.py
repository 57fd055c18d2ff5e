"""Taking back the agenda's last change by voice: "undo that", "put it back", "actually I didn't", "되돌려 줘". Pure.

Before, nothing undid a change but the HUD's ↺ or `jarvisd openloop open`: "I called Bob" then "actually I didn't,
he didn't pick up" left the call marked done (the model answered), and "put it back on my list" made a promise
named "it back" (found by the forty-second session). The desk keeps each session's last change (`Undoable`) for
`UNDO_SEC`; an utterance `undo_said` reads as taking it back reopens what it closed and takes off what it added.
A denial that names a deed ("I didn't call him", "I didn't email Ann") takes back only a closing of that deed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jarvisd.openloop.model import AgendaChange

UNDO_SEC = 600   # as long as a correction applies to the promise just captured (desk.FOCUS_SEC)


@dataclass(frozen=True)
class Undoable:
    """A session's last change and when it was made."""

    change: AgendaChange
    at_ms: int


_LEAD = r"(?:(?:no|oh|oops|wait|actually|sorry|hold\s+on|um|uh|hmm|jarvis)\W+)*"
_EN_UNDO = re.compile(
    _LEAD + r"(?:undo(?:\s+(?:that|it|this|the\s+last\s+(?:one|change)))?(?:\s+please)?"
    r"|put\s+(?:it|that|them|those)\s+back(?:\s+on(?:\s+(?:my|the))?\s+(?:list|agenda|to-?do\s+list))?"
    r"|bring\s+(?:it|that|them)\s+back|reopen\s+(?:it|that|them)"
    r"|(?:that|it)(?:'s|\s+is|\s+was)\s+(?:not\s+(?:done|finished|right)(?:\s+yet)?|wrong|a\s+mistake)"
    r"|(?:that\s+was|my)\s+(?:a\s+)?mistake|i\s+(?:was|am|'m)\s+wrong|that's\s+not\s+what\s+i\s+(?:said|meant)"
    # "actually dont cancel it" right after a cancel (the sixty-second session's traveller: "Sorry, I don't have an
    # answer to that.", the euros left off)
    r"|(?:don'?t|do\s+not)\s+(?:cancel|delete|remove)\s+(?:it|that|this|them)(?:\s+(?:after\s+all|then))?)")
# "actually I didn't", "I didn't call him", "I haven't yet", "he didn't pick up" (after the denial)
_EN_DENIAL = re.compile(_LEAD + r"i\s+(?:didn't|did\s+not|didnt|haven't|have\s+not|havent)(?:\s+actually)?"
                        r"(?P<rest>(?:\s+[\w']+){0,6}?)(?:\s+(?:yet|actually|after\s+all))?"
                        r"(?:\W+(?:he|she|they|it|nobody|no\s+one)\b.*)?")
_KO_UNDO = re.compile(
    r"(?:아\s*|아니\s*|아니다\s*|잠깐\s*|앗\s*|자비스\s*)*[,.]?\s*"
    r"(?:되돌려\s*(?:줘|주세요|줄래|놔|놔줘)?|원래대로\s*(?:해\s*줘|해줘|돌려\s*줘|돌려줘|해)?|다시\s*(?:넣어|살려)\s*(?:줘|주세요)?"
    r"|방금\s*(?:거|것)\s*(?:되돌려|취소해|취소)\s*(?:줘|주세요)?|잘못\s*말했어(?:요)?|실수(?:야|예요|였어)"
    r"|(?:아직\s*)?안\s*했어(?:요)?|(?:아직\s*)?못\s*했어(?:요)?|아직이야|아직\s*아니야)")
# "reopen the call to Bob", "put the call back on my list", "mark the call not done", "the call isn't done": a closed
# promise named, reopened (from the recently closed, at any time)
_EN_REOPEN = re.compile(
    _LEAD + r"(?:(?:reopen|restore|unmark|uncheck|un-?check)\s+(?P<a>.+?)"
    r"|(?:put|bring|add)\s+(?P<b>.+?)\s+back\s+(?:on|to)(?:\s+(?:my|the))?\s+(?:list|agenda|to-?do\s+list)"
    r"|mark\s+(?P<c>.+?)\s+(?:as\s+)?(?:not\s+done|undone|open|not\s+finished)"
    r"|(?P<d>.+?)\s+(?:isn't|is\s+not|wasn't|was\s+not)\s+(?:done|finished)(?:\s+yet)?)")
_KO_REOPEN = re.compile(r"(?P<a>.+?)\s*(?:은|는|을|를)?\s*(?:다시\s*(?:열어|넣어|살려)|되돌려)\s*(?:줘|주세요)?")
_PRONOUNS = frozenset("him her them it that this one yet actually really either".split())


@dataclass(frozen=True)
class UndoSaid:
    """An utterance that takes back the last change; `deed`: the words a denial names the deed by ("call")."""

    deed: str = ""
    denial: bool = False   # "I didn't (…)": takes back a closing as done only
    named: str = ""        # "reopen the call to Bob": a closed promise by its words, not the last change


def undo_said(cleaned: str) -> UndoSaid | None:
    """How `cleaned` (the desk's `clean`ed text) takes back the last change, or None. Parts said together ("actually
    I didn't, put it back on my list": pass 41 saw a promise named "it back") count when each of them takes it back."""
    whole = _undo_said(cleaned)
    parts = [p for p in re.split(r"\s*[,;]\s*|\s+and\s+", cleaned) if p]
    if whole is not None or len(parts) < 2:
        return whole
    said = [_undo_said(part) for part in parts]
    if any(s is None or s.named for s in said):
        return None
    return UndoSaid(deed=next((s.deed for s in said if s and s.deed), ""), denial=all(s.denial for s in said if s))


def _undo_said(cleaned: str) -> UndoSaid | None:
    if _EN_UNDO.fullmatch(cleaned) or _KO_UNDO.fullmatch(cleaned):
        return UndoSaid(denial=bool(re.search(r"안\s*했어|못\s*했어|아직", cleaned)))
    if (m := _EN_REOPEN.fullmatch(cleaned) or _KO_REOPEN.fullmatch(cleaned)) is not None:
        named = next(g for g in m.groups() if g)
        if named.split()[0] not in _PRONOUNS and named not in ("그거", "그것", "이거", "방금 거", "방금"):
            return UndoSaid(named=re.sub(r"^(?:the|my)\s+", "", named))
    if m := _EN_DENIAL.fullmatch(cleaned):
        words = [w for w in m["rest"].split() if w not in _PRONOUNS]
        return UndoSaid(deed=" ".join(words), denial=True)
    return None
