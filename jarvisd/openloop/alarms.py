"""Timers and alarms asked for by voice: "set a timer for 10 minutes", "start a five-minute timer for the eggs",
"wake me up at 7", "set an alarm for 6:30 tomorrow", "10분 타이머 맞춰 줘", "내일 아침 7시에 깨워 줘", "7시에 알람 맞춰 줘".

Before (the forty-fourth session) all of these went to the language model, and nothing rang: on the offline
default `jarvisd chat` answered "set a timer for 10 minutes" with "Sorry, I don't have an answer to that." and
"wake me up at 7" with "I'm a voice assistant, and I'm here to help with whatever you need." (a larger model may
well say it set one). They are promises with a reminder at their moment: the desk keeps one
("10-minute timer", "wake-up alarm", "alarm") due then, with the reminder asked for at the due (`reflect/reminders.py`
says an asked-for moment even in quiet hours, and no lead reminder before it). Pure.

A wake-up time said without AM or PM is the morning ("wake me up at 7" at 9 AM: 7 AM tomorrow, not 7 PM); an
alarm's is the first of the two hours to come ("set an alarm for 7" at 9 AM: 7 PM; "6:30 tomorrow": 6:30 AM).
Asked with no time ("set a timer"), the desk asks for it (`alarm_asked`, `with_time`). The desk also answers "turn
off my alarm" (`off_as_cancel`), and a timer or alarm leaves the agenda a quarter hour after it rang
(`RUNG_KEEP_MS`, in `OpenLoopService`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from jarvisd.openloop.when import ImpossibleTime, cut_spans, resolve_time, time_spans

# (and Whisper's "Et a alarm for 630 tomorrow" for "Set an alarm for 6:30 tomorrow")
_SET = r"(?:(?:can|could|would|will)\s+you\s+)?(?:set|et|sat|start|put\s+on|make|give\s+me|run)\s+(?:me\s+)?"
_A = r"(?:(?:a|an|the|one|another|one\s+more)\s+)?"
_AMOUNT = (r"(?P<amount>(?:-\s*\d|\d|an?\s|half\b|[a-z]+[\s-]).{0,40}?"
           r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)(?:\s+and\s+a\s+half)?)")
_LABEL = r"(?:\s+for\s+(?:the\s+|my\s+)?(?P<label>\S.*?))?"
_AND, _PLEASE = r"(?:and\s+)?", r"(?:\s+please)?"   # "and another timer for 5 minutes please"
_EN_TIMER = (
    re.compile(rf"{_AND}(?:{_SET})?{_A}{_AMOUNT}\s+timer{_LABEL}{_PLEASE}"),                       # "set a 10 minute timer"
    re.compile(rf"{_AND}(?:{_SET})?{_A}timer\s+(?:(?:for|of|to)\s+)?{_AMOUNT}{_LABEL}{_PLEASE}"),   # "set a timer for 10 minutes",
    # "another timer for 5 minutes" (the fifty-sixth session's cook: to SmolLM2, "I'm sorry for your loss")
    # "and another one for 25 minutes for the bread" (the sixty-first session: to SmolLM2, "I'm sorry for any
    # inconvenience"): a length is what only a timer has
    re.compile(rf"{_AND}(?:{_SET})?(?:another|one\s+more)(?:\s+one)?\s+(?:for|of)\s+{_AMOUNT}{_LABEL}{_PLEASE}"),
)
# "2 minutes from now", "an hour from now" ("now" is cleaned off as a filler; pass 63: to SmolLM2, nothing set)
_FROM_NOW_SAID = r"(?:\d+|[a-z]+)[\s-](?:[a-z]+[\s-])?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\s+from\b"
_EN_ALARM = re.compile(rf"(?:{_SET}|(?:can|could|would|will)\s+you\s+{_SET})?{_A}(?:my\s+)?alarm\s+(?:for\s+|at\s+|to\s+)?"
                       r"(?P<time>(?:\d|tomorrow|tonight|today|on\s|this|next|noon|midnight|in\s|"
                       # "for ten minutes from now", "for an hour from now" (pass 63)
                       rf"{_FROM_NOW_SAID}).*)")
_EN_WAKE = re.compile(r"(?:(?:(?:can|could|would|will)\s+you\s+|please\s+)?wake\s+me(?:\s+up)?|"
                      r"i\s+(?:need|have|want|must|got)\s+to\s+(?:wake|get)\s+up|i(?:'ll|\s+will|\s+should|\s+must)\s+"
                      r"(?:wake|get)\s+up)\s+(?P<time>(?:at|by|in|tomorrow|today|tonight|on|this|next)\b.*|"
                      rf"{_FROM_NOW_SAID}.*)")   # "I need to get up at 6"
_KO_DO = r"\s*(?:좀\s*)?(?:맞춰|맞춰\s*놔|설정해|켜|시작해|해|돌려|걸어)\s*(?:줘|주세요|줄래|줘요|줄래요|놔)"
_KO_AMOUNT = r"(?P<amount>(?:-\s*)?(?:\d+|[가-힣]{1,3})\s*(?:시간|분|초)(?:\s*(?:\d+|[가-힣]{1,3})\s*(?:분|초))?(?:\s*반)?)"
# "라면 3분 타이머", "계란 10분 타이머 맞춰 줘": what the timer is for, said first (the fifty-fifth session: "라면 3분
# 타이머" went to SmolLM2, which wrote about a font called "Lintel"); a word of when or how is no name
_KO_LABEL = r"(?:(?!(?:지금|그냥|다시|새로|또|바로|얼른|빨리|좀|일단|자비스|그럼|그리고)\s)(?P<label>[가-힣a-z]{1,8}(?:\s+(?!타이머)[가-힣a-z]{1,8})?)(?:\s*용)?\s+)?"
# (two words: "계란 삶기 12분 타이머", the fifty-sixth session: to SmolLM2, which said a kept fact back)
_KO_CALLED = re.compile(r"^(?:(?:야|자비스야?|나|저|난|전|아|음|어)(?:\s*,\s*|\s+))+")
_KO_TIMER = (
    re.compile(rf"{_KO_LABEL}{_KO_AMOUNT}\s*(?:짜리\s*)?타이머(?:를|좀)?(?:{_KO_DO})?"),                 # "10분 타이머 맞춰 줘"
    re.compile(rf"{_KO_LABEL}타이머(?:를|좀)?\s*{_KO_AMOUNT}\s*(?:으로|로)?{_KO_DO}"),                 # "타이머 10분으로 맞춰 줘"
)
_KO_ALARM = (
    re.compile(rf"(?P<time>.+?)\s*(?:에|으로|로)?\s*알람(?:을|를|좀)?{_KO_DO}"),              # "7시에 알람 맞춰 줘"
    re.compile(rf"알람(?:을|를|좀)?\s*(?P<time>.+?)\s*(?:에|으로|로){_KO_DO}"),             # "알람 7시로 맞춰 줘"
)
_KO_WAKE = re.compile(r"(?P<time>.+?)\s*(?:에)?\s*(?:좀\s*)?(?:깨워\s*(?:줘|주세요|줄래|줘요|줄래요)|"
                      r"(?:꼭\s*)?일어나야\s*(?:돼|해|돼요|해요|하는데|겠다|된다))")   # "내일 6시에 일어나야 돼"
_EN_TIMER_NO_TIME = re.compile(rf"(?:{_SET}|(?:can|could|would|will)\s+you\s+{_SET})?{_A}timer")
_EN_ALARM_NO_TIME = re.compile(rf"(?:{_SET}|(?:can|could|would|will)\s+you\s+{_SET}){_A}(?:my\s+)?alarm")
_EN_WAKE_NO_TIME = re.compile(r"(?:(?:can|could|would|will)\s+you\s+|please\s+)?wake\s+me(?:\s+up)?(?:\s+tomorrow)?")
_KO_TIMER_NO_TIME = re.compile(rf"타이머(?:를|좀)?{_KO_DO}")
_KO_ALARM_NO_TIME = re.compile(rf"알람(?:을|를|좀)?{_KO_DO}")
_KO_WAKE_NO_TIME = re.compile(r"(?:내일\s*)?(?:좀\s*)?깨워\s*(?:줘|주세요|줄래|줘요|줄래요)")
_EN_LIST = re.compile(r"(?:what|which)\s+(?:alarms|timers|alarms\s+and\s+timers)\s+(?:do\s+i\s+have|are\s+(?:set|running|on))"
                      r"(?:\s+(?:set|running|on|now|right\s+now))?|(?:do\s+i\s+have\s+)?any\s+(?:alarms|timers)"
                      r"(?:\s+(?:set|running|on))?|(?:list|show)\s+(?:my|the)\s+(?:alarms|timers)|is\s+(?:my|the|a)\s+"
                      r"(?:alarm|timer)\s+(?:set|running|on)|what\s+time\s+(?:is|did\s+i\s+set)\s+(?:my|the)\s+alarm(?:\s+set)?(?:\s+(?:for|to))?")
# "알람 몇 시로 맞춰져 있어?", "알람 몇 시에 맞췄지?", "what time is my alarm set for?" (the forty-seventh session: to the
# model, which wrote "알람 모두 이러면 …")
_KO_LIST = re.compile(r"(?:맞춰\s*둔\s*)?(?:알람|타이머)(?:이|가|은|는)?\s*(?:뭐|몇\s*개)?\s*(?:있어|있어요|있나|있니|돼\s*있어)"
                      r"|(?:내일\s*|오늘\s*)?(?:알람|기상\s*알람)(?:이|가|은|는|을)?\s*몇\s*시(?:로|에)\s*(?:맞춰져\s*있어|맞춰\s*(?:있어|놨어|뒀어|놨지|뒀지)"
                      r"|맞췄(?:어|지|더라|나)|돼\s*있어|되어\s*있어|설정돼\s*있어)(?:요)?")
_SECONDS = re.compile(r"(?P<n>\d+)\s*(?:seconds?|secs?|초)$")
_RUN_TOGETHER = re.compile(r"\b([1-9]|1[0-2])([0-5]\d)\b(?!\s*(?:minutes?|mins?|hours?|seconds?|분|초|년))")
_INSTEAD = re.compile(r"(?:,\s*|\s+)instead$")
_TIME_FILLERS = frozenset("at on in for to by please and then the a o'clock sharp exactly now 에 으로 로 좀 꼭 쯤".split())
# an hour only a 24-hour clock says: a leading zero ("07:00", "00:00"), 0, or 13 to 23
_CLOCK_24 = re.compile(r"(?<![\d:.])(?:0\d|1[3-9]|2[0-3]):[0-5]\d(?![\d:])|"
                       r"\b(?:at|for|to)\s+(?:0\d?|1[3-9]|2[0-3])\b(?!\s*(?:minutes?|mins?|hours?|hrs?|seconds?|secs?)\b)")
_FROM_NOW = re.compile(r"\bin\s|\bfrom\s+now\b|뒤|후|있다가")   # "in 20 minutes": no clock hour to read
# words that say which half of the day: without one, a wake-up hour is the morning's
_HALF_OF_DAY = re.compile(r"\b(?:a\.?m|p\.?m|morning|afternoon|evening|tonight|night|noon|midnight)\b|\d(?:am|pm)\b|"
                          r"오전|오후|아침|저녁|밤|새벽|낮|정오|자정")


RUNG_KEEP_MS = 15 * 60_000   # a timer or alarm stays on the agenda this long after it rang (or its snooze), for
                             # "snooze" and "done"; then it expires (a promise stays 6 h past its due)
WAKE_EN, WAKE_KO, ALARM_EN, ALARM_KO = "wake-up alarm", "기상 알람", "alarm", "알람"   # the promises' names
_TIMER_RANGE = ("A timer runs from one second to 24 hours; for longer, ask me to remind you.",
                "타이머는 1초에서 24시간까지 맞출 수 있어요. 더 길면 알림으로 말씀해 주세요.")
_BELOW_ZERO = re.compile(r"-|(?:minus|negative)\b")
_FROM_NOW_CUT = re.compile(r"(?<=[a-z])\s+from$")
_LENGTH_FIRST = re.compile(r"\d+\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b")
_TOLD_LENGTH = re.compile(r"\b(?P<amount>(?:\d+|[a-z]+)[\s-](?:seconds?|secs?|minutes?|mins?|hours?|hrs?))\b")
_FILLER_WORDS = frozenset("the my a an that this one up".split())
_KIND_WORDS = _FILLER_WORDS | frozenset("timer timers alarm alarms 타이머 알람 wake".split())
_EN_OFF = re.compile(r"(?:please\s+)?(?:turn\s+off|switch\s+off|shut\s+off|stop|disable|kill|delete|remove|cancel)\s+"
                     r"(?P<x>(?:(?:the|my|that|this)\s+)?(?:[\w':.-]+\s+){0,3}?(?:alarm|timer)s?(?:\s+(?:for\s+)?(?:today|tonight|tomorrow))?)"
                     r"(?:\s+(?:please|now))?")   # "turn off tomorrow's 6:45 alarm" (the fifty-seventh session: to the model)
_KO_OFF = re.compile(r"(?P<x>(?:[가-힣\d]+\s+){0,3}?[가-힣\d]*(?:알람|타이머))(?:을|를|은|는|좀)?\s*"
                     r"(?:꺼|끄고|꺼\s*줘|끄세요|멈춰|정지해|없애|지워|취소해)\s*(?:줘|주세요|줄래)?")


@dataclass(frozen=True)
class Alarm:
    """A timer or an alarm: the promise to keep (`desc`), rung at `at`; `kind` is "timer", "wake" or "alarm"."""

    desc: str
    at: datetime
    kind: str
    instead: bool = False   # "wake me up at 7 instead", "알람 7시로 대신 맞춰 줘": in place of the alarm set, not beside it
    # of one said `instead`: its clock hour may be either half of the day ("at 7", not "at 7pm", "at 19:00", "at
    # 00:00" or "in 2 hours"), so the desk takes the half nearest the alarm it replaces
    either_half: bool = False


def alarm_said(cleaned: str, now: datetime) -> Alarm | None:
    """The timer or alarm `cleaned` (lower case, no closing punctuation) asks for, or None. Raises
    `when.ImpossibleTime` for a time that cannot be ("wake me up at 25:00")."""
    korean = bool(re.search(r"[가-힣]", cleaned))
    # "½ hour", "2½ minutes" (NFKC reads ½ as "1⁄2", whose slash is a symbol `_marks_off` takes): a half
    cleaned = re.sub(r"(?:1⁄2|½)", " half ", re.sub(r"(\d)\s*(?:1⁄2|½)", r"\1 and a half ", cleaned))
    cleaned = _marks_off(cleaned)
    # "wake me up at 7 instead", "make it 7 instead" (the sixtieth session: to SmolLM2, "I'm not a magic spell"): the
    # alarm said in place of the one set
    instead = _INSTEAD.search(cleaned)
    if instead is not None and not korean:
        found = alarm_said(cleaned[:instead.start()] + cleaned[instead.end():], now)
        if found is None or found.kind == "timer":
            return None
        # pass 61b: "at 13:30 instead" was moved to 1:30 AM, "at 00:00 instead" to noon, "in 2 hours instead" to
        # midnight (12 hours off): only a bare hour may be either half
        return replace(found, instead=True, either_half=not (_HALF_OF_DAY.search(cleaned) or _FROM_NOW.search(cleaned)
                                                             or _CLOCK_24.search(cleaned)))
    if korean:   # "야 나 내일 아침 여섯시 반에 일어나야돼": a call and the speaker first (the fifty-fifth session: kept as a
        # promise "일어나기", and "나 내일 6시에 일어나야 돼" at 6 PM; no alarm set)
        cleaned = _KO_CALLED.sub("", cleaned)
    for pattern in _KO_TIMER if korean else _EN_TIMER:
        if m := pattern.fullmatch(cleaned):
            return _timer(m["amount"], m["label"], now, korean)
    m = _KO_WAKE.fullmatch(cleaned) if korean else _EN_WAKE.fullmatch(cleaned)
    if m is not None:
        at = _at(m["time"], now, morning=True)
        return Alarm(WAKE_KO if korean else WAKE_EN, at, "wake") if at is not None else None
    for pattern in _KO_ALARM if korean else (_EN_ALARM,):
        if m := pattern.fullmatch(cleaned):
            at = _at(m["time"], now, morning=False)
            return Alarm(ALARM_KO if korean else ALARM_EN, at, "alarm") if at is not None else None
    return None


# "set a weekday alarm for 6:30", "set a daily alarm at 7" (the fifty-eighth helper: to SmolLM2, which wished a good
# vacation): the repeat said before "alarm", said after it as the repeat rules read it
_EN_KIND_REPEAT = re.compile(r"\b(?:a|an|my|the)\s+(?P<r>weekday|week-?day|workday|work\s+day|weekend|daily|everyday|"
                             r"every\s*day)\s+(?P<k>alarm|wake-?up\s+alarm)\b(?P<rest>.*)", re.IGNORECASE)
_REPEAT_SAID = {"weekday": "every weekday", "weekend": "every weekend", "daily": "every day"}


def repeat_said_after(text: str) -> str:
    """`text` with a repeat named before "alarm" ("a weekday alarm for 6:30") said after it ("an alarm for 6:30 every
    weekday"); `text` unchanged otherwise."""
    m = _EN_KIND_REPEAT.search(text)
    if m is None:
        return text
    r = re.sub(r"[\s-]", "", m["r"].lower())
    said = _REPEAT_SAID.get({"workday": "weekday", "everyday": "daily"}.get(r, r), "every day")
    return f"{text[:m.start()]}an {m['k']}{m['rest']} {said}"


def _marks_off(cleaned: str) -> str:
    """Without emoji, symbols, brackets and invisible format characters (pass 42: "set a timer for 5 minutes for the
    🥚 eggs", "… for the tea (green)", an RLO before "eggs" set no timer and went to the model): the words the
    patterns read."""
    if cleaned.isascii() and not re.search(r"[\[\](){}<>^`|~+=$#*&@%]", cleaned):
        return cleaned
    kept = "".join(" " if unicodedata.category(ch)[0] == "S" or unicodedata.category(ch) in ("Ps", "Pe") else ch
                   for ch in cleaned if unicodedata.category(ch) != "Cf")
    return " ".join(kept.split())


def alarm_asked(cleaned: str) -> str | None:
    """"timer", "alarm" or "wake" for a timer or alarm asked for with no time ("set a timer", "set an alarm",
    "wake me up", "타이머 맞춰 줘", "깨워 줘"): the desk asks for how long or what time. None otherwise."""
    korean = bool(re.search(r"[가-힣]", cleaned))
    if korean:
        for kind, pattern in (("timer", _KO_TIMER_NO_TIME), ("alarm", _KO_ALARM_NO_TIME), ("wake", _KO_WAKE_NO_TIME)):
            if pattern.fullmatch(cleaned):
                return kind
        return None
    for kind, pattern in (("timer", _EN_TIMER_NO_TIME), ("alarm", _EN_ALARM_NO_TIME), ("wake", _EN_WAKE_NO_TIME)):
        if pattern.fullmatch(cleaned):
            return kind
    return None


def with_time(kind: str, answer: str) -> str:
    """The answer to "For how long?" / "For what time?" said as the whole ask: ("timer", "10 minutes") ->
    "set a timer for 10 minutes", ("wake", "7시") -> "7시에 깨워 줘"."""
    answer = re.sub(r"^(?:for|at|in)\s+", "", answer.strip())
    if re.search(r"[가-힣]", answer):
        return {"timer": f"{answer} 타이머 맞춰 줘", "alarm": f"{answer}에 알람 맞춰 줘", "wake": f"{answer}에 깨워 줘"}[kind]
    return {"timer": f"set a timer for {answer}", "alarm": f"set an alarm for {answer}",
            "wake": f"wake me up {'in' if re.search(r'minute|hour|second', answer) else 'at'} {answer}"}[kind]


# "what alarms do I have tomorrow?", "내일 알람 뭐 있어?" (the fifty-eighth helper: to SmolLM2, which told of a sleep app):
# the day's said before or after the ask
_EN_LIST_DAY = re.compile(r"(?P<ask>.*?\S)\s+(?:for\s+|on\s+)?(?P<day>today|tonight|tomorrow(?:\s+morning)?)")
_KO_LIST_DAY = re.compile(r"(?P<day>오늘|내일)(?:\s*(?:아침|새벽))?\s*(?P<ask>\S.*)")


def alarms_listed(cleaned: str) -> bool:
    """"What alarms do I have?", "any timers running?", "알람 뭐 있어?": the timers and alarms set, asked for."""
    return alarms_day(cleaned) is not None


def alarms_day(cleaned: str) -> int | None:
    """For an ask of the alarms set (`alarms_listed`): the day it names in days from today (0 today, 1 tomorrow), -1
    for none; None when `cleaned` asks no such thing."""
    cleaned = cleaned.rstrip("?？ ")
    if _EN_LIST.fullmatch(cleaned) or _KO_LIST.fullmatch(cleaned):
        return -1
    m = _EN_LIST_DAY.fullmatch(cleaned) or _KO_LIST_DAY.fullmatch(cleaned)
    if m is None or not (_EN_LIST.fullmatch(m["ask"]) or _KO_LIST.fullmatch(m["ask"])):
        return None
    return 1 if m["day"].startswith(("tomorrow", "내일")) else 0


def alarm_kind(desc: str) -> str | None:
    """"timer", "wake" or "alarm" for a promise `alarm_said` kept ("10-minute timer", "wake-up alarm", "알람"), else
    None ("buy a kitchen timer": a promise like any other)."""
    desc = desc.strip()
    if re.fullmatch(r"(?:\d+-(?:second|minute|hour)\s+){1,3}?timer(?:\s+for\s+.+)?|timer\s+for\s+\d.*|(?:[가-힣a-z]{1,8}\s+){0,2}(?:\d+(?:초|분|시간)\s*)+타이머",
                    desc):
        return "timer"
    return "wake" if desc in (WAKE_EN, WAKE_KO) else "alarm" if desc in (ALARM_EN, ALARM_KO) else None


def alarms_meant(words: str, descs: Sequence[str]) -> list[int] | None:
    """The timers or alarms (indexes in `descs`) that `words` ("the timer", "the egg timer", "my alarm") may name,
    best first: those whose names share the most of the other words, or every one of that kind when they share
    none (Whisper's "the Hig timer" for "the egg timer": asked, not the first timer guessed). None when `words`
    name no timer or alarm; [] when none is set."""
    said = re.findall(r"[^\W_]+", words.lower())
    # "the 5 minute one", "the five-minute timer": a timer by its length, and only one of that length (the fifty-sixth
    # session's cook: "cancel the 5 minute one" took off the 12-minute pasta timer)
    told = _TOLD_LENGTH.search(words.lower())
    length = _length(told["amount"], korean=False) if told else 0
    kinds = {"timer"} if {"timer", "timers", "타이머"} & set(said) or length else \
        {"wake", "alarm"} if {"alarm", "alarms", "알람", "wake"} & set(said) else set()
    if not kinds:
        return None
    of_kind = [i for i, desc in enumerate(descs) if alarm_kind(desc) in kinds]
    if length:
        return [i for i in of_kind if timer_length(descs[i]) == length]
    other = set(said) - _KIND_WORDS
    scores = {i: sum(any(w.startswith(o) or o.startswith(w) for w in re.findall(r"[^\W_]+", descs[i].lower()))
                     for o in other) for i in of_kind}
    best = max(scores.values(), default=0)
    if best:
        return [i for i in of_kind if scores[i] == best]
    if {o for o in other if len(o) >= (2 if re.match(r"[가-힣]", o) else 3) and o.isalpha()} - _NOT_A_LABEL and all(_labelled(descs[i]) for i in of_kind):
        return []   # "cancel the bread timer" with only "timer for the pasta" set (the sixty-first session: the pasta's
                    # was cancelled): both named, and not alike; an unnamed one may still be a misheard name's
    return of_kind


# words said of a timer that are no name of what it is for ("stop the kitchen timer now")
_NOT_A_LABEL = frozenset("now please off for right away just again too also already kitchen oven cooking running current "
                         "last first second third other done okay jarvis today tonight tomorrow morning minute minutes "
                         "hour hours second seconds set 지금 그 그거 이 저 주방 부엌 빨리 좀".split())


def _labelled(desc: str) -> bool:
    """Whether a timer's or alarm's name says what it is for ("10-minute timer for the pasta", "라면 3분 타이머")."""
    return bool(re.search(r"\btimer\s+for\s+\S", desc) or re.match(r"[가-힣a-z]{1,8}\s+(?:[가-힣a-z]{1,8}\s+)?\d", desc))


def only_kind(words: str) -> bool:
    """Whether `words` name a timer or an alarm by that word alone ("my alarm", "the timer", "알람")."""
    said = set(re.findall(r"[^\W_]+", words.lower()))
    return bool(said & _KIND_WORDS - _FILLER_WORDS) and not said - _KIND_WORDS


_TIMER_WORDS = r"(?P<x>(?:the|my|that|this)\s+(?:[\w-]+\s+){0,3}?timer)"
# ("and 5 minutes to the timer": Whisper's "Add", daemon run 64)
_EN_EXTEND = re.compile(r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:add|put|and)\s+(?P<amount>.+?)\s+(?:more\s+)?"
                        rf"(?:to|on(?:to)?)\s+{_TIMER_WORDS}(?:\s+please)?|"
                        r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:give|extend)\s+" + _TIMER_WORDS.replace("<x>", "<x2>") +
                        r"\s+(?:by\s+)?"
                        r"(?:another\s+)?(?P<amount2>.+?)(?:\s+more)?(?:\s+please)?")
