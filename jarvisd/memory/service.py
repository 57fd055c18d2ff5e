"""MemoryService: working memory and long-term memory behind one scoped API.

The agent loop calls `observe` before a turn (window + memory blocks for the prompt), `record_turn`
when the answer is done, and `reinforce` with the answer. Embeddings are computed here, at the store
boundary; the stores only filter, match and order. All methods are blocking (LanceDB I/O, embedding):
async callers run them in a worker thread.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo

import numpy as np

from jarvisd.llm.base import Embedder, Message
from jarvisd.memory.access import PolicyBook
from jarvisd.memory.context import MemoryContext
from jarvisd.memory.deixis import build_recall_query, is_deictic
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
from jarvisd.memory.facts import interferes, superseded, topic_of
from jarvisd.memory.feedback import feedback_query, nearest_vectors
from jarvisd.memory.items import EXPLICIT_IMPORTANCE, MemoryItem, natural_id, new_item
from jarvisd.memory.korean import normalise, query_terms, search_terms, words_used
from jarvisd.memory.patterns import MAX_PATTERNS, TaskPattern, pattern_hits, wants_pattern_note
from jarvisd.memory.period import Period, is_date_word, named_period
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.scoring import (
    KEYWORD_SHARE,
    SESSION_CAP,
    Candidate,
    Scored,
    best_cosine,
    calibrated,
    joint_rank,
    keyword_score,
    rank,
    rarity_weights,
    with_conversation,
)
from jarvisd.memory.stores.base import MemoryStore, StoreQuery
from jarvisd.memory.working import SessionMemory

RECALL_KINDS = ("semantic", "episodic")
RECALL_EXCLUDED_SOURCES = ("thought",)
SESSION_SOURCES = ("turn", "turn_part", "thought")
INTERFERENCE_SCAN = 200


def utc_now() -> datetime:
    return datetime.now(UTC)


def _cosine(a: Sequence[float] | None, b: Sequence[float] | None) -> float | None:
    if a is None or b is None or len(a) != len(b):
        return None
    va, vb = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    norm = float(np.linalg.norm(va) * np.linalg.norm(vb))
    return float(va @ vb) / norm if norm else None


def _vector_cosines(q: np.ndarray, vectors: Sequence[Sequence[float] | None]) -> list[float | None]:
    with_vec = [i for i, v in enumerate(vectors) if v is not None and len(v) == len(q)]
    out: list[float | None] = [None] * len(vectors)
    if with_vec:  # fromiter: the same float32 values as asarray of the tuples, at half the cost
        flat = itertools.chain.from_iterable(vectors[i] for i in with_vec)  # type: ignore[misc]
        m = np.fromiter(flat, dtype=np.float32, count=len(with_vec) * len(q)).reshape(len(with_vec), len(q))
        norms = np.linalg.norm(m, axis=1) * float(np.linalg.norm(q))
        sims = (m @ q) / np.where(norms == 0, 1.0, norms)
        for i, sim in zip(with_vec, sims.tolist(), strict=True):
            out[i] = sim
    return out


def _cosines(query: Sequence[float] | None, items: Sequence[MemoryItem]) -> list[float | None]:
    """Each item's relevance cosine to the query, in one pass: the higher of its turn vector's and its
    context vector's (`best_cosine`); None where the query or the item has no vector."""
    if query is None:
        return [None] * len(items)
    q = np.asarray(query, dtype=np.float32)
    own = _vector_cosines(q, [it.vector for it in items])
    context = _vector_cosines(q, [it.context_vector for it in items])
    return [best_cosine(a, b) for a, b in zip(own, context, strict=True)]


def _item_cosine(query: Sequence[float] | None, item: MemoryItem) -> float | None:
    return best_cosine(_cosine(query, item.vector), _cosine(query, item.context_vector))


