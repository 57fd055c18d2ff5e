"""What a case gets: a fresh service on a fresh store, a clock it can move, and leak accounting.

Every read through the harness is checked against the reader's access filter, so a leak across
users, agents or layers is counted in every suite, not only in the isolation suite.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from jarvisd.llm.base import Message, ToolCall
from jarvisd.memory.access import PolicyBook, ReadPolicy
from jarvisd.memory.context import MemoryContext
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.scoring import Scored
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder

START = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
DIMENSIONS = 256
STORES = ("memory", "lancedb")


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def open_store(kind: str, workdir: Path) -> MemoryStore:
    if kind == "memory":
        return InMemoryStore(dimensions=DIMENSIONS)
    from jarvisd.memory.stores.lance import LanceMemoryStore

    return LanceMemoryStore(str(workdir / "memory.lance"), dimensions=DIMENSIONS)


@dataclass
class Harness:
    svc: MemoryService
    clock: Clock
    leaks: list[str] = field(default_factory=list)

    def _check(self, scope: MemoryScope, items: list[MemoryItem]) -> None:
        access = self.svc.policies.access(scope)
        for item in items:
            if not access.allows(item.user, item.agent, item.layer):
                self.leaks.append(f"{scope} saw {item.user}/{item.agent}/{item.layer}: {item.content[:40]}")

    def turn(self, scope: MemoryScope, utterance: str, answer: str, *, tool: str = "", error: bool = False,
             minutes: float = 1) -> list[MemoryItem]:
        self.clock.advance(minutes=minutes)
        msgs = [Message("user", utterance)]
        if tool:
            msgs += [Message("assistant", "", tool_calls=(ToolCall(tool, "{}"),)),
                     Message("tool", "error: failed" if error else "ok", tool_name=tool)]
        msgs.append(Message("assistant", answer))
        return self.svc.record_turn(scope, msgs)

    def observe(self, scope: MemoryScope, utterance: str) -> MemoryContext:
        ctx = self.svc.observe(scope, utterance)
        self._check(scope, [*ctx.core_facts, *(s.item for s in ctx.recalled), *ctx.patterns])
        return ctx

    def recall(self, scope: MemoryScope, query: str) -> list[Scored]:
        found = self.svc.recall(scope, query)
        self._check(scope, [s.item for s in found])
        return found

    def recall_text(self, scope: MemoryScope, query: str) -> str:
        return "\n".join(s.item.content for s in self.recall(scope, query))

    def episodes(self, scope: MemoryScope, query: str = "", task_type: str = "", outcome: str = "",
                 since: date | None = None, until: date | None = None) -> list[MemoryItem]:
        found = self.svc.recall_episodes(scope, query, task_type, outcome, since, until)
        self._check(scope, found)
        return found


@dataclass(frozen=True)
class Case:
    suite: str
    name: str
    run: Callable[[Harness], bool]
    policies: dict[str, ReadPolicy] = field(default_factory=dict)
    vectors: bool = True  # False: no embedder, keyword recall only (the seed's recall-quality setting)


@dataclass(frozen=True)
class CaseResult:
    suite: str
    name: str
    store: str
    passed: bool
    leaks: tuple[str, ...] = ()
    error: str = ""


def run_case(case: Case, store_kind: str) -> CaseResult:
    with tempfile.TemporaryDirectory(prefix="jarvisd-memeval-") as tmp:
        clock = Clock()
        store = open_store(store_kind, Path(tmp))
        embedder = HashedNgramEmbedder(DIMENSIONS) if case.vectors else None
        svc = MemoryService(store, embedder=embedder, clock=clock,
                            policies=PolicyBook(policies=case.policies))
        harness = Harness(svc=svc, clock=clock)
        try:
            ok = bool(case.run(harness))
            error = ""
        except Exception as exc:  # a crashing case is a failed case, reported with its reason
            ok, error = False, f"{type(exc).__name__}: {exc}"
        return CaseResult(case.suite, case.name, store_kind, ok and not harness.leaks, tuple(harness.leaks), error)
