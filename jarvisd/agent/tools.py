"""Tool registry: tools with JSON schemas, the admin approval policy, and the checks before a call runs.

A tool is a plain (async or sync) function `fn(ctx, args)` with a schema. The tool itself declares
whether it is exempt from duplicate-call checks (calling it again with the same arguments is its
contract, e.g. waiting for a sub-agent); whether it needs the user's approval is the admin's call
(config `tools.approval_required`), never the tool's. Bad input never raises: `prepare` turns an unknown
tool, arguments that are not JSON, or arguments that do not fit the schema into an error the model can
act on.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from jarvisd.agent.guard import canonical_json, canonical_parsed_json, parse_arguments
from jarvisd.agent.hooks import PreparedCall, TurnContext
from jarvisd.agent.schema import schema_errors, with_defaults
from jarvisd.llm.base import ToolCall, ToolSpec

ToolFunction = Callable[[TurnContext, dict[str, Any]], Awaitable[Any] | Any]
EMPTY_OBJECT: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


class ToolFailure(Exception):
    """A tool could not do its job; the message goes to the model as the result."""


class ToolOverloaded(ToolFailure):
    """The tool's server is rate-limited or overloaded; the call may be refunded to the budget."""


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    run: ToolFunction
    parameters: dict[str, Any] = field(default_factory=lambda: dict(EMPTY_OBJECT))
    exempt_from_repeat_checks: bool = False
    timeout_sec: float | None = 60.0  # a call running longer fails; None for tools that bound themselves

    def spec(self) -> ToolSpec:
        return ToolSpec(self.name, self.description, self.parameters)


def render_result(value: Any) -> tuple[str, str | None]:
    """(text the model sees, canonical text for fingerprints or None when the value is not JSON-like).

    JSON values are shown as canonical JSON, so the text is rendered once and hashed as is."""
    if isinstance(value, str):
        return value, value
    try:
        text = canonical_json(value)
    except (TypeError, ValueError):
        return str(value), None
    return text, text


def _example(schema: dict[str, Any]) -> str:
    props = schema.get("properties", {})
    example = {name: f"<{p.get('type', 'value')}>" for name, p in props.items() if name in schema.get("required", [])}
    return json.dumps(example, ensure_ascii=False)


