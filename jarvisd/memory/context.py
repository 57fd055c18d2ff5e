"""What `observe` hands to the agent loop: the window and the memory blocks for the prompt."""

from __future__ import annotations

from dataclasses import dataclass, field

from jarvisd.llm.base import Message
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scoring import Scored

PATTERN_NOTE = (
    "[작업 패턴 저장] 사용자가 앞으로의 작업 방식을 알려 주면 remember_task_pattern 도구로 저장하세요."
)


@dataclass(frozen=True)
class MemoryContext:
    window: list[Message]  # the last stm_turns turns, whole
    query: str  # the recall query actually used
    core_facts: list[MemoryItem] = field(default_factory=list)
    recalled: list[Scored] = field(default_factory=list)
    patterns: list[MemoryItem] = field(default_factory=list)
    pattern_note: bool = False

    @property
    def recalled_ids(self) -> list[str]:
        return [s.item.id for s in self.recalled]

    def prompt_block(self) -> str:
        """The memory part of the system prompt (empty when there is nothing to say)."""
        blocks: list[str] = []
        if self.core_facts:
            blocks.append("[핵심 사실]\n" + "\n".join(f"- {i.content}" for i in self.core_facts))
        if self.recalled:
            lines = [f"- ({s.item.created_at:%Y-%m-%d}) {s.item.content}" for s in self.recalled]
            blocks.append("[장기 기억]\n" + "\n".join(lines))
        if self.patterns:
            blocks.append("[작업 패턴]\n" + "\n".join(f"- {i.content}" for i in self.patterns))
        if self.pattern_note:
            blocks.append(PATTERN_NOTE)
        return "\n\n".join(blocks)

    def text(self) -> str:
        """Everything the model sees from memory and the window, for evaluation."""
        window = "\n".join(m.content for m in self.window)
        return f"{self.prompt_block()}\n\n{window}".strip()
