"""Korean days told as facts ("엄마 생신이 12월 20일이야"), counted to, asked back and reminded before, as the English
ones are (`dated_facts.py`). Pure: what is asked, whose it is, and the day a Korean fact holds.

Before (the sixty-fourth session's week lived in Korean, the offline default): "엄마 생신까지 며칠 남았어?" went to
SmolLM2 ("죄송해요, 그건 답을 모르겠어요."); "엄마 생신 일주일 전에 선물 사라고 알려줘" kept "엄마 생신 선물 사기" with no
due ("언제 알려 드릴까요?"); "결혼기념일 3일 전에 알려줘" put 결혼기념일 on January 2 (the "3일" read as a day of the month);
and once a promise for it was made, "엄마 생신 언제야?" was answered with that promise's due, not the day told.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans
from jarvisd.textsafe import plain_words

_LEAD = r"(?:(?:자비스|근데|그런데|그럼|그러면|혹시|아|음|저기|참)[\s,]+)*"
# the kinds of day a person tells once and counts to (a compound ends in one: 결혼기념일, 입사기념일, 출산 예정일)
_DATED = r"생일|생신|기념일|결혼식|돌잔치|환갑|칠순|팔순|제사|기일|졸업식|입학식|면접|시험|수술|이삿날|이사|예정일|집들이|발표회|연주회|출국"
_OWN = r"(?:(?:내|제|우리|나의|저의)\s*)"
_THING = r"(?P<thing>" + _OWN + r"?(?:[가-힣A-Za-z0-9]{1,10}\s+){0,2}?[가-힣]{0,6}?(?:" + _DATED + r"))"
_AMOUNT = (r"(?P<amount>하루|이틀|사흘|나흘|닷새|엿새|이레|열흘|보름|일주일|[1-9]\d?\s*(?:일|주일?)|(?:한|두|세|네)\s*주(?:일)?"
           r"|(?:일|이|삼)\s*주일?)")
_WORD_DAYS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "열흘": 10, "보름": 15,
              "일주일": 7, "한": 1, "두": 2, "세": 3, "네": 4, "일": 1, "이": 2, "삼": 3}
_REMIND = (r"(?:알려\s*(?:줘|주세요|줄래|줘요|줄래요|주라|줄\s*수\s*있어)|알림\s*(?:좀\s*)?(?:줘|주세요|맞춰\s*(?:줘|주세요)|설정해\s*(?:줘|주세요))"
           r"|리마인드\s*(?:해\s*)?(?:줘|주세요)|말해\s*(?:줘|주세요)|챙겨\s*(?:줘|주세요))")
# a promise said as one's own ("사야 해", "예약하기로 했어", "주문할 거야"): kept by the agenda, due by the day worked out
_OWN_DEED = (r"(?:야\s*(?:해|돼|지|겠다|겠어|한다|된다|해요|돼요|합니다)|기로\s*했(?:어|다|어요)|\s*거야|\s*거예요|게|래)")
# the time before a day: "일주일 전에", "3일 전까지", "이틀 전", "전날"
# a bare "전에" (dated79: "생신 전에 선물 사야 돼" was kept with no due): by the day before, as English "before his birthday"
_BEFORE = re.compile(r"(?:의)?\s+(?:" + _AMOUNT + r"\s*전(?:에|까지|쯤|쯤에|에는)?|(?P<eve>전날)(?:에|까지)?|(?P<same>당일)(?:에|까지|날)?"
                     r"|전(?:에|까지|에는))"
                     r"(?=\s|$)")
# "생신날 전화드려야 해" (dated79: kept with no due): the day itself, as "생신 당일"
_DAY_OF = re.compile(r"(?P<thing>" + _DATED + r")날(?P<particle>에|까지|에는)?(?=\s)")
_DATED_WORD = re.compile(r"[가-힣]{0,6}?(?:" + _DATED + r")")
# what is bought or made for a day, said before it ("생일 선물 생일 이틀 전까지 사야 해"): not whose the day is
_OBJECT = re.compile(r"선물|케이크|꽃|꽃다발|카드|편지|용돈|반지|티켓|예약|" + _DATED)
_REST_REMIND = re.compile(r"(?:(?P<deed>[^,]{1,60}?)\s*)?" + _REMIND)
_REST_OWN = re.compile(r"[^,]{0,60}?(?<=[가-힣])" + _OWN_DEED)
_PARTICLE = r"(?:까지(?:는|가)?|이|가|은|는)?"
_ASK_END = r"(?:이야|야|이지|지|이에요|예요|에요|이니|니|이냐|냐|인가|인가요|이더라|더라|일까|이죠|죠|나요|나|어|어요|지요|냐고)?"
# "엄마 생신까지 며칠 남았어?", "결혼기념일 몇 주 남았지?", "며칠 있으면 엄마 생신이야?"
_KO_HOW_LONG = re.compile(_LEAD + r"(?:" + _THING + r"\s*" + _PARTICLE + r"\s*(?:(?P<unit>며칠|몇\s*일|몇\s*주|얼마나|얼마)\s*(?:더\s*)?"
                          r"남(?:았|은)[가-힣\s]{0,12}|까지\s*(?P<unit2>며칠|몇\s*일|몇\s*주)\s*(?:이야|야|이지|지|이에요|예요|이니|이냐|이나\s*돼|인가|이더라|일까)?)"
                          r"|(?P<unit3>며칠|몇\s*일|몇\s*주|몇\s*밤)\s*(?:더\s*)?(?:있으면|지나면|뒤면|후면|자면|뒤가|후가|뒤에|후에)\s*"
                          r"(?P<thing3>" + _OWN + r"?(?:[가-힣A-Za-z0-9]{1,10}\s+){0,2}?[가-힣]{0,6}?(?:" + _DATED + r"))"
                          r"\s*(?:이|가)?\s*(?:돼|되지|되니|돌아와|와)?" + _ASK_END + r")")
# "엄마 생신 언제였지?", "결혼기념일이 며칠이었더라?", "엄마 생신 몇 월 며칠이야?"
_KO_WHEN = re.compile(_LEAD + _THING + r"\s*(?:이|가|은|는)?\s*(?:언제|며칠|몇\s*월\s*며칠|무슨\s*요일|몇\s*일)"
                      r"(?:이었|였|이|야|예요|에요|였지|였더라|더라|지|였죠|죠|이었지|인지|였어|이더라|이야|이에요|일까|이었더라|였나|이었나)*"
                      r"(?:\s*(?:이)?라고\s*했(?:지|더라|죠|었지|잖아|어))?")
# a Korean fact's subject and value: "엄마 생신은 12월 20일이야"
_KO_TOLD = re.compile(_THING + r"\s*(?:은|는|이|가)\s+(?P<value>.+)")


def _said(text: str) -> str:
    return " ".join(plain_words(text).split()).rstrip(" .!?？~")


def _thing(words: str) -> str:
    """The thing's words without the user's own mark ("내 생일": "생일", "우리 결혼기념일": "결혼기념일")."""
    return re.sub(r"^" + _OWN, "", " ".join(words.split()))


def ko_days(amount: str | None) -> int:
    """"일주일": 7, "이틀": 2, "3일": 3, "두 주": 14, "2주": 14, "보름": 15; the day before (전날, None) 1."""
    if amount is None:
        return 1
    words = "".join(amount.split())
    if words in _WORD_DAYS:
        return _WORD_DAYS[words]
    m = re.fullmatch(r"(\d+|한|두|세|네|일|이|삼)(일|주일?)", words)
    if m is None:
        return 1
    n = int(m[1]) if m[1].isdigit() else _WORD_DAYS[m[1]]
    return n * 7 if m[2].startswith("주") else n


@dataclass(frozen=True)
class KoBefore:
    """A Korean ask before a told day: "엄마 생신 일주일 전에 선물 사라고 알려줘" is `days` 7, `head` "엄마 생신", `rest` "선물
    사라고 알려줘"; "결혼기념일 3일 전에 알려줘" has no `deed` (the day itself is reminded)."""

    days: int
    head: str
    rest: str
    deed: bool
    remind: bool   # asked to be reminded ("…알려줘"), not a promise said as one's own ("…사야 해")

    def things(self) -> list[tuple[str, str]]:
        """(thing, object) readings of `head`, the whole first: ("생일 선물 생일", ""), then ("생일", "생일 선물") for what
        is bought for it said first; a person's ("엄마 생신") is never read as a thing bought ("엄마")."""
        words = self.head.split()
        found = []
        for cut in range(max(0, len(words) - 3), len(words)):
            thing, thing_words = " ".join(words[cut:]), words[cut:]
            if any(_DATED_WORD.fullmatch(word) for word in thing_words[:-1]):
                continue   # "생일 선물 생일": its first 생일 is of what is bought
            object_ = " ".join(words[:cut])
            if object_ and (not self.deed or not _OBJECT.search(object_)):
                continue
            found.append((thing, object_))
        return found

    def said(self, thing: str, object_: str, day: date) -> str:
        """The words the desk keeps it by, due `day`: "2026년 12월 13일까지 엄마 생신 선물 사라고 알려줘"."""
        named = _thing(thing)
        head = object_ if object_ and named.split()[-1] in object_ else f"{named} {object_}".strip()
        return f"{ko_day_words(day)}까지 {head} {self.rest}"


