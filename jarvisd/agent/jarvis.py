"""JARVIS's own agent: the chat profile with the everyday tools and research delegation, from config."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jarvisd.agent.clock import Clock, current_time_tool
from jarvisd.agent.delegation import ResearchDesk
from jarvisd.agent.hooks import AgentHooks
from jarvisd.agent.loop import Agent, Approver
from jarvisd.agent.notes import search_notes_tool
from jarvisd.agent.profiles import DEFAULT_GUARD, chat_profile, research_profile
from jarvisd.agent.tools import ToolRegistry
from jarvisd.llm.base import ChatModel
from jarvisd.team import AgentDefinition


def notes_folder(cfg: Any) -> Path:
    """`tools.notes_dir`, or <data dir>/notes when it is empty."""
    configured = cfg.tools.notes_dir
    return Path(configured).expanduser() if configured else Path(cfg.paths.data_dir) / "notes"


def jarvis_tools(cfg: Any, model: ChatModel, *, clock: Clock | None = None,
                 research_model: ChatModel | None = None) -> ToolRegistry:
    """current_time, search_notes, delegate_research and wait_research; the admin's
    `tools.approval_required` list applies to every tool registered later too (memory tools)."""
    registry = ToolRegistry(approval_required=cfg.tools.approval_required)
    registry.register(current_time_tool(cfg.tz, clock) if clock else current_time_tool(cfg.tz))
    registry.register(search_notes_tool(notes_folder(cfg)))
    ResearchDesk(research_model or model, registry,
                 profile_for_budget=lambda budget: research_profile(budget, settings=getattr(cfg, "guard", None))).register(registry)
    return registry


def build_jarvis(cfg: Any, model: ChatModel, *, hooks: Sequence[AgentHooks] = (), approver: Approver | None = None,
                 tools: ToolRegistry | None = None, clock: Clock | None = None,
                 definition: AgentDefinition | None = None) -> Agent:
    """JARVIS as `team/main.yaml` defines it (instructions, guard profile; the caller applies its tool list
    once every tool is registered: `apply_tool_policy`)."""
    definition = definition or AgentDefinition(id="main")
    settings = getattr(cfg, "guard", None) or DEFAULT_GUARD
    if definition.profile == "research":
        profile = research_profile(settings.chat_round_cap, definition.instructions, settings=settings)
    else:
        profile = chat_profile(definition.instructions, settings=settings)
    return Agent(model, tools if tools is not None else jarvis_tools(cfg, model, clock=clock), profile,
                 hooks, name=definition.id, approver=approver)


def apply_tool_policy(agent: Agent, definition: AgentDefinition, source: str = "", config_source: str = "") -> None:
    """The definition's `tools:` and `approval_required:` on the agent's finished tool registry; a name
    that is no tool stops the start (TeamError), and so does one in the config's `tools.approval_required`
    (ConfigError; `config_source` says where that value came from)."""
    definition.check_tools(agent.tools.names(), source)
    unknown = sorted(agent.tools.approval_required - set(agent.tools.names()))  # the team's names are checked
    if unknown:  # a misspelt name in the config would leave the tool it meant free to run unasked
        from jarvisd.config import ConfigError

        raise ConfigError(config_source or "the configuration", "tools.approval_required",
                          f"no tool named {unknown[0]!r} (tools: {', '.join(sorted(agent.tools.names()))})")
    if definition.tools is not None:
        agent.tools.keep_only(definition.tools)
    agent.tools.require_approval(definition.approval_required)
