"""Things on a day, not by it: a plan made with someone ("금요일에 엄마랑 저녁 먹기로 했어", "i'm having dinner with mom on
friday") and a work shift kept by its day (everyday74 left "Wednesday night shift, by Wednesday" in the listing). A
plan or a shift is a schedule, not a deadline: said "Friday" / "이번 주 금요일", and reminded "It's today" / "오늘이에요",
never "by Friday" / "금요일까지". Pure rules, read by `phrases` (listings, replies) and `reflect.reminders`."""

from __future__ import annotations

import re

from jarvisd.openloop.commitment_words import EN_ACTIVITIES, EN_BASE_VERBS

# a move is on its day (english70), a shift by its day alone (`rota`), a meal or a meeting with someone
_EN_ON_THE_DAY = re.compile(
    r"move|move\s+(?:out|in)|move-(?:out|in)(?:\s+for\s+.+)?"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:(?:night|day|late|early)\s+)?shift"
    r"|(?:(?:have|eat|grab|get)\s+)?(?:dinner|lunch|breakfast|brunch|coffee|drinks|a\s+drink|a\s+meal|supper|tea)\s+with\s+[a-z][\w'-]*"
    r"(?:\s+[a-z][\w'-]*){0,3}"
    r"|(?:meet|meet\s+up\s+with|hang\s+out\s+with|see)\s+(?:my\s+)?(?:mom|dad|mum|grandma|grandpa|sister|brother|friend|"
    r"friends|parents|aunt|uncle|cousin|[a-z]+'s\s+family)", re.IGNORECASE)
# "having dinner with mom", "having drinks with the team": a meal with someone said in progress, a plan with or
# without its "I'm" (everyday80: "having dinner with mom on friday" went to SmolLM2, "i'm having lunch with sam today"
# kept nothing); read where the plan's words start
EN_MEAL_WITH = re.compile(r"having\s+(?:dinner|lunch|breakfast|brunch|coffee|drinks|a\s+drink|a\s+meal|supper|tea)"
                          r"\s+with\s+(?!(?:it|that|this|you)\b)[a-z]")
# "엄마랑 저녁 먹기", "친구들하고 영화 보기", "민수와 만나기": a plan with someone
_KO_PLAN_WITH = re.compile(r"\S{1,10}(?:이랑|랑|하고|와|과)\s(?:\S+\s){0,2}(?:먹기|만나기|보기|마시기|놀기|보내기|가기)")
_KO_NOT_WITH = re.compile(r"(?:보고서|서류|과제|숙제|이메일|메일|문자|택배|소포)\S*\s")   # "보고서와 서류 보내기": things, not people


def en_on_its_day(desc: str) -> bool:
    """Whether an English promise is on its day, not due by it ("have dinner with mom", "Wednesday night shift")."""
    return len(desc) <= 200 and _EN_ON_THE_DAY.fullmatch(desc.strip()) is not None


# "화요일 나이트 근무": a shift kept by its day (`rota.ko_shifts`), on it, not by it (everyday80)
_KO_SHIFT = re.compile(r"[월화수목금토일]요일\s(?:나이트|데이|이브닝|오전|오후|새벽)\s근무")


def ko_shift(desc: str) -> bool:
    """Whether a Korean promise is a work shift kept by its day ("화요일 나이트 근무")."""
    return len(desc) <= 40 and _KO_SHIFT.fullmatch(desc.strip()) is not None


def ko_plan_with(desc: str) -> bool:
    """Whether a Korean promise is a plan with someone ("엄마랑 저녁 먹기"), on its day, not by it."""
    desc = desc.strip()
    return len(desc) <= 200 and _KO_PLAN_WITH.fullmatch(desc) is not None and _KO_NOT_WITH.match(desc) is None


# where a promise's head ends: "team meeting | with Sarah", "sign the permission slip | for jake's field trip"; a match
# starts where a run of whitespace starts (pass 80: `\s+` tried from every space of a run was quadratic in it, 112 ms
# at 4,000 characters, read by every reminder's wording)
HEAD_END = re.compile(r"(?<!\s)\s+(?:for|with|to|at|in|on|from|of|about)\s")


_EN_EVENT_HEADS = re.compile(r"(?:meeting|lesson|conference|class|appointment|appt|interview|rehearsal|session|exam|"
                             r"game|match|tryout|visit|checkup|check-up|consultation|surgery|flight|recital|concert|"
                             r"party|dinner|lunch|breakfast|date|practice|training|webinar|call|trip|birthday|"
                             r"anniversary|wedding|graduation|funeral|ceremony|festival|show|tournament|game|"
                             r"recital|performance|play|concert|reunion|shower|sleepover|playdate|appt)(?:e?s)?",
                             re.IGNORECASE)


def en_at_its_time(desc: str) -> bool:
    """Whether an English promise is a thing that happens at its time ("dentist appointment", "team meeting with
    Sarah", "piano lessons"), said "in 1 hour", not "due in 1 hour" (the seventieth session: "Reminder: dentist
    appointment. It's due in 1 hour."). A deed about one is not ("study for the exam", "book the flight")."""
    head = HEAD_END.split(desc.strip().lower(), maxsplit=1)[0].split()
    if not head or len(head) > 1 and head[0] in EN_BASE_VERBS:   # "book the flight": a deed, whatever ends it
        return False
    return _EN_EVENT_HEADS.fullmatch(head[-1]) is not None or head[-1] in EN_ACTIVITIES


def en_not_a_deadline(desc: str) -> bool:
    """Whether an English promise happens on its day or at its time, not by it: a move, a shift, a plan with someone
    (`en_on_its_day`) or an appointment, an event, a child's activity (`en_at_its_time`). Listed "Friday", not "by
    Friday"; reminded "It's today" / "It's in 1 hour", not "It's due …"."""
    return en_on_its_day(desc) or en_at_its_time(desc)
