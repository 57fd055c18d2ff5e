"""When to be reminded of a promise already on the agenda, asked by voice. Pure.

"remind me an hour before", "remind me 30 minutes before the call", "한 시간 전에 알려줘": a reminder that long before
the due. "remind me about the call at 2pm", "remind me again tomorrow morning" (after a reminder): a reminder at that
time. "don't remind me about the call", "그 전화는 알려주지 마": no reminder of it.

Before (the forty-second session) the first and the last went to the model, which may say it set a reminder it did
not; "remind me about the call at 2pm" kept a new promise named "the call". The desk resolves the promise (named, or
the one in focus) and the time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jarvisd.openloop.commitment_words import EN_BASE_VERBS
from jarvisd.openloop.shifts import bare_amount
from jarvisd.openloop.when import time_spans

_LEAD = r"(?:(?:oh|and|also|actually|please|jarvis|(?:can|could|would|will)\s+you)\W+)*"   # "can you remind me an hour before?"
_EN_BEFORE = re.compile(_LEAD + r"(?:remind|warn|ping|tell)\s+me\s+(?:again\s+)?(?P<amount>.+?)\s+(?:before|ahead(?:\s+of)?|"
                        r"earlier(?:\s+than)?)(?:\s+(?:(?:the|my)\s+)?(?P<x>.+?))?")
# "remind me about the insurance two days before" (the forty-ninth session: kept as a new promise, "the insurance two
# days"): the amount is the last one to three words before "before"
_EN_ABOUT_BEFORE = re.compile(_LEAD + r"(?:remind|warn|ping)\s+me\s+(?:again\s+)?(?:about|of)\s+(?:(?:the|my)\s+)?(?P<said>.+?)\s+"
                              r"(?:before(?:hand)?|ahead(?:\s+of\s+time)?|early|in\s+advance)"
                              r"(?:\s+(?:it'?s\s+due|it\s+is\s+due|the\s+due\s+date|the\s+deadline))?")
# a weekday said alone: "remind me about the slides Wednesday evening" (the fiftieth session: the due moved to Wednesday)
_EN_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_EN_AT = re.compile(_LEAD + r"(?:(?:remind|ping)\s+me|(?:text|send|give|set)\s+(?:me\s+)?a\s+reminder)\s+(?:again\s+)?(?:about|of|for)\s+(?:(?:the|my)\s+)?(?P<x>.+?)\s+"
                    r"(?P<time>(?:at|on|in|tomorrow|tonight|this|next|" + _EN_WEEKDAY + r")\b(?:(?!\bto\s).)*)")
# (not "remind me again tomorrow at 9am to call Bob": a promise said again, with its time, pass 34)
_EN_AGAIN = re.compile(_LEAD + r"(?:remind|ping)\s+me\s+(?:again\s+)?(?P<time>(?:at|on|tomorrow|tonight|this|next|later\s+today|"
                       + _EN_WEEKDAY + r")\b"
                       r"(?:(?!\bto\s).)*)")
# "remind me at 9 to review it", "remind me to do that at 8" (the fiftieth session: "Sorry, I don't have an answer to
# that"): the promise in focus, named by a pronoun, at that time
_EN_TIME = r"(?:at|on|in|tomorrow|tonight|this|next|later\s+today|" + _EN_WEEKDAY + r")\b(?:(?!\bto\s).)*?"
_EN_IT = r"to\s+(?P<deed>(?:[a-z'-]+\s+){1,2}?(?:it|that|this|them)(?:\s+(?:up|off|out|in|back|over|through))?)"
# a deed said of any task: "it" is then the promise in focus whatever its verb ("do it", "finish that", "work on it");
# another deed must be the promise's own ("review it" of "review Mike's PR"): pass 55c, "remind me at 9pm to turn it
# off" after "I need to fix the heater" set the heater's reminder and none to turn it off
_ANY_TASK = re.compile(r"(?:do|finish|complete|handle|tackle|start|get\s+to|get\s+on|deal\s+with|work\s+on|look\s+at|"
                       r"go\s+over|take\s+care\s+of|follow\s+up\s+on|get\s+started\s+on)\s+(?:it|that|this|them)")


def names_the_promise(deed: str, desc: str) -> bool:
    """Whether a deed said with a pronoun ("review it", "do that") can be the promise `desc` (`RemindAsk.deed`)."""
    said = deed.split()
    return not said or bool(_ANY_TASK.fullmatch(deed)) or said[0] == (desc.split() or [""])[0].casefold()
_EN_TIME_IT = re.compile(_LEAD + r"(?:remind|ping)\s+me\s+(?:again\s+)?(?P<time>" + _EN_TIME + r")\s+" + _EN_IT)
_EN_IT_TIME = re.compile(_LEAD + r"(?:remind|ping)\s+me\s+(?:again\s+)?" + _EN_IT + r"\s+(?P<time>" + _EN_TIME + r")")
# "dont", "you don't need to", "you do not have to", "there's no need to" (the sixtieth session: "dont remind me about
# mom" kept a promise "mom"); ", I'll remember (it myself)" after it is the reason, not a promise of its own
_EN_NONE = re.compile(_LEAD + r"(?:(?:(?:you\s+)?(?:don'?t|do\s+not)(?:\s+(?:need|have)\s+to)?|(?:there'?s\s+)?no\s+need\s+to|"
                      r"stop)\s+(?:remind(?:ing)?|ping(?:ing)?)\s+me"
                      r"(?:\s+(?:about|of)\s+(?:(?:the|my)\s+)?(?P<x>.+?))?(?:\s+(?:anymore|any\s+more|again))?"
                      r"(?:\W+(?:i'?ll|i\s+will|i\s+can)\s+remember(?:\s+(?:it|that|this))?(?:\s+myself)?)?"
                      # "stop the water reminders", "turn off the reminders for the pills", "no more water reminders" (the
                      # fifty-first session: to SmolLM2, "I'm not sure what to do.")
                      r"|(?:stop|mute|silence|turn\s+off|switch\s+off|disable|no\s+more)\s+(?:(?:the|my|all\s+the)\s+)?"
                      r"(?P<y>(?!reminders?\b)[\w' -]+?)\s+(?:reminders?|alerts?|notifications?)(?:\s+(?:please|anymore|for\s+now))?"
                      r"|(?:no|stop|mute|silence|turn\s+off|switch\s+off|disable)\s+(?:the\s+)?(?:reminders?|alerts?|notifications?)\s+"
                      r"(?:for|about|of)\s+(?:(?:the|my)\s+)?(?P<z>.+?)(?:\s+(?:please|anymore|for\s+now))?)")
_KO_BEFORE = re.compile(r"(?P<said>.+?)\s?전에\s*(?:다시\s*)?"
                        r"(?:알려\s*(?:줘|주세요|줄래)|리마인드\s*(?:해\s*줘|해줘|해\s*주세요)|말해\s*(?:줘|주세요))")
_KO_NONE = re.compile(r"(?:(?P<x>.+?)\s*(?:은|는|을|를)?\s+)?(?:(?:알려\s*주지|알림\s*주지|리마인드\s*하지"
                      # "엄마 전화 알림 하지 마" (pass 61b's low: the promise was cancelled, not muted)
                      r"|(?:알림|리마인더)\s*(?:은|는|을|를)?\s*(?:하지|보내지))\s*(?:마|마세요|말아\s*줘)"
                      r"|(?:알림|리마인더)\s*(?:은|는)?\s*(?:필요\s*없어|안\s*해도\s*돼|안\s*줘도\s*돼)(?:요)?"
                      # "알림 꺼 줘", "회의 알림 꺼 주세요" (the fifty-sixth session: to SmolLM2, "알림 알림")
                      r"|(?:알림|리마인더|리마인드)\s*(?:은|는|을|를|좀)?\s*(?:좀\s*)?(?:꺼|끄기|없애)\s*(?:줘|주세요|줄래|줘요|둬|놔)?)")


@dataclass(frozen=True)
class RemindAsk:
    """`lead_minutes` before the due, or at the time `time_words` say, or (`none`) no reminder; of the promise `name`
    names ("" for the one in focus)."""

    name: str = ""
    lead_minutes: int | None = None
    time_words: str = ""
    none: bool = False
    part: str | None = None   # "the night before": that part of the day before ("night"), not the due's hour
    deed: str = ""   # "to review it": the deed said of the promise in focus, which must fit it (`names_the_promise`)
    new_deed: str = ""   # "two hours before the flight to leave for the airport": a promise of its own, due then


def _then_deed(name: str) -> tuple[str, str]:
    """(the promise named, the deed of its own) of "the flight to leave for the airport"; (name, "") when no deed of a
    base verb follows ("the call to Bob", "the trip to Paris"), or the deed is the user's own ("before I have to leave
    for soccer": said of the promise in focus)."""
    then = _THEN_DEED.fullmatch(name)
    if then is None or then["deed"].split()[0] not in EN_BASE_VERBS or re.match(r"(?:i|we|you|he|she|they)\b", then["x"]):
        return name, ""
    return then["x"], then["deed"]


