"""A spoken answer is one or two sentences unless the user asks for more.

A long answer is read, not heard: 13-23 s answers were still playing when the next question came in
the daemon runs. `SpokenBudget` passes the first `limit` sentences of a streamed answer and keeps the
rest, which "tell me more" / "계속해 줘" speaks next. The HUD's transcript keeps the whole answer.

The user's own sentence said back by the model never reaches it: the assistant drops it
(`agent.repeats.ParrotDrop`), for the HUD and the voice alike.
"""

from __future__ import annotations

import re

from jarvisd.sentences import SentenceSplitter

_MORE = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|yes|yeah|and|so|please)[\s,]+)*(?:tell me more|go on|keep going|continue|more|what else"
    r"|and then|say more|more please|(?:더|좀 더|조금 더)\s*(?:말해|알려|얘기해)\s*(?:줘|주세요|줄래)?|계속(?:해)?\s*(?:줘|주세요)?"
    r"|그래서(?:요)?)\s*[.!?]*\s*$", re.IGNORECASE)


def asks_for_more(text: str) -> bool:
    """"Tell me more", "go on", "계속해 줘": the rest of the last answer, not a new question."""
    return _MORE.match(text) is not None


class SpokenBudget:
    """Feed an answer's deltas; `feed`/`end` return what is spoken, `rest` what was kept back."""

    def __init__(self, limit: int) -> None:
        self.limit = limit  # 0: no limit
        self._splitter = SentenceSplitter()
        self._spoken = 0
        self.rest: list[str] = []

    def feed(self, delta: str) -> str:
        if self.limit <= 0:
            return delta
        return self._take(self._splitter.feed(delta))

    def end(self) -> str:
        return "" if self.limit <= 0 else self._take(self._splitter.flush())

    def _take(self, sentences: list[str]) -> str:
        said = []
        for sentence in sentences:
            if self.limit <= 0 or self._spoken < self.limit:
                said.append(sentence)
                self._spoken += 1
            else:
                self.rest.append(sentence)
        return " ".join(said) + " " if said else ""
