"""Turn episodes: what one finished turn leaves in long-term memory.

The utterance and the answer are kept up to 1,000 chars each; tool results are not kept. A longer
answer leaves up to two `turn_part` chunks cut on paragraph boundaries. The natural key
(user, agent, session, turn[, part]) makes rewriting a turn update the same items.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from jarvisd.llm.base import Message
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scope import MemoryScope

EPISODE_CHARS = 1000
MAX_PARTS = 2
PART_PREFIX_CHARS = 200
CONTEXT_CHARS = 400
# what `embedding_text` puts before a turn: 1 was the previous answer alone, 2 its utterance and answer.
# Stored in a turn episode's metadata with its context vector, so `/remember reembed` rebuilds the
# context vectors made by an older recipe.
CONTEXT_RECIPE = 2
_ERROR_PREFIXES = ("error", "오류", "failed", "exception", "traceback")


@dataclass(frozen=True)
class TurnRecord:
    """The facts of one finished turn, taken from its messages."""

    utterance: str
    answer: str
    tools: tuple[str, ...] = ()
    failed: bool = False
    metadata: dict[str, object] = field(default_factory=dict)

    @property
    def task_type(self) -> str:
        return self.tools[0] if self.tools else "chat"

    @property
    def outcome(self) -> str:
        return "failure" if self.failed else "success"


def tool_failed(message: Message) -> bool:
    return message.role == "tool" and message.content.strip().casefold().startswith(_ERROR_PREFIXES)


def turn_record(messages: Sequence[Message], *, model_error: bool = False) -> TurnRecord:
    """Utterance = first user message, answer = the last assistant text, tools in call order."""
    utterance = next((m.content for m in messages if m.role == "user"), "")
    answer = next((m.content for m in reversed(messages) if m.role == "assistant" and m.content), "")
    tools = tuple(call.name for m in messages if m.role == "assistant" for call in m.tool_calls)
    failed = model_error or any(tool_failed(m) for m in messages)
    return TurnRecord(utterance=utterance, answer=answer, tools=tools, failed=failed)


def turn_key(scope: MemoryScope, turn: int, part: int = 0) -> tuple[object, ...]:
    return (scope.user, scope.agent, scope.session, "turn", turn, part)


def episode_text(utterance: str, answer: str) -> str:
    return f"사용자: {utterance[:EPISODE_CHARS]}\n답: {answer[:EPISODE_CHARS]}"


def embedding_text(content: str, previous: tuple[str, str] | None = None) -> str:
    """The text embedded for a turn episode: the turn before it (the last 400 chars of its utterance,
    then of its answer), then the episode.

    The shown content stays the episode alone; only its vector carries the preceding words, because a
    reply that refers back ("that", "she", a photo) has the question's words in the turn before it -
    in its utterance as often as in its answer ("I just finished Becoming Nicole" / "What did you take
    away from it?" / "It taught me self-acceptance"). `previous` is the previous (utterance, answer)
    of the session, as working memory keeps it.
    """
    if previous is None:
        return content
    tails = [part.strip()[-CONTEXT_CHARS:] for part in previous]
    before = "\n".join(tail for tail in tails if tail)
    return f"{before}\n{content}" if before else content


def stored_exchange(previous: tuple[str, str] | None) -> tuple[str, str] | None:
    """An (utterance, answer) pair cut as its turn episode keeps it, so a context vector made at
    `record_turn` from working memory equals one `/remember reembed` makes from the stored episode."""
    if previous is None:
        return None
    return previous[0][:EPISODE_CHARS], previous[1][:EPISODE_CHARS]


def exchange_of(content: str) -> tuple[str, str]:
    """A stored turn episode's (utterance, answer)."""
    asked, answered = episode_messages(content)
    return asked.content, answered.content


def episode_messages(content: str) -> list[Message]:
    """A turn episode back as (user, assistant) messages: the window after a restart (no tools)."""
    asked, _, answered = content.removeprefix("사용자: ").partition("\n답: ")
    return [Message("user", asked), Message("assistant", answered)]


def shown_to_model(item: MemoryItem) -> str:
    """An item as the model's memory block shows it: a turn the agenda desk answered shows the user's
    words only, never the desk's confirmation (a small model copies "Got it: ..." as its own answer)."""
    if item.metadata.get("by") != "desk":
        return item.content
    asked = episode_messages(item.content)[0].content
    return f"사용자: {asked} (→ agenda)"


def split_paragraphs(text: str, limit: int = EPISODE_CHARS) -> list[str]:
    """Paragraph-bounded chunks of at most `limit` chars; an over-long paragraph is cut by length."""
    chunks: list[str] = []
    current = ""
    for para in (p.strip() for p in text.split("\n\n")):
        if not para:
            continue
        pieces = [para[i : i + limit] for i in range(0, len(para), limit)]
        for piece in pieces:
            candidate = f"{current}\n\n{piece}" if current else piece
            if len(candidate) <= limit:
                current = candidate
            else:
                chunks.append(current)
                current = piece
    if current:
        chunks.append(current)
    return chunks


def answer_parts(utterance: str, answer: str) -> list[str]:
    """The `turn_part` texts for the answer beyond the first 1,000 chars (at most two).

    The paragraph that the first cut split is taken again from its start.
    """
    if len(answer) <= EPISODE_CHARS:
        return []
    head = answer[:EPISODE_CHARS]
    cut = head.rfind("\n\n")
    rest = answer[cut + 2 :] if cut > 0 else answer[EPISODE_CHARS:]
    prefix = utterance[:PART_PREFIX_CHARS]
    parts = []
    for index, chunk in enumerate(split_paragraphs(rest)[:MAX_PARTS], start=2):
        parts.append(f"사용자: {prefix}\n답({index}): {chunk}")
    return parts
