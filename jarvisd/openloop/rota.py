"""A work shift kept with no hour said (everyday74, english71 left): "i'm working nights wednesday through friday" keeps
"Wednesday night shift, by Wednesday", … (`commitments_en._shifts`), and the daemon then said at 8 AM on Wednesday
"Reminder: Wednesday night shift. It's due today." — to someone who came off a night at 7 AM, of a shift that is no
deadline.

Decided: such a shift is the week's schedule, not a deadline. It stays on the agenda (so "what do I have on wednesday"
and "when's my next day off?" read it), but no reminder is planned for it (kept muted, as "don't remind me about it"
would): with no hour there is no start to remind before, and a day-only "due today" is wrong of a shift. A shift
with its hours said ("i work 7pm to 7am wednesday through friday") is an appointment at its start, reminded as
before; a reminder asked for later ("remind me an hour before my wednesday shift") ends the mute, as it ends any."""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from jarvisd.openloop.model import OpenLoop

_SHIFT_NAME = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:(?:night|day|late|early)\s+)?shift"
                         r"|[월화수목금토일]요일\s(?:나이트|데이|이브닝)\s근무", re.IGNORECASE)   # (everyday80: `ko_shifts`)


def schedule_only(loop: OpenLoop, tz: tzinfo) -> bool:
    """Whether `loop` is a shift kept by its day alone (its due the end of that day, no hour said), not a repeat."""
    if loop.due_ms is None or loop.repeat is not None or loop.remind_ms is not None or \
            _SHIFT_NAME.fullmatch(loop.desc.strip()) is None:
        return False
    due = datetime.fromtimestamp(loop.due_ms / 1000, tz)
    return (due.hour, due.minute) == (23, 59)


# Korean shifts by their days (everyday80, everyday77's nurse: "이번 주 화요일 수요일 나이트 근무야" kept nothing, "그렇군요."):
# one shift per day said, named by its day ("화요일 나이트 근무"), on that day (`plans.ko_shift`), its hour unsaid
_KO_DAY = r"[월화수목금토일]요일"
_KO_SHIFT = re.compile(
    r"(?:(?:아|음|참|그리고|나|저|난|전)\s)*(?P<week>(?:이번|다음)\s?주\s?)?"
    r"(?:(?P<d1>" + _KO_DAY + r")부터\s?(?P<d2>" + _KO_DAY + r")까지"
    r"|(?P<days>" + _KO_DAY + r"(?:(?:\s?,\s?|\s|\s?(?:하고|랑|이랑|와|과|,)\s?)" + _KO_DAY + r"){0,6}))"
    r"(?:에|에는|은|는|엔)?\s"
    r"(?P<kind>나이트|데이|이브닝|야간|주간|밤|낮|저녁|새벽|오전|오후)\s?(?P<word>근무|당직|번|출근|시프트|근무가?\s?있)?"
    r"(?:야|이야|예요|이에요|입니다|이요|임|어|어요|해|해요|이다|\s?(?:잡혔어|잡혔어요|들어가|들어가요|서|서요))?[.!~ ]*")
_KO_DAYS = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
_KO_KIND = {"야간": "나이트", "밤": "나이트", "주간": "데이", "낮": "데이", "저녁": "이브닝"}


def ko_shifts(sen: str) -> list[tuple[str, str]]:
    """(name, its day as said) of each shift "이번 주 / 다음 주 …" keeps: "이번 주 화요일 수요일 나이트 근무야" keeps: [("화요일 나이트 근무", "이번 주
    화요일"), ("수요일 나이트 근무", "이번 주 수요일")]; [] for any other words. The kind with no 근무 word ("화요일
    나이트야") is a shift only for 나이트 / 데이 / 이브닝 / 야간 / 주간 (a bare "화요일 저녁이야" is no shift)."""
    text = sen.strip()
    if len(text) > 120 or (m := _KO_SHIFT.fullmatch(text)) is None:
        return []
    if not m["word"] and m["kind"] not in ("나이트", "데이", "이브닝", "야간", "주간"):
        return []
    if not m["week"]:   # "월요일부터 목요일까지 나이트야" with no week: the rota told, a fact kept (the sixty-second
        return []       # session's decision: asked back by "다음 휴무 언제지?"), not days made up on the agenda
    if m["d1"]:
        days = [_KO_DAYS.index(m["d1"])]
        while days[-1] != _KO_DAYS.index(m["d2"]) and len(days) < 7:
            days.append((days[-1] + 1) % 7)
    else:
        days = [_KO_DAYS.index(d) for d in re.findall(_KO_DAY, m["days"])]
    week = " ".join((m["week"] or "").split())
    kind = _KO_KIND.get(m["kind"], m["kind"])
    return [(f"{_KO_DAYS[d]} {kind} 근무", f"{week} {_KO_DAYS[d]}".strip()) for d in dict.fromkeys(days)]
