"""English household talk read as what it asks: a date told then how far off it is, one more thing for the deed just
kept, a call told done then what it told, "post" heard for "push", a bill's day asked, a clock time naming a promise."""

from __future__ import annotations

import re

from jarvisd.openloop.when import time_spans

_HOW_FAR_THAT = re.compile(r"(?P<told>.{3,200}?)[\s,.;-]+(?:so\s+|and\s+)?(?:how\s+(?:many|much)\s+(?P<unit>weeks|days)\s+"
                           r"(?:away\s+)?(?:is\s+that|is\s+it|until\s+then|till\s+then|do\s+i\s+have|left)"
                           r"|how\s+(?:long|far(?:\s+away)?|far\s+off)\s+(?:is\s+that|is\s+it|until\s+then|till\s+then))\s*(?:from\s+now\s*)?[?.!]*",
                           re.IGNORECASE)

# "and the invoice to bluebird design too net 30 from today": one more thing for the deed just kept (`_the_same_for`)
_SAME_FOR = re.compile(r"(?:(?:oh|ok|okay|so|um+|uh+)[\s,]+)*(?:and|plus|also|oh\s+and)\s+(?P<x>(?:the|an?|my|our)\s+[a-z][\w'-]*"
                       r"(?:\s+[\w'-]+){0,5}?)\s+(?:too|as\s+well)(?P<rest>\s+(?:by|on|before|this|next|tomorrow|today)\b[^,]*)?"
                       r"(?:[\s,]+.*)?", re.IGNORECASE)

# "called hr my return to work date is january 4" (the sixty-seventh session's parent: the call closed, the date kept
# nowhere, and "when do i go back to work" went to SmolLM2): the call told done, then the date told, each read alone
_ASKED_THEN_TOLD = re.compile(r"(?P<done>(?:i\s+)?(?:called|rang|phoned|emailed|talked\s+to|spoke\s+(?:to|with)|heard\s+(?:back\s+)?from|"
                              r"checked\s+with)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)??)[\s,]+(?:and\s+|so\s+)?"
                              r"(?P<told>(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,5}?\s+(?:is|are|will\s+be)\s+\S.*)", re.IGNORECASE)
# "Post the invoice to Monday." (voice66: Whisper's "Post" for "Push"; kept as a new promise "post the invoice" beside
# "send the invoice"): a promise kept by name, not one of posting, put to a time said is pushed there
_POST_TO = re.compile(r"(?P<lead>(?:(?:ok(?:ay)?|so|and|actually|oh|um|uh)[\s,]+)*)post\s+(?P<x>(?:the|my|our)\s+[a-z][\w'-]*"
                      r"(?:\s+[a-z][\w'-]*){0,3}?)\s+(?:back\s+)?(?:to|till|until)\s+(?P<when>[\w ,:]{3,40}?)[.!]?", re.IGNORECASE)
# "when do i go back to work?" asked of the date kept so ("return to work date, January 4")
_BACK_TO_WORK = re.compile(r"when\s+(?:do|will|should)\s+i\s+(?:go\s+back|return|get\s+back|start\s+back)\s+(?:to|at)\s+work"
                           r"(?:\s+again)?\??|when\s+am\s+i\s+(?:going\s+)?back\s+(?:at|to)\s+work\??", re.IGNORECASE)
# "what do i owe on the 15th", "what do i have to pay this week" (the sixty-fourth session's freelancer: "I have nothing you
# promised On the 15th."): a day's or a span's dues asked
_OWE_ON = re.compile(r"^what\s+(?:do\s+i\s+owe|(?:do\s+i\s+(?:have|need)\s+to|must\s+i|should\s+i)\s+pay|(?:bills|payments)\s+(?:are|do\s+i\s+have))"
                     r"\s+(?=(?:on|by|this|next|today|tomorrow|tonight|before)\b)", re.IGNORECASE)

# "move my 3pm to 4pm", "change the 3 o'clock to 5": the time names the promise, as "change 3pm to 4pm" does
_MY_CLOCK = re.compile(r"^(?P<verb>move|change|push|reschedule|shift|bump|postpone|make)\s+(?:my|the)\s+"
                       r"(?=\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)\b)", re.IGNORECASE)

# the household asked about as a whole ("what do the kids have this week"): its days are the user's own agenda
_HOUSEHOLD = frozenset({"kids", "children", "boys", "girls", "family", "twins"})
_HOUSEHOLD_SPAN = re.compile(r"\b(?:this\s+week(?:end)?|next\s+week|today|tomorrow|tonight|this\s+month)\b")


def told_then_how_far(text: str) -> tuple[str, str] | None:
    """"my race is on April 12th, how many weeks is that?": what is told (a time in it) and the unit asked ("weeks" or
    "days"); None when not so."""
    m = _HOW_FAR_THAT.fullmatch(text.strip())
    if m is None or not m["told"].strip(" ,.") or not time_spans(m["told"]):
        return None
    return m["told"], "weeks" if (m["unit"] or "").lower() == "weeks" else "days"


def same_for(text: str) -> tuple[str, str] | None:
    """"and the invoice to bluebird design too net 30 from today": the thing ("the invoice to bluebird design") and a
    time said after it (or ""); None when not so."""
    m = _SAME_FOR.fullmatch(text)
    return None if m is None else (m["x"], m["rest"] or "")


def asked_then_told(text: str) -> tuple[str, str] | None:
    """"called hr my return to work date is january 4": the call told done and what it told, each to read alone."""
    m = _ASKED_THEN_TOLD.fullmatch(text.strip())
    return None if m is None else (m["done"], m["told"])


def posted_to(text: str) -> tuple[str, str, str] | None:
    """"Post the invoice to Monday.": the words before it, the thing and the time it is put to; None when no time is
    said."""
    if len(text) > 120 or (m := _POST_TO.fullmatch(text.strip())) is None or not time_spans(m["when"]):
        return None
    return m["lead"], m["x"], m["when"]


def back_to_work_asked(text: str) -> bool:
    """"when do i go back to work?", "when am i back at work"."""
    return _BACK_TO_WORK.fullmatch(text.strip()) is not None


def owe_as_due(text: str) -> str:
    """"what do i owe on the 15th" as "what do i have due on the 15th"; as said otherwise."""
    return _OWE_ON.sub("what do i have due ", text, count=1)


def my_clock_as_time(text: str) -> str:
    """"move my 3pm to 4pm" as "move 3pm to 4pm" (the time names the promise); as said otherwise."""
    return _MY_CLOCK.sub(r"\g<verb> ", text)


def household_span(text: str, who: str) -> str | None:
    """"this week" of "what do the kids have this week" when `who` is the household as a whole; None otherwise."""
    if who.lower() not in _HOUSEHOLD or (span := _HOUSEHOLD_SPAN.search(text)) is None:
        return None
    return span[0]
