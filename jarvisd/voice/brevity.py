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
    """Feed an answer's deltas; `feed`/`end` return what is spoken, `rest` what was kept back.

    The sentences within the budget pass as they stream, word by word: only the end of the `limit`-th sentence is
    looked for (and what follows it in the same delta kept back). Holding each sentence to its end mark held
    SmolLM2's first sentence until the model had written all of it (20-31 tokens, 0.5-1.1 s in daemon run 84), so
    the voice's first piece could not start at its comma or clause word (docs/voice.md, "The slow turns")."""

    def __init__(self, limit: int) -> None:
        self.limit = limit  # 0: no limit
        self._splitter = SentenceSplitter()
        self._spoken = 0
        self._pending = ""  # what came after the last sentence that ended within the budget
        self._passed = 0    # how much of it was passed on
        self.rest: list[str] = []

    def feed(self, delta: str) -> str:
        if self.limit <= 0:
            return delta
        if self._spoken >= self.limit:
            self.rest.extend(self._splitter.feed(delta))
            return ""
        self._pending += delta
        pos, said = 0, None
        for sentence in self._splitter.feed(delta):
            if self._spoken >= self.limit:
                self.rest.append(sentence)
                continue
            found = self._pending.find(sentence, pos)
            pos = len(self._pending) if found < 0 else found + len(sentence)
            self._spoken += 1
            if self._spoken == self.limit:  # the budget's last sentence: up to its end, and a space to close it
                said = self._pending[self._passed:pos] + " "
        if said is not None:
            self._pending, self._passed = "", 0
            return said
        said = self._pending[self._passed:]
        self._pending, self._passed = self._pending[pos:], len(self._pending) - pos
        return said

    def end(self) -> str:
        if self.limit <= 0:
            return ""
        said = ""
        for sentence in self._splitter.flush():
            if self._spoken < self.limit:
                self._spoken += 1
                said = self._pending[self._passed:]
            else:
                self.rest.append(sentence)
        self._pending, self._passed = "", 0
        return said
