"""MemoryService: working memory and long-term memory behind one scoped API.

The agent loop calls `observe` before a turn (window + memory blocks for the prompt), `record_turn`
when the answer is done, and `reinforce` with the answer. Embeddings are computed here, at the store
boundary; the stores only filter, match and order. All methods are blocking (LanceDB I/O, embedding):
async callers run them in a worker thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, tzinfo

from jarvisd.llm.base import Embedder, Message
from jarvisd.memory.access import PolicyBook
from jarvisd.memory.context import MemoryContext
from jarvisd.memory.deixis import build_recall_query
from jarvisd.memory.episodes import (
    CONTEXT_RECIPE,
    MAX_PARTS,
    answer_parts,
    embedding_text,
    episode_messages,
    episode_text,
    stored_exchange,
    turn_key,
    turn_record,
)
from jarvisd.memory.items import MemoryItem, natural_id, new_item
from jarvisd.memory.patterns import wants_pattern_note
from jarvisd.memory.query_words import words_used
from jarvisd.memory.recall import Recall
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.stores.base import MemoryStore, StoreQuery
from jarvisd.memory.working import SessionMemory
from jarvisd.memory.writes import Writes
from jarvisd.store_health import StoreHealth

log = logging.getLogger(__name__)

SHIPPED = MemorySettings()  # the defaults, as shipped


def utc_now() -> datetime:
    return datetime.now(UTC)


class MemoryService(Recall, Writes):
    """Sessions (working memory), embedding and the turn hooks here; recall in `recall.Recall`, the
    explicit writes and task patterns in `writes.Writes`."""

    def __init__(
        self,
        store: MemoryStore,
        *,
        embedder: Embedder | None = None,
        policies: PolicyBook | None = None,
        settings: MemorySettings = SHIPPED,
        clock: Callable[[], datetime] = utc_now,
        tz: tzinfo = UTC,
    ) -> None:
        self.store = store
        self.policies = policies or PolicyBook()
        self.settings = settings
        self.clock = clock
        self.tz = tz
        self.warnings: list[str] = []
        self.health = StoreHealth()  # the daemon sets its `publish`: the HUD's status part "memory"
        self.health.writes_done = lambda: getattr(self.store, "writes_done", None)
        self.embedder = embedder  # None while the stored vectors do not fit it (keyword recall)
        self.configured_embedder = embedder  # what `/remember reembed` embeds with
        self.no_embedder_why: str | None = None  # why the configured embedder could not be had (a damaged file)
        stored = store.vector_dimensions
        if embedder is not None and stored is not None and stored != embedder.dimensions:
            self.warnings.append(
                f"memory vectors have {stored} dimensions but {embedder.name} makes {embedder.dimensions}; "
                "recall uses keywords only until `/remember reembed` rebuilds them"
            )
            self.embedder = None
        self._sessions: dict[MemoryScope, SessionMemory] = {}
        self._forgets: dict[MemoryScope, int] = {}   # forget_session calls per session (`forgets`)
        # a forget and a turn's write one at a time: a forget while a turn was written came before its write
        self._forgetting = threading.Lock()

    def close(self) -> None:
        """Flush buffered writes (daemon shutdown)."""
        getattr(self.store, "close", lambda: None)()

    def flush(self) -> None:
        """Make buffered writes durable (turn end: what a finished turn wrote survives a SIGKILL)."""
        getattr(self.store, "flush", lambda: None)()

    # ---- working memory -------------------------------------------------------------------------

    def session(self, scope: MemoryScope) -> SessionMemory:
        """The session's working memory; a session seen before (e.g. before a restart) continues its
        turn numbering from the episodes already stored, so no turn episode is overwritten."""
        found = self._sessions.get(scope)
        if found is None:
            q = StoreQuery(access=self.policies.access(scope), sources=("turn",), session=scope.session,
                           agent=scope.agent, order="recent", limit=50, match_required=False)
            stored = sorted(self.store.search(q), key=lambda c: int(c.item.metadata.get("turn", 0)))
            found = SessionMemory(stored_turns=max((int(c.item.metadata.get("turn", 0)) for c in stored), default=0))
            for cand in stored[-self.settings.stm_turns:]:  # the window comes back from the turn episodes
                found.add_turn(int(cand.item.metadata.get("turn", 0)), episode_messages(cand.item.content),
                               desk=cand.item.metadata.get("by") == "desk")
            found = self._sessions.setdefault(scope, found)
        return found

    def add_note(self, scope: MemoryScope, note: str) -> None:
        self.session(scope).add_note(note)

    # ---- embedding ------------------------------------------------------------------------------

    def _embed(self, texts: Sequence[str]) -> list[tuple[float, ...] | None]:
        if self.embedder is None or not texts:
            return [None] * len(texts)
        return [tuple(v) for v in self.embedder.embed(list(texts))]

    # ---- the turn hooks -------------------------------------------------------------------------

    def observe(self, scope: MemoryScope, utterance: str) -> MemoryContext:
        """The memory part of the prompt for a turn that starts with `utterance`."""
        session = self.session(scope)
        query = build_recall_query(utterance, session.previous_exchange())
        in_window = self._turn_ids(scope, session.window_turns(self.settings.stm_turns))
        recalled = self.recall(scope, query, limit=self.settings.recall_limit, exclude_ids=in_window)
        return MemoryContext(
            window=session.window(self.settings.stm_turns),
            desk_requests=session.desk_requests(self.settings.stm_turns),
            query=query,
            core_facts=self.core_facts(scope),
            recalled=recalled,
            patterns=self.task_patterns(scope, utterance),
            pattern_note=wants_pattern_note(utterance),
        ).private(utterance)

    def record_turn(
        self,
        scope: MemoryScope,
        messages: Sequence[Message],
        *,
        turn: int | None = None,
        model_error: bool = False,
        at: datetime | None = None,
        desk: bool = False,
        forgets: int | None = None,
    ) -> list[MemoryItem]:
        """Keep a finished turn: transcript in working memory, a `turn` episode and `turn_part` chunks.
        `desk`: the agenda desk answered it, not the model (the model's window leaves its answer out).
        `forgets`: the session's `forgets()` when the turn began; after another forget, nothing is kept
        (checked again with the write, so a forget while the turn is embedded is not undone by it)."""
        if forgets is not None and self.forgets(scope) != forgets:
            return []
        session = self.session(scope)
        number = turn if turn is not None else session.next_turn()
        rewrite = not session.is_new_turn(number)
        session.add_turn(number, messages, desk=desk)
        record = turn_record(messages, model_error=model_error)
        when = at or self.clock()
        texts = [episode_text(record.utterance, record.answer), *answer_parts(record.utterance, record.answer)]
        # the turn episode's second vector: the turn with the words before it (a reply that refers
        # back - "that", "she" - has the question's words in the turn before it)
        context = embedding_text(texts[0], stored_exchange(session.exchange_before(number)))
        with_context = context != texts[0]
        vectors = self._embed([*texts, context] if with_context else texts)
        context_vector = vectors.pop() if with_context else None
        meta = {"task_type": record.task_type, "outcome": record.outcome, "tools": list(record.tools),
                "turn": number, **({"by": "desk"} if desk else {})}
        context_meta = {"context_recipe": CONTEXT_RECIPE} if with_context else {}
        items = [
            new_item(
                user=scope.user, agent=scope.agent, session=scope.session,
                source="turn" if part == 0 else "turn_part", content=text, created_at=when,
                item_id=natural_id(*turn_key(scope, number, part)),
                metadata={**meta, "part": part} if part else {**meta, **context_meta}, vector=vector,
                context_vector=None if part else context_vector,
            )
            for part, (text, vector) in enumerate(zip(texts, vectors, strict=True))
        ]
        with self._forgetting:
            if forgets is not None and self.forgets(scope) != forgets:
                log.info("memory: the turn in session %r was not kept: the session was forgotten while it was "
                         "written", scope.session)
                return []
            self.store.upsert(items)
        if rewrite:  # a shorter rewrite must not leave the old answer's parts behind
            self.store.delete([natural_id(*turn_key(scope, number, p)) for p in range(len(texts), MAX_PARTS + 1)])
        return items

    def reinforce(self, scope: MemoryScope, context: MemoryContext, answer: str) -> list[str]:
        """After the answer: recalled items get `last_accessed`; those used in it get a rehearsal."""
        ids = context.recalled_ids
        used = [s.item.id for s in context.recalled if words_used(s.item.content, answer)]
        if ids:
            self.store.touch(ids, self.clock(), rehearsed=used)
        self.session(scope).rehearse(used)
        return used
