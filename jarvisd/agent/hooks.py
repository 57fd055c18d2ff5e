"""Hook points of the one agent loop, and the data that crosses them.

Features (memory, the loop guard, the AGENDA judge trigger, logging) are `AgentHooks` subclasses that
override only what they need; the loop calls every hook at every point, in the order given. Hooks get
mutable requests where they may change what happens (`ModelRequest`) and frozen records everywhere else.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from jarvisd.llm.base import Message, ToolCall, ToolSpec

if TYPE_CHECKING:
    from jarvisd.agent.profiles import Profile

CallStatus = Literal["ok", "failed", "overloaded", "rejected", "invalid", "denied"]


@dataclass
class TurnContext:
    """One turn of one agent: shared by every hook of that turn."""

    agent: str
    profile: Profile
    user_text: str
    scope: Any = None  # the caller's memory scope, passed through untouched (sub-agents inherit it)
    messages: list[Message] = field(default_factory=list)  # the conversation so far, mutable by hooks
    state: dict[str, Any] = field(default_factory=dict)  # per-turn scratch space for hooks
    background: set[asyncio.Task[Any]] = field(default_factory=set)  # cancelled when the turn ends


@dataclass
class ModelRequest:
    """What the next model call will see; `before_model_call` hooks may edit both lists."""

    round: int
    messages: list[Message]
    tools: list[ToolSpec]
    wrap_up: bool = False  # True for the tool-less answer after a guard stop


@dataclass(frozen=True)
class ModelAnswer:
    round: int
    text: str
    tool_calls: tuple[ToolCall, ...]


@dataclass(frozen=True)
class PreparedCall:
    """A tool call after parsing and schema validation, before any guard or execution."""

    call: ToolCall
    index: int  # position in the round
    arguments: dict[str, Any] | None  # None when invalid
    canonical_args: str | None  # canonical JSON of the arguments, None when not valid JSON
    error: str | None = None  # set when the call is invalid (unknown tool, bad JSON, schema mismatch)
    exempt: bool = False  # the tool declared itself exempt from duplicate-call checks
    approval_required: bool = False  # from the admin tool policy

    @property
    def name(self) -> str:
        return self.call.name


@dataclass(frozen=True)
class Rejection:
    """Returned by a `before_tool_call` hook to stop a call before it runs; `reason` goes to the model."""

    reason: str
    rule: str  # e.g. "consecutive_repeat", "already_executed", "budget_used"


@dataclass(frozen=True)
class CallOutcome:
    prepared: PreparedCall
    status: CallStatus
    value: Any  # the tool's return value (ok) or the error text
    text: str  # what the model sees
    canonical_text: str | None = None  # canonical form of `value` when it has one (for fingerprints)
    rule: str = ""  # which rule rejected it, for rejected calls

    @property
    def executed(self) -> bool:
        return self.status in ("ok", "failed", "overloaded")


@dataclass(frozen=True)
class RoundRecord:
    round: int
    text: str
    outcomes: tuple[CallOutcome, ...]


@dataclass(frozen=True)
class Stop:
    """An `after_round` hook ends the tool phase: tools are removed and the model writes its answer."""

    reason: str
    explanation: str


@dataclass(frozen=True)
class TurnResult:
    answer: str
    stop_reason: str  # "answered" or a guard stop reason ("no_progress", "round_cap", ...)
    rounds: tuple[RoundRecord, ...]
    messages: tuple[Message, ...]
    wrapped_up: bool = False  # the answer was written without tools after a stop
    turn_start: int = 0  # index in `messages` of this turn's user message

    @property
    def turn_messages(self) -> list[Message]:
        """This turn's transcript (user, assistant with tool calls, tool results, answer), without
        system notes: what memory.record_turn keeps."""
        return [m for m in self.messages[self.turn_start:] if m.role != "system"]


class AgentHooks:
    """Override what you need; every method is a no-op here."""

    async def on_turn_start(self, ctx: TurnContext) -> None:
        """Before the first model call (memory.observe: add the recall block to ctx.messages)."""

    async def before_model_call(self, ctx: TurnContext, request: ModelRequest) -> None:
        """May edit request.messages / request.tools."""

    async def after_model_call(self, ctx: TurnContext, answer: ModelAnswer) -> None:
        """The whole answer of one model call, text and tool calls."""

    async def before_tool_call(self, ctx: TurnContext, call: PreparedCall) -> Rejection | None:
        """Return a Rejection to keep the call from running; the first rejection wins."""
        return None

    async def after_tool_call(self, ctx: TurnContext, outcome: CallOutcome) -> None:
        """Every call's outcome, rejected and invalid ones included."""

    async def after_round(self, ctx: TurnContext, record: RoundRecord) -> Stop | None:
        """Return a Stop to end the tool phase; the first stop wins."""
        return None

    async def on_turn_end(self, ctx: TurnContext, result: TurnResult) -> None:
        """memory.record_turn / reinforce, the AGENDA judge trigger."""
