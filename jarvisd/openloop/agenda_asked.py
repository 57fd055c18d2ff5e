"""Agenda questions the list intents do not answer, read from the words alone (pure): the next promise
("what's my next reminder", "다음 할 일 뭐야"), what is overdue ("anything overdue?", "밀린 거 있어?"), what was
finished ("what did I finish today", "오늘 뭐 끝냈어?") and whether a deed was done ("did I take out the trash?",
"쓰레기 버렸나?"). The desk answers them from the agenda (`desk.AgendaDesk._asked`); before, they went to the
chat model, which cannot read the agenda and made answers up (session 45: "Your next reminder is to check
your spam filters.").

Each reader takes the text as `intents.clean` gives it (lower case, no closing punctuation) and matches the
whole utterance, so a promise that merely holds the words ("remind me to check what's overdue") is not one.
"""

from __future__ import annotations

import re
from typing import Literal

NextKind = Literal["reminder", "due"]

# "what's my next reminder", "when is my next reminder", "what's my next task / deadline", "what's the next thing
# on my list", "what's coming up next"
_EN_NEXT = re.compile(
    r"(?:so\s+|and\s+|ok(?:ay)?\s+)?"
    r"(?:(?:what|when|which)(?:'s|\s+is|\s+will\s+be|\s+are)?|tell\s+me|remind\s+me\s+what|do\s+you\s+know\s+(?:what|when))\s+"
    r"(?:is\s+)?(?:my|the)\s+(?:very\s+)?next\s+"
    r"(?P<what>reminders?|tasks?|deadlines?|things?|to-?dos?|items?|promises?|dues?|due\s+dates?|jobs?|one|appointment)"
    r"(?:\s+(?:due|coming\s+up|about|for|on\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list)|i\s+(?:have|need\s+to\s+do)))?"
    r"|what(?:'s|\s+is)\s+(?:coming\s+up\s+next|up\s+next)")
# "다음 알림 뭐야", "다음 할 일 뭐야", "다음 알림 언제야", "다음에 해야 할 거 뭐지" (spaces off)
_KO_NEXT = re.compile(r"(?:내|제)?(?:그)?다음(?:으로|에)?(?P<what>알림|리마인더|리마인드|할일|할거|해야할(?:일|거|것)|일정|마감|약속)"
                      r"(?:은|이|는|이뭐|가)?(?:뭐|뭔|언제|알려|있|어떻게|무엇)")


def next_asked(t: str) -> NextKind | None:
    """"reminder" for the next reminder asked ("what's my next reminder", "다음 알림 뭐야"), "due" for the next thing
    to do ("what's my next task", "다음 할 일 뭐야"), None when `t` asks of neither."""
    if (m := _EN_NEXT.fullmatch(t)) is not None:
        return "reminder" if (m["what"] or "").startswith("reminder") else "due"
    if (m := _KO_NEXT.match(t.replace(" ", ""))) is not None:
        return "reminder" if m["what"].startswith(("알림", "리마인")) else "due"
    return None


_EN_LATE = r"(?:(?:still\s+)?(?:overdue|past\s+(?:its\s+|their\s+)?(?:due(?:\s+date)?|deadline)|late|behind))"
_EN_LATE_THINGS = r"(?:things|tasks|items|reminders|promises|stuff|to-?dos|bills|jobs|deadlines)"
# "what's overdue", "anything overdue?", "do I have anything overdue", "any overdue tasks", "what am I behind on",
# "have I missed any deadlines"
_EN_OVERDUE = re.compile(
    r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:"
    r"(?:what(?:'s|\s+is|\s+are)|what\s+things\s+are|is\s+(?:there\s+)?anything|are\s+there\s+any|is\s+any(?:thing)?|anything|any"
    r"|(?:do|did)\s+i\s+have\s+(?:anything|any)|have\s+i\s+got\s+(?:anything|any)|what\s+do\s+i\s+have|what(?:'ve|\s+have)\s+i\s+got"
    r"|(?:show|tell|give|read)\s+me\s+(?:what(?:'s|\s+is)|anything|everything)|list)\s+"
    rf"(?:{_EN_LATE}|(?:overdue|late|past[\s-]due)\s+{_EN_LATE_THINGS}|(?:of\s+)?my\s+(?:overdue|late|past[\s-]due)\s+{_EN_LATE_THINGS})"
    r"(?:\s+(?:on|in)\s+(?:my|the)\s+(?:list|agenda|to-?do\s+list|schedule))?"
    r"|(?:show|tell|give|read)\s+me\s+(?:my|the)\s+(?:overdue|late|past[\s-]due)\s+(?:ones|" + _EN_LATE_THINGS[3:] +
    r"|what\s+am\s+i\s+(?:behind|late)\s+(?:on|with)|am\s+i\s+(?:behind|late)\s+(?:on|with)\s+anything"
    r"|what\s+(?:have|did)\s+i\s+(?:let\s+slip|fall(?:en)?\s+behind\s+on)"
    r"|(?:have|did)\s+i\s+miss(?:ed)?\s+(?:any|a)\s+deadlines?|what\s+deadlines\s+(?:have|did)\s+i\s+miss(?:ed)?)")
# "밀린 거 있어?", "기한 지난 거 뭐야", "마감 넘긴 일 있나", "늦은 거 있어" (spaces off)
_KO_OVERDUE = re.compile(r"(?:혹시)?(?:내가|제가|나|내)?(?:혹시)?(?:밀린|밀려있는|(?:기한|마감|기일|날짜|시간|약속시간)(?:이|을)?(?:지난|넘은|넘긴|지나버린|지나간)"
                         r"|늦은|연체된)(?:거|것|일|게|할일|일정|약속|건)(?:들)?(?:이|은|는|가)?"
                         r"(?:뭐|뭔|있|알려|보여|말해|없|어떤|몇)")


def overdue_asked(t: str) -> bool:
    """What is overdue asked ("what's overdue", "anything overdue?", "what am I behind on", "밀린 거 있어?",
    "기한 지난 거 뭐야")."""
    return _EN_OVERDUE.fullmatch(t) is not None or _KO_OVERDUE.match(t.replace(" ", "")) is not None
