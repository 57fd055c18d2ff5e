"""A time of a repeating promise called off, the series kept (pure rules; the desk's `Reminding._day_off` and
`Reminding._skip` act). Both ways of saying it are read here (debt66: the skip's words were in `repeats.py`, the day
off's here):

- one day of it, said with its day: "cancel the soccer practice on thursday", "no piano lesson tomorrow", "thursday's
  practice is cancelled", "my wife will do the pickup tomorrow" (`day_off`, `ko_day_off`). Round 64's lows: each ended
  the whole series ("It won't come back.") where only that day's time was off;
- the next time of it: "skip the pills today", "skip it", "the food bank is cancelled this week", "오늘은 약 건너뛸게"
  (`skip_asked`, `skip_day`).

Only the words are read here: whether a repeating promise is named and its rule falls on the day is the desk's
(`OpenLoopService.skip_on`, `OpenLoopService.skip`)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from jarvisd.openloop.reasons import reason_at
from jarvisd.openloop.when import time_spans

_LEAD = r"(?:(?:oh|ok(?:ay)?|so|um|uh|please|jarvis|and|actually|hey|also)[\s,]+)*"
# "cancel the soccer practice on thursday", "call off piano tomorrow", "no swim lesson on friday"
_EN_CANCEL = re.compile(_LEAD + r"(?:(?:can\s+you\s+|could\s+you\s+)?(?:cancel|call\s+off|scrap|drop|scratch)|there(?:'s|\s+is|\s+will\s+be|'ll\s+be)\s+no|no(?!\s*,))\s+"
                        r"(?P<rest>[\w' ,-]{3,120}?)(?:\s+(?:please|for\s+me|this\s+time))?[.!]?")
# "skip the call on thursday", "skip calling mom on friday" (the sixty-seventh session: to SmolLM2, and the skip room
# skipped tonight's call for "… on friday"): a skip said with a day of the week or a date; with today/tomorrow it stays
# the skip room's ("skip the pills tomorrow", `skip_day`)
_EN_SKIP_ON = re.compile(_LEAD + r"(?:(?:i'll|i\s+will|i\s+want\s+to|let's|can\s+you|could\s+you|please)[\s,]+)*skip(?:ping)?\s+"
                         r"(?P<rest>[\w' ,-]{3,120}?)(?:\s+(?:please|for\s+me|this\s+time))?[.!]?")
_SKIP_ROOMS_DAY = re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening|time)|once)\b")
_OFF = r"(?:cancell?ed|called\s+off|off|not\s+happening)"   # "is cancelled", "got called off", "is off", "is not happening"
# "soccer practice on thursday is cancelled", "thursday's practice got called off"
_EN_CALLED_OFF = re.compile(_LEAD + r"(?P<rest>[\w' ,-]{3,120}?)\s+(?:is|'s|got|has\s+been|was|will\s+be)\s+"
                            + _OFF + r"(?P<tail>\s+[\w' ,-]{3,40}?)?[.!]?")
# someone else does it that day: "my wife will do the pickup tomorrow", "Dana's covering the school run on friday"
_EN_OTHER_DOES = re.compile(
    _LEAD + r"(?P<who>(?:my|our)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|(?!(?:i|we|you|it|that|this|there|they)\b)[a-z][\w-]*)"
    r"(?:\s+(?:will|can|is\s+going\s+to|is\s+gonna)|'ll|'s|\s+is)\s+(?:(?:do|doing|handle|handling|cover|covering)"
    r"|(?P<verb>take|taking|get|getting|pick|picking)(?:\s+care\s+of)?)\s+(?P<rest>[\w' ,-]{3,120}?)(?:\s+(?:instead|for\s+me|this\s+time))*[.!]?")
# "thursday's practice", "tomorrow's pickup": the day said before the thing, as "practice thursday" (the time rules leave
# a day said as an attribute out)
_DAY_FIRST = re.compile(r"(?P<day>(?:(?:this|next)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight)'s\s+"
                        r"(?P<thing>.+)")
# a week or more is no one day of it ("no piano lesson next week")
_NOT_A_DAY = re.compile(r"\b(?:weeks?|weekend|months?|years?|fortnight)\b")
# "no I said thursday", "no, the dentist is on thursday": a correction or a remark, no promise named
_NOT_A_THING = re.compile(r"\b(?:i|is|it|was|were|said|you|we|not|that|this|be|are|meant)\b")
_THING = re.compile(r"^(?:(?:the|my|our|a)\s+)+|(?:\s+(?:on|for|at|this|next))+$|^'s\s+")


@dataclass(frozen=True)
class DayOff:
    what: str          # the words naming the promise ("soccer practice", "the pickup" as "pickup")
    day_words: str     # the words saying the day ("on thursday", "tomorrow")
    handed: bool       # someone else does it that day (not a cancel)
    verb: str = ""     # the deed's own verb, said by someone else ("take" of "take the kids to school")


def _no_symbols(text: str) -> str:
    """The words with emoji and other symbols off ("… on thursday 😷", "… 취소해 줘 😷")."""
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("S"))


def _said_off(cleaned: str) -> str:
    """The words with a reason after them and emoji or other symbols off."""
    said = " ".join(_no_symbols(cleaned).split())
    return said if (at := reason_at(said)) is None else said[:at].rstrip()


def day_off(cleaned: str) -> DayOff | None:
    """The promise and the day a calling-off names, or None when the words call nothing off on a day; a reason said
    after it is no part of it."""
    if len(cleaned) > 4000:
        return None
    cleaned = _said_off(cleaned)
    if (why := reason_at(cleaned, "day")) is not None and (said := _day_off(cleaned[:why])) is not None:
        return said   # "… on thursday the coach is sick"
    return _day_off(cleaned)


def _day_off(cleaned: str) -> DayOff | None:
    if len(cleaned) > 200:
        return None
    handed, verb = False, ""
    m = _EN_CANCEL.fullmatch(cleaned)
    rest = m["rest"] if m else None
    if rest is None and (m := _EN_CALLED_OFF.fullmatch(cleaned)) is not None:
        rest = m["rest"] + (m["tail"] or "")
    if rest is None and (m := _EN_SKIP_ON.fullmatch(cleaned)) is not None and not _SKIP_ROOMS_DAY.search(m["rest"]):
        rest = m["rest"]
    if rest is None and (m := _EN_OTHER_DOES.fullmatch(cleaned)) is not None:
        rest, handed = m["rest"], True
        verb = {"taking": "take", "getting": "get", "picking": "pick"}.get(m["verb"] or "", m["verb"] or "")
    if rest is None:
        return None
    if (first := _DAY_FIRST.match(rest)) is not None:
        rest = f"{first['thing']} {first['day']}"
    spans = time_spans(rest)
    if len(spans) != 1:
        return None
    start, end = spans[0]
    what = _THING.sub("", f"{rest[:start]} {rest[end:]}".strip(" ,")).strip(" ,")
    what = _THING.sub("", what).strip(" ,")
    if not what or not re.search(r"[a-z]{3}", what) or _NOT_A_THING.search(what):
        return None
    if verb == "pick" and what.startswith("up "):   # "my husband will pick up the kids tomorrow"
        verb, what = "pick up", what[3:]
    if _NOT_A_DAY.search(rest[start:end]):
        return None
    return DayOff(what, rest[start:end].strip(), handed, verb)


# Korean (pass65 and lows65, one reader: "목요일 축구 연습 취소해 줘", "목요일 축구 연습은 이번 주만 취소야" ended the whole
# series, "목록에서 지웠어요 … 다시 알려 드리지 않아요"): the day and the thing said first, the calling-off last: "취소야/됐어/해
# 줘", "없어/없대", "건너뛸게", "쉴게", "안 가/안 해". "이번 주만", "이번만", "하루만" say that it is one time.
_KO_LEAD = r"(?:(?:아|음|그|저기|자비스|참|근데|그리고)[\s,]+)*"
_KO_OFF = re.compile(
    _KO_LEAD + r"(?P<rest>[가-힣\w ,]{2,80}?)\s*(?:(?:이번\s*(?:주|번)만|이번만|그날만|하루만|딱\s*하루)\s*)?"
    # a bare "목요일 축구 연습 취소" too (pass 66: it ended the whole series)
    r"(?:취소\s*(?:야|이야|예요|에요|요|됐어(?:요)?|됐대(?:요)?|됨|래(?:요)?|해\s*(?:줘|주세요|줄래|줘요)?|해야\s*(?:해|돼|겠어)|할게(?:요)?|하자|됐다)?"
    r"|없어(?:요|졌어(?:요)?)?|없대(?:요)?|없을\s*거야|건너뛸게(?:요)?|건너뛰어\s*줘(?:요)?|건너뛰자|쉴게(?:요)?|쉬어(?:요)?|쉰대|빠질게(?:요)?"
    r"|안\s*(?:가|갈게|해|할게|할\s*거야|갈\s*거야)(?:요)?)[.!~]?")
_KO_PARTICLE = re.compile(r"(?:은|는|도|을|를|이|가|에는|에|엔)$")
_KO_NOT_A_DAY = re.compile(r"주(?!\s*[월화수목금토일]요일)\s*$|주\s*(?:동안|내내)|주말|평일|매일|마다|달|개월|년")
_KO_NOT_A_THING = re.compile(r"(?:^|\s)(?:나|내가|저|제가|그거|그건|이거|오늘은|시간|아무것도|아무|할\s*일)(?:\s|$)")


# someone else does it that day: "내일 픽업은 아내가 할 거야", "목요일 등원은 남편이 해 줄 거야"
_KO_OTHER_DOES = re.compile(
    r"(?P<rest>[가-힣\w ,]{2,60}?)\s*(?:은|는)\s+(?:(?:내|우리)\s*)?(?P<who>[가-힣]{1,6}?)(?:이|가|께서)\s+"
    r"(?:할\s*거(?:야|예요|래)|해\s*줄\s*거(?:야|예요|래)|해\s*준대(?:요)?|한대(?:요)?|맡(?:을\s*거(?:야|예요)|기로\s*했어(?:요)?|는대(?:요)?)"
    r"|하기로\s*했어(?:요)?)[.!]?")


def ko_day_off(cleaned: str) -> DayOff | None:
    """The Korean one-day calling-off: "목요일 축구 연습은 이번 주만 취소야", "목요일 축구 연습 취소해 줘, 코치가 아파서",
    "내일 약은 건너뛸게", "금요일엔 피아노 수업 없대", or someone else's doing of it ("내일 픽업은 아내가 할 거야"); None when
    no single day or no thing is said ("축구 연습 취소해 줘" stays the series' end)."""
    if len(cleaned) > 4000:
        return None
    cleaned = " ".join(_no_symbols(cleaned).split())
    if (why := reason_at(cleaned, lang="ko")) is not None:   # "…취소해 줘, 코치가 아파서": why, said after it
        cleaned = cleaned[:why].strip()
    if len(cleaned) > 120 or cleaned.endswith("?"):
        return None
    handed = False
    if (m := _KO_OFF.fullmatch(cleaned)) is None:
        if (m := _KO_OTHER_DOES.fullmatch(cleaned)) is None or m["who"] in ("나", "내", "제", "저"):
            return None
        handed = True
    rest = m["rest"].strip(" ,")
    spans = time_spans(rest)
    if len(spans) != 1:
        return None
    start, end = spans[0]
    said = rest[start:end].strip()
    if _KO_NOT_A_DAY.search(said) or re.search(r"\d\s*시|시(?:에|까지|부터)?$|분(?:에)?$|정오|자정|아침|저녁|오후|오전|밤", said):
        return None   # "다음 주 …", "3시 회의 취소": a week, or a time of day (a one-time change, not a day of a series)
    what = f"{rest[:start]} {rest[end:]}".strip(" ,")
    if _KO_NOT_A_THING.search(what):
        return None
    words = [_KO_PARTICLE.sub("", word) if len(word) > 1 else word for word in what.split()]
    what = " ".join(word for word in words if word and word not in ("그", "그거", "이번", "다음"))
    if not re.search(r"[가-힣]|[A-Za-z]{2}", what):   # "약" is a thing
        return None
    return DayOff(what, _KO_PARTICLE.sub("", said), handed)


# ------------------------------------------------------------ the next time off: "skip the pills today"

# "skip the pills today", "skip today's pills", "skip it", "skip this one", "오늘은 약 건너뛸게", "이번엔 건너뛰어 줘"
_EN_SKIP = re.compile(r"(?:(?:ok(?:ay)?|please|jarvis|i'll|i\s+will|i'm\s+going\s+to|let's)[\s,]+)*skip(?:ping)?\s+"
                      r"(?:(?:today's|tonight's|tomorrow's|this\s+morning's|this\s+week's)\s+)?(?P<what>.+?)"
                      r"(?:\s+(?:today|tonight|tomorrow|this\s+time|this\s+once|this\s+morning|this\s+week|for\s+today|just\s+this\s+once))?")
# "the food bank is cancelled this week" (the fifty-ninth session's retiree: the weekly promise was ended, "It won't come
# back."): this time's one called off, as a skip
_EN_SKIP_OFF = re.compile(r"(?:(?:oh|ok(?:ay)?|so|um|uh|btw|fyi|jarvis)[\s,]+)*(?P<what>[\w' -]{1,60}?)"
                          r"\s+(?:is|'s|are|got|has\s+been|was)\s+" + _OFF + r"\s+(?:this\s+week|today|tonight|tomorrow|this\s+time)")
# "cancel the swim lesson this week only", "cancel just this week's swim lesson" (the sixty-second session's family: the
# weekly lesson ended, "It won't come back."): a cancel said of this time only is a skip
_EN_CANCEL_ONCE = re.compile(r"(?:(?:oh|ok(?:ay)?|so|um|uh|please|jarvis|and)[\s,]+)*(?:cancel|call\s+off|drop)\s+"
                             r"(?:(?:just|only)\s+)?(?:(?:this\s+week's|today's|tomorrow's)\s+)?(?P<what>[\w' -]{1,60}?)"
                             r"(?:\s+(?:this\s+week|today|tomorrow|this\s+time))?\s+(?:only|just\s+this\s+(?:once|week|time))"
                             r"|(?:(?:oh|ok(?:ay)?|so|um|uh|please|jarvis|and)[\s,]+)*(?:cancel|call\s+off|drop)\s+(?:just|only)\s+"
                             r"(?:this\s+week's|today's|tomorrow's)\s+(?P<what2>[\w' -]{1,60}?)")
# "다음 거 건너뛰어", "다음 번은 건너뛸게": the next one of the promise in focus (the fifty-eighth helper: to SmolLM2)
_KO_SKIP_WORDS = r"(?:건너뛸게|건너뛰어(?:\s*줘)?|건너뛰자|건너뛸래|패스할게|패스|스킵할게|스킵|쉴게|안\s*할게)(?:요)?"
_KO_SKIP = re.compile(r"(?:오늘은|내일은|이번에는|이번엔|오늘|내일|이번|다음\s*(?:거|것|번|알림)(?:은|는|에는|엔)?)\s*(?P<what>.*?)\s*(?:은|는|을|를)?\s*"
                      + _KO_SKIP_WORDS)
# the thing first: "주간 보고 이번만 건너뛰어", "약은 오늘 패스" (the forty-seventh session: to the model)
_KO_SKIP_AFTER = re.compile(r"(?P<what>.+?)\s*(?:은|는|을|를)?\s*(?:오늘은|이번에는|이번엔|이번만|오늘만|이번\s*한\s*번만|오늘|이번)\s*"
                            + _KO_SKIP_WORDS)
# "skip the next one" (the fifty-eighth helper: read as a promise named "next", and to SmolLM2): the one in focus
_IT = frozenset({"it", "this", "that", "this one", "that one", "the reminder", "this reminder", "that reminder", "",
                 "next", "next one", "the next one", "next reminder", "the next reminder"})


def skip_asked(cleaned: str) -> str | None:
    """The words naming what "skip the pills today" skips ("" for "skip it", the one in focus), or None."""
    m = _EN_SKIP.fullmatch(cleaned) or _KO_SKIP.fullmatch(cleaned) or _KO_SKIP_AFTER.fullmatch(cleaned)
    m = m or _EN_SKIP_OFF.fullmatch(cleaned)
    if m is None and (once := _EN_CANCEL_ONCE.fullmatch(cleaned)) is not None:
        return _skipped(once["what"] or once["what2"])
    return None if m is None else _skipped(m["what"])


def _skipped(said: str) -> str:
    """The words naming what is skipped, "the"/"my" and "reminder"/"one" off; "" for the one in focus ("skip it")."""
    said = said.strip()
    what = re.sub(r"^(?:the|my)\s+|\s+(?:reminder|one)$", "", said)
    return "" if what in _IT or said in _IT else what


# the day a skip names ("skip the pills tomorrow", "skip today's pills", "내일은 약 건너뛸게"): pass 55a, the open one was
# skipped whatever day was said, so at 7 AM "skip the pills tomorrow" withdrew today's 8 AM and kept tomorrow's
_EN_SKIP_DAY = re.compile(r"\b(?:(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))|(?P<tomorrow>tomorrow))(?:'s)?\b")
_KO_SKIP_DAY = re.compile(r"(?P<today>오늘)|(?P<tomorrow>내일)")


def skip_day(cleaned: str) -> int | None:
    """The day a skip names, in days from today (0 today, 1 tomorrow), or None when it names none ("skip it")."""
    if skip_asked(cleaned) is None:
        return None
    m = _EN_SKIP_DAY.search(cleaned) or _KO_SKIP_DAY.search(cleaned)
    return None if m is None else 0 if m["today"] else 1
