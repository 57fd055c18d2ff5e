"""Recall: what long-term memory brings to a turn. The candidates gathered by recency, importance,
vector distance, rare query words and a named period; pseudo-relevance feedback; source turns of
extracted facts; the ranking (`scoring`). Also the profile facts and episodes picked by condition.

A part of `MemoryService` (it inherits `Recall`): the methods use the service's store, policies,
embedder, clock and switches, set in `MemoryService.__init__`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta, tzinfo

from jarvisd.memory.access import PolicyBook
from jarvisd.memory.episodes import MAX_PARTS, turn_key
from jarvisd.memory.feedback import feedback_query, nearest_vectors
from jarvisd.memory.items import MemoryItem, natural_id
from jarvisd.memory.period import Period, is_date_word, named_period
from jarvisd.memory.query_words import query_terms, search_terms
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.scoring import (
    Candidate,
    Scored,
    calibrated,
    joint_rank,
    keyword_score,
    rank,
    rarity_weights,
    with_conversation,
)
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.similarity import cosines, item_cosine
from jarvisd.memory.stores.base import MemoryStore, StoreQuery

RECALL_KINDS = ("semantic", "episodic")
RECALL_EXCLUDED_SOURCES = ("thought",)

TOLD_FACTS = 10_000   # the facts asked for by name searched first (newest first)
ALL_TOLD_FACTS = 2**31 - 1   # then every one, when none of those holds the words asked


class Recall:
    """Recall's half of `MemoryService`; these are the service's own fields."""

    store: MemoryStore
    policies: PolicyBook
    settings: MemorySettings
    clock: Callable[[], datetime]
    tz: tzinfo

    def _embed(self, texts: Sequence[str]) -> list[tuple[float, ...] | None]:
        raise NotImplementedError  # MemoryService's

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
        terms = tuple(search_terms(query) if self.settings.stem_terms else query_terms(query))
        vector = self._embed([query])[0] if query.strip() else None
        access = self.policies.access(scope)
        q = StoreQuery(access=access, terms=terms, vector=vector, limit=fetch, **filters)  # type: ignore[arg-type]
        weights: tuple[float, ...] = ()
        if terms and self.settings.keyword_arm:
            total, counts = self.store.term_counts(q)
            weights = tuple(rarity_weights(total, counts))
            q = replace(q, term_weights=weights)
        arms = ["recent", "importance"] + (["vector"] if vector is not None else []) + (["keyword"] if weights else [])
        found = self.store.gather(q, arms)
        period = named_period(query, self.clock().astimezone(self.tz).date()) if self.settings.period_arm else None
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
        computed = dict(zip(missing, cosines(vector, [found[i].item for i in missing]), strict=True))
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
        limit = self.settings.recall_limit if limit is None else limit
        excluded = set(exclude_ids)
        fetch = self.settings.candidate_limit + len(excluded)
        cands, vector, keywords = self._candidates(
            scope, query, fetch, kinds=RECALL_KINDS, exclude_sources=RECALL_EXCLUDED_SOURCES
        )
        cands = [c for c in cands if c.item.id not in excluded]
        if self.settings.feedback:  # from the memories the block may show, not the turns in the window
            cands, vector = self._with_feedback(cands, vector)
        terms = search_terms(query) if self.settings.stem_terms else query_terms(query)  # the words matched in items
        now = self.clock()
        if not self.settings.source_recall:
            return rank(cands, terms, now, limit)
        pool = calibrated(self._add_sources(scope, cands, vector, excluded, keywords), self.settings.keyword_share)
        if self.settings.conversation:
            pool = with_conversation(pool)
        return joint_rank(pool, terms, now, limit, self.settings.session_cap)

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
            Candidate(item, item_cosine(vector, item), keywords(item))
            for item in sources
            if item.source not in RECALL_EXCLUDED_SOURCES and item.id not in excluded and not item.superseded_by
        ]
        return cands + extra

    def core_facts(self, scope: MemoryScope) -> list[MemoryItem]:
        """The user's profile facts by stored importance (undecayed), newest first among equals."""
        q = StoreQuery(access=self.policies.access(scope), kinds=("semantic",), order="importance",
                       limit=self.settings.core_limit, match_required=False)
        return [c.item for c in self.store.search(q)]

    def told_facts(self, scope: MemoryScope, limit: int | None = None, *, superseded: bool = False,
                   holding: Callable[[list[str]], bool] | None = None) -> list[MemoryItem]:
        """The facts the user asked to keep (`/remember`, "remember that …"), newest first, none superseded: what
        "what's my locker code?" is answered from (`fact_asked.py`). Pass 45: with the newest 200 only, a fact kept
        before 200 others was denied ("You haven't told me about your bike lock code."); 3,000 facts are read in
        0.03 s and searched in 0.1 s, in the turn's thread. `superseded`: the older versions too (to forget them).
        `limit`: the newest read (TOLD_FACTS). `holding`: whether the contents read hold what is asked
        (`fact_asked.facts_meant`); when they do not and more facts were kept than were read, every fact is read
        (pass 55b: with 10,001 kept after it, "what's my bike lock code?" was denied and "forget my bike lock code"
        forgot nothing)."""
        newest = TOLD_FACTS if limit is None else limit
        q = StoreQuery(access=self.policies.access(scope), kinds=("semantic",), sources=("explicit",), order="recent",
                       limit=newest, match_required=False, include_superseded=superseded)
        found = self.store.search(q)
        items = [c.item for c in found if superseded or not c.item.superseded_by]
        if holding is not None and len(found) >= newest and not holding([item.content for item in items]):
            whole = self.store.search(replace(q, limit=ALL_TOLD_FACTS))
            items = [c.item for c in whole if superseded or not c.item.superseded_by]
        return items

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