_EN_SHORTEN = re.compile(r"(?:(?:can|could|would)\s+you\s+|please\s+)?take\s+(?P<amount>.+?)\s+off\s+" + _TIMER_WORDS)
_EN_RESTART = re.compile(r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:restart|reset|start\s+over)\s+" + _TIMER_WORDS +
                         r"(?:\s+please)?|start\s+" + _TIMER_WORDS.replace("<x>", "<x2>") + r"\s+(?:again|over)")
_EN_PAUSE = re.compile(r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:pause|resume|unpause|continue|hold|freeze)\s+"
                       r"(?:the|my|that|this)\s+(?:[\w-]+\s+){0,3}?(?:timer|alarm)(?:\s+(?:please|now))?")
_KO_TIMER_WORDS = r"(?P<x>(?:[가-힣\d]+\s+){0,3}?[가-힣\d]*타이머)(?:을|를|좀)?\s*"
_KO_EXTEND = re.compile(_KO_TIMER_WORDS + r"(?P<amount>[\d가-힣]+\s*(?:분|초|시간))\s*(?:만\s*)?(?:더\s*)?"
                        r"(?:연장해|늘려|더해|추가해)\s*(?:줘|주세요|줄래)?")
_KO_RESTART = re.compile(_KO_TIMER_WORDS + r"(?:다시\s*시작해|처음부터\s*다시\s*해|리셋해)\s*(?:줘|주세요|줄래)?")
_KO_PAUSE = re.compile(r"(?:[가-힣\d]+\s+){0,3}?[가-힣\d]*(?:타이머|알람)(?:을|를|좀)?\s*(?:일시\s*정지|재개|잠깐\s*멈춰)\S*"
                       r"(?:\s*(?:줘|주세요|줄래))?")


