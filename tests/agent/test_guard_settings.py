"""The guard's thresholds are settings (seed 002: toolPolicy.loopDetectThreshold,
agentLoop.overloadedToolCallsExemptMax), per profile, from config/default.toml's [guard] section."""

from __future__ import annotations

import pytest

from jarvisd.agent import Tool, ToolRegistry
from jarvisd.agent.jarvis import build_jarvis
from jarvisd.config import ConfigError, load_config
from jarvisd.llm.scripted import ScriptedChatModel
from tests.agent.scenario_kit import answer, call, tool_round


def config(tmp_path, **guard: str):
    env = {"JARVIS_HOME": str(tmp_path)}
    env.update({f"JARVIS_GUARD__{key.upper()}": value for key, value in guard.items()})
    return load_config(env=env)


def test_the_defaults_are_the_seeds(tmp_path):
    cfg = config(tmp_path)
    chat = build_jarvis(cfg, ScriptedChatModel([answer("hi")]), tools=ToolRegistry()).profile.policy
    assert (chat.same_call_limit, chat.round_cap, chat.time_limit_sec) == (3, 40, 600.0)
    from jarvisd.agent.profiles import research_profile
    research = research_profile(20, settings=cfg.guard).policy
    assert (research.same_call_limit, research.no_progress_limit, research.overload_refund_max) == (3, 5, 3)


def test_settings_reach_both_profiles(tmp_path):
    cfg = config(tmp_path, chat_loop_detect_threshold="4", chat_round_cap="7", research_loop_detect_threshold="5",
                 research_no_progress_limit="9", overloaded_calls_exempt_max="1", research_time_limit_sec="60")
    chat = build_jarvis(cfg, ScriptedChatModel([answer("hi")]), tools=ToolRegistry()).profile.policy
    assert (chat.same_call_limit, chat.round_cap) == (4, 7)
    from jarvisd.agent.profiles import research_profile
    research = research_profile(12, settings=cfg.guard).policy
    assert (research.same_call_limit, research.no_progress_limit, research.overload_refund_max,
            research.time_limit_sec, research.tool_budget) == (5, 9, 1, 60.0, 12)


async def test_a_lower_loop_threshold_blocks_the_second_identical_call(tmp_path):
    cfg = config(tmp_path, chat_loop_detect_threshold="2")
    tools = ToolRegistry()
    ran: list[dict] = []
    tools.register(Tool("echo", "echo the arguments", lambda ctx, args: ran.append(args) or {"echo": args},
                        {"type": "object"}))
    model = ScriptedChatModel([tool_round(call("echo", x=1)), tool_round(call("echo", x=1)), answer("Done.")])
    result = await build_jarvis(cfg, model, tools=tools).run_turn("echo twice")
    assert ran == [{"x": 1}]                      # the second identical call was blocked, not run
    assert result.answer == "Done."


@pytest.mark.parametrize("key, value", [("chat_loop_detect_threshold", "1"), ("overloaded_calls_exempt_max", "-1"),
                                        ("chat_round_cap", "0")])
def test_out_of_range_values_are_refused_with_the_key(tmp_path, key, value):
    with pytest.raises(ConfigError, match=f"guard.{key}"):
        config(tmp_path, **{key: value})