def ko_before_told_day(text: str) -> KoBefore | None:
    """A Korean ask before a day ("엄마 생신 일주일 전에 선물 사라고 알려줘", "결혼기념일 3일 전에 알려줘", "생일 선물 생일 이틀
    전까지 사야 해"), or None; the words before the time end in a dated thing (생일, 생신, 기념일, …)."""
    said = re.sub(r"^" + _LEAD, "", _said(text))
    said = _DAY_OF.sub(lambda m: f"{m['thing']} 당일{m['particle'] or ''}", said, count=1)
    m = _BEFORE.search(said)
    if m is None:
        return None
    head, rest = said[:m.start()].strip(), said[m.end():].strip()
    words = head.split()
    if not words or len(words) > 5 or not _DATED_WORD.fullmatch(words[-1]):
        return None
    days = 0 if m["same"] else ko_days(m["amount"])   # "엄마 생신 당일에 꽃 사라고 알려줘": that day itself
    if (remind := _REST_REMIND.fullmatch(rest)) is not None:
        return KoBefore(days, head, rest, remind["deed"] is not None, True)
    if _REST_OWN.fullmatch(rest) is not None:
        return KoBefore(days, head, rest, True, False)
    return None


# "그 전날", "그날", "그 일주일 전에", "그날까지": the day just told, pointed at
_THAT_DAY = re.compile(r"^(?P<lead>" + _LEAD + r")그\s*(?:(?P<eve>전날|전\s*날)|(?P<day>날)(?P<until>까지)?|(?=" + _AMOUNT
                       + r"\s*전))")


