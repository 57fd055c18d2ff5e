"""A trip's "until" (everyday74, korean70 left): "출장 금요일까지" said after "출장 가기" was kept answered nothing (or, as
"출장 다음 주 수요일까지야", moved the trip itself: "출장 가기, 다음 주 수요일까지로 바꿨어요"), and a routine kept for the
trip's length ("출장 기간 동안 매일 저녁 보고서 보내기") went on for ever. The "until" of a trip, a holiday or a posting is
when it ends, not a deadline for going: it ends the routines said for while it lasts, and leaves the trip itself as
it was. Pure rules: the words and now in, (the trip's word, its last day) out."""

from __future__ import annotations

import re
from datetime import date, datetime

from jarvisd.openloop.when import resolve_time
from jarvisd.openloop.when_words import ImpossibleTime

_KO_TRIPS = r"(?:해외\s?)?출장|여행|휴가|연수|파견|훈련|캠프|신혼여행|가족\s?여행"
# "출장 금요일까지", "출장은 다음 주 수요일까지야", "여행 일요일까지예요", "휴가가 20일까지래"
_KO_TRIP_UNTIL = re.compile(r"(?:(?:아|참|그리고|근데|아\s?맞다)[,\s]+)?(?P<trip>" + _KO_TRIPS + r")\s?(?:은|는|이|가)?\s?"
                            r"(?P<day>[0-9가-힣 ]{1,15}?)\s?까지(?:야|예요|에요|이에요|래|래요|거든|거든요|입니다|이야|고)?")


def ko_trip_until(cleaned: str, now: datetime) -> tuple[str, date] | None:
    """("출장", the trip's last day) of "출장 금요일까지"; None for anything else (`cleaned`: no closing punctuation)."""
    m = _KO_TRIP_UNTIL.fullmatch(cleaned.strip()[:80])
    if m is None:
        return None
    try:
        when = resolve_time(m["day"], now, due=True)
    except (ImpossibleTime, ValueError):
        return None
    if when is None or when.has_time or when.at.date() < now.date():
        return None
    return " ".join(m["trip"].split()), when.at.date()


def for_the_trip(text: str, trip: str) -> bool:
    """Whether a routine's words say it is for while the trip lasts ("출장 기간 동안", "출장 중에", "출장 가 있는 동안")."""
    word = r"\s?".join(re.escape(part) for part in trip.split())
    return re.search(word + r"\s?(?:기간|중|동안|가\s?있는\s?동안|간\s?동안|내내)", text) is not None


def is_trip(desc: str) -> bool:
    """Whether a promise kept is a trip's span itself ("출장", "가족 여행"), as `Reminding._trip_ends` keeps one."""
    return re.fullmatch(_KO_TRIPS, desc.strip()) is not None
