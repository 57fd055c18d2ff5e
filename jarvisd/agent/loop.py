"""The one agent loop: every agent and profile runs its turns here; features plug in as hooks.

A round is one model call plus the tool calls in its answer. The loop streams the model's text as it
arrives (so speech can start on the first sentence), checks and runs the tool calls, and asks the hooks
after each round whether to go on. When a hook stops the tool phase (the loop guard), the tools are
removed and the model writes its answer from what it has gathered.

    agent = Agent(model, tools, chat_profile(), hooks=[memory_hooks])
    async for event in agent.stream_turn("what's on my notes about the trip?", scope=scope):
        if isinstance(event, AnswerDelta):
            speaker.feed(event.text)
    # or: result = await agent.run_turn(text, scope=scope, on_text=speaker.feed)
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jarvisd.agent.guard_hook import GuardVerdict, LoopGuard
from jarvisd.agent.hooks import (
    AgentHooks,
    CallOutcome,
    ModelAnswer,
    ModelRequest,
    PreparedCall,
    RoundRecord,
    Stop,
    TurnContext,
    TurnResult,
)
from jarvisd.agent.profiles import Profile, chat_profile
from jarvisd.agent.tools import ToolFailure, ToolOverloaded, ToolRegistry, render_result
from jarvisd.llm.base import ChatModel, Message, ToolCall

Approver = Callable[[PreparedCall], Awaitable[bool]]
log = logging.getLogger("jarvisd.agent")
# The turn whose call an approver is asked about (its scope's session, the user's words): set only while
# the approver runs, so an approver shared by every session (jarvisd.approvals) knows whom to ask.
APPROVING_TURN: contextvars.ContextVar[TurnContext | None] = contextvars.ContextVar("approving_turn", default=None)


@dataclass(frozen=True)
class AnswerDelta:
    """A piece of the model's text as it streams. Text written before tool calls ("let me check")
    comes as deltas too; `wrap_up` marks the tool-less answer after a guard stop."""

    text: str
    round: int
    wrap_up: bool = False


@dataclass(frozen=True)
class RoundEnded:
    record: RoundRecord
    verdict: GuardVerdict | None


@dataclass(frozen=True)
class TurnEnded:
    result: TurnResult
    verdicts: tuple[GuardVerdict, ...] = field(default=())


AgentEvent = AnswerDelta | RoundEnded | TurnEnded

WRAP_UP_NOTE = ("Tools are now switched off because {explanation}. Do not call tools. Write your answer to "
                "the user now from what you have gathered so far, and say plainly what you could not find.")


async def _deny_without_approver(call: PreparedCall) -> bool:
    return False


def _overriding(hooks: Sequence[AgentHooks], method: str) -> list[AgentHooks]:
    """The hooks that implement `method`; per-call hook points skip the no-op defaults."""
    default = getattr(AgentHooks, method)
    return [h for h in hooks if getattr(type(h), method, default) is not default]


class Agent:
    """A model, its tools, a profile (guard policy + system prompt) and hooks; one instance serves many turns."""

    def __init__(self, model: ChatModel, tools: ToolRegistry | None = None, profile: Profile | None = None,
                 hooks: Sequence[AgentHooks] = (), *, name: str = "main", approver: Approver | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.model = model
        self.tools = tools if tools is not None else ToolRegistry()
        self.profile = profile or chat_profile()
        self.hooks = list(hooks)
        self.name = name
        self.approver = approver or _deny_without_approver
        self.clock = clock  # monotonic seconds, for the guard's run-time cap

    async def run_turn(self, user_text: str, *, history: Sequence[Message] = (), scope: Any = None,
                       on_text: Callable[[str], Any] | None = None) -> TurnResult:
        """Run a whole turn; `on_text` (sync or async) gets each text delta."""
        result: TurnResult | None = None
        async for event in self.stream_turn(user_text, history=history, scope=scope):
            if isinstance(event, AnswerDelta) and on_text is not None:
                maybe = on_text(event.text)
                if asyncio.iscoroutine(maybe):
                    await maybe
            elif isinstance(event, TurnEnded):
                result = event.result
        assert result is not None
        return result

    async def stream_turn(self, user_text: str, *, history: Sequence[Message] = (),
                          scope: Any = None, enough: asyncio.Event | None = None) -> AsyncIterator[AgentEvent]:
        """The turn as events. Closing the iterator early (barge-in) cancels the turn's background work.
        Setting `enough` stops the model's answer where it is (a caller that saw it repeat itself): the
        turn ends as usual with the text so far, so its hooks (memory) still see a finished turn."""
        guard = LoopGuard(self.profile.policy, self.clock)
        hooks: list[AgentHooks] = [guard, *self.hooks]
        tools_offered = getattr(self.model, "supports_tools", True)
        ctx = TurnContext(agent=self.name, profile=self.profile, user_text=user_text, scope=scope,
                          messages=[Message("system", self.profile.system_prompt(tools_offered)), *history,
                                    Message("user", user_text)])
        ctx.state["loop_guard"] = guard
        try:
            for hook in hooks:
                await hook.on_turn_start(ctx)
            turn_start = len(ctx.messages) - 1  # hooks may have reshaped the prompt; the user message is last
            rounds: list[RoundRecord] = []
            stop: Stop | None = None
            answer = ""
            round_no = 0
            while True:
                round_no += 1
                wrap_up = stop is not None
                offer = not wrap_up and tools_offered
                request = ModelRequest(round_no, list(ctx.messages), self.tools.specs() if offer else [], wrap_up)
                for hook in hooks:
                    await hook.before_model_call(ctx, request)
                pieces: list[str] = []
                calls: list[ToolCall] = []
                stream = aiter(self.model.stream(request.messages, request.tools))
                try:
                    async for chunk in stream:
                        if chunk.text:
                            pieces.append(chunk.text)
                            yield AnswerDelta(chunk.text, round_no, wrap_up)
                        calls.extend(chunk.tool_calls)
                        if enough is not None and enough.is_set():
                            break
                finally:
                    await _close(stream)
                text = "".join(pieces)
                if enough is not None and enough.is_set():
                    calls = []  # the answer was stopped: no tool call of a half-written round runs
                if wrap_up or not request.tools:
                    calls = []  # no tools were offered: tool calls in the answer are ignored
                reply = ModelAnswer(round_no, text, tuple(calls))
                for hook in hooks:
                    await hook.after_model_call(ctx, reply)
                ctx.messages.append(Message("assistant", text, tuple(calls)))
                outcomes = await self._run_calls(ctx, hooks, calls) if calls else ()
                for outcome in outcomes:
                    ctx.messages.append(Message("tool", outcome.text, tool_name=outcome.prepared.name))
                record = RoundRecord(round_no, text, tuple(outcomes))
                rounds.append(record)
                for hook in hooks:
                    decision = await hook.after_round(ctx, record)
                    if stop is None and decision is not None:
                        stop = decision
                verdict = guard.verdicts[-1] if guard.verdicts and guard.verdicts[-1].round == round_no else None
                yield RoundEnded(record, verdict)
                if not calls:
                    answer = text
                    break
                if stop is not None and not wrap_up:
                    log.info("%s: tools stopped after round %d: %s", self.name, round_no, stop.reason)
                    ctx.messages.append(Message("system", WRAP_UP_NOTE.format(explanation=stop.explanation)))
            result = TurnResult(answer=answer, stop_reason=stop.reason if stop else "answered",
                                rounds=tuple(rounds), messages=tuple(ctx.messages), wrapped_up=stop is not None,
                                turn_start=turn_start)
            for hook in hooks:
                await hook.on_turn_end(ctx, result)
            yield TurnEnded(result, tuple(guard.verdicts))
        finally:
            pending = [task for task in ctx.background if not task.done()]
            for task in pending:
                task.cancel()
            if pending:  # let them finish cancelling, so nothing outlives the turn
                await asyncio.gather(*pending, return_exceptions=True)

    async def _run_calls(self, ctx: TurnContext, hooks: Sequence[AgentHooks],
                         calls: Sequence[ToolCall]) -> list[CallOutcome]:
        """Check every call in order (so a duplicate later in the same round is seen), run the allowed
        ones concurrently, and return the outcomes in the model's order."""
        outcomes: list[CallOutcome | None] = []
        runnable: list[tuple[int, PreparedCall]] = []
        checkers = _overriding(hooks, "before_tool_call")
        watchers = _overriding(hooks, "after_tool_call")
        for index, call in enumerate(calls):
            prepared = self.tools.prepare(call, index)
            if prepared.error is not None:
                outcomes.append(CallOutcome(prepared, "invalid", prepared.error, prepared.error))
                continue
            rejection = None
            for hook in checkers:
                rejection = await hook.before_tool_call(ctx, prepared)
                if rejection is not None:
                    break
            if rejection is not None:
                log.debug("%s: %s rejected (%s)", self.name, prepared.name, rejection.rule)
                outcomes.append(CallOutcome(prepared, "rejected", rejection.reason, rejection.reason,
                                            rule=rejection.rule))
            elif prepared.approval_required and not await self._approve(ctx, prepared):
                reason = (f"Not executed: {prepared.name} needs the user's approval and did not get it. "
                          f"Tell the user what you wanted to do and ask them.")
                outcomes.append(CallOutcome(prepared, "denied", reason, reason, rule="approval"))
            else:
                outcomes.append(None)
                runnable.append((index, prepared))
        done = await asyncio.gather(*(self._execute(ctx, p) for _, p in runnable))
        for (index, _), outcome in zip(runnable, done, strict=True):
            outcomes[index] = outcome
        final = [o for o in outcomes if o is not None]
        for outcome in final:
            for hook in watchers:
                await hook.after_tool_call(ctx, outcome)
        return final

    async def _approve(self, ctx: TurnContext, prepared: PreparedCall) -> bool:
        token = APPROVING_TURN.set(ctx)
        try:
            return await self.approver(prepared)
        finally:
            APPROVING_TURN.reset(token)

    async def _execute(self, ctx: TurnContext, prepared: PreparedCall) -> CallOutcome:
        try:
            value = await self.tools.execute(ctx, prepared)
        except ToolOverloaded as exc:
            text = f"Error: {prepared.name} is overloaded right now ({exc}). Try again later or use another tool."
            return CallOutcome(prepared, "overloaded", text, text, text)
        except ToolFailure as exc:
            text = f"Error: {prepared.name} failed: {exc}"
            return CallOutcome(prepared, "failed", text, text, text)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a broken tool must not end the turn
            text = f"Error: {prepared.name} failed unexpectedly ({type(exc).__name__}: {exc}). Try another way."
            return CallOutcome(prepared, "failed", text, text, text)
        text, canonical = render_result(value)
        return CallOutcome(prepared, "ok", value, text, canonical)


async def _close(stream: Any) -> None:
    """Close a model stream left early, so the model stops writing (llama.cpp aborts, HTTP closes)."""
    close = getattr(stream, "aclose", None)
    if close is not None:
        await close()
