"""What `observe` hands to the agent loop: the window and the memory blocks for the prompt."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from jarvisd.llm.base import Message
from jarvisd.memory.episodes import shown_to_model
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scoring import Scored
from jarvisd.memory.secrets import masked, speaks_of_secret
from jarvisd.memory.working import split_turns

PATTERN_NOTE = (
    "[작업 패턴 저장] 사용자가 앞으로의 작업 방식을 알려 주면 remember_task_pattern 도구로 저장하세요."
)

CONVERSATION_SOURCES = ("turn", "turn_part")  # recalled items that are the conversation itself
# The user's words of the recent turns the agenda desk answered: the model knows what was said (so "call
# them" after "I need to call the bank" still has its referent) without the desk's confirmation, which a
# small model copies as its own next answer.
DESK_NOTE = "[일정 요청 - 이미 처리됨 / agenda requests, already handled]"

# How much of one memory the prompt shows, in UTF-8 bytes (a byte-level tokenizer's cost follows bytes, not
# characters). A `/remember` of 4,000 characters of emoji ZWJ sequences is ~16,000 bytes: shown whole (as a core fact
# and again as recalled) it took the embedded model's whole context, and `fit_context` cut the system prompt from its
# end (pass 67). An episode (`EPISODE_CHARS`, 1,000) of English fits whole.
SHOWN_BYTES = 1200


def bounded(text: str, most: int = SHOWN_BYTES) -> str:
    """`text` cut to at most `most` UTF-8 bytes at a character boundary, ending with "…" when cut."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= most:
        return text
    return data[:most].decode("utf-8", "ignore").rstrip() + "…"


def _token_cost(c: str) -> float:
    if c < "\x80":
        return 0.25 if c.isalpha() or c == " " else 1.0 if c.isdigit() else 0.5
    return float(len(c.encode("utf-8", "surrogatepass")))


def bounded_tokens(text: str, most: float) -> str:
    """`text` cut where about `most` tokens of a small byte-level BPE (SmolLM2's) are read, ending with "…" when cut (a
    character is never split). Estimated without the tokenizer (the model runs in a process of its own), from SmolLM2-
    135M's tokenizer on ~1,000-byte samples: English 0.21 tokens a byte, digits 1 each, Korean 0.81-1.0 a byte (about
    3 a syllable), emoji ZWJ sequences 0.69, combining marks 0.83, Chinese 0.56, Cyrillic 0.43. So: 0.25 an ASCII
    letter or space, 1 a digit, 0.5 other ASCII marks, and 1 a byte of anything else, which a byte-level tokenizer
    never exceeds (within 20% of the true count on runs of combining marks or grouped digits, where a letter or a
    space beside them is a token of its own)."""
    spent = 0.0
    for i, c in enumerate(text):
        spent += _token_cost(c)
        if spent > most:
            return text[:i].rstrip() + "…"
    return text


def _echoes(answer: str, asked: str) -> bool:
    """Does `answer` say back what was `asked` ("Remembered: <the fact>" to "/remember <the fact>", "Got it: …")? Its
    words after the first, in their first 200 characters, found in the answer."""
    words = asked.split(maxsplit=1)
    return len(words) == 2 and words[1][:200].strip() in answer


def shown_window(window: list[Message]) -> list[Message]:
    """The window as the model is shown it: each message's text `bounded` as a memory line is, but the newest answer's,
    kept whole so "tell me more" still has what it follows up on - unless that answer only says back what was asked
    (a command's "Remembered: …"), which is the user's words again. Lows68: a 4,000-character `/remember` turn (and its
    4,000-character "Remembered: …"), ~16,000 bytes of emoji, was carried whole for `memory.stm_turns` turns to a model
    shown past turns (`llm.embedded_past_turns` > 0, Ollama), each turn after it reading it all again."""
    last = next((i for i in range(len(window) - 1, -1, -1) if window[i].role == "assistant" and window[i].content), None)
    asked = next((m.content for m in reversed(window[:last]) if m.role == "user"), "") if last is not None else ""
    whole = last if last is not None and not _echoes(window[last].content, asked) else None
    return [m if i == whole or m.role not in ("user", "assistant") or (cut := bounded(m.content)) == m.content
            else replace(m, content=cut) for i, m in enumerate(window)]


