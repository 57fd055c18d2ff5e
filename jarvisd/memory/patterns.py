"""Task patterns (procedural memory): how the user wants a kind of request done, per agent.

Pure rules: the natural key, the text an item carries, keyword hits against a request, and the cue
words after which the memory block reminds the model that it can save a pattern.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.memory.query_words import normalise

SAVE_CUES = ("기억해", "앞으로", "다음부터", "이 방식", "from now on", "next time", "remember this")
MAX_PATTERNS = 2


@dataclass(frozen=True)
class TaskPattern:
    name: str
    when: str
    steps: str
    keywords: tuple[str, ...]

    def content(self) -> str:
        return f"{self.name}: {self.when} -> {self.steps}"


def wants_pattern_note(utterance: str) -> bool:
    text = normalise(utterance)
    return any(cue in text for cue in SAVE_CUES)


def pattern_hits(keywords: Sequence[str], request: str) -> int:
    """How many of a pattern's keywords occur in the request (substring, so particles do not matter)."""
    text = normalise(request)
    return sum(1 for k in {normalise(k) for k in keywords} if k and k in text)
