"""Read policy per layer, from `team/<id>.yaml` `memory.read.edm` / `memory.read.pdm`.

The profile layer is read by every agent of the same user; EDM and PDM by the agent that wrote them
and by agents whose policy names that agent. Access is one-directional and `self` means the reader.
An unknown key rejects the whole definition file. The store applies the resulting `AccessFilter`
(user first, then agent per layer); callers never filter on their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from jarvisd.memory.scope import MemoryScope

_LAYER_KEYS = frozenset({"edm", "pdm"})


class PolicyError(ValueError):
    """A team definition file whose memory policy is refused."""


@dataclass(frozen=True)
class ReadPolicy:
    edm: tuple[str, ...] = ("self",)
    pdm: tuple[str, ...] = ("self",)


@dataclass(frozen=True)
class AccessFilter:
    """What one reader may see: its user's profile, and EDM/PDM of the listed agents."""

    user: str
    edm_agents: tuple[str, ...]
    pdm_agents: tuple[str, ...]

    def allows(self, user: str, agent: str, layer: str) -> bool:
        if user != self.user:
            return False
        if layer == "profile":
            return True
        agents = self.edm_agents if layer == "edm" else self.pdm_agents if layer == "pdm" else ()
        return agent in agents


def _agent_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise PolicyError(f"{where} must be a list of agent ids (got {value!r})")
    return tuple(value)


def parse_policy(data: Mapping[str, Any] | None, source: str = "<team file>") -> ReadPolicy:
    """The `memory.read` policy of one agent definition; absent means `[self]` for both layers."""
    if not data:
        return ReadPolicy()
    memory = data.get("memory")
    if memory is None:
        return ReadPolicy()
    if not isinstance(memory, Mapping):
        raise PolicyError(f"{source}: memory must be a table")
    unknown = set(memory) - {"read"}
    if unknown:
        raise PolicyError(f"{source}: unknown key memory.{sorted(unknown)[0]} (only memory.read is allowed)")
    read = memory.get("read") or {}
    if not isinstance(read, Mapping):
        raise PolicyError(f"{source}: memory.read must be a table")
    unknown = set(read) - _LAYER_KEYS
    if unknown:
        raise PolicyError(f"{source}: unknown key memory.read.{sorted(unknown)[0]} (allowed: edm, pdm)")
    return ReadPolicy(
        edm=_agent_list(read.get("edm", ["self"]), f"{source}: memory.read.edm"),
        pdm=_agent_list(read.get("pdm", ["self"]), f"{source}: memory.read.pdm"),
    )


def load_policy(team_dir: Path, agent: str) -> ReadPolicy:
    """The policy in `team_dir/<agent>.yaml`, or the default when the agent has no file."""
    path = team_dir / f"{agent}.yaml"
    if not path.exists():
        return ReadPolicy()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise PolicyError(f"{path}: not valid YAML: {exc}") from None
    if data is not None and not isinstance(data, Mapping):
        raise PolicyError(f"{path}: must be a mapping")
    return parse_policy(data, str(path))


def access_for(scope: MemoryScope, policy: ReadPolicy) -> AccessFilter:
    def resolve(agents: tuple[str, ...]) -> tuple[str, ...]:
        named = {scope.agent if a == "self" else a for a in agents}
        return tuple(sorted(named | {scope.agent}))

    return AccessFilter(user=scope.user, edm_agents=resolve(policy.edm), pdm_agents=resolve(policy.pdm))


class PolicyBook:
    """Policies by agent id, read once per agent from a team directory (or given directly)."""

    def __init__(self, team_dir: Path | None = None, policies: Mapping[str, ReadPolicy] | None = None) -> None:
        self._team_dir = team_dir
        self._policies: dict[str, ReadPolicy] = dict(policies or {})

    def policy(self, agent: str) -> ReadPolicy:
        if agent not in self._policies:
            self._policies[agent] = load_policy(self._team_dir, agent) if self._team_dir else ReadPolicy()
        return self._policies[agent]

    def access(self, scope: MemoryScope) -> AccessFilter:
        return access_for(scope, self.policy(scope.agent))


def current_items(store: Any, items: Sequence[Any]) -> dict[str, Any]:
    """The stored version of each of `items` (memory items) now, by id; the ones deleted meanwhile are
    absent. A writer that read items, then worked for a while (a reembed: minutes to an hour; a
    consolidation: the model's extraction) and upserted what it had read re-inserted the turns a
    `/forget` had deleted meanwhile, and undid every other write to them since."""
    owners: dict[tuple[str, str], list[str]] = {}
    for item in items:
        owners.setdefault((item.user, item.agent), []).append(item.id)
    found: dict[str, Any] = {}
    for (user, agent), ids in owners.items():
        access = AccessFilter(user=user, edm_agents=(agent,), pdm_agents=(agent,))
        found.update((item.id, item) for item in store.get(ids, access))
    return found