@dataclass(frozen=True)
class MemoryContext:
    window: list[Message]  # the last stm_turns turns, whole
    query: str  # the recall query actually used
    core_facts: list[MemoryItem] = field(default_factory=list)
    recalled: list[Scored] = field(default_factory=list)
    patterns: list[MemoryItem] = field(default_factory=list)
    pattern_note: bool = False
    desk_requests: list[str] = field(default_factory=list)  # in the window's span, answered by the agenda desk
    line_tokens: float | None = None  # set by `read_by`: each memory line cut to about this many tokens too

    def past_turns(self, turns: int) -> MemoryContext:
        """The same context showing at most the last `turns` turns of the conversation. 0: none at all -
        no window, no desk requests, no recalled turn episodes - only facts, other memories and patterns."""
        if turns > 0:
            kept = split_turns(self.window)[-turns:]
            return replace(self, window=[m for turn in kept for m in turn])
        recalled = [s for s in self.recalled if s.item.source not in CONVERSATION_SOURCES]
        return replace(self, window=[], desk_requests=[], recalled=recalled)

    def private(self, utterance: str) -> MemoryContext:
        """The same context with every remembered secret's value masked (`secrets.masked`), unless `utterance` speaks of
        a secret itself ("what's the wifi password?"): the model is never shown a password for a question about coffee
        (round 65's leftover)."""
        if speaks_of_secret(utterance):
            return self
        return replace(
            self,
            window=[replace(m, content=masked(m.content)) for m in self.window],
            core_facts=[replace(i, content=masked(i.content)) for i in self.core_facts],
            recalled=[replace(s, item=replace(s.item, content=masked(s.item.content))) for s in self.recalled],
            desk_requests=[masked(text) for text in self.desk_requests],
        )

    def read_by(self, line_tokens: float | None) -> MemoryContext:
        """The same context for a model that reads each memory line at about `line_tokens` tokens at most (None: the
        byte bound alone). SmolLM2 reads 1,200 bytes of Korean or emoji as ~1,000 tokens (English ~250): after a long
        fact the next answer came 5 s later (pass 67's leftover)."""
        return replace(self, line_tokens=line_tokens)

    def _shown(self, text: str) -> str:
        text = bounded(text)
        return text if self.line_tokens is None else bounded_tokens(text, self.line_tokens)

    @property
    def recalled_ids(self) -> list[str]:
        return [s.item.id for s in self.recalled]

    def prompt_block(self) -> str:
        """The memory part of the system prompt (empty when there is nothing to say)."""
        blocks: list[str] = []
        if self.core_facts:
            blocks.append("[핵심 사실]\n" + "\n".join(f"- {self._shown(i.content)}" for i in self.core_facts))
        # a core fact also recalled is shown once (pass 67's leftover: a 16 KB fact, bounded to 1,200 bytes, was still
        # 855 SmolLM2 tokens in each block, ~1,700 in all, and the next turn took 15 s more on a quiet machine)
        core = {i.id for i in self.core_facts}
        if lines := [f"- ({s.item.created_at:%Y-%m-%d}) {self._shown(shown_to_model(s.item))}" for s in self.recalled
                     if s.item.id not in core]:
            blocks.append("[장기 기억]\n" + "\n".join(lines))
        if self.patterns:
            blocks.append("[작업 패턴]\n" + "\n".join(f"- {self._shown(i.content)}" for i in self.patterns))
        if self.pattern_note:
            blocks.append(PATTERN_NOTE)
        if self.desk_requests:
            # (bounded too: "remind me to buy " + 3,980 characters of emoji was shown whole for `stm_turns` turns, lows68)
            blocks.append(DESK_NOTE + "\n" + "\n".join(f"- {self._shown(text)}" for text in self.desk_requests))
        return "\n\n".join(blocks)

    def text(self) -> str:
        """Everything the model sees from memory and the window, for evaluation."""
        window = "\n".join(m.content for m in self.window)
        return f"{self.prompt_block()}\n\n{window}".strip()
