"""What is due on one day, asked: "what do I have on Saturday?", "anything due on December 8?", "what's on for
Friday?", "토요일에 뭐 있어?", "금요일 할 일 뭐야?". Pure: the words naming the day, or None.

Before (the forty-third session) only today, tomorrow, this week and next week were agenda questions; a named day
went to the model, and the embedded 135M model answers with an agenda it makes up. The desk resolves the day
(`when.resolve_time`) and answers from the agenda.
"""

from __future__ import annotations

import re

from jarvisd.openloop.when import cut_spans, time_spans

# ("whats due friday" as a recognizer writes it, no apostrophe: the sixty-first session's student got the whole list)
# "what's left for the weekend" (the sixty-second session's family: SmolLM2, "The weekend is about to come to an end …"):
# the weekend's, as "what do I have this weekend"
_EN = re.compile(r"(?:so\s+|and\s+)?(?:what(?:'s|s|\s+is)\s+(?:still\s+)?left(?=\s+(?:for|on)\s+(?:the|this)\s+weekend$)"
                 r"|what(?:'s|s|\s+is|\s+do\s+i\s+have|\s+have\s+i\s+got|\s+am\s+i\s+doing|\s+are\s+my\s+plans)"
                 r"|what\s+about|(?:is\s+there\s+)?anything(?:\s+else)?|do\s+i\s+have\s+anything(?:\s+else)?"

                 r"|have\s+i\s+got\s+anything(?:\s+else)?)"
                 r"(?:\s+(?:due|planned|scheduled|happening|going\s+on|coming\s+up|on(?=\s+for\b)))?"
                 # "what's on my calendar thursday", "what's on my list for friday" (the fifty-sixth session: SmolLM2's
                 # "I'm on the 23rd of the month of April", and the whole list read for Friday's)
                 r"(?:\s+(?:on|in)\s+(?:my|the)\s+(?:calendar|calender|schedule|agenda|list|to-?do\s+list|plate))?\s+(?P<day>.+)")
# "what meetings do I have tomorrow?", "any classes on Friday?": that day's, whatever kind (the agenda keeps no kinds)
_EN_KIND = re.compile(r"(?:so\s+|and\s+)?(?:what|which|any)\s+(?:meetings|appointments|classes|calls|events|plans|shifts)"
                      r"(?:\s+(?:do\s+i\s+have|have\s+i\s+got|are\s+there|are\s+due))?\s+(?P<day>.+)")
# "what's my first meeting tomorrow?", "when's my first thing on Friday?": the first one due that day
_EN_FIRST = re.compile(r"(?:so\s+|and\s+)?(?:what(?:'s|\s+is)|when(?:'s|\s+is))\s+(?:my|the)\s+first\s+(?:meeting|thing|appointment|"
                       r"class|call|event|one)\s+(?P<day>.+)")
_KO = re.compile(r"(?P<day>.+?)\s*(?:에|엔|에는|은|는|까지)?\s*(?:뭐\s*(?:있어|있지|있나|있더라|있어요|해야\s*(?:돼|해|하지|되지))"
                 r"|할\s*일(?:이|은)?\s*(?:뭐야|뭐지|있어|뭐\s*있어|알려\s*줘)|일정(?:이|은)?\s*(?:뭐야|뭐지|있어|뭐\s*있어|알려\s*줘))")
_REST = re.compile(r"\b(?:on|for|by|the|at|in)\b|[\s,]")
# the whole list or the days the intents already answer (`intents`): not asked here
_ANSWERED = re.compile(r"^(?:today|tonight|tomorrow|this\s+week|next\s+week|the\s+week|this\s+month|next\s+month|오늘|내일"
                       r"|이번\s*주|다음\s*주|이번\s*달|이달|다음\s*달)$")   # "이번 달 할 일 뭐야?" (the fifty-sixth session: the month's last day alone)

# "what's on this week", "anything for next week" (the fifty-seventh session: "Nothing is due on Sunday, December 13", the
# week's last day alone): the week the intents answer, after its preposition
_LEAD = re.compile(r"^(?:(?:on|for|in|by)\s+)+")

# a week or a month asked of a kind ("what shifts do I have this week", "what meetings do I have next week"): the span the
# intents answer, not its last day (the fifty-seventh session: "Nothing is due on Sunday, December 13")
_WEEKS = re.compile(r"(?:(?:this|next)\s+(?:week|month)|tonight)$")   # and "tonight", its small hours too (`desk`)


# "what's on my weekend?", "anything for my weekend" (the sixty-fifth session's family: the memory's quote of what was said
# on Monday): this weekend's
_MY_WEEKEND = re.compile(r"\bmy\s+weekend$")


def asked_day(cleaned: str) -> str | None:
    """The day words of a question about what is due that day (`cleaned`: lower case, no closing punctuation), or
    None when the words ask no such thing or name no day alone ("what's on TV tonight", "what's on Netflix")."""
    text = _MY_WEEKEND.sub("this weekend", cleaned.rstrip("?？ "))
    kind = _EN_KIND.fullmatch(text) if text.isascii() else None
    m = kind or (_EN.fullmatch(text) if text.isascii() else _KO.fullmatch(text))
    if m is None:
        return None
    return _day_alone(m["day"], answered=kind is None or bool(_WEEKS.match(_LEAD.sub("", m["day"].strip(" ,")))))


def first_asked(cleaned: str) -> str | None:
    """The day words of "what's my first meeting tomorrow?" (the first one due that day, asked), or None."""
    m = _EN_FIRST.fullmatch(cleaned.rstrip("?？ "))
    return _day_alone(m["day"], answered=False) if m else None


def _day_alone(day: str, answered: bool) -> str | None:
    """`day` when it is only time words; None when other words are in it ("what's on TV on Friday", "what's on the
    list for Bob on Friday") or (`answered`) it is a span the intents answer."""
    day = day.strip(" ,")
    spans = time_spans(day)
    if not spans or answered and (_ANSWERED.match(day) or _WEEKS.match(_LEAD.sub("", day))) or _REST.sub("", cut_spans(day, spans)):
        return None
    return day
