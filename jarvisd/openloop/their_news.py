"""News told of other people, read as the user's agenda: someone who can't come and what that needs, someone found
for it, an office that will call, someone who came, someone moving out or in, someone else taking a deed on."""

from __future__ import annotations

import re

from jarvisd.language import EN_TITLE
from jarvisd.openloop.when import time_spans

# "지수 이번 주 금요일 못 나온대 대타 구해야 돼": someone away on a day, then what that needs
_KO_CANT_COME_THEN = re.compile(r"(?P<head>[가-힣0-9][가-힣0-9 ]{1,40}?)\s못\s?(?:나온대|온대|나와|와|나온다고\s?했어|온다고\s?했어)"
                                r"\s*[,.]?\s(?P<rest>[가-힣][가-힣 ]{1,40}(?:해야|야)\s?(?:돼|해|겠어|겠다|된다))")
# "대타 민호가 해준대", "베이비시터 이모가 와 주기로 했어": someone found for a thing sought ("대타 구하기")
_KO_FOUND_SOMEONE = re.compile(r"(?P<thing>[가-힣]{1,8})\s(?:[가-힣]{1,6}(?:이가|가|이|님이)|[가-힣]{1,6}씨가)\s?"
                               r"(?:해\s?준대|해\s?준대요|해\s?준다고\s?했어|해\s?주기로\s?했어|맡아\s?준대|와\s?준대|"
                               r"와\s?주기로\s?했어|한대|하기로\s?했어)[.!~]?")
# "보험사에서 담주 화욜에 전화 준대" (the sixty-sixth session: SmolLM2's English paragraph): a call an office said it will
# make, on a day said, is the user's call to take ("보험사 전화 받기"); an office only (에서), not a friend's word
_KO_OFFICE_CALLS = re.compile(r"(?P<who>[가-힣A-Za-z]{2,10})에서\s(?P<when>[^?？]{2,30}?)\s?(?:에\s)?(?:전화|연락)(?:를|을)?\s?"
                              r"(?:준대|준대요|준다고\s?했어|준다고\s?했어요|주기로\s?했어|주기로\s?했어요|온대|온대요|준답니다|준다네)[.!]?")

# "I can't pick up my brother, his friend will", "I won't be able to walk the dog, Sam will do it" (the fiftieth session:
# to the model, "I'm not able to speak in English"): said as "his friend will pick up my brother", which the handed
# closing reads (someone else does it: the promise withdrawn)
_CANT_OTHER_WILL = re.compile(
    r"(?:(?:oh|so|well|actually|and)[\s,]+)*(?:i|we)\s+(?:can't|cannot|can\s+not|won't\s+be\s+able\s+to|won't\s+manage\s+to)\s+"
    r"(?P<deed>[a-z][\w' -]+?)\s*[,;]\s*(?:but\s+|so\s+)?(?P<who>(?:his|her|my|their|our)\s+[a-z]+|[a-z]+)\s+"
    r"(?:will|is\s+going\s+to|'ll|can)(?:\s+(?:do|take\s+care\s+of)\s+(?:it|that))?(?:\s+instead)?[.!]?", re.IGNORECASE)

# "the plumber came", "the ice machine tech was here", "the produce guy stopped by" (english68/69: "I see.", the visit
# left open): someone whose visit is kept ("plumber visit") came; the visit is done (`_visit_came`)
_EN_CAME = re.compile(r"(?:(?:oh|so|ok(?:ay)?|well|yeah|and)[\s,]+)*(?:the|my|our)\s+(?P<who>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
                      r"\s+(?:finally\s+|just\s+|already\s+)?(?:came(?:\s+(?:by|over|out|round|around))?|was\s+(?:here|over|by)|"
                      r"stopped\s+by|dropped\s+by|swung\s+by|showed\s+up|has\s+been(?:\s+here)?|has\s+come|left|arrived|has\s+arrived|"
                      r"(?:was|got)\s+delivered|came\s+in|got\s+here)"
                      r"(?:\s+(?:today|this\s+morning|this\s+afternoon|earlier|already|just\s+now))?[.!]*", re.IGNORECASE)

