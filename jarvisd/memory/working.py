"""Working memory: the session transcript, the window the model sees, and per-session metadata.

The window is the last `stm_turns` turns, cut by turn so a tool call and its result never split;
there is no LLM compaction. Metadata are rehearsal counts (moved onto items at consolidation) and
session notes (at most 50, oldest dropped).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from jarvisd.llm.base import Message

KEEP_TURNS = 64  # turns of a session kept in process (the window needs stm_turns of them)
MAX_NOTES = 50


def split_turns(messages: Sequence[Message]) -> list[list[Message]]:
    """Group a transcript into turns: each user message opens a turn; system messages are dropped."""
    turns: list[list[Message]] = []
    for message in messages:
        if message.role == "system":
            continue
        if message.role == "user" or not turns:
            turns.append([])
        turns[-1].append(message)
    return turns


def window(turns: Sequence[Sequence[Message]], stm_turns: int) -> list[Message]:
    """The last `stm_turns` whole turns, flattened."""
    return [m for turn in turns[-stm_turns:] for m in turn] if stm_turns > 0 else []


@dataclass
class SessionMemory:
    """One session's transcript (canonical history) and its working-memory metadata."""

    turns: list[list[Message]] = field(default_factory=list)
    turn_numbers: list[int] = field(default_factory=list)
    rehearsals: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)
    stored_turns: int = 0  # the highest turn number already in long-term memory when the session opened

    def add_turn(self, number: int, messages: Sequence[Message]) -> None:
        if number in self.turn_numbers:  # a rewritten turn replaces the old one
            self.turns[self.turn_numbers.index(number)] = list(messages)
            return
        self.turns.append(list(messages))
        self.turn_numbers.append(number)
        if len(self.turns) > KEEP_TURNS:  # a resident daemon's session lasts weeks: keep a bounded tail
            dropped = self.turn_numbers[:-KEEP_TURNS]
            del self.turns[:-KEEP_TURNS], self.turn_numbers[:-KEEP_TURNS]
            # older turns live on as episodes in long-term memory; rewriting one overwrites its episode
            self.stored_turns = max(self.stored_turns, *dropped)

    def next_turn(self) -> int:
        return max([self.stored_turns, *self.turn_numbers]) + 1

    def is_new_turn(self, number: int) -> bool:
        """True when no episode can exist yet for this turn number (nothing to overwrite or delete)."""
        return number > self.stored_turns and number not in self.turn_numbers

    def window(self, stm_turns: int) -> list[Message]:
        return window(self.turns, stm_turns)

    def window_turns(self, stm_turns: int) -> list[int]:
        return self.turn_numbers[-stm_turns:] if stm_turns > 0 else []

    def previous_exchange(self) -> tuple[str, str] | None:
        """The last finished (utterance, answer) pair."""
        if not self.turns:
            return None
        last = self.turns[-1]
        asked = next((m.content for m in last if m.role == "user"), "")
        answered = next((m.content for m in reversed(last) if m.role == "assistant" and m.content), "")
        return asked, answered

    def exchange_before(self, number: int) -> tuple[str, str] | None:
        """The (utterance, answer) of the latest turn numbered below `number` that working memory holds
        (the words a turn episode's context vector is made with)."""
        earlier = [i for i, n in enumerate(self.turn_numbers) if n < number]
        if not earlier:
            return None
        turn = self.turns[max(earlier, key=lambda i: self.turn_numbers[i])]
        asked = next((m.content for m in turn if m.role == "user"), "")
        answered = next((m.content for m in reversed(turn) if m.role == "assistant" and m.content), "")
        return asked, answered

    def add_note(self, note: str) -> None:
        self.notes.append(note)
        del self.notes[:-MAX_NOTES]

    def rehearse(self, item_ids: Sequence[str]) -> None:
        self.rehearsals.update(item_ids)
