"""Small builders for replay scenarios used by the agent tests."""

from __future__ import annotations

from typing import Any

from jarvisd.agent.replay import ReplayReport, build_agent, run_scenario


def call(tool: str, /, **arguments: Any) -> dict[str, Any]:
    return {"name": tool, "arguments": arguments}


def tool_round(*calls: dict[str, Any], text: str = "") -> dict[str, Any]:
    return {"text": text, "tool_calls": list(calls)}


def answer(text: str) -> dict[str, Any]:
    return {"text": text}


def statuses(report: ReplayReport) -> list[list[str]]:
    """Per tool round, the status of each call."""
    return [[c["status"] for c in line["calls"]] for line in report.lines if line.get("calls")]


def max_counter(report: ReplayReport, name: str) -> int:
    return max((line["counters"][name] for line in report.lines if "counters" in line), default=0)


async def replay(**scenario: Any) -> ReplayReport:
    return await run_scenario(scenario)


__all__ = ["answer", "build_agent", "call", "max_counter", "replay", "statuses", "tool_round"]
