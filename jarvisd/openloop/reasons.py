"""Why, said after the words (pure): "cancel the soccer practice on thursday because the coach is sick", "… on thursday
the coach is sick", "i couldn't pay the bill because the site was down", "목요일 축구 연습 취소해 줘, 코치가 아파서".

A reason is no part of what it gives the reason for: pass 65 read "because the coach is sick" as a promise's words (its
"is" named no promise, and the whole series ended) and kept "do the site" by Saturday; english64's left and lows65 read
"… tomorrow so i dont need to go" as the words of the thing. Three readers were written for those, two in `day_off` and
one in `past_due` (debt66): `reason_at` is the one reader now, for a day called off (`day_off`) and a deed told missed
(`past_due`). Only where the reason starts is read here; what the words before it say is the caller's.

The shapes keep each caller's words as they were (debt66 moved them, it did not widen them): after a deed "when the
bank was closed" is a reason, after a day off "when the kids are back" is not one (it says when); a reason with no word
before it ("the coach is sick") is read only right after the day, where the words of the thing have ended.
"""

from __future__ import annotations

import re
from typing import Literal

After = Literal["words", "day", "deed"]

# the words a reason's clause starts with ("the coach …", "it's …", "there's …")
_SUBJECT = r"(?:the|my|our|his|her|it|it's|he|she|they|we|i|there's)"
# why, said within the words: a word that opens a reason ("because", "as the …", "due to"), or a comma and the reason's
# subject ("…, the coach is sick")
_EN_WITHIN = re.compile(r"(?<!\s)(?:(?:\s*[,;]\s+|\s+)(?:because|since|cause|'cause|coz|as\s+(?:the|my|our|it|he|she|they|we|i)\b|due\s+to)\b"
                        r"|\s*[,;]\s*(?=" + _SUBJECT + r"\s))")
# why, said after the day with no word between, to the end: "… on thursday the coach is sick", "… tomorrow so i dont
# need to go"
_EN_AFTER_DAY = re.compile(r"\b(?:tomorrow|today|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?P<why>,?\s+(?:(?:so|because|"
                           r"cause|cuz|since|as)\s|(?:the|my|our|his|her)\s+[\w']+\s+(?:is|are|was|has|got)\s|(?:he|she|they|it)"
                           r"(?:'s|\s+is|\s+are|'re|\s+has|\s+got)\s)[\w' ,-]{1,80})$")
# why a deed was not done, said after it: "… because the site was down", "… since i was sick", "… when the bank was
# closed" (a reason at the very start is no reason after a deed: the caller keeps the words)
_EN_AFTER_DEED = re.compile(r"(?<!\s)\s+(?:because|(?:'?cause|coz|since|as)\s+(?:i|i'm|the|my|it|it's|we|they|he|she|of)\b"
                            r"|when\s+(?:i|the|my|it)\b|(?:it|the\s+\w+)\s+(?:was|were)\s+(?:closed|down|busy))", re.IGNORECASE)
# (each starts where a run of spaces starts, as the leftmost match does anyway, and "\s*[,;]?\s+" is written as
# "\s*[,;]\s+|\s+": a run of 4,000 spaces is read once, not from each of its spaces with each split of it; 518 s and
# 1.4 s before, debt66)
# Korean: why said after the last comma, ending as a reason does ("…취소해 줘, 코치가 아파서", "…, 비 온대")
_KO_WHY_END = re.compile(r"(?:서|니까|니깐|때문에|거든|거든요|대|래|대요|래요)$")

# Korean: why said first, as a clause of a state or a breakdown ending in -서 / 때문에 ("브레이크 패드 소리나서 센터
# 예약하기", "보일러 고장나서 수리 기사 부르기", "우유 다 떨어져서 …"; not "… 때문에": "그날 일 때문에 마트 가기" keeps
# its words, korean65's guard; lows67: kept in the name, Kiwi reads "소리나서" as
# 소리 + 나 + 서). Not a -서 of one deed then another ("친구 만나서 밥 먹기", "집에 와서 빨래하기": the first is done).
_KO_WHY_FIRST = re.compile(
    r"[가-힣A-Za-z0-9 ]{1,40}?(?:(?:소리|냄새|고장|탈|열|문제|구멍|금|녹|펑크|누수|에러|오류)\s?(?:이|가)?\s?나서"
    r"|(?:떨어|망가|깨|막|밀|부러|찢|터|고장\s?나|꺼|끊|얼)져서|아파서|없어서|바빠서|늦어서|새서|비\s?와서|눈\s?와서"
    r")\s+(?=\S)")

_AFTER_DAY_CHARS = 200   # the words a reason after the day is looked for in (a turn is one sentence or two)