class ToolRegistry:
    """The tools one agent may call, plus the admin list of tools that need approval."""

    def __init__(self, tools: Iterable[Tool] = (), approval_required: Iterable[str] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        self.approval_required = frozenset(approval_required)
        for tool in tools:
            self.register(tool)

    def register(self, tool: Tool) -> Tool:
        if tool.name in self._tools:
            raise ValueError(f"tool {tool.name!r} is already registered")
        self._tools[tool.name] = tool
        return tool

    def register_function(self, name: str, fn: ToolFunction, *, description: str,
                          parameters: dict[str, Any] | None = None, exempt: bool = False) -> Tool:
        """Register a callable `fn(ctx, args)` as a tool (how memory and delegation plug their tools in)."""
        return self.register(Tool(name, description, fn, parameters or dict(EMPTY_OBJECT), exempt))

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def names(self) -> list[str]:
        return list(self._tools)

    def specs(self) -> list[ToolSpec]:
        return [t.spec() for t in self._tools.values()]

    def needs_approval(self, name: str) -> bool:
        return name in self.approval_required

    def keep_only(self, names: Iterable[str]) -> None:
        """Drop every tool not named (an agent definition's `tools:` list, checked at start)."""
        keep = set(names)
        self._tools = {name: tool for name, tool in self._tools.items() if name in keep}

    def require_approval(self, names: Iterable[str]) -> None:
        """Add tools to the ones that need the user's approval (the admin's list stays)."""
        self.approval_required = self.approval_required | frozenset(names)

    def subset(self, *, without: Iterable[str] = (), approval_required_too: bool = True) -> ToolRegistry:
        """A copy without some tools; a researcher gets no approval-required tools (seed 002)."""
        drop = set(without)
        keep = [t for t in self._tools.values()
                if t.name not in drop and (approval_required_too or not self.needs_approval(t.name))]
        return ToolRegistry(keep, self.approval_required)

    def prepare(self, call: ToolCall, index: int = 0) -> PreparedCall:
        """Parse and validate one call; an invalid call carries an error text saying what to do."""
        tool = self._tools.get(call.name)
        text = call.arguments if call.arguments.strip() else "{}"
        args: Any = None
        bad_json = "NaN and Infinity are not JSON numbers"
        try:
            args = parse_arguments(text)
        except ValueError as exc:
            bad_json = str(exc)
        canonical = None
        if args is not None or text.strip() == "null":
            try:
                canonical = canonical_parsed_json(args)
            except ValueError:  # NaN / Infinity
                canonical = None
        if tool is None:
            names = ", ".join(self._tools) or "none"
            return PreparedCall(call, index, None, canonical,
                                error=f"Error: there is no tool named {call.name!r}. Available tools: {names}. "
                                      f"Call one of these, or answer without a tool.")
        flags = {"exempt": tool.exempt_from_repeat_checks, "approval_required": self.needs_approval(tool.name)}
        if canonical is None:
            return PreparedCall(call, index, None, None, **flags,
                                error=f"Error: the arguments for {tool.name} are not valid JSON ({bad_json}). "
                                      f"Send one JSON object, for example {_example(tool.parameters)}, "
                                      f"and call {tool.name} again.")
        problems = schema_errors(args, tool.parameters)
        if problems:
            return PreparedCall(call, index, None, canonical, **flags,
                                error=f"Error: the arguments for {tool.name} do not fit its parameters: "
                                      f"{'; '.join(problems)}. Parameters: "
                                      f"{json.dumps(tool.parameters, ensure_ascii=False)}. "
                                      f"Fix the arguments and call {tool.name} again.")
        return PreparedCall(call, index, with_defaults(args, tool.parameters), canonical, **flags)

    async def execute(self, ctx: TurnContext, prepared: PreparedCall) -> Any:
        """Run a valid call. Raises ToolFailure/ToolOverloaded or whatever the tool raises.

        Sync tools run on the event loop and must be quick; blocking work belongs in a worker thread."""
        tool = self._tools[prepared.name]
        outcome = tool.run(ctx, dict(prepared.arguments or {}))
        if inspect.isawaitable(outcome):
            try:
                outcome = await asyncio.wait_for(outcome, tool.timeout_sec)
            except TimeoutError:
                raise ToolFailure(f"it took longer than {tool.timeout_sec:g} s and was stopped; try a "
                                  f"smaller request or another tool") from None
        return outcome


# --- memory tools, built by the memory package and plugged in here ---------------------------------

# Shaped after MemoryService.recall_episodes / remember_pattern; the memory package may pass its own.
RECALL_EPISODES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "words from the earlier conversation", "default": ""},
        "task_type": {"type": "string", "description": "kind of task, if known", "default": ""},
        "outcome": {"type": "string", "description": "e.g. 'success' or 'failure'", "default": ""},
        "since": {"type": "string", "description": "first day, YYYY-MM-DD", "default": ""},
        "until": {"type": "string", "description": "last day, YYYY-MM-DD", "default": ""},
        "limit": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5},
    },
    "additionalProperties": False,
}

REMEMBER_TASK_PATTERN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "description": "short name, e.g. 'weekly report'"},
        "when": {"type": "string", "minLength": 1, "description": "when this way of working applies"},
        "steps": {"type": "string", "minLength": 1, "description": "the steps that worked, in order"},
        "keywords": {"type": "array", "items": {"type": "string"}, "default": [],
                     "description": "words in a request that should bring this pattern back"},
    },
    "required": ["name", "when", "steps"],
    "additionalProperties": False,
}

MemoryCall = Callable[[Any, dict[str, Any]], Awaitable[Any] | Any]  # (scope, args) -> result


def _scoped(fn: MemoryCall) -> ToolFunction:
    async def run(ctx: TurnContext, args: dict[str, Any]) -> Any:
        result = fn(ctx.scope, args)
        return await result if inspect.isawaitable(result) else result

    return run


def register_recall_episodes(registry: ToolRegistry, recall: MemoryCall, *,
                             parameters: dict[str, Any] | None = None, description: str = "") -> Tool:
    """`recall(scope, args)` searches past turns in the caller's memory scope."""
    return registry.register_function(
        "recall_episodes", _scoped(recall), parameters=parameters or RECALL_EPISODES_SCHEMA,
        description=description or "Find earlier conversations with the user by words, kind of task, "
                                   "outcome or dates.")


def register_remember_task_pattern(registry: ToolRegistry, remember: MemoryCall, *,
                                   parameters: dict[str, Any] | None = None, description: str = "") -> Tool:
    """`remember(scope, args)` stores how a kind of task is done."""
    return registry.register_function(
        "remember_task_pattern", _scoped(remember), parameters=parameters or REMEMBER_TASK_PATTERN_SCHEMA,
        description=description or "Remember how the user wants a kind of task done, to reuse it next time.")
