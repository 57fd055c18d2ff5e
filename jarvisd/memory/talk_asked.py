"""What was talked about, asked back: "what did we talk about yesterday?", "what did I ask you this morning?",
"어제 무슨 얘기 했지?". Pure: the span the question names, and the answer said from the turns kept in it.

Before (the forty-sixth session) this went to the model: on the offline default SmolLM2 answered "what did we talk
about yesterday?" with "We talked about the latest news and updates.", a memory made up. Every turn is kept as an
episode with its time (`MemoryService.record_turn`), so the answer is read from them: the user's own words, the
latest few, and how many more. A span with no turn says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from jarvisd.textsafe import plain_words

SAID_TURNS = 3        # the user's words read back, the latest first
SAID_CHARS = 60       # of each, cut at a word
_EN_SPANS = {"yesterday": "yesterday", "last night": "yesterday", "today": "today", "this morning": "today",
             "earlier": "today", "earlier today": "today", "this week": "week", "last week": "last_week"}
_KO_SPANS = {"어제": "yesterday", "어젯밤": "yesterday", "오늘": "today", "아까": "today", "오늘 아침": "today",
             "이번 주": "week", "이번주": "week", "지난주": "last_week", "지난 주": "last_week"}
_EN_WHEN = "|".join(sorted((re.escape(k) for k in _EN_SPANS), key=len, reverse=True))
_KO_WHEN = "|".join(sorted((re.escape(k) for k in _KO_SPANS), key=len, reverse=True))
_EN = re.compile(
    r"(?:(?:so|and|hey|jarvis|ok|okay|um|uh)[\s,]+)*"
    r"(?:what\s+(?:did|have)\s+(?:we|i|you\s+and\s+i)\s+(?:talk(?:ed)?|chat(?:ted)?|speak|spoke|discuss(?:ed)?)(?:\s+about)?"
    r"|what\s+were\s+we\s+(?:talking|chatting)\s+about|what\s+did\s+i\s+(?:ask|tell)\s+you(?:\s+about)?"
    r"|do\s+you\s+remember\s+what\s+we\s+(?:talked|chatted)\s+about)"
    rf"\s+(?P<when>{_EN_WHEN})(?:\s+about)?", re.IGNORECASE)
_KO = re.compile(rf"(?P<when>{_KO_WHEN})\s*(?:우리\s*|나랑\s*|내가\s*)?(?:무슨|뭔|어떤)?\s*(?:얘기|이야기|대화|말)(?:를|을)?\s*"
                 r"(?:했|나눴|했었)(?:지|어|더라|었지|었더라|나|니|어요|죠|는지)?|"
                 rf"(?P<when2>{_KO_WHEN})\s*(?:내가\s*)?(?:뭐|뭘|무엇을)\s*(?:물어봤|물었|얘기했|말했)(?:지|어|더라|었지|나|니)?")


@dataclass(frozen=True)
class TalkAsked:
    since: date
    until: date      # inclusive
    span: str        # "yesterday", "today", "week", "last_week"
    lang: str


def talk_asked(text: str, today: date) -> TalkAsked | None:
    """The span "what did we talk about yesterday?" asks of, or None."""
    said = " ".join(plain_words(text).replace("\u2019", "'").split()).rstrip(" .!?？~")
    if (m := _EN.fullmatch(said)) is not None:
        span, lang = _EN_SPANS[m["when"].lower()], "en"
    elif (m := _KO.fullmatch(said)) is not None:
        span, lang = _KO_SPANS[m["when"] or m["when2"]], "ko"
    else:
        return None
    monday = today - timedelta(days=today.weekday())
    since, until = {"yesterday": (today - timedelta(days=1),) * 2, "today": (today, today),
                    "week": (monday, today), "last_week": (monday - timedelta(days=7), monday - timedelta(days=1))}[span]
    return TalkAsked(since, until, span, lang)


def _short(text: str) -> str:
    text = " ".join(text.split()).rstrip(" .!?")
    return text if len(text) <= SAID_CHARS else text[:SAID_CHARS].rsplit(" ", 1)[0] + " …"


def talk_said(asked: TalkAsked, utterances: Sequence[str]) -> str:
    """The answer from the user's words in the span (newest first): "Yesterday you asked me: "…"; "…"; and 4 more."."""
    said = []
    for text in utterances:
        if len(text.split()) < 2 or talk_asked(text, asked.since) is not None:
            continue   # "thanks", "ok", and the question itself asked before
        if (short := _short(text)) not in said:
            said.append(short)
    when_en = {"yesterday": "yesterday", "today": "today", "week": "this week", "last_week": "last week"}[asked.span]
    when_ko = {"yesterday": "어제", "today": "오늘", "week": "이번 주", "last_week": "지난주"}[asked.span]
    if not said:
        return f"{when_ko}는 나눈 이야기가 없어요." if asked.lang == "ko" else f"We didn't talk {when_en}."
    shown, more = said[:SAID_TURNS], len(said) - SAID_TURNS
    if asked.lang == "ko":
        return f"{when_ko} 하신 말씀: " + "; ".join(f"“{s}”" for s in shown) + (f"; 그 밖에 {more}개 더." if more > 0 else ".")
    quoted = [f"“{s}”" for s in shown]
    listed = quoted[0] if len(quoted) == 1 else "; ".join(quoted[:-1]) + ("; " if more > 0 else "; and ") + quoted[-1]
    return f"{when_en[:1].upper()}{when_en[1:]} you said: {listed}" + (f"; and {more} more." if more > 0 else ".")