def remind_ask(cleaned: str) -> RemindAsk | None:
    """What `cleaned` (lower case, no closing punctuation) asks of a promise's reminder, or None."""
    if m := _EN_NONE.fullmatch(cleaned):
        thing = m["y"] or m["z"]   # "stop the water reminders": named as "the water" ("water" alone names a thing less)
        return RemindAsk(name=_name(m["x"]) if thing is None else f"the {thing}", none=True)
    if m := _EN_DAY_OF.fullmatch(cleaned):
        part = m["part"] or m["part2"]
        # "remind me the morning of the flight to check in" (the sixtieth session: kept "the flight to check"): a deed of
        # its own, that morning
        name, deed = _then_deed(_name(m["x"]))
        return RemindAsk(name=name, lead_minutes=0, part="morning" if part == "day" else part, new_deed=deed)
    if (m := _EN_BEFORE.fullmatch(cleaned)) and (lead := _minutes(m["amount"])):
        name, deed = _then_deed(_name(m["x"]))
        if not deed and (bare := re.fullmatch(r"to\s+(?P<deed>(?P<verb>[a-z]+)\b.*)", name)) is not None \
                and bare["verb"] in EN_BASE_VERBS:
            # "remind me the day before to buy flowers for Lily", right after her recital (the fifty-seventh session: kept
            # with no due, "When should I remind you?"): a deed of its own, that long before the promise in focus
            name, deed = "", bare["deed"]
        return RemindAsk(name=name, lead_minutes=lead, part=day_before_part(m["amount"]) or None, new_deed=deed)
    if (m := _EN_OPENS_BEFORE.fullmatch(cleaned)) and (lead := _minutes(m["amount"])):
        return RemindAsk(name=_name(m["x"]), lead_minutes=lead, new_deed=m["deed"])
    if m := _EN_ABOUT_BEFORE.fullmatch(cleaned):
        words = m["said"].split()
        for n in (3, 2, 1):
            if len(words) > n and (lead := _minutes(" ".join(words[-n:]))):
                return RemindAsk(name=_name(" ".join(words[:-n])), lead_minutes=lead,
                                 part=day_before_part(" ".join(words[-n:])) or None)
    if m := _KO_BEFORE.fullmatch(cleaned):   # "밥 전화 한 시간 전에": the amount is the last one to three words
        words = m["said"].split()
        for n in (3, 2, 1):
            if len(words) >= n and (lead := _minutes(" ".join(words[-n:]))):
                name = re.sub(r"(?:은|는|을|를|도)$", "", " ".join(words[:-n]))
                return RemindAsk(name=_name(name), lead_minutes=lead)
    if m := _EN_TIME_IT.fullmatch(cleaned) or _EN_IT_TIME.fullmatch(cleaned):
        return RemindAsk(time_words=m["time"], deed=m["deed"])
    if m := _EN_AT.fullmatch(cleaned):
        return RemindAsk(name=_name(m["x"]), time_words=m["time"])
    if m := _EN_AGAIN.fullmatch(cleaned):
        return RemindAsk(time_words=m["time"])
    if m := _KO_NONE.fullmatch(cleaned):
        return RemindAsk(name=_name(m["x"]), none=True)
    return None


