"""What is written to long-term memory apart from the turns: `/remember` facts (superseding the same
topic, flagging interference), any other episode (thoughts, journals, extracted facts...), forgetting
a session, and task patterns (procedural memory).

A part of `MemoryService` (it inherits `Writes`): the methods use the service's store, policies,
embedder, clock and sessions, set in `MemoryService.__init__`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from jarvisd.memory.access import PolicyBook
from jarvisd.memory.deixis import is_deictic
from jarvisd.memory.episodes import episode_text, exchange_of
from jarvisd.memory.facts import (
    MODELS_WRITINGS,
    interferes,
    outranked_by,
    readings_of,
    superseded,
    told_topic,
    topic_of,
)
from jarvisd.memory.items import EXPLICIT_IMPORTANCE, MemoryItem, natural_id, new_item
from jarvisd.memory.patterns import MAX_PATTERNS, TaskPattern, pattern_hits
from jarvisd.memory.query_words import normalise
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.similarity import cosine
from jarvisd.memory.stores.base import MemoryStore, StoreQuery
from jarvisd.memory.working import SessionMemory

SESSION_SOURCES = ("turn", "turn_part", "thought")
INTERFERENCE_SCAN = 200
SESSION_SCAN = 500  # the newest session records read to find the recent sessions (the HUD's list)
PREVIEW_CHARS = 80
READINGS_SCAN = 5000   # the newest extracted facts read when a kept fact is forgotten (a few per session)


@dataclass(frozen=True)
class SessionSummary:
    """One stored session as the HUD lists it: what `forget_session` would delete."""

    session: str
    turns: int  # turn episodes
    records: int  # turns, their parts and thought logs: the rows forgetting deletes
    last: datetime
    preview: str  # the latest turn's utterance (or the latest record), cut short

    def view(self) -> dict[str, object]:
        return {"session": self.session, "turns": self.turns, "records": self.records,
                "last": self.last.isoformat(), "preview": self.preview}


class Writes:
    """The explicit writes of `MemoryService`; these are the service's own fields."""

    store: MemoryStore
    policies: PolicyBook
    clock: Callable[[], datetime]
    _sessions: dict[MemoryScope, SessionMemory]
    _forgets: dict[MemoryScope, int]
    _forgetting: threading.Lock

    def _embed(self, texts: Sequence[str]) -> list[tuple[float, ...] | None]:
        raise NotImplementedError  # MemoryService's

    def session(self, scope: MemoryScope) -> SessionMemory:
        raise NotImplementedError  # MemoryService's

    def remember(self, scope: MemoryScope, text: str, *, at: datetime | None = None) -> MemoryItem:
        """/remember <text>: a user-profile fact at importance 0.8; deixis keeps the previous exchange."""
        text = text.strip()
        metadata: dict[str, object] = {}
        content = text
        previous = self.session(scope).previous_exchange()
        if previous and is_deictic(text):
            referent = episode_text(*previous)
            metadata["referent"] = referent
            content = f"{text}\n{referent}"
        item = new_item(
            user=scope.user, agent=scope.agent, session=scope.session, source="explicit", content=content,
            created_at=at or self.clock(), item_id=natural_id(scope.user, "explicit", normalise(content)),
            importance=EXPLICIT_IMPORTANCE, topic=topic_of(text) or told_topic(text), metadata=metadata,
            vector=self._embed([content])[0],
        )
        return self.write_fact(scope, item)

    def write_fact(self, scope: MemoryScope, item: MemoryItem) -> MemoryItem:
        """Store a semantic fact: supersede same-topic facts, flag interference with other topics."""
        access = self.policies.access(scope)
        old: list[MemoryItem] = []
        if item.topic:
            q = StoreQuery(access=access, kinds=("semantic",), topic=item.topic, limit=INTERFERENCE_SCAN,
                           match_required=False)
            same = [c.item for c in self.store.search(q)]
            old = superseded(item, same)
            if (users_word := outranked_by(item, same)) is not None:   # the model's reading, kept as history
                item = item.with_(superseded_by=users_word)
        q = StoreQuery(access=access, kinds=("semantic",), limit=INTERFERENCE_SCAN, match_required=False)
        flagged = [
            c.item.id for c in self.store.search(q)
            if interferes(item, c.item, cosine(item.vector, c.item.vector))
        ]
        if flagged:
            item = item.with_(metadata={**item.metadata, "interference": flagged})
        self.store.upsert([*old, item])
        return item

    def record_episode(
        self,
        scope: MemoryScope,
        source: str,
        content: str,
        *,
        importance: float = 0.5,
        at: datetime | None = None,
        metadata: dict[str, object] | None = None,
        key: str = "",
    ) -> MemoryItem:
        """Any other write (thought, journal, delegation, promoted, manual_compact, extracted, ...)."""
        when = at or self.clock()
        item = new_item(
            user=scope.user, agent=scope.agent, session=scope.session, source=source, content=content,
            created_at=when, importance=importance, topic=topic_of(content), metadata=metadata,
            item_id=natural_id(scope.user, scope.agent, source, key or f"{when.isoformat()}|{content}"),
            vector=self._embed([content])[0],
        )
        if item.kind == "semantic":
            return self.write_fact(scope, item)
        self.store.upsert([item])
        return item

    def forget_told(self, scope: MemoryScope, items: Sequence[MemoryItem]) -> list[MemoryItem]:
        """Delete kept facts ("forget my gym code": those `told_facts(scope, superseded=True)` gave that hold its key
        words, `fact_asked.facts_meant`), the user's own only. Returns those deleted. Durable when it returns."""
        mine = [item for item in items if item.user == scope.user and item.source == "explicit"]
        if mine:   # with the model's readings holding their values (`facts.readings_of`, pass 78), and whatever else it
            # wrote from the turns (summaries, journal, user model, thoughts: pass 79)
            q = StoreQuery(access=self.policies.access(scope), sources=MODELS_WRITINGS,
                           limit=READINGS_SCAN, match_required=False, include_superseded=True)
            readings = readings_of(mine, [c.item for c in self.store.search(q) if c.item.user == scope.user])
            self.store.delete([item.id for item in [*mine, *readings]])
        return mine

    def forget_session(self, scope: MemoryScope) -> int:
        """Delete the session's turn episodes, thought logs and working memory (exact session id)."""
        with self._forgetting:   # after a turn's write, or before it and counted: never between (pass 31)
            self._sessions.pop(scope, None)
            self._forgets[scope] = self._forgets.get(scope, 0) + 1
            return self.store.delete_session(scope.user, scope.agent, scope.session, SESSION_SOURCES)

    def forgets(self, scope: MemoryScope) -> int:
        """How many times the session was forgotten in this process: a turn that began before one is not
        kept when it ends (pass 29: a story forgotten while it ran came back with its question)."""
        return self._forgets.get(scope, 0)

    def recent_sessions(self, scope: MemoryScope, limit: int = 20) -> list[SessionSummary]:
        """The agent's sessions with stored records (`scope.session` is not used), newest first: those
        among its newest `SESSION_SCAN` records. The counts are the store's filter counts (from the
        resident copy's key columns: no rows are read for them)."""
        base = StoreQuery(access=self.policies.access(scope), agent=scope.agent, sources=SESSION_SOURCES,
                          limit=SESSION_SCAN, match_required=False)
        newest: dict[str, list[MemoryItem]] = {}
        for candidate in self.store.search(base):  # newest first
            item = candidate.item
            if item.session and (item.session in newest or len(newest) < limit):
                newest.setdefault(item.session, []).append(item)
        summaries = []
        for session, items in newest.items():
            turn = next((i for i in items if i.source == "turn"), None)
            preview = exchange_of(turn.content)[0] if turn is not None else items[0].content
            preview = " ".join(preview.split())
            summaries.append(SessionSummary(
                session=session,
                turns=self.store.term_counts(replace(base, session=session, sources=("turn",)))[0],
                records=self.store.term_counts(replace(base, session=session))[0],
                last=items[0].created_at,
                preview=preview if len(preview) <= PREVIEW_CHARS else preview[:PREVIEW_CHARS - 1] + "…"))
        return summaries

    # ---- task patterns (procedural) -------------------------------------------------------------

    def remember_pattern(self, scope: MemoryScope, pattern: TaskPattern) -> MemoryItem:
        item = new_item(
            user=scope.user, agent=scope.agent, session=scope.session, source="task_pattern",
            content=pattern.content(), created_at=self.clock(), importance=0.6,
            item_id=natural_id(scope.user, scope.agent, "pattern", pattern.name),
            metadata={"name": pattern.name, "keywords": list(pattern.keywords)},
        )
        self.store.upsert([item])
        return item

    def patterns(self, scope: MemoryScope) -> list[MemoryItem]:
        q = StoreQuery(access=self.policies.access(scope), kinds=("procedural",), limit=500,
                       match_required=False)
        return [c.item for c in self.store.search(q)]

    def task_patterns(self, scope: MemoryScope, request: str) -> list[MemoryItem]:
        """Up to two patterns whose keywords (or name) occur in the request, most hits first."""
        hits = []
        for item in self.patterns(scope):
            words = [str(item.metadata.get("name", "")), *map(str, item.metadata.get("keywords", []))]
            count = pattern_hits(words, request)
            if count:
                hits.append((count, item))
        hits.sort(key=lambda h: (-h[0], h[1].id))
        return [item for _, item in hits[:MAX_PATTERNS]]

    def forget_pattern(self, scope: MemoryScope, name: str) -> None:
        self.store.delete([natural_id(scope.user, scope.agent, "pattern", name)])
