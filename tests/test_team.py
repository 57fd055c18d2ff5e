"""Agent definitions in team/<id>.yaml: what JARVIS is (prompt, model, guard profile, tools, approvals,
read policy), checked at start with one clear line per mistake."""

from __future__ import annotations

import pytest

from jarvisd.agent import Tool, ToolRegistry
from jarvisd.agent.jarvis import apply_tool_policy, build_jarvis
from jarvisd.config import ConfigError, load_config
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.paths import TEAM_DIR
from jarvisd.team import AgentDefinition, TeamError, load_agent
from tests.agent.scenario_kit import answer


def write(tmp_path, text: str):
    (tmp_path / "main.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_shipped_definition_is_valid_and_is_jarvis():
    definition = load_agent(TEAM_DIR, "main")
    assert definition.name == "JARVIS" and definition.model == "chat" and definition.profile == "chat"
    assert definition.tools is None and "voice assistant" in definition.instructions


def test_a_missing_file_is_the_built_in_jarvis(tmp_path):
    assert load_agent(tmp_path, "main") == AgentDefinition(id="main")


@pytest.mark.parametrize("text, key, said", [
    ("nmae: JARVIS\n", "nmae", "unknown key"),
    ("model: gpt-5\n", "model", "must be one of chat, thought"),
    ("profile: fast\n", "profile", "must be one of chat, research"),
    ("tools: current_time\n", "tools", "must be a list of tool names"),
    ("instructions: ''\n", "instructions", "non-empty text"),
    ("memory:\n  read:\n    xdm: [self]\n", "memory", "unknown key memory.read.xdm"),
    ("- a\n- b\n", "main", "must be a mapping"),
    ("name: [unclosed\n", "main", "cannot be read as YAML"),
])
def test_a_mistake_is_refused_naming_the_file_and_the_key(tmp_path, text, key, said):
    with pytest.raises(TeamError) as err:
        load_agent(write(tmp_path, text), "main")
    assert err.value.key == key and said in err.value.reason and str(tmp_path / "main.yaml") in str(err.value)
    assert isinstance(err.value, ConfigError)   # the CLI exits 2, as for a config mistake


def tools():
    registry = ToolRegistry()
    for name in ("current_time", "search_notes", "send_mail"):
        registry.register(Tool(name, name, lambda ctx, args: "ok", {"type": "object"}))
    return registry


async def test_instructions_tools_and_approvals_come_from_the_file(tmp_path):
    definition = load_agent(write(tmp_path, "instructions: You are FRIDAY. Be terse.\n"
                                            "tools: [current_time, send_mail]\napproval_required: [send_mail]\n"),
                            "main")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path / "home")})
    model = ScriptedChatModel([answer("Hi.")])
    agent = build_jarvis(cfg, model, tools=tools(), definition=definition)
    apply_tool_policy(agent, definition)
    assert sorted(agent.tools.names()) == ["current_time", "send_mail"] and agent.tools.needs_approval("send_mail")
    await agent.run_turn("hello")
    assert model.calls[0][0][0].content.startswith("You are FRIDAY. Be terse.")


def test_a_tool_that_does_not_exist_stops_the_start(tmp_path):
    definition = load_agent(write(tmp_path, "tools: [current_time, serch_notes]\n"), "main")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path / "home")})
    agent = build_jarvis(cfg, ScriptedChatModel([]), tools=tools(), definition=definition)
    with pytest.raises(TeamError, match="no tool named 'serch_notes'"):
        apply_tool_policy(agent, definition)
