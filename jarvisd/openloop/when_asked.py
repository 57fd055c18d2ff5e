"""When one promise is due, asked: "what time is the call?", "when is the email due?", "is the call still on?",
"전화 몇 시였지?", "보고서 언제까지야?". Pure: the words naming the promise, or None.

Before (the forty-second session) these went to the model, and the embedded 135M model answers a time it makes up.
The desk answers from the agenda when the words name an open promise ("call Bob is tomorrow at 3 PM."), and leaves
the question to the model when they name none ("when is Christmas?", "what time is it?").
"""

from __future__ import annotations

import re

from jarvisd.openloop.hangul import RIEUL, final

_EN = [re.compile(p) for p in (
    r"(?:so\s+|and\s+|remind\s+me\s+)?when(?:'s|\s+is|\s+was|\s+are|\s+were)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)"
    r"(?:\s+(?:due|happening|supposed\s+to\s+be|again|set\s+for|scheduled(?:\s+for)?"
    # "when is the plumber coming?" (the fifty-first session: to the model)
    r"|coming(?:\s+(?:over|by|round|around|in))?|arriving|getting\s+here|stopping\s+by|dropping\s+by))*",
    r"(?:so\s+|and\s+)?what\s+time(?:'s|\s+is|\s+was)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)(?:\s+(?:again|at|set\s+for))*",
    # ("what time do I need to leave for the airport?": the fifty-sixth session, SmolLM2's "use the following formula")
    r"(?:so\s+|and\s+)?(?:when|what\s+time)\s+(?:do|did|should|must)\s+i\s+(?:need\s+to\s+|have\s+to\s+|have\s+got\s+to\s+|say\s+i'd\s+)?"
    r"(?P<x>.+?)(?:\s+(?:by|again))*",
    r"(?:so\s+|and\s+)?(?:is|are)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)\s+still\s+(?:on|happening|due)(?:\s+for\s+\w+)?",
    # "when am I going to Busan?", "what about the vet?", "how about the vet, when is that?" (the fiftieth session: to
    # the model, "Busan is a destination, not a place", and the question said back)
    r"(?:so\s+|and\s+)?when\s+(?:am|are)\s+(?:i|we)\s+(?:going|supposed|meant|scheduled|due)\s+to\s+(?P<x>.+?)",
    # "when am I emailing Mrs. Lopez?" (the fifty-first session: SmolLM2, "I'm unable to access your email")
    r"(?:so\s+|and\s+)?when\s+(?:am|are)\s+(?:i|we)\s+(?P<x>(?!going\b)[a-z]{3,}ing\s+.+?)",
    r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:what|how)\s+about\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)"
    r"(?:\s*(?:,\s*)?when(?:'s|\s+is|\s+was)\s+(?:that|it)(?:\s+(?:due|again))?)?",
    r"(?:so\s+|and\s+)?by\s+when\s+(?:do|should|must)\s+i\s+(?P<x>.+?)",
    r"(?:so\s+|and\s+)?(?:when|what\s+time)\s+(?:does|will|is)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)\s+"
    r"(?:go(?:ing)?\s+off|ring(?:ing)?|end(?:ing)?|finish(?:ing)?|be\s+(?:done|over)"
    # "when does my flight leave?", "what time does the one on one start?" (the fifty-sixth session: SmolLM2 made up a
    # flight from Tokyo at 12:00 AM)
    r"|leave|depart|take\s+off|land|start|begin|board|open)",
    # "when do the movers come?" (the fifty-ninth session: SmolLM2's "a team of robots"): a visit asked by its coming
    r"(?:so\s+|and\s+)?(?:when|what\s+time)\s+(?:do|does|will|are|is)\s+(?:the\s+|my\s+|our\s+)?(?P<x>[\w'-]+(?:\s+[\w'-]+)?)\s+"
    r"(?:come|coming|arrive|arriving|get\s+here|show\s+up"
    # "when do the bins go out?", "when does the trash get picked up?" (the sixtieth session: SmolLM2, "The bins are no
    # longer available to the public"): a thing asked by where it goes
    r"|go(?:es)?\s+(?:out|back|in)|gets?\s+(?:picked\s+up|collected|taken\s+out))(?:\s+(?:over|by|round|around|in|again))?",
    # "what's my next alarm?", "when does my license need renewing?", "when do the tickets have to be booked?" (the
    # forty-seventh session: both to the model, "I'm sorry for your loss" and a paragraph on business licenses)
    r"(?:so\s+|and\s+)?what(?:'s|\s+is)\s+(?:my|the)\s+(?P<x>next\s+(?:alarm|timer|wake-?up(?:\s+alarm)?|reminder))(?:\s+set\s+for)?",
    r"(?:so\s+|and\s+)?(?:when|by\s+when)\s+(?:does|do|will)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)\s+(?:need|have)\s+"
    r"(?:to\s+be\s+)?[a-z]+(?:ing|ed)(?:\s+by)?",
    # "when do the library books need to go back?" (the fifty-first session: SmolLM2, "before the next day")
    r"(?:so\s+|and\s+)?(?:when|by\s+when)\s+(?:does|do|will)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)\s+(?:need|have)\s+"
    r"to\s+(?:go|get|be)\s+(?:back|in|out|done|sent|paid|returned|submitted|renewed)(?:\s+by)?",
    # "where is the invoice due?" (daemon run 70: Whisper base heard "when" as "where"; SmolLM2 said the invoice was
    # "stored on a server"); only with "due": "where is my passport?" is memory's question
    r"(?:so\s+|and\s+)?where(?:'s|\s+is|\s+are)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)\s+(?:due|supposed\s+to\s+be\s+done"
    r"|coming|arriving)",   # "where is the plumber coming?" (daemon run 76: SmolLM2 put him in New York)
    # "when will you remind me about the tires?" (the forty-seventh session: "I'm not equipped to remind you of your tires")
    r"(?:so\s+|and\s+)?when\s+(?:will|are|do)\s+you\s+(?:going\s+to\s+)?remind\s+me\s+(?:about|of|to)\s+(?:the\s+|my\s+)?(?P<x>.+?)",
)]
# "how long until the call?", "how much time is left on the timer?", "타이머 얼마나 남았어?": the time left to a due
_EN_LEFT = [re.compile(p) for p in (
    r"(?:so\s+|and\s+)?how\s+(?:long|much\s+time)\s+(?:is\s+)?(?:left\s+)?(?:until|till|til|before|to)\s+"
    r"(?:the\s+|my\s+|our\s+)?(?P<x>.+?)(?:\s+(?:goes\s+off|is\s+due|starts|ends|rings|is\s+done))?",
    r"(?:so\s+|and\s+)?how\s+(?:much\s+time|long)\s+(?:is\s+|do\s+i\s+have\s+|have\s+i\s+got\s+)?(?:left\s+)?"
    r"(?:on|for|until|till|before)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)",
    # "how many days until the insurance is due?", "how many days do I have for the insurance", "how long do I have to
    # renew the insurance" (the fiftieth session: to the model, "The insurance company will issue a refund …"); a day
    # of the calendar ("how many days until Christmas") names no promise and goes on to the calendar
    r"(?:so\s+|and\s+)?how\s+many\s+(?:days|hours|weeks|minutes)\s+(?:are\s+(?:there\s+)?|do\s+i\s+have\s+|have\s+i\s+got\s+)?"
    r"(?:left\s+)?(?:until|till|til|before|to|for)\s+(?:the\s+|my\s+|our\s+)?(?P<x>.+?)"
    r"(?:\s+(?:is\s+due|are\s+due|starts|ends|is\s+done))?",
    r"(?:so\s+|and\s+)?how\s+(?:long|much\s+time|many\s+days)\s+do\s+i\s+(?:still\s+)?have\s+(?:left\s+)?to\s+(?P<x>.+?)",
)]
# "중간고사 며칠 남았어?", "중간고사 D-day 며칠 남았어?" (the fifty-seventh session: read as "is it done yet?")
_KO_LEFT = re.compile(r"(?P<x>.+?)\s*(?:은|는|이|가|까지)?\s*(?:(?:d|디)\s*-?\s*(?:day|데이)\s*)?"
                      r"(?:얼마나?|몇\s*분|몇\s*시간|시간\s*얼마나|며칠|몇\s*일)\s*(?:이나\s*|나\s*)?"
                      r"남았(?:어|어요|지|니|나요|죠|을까|더라|지\s*요)?")