@dataclass(frozen=True)
class TimerChange:
    """A change asked of a running timer: `kind` "extend" (by `seconds`, less than 0 to shorten), "restart" (from its
    full length again) or "pause" (which a timer here cannot do: it is a promise due at one moment); `words` name the
    timer ("the egg timer")."""

    kind: str
    words: str
    seconds: int = 0


def change_asked(cleaned: str) -> TimerChange | None:
    """"add 5 minutes to the timer", "restart the egg timer", "pause the timer", "타이머 5분 연장해 줘": the change asked
    of a timer, or None. Before (the forty-fifth session) these went to the model, which changed nothing in many
    words."""
    korean = bool(re.search(r"[가-힣]", cleaned))
    if m := (_KO_EXTEND if korean else _EN_EXTEND).fullmatch(cleaned):
        seconds = _length(m["amount"] or m.groupdict().get("amount2") or "", korean)
        return TimerChange("extend", m["x"] or m.groupdict().get("x2") or "", seconds) if seconds else None
    if not korean and (m := _EN_SHORTEN.fullmatch(cleaned)):
        seconds = _length(m["amount"], korean)
        return TimerChange("extend", m["x"], -seconds) if seconds else None
    if m := (_KO_RESTART if korean else _EN_RESTART).fullmatch(cleaned):
        return TimerChange("restart", m["x"] or m.groupdict().get("x2") or "")
    if (_KO_PAUSE if korean else _EN_PAUSE).fullmatch(cleaned):
        return TimerChange("pause", cleaned)
    return None