# "remind me the day before", "the night before", "the morning before" (the fiftieth session: to the model, "I'm sorry
# for your loss"): a day ahead; the part of that day, when said, is its hour (`desk`)
_EN_DAY_BEFORE = re.compile(r"(?:the|a)\s+(?P<part>day|night|evening|morning|afternoon)")


# "remind me the morning of", "remind me that morning", "remind me on the day of the exam" (the fifty-first session:
# "Sorry, I don't have an answer to that."): that part of the due's own day
_EN_DAY_OF = re.compile(_LEAD + r"(?:remind|warn|ping|tell)\s+me\s+(?:again\s+)?(?:on\s+)?(?:(?:the|that)\s+(?P<part>day|morning|afternoon|"
                        r"evening|night)\s+of(?:\s+(?:it|that|(?:(?:the|my)\s+)?(?P<x>.+?)))?|that\s+(?P<part2>day|morning|afternoon|evening|night))")


# "remind me two hours before the flight to leave for the airport" (the fifty-sixth session's traveller: asked "When
# should I remind you?", the flight's time known): the deed after the promise named is one of its own, due that long
# before it
_THEN_DEED = re.compile(r"(?P<x>[\w' -]{2,60}?)\s+to\s+(?P<deed>(?!be\b|do\s+it\b)[a-z]+(?:\s+[\w'-]+){0,6})")


