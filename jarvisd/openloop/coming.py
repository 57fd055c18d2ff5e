"""Something coming to the user's place on a day, told as news in Korean (pure): "수요일에 위생 점검 나온대", "다음주
월요일에 원두 들어온대", "목요일에 가스 검침 온대" (korean68's café week: "그렇군요." and SmolLM2, nothing kept).

The desk already keeps "가스 점검 목요일 오후 두 시에 온대" (the thing first, 오다: `commitments_ko._visit`) and "원두 주문한
거 수요일에 온대" (`commitments_ko._arrival`). These say the same with the day first, or with 나오다 (an inspector 나온대)
or 들어오다 (stock 들어온대), and are said here in the order those readers read; what they do not keep ("금요일에 엄마
온대": no service, nothing ordered) stays news as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Spans = Callable[[str], Sequence[tuple[int, int]]]

# the words, then 나오다 / 오다 / 들어오다 told (hearsay -대, or the plain present), and nothing else
_KO_COMES_SAID = re.compile(r"(?P<head>[가-힣0-9][가-힣0-9 ]{1,60}?)\s(?P<verb>나온|들어온|온|나오신|오신)"
                            r"(?:대|대요|다고\s?했어|다고\s?했어요|다네|답니다)[.!~]?")


_PEOPLE = frozenset("엄마 아빠 어머니 아버지 동생 형 누나 오빠 언니 남편 아내 와이프 아들 딸 애들 아이 애 할머니 할아버지 "
                    "친구 손님 사장 사장님 직원 알바 삼촌 이모 고모".split())


def _without_purpose(what: str) -> str:
    """"인테리어 업체 견적 보러" as "인테리어 업체", "에어컨 기사님 수리하러" as "에어컨 기사님" (korean70: the salon's
    week, "목요일에 인테리어 업체 견적 보러 온대" was "그렇군요."): what the visitor comes for said with -러 is no part
    of who comes; a short verb (보러, 받으러) takes its object with it."""
    words = what.split()
    if len(words) < 2 or not words[-1].endswith("러"):
        return what
    verb, words = words[-1], words[:-1]
    if len(verb) <= 3 and not verb.endswith("하러") and len(words) >= 2:
        words = words[:-1]
    return " ".join(words)


def ko_coming(text: str, spans: Spans) -> str | None:
    """`text` said in the order the desk keeps a visit or a delivery by ("위생 점검 수요일에 온대", "원두 주문한 거 다음주
    월요일에 온대"), or None when it tells no such thing with its day."""
    m = _KO_COMES_SAID.fullmatch(text.strip())
    if m is None:
        return None
    head, verb = m["head"].strip(), m["verb"]
    found = list(spans(head))
    if len(found) != 1:
        return None
    start, end = found[0]
    if start == 0:                                   # "수요일에 위생 점검": the day, then the thing
        when, what = head[:end], head[end:].strip()
    elif end >= len(head.rstrip("에 ")):             # "위생 점검 수요일에": the thing, then the day
        when, what = head[start:], head[:start].strip()
    else:
        return None
    when = when.strip().removesuffix("에").strip()
    what = re.sub(r"^에(?:\s|$)", "", what).strip()   # the day's 에, not the thing's ("에어컨": was "어컨")
    what = _without_purpose(what) if start == 0 else what
    if not what or not when or len(what.split()) > 3 or re.search(r"[0-9]", what):
        return None
    if verb == "나온" and what.split()[-1] in ("결과", "성적", "합격자"):
        return f"{what} {when}에 나온대"               # results out on a day: `commitments_ko._results_out` (korean69)
    if verb.startswith("들어"):                      # stock coming in: what was ordered arrives
        if what.split()[-1] in _PEOPLE or what.endswith(("씨", "님", "이가")):
            return None                              # "다음주에 동생 들어온대": someone home, no delivery
        return f"{what} 주문한 거 {when}에 온대"
    if verb == "온" and start != 0:
        return None                                  # as the desk already reads it
    return f"{what} {when}에 온대"
