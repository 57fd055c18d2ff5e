"""A small model talks in circles ("I'm sorry, I'm unable to help you with that. I'm sorry, I'm unable
to help you with that. ..."): 45-60 s of speech in the 20-turn daemon run with SmolLM2. The answer is cut
where it starts to repeat itself: a sentence already said in this answer, or a run of words said three
times. Pure: text in, the part worth saying out."""

from __future__ import annotations

import re
from collections.abc import Iterable

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
_WORD = re.compile(r"\w+")
RUN_WORDS = 4   # a run of this many words ...
RUN_TIMES = 3   # ... said this many times is a loop


def _key(sentence: str) -> str:
    return " ".join(_WORD.findall(sentence.lower()))


class RepeatCut:
    """Feed an answer's deltas; `feed` returns what may be said, and `cut` turns True once the answer
    repeats itself (what follows is not said; the caller stops the model). `before`: the assistant's
    recent answers, whose sentences count as said (a small model copies an earlier answer word for word:
    "The capital of France is Paris" again, to "No, Thursday")."""

    def __init__(self, before: Iterable[str] = ()) -> None:
        self._text = ""
        self._said = 0       # characters of _text passed on
        self._start = 0      # where the sentence being written starts
        self._seen: set[str] = {key for text in before for m in _SENTENCE.finditer(text) if (key := _key(m.group(0)))}
        self.cut = False

    def feed(self, delta: str) -> str:
        if self.cut:
            return ""
        self._text += delta
        end = self._said
        for m in _SENTENCE.finditer(self._text, self._start):
            key = _key(m.group(0))
            complete = m.group(0).rstrip()[-1:] in ".!?。！？" or m.end() < len(self._text)
            if (complete and key and key in self._seen) or _loops(self._text[:m.end()]):
                self.cut = True
                break
            if complete:
                self._seen.add(key)
                self._start = m.end()
            elif key and any(seen.startswith(key) for seen in self._seen):
                break  # it may be a sentence said before: hold it until it tells
            end = max(end, m.end())
        out, self._said = self._text[self._said:end], end
        return out


_SYMBOL_RUN = re.compile(r"(\S{1,4})(?:\s*\1){7,}\s*$")  # "🎉🎉🎉🎉🎉🎉🎉🎉", "!!!!!!!!"


def _loops(text: str) -> bool:
    if _SYMBOL_RUN.search(text):
        return True
    words = _WORD.findall(text.lower())
    if len(words) < RUN_WORDS * RUN_TIMES:
        return False
    tail = tuple(words[-RUN_WORDS:])
    count = sum(1 for i in range(len(words) - RUN_WORDS + 1) if tuple(words[i:i + RUN_WORDS]) == tail)
    return count >= RUN_TIMES
