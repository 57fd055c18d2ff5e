"""Korean said out of the plain order, read in it: a why said first, a flight said by its time, the day a condition
comes true told after the duty, a thing heard then its reminder asked, a cancel with a deed put off."""

from __future__ import annotations

import re

from jarvisd.openloop.when import time_spans

# "검진 전날 저녁부터 금식이래 알려줘" (the sixty-fifth session: SmolLM2's English paragraph): a thing told as heard
# (-이래), then the reminder asked: the reminder of that thing
_KO_HEARD_THEN_REMIND = re.compile(r"(?<=[가-힣]{2})(?:이래|이래요|이라는데|이라고\s?했어)\s(?=(?:꼭\s|좀\s)?(?:알려|리마인드))")
# "… 저녁부터 금식하라고 알려줘": a deed from a part of the day on, reminded of when it starts ("저녁에")
_KO_PART_FROM = re.compile(r"(?<=아침|점심|저녁|새벽)부터(?=\s)|(?<=(?<![가-힣])밤)부터(?=\s)")
_KO_REMIND_ASKED = re.compile(r"(?:알려|리마인드)\s?(?:줘|주세요|줄래|줄래요|달라)")
# "정비 취소해줘 그냥 다음에 할래" (the sixty-sixth session: kept "다음에 하기", or closed an errand named 다음에): a cancel
# and why, the deed put off to no time; the cancel is what is asked
_KO_CANCEL_PUT_OFF = re.compile(r"(?P<cancel>취소(?:해\s?줘|해\s?주세요|해|할래|야|요)?)\s?[,.]?\s(?:그냥\s|걍\s)?(?:다음에|나중에|담에)\s?"
                                r"(?:할래|할게|하지\s?뭐|해야지|하자|하려고)(?:요)?[.!]?$")
# "담주 월욜 아침 여덟시 비행기로 싱가포르 가" (the sixty-sixth session: to SmolLM2, Kiwi reading that 가 a subject's
# particle): a flight at a time said, to a place, is the flight kept ("싱가포르 비행기"), as "싱가포르 비행기 …" is
_KO_FLY_TO = re.compile(r"(?P<when>[^?？\s][^?？]{0,40}?)\s(?:비행기|항공편)(?:로|으로)\s(?P<place>[가-힣A-Za-z]{2,10})(?:에|로|으로)?\s"
                        r"(?:가|가요|간다|갑니다|가야\s?돼|가야\s?해|떠나|떠나요|출발해|출발해요|출국해|출국해요)[.!]?")
# "모의고사 성적표 나오면 확인해야 되는데 목요일에 나온대" (the sixty-sixth session: to SmolLM2): the day the condition
# comes true told after the duty, as "모의고사 성적표 목요일에 나오면 확인해야 돼"
_KO_CONDITION_DAY_AFTER = re.compile(
    r"(?P<thing>[가-힣A-Za-z0-9][^?？]{0,30}?)\s(?P<cond>나오면|오면|도착하면|들어오면)\s(?P<deed>[^?？]{1,30}?(?:해야|어야|아야))\s?"
    r"(?:되는데|하는데)\s(?P<when>[^?？\s][^?？]{0,20}?)\s?(?:에\s)?(?:나온대|나온다|나와|온대|온다|와|도착한대|들어온대)(?:요)?[.!]?")
# "면담 때문에 초록 일요일까지로 미뤄졌어" (korean69: "그렇군요.", the abstract left on Friday): why a promise moved,
# said first, is no part of the move ("그날 일 때문에 마트 가기" keeps its words: a capture, korean65's guard)
_KO_WHY_MOVED = re.compile(r"[가-힣A-Za-z0-9 ]{1,30}?\s?때문에\s(?P<move>[가-힣A-Za-z0-9 ]{2,60}?(?:미뤄졌|미뤘|미뤄|옮겨졌|옮겼|옮겨"
                           r"|바뀌었|바뀌|바꿨|당겨졌|당겼|연기됐|연기했)[가-힣]{0,4}[.!~]?)")
# "조교 업무 때문에 내일 채점해야 돼" (korean69's week: kept "조교 업무 때문에 채점하기", and "채점 다 했어" was asked
# about): a reason, then the day, then the deed; the reason is no part of the name (with no day after it, "그날 일
# 때문에 마트 가기" keeps its words, korean65's guard)
_KO_WHY_THEN_DAY = re.compile(r"(?!그날|그때)[가-힣A-Za-z0-9 ]{1,30}?\s?때문에\s(?P<rest>\S.{1,100})")


def ko_heard_then_remind(text: str) -> str:
    """"검진 전날 저녁부터 금식이래 알려줘" as "… 금식 알려줘": a thing told as heard, then its reminder asked."""
    return _KO_HEARD_THEN_REMIND.sub(" ", text, count=1)


def ko_part_from(text: str) -> str:
    """"저녁부터 금식하라고 알려줘" as "저녁에 …" when a reminder is asked: reminded when it starts; as said otherwise."""
    return _KO_PART_FROM.sub("에", text, count=1) if _KO_REMIND_ASKED.search(text) else text


def ko_cancel_put_off(text: str) -> str:
    """"정비 취소해줘 그냥 다음에 할래" as "정비 취소해줘": the cancel is what is asked."""
    return _KO_CANCEL_PUT_OFF.sub(r"\g<cancel>", text, count=1)


def ko_condition_day_after(text: str) -> str:
    """"모의고사 성적표 나오면 확인해야 되는데 목요일에 나온대" as "모의고사 성적표 목요일에 나오면 확인해야 돼"; as said
    otherwise."""
    if (m := _KO_CONDITION_DAY_AFTER.fullmatch(text.strip())) is not None and time_spans(m["when"]):
        return f"{m['thing']} {m['when'].removesuffix('에')}에 {m['cond']} {m['deed']} 돼"
    return text


def ko_why_dropped(text: str) -> str:
    """"면담 때문에 초록 일요일까지로 미뤄졌어" as "초록 일요일까지로 미뤄졌어", "조교 업무 때문에 내일 채점해야 돼" as
    "내일 채점해야 돼" (korean69): the why said first is no part of the move or the deed; as said otherwise."""
    if (moved := _KO_WHY_MOVED.fullmatch(text.strip()) if len(text) <= 120 else None) is not None:
        return moved["move"]
    if (why := _KO_WHY_THEN_DAY.fullmatch(text.strip()) if len(text) <= 140 else None) is not None and \
            (spans := time_spans(why["rest"])) and spans[0][0] == 0:
        return why["rest"]
    return text


def ko_flight(text: str) -> str:
    """"담주 월욜 아침 여덟시 비행기로 싱가포르 가" as "담주 월욜 아침 여덟시에 싱가포르 비행기 있어": only when the words
    before 비행기 are its time and nothing else ("민수가 내일 비행기로 제주 가" is 민수's)."""
    m = _KO_FLY_TO.fullmatch(text.strip())
    if m is None:
        return text
    when = m["when"].removesuffix("에").strip()
    spans = time_spans(when)
    left = "".join(c for k, c in enumerate(when) if not any(a <= k < b for a, b in spans))
    if not spans or left.strip(" 에"):
        return text
    return f"{when}에 {m['place']} 비행기 있어"