# "지난번에 주문한 컵 언제 온다고 했지?", "종이컵 언제 와?" (the sixtieth session: to SmolLM2): an arrival asked
# "당뇨 검사 몇 월 며칠이었지?" (the sixty-fourth session: the sentence said back): the date asked
_KO = re.compile(r"(?:(?:지난번에|저번에|아까)\s*)?(?:(?:주문한|시킨)\s+)?(?P<x>.+?)\s*(?:은|는|이|가)?\s*"
                 r"(?:언제|몇\s*시|몇\s*월\s*(?:며칠|몇\s*일)|며칠|무슨\s*요일)\s*(?:에|까지)?\s*"
                 r"(?:(?:와|와요|온대|온다고\s*했(?:지|더라|죠|어)|도착해|도착한대|도착한다고\s*했(?:지|더라|죠|어))$)?"
                 r"(?:야|였지|였더라|더라|지|였어|이야|예요|에요|였죠|죠|인지|였나|이었지|해야\s*(?:돼|하지|했지|하더라)|"
                 # "화학 시험 언제라고 했지?" (the sixty-first session: to SmolLM2): the day told, asked back
                 r"(?:이)?라고\s*했(?:지요|지|더라|죠|었지|잖아|나요)|"
                 # "집주인 연락 언제로 했지?" (the sixty-third session: to SmolLM2): the day it was moved to, asked back
                 r"(?:으로|로)\s*(?:했|바꿨|미뤘|옮겼|잡았|정했)(?:지|더라|죠|었지|었더라|어|나)?(?:\s*요)?|"
                 # "선물 언제까지 사야 되지?", "보고서 언제까지 내야 하더라?": the deed's own verb (the fifty-fifth session)
                 r"[가-힣]{1,3}야\s*(?:돼|되지|되더라|됐지|됐더라|하지|하더라|했지|했더라|해)|"
                 r"(?:울려|울리지|울려요|울리니|끝나|끝나지|끝나요|끝나니)(?:\s*요)?)?")
