"""A promise timed by someone's move (english70, the landlord english69 left): "do the move out inspection the day after
she moves out", "return her security deposit within 14 days of the move out", "change the locks before the new tenant
moves in". Which span of days from which other; pure rules. `desk/capturing.Capturing._tied_to_other` finds the other
on the agenda ("move-out for mrs lopez", kept by `their_news.moving_kept`) and ties the promise to it (`OpenLoop.after`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FEW = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
_N = r"(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|ten)\s+(?P<unit>days?|weeks?)"

# who moves: "she", "mrs lopez", "the new tenant" (up to three words, no verb of its own)
_WHO = r"(?P<who>she|he|they|(?!(?:the|my|our|her|his|their)\s+move\b)(?:(?:the|my|our)\s+)?[a-z][\w.'-]*(?:\s+[a-z][\w'-]*){0,2}?)"
_MOVES = _WHO + r"\s+(?:moves?|has\s+moved|is\s+moving|leaves)\s+(?P<dir>out|in)"
# "the move out", "her move-in"
_THE_MOVE = r"(?:the|her|his|their)\s+move[\s-]?(?P<dir2>out|in)"
# "her birthday", "his graduation" (everyday77: "call grandma the day before her birthday" went to SmolLM2, nothing kept)
_NAMED = r"(?P<x>(?:the|my|our|her|his|their)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})"
# "two days before they're due", "the day before it's due", "a week before the due date" (english71: kept "pay the
# quarterly taxes two days"): the other is the thing the promise names, kept with its due
_ITS_DUE = r"(?P<due>(?:it's|it\s+is|its|they're|they\s+are|theyre)\s+due|(?:the|its|their)\s+due\s+date)"

_SPAN = re.compile(
    r"\s+(?:(?P<within>within)\s+" + _N + r"\s+(?:of|after)|(?:the\s+(?P<one>day|next\s+day)|" + _N.replace("?P<n>", "?P<n2>")
    .replace("?P<unit>", "?P<unit2>") + r")\s+after|the\s+(?P<prev>day|night|morning)\s+before|(?P<before>before|by\s+the\s+time))\s+(?:" + _THE_MOVE + "|" + _MOVES
    + "|" + _NAMED + r")\s*$", re.IGNORECASE)
_DUE_SPAN = re.compile(r"\s+(?:(?P<n3>\d{1,2}|a|one|two|three|four|five|six|seven|ten)\s+(?P<unit3>days?|weeks?)|"
                       r"the\s+(?P<prev3>day|night|morning))\s+before\s+" + _ITS_DUE + r"\s*$", re.IGNORECASE)

# "the night before daycare picture day", "the day before field day" (everyday74's parent: kept with the words, no due,
# and "daycare picture day is thursday" went to SmolLM2): a day named for its event, said with no article, is another
# too; "the day before yesterday" / "christmas" are times, read by `when`
_BARE_DAY = re.compile(r"\s+the\s+(?P<prev>day|night|morning)\s+before\s+(?P<x>(?!(?:yesterday|last|tomorrow)\b)[a-z][\w'-]*"
                       r"(?:\s+[a-z][\w'-]*){0,2}?\s+(?:day|trip|recital|party|fair|sale|show|concert|tournament|game|meet))"
                       r"\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class MoveTie:
    days: int              # from the other's day (0: by it, "before")
    move: str | None       # "move-out" / "move-in" when the other is someone's move
    who: str | None        # whose move ("mrs lopez", "new tenant"); None: "she", "the move out" (the one kept)
    named: str | None      # the other named otherwise ("the trip"), for "within N days of the trip"
    within: bool           # "within N days of": a due the capture read from today is this one's
    start: int             # where the span starts in the text
    its_due: bool = False  # "two days before they're due": the other is the thing the promise itself names


def move_tie(text: str) -> MoveTie | None:
    """The span ending `text` that times it by another: ("the day after she moves out": 1, move-out, no one named);
    None for anything else. A named other ("before the trip") is read here when it is not kept yet; kept, by
    `capturing._before_named`, `_day_before` and `_days_after_named`, except "within N days of the X"."""
    text = text.rstrip(" .!")
    if len(text) > 300:
        return None
    if (due := _DUE_SPAN.search(text)) is not None:
        days = 1 if due["prev3"] else _days(due["n3"], due["unit3"])
        return MoveTie(-days, None, None, None, False, due.start(), its_due=True)
    if (m := _SPAN.search(text)) is None:
        if (bare := _BARE_DAY.search(text)) is not None:
            return MoveTie(-1, None, None, bare["x"], False, bare.start())
        return None
    if m["within"]:
        days = _days(m["n"], m["unit"])
    elif m["one"]:
        days = 1
    elif m["prev"]:
        days = 1
    elif m["n2"]:
        days = _days(m["n2"], m["unit2"])
    else:
        days = 0
    direction = m["dir"] or m["dir2"]
    if direction is None:   # another named: "within 30 days of the inspection", "before the flour delivery"
        return MoveTie(-days if m["prev"] else days, None, None, m["x"], bool(m["within"]), m.start())
    who = m["who"]
    if who is not None and re.fullmatch(r"i|we|you|it|that|this|there|what|which|who", who, re.IGNORECASE):
        return None
    if who is not None and re.fullmatch(r"she|he|they", who, re.IGNORECASE):
        who = None
    who = None if who is None else re.sub(r"^(?:the|my|our)\s+", "", who, flags=re.IGNORECASE).lower()
    return MoveTie(-days if m["prev"] else days, f"move-{direction.lower()}", who, None, bool(m["within"]), m.start())


def _days(n: str, unit: str) -> int:
    count = int(n) if n.isdigit() else _FEW[n.lower()]
    return count * (7 if unit.lower().startswith("week") else 1)


def is_move_of(desc: str, move: str, who: str | None) -> bool:
    """Whether the promise kept as `desc` is that move ("move-out for mrs lopez" of move-out, "mrs lopez" or anyone)."""
    m = re.fullmatch(r"(move-(?:out|in))\s+for\s+(?:the\s+)?(.+)", desc.strip(), re.IGNORECASE)
    return m is not None and m[1].lower() == move and (who is None or m[2].lower() == who)


def without_span(desc: str, text: str, start: int) -> str:
    """`desc` without the span's words it was kept with: "… inspection for unit 3 the day" (the span "the day after she
    moves out"), "return her security deposit of the move out" ("within 14 days of the move out"): its last words that
    begin or end the span are off."""
    span = text.rstrip(" .!")[start:].split()
    words = desc.split()
    low = [w.lower() for w in span]
    for k in range(min(len(words) - 1, len(span)), 0, -1):
        tail = [w.lower() for w in words[-k:]]
        if tail == low[:k] or tail == low[-k:]:
            return " ".join(words[:-k])
    return desc