# "check in opens 24 hours before remind me", "boarding starts 40 minutes before the flight, remind me" (the fifty-sixth
# session: SmolLM2's "I'm sorry for your loss"): that deed, due that long before the promise named or in focus
_EN_OPENS_BEFORE = re.compile(r"(?:(?:and|oh|ok|okay|so|um+|uh+),?\s+)*(?:the\s+)?(?P<deed>online\s+check[\s-]?in|check[\s-]?in|boarding|"
                              r"registration|sign[\s-]?up|early\s+bird)\s+(?:opens|starts|begins|closes|ends)\s+"
                              r"(?P<amount>[\w -]{1,30}?)\s+(?:before|ahead)(?:\s+(?:(?:the|my)\s+)?(?P<x>[\w' -]{1,60}?))?"
                              r",?\s+(?:so\s+|please\s+)?remind\s+me(?:\s+(?:then|please))?")


def day_before_part(amount: str) -> str | None:
    """"the night before": "night"; "the day before": "" (the due's own hour); None for any other amount."""
    m = _EN_DAY_BEFORE.fullmatch(amount.strip())
    if m is None:
        return None
    return "" if m["part"] == "day" else m["part"]


def _minutes(amount: str) -> int | None:
    if day_before_part(amount) is not None:
        return 1440
    shift = bare_amount(amount.strip())
    if shift is None:
        return None
    minutes = shift.minutes + shift.days * 1440
    return minutes if 0 < minutes <= 14 * 1440 else None


def _name(words: str | None) -> str:
    words = (words or "").strip(" ,")
    return "" if words in ("", "it", "that", "this", "this one", "that one", "그거", "그건", "이거") else words


# "remind me", "set a reminder", "remind me tomorrow", "add a to-do", "알림 설정해 줘": a reminder asked for with nothing
# to remind of (the forty-fifth session: to the model, which said it set one). The desk asks what, and the answer
# ("to call Bob", "call Mom at 5") is kept as "remind me to …" with the time said first.
_EN_WHAT = re.compile(_LEAD + r"(?:(?:can|could|would)\s+you\s+)?(?:(?:set|create|add|make|give\s+me|new)\s+(?:me\s+)?"
                      r"(?:a\s+|an\s+)?(?:new\s+)?(?:reminder|to-?do|task)(?:\s+for\s+me)?|remind\s+me(?:\s+of\s+something)?|"
                      r"add\s+something\s+to\s+(?:my|the)\s+(?:agenda|list|to-?do\s+list))"
                      r"(?P<time>(?:\s+(?:for\s+|at\s+|on\s+|in\s+)?(?:tomorrow|tonight|today|later|this\s+\w+|next\s+\w+|"
                      r"\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|\w+day))*)(?:\s+please)?")
