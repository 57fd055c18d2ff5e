"""`jarvisd agent replay SCENARIO.json`: a scripted model against scripted tools through the real loop.

Prints one JSON line per round (the calls, what was decided about each and the guard's counters) and a
last line with the stop reason. The format is documented in docs/agent.md; tests use `run_scenario`.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvisd.agent.guard import canonical_arguments
from jarvisd.agent.guard_hook import GuardVerdict
from jarvisd.agent.hooks import PreparedCall, TurnContext, TurnResult
from jarvisd.agent.loop import Agent, RoundEnded, TurnEnded
from jarvisd.agent.profiles import Profile, chat_profile, research_profile
from jarvisd.agent.tools import EMPTY_OBJECT, Tool, ToolFailure, ToolOverloaded, ToolRegistry
from jarvisd.llm.base import ChatChunk, Message, ToolSpec
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.scenario_keys import key_problem

DEFAULT_WRAP_UP = {"text": "(answer written from what was gathered, without tools)"}
SCENARIO_KEYS = ("description", "profile", "budget", "round_cap", "user", "approve", "tools", "answers", "wrap_up", "expect", "scope")
EXPECT_KEYS = ("stop_reason", "tool_rounds", "answer_contains", "wrapped_up", "rounds")
ROUND_KEYS = ("statuses", "rules", "novelties", "counters", "stop")
COUNTER_KEYS = ("no_progress", "all_rejected", "failures", "calls_charged", "refunded", "cap_extension")


def check_scenario(scenario: Mapping[str, Any]) -> None:
    """Refuse keys the replay does not know (a typo in `expect` used to pass silently)."""
    def unknown(found: Any, allowed: tuple[str, ...], where: str) -> None:
        if (problem := key_problem(found, allowed, where)) is not None:
            raise ScenarioError(problem)

    unknown(scenario, SCENARIO_KEYS, "scenario")
    expect = scenario.get("expect", {})
    unknown(expect, EXPECT_KEYS, "expect")
    rounds = expect.get("rounds", {})
    unknown(rounds, tuple(rounds) if all(str(k).isdigit() for k in rounds) else (), "expect.rounds")
    for number, spec in rounds.items():
        unknown(spec, ROUND_KEYS, f"expect.rounds.{number}")
        unknown(spec.get("counters", {}), COUNTER_KEYS, f"expect.rounds.{number}.counters")


class ScenarioError(ValueError):
    """A scenario file that cannot be replayed; says which part is wrong."""


class ScenarioModel:
    """Plays `answers` while tools are offered and `wrap_up` once they are taken away."""

    supports_tools = True
    name = "scripted:scenario"

    def __init__(self, answers: Sequence[Mapping[str, Any]], wrap_up: Mapping[str, Any]) -> None:
        self.with_tools = ScriptedChatModel(answers)
        self.without_tools = ScriptedChatModel([wrap_up])

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        return (self.with_tools if tools else self.without_tools).stream(messages, tools)


def _outcome(spec: Mapping[str, Any], tool: str) -> Any:
    if "overloaded" in spec:
        raise ToolOverloaded(str(spec["overloaded"]))
    if "failure" in spec:
        raise ToolFailure(str(spec["failure"]))
    if "result" in spec:
        return spec["result"]
    raise ScenarioError(f"tool {tool}: an outcome needs 'result', 'failure' or 'overloaded' (got {dict(spec)})")


class ScriptedTool:
    """Results per arguments (compared by value); a `sequence` plays its outcomes in order, then repeats
    the last one."""

    def __init__(self, name: str, spec: Mapping[str, Any]) -> None:
        self.name = name
        self.default = spec.get("default")
        self.by_args: dict[str, Mapping[str, Any]] = {}
        for entry in [*spec.get("calls", []), *([self.default] if self.default is not None else [])]:
            steps = entry.get("sequence", [entry]) if isinstance(entry, Mapping) else [entry]
            if not steps or not all(isinstance(o, Mapping) and {"result", "failure", "overloaded"} & o.keys()
                                    for o in steps):
                raise ScenarioError(f"tool {name}: every outcome needs 'result', 'failure' or 'overloaded' "
                                    f"(got {entry!r})")
        for entry in spec.get("calls", []):
            key = canonical_arguments(entry.get("arguments", {}))
            if key is None:
                raise ScenarioError(f"tool {name}: arguments must be JSON: {entry.get('arguments')!r}")
            self.by_args[key] = entry
        self.times: dict[str, int] = {}

    def __call__(self, ctx: TurnContext, args: dict[str, Any]) -> Any:
        key = canonical_arguments(args) or ""
        entry = self.by_args.get(key, self.default)
        if entry is None:
            raise ToolFailure(f"no scripted result for {self.name} with arguments {key}")
        n = self.times.get(key, 0)
        self.times[key] = n + 1
        if "sequence" in entry:
            steps = entry["sequence"]
            return _outcome(steps[min(n, len(steps) - 1)], self.name)
        return _outcome(entry, self.name)


def build_agent(scenario: Mapping[str, Any]) -> Agent:
    tools = scenario.get("tools", {})
    if not isinstance(tools, Mapping) or not isinstance(scenario.get("answers", []), list):
        raise ScenarioError("'tools' must be an object of tool specs and 'answers' a list of model answers")
    approval = [name for name, spec in tools.items() if spec.get("approval_required")]
    registry = ToolRegistry(approval_required=approval)
    for name, spec in tools.items():
        registry.register(Tool(name, spec.get("description", f"scripted tool {name}"), ScriptedTool(name, spec),
                               spec.get("parameters", {**EMPTY_OBJECT, "additionalProperties": True}),
                               bool(spec.get("exempt", False))))
    kind = scenario.get("profile", "chat")
    profile: Profile
    if kind == "research":
        profile = research_profile(int(scenario.get("budget", 20)), round_cap=scenario.get("round_cap"))
    elif kind == "chat":
        profile = chat_profile(round_cap=int(scenario.get("round_cap") or 40))
    else:
        raise ScenarioError(f"profile must be 'chat' or 'research' (got {kind!r})")
    approve = bool(scenario.get("approve", True))

    async def approver(call: PreparedCall) -> bool:
        return approve

    model = ScenarioModel(scenario.get("answers", []), scenario.get("wrap_up", DEFAULT_WRAP_UP))
    return Agent(model, registry, profile, name=f"replay-{kind}", approver=approver)


def round_line(event: RoundEnded) -> dict[str, Any]:
    verdict = event.verdict
    calls = []
    for i, o in enumerate(event.record.outcomes):
        args = o.prepared.arguments if o.prepared.arguments is not None else o.prepared.call.arguments
        line: dict[str, Any] = {"tool": o.prepared.name, "arguments": args, "status": o.status}
        if verdict is not None and verdict.novelties[i] is not None:
            line["novelty"] = verdict.novelties[i]
        if o.status in ("rejected", "invalid", "denied"):
            line["rule"] = o.rule or o.status
            line["reason"] = o.text
        calls.append(line)
    out: dict[str, Any] = {"round": event.record.round, "text": event.record.text, "calls": calls}
    if verdict is not None:
        c = verdict.counters
        out["counters"] = {"no_progress": c.no_progress, "all_rejected": c.all_rejected, "failures": c.failures,
                           "calls_charged": c.calls_charged, "refunded": c.refunded,
                           "cap_extension": c.cap_extension}
        out["stop"] = verdict.stop
    return out


@dataclass(frozen=True)
class ReplayReport:
    lines: list[dict[str, Any]]
    result: TurnResult
    verdicts: tuple[GuardVerdict, ...]

    @property
    def tool_rounds(self) -> int:
        return sum(1 for r in self.result.rounds if r.outcomes)

    def expectation_failures(self, expect: Mapping[str, Any]) -> list[str]:
        problems = []
        if "wrapped_up" in expect and bool(expect["wrapped_up"]) != self.result.wrapped_up:
            problems.append(f"wrapped_up: expected {expect['wrapped_up']}, got {self.result.wrapped_up}")
        by_round = {line["round"]: line for line in self.lines if "round" in line}
        for number, spec in expect.get("rounds", {}).items():
            line = by_round.get(int(number))
            if line is None:
                problems.append(f"round {number}: expected, but the turn had rounds {sorted(by_round)}")
                continue
            got = {"statuses": [c["status"] for c in line["calls"]],
                   "rules": [c.get("rule", "") for c in line["calls"] if c.get("rule")],
                   "novelties": [c.get("novelty") for c in line["calls"]], "stop": line.get("stop")}
            for key in ("statuses", "rules", "novelties", "stop"):
                if key in spec and spec[key] != got[key]:
                    problems.append(f"round {number} {key}: expected {spec[key]}, got {got[key]}")
            for name, value in spec.get("counters", {}).items():
                if line.get("counters", {}).get(name) != value:
                    problems.append(f"round {number} counters.{name}: expected {value}, "
                                    f"got {line.get('counters', {}).get(name)}")
        if "stop_reason" in expect and expect["stop_reason"] != self.result.stop_reason:
            problems.append(f"stop_reason: expected {expect['stop_reason']}, got {self.result.stop_reason}")
        if "tool_rounds" in expect and expect["tool_rounds"] != self.tool_rounds:
            problems.append(f"tool_rounds: expected {expect['tool_rounds']}, got {self.tool_rounds}")
        if "answer_contains" in expect and expect["answer_contains"] not in self.result.answer:
            problems.append(f"answer does not contain {expect['answer_contains']!r}")
        return problems


async def run_scenario(scenario: Mapping[str, Any]) -> ReplayReport:
    check_scenario(scenario)
    agent = build_agent(scenario)
    lines: list[dict[str, Any]] = []
    result: TurnResult | None = None
    verdicts: tuple[GuardVerdict, ...] = ()
    async for event in agent.stream_turn(str(scenario.get("user", "")), scope=scenario.get("scope")):
        if isinstance(event, RoundEnded):
            lines.append(round_line(event))
        elif isinstance(event, TurnEnded):
            result, verdicts = event.result, event.verdicts
    assert result is not None
    lines.append({"stop_reason": result.stop_reason, "tool_rounds": sum(1 for r in result.rounds if r.outcomes),
                  "wrapped_up": result.wrapped_up, "answer": result.answer})
    return ReplayReport(lines, result, verdicts)


def load_scenario(path: Path) -> dict[str, Any]:
    from jarvisd.datafiles import read_regular_file

    try:  # pass 18: a FIFO or /dev/zero waited (or read) for good; `[[[[...` was a RecursionError traceback
        data = json.loads(read_regular_file(path).decode("utf-8"))
    except OSError as exc:
        raise ScenarioError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise ScenarioError(f"{path} is not valid JSON: {exc}") from None
    except RecursionError:
        raise ScenarioError(f"{path} is not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a JSON object")
    return data
