"""Working memory: the session transcript, the window the model sees, and per-session metadata.

The window is the last `stm_turns` turns, cut by turn so a tool call and its result never split;
there is no LLM compaction. A turn the agenda desk answered counts toward the window but is not in it:
the model sees only the user's words of it (`desk_requests`), never the desk's confirmation, which a
small model copies as its own answer to the next question ("Got it: ..." to "How are you?").
Metadata are rehearsal counts (moved onto items at consolidation) and session notes (at most 50,
oldest dropped).
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


def _utterance(turn: Sequence[Message]) -> str:
    return next((m.content for m in turn if m.role == "user"), "")


def _answer(turn: Sequence[Message]) -> str:
    return next((m.content for m in reversed(turn) if m.role == "assistant" and m.content), "")


@dataclass
class SessionMemory:
    """One session's transcript (canonical history) and its working-memory metadata."""

    turns: list[list[Message]] = field(default_factory=list)
    turn_numbers: list[int] = field(default_factory=list)
    rehearsals: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)
    stored_turns: int = 0  # the highest turn number already in long-term memory when the session opened
    desk_turns: set[int] = field(default_factory=set)  # turns the agenda desk answered, not the model

    def add_turn(self, number: int, messages: Sequence[Message], *, desk: bool = False) -> None:
        if desk:
            self.desk_turns.add(number)
        else:
            self.desk_turns.discard(number)
        if number in self.turn_numbers:  # a rewritten turn replaces the old one
            self.turns[self.turn_numbers.index(number)] = list(messages)
            return
        self.turns.append(list(messages))
        self.turn_numbers.append(number)
        if len(self.turns) > KEEP_TURNS:  # a resident daemon's session lasts weeks: keep a bounded tail
            dropped = self.turn_numbers[:-KEEP_TURNS]
            del self.turns[:-KEEP_TURNS], self.turn_numbers[:-KEEP_TURNS]
            self.desk_turns.difference_update(dropped)
            # older turns live on as episodes in long-term memory; rewriting one overwrites its episode
            self.stored_turns = max(self.stored_turns, *dropped)

    def next_turn(self) -> int:
        return max([self.stored_turns, *self.turn_numbers]) + 1

    def is_new_turn(self, number: int) -> bool:
        """True when no episode can exist yet for this turn number (nothing to overwrite or delete)."""
        return number > self.stored_turns and number not in self.turn_numbers

    def _recent(self, stm_turns: int) -> list[tuple[int, list[Message]]]:
        if stm_turns <= 0:
            return []
        return list(zip(self.turn_numbers[-stm_turns:], self.turns[-stm_turns:], strict=True))

    def window(self, stm_turns: int) -> list[Message]:
        """The messages of the last `stm_turns` turns the model answered (desk turns left out)."""
        return [m for number, turn in self._recent(stm_turns) if number not in self.desk_turns for m in turn]

    def desk_requests(self, stm_turns: int) -> list[str]:
        """What the user said in the desk turns among the last `stm_turns` turns, oldest first."""
        return [_utterance(turn) for number, turn in self._recent(stm_turns) if number in self.desk_turns]

    def window_turns(self, stm_turns: int) -> list[int]:
        return self.turn_numbers[-stm_turns:] if stm_turns > 0 else []

    def previous_exchange(self) -> tuple[str, str] | None:
        """The last finished (utterance, answer) pair."""
        if not self.turns:
            return None
        return _utterance(self.turns[-1]), _answer(self.turns[-1])

    def exchange_before(self, number: int) -> tuple[str, str] | None:
        """The (utterance, answer) of the latest turn numbered below `number` that working memory holds
        (the words a turn episode's context vector is made with)."""
        earlier = [i for i, n in enumerate(self.turn_numbers) if n < number]
        if not earlier:
            return None
        turn = self.turns[max(earlier, key=lambda i: self.turn_numbers[i])]
        return _utterance(turn), _answer(turn)

    def add_note(self, note: str) -> None:
        self.notes.append(note)
        del self.notes[:-MAX_NOTES]

    def rehearse(self, item_ids: Sequence[str]) -> None:
        self.rehearsals.update(item_ids)
