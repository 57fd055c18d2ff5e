"""Delegation (A10): JARVIS starts a research sub-agent with a tool budget and waits for its report.

`delegate_research(question, budget)` starts the researcher as an asyncio task of the calling turn and
returns a task id at once; `wait_research(task_id)` waits for the report. The wait tool declares itself
exempt from duplicate-call checks: waiting again for the same task is how it is used. The researcher
runs through the same loop with the research profile, gets the caller's tools minus approval-required
ones and minus delegation itself, and works in the delegated memory scope (`MemoryScope.delegated`: the
caller's user, agent "research", a session of its own). The finished report is kept in the caller's
scope as a `delegation` episode by the memory hook at the end of the calling turn. Research tasks still
running when the calling turn ends are cancelled.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jarvisd.agent.hooks import TurnContext, TurnResult
from jarvisd.agent.loop import Agent, RoundEnded, TurnEnded
from jarvisd.agent.profiles import Profile, research_profile
from jarvisd.agent.tools import Tool, ToolFailure, ToolRegistry
from jarvisd.llm.base import ChatModel

DELEGATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "question": {"type": "string", "minLength": 1, "description": "what the researcher should find out"},
        "budget": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10,
                   "description": "how many tool calls the researcher may make"},
    },
    "required": ["question"],
    "additionalProperties": False,
}
WAIT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "task_id": {"type": "string", "minLength": 1},
        "timeout_sec": {"type": "number", "minimum": 0, "maximum": 600, "default": 60},
    },
    "required": ["task_id"],
    "additionalProperties": False,
}
DELEGATION_TOOLS = ("delegate_research", "wait_research")


@dataclass
class _ResearchTask:
    question: str
    budget: int
    task: asyncio.Task[TurnResult] | None = None
    rounds_done: int = 0  # shown while running, so a later wait reports progress


async def _research(agent: Agent, job: _ResearchTask, scope: Any) -> TurnResult:
    async for event in agent.stream_turn(job.question, scope=scope):
        if isinstance(event, RoundEnded):
            job.rounds_done += 1
        elif isinstance(event, TurnEnded):
            return event.result
    raise RuntimeError("the research turn ended without a result")


def _report(task_id: str, job: _ResearchTask) -> dict[str, Any]:
    assert job.task is not None
    if not job.task.done():
        return {"task_id": task_id, "status": "running", "question": job.question,
                "rounds_done": job.rounds_done}
    if job.task.cancelled():
        return {"task_id": task_id, "status": "cancelled", "question": job.question}
    exc = job.task.exception()
    if exc is not None:
        return {"task_id": task_id, "status": "failed", "error": f"{type(exc).__name__}: {exc}"}
    result = job.task.result()
    return {"task_id": task_id, "status": "done", "question": job.question, "report": result.answer,
            "stop_reason": result.stop_reason, "rounds": len(result.rounds)}


RESEARCH_AGENT = "research"


def delegated_scope(caller: Any, task_id: str) -> Any:
    """The researcher's scope: the caller's user, its own agent and session (seed 003: a delegated
    session takes its user from caller_scope). Duck-typed: the agent package does not import memory."""
    make = getattr(type(caller), "delegated", None)
    if caller is None or make is None:
        return caller
    return make(caller, RESEARCH_AGENT, f"{caller.session}:{task_id}")


def finished_reports(state: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(task id, question, report) of this turn's research tasks that finished with a report."""
    out = []
    for task_id, job in state.get("research_tasks", {}).items():
        if job.task is not None and job.task.done() and not job.task.cancelled() and job.task.exception() is None:
            out.append((task_id, job.question, job.task.result().answer))
    return out


class ResearchDesk:
    """Owns the delegation tools; register them with `desk.register(registry)`."""

    def __init__(self, model: ChatModel, tools: ToolRegistry,
                 profile_for_budget: Callable[[int], Profile] = research_profile) -> None:
        self.model = model
        self.tools = tools  # the researcher's tools are taken from here when a task starts
        self.profile_for_budget = profile_for_budget
        self._ids = itertools.count(1)

    def researcher(self, budget: int) -> Agent:
        tools = self.tools.subset(without=DELEGATION_TOOLS, approval_required_too=False)
        return Agent(self.model, tools, self.profile_for_budget(budget), name="research")

    def register(self, registry: ToolRegistry) -> None:
        registry.register(Tool(
            "delegate_research",
            "Start a research assistant on a question that needs several searches. Returns a task_id at "
            "once; call wait_research(task_id) to get its report.",
            self._delegate, DELEGATE_SCHEMA))
        registry.register(Tool(
            "wait_research",
            "Wait for a research task's report. If it is still running, call wait_research again with "
            "the same task_id (this is expected).",
            self._wait, WAIT_SCHEMA, exempt_from_repeat_checks=True, timeout_sec=None))

    @staticmethod
    def _tasks(ctx: TurnContext) -> dict[str, _ResearchTask]:
        return ctx.state.setdefault("research_tasks", {})

    async def _delegate(self, ctx: TurnContext, args: dict[str, Any]) -> dict[str, Any]:
        task_id = f"research-{next(self._ids)}"
        job = _ResearchTask(args["question"], args["budget"])
        scope = delegated_scope(ctx.scope, task_id)
        job.task = asyncio.create_task(_research(self.researcher(args["budget"]), job, scope), name=task_id)
        ctx.background.add(job.task)
        self._tasks(ctx)[task_id] = job
        return {"task_id": task_id, "status": "started", "budget": args["budget"]}

    async def _wait(self, ctx: TurnContext, args: dict[str, Any]) -> dict[str, Any]:
        job = self._tasks(ctx).get(args["task_id"])
        if job is None:
            known = ", ".join(self._tasks(ctx)) or "none"
            raise ToolFailure(f"there is no research task {args['task_id']!r} in this turn (known: {known})")
        assert job.task is not None
        if not job.task.done():
            await asyncio.wait({job.task}, timeout=args["timeout_sec"])
        return _report(args["task_id"], job)
