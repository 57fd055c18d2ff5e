"""Consolidation: durable facts out of episodes, into the user profile. Idempotent.

The fact extractor (an LLM in the daemon) gets the user's utterances of one session, in turn order;
facts under importance 0.5 are dropped. Each fact records the turn whose utterance shares most of
its words as `metadata.from_episode` (source recall). Task types with three successful turns become
procedure candidates; with a drafts folder, a candidate that this pass saw a new success of and that
is not a task pattern yet is written as a draft (`procedure_drafts`, `pattern-task-<type>.md`), which
the user approves with `/procedures approve pattern-task-<type>` like a failure-reflection draft.

An extractor that cannot give a usable answer (a local model's broken JSON, a backend error) raises
`ExtractionFailed`: that session's batch is left unconsolidated, with the reason in the report, and is
tried again on the next pass. Nothing is marked consolidated unless its facts were stored.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jarvisd.memory.access import current_items
from jarvisd.memory.items import MemoryItem, natural_id, new_item
from jarvisd.memory.patterns import TaskPattern
from jarvisd.memory.procedure_drafts import PatternDraft, list_drafts, write_draft
from jarvisd.memory.query_words import normalise, query_terms, term_overlap
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.stores.base import StoreQuery

CONSOLIDATE_SOURCES = ("turn", "manual_compact")
BATCH = 50
MIN_IMPORTANCE = 0.5
PROCEDURE_MIN_SUCCESSES = 3
DRAFT_EXAMPLES = 3
DRAFT_KEYWORDS = 4

log = logging.getLogger(__name__)


class ExtractionFailed(RuntimeError):
    """The extractor had no usable answer for a batch; the batch stays pending and is retried."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class ExtractedFact:
    key: str
    value: str
    importance: float

    def content(self) -> str:
        return f"{self.key}: {self.value}"


Extractor = Callable[[Sequence[str]], list[ExtractedFact]]


@dataclass
class ConsolidationReport:
    episodes: int = 0
    facts: list[MemoryItem] = field(default_factory=list)
    procedure_candidates: list[str] = field(default_factory=list)
    procedure_drafts: list[Path] = field(default_factory=list)  # drafts written in this pass
    consolidated: int = 0  # episodes marked consolidated in this pass
    failed: dict[str, str] = field(default_factory=dict)  # session -> why its batch stays pending


def utterance_of(episode: MemoryItem) -> str:
    first = episode.content.split("\n답", 1)[0]
    return first.removeprefix("사용자: ")


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = sum(x * x for x in a) ** 0.5 * sum(y * y for y in b) ** 0.5
    return dot / norm if norm else 0.0


def source_episode(
    fact: ExtractedFact, episodes: Sequence[MemoryItem], vector: Sequence[float] | None = None
) -> MemoryItem | None:
    """The episode whose utterance holds most of the fact's words; when none shares a word (a Korean
    fact from an English conversation), the episode nearest to the fact's vector; else None."""
    terms = query_terms(fact.content())
    best = max(episodes, key=lambda e: (term_overlap(terms, utterance_of(e)), e.created_at), default=None)
    if best is not None and term_overlap(terms, utterance_of(best)) > 0:
        return best
    near = [e for e in episodes if vector is not None and e.vector is not None and len(e.vector) == len(vector)]
    if vector is None or not near:
        return None
    return max(near, key=lambda e: _cosine(vector, e.vector or ()))


def procedure_candidates(episodes: Sequence[MemoryItem]) -> list[str]:
    """Task types (other than chat) with at least three successful turns."""
    wins = Counter(
        str(e.metadata.get("task_type")) for e in episodes
        if e.source == "turn" and e.metadata.get("outcome") == "success" and e.metadata.get("task_type") != "chat"
    )
    return sorted(t for t, n in wins.items() if n >= PROCEDURE_MIN_SUCCESSES)


def _successes(task_type: str, episodes: Sequence[MemoryItem]) -> list[MemoryItem]:
    return [e for e in episodes if e.source == "turn" and e.metadata.get("task_type") == task_type
            and e.metadata.get("outcome") == "success"]