def timer_length(desc: str) -> int | None:
    """The seconds a timer kept as `desc` runs ("10-minute timer for the eggs": 600, "timer for 1 hour 30 minutes":
    5400, "1시간 30분 타이머": 5400), or None for anything else."""
    if alarm_kind(desc) != "timer":
        return None
    units = {"hour": 3600, "minute": 60, "second": 1, "시간": 3600, "분": 60, "초": 1}
    head = desc.split(" for the ", 1)[0]
    found = re.findall(r"(\d+)[\s-]?(hour|minute|second|시간|분|초)", head)
    return sum(int(n) * units[unit] for n, unit in found) or None


def _length(amount: str, korean: bool) -> int:
    """Seconds of a length said ("5 minutes", "two and a half minutes", "5분"), 0 when none is read."""
    amount = " ".join(re.sub(r"\b(?:more|extra)\b", " ", amount.replace("-", " ")).split())   # "two more minutes"
    if (sec := _SECONDS.fullmatch(amount)) is not None:   # at most a day, as below (pass 46: "add 99999999999999999999
        return int(sec["n"]) if int(sec["n"]) <= 24 * 3600 else 0   # seconds" failed every agenda turn till a restart)
    now = datetime(2026, 1, 1, 12, tzinfo=UTC)   # any fixed moment: only the difference counts
    try:
        when = resolve_time(f"{amount} 뒤" if korean else f"in {amount}", now)
    except ImpossibleTime:
        return 0
    if when is None or not when.has_time:
        return 0
    seconds = round((when.at - now).total_seconds())
    return seconds if 0 < seconds <= 24 * 3600 else 0