# "mrs lopez in unit 3 is moving out on december 31", "the new tenant moves in january 5" (english69's landlord: SmolLM2
# said it back / "I see.", nothing kept): someone else's move out or in, on a day, kept as "move-out for mrs lopez"
_EN_MOVING = re.compile(r"(?:(?:oh|so|and|also|btw|ok(?:ay)?)[\s,]+)*(?P<who>" + EN_TITLE + r"\.?\s+[a-z][\w'-]*|(?P<the>the|my|our)\s+"
                        r"(?:new\s+|old\s+|current\s+|upstairs\s+|downstairs\s+)?[a-z][\w'-]*|(?!(?:i|we|you|he|she|they|it|who|that)\b)"
                        r"[a-z][\w'-]*)(?:\s+(?:in|from)\s+(?:unit|apartment|apt|suite|room|flat)\s+[\w-]+)?\s+(?:(?:is|are|'s|'re|will\s+be)"
                        r"(?P<now>\s+now)?\s+moving|moves|will\s+move)\s+(?P<dir>out|in)\s+(?P<when>(?:on|this|next|tomorrow|today)\b"
                        r"[^?]{0,40}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d[^?]{0,30})", re.IGNORECASE)


def ko_need_on_day_away(text: str) -> str:
    """"지수 이번 주 금요일 못 나온대 대타 구해야 돼" as "이번 주 금요일 대타 구해야 돼": the need is for the day the one
    away misses (korean68); as said otherwise."""
    if (absent := _KO_CANT_COME_THEN.fullmatch(text.strip())) is not None and \
            len(found := time_spans(absent["head"])) == 1 and found[0][1] >= len(absent["head"].rstrip("에은는 ")) \
            and not time_spans(absent["rest"]):
        return f"{absent['head'][found[0][0]:found[0][1]]} {absent['rest']}"
    return text


def ko_found_for(text: str) -> str | None:
    """The thing someone was found for ("대타" of "대타 민호가 해준대"), else None."""
    found = _KO_FOUND_SOMEONE.fullmatch(text.strip())
    return None if found is None else found["thing"]


def ko_office_calls(text: str) -> str:
    """"보험사에서 담주 화욜에 전화 준대" as "담주 화욜에 보험사 전화 받아야 돼" (the call is the user's to take); as said
    otherwise."""
    if (call := _KO_OFFICE_CALLS.fullmatch(text.strip())) is not None and time_spans(call["when"]):
        return f"{call['when'].removesuffix('에')}에 {call['who']} 전화 받아야 돼"
    return text


def someone_else_will(text: str) -> str | None:
    """"I can't pick up my brother, his friend will" as "his friend will pick up my brother", else None."""
    m = _CANT_OTHER_WILL.fullmatch(text.strip())
    if m is None or m["who"].lower() in ("i", "we", "you", "it", "that", "this"):
        return None
    return f"{m['who']} will {m['deed']}"


def came_visit(text: str) -> str | None:
    """The visit that one who came would be kept as ("plumber visit" of "the plumber came"), else None."""
    if len(text) > 120 or (m := _EN_CAME.fullmatch(text.strip())) is None:
        return None
    return f"{m['who'].lower()} visit"


def came_delivery(text: str) -> str | None:
    """The delivery that goods that came would be kept as ("flour delivery" of "the flour came", english70: SmolLM2's
    "the flour came in the oven."), else None."""
    if len(text) > 120 or (m := _EN_CAME.fullmatch(text.strip())) is None:
        return None
    return f"{m['who'].lower()} delivery"


def moving_kept(text: str) -> str:
    """"mrs lopez is moving out on december 31" as "the move-out for mrs lopez is on december 31" (read as an event);
    "the new tenant moves in january 5" as "the new tenant has a move-in on january 5"; as said otherwise."""
    if len(text) > 160 or (m := _EN_MOVING.fullmatch(text.strip().rstrip(".!"))) is None or not time_spans(m["when"]):
        return text
    when = m["when"] if re.match(r"(?:on|this|next|tomorrow|today)\b", m["when"], re.IGNORECASE) else f"on {m['when']}"
    if m["the"] and not m["now"]:
        return f"{m['who']} has a move-{m['dir'].lower()} {when}"
    who = re.sub(r"^(?:the|my|our)\s+", "", m["who"], flags=re.IGNORECASE)
    return f"the move-{m['dir'].lower()} for {who} is{' now' if m['now'] else ''} {when}"


# "jake said he'll cover maria's shift", "sam can take the saturday shift", "my sister is going to watch the kids friday"
# (english70's bakery: SmolLM2's "This is a grammatical error …", the search left open): someone who will do a deed
_EN_SOMEONE_WILL = re.compile(
    r"(?:(?:oh|so|ok(?:ay)?|well|yeah|and|good\s+news|great)[\s,]+)*(?P<who>(?:(?:my|our|his|her|the)\s+)?[a-z][\w'-]*)"
    r"(?:\s+(?:said|says|told\s+me|texted(?:\s+me)?)\s+(?:that\s+)?(?:he|she|they)(?:'ll|\s+will|\s+can|'s\s+gonna|\s+is\s+going\s+to|"
    r"'s\s+going\s+to|'re\s+going\s+to|\s+would|'d)|(?:'ll|\s+will|\s+can|'s\s+gonna|\s+is\s+gonna|\s+is\s+going\s+to|'s\s+going\s+to|"
    r"\s+agreed\s+to|\s+offered\s+to|\s+volunteered\s+to))\s+(?P<deed>[a-z][\w' -]{1,60}?)[.!]*", re.IGNORECASE)