def procedure_draft(task_type: str, episodes: Sequence[MemoryItem], agent: str, user: str = "") -> PatternDraft:
    """A task-pattern draft from the successful turns of one task type (pure; no model call).

    `when` quotes the requests, `steps` the tool sequence those turns used most, and the keywords are
    the words most of the requests share; the user edits the file before approving it.
    """
    wins = sorted(_successes(task_type, episodes), key=lambda e: e.created_at, reverse=True)
    asks = [utterance_of(e).strip()[:80] for e in wins]
    tools = Counter(tuple(str(t) for t in e.metadata.get("tools", [])) for e in wins).most_common(1)
    sequence = " -> ".join(tools[0][0]) if tools and tools[0][0] else task_type
    words = Counter(t for ask in asks for t in set(query_terms(ask)))
    keywords = tuple(w for w, n in words.most_common(DRAFT_KEYWORDS) if n >= 2) or (task_type,)
    examples = "\n".join(f"- {a}" for a in asks[:DRAFT_EXAMPLES])
    pattern = TaskPattern(
        name=f"task-{task_type}",
        when=f"the user asks for something like: {'; '.join(asks[:DRAFT_EXAMPLES])}",
        steps=f"Use {sequence}, as in the successful turns:\n{examples}",
        keywords=keywords,
    )
    return PatternDraft(pattern, agent=agent, lesson=f"{len(wins)} successful {task_type} turns", user=user)


def write_procedure_drafts(
    folder: Path, candidates: Sequence[str], episodes: Sequence[MemoryItem], fresh: Sequence[MemoryItem],
    agent: str, known_patterns: Collection[str], user: str = "",
) -> list[Path]:
    """Drafts for candidates with a success among `fresh` (this pass's episodes), not already a task
    pattern and without a draft waiting (any user's: another user's is not overwritten): a draft the user deleted
    comes back only after a new success. Each names `user`, whose requests it quotes (pass 54e)."""
    waiting = set(list_drafts(folder))
    written = []
    for task_type in candidates:
        draft = procedure_draft(task_type, episodes, agent, user)
        if draft.pattern.name in known_patterns or draft.slug in waiting or not _successes(task_type, fresh):
            continue
        written.append(write_draft(folder, draft))
    return written


def consolidate(
    service: object, scope: MemoryScope, extract: Extractor, *, skip_sessions: Collection[str] = (),
    drafts_dir: Path | None = None,
) -> ConsolidationReport:
    """Run one consolidation pass for the scope's agent (the service is a `MemoryService`).

    Sessions in `skip_sessions` (answering right now) are left for a later pass. With `drafts_dir`,
    procedure candidates become task-pattern drafts there (see `write_procedure_drafts`).
    """
    from jarvisd.memory.service import MemoryService

    assert isinstance(service, MemoryService)
    access = service.policies.access(scope)
    q = StoreQuery(access=access, kinds=("episodic",), sources=CONSOLIDATE_SOURCES, agent=scope.agent,
                   order="recent", limit=BATCH * 4, match_required=False)
    episodes = [c.item for c in service.store.search(q)]
    report = ConsolidationReport(procedure_candidates=procedure_candidates(episodes))
    pending = [
        e for e in episodes if not e.metadata.get("consolidated") and e.session not in skip_sessions
    ][:BATCH]
    report.episodes = len(pending)
    by_session: dict[str, list[MemoryItem]] = {}
    for episode in sorted(pending, key=lambda e: (e.session, e.metadata.get("turn", 0), e.created_at)):
        by_session.setdefault(episode.session, []).append(episode)
    for session, group in by_session.items():
        try:
            facts = [f for f in extract([utterance_of(e) for e in group]) if f.importance >= MIN_IMPORTANCE]
        except ExtractionFailed as exc:
            log.warning("consolidation of session %s (%d episodes) deferred: %s", session, len(group), exc.reason)
            report.failed[session] = exc.reason
            continue
        vectors = service._embed([fact.content() for fact in facts])  # one embedder call per session
        for fact, vector in zip(facts, vectors, strict=True):
            source = source_episode(fact, group, vector)
            metadata = {"from_episode": source.id} if source else {}
            item = new_item(
                user=scope.user, agent=scope.agent, session=session, source="extracted",
                content=fact.content(), created_at=service.clock(), importance=fact.importance,
                topic=normalise(fact.key).strip(), metadata=metadata,
                item_id=natural_id(scope.user, "extracted", normalise(fact.content())),
                vector=vector,
            )
            report.facts.append(service.write_fact(scope, item))
        marked = current_items(service.store, group).values()   # not the copies read before the extraction
        service.store.upsert([e.with_(metadata={**e.metadata, "consolidated": True}) for e in marked])
        report.consolidated += len(marked)
        if drafts_dir is not None:
            known = {str(p.metadata.get("name", "")) for p in service.patterns(scope)}
            report.procedure_drafts += write_procedure_drafts(
                drafts_dir, report.procedure_candidates, episodes, group, scope.agent, known, scope.user)
    return report