class MemoryService:
    def __init__(
        self,
        store: MemoryStore,
        *,
        embedder: Embedder | None = None,
        policies: PolicyBook | None = None,
        stm_turns: int = 3,
        recall_limit: int = 3,
        core_limit: int = 3,
        candidate_limit: int = 12,
        source_recall: bool = True,
        keyword_arm: bool = True,
        keyword_share: float = KEYWORD_SHARE,
        stem_terms: bool = True,
        session_cap: int = SESSION_CAP,
        period_arm: bool = True,
        feedback: bool = True,
        conversation: bool = True,
        clock: Callable[[], datetime] = utc_now,
        tz: tzinfo = UTC,
    ) -> None:
        self.store = store
        self.policies = policies or PolicyBook()
        self.stm_turns = stm_turns
        self.recall_limit = recall_limit
        self.core_limit = core_limit
        self.candidate_limit = candidate_limit
        self.source_recall = source_recall
        self.keyword_arm = keyword_arm  # the rarity-weighted keyword candidates (docs/memory-net-value.md)
        self.keyword_share = keyword_share
        self.stem_terms = stem_terms  # English inflections cut from the words matched (`search_terms`)
        self.session_cap = session_cap  # > 0: at most this many items of one session before any of another
        self.period_arm = period_arm  # a query naming a month or a year also gathers inside it (`named_period`)
        self.feedback = feedback  # candidates ranked by the query moved toward its nearest (`feedback.py`)
        self.conversation = conversation  # a turn's conversation and next turn add to its relevance (`with_conversation`)
        self.clock = clock
        self.tz = tz
        self.warnings: list[str] = []
        self.embedder = embedder  # None while the stored vectors do not fit it (keyword recall)
        self.configured_embedder = embedder  # what `/remember reembed` embeds with
        stored = store.vector_dimensions
        if embedder is not None and stored is not None and stored != embedder.dimensions:
            self.warnings.append(
                f"memory vectors have {stored} dimensions but {embedder.name} makes {embedder.dimensions}; "
                "recall uses keywords only until `/remember reembed` rebuilds them"
            )
            self.embedder = None
        self._sessions: dict[MemoryScope, SessionMemory] = {}

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
            for cand in stored[-self.stm_turns:]:  # the window comes back from the turn episodes
                found.add_turn(int(cand.item.metadata.get("turn", 0)), episode_messages(cand.item.content))
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
        in_window = self._turn_ids(scope, session.window_turns(self.stm_turns))
        recalled = self.recall(scope, query, limit=self.recall_limit, exclude_ids=in_window)
        return MemoryContext(
            window=session.window(self.stm_turns),
            query=query,
            core_facts=self.core_facts(scope),
            recalled=recalled,
            patterns=self.task_patterns(scope, utterance),
            pattern_note=wants_pattern_note(utterance),
        )

    def record_turn(
        self,
        scope: MemoryScope,
        messages: Sequence[Message],
        *,
        turn: int | None = None,
        model_error: bool = False,
        at: datetime | None = None,
    ) -> list[MemoryItem]:
        """Keep a finished turn: transcript in working memory, a `turn` episode and `turn_part` chunks."""
        session = self.session(scope)
        number = turn if turn is not None else session.next_turn()
        rewrite = not session.is_new_turn(number)
        session.add_turn(number, messages)
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
                "turn": number}
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

    # ---- recall ---------------------------------------------------------------------------------

    def _turn_ids(self, scope: MemoryScope, turns: Sequence[int]) -> set[str]:
        return {natural_id(*turn_key(scope, t, p)) for t in turns for p in range(MAX_PARTS + 1)}

    def _candidates(
        self, scope: MemoryScope, query: str, fetch: int, **filters: object
    ) -> tuple[list[Candidate], tuple[float, ...] | None, Callable[[MemoryItem], float]]:
        """Keyword or vector matches, gathered by recency, by importance, by vector distance and by the
        rarity of the query words they hold (BM25-like: `scoring.rarity_weights` over the items the
        query may read, so a speaker's name in half the items counts little); when the query names a
        day, a month or a year (`named_period`), the vector arm once more inside that period. Each candidate
        carries its cosine and its keyword score; the scorer is returned for source turns."""
        terms = tuple(search_terms(query) if self.stem_terms else query_terms(query))
        vector = self._embed([query])[0] if query.strip() else None
        access = self.policies.access(scope)
        q = StoreQuery(access=access, terms=terms, vector=vector, limit=fetch, **filters)  # type: ignore[arg-type]
        weights: tuple[float, ...] = ()
        if terms and self.keyword_arm:
            total, counts = self.store.term_counts(q)
            weights = tuple(rarity_weights(total, counts))
            q = replace(q, term_weights=weights)
        arms = ["recent", "importance"] + (["vector"] if vector is not None else []) + (["keyword"] if weights else [])
        found = self.store.gather(q, arms)
        period = named_period(query, self.clock().astimezone(self.tz).date()) if self.period_arm else None
        dated: tuple[str, ...] = ()
        if period is not None:
            have = {c.item.id for c in found}
            # inside the period its nearest items (its newest without an embedder): the other arms
            # inside it cost 1-4 ms each at 10k items and added nothing on LoCoMo (docs/memory-net-value.md)
            inside = ["vector"] if vector is not None else ["recent"]
            found += [c for c in self.store.gather(self._within(q, period), inside) if c.item.id not in have]
            dated = tuple(t for t in terms if is_date_word(t))

        def keywords(item: MemoryItem) -> float:
            if not weights:
                return 0.0
            said_then = bool(dated) and period is not None and period.holds(item.created_at.astimezone(self.tz).date())
            return keyword_score(terms, weights, item.content, dated if said_then else ())

        # a store gives each candidate's cosine where it computed one (the in-memory store and the
        # resident copy: all of them); the rest (LanceDB rows outside its ANN answer) are computed here
        missing = [i for i, c in enumerate(found) if c.cosine is None]
        computed = dict(zip(missing, _cosines(vector, [found[i].item for i in missing]), strict=True))
        sims = [computed.get(i, c.cosine) for i, c in enumerate(found)]
        cands = [Candidate(c.item, sim, keywords(c.item)) for c, sim in zip(found, sims, strict=True)]
        return cands, vector, keywords

    def _with_feedback(
        self, cands: list[Candidate], vector: tuple[float, ...] | None
    ) -> tuple[list[Candidate], tuple[float, ...] | None]:
        """The candidates with their cosines to the query moved toward the nearest of them
        (`feedback.py`), and that vector; as they are without a query vector."""
        if vector is None or not (nearest := nearest_vectors(cands)):
            return cands, vector
        moved = feedback_query(vector, nearest)
        sims = self.store.cosines([c.item.id for c in cands], moved)
        return [Candidate(c.item, sims.get(c.item.id), c.keyword) for c in cands], moved

    def _within(self, q: StoreQuery, period: Period) -> StoreQuery:
        """`q` restricted to `period` (its days in the service's time zone; an item's `created_at` is when
        it was said)."""
        return replace(q, since=datetime.combine(period.start, time.min, self.tz),
                       until=datetime.combine(period.end, time.min, self.tz))

    def recall(
        self, scope: MemoryScope, query: str, *, limit: int | None = None, exclude_ids: Sequence[str] = ()
    ) -> list[Scored]:
        """The recall block: facts and episodes (no thought logs), `exclude_ids` left out.

        Extra candidates are fetched for the excluded ids so the block keeps its size. With source
        recall on, the candidates' cosines (sources included) are calibrated per query, and what their
        conversation says added (`with_conversation`), before `joint_rank`'s relevance bands.
        """
        limit = self.recall_limit if limit is None else limit
        excluded = set(exclude_ids)
        fetch = self.candidate_limit + len(excluded)
        cands, vector, keywords = self._candidates(
            scope, query, fetch, kinds=RECALL_KINDS, exclude_sources=RECALL_EXCLUDED_SOURCES
        )
        cands = [c for c in cands if c.item.id not in excluded]
        if self.feedback:  # from the memories the block may show, not the turns in the window
            cands, vector = self._with_feedback(cands, vector)
        terms = search_terms(query) if self.stem_terms else query_terms(query)  # the words matched in items
        now = self.clock()
        if not self.source_recall:
            return rank(cands, terms, now, limit)
        pool = calibrated(self._add_sources(scope, cands, vector, excluded, keywords), self.keyword_share)
        if self.conversation:
            pool = with_conversation(pool)
        return joint_rank(pool, terms, now, limit, self.session_cap)

    def _add_sources(
        self, scope: MemoryScope, cands: list[Candidate], vector: tuple[float, ...] | None, excluded: set[str],
        keywords: Callable[[MemoryItem], float],
    ) -> list[Candidate]:
        """Source recall (M9): each extracted fact brings its source turn (`metadata.from_episode`)."""
        have = {c.item.id for c in cands}
        wanted = list(dict.fromkeys(
            str(c.item.metadata["from_episode"]) for c in cands
            if c.item.metadata.get("from_episode") and c.item.metadata["from_episode"] not in have
        ))
        sources = self.store.get(wanted, self.policies.access(scope)) if wanted else []
        extra = [
            Candidate(item, _item_cosine(vector, item), keywords(item))
            for item in sources
            if item.source not in RECALL_EXCLUDED_SOURCES and item.id not in excluded and not item.superseded_by
        ]
        return cands + extra

    def core_facts(self, scope: MemoryScope) -> list[MemoryItem]:
        """The user's profile facts by stored importance (undecayed), newest first among equals."""
        q = StoreQuery(access=self.policies.access(scope), kinds=("semantic",), order="importance",
                       limit=self.core_limit, match_required=False)
        return [c.item for c in self.store.search(q)]

    def recall_episodes(
        self,
        scope: MemoryScope,
        query: str = "",
        task_type: str = "",
        outcome: str = "",
        since: date | None = None,
        until: date | None = None,
        limit: int = 5,
    ) -> list[MemoryItem]:
        """Pick episodes by condition ("last week's failed loan calculation"); dates are inclusive."""
        start = datetime.combine(since, time.min, self.tz) if since else None
        end = datetime.combine(until + timedelta(days=1), time.min, self.tz) if until else None
        q = StoreQuery(
            access=self.policies.access(scope), terms=tuple(query_terms(query)), kinds=("episodic",),
            sources=("turn",), task_type=task_type, outcome=outcome, since=start, until=end,
            order="recent", limit=limit, match_required=bool(query_terms(query)),
        )
        return [c.item for c in self.store.search(q)]

    # ---- explicit writes ------------------------------------------------------------------------

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
            importance=EXPLICIT_IMPORTANCE, topic=topic_of(text), metadata=metadata,
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
            old = superseded(item, [c.item for c in self.store.search(q)])
        q = StoreQuery(access=access, kinds=("semantic",), limit=INTERFERENCE_SCAN, match_required=False)
        flagged = [
            c.item.id for c in self.store.search(q)
            if interferes(item, c.item, _cosine(item.vector, c.item.vector))
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

    def forget_session(self, scope: MemoryScope) -> int:
        """Delete the session's turn episodes, thought logs and working memory (exact session id)."""
        self._sessions.pop(scope, None)
        return self.store.delete_session(scope.user, scope.agent, scope.session, SESSION_SOURCES)

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
