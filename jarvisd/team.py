"""Agent definitions: `team/<id>.yaml` says what an agent is (MISSION: agents are defined in team/).

    name: JARVIS
    model: chat               # which configured model it talks through: chat | thought
    profile: chat             # its loop-guard profile: chat | research
    instructions: |           # its system prompt
      You are JARVIS, ...
    tools: all                # all, or a list of tool names (each must exist)
    approval_required: []     # tools that need the user's approval, on top of the admin's tools.approval_required
    memory:
      read: {edm: [self], pdm: [self]}   # whose memories it may read (memory/access.py)

Read and checked once at start: an unknown key, a wrong type or an unknown tool stops the start with
one line naming the file, the key and the fix (`TeamError` is a `ConfigError`: exit 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from jarvisd.agent.profiles import JARVIS_INSTRUCTIONS as DEFAULT_INSTRUCTIONS
from jarvisd.config import ConfigError
from jarvisd.memory.access import PolicyError, ReadPolicy, parse_policy

KEYS = ("name", "model", "profile", "instructions", "tools", "approval_required", "memory")


class TeamError(ConfigError):
    """An agent definition jarvisd refuses: which file, which key, why."""


@dataclass(frozen=True)
class AgentDefinition:
    id: str
    name: str = "JARVIS"
    model: str = "chat"
    profile: str = "chat"
    instructions: str = DEFAULT_INSTRUCTIONS
    tools: tuple[str, ...] | None = None        # None: every tool the daemon offers
    approval_required: tuple[str, ...] = ()
    read: ReadPolicy = ReadPolicy()

    def check_tools(self, available: Iterable[str], source: str = "") -> None:
        """Every tool named must exist (a typo would silently take a tool away)."""
        known = set(available)
        for key, names in (("tools", self.tools or ()), ("approval_required", self.approval_required)):
            missing = [n for n in names if n not in known]
            if missing:
                raise TeamError(source or f"team/{self.id}.yaml", key,
                                f"no tool named {missing[0]!r} (tools: {', '.join(sorted(known))})")


def _names(value: Any, source: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise TeamError(source, key, "must be a list of tool names")
    return tuple(v.strip() for v in value)


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str, source: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise TeamError(source, key, f"must be one of {', '.join(allowed)} (got {value!r})")
    return str(value)


def parse_agent(data: Any, agent_id: str, source: str) -> AgentDefinition:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise TeamError(source, agent_id, "must be a mapping of keys (name, model, profile, instructions, ...)")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise TeamError(source, unknown[0], f"unknown key (allowed: {', '.join(KEYS)})")
    for key in ("name", "instructions"):
        if key in data and (not isinstance(data[key], str) or not data[key].strip()):
            raise TeamError(source, key, "must be non-empty text")
    tools = data.get("tools", "all")
    try:
        read = parse_policy(data, source)
    except PolicyError as exc:
        raise TeamError(source, "memory", str(exc).removeprefix(f"{source}: ")) from None
    return AgentDefinition(
        id=agent_id, name=str(data.get("name", "JARVIS")).strip(),
        model=_choice(data, "model", ("chat", "thought"), "chat", source),
        profile=_choice(data, "profile", ("chat", "research"), "chat", source),
        instructions=" ".join(str(data.get("instructions", DEFAULT_INSTRUCTIONS)).split()),
        tools=None if tools == "all" else _names(tools, source, "tools"),
        approval_required=_names(data.get("approval_required", []), source, "approval_required"),
        read=read)


def load_agent(team_dir: Path, agent_id: str) -> AgentDefinition:
    """`team_dir/<agent_id>.yaml`, or the built-in definition when there is no such file."""
    path = Path(team_dir) / f"{agent_id}.yaml"
    if not path.exists():
        return AgentDefinition(id=agent_id)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeError, yaml.YAMLError) as exc:
        raise TeamError(str(path), agent_id, f"cannot be read as YAML ({exc})".replace("\n", " ")) from None
    return parse_agent(data, agent_id, str(path))