def ko_with_told_owner(text: str, told_before: str) -> str:
    """"그 전날 케이크 주문하라고 알려줘" said right after "엄마 생신이 12월 20일이야" (round 64: "적어 둘게요: 전날 케이크
    주문하기. 언제 알려 드릴까요?"): "그" as the thing just told ("엄마 생신 전날 …"; "그날" is its day itself, "엄마 생신
    당일"), as English "her birthday" is (`dated_facts.with_told_owner`); the text as it is when the turn before told no
    such day."""
    said = _said(text)
    m = _THAT_DAY.match(said)
    thing = ko_subject(told_before) if m is not None and told_before and ko_told_day(told_before) is not None else None
    if m is None or thing is None:
        return text
    rest = said[m.end():].lstrip()
    if m["eve"]:
        return f"{m['lead']}{thing} 전날 {rest}".strip()
    if m["day"]:
        return f"{m['lead']}{thing}까지 {rest}".strip() if m["until"] else f"{m['lead']}{thing} 당일 {rest}".strip()
    return f"{m['lead']}{thing} {rest}".strip()


def ko_days_to_told_day(text: str) -> tuple[str, str] | None:
    """("엄마 생신", "days") for "엄마 생신까지 며칠 남았어?" ("weeks" for "몇 주"); else None ("엄마 생신 며칠이야?" asks
    the day, `ko_when_told_day`)."""
    m = _KO_HOW_LONG.fullmatch(_said(text))
    if m is None:
        return None
    unit = m["unit"] or m["unit2"] or m["unit3"] or ""
    return m["thing"] or m["thing3"], "weeks" if "주" in unit else "days"


def ko_when_told_day(text: str) -> str | None:
    """"엄마 생신" for "엄마 생신 언제였지?", "결혼기념일이 며칠이야?"; else None."""
    m = _KO_WHEN.fullmatch(_said(text))
    return m["thing"] if m else None


def ko_subject(fact: str) -> str | None:
    """"엄마 생신" of "엄마 생신은 12월 20일이야", "내 생일" of "내 생일은 1월 3일이야" (a dated thing's Korean fact); else
    None."""
    m = _KO_TOLD.fullmatch(_said(fact))
    return " ".join(m["thing"].split()) if m else None


def ko_unowned(words: str) -> str:
    """The thing's words without the user's own mark ("내 생일": "생일", "우리 결혼기념일": "결혼기념일")."""
    return _thing(words)


