"""Profiles: which loop-guard rules an agent runs under, and its system prompt.

Chat (JARVIS's own turns): consecutive-identical-call rule, failure count, round cap 40.
Research (delegated sub-agents): whole-run duplicate rule, result fingerprints, a tool-call budget and a
round cap sized to it. The rules a profile enforces are appended to its system prompt, generated from
the same policy, so the model can avoid a rejection before it gets one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Literal

from jarvisd.agent import guard

RepeatRule = Literal["consecutive", "whole_run"]


@dataclass(frozen=True)
class GuardPolicy:
    repeat_rule: RepeatRule = "consecutive"
    same_call_limit: int = guard.SAME_CALL_LIMIT
    track_progress: bool = False  # result fingerprints / no-progress rounds
    rejections_are_failures: bool = True  # chat: insisting on a blocked call reaches the failure count
    no_progress_limit: int = guard.NO_PROGRESS_LIMIT
    all_rejected_limit: int = guard.ALL_REJECTED_LIMIT
    failure_limit: int = guard.FAILURE_LIMIT
    round_cap: int | None = guard.CHAT_ROUND_CAP
    tool_budget: int | None = None
    overload_refund_max: int = guard.OVERLOAD_REFUND_MAX
    time_limit_sec: float | None = guard.CHAT_TIME_LIMIT_SEC


@dataclass(frozen=True)
class Profile:
    name: str
    instructions: str
    policy: GuardPolicy = field(default_factory=GuardPolicy)

    def system_prompt(self, tools: bool = True) -> str:
        """The instructions, then the tool rules for a model that is offered tools. A model that cannot call them
        (the embedded SmolLM2) got the rules too, and said them back as answers ("You're not supposed to call the same
        tool with the same arguments twice.", conversation runs 35 and 43)."""
        if not tools:
            return self.instructions.rstrip()
        return f"{self.instructions.rstrip()}\n\n{tool_rules_text(self.policy)}"


def tool_rules_text(policy: GuardPolicy) -> str:
    """The rejection and stop rules, stated up front (seed 002: at the end of the system prompt)."""
    lines = ["Rules for tool calls (calls that break them are not executed):"]
    if policy.repeat_rule == "whole_run":
        lines.append("- Never call a tool again with the same arguments in this run: the result is already "
                     "above. Change the arguments or the method instead.")
    else:
        lines.append(f"- Do not call the same tool with the same arguments {policy.same_call_limit} times in a "
                     f"row: use the result you already have, or another tool.")
    if policy.tool_budget is not None:
        lines.append(f"- You have {policy.tool_budget} tool calls in total.")
    if policy.track_progress:
        lines.append(f"- If {policy.no_progress_limit} rounds in a row bring only results you have already seen, "
                     f"tools are switched off and you answer from what you have.")
    lines.append("- Some tools wait for other work (they say so); calling them again with the same arguments is fine.")
    return "\n".join(lines)


JARVIS_INSTRUCTIONS = (
    "You are JARVIS, a voice assistant running offline on the user's computer. Answer briefly and in the "
    "user's language; your words are spoken aloud, so no markdown or lists. Use tools when they help.")

RESEARCH_INSTRUCTIONS = (
    "You are a research assistant working for JARVIS. Find the answer to the question with the tools "
    "you have, then write a short, factual report with what you found and where you found it.")


# The [guard] settings when no config is given (tests, replays): the guard's own constants, by the names
# config/default.toml gives them.
DEFAULT_GUARD = SimpleNamespace(
    chat_loop_detect_threshold=guard.SAME_CALL_LIMIT, chat_round_cap=guard.CHAT_ROUND_CAP,
    chat_time_limit_sec=guard.CHAT_TIME_LIMIT_SEC, research_loop_detect_threshold=guard.SAME_CALL_LIMIT,
    research_no_progress_limit=guard.NO_PROGRESS_LIMIT, research_time_limit_sec=guard.RESEARCH_TIME_LIMIT_SEC,
    overloaded_calls_exempt_max=guard.OVERLOAD_REFUND_MAX, all_rejected_limit=guard.ALL_REJECTED_LIMIT,
    failure_limit=guard.FAILURE_LIMIT)


def chat_profile(instructions: str = JARVIS_INSTRUCTIONS, round_cap: int | None = None,
                 settings: Any = None) -> Profile:
    """JARVIS's profile; `settings` is the config's [guard] section (DEFAULT_GUARD without it)."""
    g = settings or DEFAULT_GUARD
    return Profile("chat", instructions, GuardPolicy(
        same_call_limit=g.chat_loop_detect_threshold, all_rejected_limit=g.all_rejected_limit,
        failure_limit=g.failure_limit, round_cap=round_cap if round_cap is not None else g.chat_round_cap,
        time_limit_sec=g.chat_time_limit_sec))


def research_profile(budget: int, instructions: str = RESEARCH_INSTRUCTIONS,
                     round_cap: int | None = None, settings: Any = None) -> Profile:
    """The round cap defaults to the budget: a round with tools uses at least one call."""
    g = settings or DEFAULT_GUARD
    return Profile("research", instructions, GuardPolicy(
        repeat_rule="whole_run", track_progress=True, rejections_are_failures=False,
        same_call_limit=g.research_loop_detect_threshold, no_progress_limit=g.research_no_progress_limit,
        all_rejected_limit=g.all_rejected_limit, failure_limit=g.failure_limit,
        overload_refund_max=g.overloaded_calls_exempt_max,
        round_cap=round_cap if round_cap is not None else budget, tool_budget=budget,
        time_limit_sec=g.research_time_limit_sec))