def reason_at(text: str, after: After = "words", lang: Literal["en", "ko"] = "en") -> int | None:
    """Where the reason said after the words starts (the words before it are what it gives the reason for), or None
    when no reason is said. `after`: "words", a reason said anywhere after the first word; "day", one said right after
    a day with no word between, to the end; "deed", one said after a deed told missed. Korean ("words" alone): the last
    comma when what follows it ends as a reason does."""
    if lang == "ko":
        head, comma, why = text.rpartition(",")
        return len(head) if comma and _KO_WHY_END.search(why.strip(" .!~")) else None
    if after == "day":
        m = _EN_AFTER_DAY.search(text) if len(text) <= _AFTER_DAY_CHARS else None
        return None if m is None else m.start("why")
    m = (_EN_AFTER_DEED if after == "deed" else _EN_WITHIN).search(text)
    return None if m is None else m.start()


def without_reason(text: str, after: After = "words", lang: Literal["en", "ko"] = "en") -> str:
    """The words with the reason said after them off (`reason_at`), and the comma before it; a reason said first
    leaves the words as they are ("because of the rain" is no deed's reason)."""
    at = reason_at(text, after, lang)
    return text if not at else text[:at].rstrip(" ,")


# What ran out, said last in a reason first ("엄마 기저귀 다 떨어져서", "우유가 없어서"): the thing, its 이/가 off
_KO_RAN_OUT = re.compile(r"(?:^|\s)(?:(?P<kind>[가-힣A-Za-z0-9]{1,12})\s)?(?P<thing>[가-힣A-Za-z0-9]{1,12}?)(?:이|가)?\s"
                         r"(?:다\s)?(?:떨어져서|없어서)\s+$")
# whose or where, said before the thing run out ("엄마 기저귀", "집에 우유"): not its name ("실험 시약" is)
_KO_NOT_A_KIND = frozenset("엄마 아빠 어머니 아버지 우리 내 제 나 저 애들 아기 아이 동생 남편 아내 집 회사 가게 사무실 냉장고 "
                           "벌써 이제 또 오늘 어제".split())
# A deed of getting more, said with no thing of its own after the reason's days ("내일 사야 돼", "이따 주문하기"):
# the words before it are days and times only (korean69)
_KO_WHEN_WORD = re.compile(r"(?:오늘|내일|모레|글피|이따가?|나중에|주말|이번\s?주|다음\s?주|[월화수목금토일]요일|아침|점심|저녁|밤"
                           r"|오전|오후|퇴근\s?길|퇴근\s?후|장\s?볼\s?때|\d{1,2}시|\d{1,2}일)(?:에|까지|중에?|에는)?")
_KO_GET_MORE = re.compile(r"(?:사|사러|사\s?와|사\s?오|주문|시켜|시키|구매|구입|채워|채우)")
# ... or after the place the errand goes to first ("내일 약국 가서 사야 돼", "퇴근길에 편의점 들러서 사 와야 돼",
# "마트에서 주문하기"; korean70): the thing is put after the place, before the deed
_KO_GONE_TO = re.compile(r"(?:가서|들러서|들려서)")
_KO_PLACE_AT = re.compile(r"[가-힣A-Za-z0-9]{1,12}(?:에서|에\s?가서)")


def _ko_thing_for_more(why: str, rest: str) -> str:
    """The words after a reason of a thing run out, the thing put before the deed of getting more when that deed has
    none of its own ("엄마 기저귀 다 떨어져서" + "내일 사야 돼": "내일 기저귀 사야 돼"); `rest` as it is otherwise
    ("우유 다 떨어져서" + "내일 마트 가기": the deed is the errand's own)."""
    ran_out = _KO_RAN_OUT.search(why)
    if ran_out is None:
        return rest
    words = rest.split(" ")
    at = 0
    while at < len(words) and _KO_WHEN_WORD.fullmatch(words[at]):
        at += 1
    if at + 2 < len(words) and _KO_GONE_TO.fullmatch(words[at + 1]) and not _KO_WHEN_WORD.fullmatch(words[at]):
        at += 2
    elif at + 1 < len(words) and _KO_PLACE_AT.fullmatch(words[at]) and not _KO_WHEN_WORD.fullmatch(words[at]):
        at += 1
    if at >= len(words) or not _KO_GET_MORE.match(words[at]):
        return rest
    kind, thing = ran_out["kind"], ran_out["thing"]
    if thing == "다":  # "기저귀 다 떨어져서": the thing is the word before 다, no kind said
        kind, thing = None, kind
    thing = thing if not kind or kind in _KO_NOT_A_KIND or kind.endswith(("에", "의", "는", "은")) \
        else f"{kind} {thing}"
    return " ".join([*words[:at], thing, *words[at:]])


def without_ko_reason_first(text: str) -> str:
    """The Korean words with a reason said first off ("브레이크 패드 소리나서 센터 예약하기": "센터 예약하기"); the words as
    they are when no such reason starts them, or nothing is left after it. A thing run out is the object of a deed
    of getting more said without one ("기저귀 다 떨어져서 내일 사야 돼": "내일 기저귀 사야 돼", korean69)."""
    m = _KO_WHY_FIRST.match(text) if len(text) <= _AFTER_DAY_CHARS else None
    rest = text[m.end():] if m is not None else ""
    if len(rest.strip()) < 2:
        return text
    return _ko_thing_for_more(text[:m.end()], rest) if m is not None else rest
