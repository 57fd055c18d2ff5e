"""A spoken answer is one or two sentences unless the user asks for more, and never the user's own words.

A long answer is read, not heard: 13-23 s answers were still playing when the next question came in
the daemon runs. `SpokenBudget` passes the first `limit` sentences of a streamed answer and keeps the
rest, which "tell me more" / "계속해 줘" speaks next. The HUD's transcript keeps the whole answer.

A small model sometimes answers with the user's sentence itself (SmolLM2-135M said "Good morning
Jarvis." to "Good morning Jarvis." in daemon run 10): a sentence that says the heard utterance again,
word for word, is not spoken (`parrots`); when nothing else is left the turn says it has no answer.
"""

from __future__ import annotations

import re

from jarvisd.voice.sentences import SentenceSplitter

_MORE = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|yes|yeah|and|so|please)[\s,]+)*(?:tell me more|go on|keep going|continue|more|what else"
    r"|and then|say more|more please|(?:더|좀 더|조금 더)\s*(?:말해|알려|얘기해)\s*(?:줘|주세요|줄래)?|계속(?:해)?\s*(?:줘|주세요)?"
    r"|그래서(?:요)?)\s*[.!?]*\s*$", re.IGNORECASE)


def asks_for_more(text: str) -> bool:
    """"Tell me more", "go on", "계속해 줘": the rest of the last answer, not a new question."""
    return _MORE.match(text) is not None


_WORD = re.compile(r"\w+")
PARROT_MIN_WORDS = 3          # "Good morning." back to "good morning" is a greeting, not a parrot


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def parrots(sentence: str, heard: str) -> bool:
    """The sentence is the heard utterance said back, word for word (case and punctuation aside), with
    three words or more: "Good morning Jarvis." to "good morning, Jarvis"."""
    said = _words(sentence)
    return len(said) >= PARROT_MIN_WORDS and said == _words(heard)


NO_ANSWER = {"en": "Sorry, I don't have an answer to that.", "ko": "죄송해요, 그건 답을 모르겠어요."}

# a greeting said back by the model is still owed a greeting (daemon runs 39 and 40: "Good morning Jarvis." to "Good
# morning Jarvis.", spoken as "Sorry, I don't have an answer to that.")
_GREETING = re.compile(r"^\s*(?:(?:hey|hi|hello|good\s+(?P<part>morning|afternoon|evening)|(?P<bare>morning|evening))"
                       r"(?:[\s,]+(?:jarvis|there|again))*|(?P<ko>안녕(?:하세요)?|좋은\s*아침(?:이에요|입니다)?)"
                       r"(?:[\s,]*자비스(?:야)?)?|(?:자비스(?:야)?[\s,]*)(?P<ko2>안녕(?:하세요)?|좋은\s*아침))\s*[.!~]*\s*$",
                       re.IGNORECASE)


def no_answer(heard: str, lang: str) -> str:
    """What a turn says when the model's answer only repeated the user: a greeting for a greeting, else that it has
    no answer."""
    m = _GREETING.match(heard)
    if m is None:
        return NO_ANSWER.get(lang, NO_ANSWER["en"])
    if m["ko"] or m["ko2"]:
        return "좋은 아침이에요!" if "아침" in (m["ko"] or m["ko2"]) else "안녕하세요!"
    part = m["part"] or m["bare"]
    return f"Good {part.lower()}!" if part else "Hello!"


class SpokenBudget:
    """Feed an answer's deltas; `feed`/`end` return what is spoken, `rest` what was kept back. With
    `heard` (the user's utterance) a sentence that only repeats it is dropped (`parrots`)."""

    def __init__(self, limit: int, heard: str = "") -> None:
        self.limit = limit  # 0: no limit
        self.heard = heard
        self._splitter = SentenceSplitter()
        self._spoken = 0
        self.dropped = 0      # sentences not spoken because they repeated the user
        self.rest: list[str] = []

    def feed(self, delta: str) -> str:
        if self.limit <= 0 and not self.heard:
            return delta
        return self._take(self._splitter.feed(delta))

    def end(self) -> str:
        return "" if self.limit <= 0 and not self.heard else self._take(self._splitter.flush())

    @property
    def spoke(self) -> bool:
        return self._spoken > 0

    def _take(self, sentences: list[str]) -> str:
        said = []
        for sentence in sentences:
            if self.heard and parrots(sentence, self.heard):
                self.dropped += 1
            elif self.limit <= 0 or self._spoken < self.limit:
                said.append(sentence)
                self._spoken += 1
            else:
                self.rest.append(sentence)
        return " ".join(said) + " " if said else ""
