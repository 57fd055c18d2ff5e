"""What was cancelled, asked, and "I can't make X" said of a promise (cancel78).

Two readers, pure rules (the desk rooms call them):
- `cancelled_asked`: "what did I cancel (today)?", "what did I just drop?", "what's been cancelled?", "what did you take
  off my agenda?", "뭐 취소했지?", "오늘 취소한 거 뭐야?", "방금 뭐 지웠어?": the span asked of what was taken off the
  agenda ("today", "yesterday", "week", "recent"), answered from the agenda's own records (session 70: each went to
  SmolLM2, "The cancellation of the "Fantasy of the Ancients" has been cancelled.").
- `cant_make`: "I can't make the dentist appointment", "I won't make it to the dentist", "I have to skip the
  insurance thing, drop it": the thing named and whether the user also ordered it off ("…, cancel it"). Not a move
  ("I can't make it to the gym today but I'll go tomorrow": another time said, the promise stays) and not a bare "it".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Span = Literal["today", "yesterday", "week", "recent"]

_EN_SPAN = (r"(?:\s+(?P<span>today|tonight|so\s+far\s+today|this\s+morning|yesterday|this\s+week|so\s+far\s+this\s+week"
            r"|recently|lately|so\s+far))?")
_EN_AGENDA = r"(?:\s+(?:from|off|of)\s+(?:of\s+)?(?:my|the)\s+(?:list|agenda|calendar|schedule|to-?do\s+list))"
_EN_OFF_VERB = r"(?:drop(?:ped)?|delete(?:d)?|remove(?:d)?|scratch(?:ed)?|scrap(?:ped)?)"
# "cancel" asks of the agenda alone; "drop", "delete", "remove", "take off" only with "just" or the agenda said ("what did
# I drop?" may be a glass, "what did I take off?" a coat)
_EN_CANCELLED = re.compile(
    r"(?:so\s+|and\s+|ok(?:ay)?\s+|wait\s+)?(?:"
    r"what(?:\s+all)?\s+(?:did|have|'ve)\s+(?:i|you|we)\s+(?:just\s+|already\s+)?(?:cancell?(?:ed)?|call(?:ed)?\s+off)" + _EN_AGENDA + "?"
    r"|what(?:\s+all)?\s+(?:did|have|'ve)\s+(?:i|you|we)\s+just\s+" + _EN_OFF_VERB + _EN_AGENDA + "?"
    r"|what(?:\s+all)?\s+(?:did|have|'ve)\s+(?:i|you|we)\s+(?:just\s+)?" + _EN_OFF_VERB + _EN_AGENDA +
    r"|what(?:\s+all)?\s+(?:did|have|'ve)\s+(?:i|you|we)\s+(?:just\s+)?(?:take|taken|took)\s+off\s+(?:of\s+)?(?:my|the)\s+"
    r"(?:list|agenda|calendar|schedule|to-?do\s+list)"
    r"|what(?:'s|\s+is|\s+has|\s+was|\s+got)\s+(?:been\s+|just\s+been\s+)?(?:cancell?ed|called\s+off"
    r"|(?:dropped|deleted|removed|taken\s+off)" + _EN_AGENDA + r")"
    r"|(?:what|which)\s+(?:things|tasks|appointments|plans|promises|reminders|to-?dos)\s+(?:did|have)\s+(?:i|you)\s+"
    r"(?:just\s+)?(?:cancell?(?:ed)?|call(?:ed)?\s+off|drop(?:ped)?|delete(?:d)?|remove(?:d)?)"
    r"|(?:show|tell)\s+me\s+what\s+(?:i|you)(?:'ve|\s+have)?\s+(?:just\s+)?(?:cancell?ed|called\s+off)"
    r"|(?:did|have)\s+i\s+cancell?(?:ed)?\s+anything)"
    + _EN_SPAN)
_KO_SPAN = r"(?P<span>오늘|어제|이번주|금주|방금|아까|최근에?|요즘)?(?:에|은|는|에는)?"
_KO_CANCELLED = re.compile(
    _KO_SPAN + r"(?:내가|제가|나|저)?(?:"
    r"(?:뭐|뭘|무엇을?|뭐뭐|어떤거|어떤걸)(?:를)?(?:다)?(?:취소했|지웠|뺐|삭제했|없앴)"
    r"|(?:취소한|지운|뺀|삭제한|없앤)(?:거|것|일|게|일정|약속)(?:들)?(?:이|은|가)?(?:뭐|뭔|있|알려|보여|몇|뭐뭐|어떤))")


def cancelled_asked(t: str) -> Span | None:
    """The span asked of what was taken off the agenda ("what did I cancel this week": "week"; "방금 뭐 지웠어?": "today"),
    today when none is said; None when `t` (as `intents.clean` gives it) asks no such thing."""
    text = t.strip().rstrip("?？.! ").casefold()
    if (m := _EN_CANCELLED.fullmatch(text)) is not None:
        span = m["span"] or ""
    elif re.search(r"[가-힣]", text) and (k := _KO_CANCELLED.match(text.replace(" ", ""))) is not None:
        span = k["span"] or ""
    else:
        return None
    if "yesterday" in span or span == "어제":
        return "yesterday"
    if "week" in span or span in ("이번주", "금주"):
        return "week"
    return "recent" if span in ("recently", "lately", "최근", "최근에", "요즘") else "today"


@dataclass(frozen=True)
class CantMake:
    """"I can't make X": the thing (`thing`, as said, its article kept) and whether an order to take it off came with it."""

    thing: str
    ordered: bool
    when: str = ""      # the time said after it ("on monday", "today"): a repeating one skips that time only


_EN_LEAD = r"(?:(?:oh|um|uh|so|well|sorry|unfortunately|actually|hey|ugh|dang|damn|shoot)[\s,]+)*"
# ("I won't go to the dentist", "I won't attend X" withdraw it unasked, as before: `commitment_words.EN_DISMISS_NEG`)
_EN_CANT = (r"i(?:\s+(?:just|really|definitely|probably|totally))?\s+(?:(?:can't|cant|cannot|can\s+not"
            r"|(?:'m|\s+am)\s+not\s+able\s+to)\s+(?:make\s+it\s+to|make|go\s+to|attend|get\s+to)"
            r"|(?:won't|wont|will\s+not|(?:'m|\s+am)\s+not\s+(?:going\s+to|gonna))\s+(?:make\s+it\s+to|make))\s+"
            r"|i\s+(?:(?:have|need|'ll\s+have|will\s+have|'m\s+going\s+to\s+have|'m\s+gonna\s+have)\s+to|gotta|must)\s+"
            r"(?:skip|miss|bail\s+on|pass\s+on)\s+")
_EN_ORDER = (r"(?:\s*[,;.]\s*|\s+)(?:(?:so|and|please|just)\s+)*(?:you\s+can\s+|can\s+you\s+)?"
             r"(?P<order>(?:cancel|drop|scratch|scrap|delete|remove|clear)\s+(?:it|that|this)(?:\s+one)?"
             r"|take\s+(?:it|that|this)(?:\s+one)?\s+off(?:\s+(?:my|the)\s+(?:list|agenda|calendar))?"
             r"|call\s+(?:it|that)\s+off)(?:\s+please)?")
_EN_CANT_MAKE = re.compile(_EN_LEAD + r"(?:" + _EN_CANT + r")(?P<x>(?:the|my|our|that|this)\s+[\w'-]+(?:\s+[\w'-]+){0,5}?)"
                           r"(?:" + _EN_ORDER + r")?")
# what makes the words a move or a plan, not a withdrawal: another time, "but", "instead", "until"
_NOT_WITHDRAWN = re.compile(r"\b(?:but|instead|until|till|unless|anymore|because|so|if|and|or|i|i'll|we|we'll)\b")
# a time said after the thing ("the dentist on friday", "the meeting today"): not part of its name
_TIME_TAIL = re.compile(r"(?:\s+(?:on|at|this|next|in\s+the)\s+[\w':]+|\s+(?:today|tonight|tomorrow|again|after\s+all))+$")
_ENTRY_TAIL = re.compile(r"\s+(?:thing|one|stuff)$")


def cant_make(t: str) -> CantMake | None:
    """"I can't make the dentist appointment" -> CantMake("the dentist appointment", False); "I can't make the insurance
    thing, drop it" -> CantMake("the insurance", True); None for "I can't make it", "I can't make it to the gym today but
    I'll go tomorrow" (a move: another time), "I can't make dinner" (no article: talk, not a thing kept) or any other
    words. `t` as `intents.clean` gives it."""
    text = t.strip().rstrip("?.! ").casefold()
    if len(text) > 200 or (m := _EN_CANT_MAKE.fullmatch(text)) is None:
        return None
    thing = _TIME_TAIL.sub("", m["x"])
    when = m["x"][len(thing):].strip()
    if _NOT_WITHDRAWN.search(thing) or thing.split()[-1] in ("it", "that", "this", "one"):
        return None
    thing = _ENTRY_TAIL.sub("", thing)
    return CantMake(thing, m["order"] is not None, when) if len(thing.split()) > 1 else None


# "I can't make it to the gym today but I'll go tomorrow": a move of the thing to the other time said, not a withdrawal
_EN_WHEN = (r"(?P<when>(?:tomorrow|tonight|later\s+today|this\s+(?:evening|afternoon|weekend)|next\s+week"
            r"|(?:on\s+|next\s+|this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
            r"(?:\s+(?:morning|afternoon|evening|night))?(?:\s+at\s+\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?)?)")
_EN_CANT_MOVED = re.compile(
    _EN_LEAD + r"(?:" + _EN_CANT + r")(?P<x>(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?)"
    r"(?:\s+(?:today|tonight|this\s+(?:morning|afternoon|evening)))?(?:\s*,\s*(?:(?:but|so)\s+)?|\s+(?:but|so)\s+)"
    r"(?:i(?:'ll|\s+will|\s+can|'m\s+going\s+to|'m\s+gonna|\s+could)\s+(?:(?:go|do\s+it|make\s+it|be\s+there|go\s+there)\s+)?)?"
    + _EN_WHEN + r"(?:\s+instead)?")


def cant_make_moved(t: str) -> tuple[str, str] | None:
    """"I can't make it to the gym today but I'll go tomorrow" -> ("the gym", "tomorrow"): the thing and the time it
    goes to; None for any other words (`t` as `intents.clean` gives it)."""
    text = t.strip().rstrip("?.! ").casefold()
    if len(text) > 200 or (m := _EN_CANT_MOVED.fullmatch(text)) is None:
        return None
    if _NOT_WITHDRAWN.search(m["x"]):
        return None
    return _ENTRY_TAIL.sub("", m["x"]), m["when"]


# Korean "I can't make it" (everyday80: "금요일 치과 못 가", "내일 회식 못 갈 것 같아", "오늘 PT 빠져야 돼" took the
# appointment off unasked): the day said first, the thing, then 못 가 / 못 갈 것 같아 / 빠져야 돼 / 참석 못 해, and an
# optional order after it ("…, 취소해 줘"). The thing is a word or two, no verb of its own ("엄마한테 전화 못 했어" is no
# appointment missed: 못 하다 is not read).
_KO_WHEN = (r"(?P<when>(?:오늘|내일|모레|이따|이번\s?주\s?[월화수목금토일]요일|다음\s?주\s?[월화수목금토일]요일|[월화수목금토일]요일)"
            r"(?:\s?(?:아침|오전|오후|저녁|밤))?)(?:에|은|는|도)?\s")
_KO_THING = r"(?P<x>[가-힣A-Za-z0-9]{1,12}?(?:\s[가-힣A-Za-z0-9]{1,12}?)?)"
_KO_ENDING = r"(?:어|아|요|어요|아요|겠어|겠어요|겠다|네|네요|ㅠ+|ㅜ+)?"
_KO_CANT = (r"(?:은|는|에|엔|도|을|를)?\s?(?:"
            r"(?:못\s?갈|빠질|불참할|참석\s?못\s?할)\s?(?:것|거)\s?같" + _KO_ENDING +
            r"|못\s?(?:가|갑니다|가게\s?(?:됐|되었)|가겠)" + _KO_ENDING +
            r"|빠져야\s?(?:돼|해|겠|될\s?(?:것|거)\s?같)" + _KO_ENDING +
            r"|빠질(?:게|래)" + _KO_ENDING + r"|빠지게\s?됐" + _KO_ENDING +
            r"|참석\s?(?:못|안)\s?(?:해|하겠|하게\s?됐)" + _KO_ENDING + r"|불참(?:할게|해야\s?(?:돼|해)|이야|이에요)" + _KO_ENDING +
            r")")
_KO_ORDER = (r"(?:\s?[,.]\s?|\s)(?P<order>(?:그거\s|그건\s)?(?:취소|삭제)\s?(?:해\s?(?:줘|주세요|줄래|요)?|해\s?줄래요?|해)"
             r"|(?:그거\s|그건\s)?(?:지워|빼)\s?(?:줘|주세요|줄래|요)?)")
_KO_CANT_MAKE = re.compile(r"(?:아\s|아이고\s|어\s|음\s|근데\s|저\s|나\s)*(?:" + _KO_WHEN + ")?" + _KO_THING + _KO_CANT
                           + r"(?:" + _KO_ORDER + r")?[.!~ ]*")
_KO_NOT_A_THING = re.compile(r"(?:거기|그거|이거|저거|아무데도|학교|회사|집|출근|일)$")   # talk of going, not a thing kept


def ko_cant_make(t: str) -> CantMake | None:
    """"금요일 치과 못 가" -> CantMake("치과", False, "금요일"); "내일 회식 못 갈 것 같아, 취소해 줘" -> CantMake("회식",
    True, "내일"); None for "나 오늘 회사 못 가" (going, not a thing kept) or any other words."""
    text = t.strip()
    if len(text) > 120 or (m := _KO_CANT_MAKE.fullmatch(text)) is None:
        return None
    thing = m["x"].strip()
    if _KO_NOT_A_THING.search(thing):
        return None
    return CantMake(thing, m["order"] is not None, (m["when"] or "").strip())


# the answer to "'치과 예약' 목록에서 지울까요?" / "Should I take X off your agenda?" said as the order itself: "취소해 줘",
# "응 지워 줘", "cancel it", "yes, take it off" (everyday80: "취소해 줘" read as a "no" to the question, `decision`)
_TAKE_IT_OFF = re.compile(
    r"(?:(?:응|네|예|어|그래|ㅇㅇ)[,\s]*)?(?:그거\s?|그냥\s?)?(?:(?:취소|삭제)\s?해\s?(?:줘|주세요|줘요|요)?|지워\s?(?:줘|주세요|줘요|요)?"
    r"|빼\s?(?:줘|주세요|줘요)|없애\s?(?:줘|주세요))"
    r"|(?:(?:yes|yeah|yep|ok|okay|sure)[,\s]+)?(?:please\s+)?(?:cancel|delete|remove|drop|scratch)\s+(?:it|that)"
    r"|(?:(?:yes|yeah|yep|ok|okay|sure)[,\s]+)?(?:please\s+)?take\s+(?:it|that)\s+off(?:\s+(?:my|the)\s+(?:list|agenda))?")


def takes_it_off(t: str) -> bool:
    """Whether an answer to a question of taking a promise off is the order to take it off ("취소해 줘")."""
    text = t.strip().rstrip("?.!~ ").casefold()
    return len(text) <= 60 and _TAKE_IT_OFF.fullmatch(text) is not None
