"""A scripted chat model: plays back prepared answers through the real chat protocol.

Used by replays (`jarvisd agent replay`, `jarvisd openloop replay`), the voice benchmark and the
deterministic tests of the rules around the model. It is never chosen by backend selection.
An answer is a dict: {"text": "...", "tool_calls": [{"name": "...", "arguments": {...} | "raw json"}]}.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from typing import Any

from jarvisd.llm.base import BackendError, ChatChunk, Message, ToolCall, ToolSpec

Answer = Mapping[str, Any]


def _tool_call(index: int, raw: Mapping[str, Any]) -> ToolCall:
    args = raw.get("arguments", {})
    text = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
    return ToolCall(name=str(raw["name"]), arguments=text, id=str(raw.get("id", f"call_{index}")))


class ScriptedChatModel:
    """Answers from a list (or a function of the conversation), streaming text word by word.

    `tokens_per_sec` paces the stream like a real model (0 = as fast as possible).
    """

    supports_tools = True

    def __init__(self, answers: Iterable[Answer] | Callable[[Sequence[Message]], Answer],
                 tokens_per_sec: float = 0.0, name: str = "scripted", record_calls: bool = True) -> None:
        self._answer_for = answers if callable(answers) else None
        self._answers = [] if callable(answers) else list(answers)
        self.tokens_per_sec = tokens_per_sec
        self.name = name
        self.record_calls = record_calls  # tests read `calls`; a soak turns it off
        self.calls: list[tuple[list[Message], list[ToolSpec]]] = []

    def _next(self, messages: Sequence[Message]) -> Answer:
        if self._answer_for is not None:
            return self._answer_for(messages)
        if not self._answers:
            raise BackendError("the scripted model has no answer left", "add answers to the script")
        return self._answers.pop(0)

    async def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        if self.record_calls:
            self.calls.append((list(messages), list(tools)))
        answer = self._next(messages)
        delay = 1.0 / self.tokens_per_sec if self.tokens_per_sec > 0 else 0.0
        for piece in re.findall(r"\S+\s*|\s+", str(answer.get("text", ""))):
            if delay:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            yield ChatChunk(text=piece)
        calls = tuple(_tool_call(i, raw) for i, raw in enumerate(answer.get("tool_calls", ())))
        yield ChatChunk(tool_calls=calls, done=True)
