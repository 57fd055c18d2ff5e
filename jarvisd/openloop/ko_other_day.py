"""Korean days said by another thing kept ("집들이 전날", "이사하고 2주 안에", "출발 전날") and a trip's span ("출장 기간
동안 … 닷새 동안"): the words read; the desk finds the thing on the agenda."""

from __future__ import annotations

import re
from collections.abc import Iterator

# "집들이 전날 장 봐야 돼", "당뇨 검사 전날 밤에 금식하라고 리마인드 해줘", "산모 수첩 챙겨야 되는데 검진 날 아침에 알려줘"
# (the sixty-fourth session: kept with no day, or for today or tomorrow): a day said by another thing on the agenda
# "잔금 이사 전날까지 보내야돼", "항공권 체크인 출발 하루 전에 알려줘" (the sixty-sixth session: kept with no day): 까지
# after the day, and 하루 전 for 전날
_KO_OTHER_DAY = re.compile(r"(?P<other>[가-힣]{2,8}(?:\s(?!다음\s?날|전\s?날|당일|하루)[가-힣]{2,8})?)\s?"
                           # "보수교육 전까지 이수증 출력하기" (everyday77's nurse: kept with no day): by its day
                           r"(?P<rel>전\s?날|하루\s?전(?:\s?날)?|다음\s?날|당일|날(?=\s?(?:아침|점심|저녁|밤|오전|오후|새벽|에))|전(?=까지))"
                           r"(?=\s|$|에|까지)")
# a departure named by what departs: "환전은 출발 전날" of the flight kept ("싱가포르 비행기")
_KO_DEPARTURE = frozenset("출발 출국 떠나는".split())
_KO_DEPARTING = ("비행기", "출국", "출장", "여행")
_KO_OTHER_DAY_ASKED = re.compile(r"[?？]|언제|며칠|몇\s*시|무슨\s*요일")
# "전입신고 이사하고 2주 안에 해야돼" (the sixty-sixth session: kept "전입신고 이사하기", two weeks from today): so long
# after another thing kept
_KO_AFTER_OTHER = re.compile(r"(?<![가-힣])(?P<other>[가-힣]{2,8})\s?(?:하고|한\s?(?:뒤|후|다음)(?:에)?|하고\s?나서)\s"
                             r"(?P<n>\d{1,2}|한|두|세|네|일)\s?(?P<unit>주일|주|일)\s?(?:안에|이내에|이내|내로|내에)(?=\s|$)")
_KO_COUNT = {"한": 1, "일": 1, "두": 2, "세": 3, "네": 4}
_KO_OTHER_DAY_SHIFT = {"전": 0, "전날": -1, "하루전": -1, "하루전날": -1, "다음날": 1, "당일": 0, "날": 0}
# "출장 기간 동안 매일 아침 일곱시에 일정 확인 알려줘 닷새 동안" (the sixty-sixth session: the agenda read out): how long,
# said after the ask, is said first; "X 기간 동안" of a trip kept is from its day; "매일 … 확인 알려줘" asks a reminder
_KO_LONG_AFTER = re.compile(r"(?P<body>[^?？]{2,80}?(?:알려|리마인드\s?해)\s?(?:줘|주세요|줄래|줘요))\s(?P<dur>(?:닷새|나흘|사흘|이틀|열흘|보름|일주일|"
                            r"한\s?달|\d{1,2}\s?(?:일|주|주일|달|개월)|(?:한|두|세|네)\s?(?:주|달))\s?(?:동안|간))[.!]?")
_KO_TRIP_SPAN = re.compile(r"(?P<trip>출장|여행|휴가)\s?(?:기간\s?)?(?:동안|중에|내내)\s")
_KO_CHECK_ASKED = re.compile(r"(?P<head>[^?？]{0,30}?(?:매일|매주|평일|[가-힣]{1,3}마다)[^?？]{0,40}\s)(?P<thing>[가-힣]{1,8}\s?확인)\s?"
                             r"(?:알려|리마인드\s?해)\s?(?P<end>줘|주세요|줄래|줘요)")


def other_day_asked(text: str) -> bool:
    """A question ("집들이 전날이 언제야?"), where a day said by another thing is asked, not told."""
    return _KO_OTHER_DAY_ASKED.search(text) is not None


def says_another_day(text: str) -> bool:
    """Any word of a day said by another thing (날, 당일, 하루 전)."""
    return re.search(r"날|당일|하루\s?전|전까지", text) is not None


def after_other(text: str) -> tuple[str, int, int, int] | None:
    """"전입신고 이사하고 2주 안에 해야돼": the other thing (이사), the days after it (14), and where the words start and
    end; None when not said."""
    if (after := _KO_AFTER_OTHER.search(text)) is None:
        return None
    n = int(after["n"]) if after["n"].isdigit() else _KO_COUNT[after["n"]]
    return after["other"], n * (1 if after["unit"] == "일" else 7), after.start(), after.end()


def other_days(text: str) -> Iterator[tuple[str, int, int, int]]:
    """Each "X 전날", "X 날", "X 다음 날" said: the other thing's words, the days from its day, where the words start and
    end."""
    for m in _KO_OTHER_DAY.finditer(text):
        yield m["other"], _KO_OTHER_DAY_SHIFT[re.sub(r"\s", "", m["rel"])], m.start(), m.end()


def is_departure(word: str) -> bool:
    """A departure named by what departs ("출발 전날"): the one flight or trip kept is the other thing."""
    return word in _KO_DEPARTURE


def departs(desc: str) -> bool:
    """A promise kept of a departure: a flight, a trip."""
    return any(w in desc for w in _KO_DEPARTING)


# the way back of a trip kept ("금요일 돌아오는 비행기", "귀국 비행기", "복귀"; korean70): where a routine for the trip ends
_KO_RETURN = re.compile(r"돌아오|돌아가|귀국|복귀|귀가|오는\s?(?:비행기|기차|배|버스)")


def is_return(desc: str) -> bool:
    """Whether a kept promise is the way back of a trip ("돌아오는 비행기", "귀국")."""
    return _KO_RETURN.search(desc) is not None


def trip_span(text: str) -> re.Match[str] | None:
    """Where "출장 기간 동안", "여행 중에" is said, its trip named (`trip`), else None."""
    return _KO_TRIP_SPAN.search(text)


def long_after(text: str) -> str | None:
    """"… 확인 알려줘 닷새 동안" as "닷새 동안 … 확인 알려줘": how long, said after the ask, said first; None when not so."""
    m = _KO_LONG_AFTER.fullmatch(text.strip())
    return None if m is None else f"{m['dur']} {m['body']}"


def ko_check_asked(text: str) -> str:
    """"매일 아침 7시에 일정 확인 알려줘" as "매일 아침 7시에 일정 확인하라고 알려줘" (a reminder asked); as said
    otherwise."""
    if (m := _KO_CHECK_ASKED.fullmatch(text.strip())) is not None:
        return f"{m['head']}{m['thing']}하라고 알려{m['end']}"
    return text