def off_as_cancel(cleaned: str) -> str | None:
    """"Turn off my alarm", "stop the timer", "알람 꺼 줘" said as the cancel the desk knows ("cancel my alarm", "알람
    취소해 줘"), or None. Only of an alarm or a timer: "turn off the lights" is not the agenda's."""
    if m := _EN_OFF.fullmatch(cleaned):
        return f"cancel {m['x']}"
    if m := _KO_OFF.fullmatch(cleaned):
        return f"{m['x']} 취소해 줘"
    return None


def _timer(amount: str, label: str | None, now: datetime, korean: bool) -> Alarm | None:
    if _BELOW_ZERO.match(amount):   # "set a timer for -5 minutes" (pass 63: to SmolLM2, or a 5-minute timer)
        raise ImpossibleTime(*_TIMER_RANGE)
    amount = " ".join(amount.replace("-", " ").split())
    if (sec := _SECONDS.search(amount)) is not None and _SECONDS.fullmatch(amount):
        seconds = int(sec["n"])
    else:
        when = resolve_time(f"{amount} 뒤" if korean else f"in {amount}", now)
        if when is None and amount[:1].isdigit():   # "1e9 minutes", "5.5.5 minutes": a length, not read
            raise ImpossibleTime("I couldn't read how long that is; say it like ten minutes.",
                                 "얼마 동안인지 못 알아들었어요. 10분처럼 말씀해 주세요.")
        if when is None:
            return None
        # elapsed seconds, not the wall clock's difference (pass 45: at 00:30 on the night the clocks go back, "set
        # a timer for 2 hours" was a "1-hour timer", rung an hour early)
        seconds = round(when.at.timestamp() - now.timestamp()) if when.has_time else 0   # "3 days": a day, no clock
    if not 0 < seconds <= 24 * 3600:     # none, or more than a day: "remind me in 2 days" is a reminder
        raise ImpossibleTime(*_TIMER_RANGE)
    return Alarm(_timer_name(seconds, label, korean), datetime.fromtimestamp(now.timestamp() + seconds, now.tzinfo),
                 "timer")