def ko_told_day(fact: str) -> str | None:
    """"12월 20일" of "엄마 생신은 12월 20일이야"; None when no day of the calendar is told, or a lunar one ("음력 12월
    20일": its solar day moves every year, and is not counted as the solar one)."""
    m = _KO_TOLD.fullmatch(_said(fact))
    if m is None or "음력" in m["value"]:
        return None
    for start, end in time_spans(m["value"]):
        words = m["value"][start:end]
        if re.search(r"\d", words) and "전" not in words and "후" not in words and "뒤" not in words:
            return words
    return None


def ko_told_date(fact: str, now: datetime) -> date | None:
    """The next date a Korean fact's told day falls on (today counts)."""
    day = ko_told_day(fact)
    if day is None:
        return None
    try:
        when = resolve_time(day, now, due=True)
    except ImpossibleTime:
        return None
    return None if when is None else when.at.date()


def ko_owner(words: str) -> str | None:
    """Whose the dated thing `words` name is: "엄마" of "엄마 생신" (and of "엄마 생신 선물 사기"), "me" of "내 생일" /
    "우리 결혼기념일", None when not said ("생일", "결혼기념일")."""
    said = " ".join(words.split())
    own = re.match(_OWN, said) is not None
    rest = _thing(said).split()
    at = next((i for i, word in enumerate(rest) if _DATED_WORD.match(word)), len(rest))
    named = re.sub(r"의$", "", " ".join(rest[:at]))
    return named or ("me" if own else None)


def ko_same_owner(thing: str, fact_thing: str) -> bool:
    """A question's thing and a kept fact's are the same one's: "내 생일" is not "엄마 생일"; "생일" is anyone's."""
    asked, told = ko_owner(thing), ko_owner(fact_thing)
    if asked is None:
        return True
    if asked == "me":
        return told in (None, "me")
    return told == asked


def _closed(word: str) -> bool:
    """Whether a word ends in a Hangul syllable with a last consonant (takes 이/은, not 가/는)."""
    return bool(re.search(r"[가-힣]$", word)) and (ord(word[-1]) - 0xAC00) % 28 != 0


def ko_day_words(day: date) -> str:
    """"2026년 12월 13일": a date as the desk reads it."""
    return f"{day.year}년 {day.month}월 {day.day}일"


def ko_day_not_told(thing: str) -> str:
    """A reminder or a count asked of a day not told: ask for it."""
    named = _thing(thing)
    subject = f"{named}{'이' if _closed(named) else '가'}"
    topic = f"{named}{'은' if _closed(named) else '는'}"
    return f"{subject} 언제인지 아직 말씀해 주신 적이 없어요. \"{topic} 6월 12일이야\"처럼 알려 주시면 기억해 둘게요."


def ko_day_unsure(told_back: str, fact: str, then: str) -> str:
    """A kept fact of the thing that tells no solar day ("음력 12월 20일", "봄"): said back, and the day asked for."""
    return f"{told_back} {'양력 ' if '음력' in fact else ''}날짜를 알려 주시면 {then}."


# "할머니 생신 12월 22일로 바뀌었어", "결혼기념일이 5월 12일로 변경됐어" (dated79: the desk moved the promise just made to the
# new day, and memory kept the old one): a day told again
_KO_RETOLD = re.compile(_LEAD + _THING + r"\s*(?:이|가|은|는)?\s+(?:사실\s+|올해는?\s+)?(?P<value>[0-9가-힣 ]{2,20}?)\s*(?:으로|로)\s*"
                        r"(?:바뀌었|바뀌였|바꼈|변경됐|변경되었|옮겨졌|미뤄졌|당겨졌)(?:어|대|어요|대요|습니다|다|네|더라)?")


def ko_day_retold(text: str) -> tuple[str, str] | None:
    """("할머니 생신", "12월 22일") of "할머니 생신 12월 22일로 바뀌었어"; None when no day of the calendar is told."""
    m = _KO_RETOLD.fullmatch(_said(text))
    if m is None:
        return None
    thing, value = " ".join(m["thing"].split()), m["value"].strip()
    return (thing, value) if ko_told_day(f"{thing}은 {value}이야") is not None else None


def ko_owner_named(reply: str, owners: list[str]) -> str | None:
    """The one of `owners` ("손자", "조카") a short reply names: "조카", "조카요", "조카 생일", "조카 거"; else None."""
    words = _said(reply).split()
    if not words or len(words) > 3:
        return None
    word = re.sub(r"(?:이요|요|꺼|거|것|의)$", "", words[0])
    if len(words) > 1 and not (_DATED_WORD.fullmatch(words[1]) or re.fullmatch(r"(?:거|꺼|것)(?:요|이요)?", words[1])):
        return None
    named = [who for who in owners if who == word]
    return named[0] if len(named) == 1 else None