# (each time word's spaces in one place: "\s*(?:에)?\s*" split a space two ways, exponential in the words said; pass 49:
# "내일 " 30 times held the daemon, GIL and all, for minutes)
_KO_WHAT = re.compile(r"(?P<time>(?:(?:내일|오늘|모레|이따가?|저녁|아침|오전|오후|\d{1,2}시(?:\s*\d{1,2}분)?|[월화수목금토일]요일)(?:\s*에)?\s*)*)"
                      r"(?:알림|리마인더|할\s*일)\s*(?:하나\s*)?(?:좀\s*)?(?:설정해|맞춰|추가해|만들어|등록해)\s*(?:줘|주세요|줄래)")


def reminder_without_what(cleaned: str) -> str | None:
    """The time words of a reminder asked for with nothing to remind of ("remind me tomorrow": "tomorrow"; "set a
    reminder": ""), or None when it is not one."""
    m = _EN_WHAT.fullmatch(cleaned) or (_KO_WHAT.fullmatch(cleaned) if re.search(r"[가-힣]", cleaned) else None)
    return None if m is None else " ".join((m["time"] or "").split())


def reminder_with_what(time_words: str, answer: str) -> str:
    """The answer to "What should I remind you about?" said as the whole ask: ("tomorrow", "to call Bob") -> "remind
    me to call Bob tomorrow"; ("내일", "엄마한테 전화하기") -> "내일 엄마한테 전화하기 알려 줘"."""
    answer = answer.strip().rstrip(".!")
    if re.search(r"[가-힣]", answer):
        return " ".join(part for part in (time_words, answer, "알려 줘") if part)
    answer = re.sub(r"^(?:(?:remind\s+me\s+)?to|about|that\s+i\s+(?:need|have)\s+to)\s+", "", answer, flags=re.IGNORECASE)
    time_words = re.sub(r"^for\s+", "", re.sub(r"^for\s+(?=\d)", "at ", time_words))   # "a reminder for 3pm"
    return " ".join(part for part in ("remind me to", answer, time_words) if part)


# A reminder said or typed as a note: "reminder: call mom at 5pm", "Reminder, the dentist at 3", "reminder to call the vet
# tomorrow at 9", "알림: 3시 회의", "알림 1분 뒤에 빨래 널기" (the sixty-second session: the English to SmolLM2, the Korean
# kept as "알림 빨래 널기" with no reminder). The Korean only with a time and no ask of its own ("알림 꺼 줘", "알림 하지 마",
# "알림 몇 개야" are about reminders, not one).
_EN_NOTE = re.compile(r"(?:a\s+)?reminder(?P<mark>\s*[:,\-–]\s*(?:to\s+)?|\s+to\s+|\s+)(?P<x>\S.*)", re.IGNORECASE)


# (a dash is a separator as in English: "알림 - 5분 뒤에 빨래" kept "- 빨래"; the Hangul or digit looked for ahead, once:
# "[^?？]*[가-힣0-9][^?？]*" tried every split of a 4,000-character note ending in "?", 1.1 s; pass 63)
_KO_NOTE = re.compile(r"(?:알림|리마인더)(?:\s*[:,\-–]\s*|\s+)(?P<x>(?=[^?？]*[가-힣0-9])[^?？]+)")


_KO_NOTE_ASK = re.compile(r"(?:줘|주세요|마|말아|몇|뭐|언제|꺼|끄|켜|해|하지|있어|있나|없어|[?？])\W*$|(?:꺼|끄|켜|몇|뭐)\b")


def reminder_note(text: str) -> str:
    """`text` as the reminder it notes ("reminder: X" as "remind me to X", "알림: X" as "X 알려 줘"), else as said."""
    if (m := _EN_NOTE.fullmatch(text.strip())) is not None:
        rest = m["x"].strip()
        verb = rest.split(" ", 1)[0].casefold() in EN_BASE_VERBS
        if verb or m["mark"].strip():   # "reminder call the vet at 9"; not "reminder was useful"
            return f"remind me {'to' if verb else 'about'} {rest}"
    if (m := _KO_NOTE.fullmatch(text.strip())) is not None and time_spans(m["x"]) and not _KO_NOTE_ASK.search(m["x"]):
        return f"{m['x'].strip().rstrip('.')} 알려 줘"
    return text
