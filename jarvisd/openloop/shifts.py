"""A promise's due moved by an amount: "push it back a day", "move the call up an hour", "an hour earlier",
"30분 늦게", "하루 미뤄줘", "밥 전화 한 시간 당겨 줘". Pure: the words in, a `Shift` out; the desk picks the
promise and moves it.

What is not a shift: an amount with no direction ("give me an hour"), a reminder asked again ("remind me in
an hour", "30분 뒤에 다시 알려줘": a snooze), a question, and a shift with no amount ("make it earlier":
`asks_amount`, answered with "By how much?")."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from jarvisd.openloop.intent_words import EN_NUMBER, KO_NUMBER
from jarvisd.openloop.when import time_spans
from jarvisd.openloop.when_words import EN_NUMBER as EN_NUMBER_WORDS
from jarvisd.openloop.when_words import YEARS_AHEAD, en_number, ko_number, too_far


@dataclass(frozen=True, slots=True)
class Shift:
    minutes: int = 0     # signed: later is positive
    days: int = 0        # calendar days (a day later keeps the clock time across a change of UTC offset)
    name: str = ""       # the words naming the promise ("the call", "밥 전화"); "" for "it", the one in focus

    def applied(self, due_ms: int, tz: object, now_ms: int) -> int:
        """The due moved by the shift, on the wall clock of `tz`. ImpossibleTime when it lands more than
        YEARS_AHEAD years from now ("push it back 99999999999 days": before, an OverflowError ended the turn)."""
        if abs(self.days) > YEARS_AHEAD * 366 or abs(self.minutes) > YEARS_AHEAD * 366 * 1440:
            raise too_far()
        due = datetime.fromtimestamp(due_ms / 1000, tz)  # type: ignore[arg-type]
        moved = (due.replace(tzinfo=None) + timedelta(days=self.days)).replace(tzinfo=due.tzinfo)
        moved_ms = int(moved.timestamp() * 1000) + self.minutes * 60_000
        if moved_ms - now_ms > YEARS_AHEAD * 366 * 86_400_000:
            raise too_far()
        return moved_ms

    @property
    def is_days(self) -> bool:
        return self.days != 0


# an amount written with a comma: "1,5 hours", "1,5시간" (a decimal comma; pass 37's low: to the model) and "1,500
# minutes" (thousands: "push it back 1,500 minutes" moved the promise 500 minutes, named "1")
_DECIMAL_COMMA = re.compile(r"(?<![\d,])(\d+),(\d{1,2})(?![\d,])(?=\s*(?:시간|분|일|[a-z]))")
_THOUSANDS = re.compile(r"(?<![\d,])(\d{1,3}(?:,\d{3})+)(?![\d,])")


def _plain_numbers(text: str) -> str:
    """"1,5" -> "1.5" before a unit, "1,500" -> "1500"."""
    return _THOUSANDS.sub(lambda m: m[1].replace(",", ""), _DECIMAL_COMMA.sub(r"\1.\2", text))


def _amount_in(text: str, pattern: re.Pattern[str], gap: re.Pattern[str],
               value: Callable[[re.Match[str]], tuple[int, int]]) -> tuple[int, int, tuple[int, int]] | None:
    """The one amount said, as (start, end, (minutes, days)): several said in a row are one sum ("an hour and 30
    minutes", "a day and 2 hours", "1시간 30분": pass 32, to the model, and "1시간 30분 미뤄줘" set a 10-minute
    snooze); None for none, or for amounts apart ("push the 2 hour meeting back a day")."""
    amounts = list(pattern.finditer(text))
    if not amounts or any(not gap.fullmatch(text[a.end():b.start()])
                          for a, b in zip(amounts, amounts[1:], strict=False)):
        return None
    parts = [value(amount) for amount in amounts]
    return amounts[0].start(), amounts[-1].end(), (sum(p[0] for p in parts), sum(p[1] for p in parts))


# ------------------------------------------------------------------------------------------------ English

# counts in words up to ninety-nine ("ninety minutes", "eleven days"), "a", "a couple of", "a few"
_EN_N = EN_NUMBER_WORDS + "|" + "|".join(sorted(
    (re.escape(k) for k in EN_NUMBER if "half" not in k and "quarter" not in k), key=len, reverse=True))
_EN_AMOUNT = re.compile(
    rf"(?:\bby\s+|\bfor\s+)?(?:(?P<half>half\s+an?)\s+(?P<hunit>hour|day)"
    rf"|\b(?P<n>\d+(?:\.\d+)?|{_EN_N})\s+(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?)(?P<andhalf>\s+and\s+a\s+half)?)\b")
_EN_AMOUNT_GAP = re.compile(r"\s*(?:,\s*)?(?:and\s+)?")
_EN_LEAD = re.compile(r"^(?:(?:no|nope|oh|um|uh|ah|actually|wait|sorry|ok|okay|hmm|and|so|also|please|hey|"
                      r"can\s+you|could\s+you|would\s+you|let's|lets|i\s+want\s+to|i'd\s+like\s+to)[\s,]+)*")
_EN_LATER_VERBS = frozenset({"push", "delay", "postpone", "bump", "kick"})
_EN_VERBS = _EN_LATER_VERBS | {"move", "make", "put", "set", "shift", "slide", "reschedule", "bring", "pull", "change"}
_EN_LATER = frozenset({"back", "later", "out"})
_EN_EARLIER = frozenset({"earlier", "sooner", "forward", "up"})
_EN_NOT_A_NAME = frozenset({"it", "that", "this", "one", "by", "for", "instead", "please", "then", "a", "bit",
                            "little", "the", "to", "thanks", "more", "another", "an", "extra"})
# a reminder asked again, or a question: not a move of the due
_EN_NOT_A_SHIFT = re.compile(r"\b(?:remind|tell\s+me|ask\s+me|again|alarm|snooze|how|what|why|when|should\s+i|can\s+i|did)\b")


COUNT_MAX = 1e12   # past any due: a count of 400 nines reads as float infinity, which no int can hold


def _count(said: str) -> float:
    """A count said in digits or words, at most COUNT_MAX (the move is then too far, and said so)."""
    return min(en_number(said), COUNT_MAX)


def _en_minutes(m: re.Match[str]) -> tuple[int, int]:
    """(minutes, days) of an amount."""
    if m["half"]:
        return (30, 0) if m["hunit"] == "hour" else (12 * 60, 0)
    n = _count(m["n"])
    n += 0.5 if m["andhalf"] else 0
    unit = m["unit"]
    # "1.5 days" is a day and 12 hours, "2.5 hours" 150 minutes (pass 31: a fraction went to the model)
    days = n * 7 if unit.startswith("w") else n if unit.startswith("d") else 0.0
    if days:
        return round((days - int(days)) * 1440), int(days)
    return round(n * 60 if unit.startswith("h") else n), 0


# "two and a half hours" is "two hours and a half" (pass 31: read as a snooze of 2 hours 30 minutes)
_EN_N_AND_A_HALF = re.compile(rf"\b(\d+|{_EN_N})\s+and\s+a\s+half\s+(hours?|hrs?|days?|weeks?)\b")


# typed short ("1h", "30min", "1.5hrs", pass 32: to the model; not "3d", a name as often as days) and "a fortnight"
_EN_SHORT_UNITS = {"h": "hours", "hr": "hours", "hrs": "hours", "m": "minutes", "min": "minutes", "mins": "minutes"}
_EN_SHORT = re.compile(r"\b(\d+(?:\.\d+)?)\s*(hrs|hr|h|mins|min|m)\b")
_EN_HOURS_MINUTES = re.compile(r"\b(\d+)\s*h\s*(\d{1,2})\s*(?:m|min|mins|minutes)?\b")   # "2h30", "1h15m"
_EN_FORTNIGHT = re.compile(r"\b(?:a|one)\s+fortnight\b")


def _units_said_out(text: str) -> str:
    """Amounts typed short, said out as the reader reads them: "1h" -> "1 hours", "2h30" -> "2 hours 30 minutes",
    "a fortnight" -> "two weeks"."""
    text = _EN_HOURS_MINUTES.sub(r"\1 hours \2 minutes", _plain_numbers(text))     # "2h30", "1h15m" (pass 37)
    return _EN_SHORT.sub(lambda m: f"{m[1]} {_EN_SHORT_UNITS[m[2]]}", _EN_FORTNIGHT.sub("two weeks", text))


# a move to the day after the due, or to its week after: "make it the day after", "push it to next week" (the
# same weekday a week on; as a due alone, "next week" is its end)
_EN_RELATIVE = ((re.compile(r"\b(?:to\s+|till\s+|until\s+)?(?:the\s+)?(?:day\s+after|next\s+day|following\s+day)$"), "a day later"),
                (re.compile(r"\b(?:to\s+|till\s+|until\s+)?(?:the\s+)?day\s+before$"), "a day earlier"),
                (re.compile(r"\b(?:to\s+|till\s+|until\s+)(?:next|the\s+following)\s+week$"), "a week later"))


def _en(text: str) -> Shift | None:
    if text.endswith("?") or _EN_NOT_A_SHIFT.search(text):
        return None
    body = _EN_LEAD.sub("", text.strip(" .!,"))
    if body.split(" ", 1)[0] in _EN_VERBS:
        for said, amount in _EN_RELATIVE:
            body = said.sub(amount, body)
    found = _amount_in(body := _units_said_out(_EN_N_AND_A_HALF.sub(r"\1 \2 and a half", body)),
                       _EN_AMOUNT, _EN_AMOUNT_GAP, _en_minutes)
    if found is None:
        return None
    start, end, (minutes, days) = found
    words = re.findall(r"[a-z0-9'-]+", body[:start] + " " + body[end:])
    if not words:
        return None
    verb = words[0] if words[0] in _EN_VERBS else None
    if verb is None and body[:start].strip():
        return None             # "I need an hour later", "the meeting runs an hour later": not an order
    later = [w for w in words if w in _EN_LATER]
    earlier = [w for w in words if w in _EN_EARLIER]
    if later and earlier:
        return None
    if verb in ("bring", "pull") and not later:      # "bring it forward a day", "pull it in an hour"
        direction = -1
    elif earlier:
        direction = -1
    elif later or verb in _EN_LATER_VERBS:
        direction = 1
    else:
        return None
    name = " ".join(w for w in words[1 if verb else 0:] if w not in _EN_LATER | _EN_EARLIER | _EN_NOT_A_NAME
                    and w not in ("in", "ahead"))
    if verb is None and name:
        return None             # "an hour later I called Bob": a story, not an order
    return Shift(minutes * direction, days * direction, name)


_EN_ASKS = re.compile(
    r"^(?:(?:no|oh|um|actually|ok|okay|please|can\s+you|could\s+you)[\s,]+)*"
    r"(?:(?:make|move|put|set)\s+(?:it|that)\s+(?:a\s+(?:bit|little)\s+)?(?P<a>earlier|later|sooner)"
    r"|(?:push|move|put)\s+(?:it|that)\s+(?P<b>back|forward|up))$")


# ------------------------------------------------------------------------------------------------ Korean

# a count in digits may have a fraction: "1.5시간" (pass 36: the "5" alone was read, a 5-hour snooze)
_KO_N = r"(?<![\d.])\d+(?:\.\d+)?|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|[이삼사오]?십[일이삼사오육칠팔구]?|오"
_KO_AMOUNT = re.compile(
    # a day count also in Sino-Korean digits ("삼일", "이주": pass 31, to the model); 십일 is ten days (`_ko_amount`)
    rf"(?P<d>하루|이틀|사흘|나흘|일주일|(?P<dn>{_KO_N}|[일이삼사육칠팔구])\s*(?P<dunit>일|주일?)(?!(?![만정쯤반])[가-힣]))"
    rf"(?P<dhalf>\s*반)?"
    rf"|(?P<n>{_KO_N})\s*(?P<unit>시간|분)(?P<half>\s*반)?|(?P<halfhour>반\s*시간)")
_KO_AMOUNT_GAP = re.compile(r"\s*(?:하고|그리고)?\s*")
_KO_LATER = r"늦게|늦춰|늦추|늦출|뒤로|미뤄|미루|미룰|연기"
_KO_EARLIER = r"일찍|당겨|당기|땡겨|앞당겨|앞당기|앞으로|빨리"
# after the amount: "만", "정도", "더", then the direction, then only an ending ("줘", "해 주세요", "할래")
_KO_TAIL = re.compile(rf"^\s*(?:만|정도|쯤|더|만\s*더)?\s*(?:(?P<late>{_KO_LATER})|(?P<early>{_KO_EARLIER}))"
                      r"(?:\s*(?:미뤄|미루|늦춰|당겨|옮겨|해|하자|할게|할래|해\s*줘|줘|주세요|줄래|줄\s*수\s*있어|"
                      r"주라|줘요|요|해요|해\s*주세요|놔|놔\s*줘|두자|둬|둬\s*줘|시켜\s*줘|돼|되나|부탁해))*\s*[.!~]*$")
_KO_NOT_A_NAME = re.compile(r"^(?:그거|그건|그것|이거|이건|저거|그|좀|그냥|아니|아니요|음|어|아|그럼|그러면|일단|혹시|저기|응|네|예)$")
_KO_NOT_A_SHIFT = re.compile(r"알려|알림|알람|다시|리마인드|말해|\?")


def _ko_amount(m: re.Match[str]) -> tuple[int, int]:
    if m["halfhour"]:
        return 30, 0
    if m["d"]:
        said = m["d"].replace(" ", "")
        fixed = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "일주일": 7}
        half = 12 * 60 if m["dhalf"] else 0   # "하루 반" is a day and 12 hours (pass 32: to the model)
        if said in fixed:
            return half, fixed[said]
        # the count the amount's own match took: "십일 미뤄줘" is 십 days (a fresh match of the number alone took
        # 십일, eleven: pass 31, ten days said moved the due eleven)
        n = _ko_count(m["dn"])
        days = n * 7 if m["dunit"].startswith("주") else n
        return half + round((days - int(days)) * 1440), int(days)   # "1.5일": a day and 12 hours
    n = _ko_count(m["n"])
    minutes = n * 60 if m["unit"] == "시간" else n
    return round(minutes) + (30 if m["half"] and m["unit"] == "시간" else 0), 0


def _ko_count(word: str) -> float:
    if word.isdigit():
        return min(int(word), COUNT_MAX)
    if word[:1].isdigit():   # "1.5"
        return min(float(word), COUNT_MAX)
    return KO_NUMBER.get(word) or int(ko_number(word))


# "다음 주로 미뤄 줘": the same weekday a week on (as a due alone, 다음 주 is its end); "다음 날로 옮겨 줘", "전날로 당겨 줘"
_KO_RELATIVE = re.compile(r"(?:그\s*)?(?P<u>다음\s*주|다음\s*날|다음날|전날|전\s*날)\s*(?:로|으로)\s*"
                          r"(?:미뤄|미루|옮겨|옮기|연기해|연기|바꿔|늦춰|당겨|앞당겨)")


def _ko(text: str) -> Shift | None:
    if _KO_NOT_A_SHIFT.search(text):
        return None
    text = _KO_RELATIVE.sub(lambda m: "하루 당겨" if m["u"].startswith("전") else
                            "일주일 미뤄" if "주" in m["u"] else "하루 미뤄", _plain_numbers(text))
    found = _amount_in(text, _KO_AMOUNT, _KO_AMOUNT_GAP, _ko_amount)
    if found is None:
        return None
    start, end, (minutes, days) = found
    tail = _KO_TAIL.match(text[end:])
    if tail is None:
        return None
    head = [w for w in re.sub(r"(?:은|는|을|를|도|이|가)(?=\s|$)", "", text[:start]).split()
            if not _KO_NOT_A_NAME.match(w)]
    direction = 1 if tail["late"] else -1
    return Shift(minutes * direction, days * direction, " ".join(head))


def read_shift(text: str) -> Shift | None:
    """The move an utterance orders, or None. `text` is `intents.clean`ed (lower case, no "please")."""
    if re.search(r"[가-힣]", text):
        return _ko(text)
    return _en(text)


_KO_ASKS = re.compile(rf"^(?:(?:그거|그건|좀|조금|아니)\s*)*(?:{_KO_LATER}|{_KO_EARLIER})(?:\s*(?:해\s*줘|줘|주세요|줄래|해))*$")


# "move the call", "reschedule it", "can you move the call to Bob to another day", "밥 전화 옮겨 줘", "그거 다른 날로
#바꿔 줘": a move with no time and no amount (the forty-third session: the model answered, and may say it moved it)
_EN_WHEN = re.compile(r"^(?:(?:oh|um|actually|ok|okay|please|can\s+you|could\s+you|i\s+need\s+to|i\s+want\s+to)[\s,]+)*"
                      r"(?:move|reschedule|change\s+the\s+time\s+of|change\s+the\s+date\s+of)\s+(?P<x>.+?)"
                      r"(?:\s+to\s+(?:another|a\s+different|some\s+other|a\s+later|an\s+earlier)\s+(?:time|day|date))?"
                      r"(?:\s+(?:for\s+me|please))?$")
_KO_WHEN = re.compile(r"^(?:(?P<x>.+?)\s*(?:은|는|을|를|도)?\s+)?(?:(?:다른\s*(?:날|시간|때)|딴\s*날)\s*(?:로|으로)\s*)?"
                      # "두 번째 거 미뤄 줘" (the fifty-ninth session: to SmolLM2): put off, with no day said
                      r"(?:옮겨|미뤄|연기해|일정\s*바꿔|시간\s*바꿔|날짜\s*바꿔)\s*(?:줘|주세요|줄래|줄래요|야\s*돼|야\s*해)?$")


_TO_HOUR = re.compile(r"\bto\s+(?:\d{1,2}(?::\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b")


def asks_when(text: str) -> str | None:
    """The name said ("" for "it") when the words order a move but say no time ("move the call", "밥 전화 옮겨
    줘"), else None. `text` is `intents.clean`ed."""
    m = _EN_WHEN.match(text) or _KO_WHEN.match(text)
    if m is None:
        return None
    name = (m["x"] or "").strip()
    name = re.sub(r"^(?:the|my)\s+", "", name)
    if time_spans(name) or read_shift(text) is not None or name in ("it back", "it up", "it forward") \
            or _TO_HOUR.search(name):      # "move the call to 4": a bare hour (`when_asked`), not a name
        return None
    return "" if name in ("", "it", "that", "this", "그거", "그건", "이거") else name


def asks_amount(text: str) -> int:
    """+1 / -1 when the words move a promise later / earlier but say by how much ("make it earlier", "push it
    back", "좀 미뤄 줘"), else 0."""
    if m := _EN_ASKS.match(text):
        word = m["a"] or m["b"]
        return -1 if word in ("earlier", "sooner", "forward", "up") else 1
    if m := _KO_ASKS.match(text):
        return -1 if re.search(_KO_EARLIER, text) else 1
    return 0


_EN_BARE = re.compile(r"^(?:(?:um|uh|oh|ok|okay|maybe|say|about|just|only|like)[\s,]+)*(?:by\s+|for\s+)?(?P<rest>.+?)[\s.!]*$")
_KO_BARE = re.compile(r"^(?:(?:음|어|약|대략)\s+|한\s+(?=\d))?(?P<rest>.+?)(?:\s*(?:만|정도|쯤))?(?:\s*(?:요|이요))?[\s.!~]*$")


def bare_amount(text: str) -> Shift | None:
    """An amount said alone ("two hours", "by a day", "30분", "하루 정도"): the answer to "How much earlier …?"
    (`asks_amount`), later by it; None for anything more."""
    if re.search(r"[가-힣]", text):
        m = _KO_BARE.match(text.strip())
        found = _KO_AMOUNT.fullmatch(m["rest"]) if m else None
        if found is None:
            return None
        minutes, days = _ko_amount(found)
    else:
        m = _EN_BARE.match(text.strip())
        rest = _EN_N_AND_A_HALF.sub(r"\1 \2 and a half", m["rest"]) if m else ""
        found = _EN_AMOUNT.fullmatch(re.sub(r"^(?:an?\s+)(?=half\b)", "", rest)) if rest else None
        if found is None:
            return None
        minutes, days = _en_minutes(found)
    return Shift(minutes, days) if minutes or days else None


# ------------------------------------------------------------------------------------------------ snoozes
# The snooze patterns (`intents_en`, `intents_ko`) read an amount in one unit as said ("in an hour and a half",
# "30분 뒤에"); the amounts they cannot read are said to them in plain minutes first, by the reader above, so a
# move and a snooze read an amount the same way. Pass 35: "remind me in 1h 30m" and "in 90 seconds" were kept as
# promises ("in 1h 30m"), "snooze 1 hour 30" set 1 hour, "하루 2시간 뒤에 다시 알려줘" 2 hours.

_EN_SECONDS = re.compile(rf"\b(?P<n>\d+|{EN_NUMBER_WORDS})\s+(?:seconds?|secs?)\b")
_EN_HOURS_THEN_COUNT = re.compile(rf"\b(?P<h>hours?|hrs?)\s+(?:and\s+)?(?P<n>\d{{1,2}}|{EN_NUMBER_WORDS})$")   # "an hour 30"


def en_said_in_minutes(text: str) -> str:
    """`text` with its amount of time in whole minutes when the snooze patterns could not read it as said: "1h
    30m", "an hour 30", "ninety minutes", "1.5 hours", "a day and 2 hours" -> "90 minutes", …, "1560 minutes";
    seconds rounded up ("90 seconds" -> "2 minutes"). One amount they read ("an hour and a half", "in two days")
    is left as said."""
    body = _EN_SECONDS.sub(lambda m: f"{max(1, math.ceil(_count(m['n']) / 60))} minutes", text)
    body = _units_said_out(_EN_HOURS_THEN_COUNT.sub(r"\g<h> \g<n> minutes", body))
    found = _amount_in(body, _EN_AMOUNT, _EN_AMOUNT_GAP, _en_minutes)
    if found is None:
        return body
    start, end, (minutes, days) = found
    said = list(_EN_AMOUNT.finditer(body, start, end))
    first = said[0]
    if len(said) == 1 and (first["half"] or first["n"].isdigit() or first["n"] in EN_NUMBER):
        return body
    at = first.start("half") if first["half"] else first.start("n")
    return f"{body[:at]}{minutes + days * 1440} minutes{body[end:]}"


def ko_said_in_minutes(text: str) -> str:
    """`text` with an amount that holds days or a fraction in minutes ("하루 2시간 뒤에" -> "1560분 뒤에", "하루 뒤에"
    -> "1440분 뒤에", "1.5시간 뒤에" -> "90분 뒤에"): the Korean snooze patterns read whole hours and minutes only."""
    text = _plain_numbers(text)
    found = _amount_in(text, _KO_AMOUNT, _KO_AMOUNT_GAP, _ko_amount)
    # "1.5시간", "1,5시간" -> "90분"; "반 시간" -> "30분" (pass 37's low: to the model)
    if found is None or not found[2][1] and not any(mark in text[found[0]:found[1]] for mark in ".반"):
        return text
    start, end, (minutes, days) = found
    return f"{text[:start]}{minutes + days * 1440}분{text[end:]}"