# a thing sought: "find someone to cover maria's shift", "find a babysitter"
_EN_SOUGHT = re.compile(r"find\s+(?:someone|somebody|anyone|a|an)\s+(?:(?:new\s+)?(?P<role>[a-z][\w-]*(?:\s+sitter)?)|"
                        r"to\s+(?P<verb>[a-z]+)(?:\s+(?:in\s+)?for)?(?:\s+(?P<obj>.+))?)", re.IGNORECASE)
# the deeds one found for a role does: "a babysitter" is found in "my sister is going to watch the kids"
_ROLE_DEEDS = {
    "babysitter": r"watch|babysit|look\s+after|mind|sit\s+with|take\s+care\s+of|keep",
    "sitter": r"watch|babysit|look\s+after|mind|sit\s+with|take\s+care\s+of",
    "nanny": r"watch|babysit|look\s+after|mind|take\s+care\s+of",
    "dog sitter": r"watch|walk|feed|look\s+after|take\s+care\s+of|keep",
    "pet sitter": r"watch|walk|feed|look\s+after|take\s+care\s+of",
    "replacement": r"cover|take|work|fill\s+in|sub",
    "sub": r"cover|take|work|fill\s+in|sub",
    "substitute": r"cover|take|work|fill\s+in|sub|teach",
    "driver": r"drive|take|pick\s+up",
    "ride": r"drive|take|pick\s+up|give\s+(?:me|us)\s+a\s+ride",
}
# deeds that are one: a shift covered is taken, worked, picked up
_SAME_DEED = (frozenset({"cover", "take", "work", "pick", "fill", "sub", "do"}), frozenset({"watch", "babysit", "mind", "look"}))
_OBJ_FILLER = frozenset("the a an her his their my our this that it them for on in up of".split())
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|tonight|tomorrow|today|this\s+weekend"


def _content(words: str) -> set[str]:
    words = re.sub(r"'s\b", "", re.sub(r"\b(?:" + _DAYS + r")\b", " ", words.lower()))
    return {w for w in re.findall(r"[a-z][\w-]*", words) if w not in _OBJ_FILLER}


def en_found_for(text: str, sought: list[str]) -> int | None:
    """Which of the open `sought` ("find someone to cover maria's shift", "find a babysitter") someone's news ("jake said
    he'll cover maria's shift", "my sister is going to watch the kids friday") has found one for, the way
    `ko_found_for` reads "대타 민호가 해준대" (english71); None when the news names none of them, or several."""
    if len(text) > 160 or (news := _EN_SOMEONE_WILL.fullmatch(text.strip())) is None or \
            re.fullmatch(r"i|we|you|it|that|this|there|he|she|they", news["who"], re.IGNORECASE):
        return None
    deed = news["deed"].lower()
    first = deed.split()[0]
    found = []
    for i, desc in enumerate(sought):
        if (m := _EN_SOUGHT.fullmatch(desc.strip())) is None:
            continue
        if m["role"] is not None:
            role = m["role"].lower()
            if role in _ROLE_DEEDS and re.match(r"(?:" + _ROLE_DEEDS[role] + r")\b", deed):
                found.append(i)
            continue
        verb = m["verb"].lower()
        if first != verb and not any(first in same and verb in same for same in _SAME_DEED):
            continue
        want, told = _content(m["obj"] or ""), _content(deed.split(maxsplit=1)[1] if " " in deed else "")
        if first != verb and not want & told or want and told and not want & told:
            continue   # "take the saturday shift" finds "cover shift", not "cover the phones"
        found.append(i)
    return found[0] if len(found) == 1 else None


def other_than_sought(deed: str, desc: str) -> bool:
    """Whether a deed someone else takes on ("cover the phones") is another than the one a search is for ("find someone
    to cover maria's shift": english71, withdrawn by "sam will cover the phones")."""
    if (m := _EN_SOUGHT.fullmatch(desc.strip())) is None or m["verb"] is None or not m["obj"]:
        return False
    told = _content(deed.split(maxsplit=1)[1] if len(deed.split()) > 1 else "")
    return bool(told) and not told & _content(m["obj"])