_NOT_A_PROMISE = frozenset("it that this now today tomorrow sunset sunrise christmas "
                           "the weekend the holiday 지금 오늘 내일".split())


# "how much time is left?", "how much longer?", "얼마나 남았어?" with nothing named: the timer's (the forty-seventh
# session: with a 90-second timer running, SmolLM2 said it cannot "access real-time data")
_EN_BARE_LEFT = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:how\s+(?:much\s+(?:time|longer)|long)\s+(?:is\s+|do\s+i\s+have\s+|"
                           r"have\s+i\s+got\s+|is\s+there\s+)?(?:left|remaining|to\s+go)|how\s+much\s+longer|time\s+left)(?:\s+now)?")
_KO_BARE_LEFT = re.compile(r"(?:이제\s*|아직\s*)?(?:얼마나?|몇\s*분|시간\s*얼마나)\s*남았(?:어|어요|지|니|나요|죠)")


def bare_time_left(cleaned: str) -> bool:
    """"How much time is left?" with no promise named (the desk asks the running timer)."""
    text = cleaned.rstrip("?？ ")
    return _EN_BARE_LEFT.fullmatch(text) is not None or _KO_BARE_LEFT.fullmatch(text) is not None


# "when do I work next?", "when am I working again?" (the fifty-seventh session's nurse: SmolLM2, "I'm currently working on a
# project"): the next shift
_WORK_NEXT = re.compile(r"(?:so\s+|and\s+|um+\s+|uh+\s+)?when\s+(?:do|am)\s+i\s+(?:work|working|on(?:\s+shift)?)"
                        r"(?:\s+(?:next|again))?(?:\s+this\s+week)?")