def _timer_name(seconds: int, label: str | None, korean: bool) -> str:
    """"10-minute timer for the eggs", "timer for 1 hour 30 minutes", "1시간 30분 타이머"."""
    minutes, secs = divmod(seconds, 60)
    hours, mins = divmod(minutes, 60)
    if korean:
        parts = [f"{hours}시간" if hours else "", f"{mins}분" if mins else "", f"{secs}초" if secs else ""]
        return " ".join(part for part in (label, *parts) if part) + " 타이머"
    units = [(hours, "hour"), (mins, "minute"), (secs, "second")]
    said = [(n, unit) for n, unit in units if n]
    if len(said) == 1:
        name = f"{said[0][0]}-{said[0][1]} timer"
    else:
        name = "timer for " + " ".join(f"{n} {unit}" + ("s" if n > 1 else "") for n, unit in said)
    label = re.sub(r"^(?:(?:the|my)\s+)+", "", f"{label or ''} ").strip()   # "for the 🍝" left "the" alone
    if not label:
        return name
    if len(said) != 1:   # "1-hour 30-minute timer for the bread" (the sixty-third session's low: the bread left out)
        name = " ".join(f"{n}-{unit}" for n, unit in said) + " timer"
    if len(label) > 40:   # a long one cut at a word, not on "and" or "the"
        label = re.sub(r"(?:\s+(?:and|or|the|a|an|of|with))+$", "", label[:40].rsplit(" ", 1)[0])
    return f"{name} for the {label}"


