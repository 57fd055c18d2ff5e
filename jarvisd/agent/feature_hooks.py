"""Features plugged into the loop as hooks: memory (observe / record_turn / reinforce).

Duck-typed so the agent package does not import memory: any object with the methods below fits
(`jarvisd.memory.service.MemoryService`). The AGENDA judge is not a hook: `Assistant.turn` starts it,
because a turn the agenda desk answers never reaches the agent loop.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from jarvisd.agent.delegation import finished_reports
from jarvisd.agent.hooks import AgentHooks, TurnContext, TurnResult
from jarvisd.llm.base import Message
from jarvisd.memory.context import shown_window
from jarvisd.store_health import MemoryStoreFailed, guard

log = logging.getLogger(__name__)


class TurnMemory(Protocol):
    """Blocking memory calls (LanceDB I/O, embeddings); the hook runs them in a worker thread."""

    def observe(self, scope: Any, utterance: str) -> Any: ...

    def record_turn(self, scope: Any, messages: Any) -> Any: ...

    def reinforce(self, scope: Any, context: Any, answer: str) -> Any: ...

    def record_episode(self, scope: Any, source: str, content: str, **kwargs: Any) -> Any: ...


class MemoryHooks(AgentHooks):
    """Turn start: `observe` gives the working-memory window and the memory block, which replace the
    history and extend the system prompt. Turn end: `record_turn` keeps the transcript, `reinforce`
    marks recalled items used in the answer. Turns without a scope are left alone.

    `past_turns` caps what the model is shown of the conversation (None: the memory's whole window).
    A model that copies its context (SmolLM2-135M answered "I'm not able to make the call" to every
    question after it once said it, and recited recalled turns) answers each turn alone with 0: facts
    and other memories stay, the conversation's turns go (`MemoryContext.past_turns`).

    `line_tokens`: about how many tokens the model reads of one memory line at most (None: the byte bound alone;
    `MemoryContext.read_by`)."""

    def __init__(self, memory: TurnMemory, past_turns: int | None = None, line_tokens: float | None = None) -> None:
        self.memory = memory
        self.past_turns = past_turns
        self.line_tokens = line_tokens

    async def on_turn_start(self, ctx: TurnContext) -> None:
        if ctx.scope is None:
            return
        ctx.state["memory_forgets"] = self._forgets(ctx.scope)
        try:
            with guard(self.memory, "a turn's recall"):
                context = await asyncio.to_thread(self.memory.observe, ctx.scope, ctx.user_text)
        except MemoryStoreFailed:
            return  # the turn is answered without memory (before: no answer, every turn; pass 25)
        shown = context if self.past_turns is None or not hasattr(context, "past_turns") \
            else context.past_turns(self.past_turns)
        if self.line_tokens is not None and hasattr(shown, "read_by"):
            shown = shown.read_by(self.line_tokens)
        ctx.state["memory_context"] = shown  # reinforce touches what the model was shown
        system, user = ctx.messages[0], ctx.messages[-1]
        block = shown.prompt_block() if hasattr(shown, "prompt_block") else ""
        prompt = f"{system.content}\n\n{block}" if block else system.content
        # each past message bounded as a memory line is, the newest answer whole (`context.shown_window`, lows68)
        ctx.messages[:] = [Message("system", prompt), *shown_window(getattr(shown, "window", [])), user]

    async def on_turn_end(self, ctx: TurnContext, result: TurnResult) -> None:
        if ctx.scope is None:
            return
        if self._forgets(ctx.scope) != ctx.state.get("memory_forgets", 0):
            log.info("memory: the turn in session %r was not kept: the session was forgotten while it ran",
                     getattr(ctx.scope, "session", ""))
            return
        try:
            with guard(self.memory, "recording the turn", proves=True):
                await self._record(ctx, result)
        except MemoryStoreFailed:
            pass  # said in the log and the status; the answer was given

    def _forgets(self, scope: Any) -> int:
        forgets = getattr(self.memory, "forgets", None)   # MemoryService's; other memories never forget
        return forgets(scope) if forgets is not None else 0

    async def _record(self, ctx: TurnContext, result: TurnResult) -> None:
        if hasattr(self.memory, "forgets"):   # a forget while the turn is written must not be undone (pass 31)
            await asyncio.to_thread(self.memory.record_turn, ctx.scope, result.turn_messages,
                                    forgets=ctx.state.get("memory_forgets", 0))
        else:
            await asyncio.to_thread(self.memory.record_turn, ctx.scope, result.turn_messages)
        for task_id, question, report in finished_reports(ctx.state):   # delegation records (seed 003 M11)
            await asyncio.to_thread(self.memory.record_episode, ctx.scope, "delegation",
                                    f"Research ({task_id}): {question}\nReport: {report}", importance=0.8)
        if "memory_context" in ctx.state:
            await asyncio.to_thread(self.memory.reinforce, ctx.scope, ctx.state["memory_context"], result.answer)
        flush = getattr(self.memory, "flush", None)
        if flush is not None:  # the turn is over: what it wrote must survive a crash
            await asyncio.to_thread(flush)