# "다음 약 먹을 시간이 언제예요?" (the sixty-third session: to SmolLM2): the time of a deed, its verb before 시간
_KO_TIME_OF = re.compile(r"(?:다음\s*(?:번\s*)?|이번\s*)?(?P<x>[^?？]{1,40}?)\s+(?P<v>[가-힣]{1,3})\s*시간\s*(?:이|은)?\s*언제"
                         r"(?:예요|에요|야|지|죠|인가요|더라|였지|였더라|일까|야\s*요)?")


def asked_when(cleaned: str) -> str | None:
    """The words of a question about one promise's due (`cleaned`: lower case, no closing punctuation), or None."""
    if _WORK_NEXT.fullmatch(cleaned.rstrip("?？ ")):
        return "next shift"
    if (m := _KO_TIME_OF.fullmatch(cleaned.rstrip("?？ "))) and final(m["v"][-1]) == RIEUL:
        verb = m["v"]   # "먹을" -> 먹기, "할" -> 하기: the deed, so "약" is not "정형외과 예약"
        stem = verb[:-1] if verb.endswith(("을", "를")) and len(verb) > 1 else verb[:-1] + chr(ord(verb[-1]) - RIEUL)
        return _named(f"{m['x']} {stem}기")
    return _asked(cleaned, _EN, _KO)


# "and the flowers?" right after another promise's due was asked or changed (the sixty-second session's family: SmolLM2,
# "The flowers!"): a thing named alone after "and", asked by the mark (the words are cleaned of it; without it "and the
# bread" may go on a list)
_EN_AND_THE = re.compile(r"\s*(?:and|so|what\s+of)\s+(?:the|my|our)\s+(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,2})\s*[?？]\s*",
                         re.IGNORECASE)


def asked_and_the(text: str) -> str | None:
    """The thing of "and the flowers?" (`text` as said, its question mark kept), or None."""
    return _named(m["x"].casefold()) if (m := _EN_AND_THE.fullmatch(text)) is not None else None


# "진통제 언제 먹었지?", "물리치료 언제 다녀왔더라?" (the sixty-first session: an empty reply from SmolLM2): when a
# promise was last done, from the agenda's done ones
_KO_DONE_WHEN = re.compile(r"(?P<x>[^?？]{1,60}?)\s*(?:은|는|을|를)?\s*(?:마지막으로\s*|제일\s*최근에\s*)?언제\s*"
                           r"(?:먹었|했|갔|다녀왔|갔다\s*왔|냈|보냈|바꿨|갈았|맞았|받았)(?:지|더라|었지|었더라|어|나|니|죠)?")


def asked_when_done(cleaned: str) -> str | None:
    """The words of a Korean question about when a promise was last done, or None."""
    text = cleaned.rstrip("?？ ")
    return _named(m["x"]) if (m := _KO_DONE_WHEN.fullmatch(text)) is not None else None


def asked_time_left(cleaned: str) -> str | None:
    """The words of a question about the time left to one promise's due, or None."""
    return _asked(cleaned, _EN_LEFT, _KO_LEFT)


def _asked(cleaned: str, english: list[re.Pattern[str]], korean: re.Pattern[str]) -> str | None:
    text = cleaned.rstrip("?？ ")
    for pattern in english:
        if m := pattern.fullmatch(text):
            return _named(m["x"])
    if not text.isascii() and (m := korean.fullmatch(text)):
        return _named(m["x"])
    return None


def _named(words: str) -> str | None:
    words = words.strip(" ,")
    return words if words and words not in _NOT_A_PROMISE and len(words) <= 80 else None