def _at(words: str, now: datetime, morning: bool) -> datetime | None:
    """The moment `words` name, the next one from `now`; a clock hour said without AM or PM is, for a wake-up
    (`morning`), the morning's, for an alarm the first of the two to come ("6:30 tomorrow": 6:30 AM). None when
    they name no clock time; a moment already past is returned as it is (the desk says so)."""
    words = _RUN_TOGETHER.sub(r"\1:\2", words)   # Whisper's "630" for "six thirty"
    words = _FROM_NOW_CUT.sub(" from now", words)   # "2 minutes from now", its "now" cleaned off as a filler
    if re.match(r"\d", words) and not _LENGTH_FIRST.match(words):   # "set an alarm for 7": the hour; not "for 2
        words = f"at {words}"                                          # minutes from now" (pass 63: at 2, a remark)
    when = resolve_time(words, now)
    if when is None or not when.has_time:
        return None
    rest = cut_spans(words, time_spans(words)).strip(" ,.")
    if rest and not set(rest.split()) <= _TIME_FILLERS:   # "the alarm at 7 was too loud": a remark, no ask
        return None
    at = when.at
    if 12 <= at.hour and not (_HALF_OF_DAY.search(words) or _FROM_NOW.search(words) or _CLOCK_24.search(words)):
        # (not "at 19:00", "at 13:30": a 24-hour clock says its half; pass 61b, 1:30 AM for "wake me up at 13:30")
        earlier = at - timedelta(hours=12)   # "at 6:30" read as 6:30 PM: its morning, when that comes first
        if morning and earlier <= now and not when.day_said:
            earlier += timedelta(days=1)
        at = earlier if morning or earlier > now else at
    if not when.day_said and now - timedelta(minutes=1) < at <= now:
        # "wake me up every day at 7am" said at 07:00 (pass 65's low: "That time has already passed."): the clock time
        # of this very minute is its next one, as a minute later it was
        at += timedelta(days=1)
    return at
