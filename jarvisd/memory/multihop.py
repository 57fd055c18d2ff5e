"""Multi-hop recall: a second round seeded by the first round's best evidence (issue 22).

A question that gathers two facts ("What subject have Caroline and Melanie both painted?", "What
activities does Melanie partake in?") finds the one memory that says one of them plainly; the others
share little with the question. What they may share with that memory is its names and rare words (the
pottery, "Luna", the clarinet) and its time. So when the first round's relevance is flat (no memory
stands out: `is_flat`) or the question joins two facts ("and", "both", "after ... did", "같이",
"그리고": `joins_two_facts`), the first round's best memory is the seed: its words that are rare among
the candidates and not in the question (`seed_words`) score every candidate below the first round's
top `KEEP` that is not in the seed's own conversation (`hop_scores`), and every `EVERY`-th place after
the top `KEEP` goes to the best of them (`merge_rounds`). The block keeps its length.

Pure rules over the ranked items; `Recall.recall` calls them (`MemorySettings.second_round`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence

from jarvisd.memory.items import MemoryItem
from jarvisd.memory.query_words import normalise
from jarvisd.memory.scoring import CONVERSATION_WINDOW, Scored

KEEP = 8  # the first round's top items that keep their places
EVERY = 3  # after those, every n-th place goes to the second round's best
SEED_SHARE = 0.3  # of a second-round score from the seed's words (the rest: first-round relevance)
RARE_SHARE = 0.1  # a seed word is rare when at most this share of the candidates hold it
MIN_WORD = 3  # letters; shorter words are not seed words
FLAT_TOP = 10  # relevance is flat when the best cosine is within FLAT_SPREAD of the FLAT_TOP-th
FLAT_SPREAD = 0.018

_JOIN_EN = re.compile(r"\b(and|both)\b|\bafter\b.*\b(did|do|does|had|has|was|were)\b", re.IGNORECASE)
_JOIN_KO = ("같이", "그리고", "둘 다", "함께")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def joins_two_facts(query: str) -> bool:
    """Does the question join two facts: "and", "both", "after ... did", "같이", "그리고", "둘 다", "함께"."""
    return bool(_JOIN_EN.search(query)) or any(w in query for w in _JOIN_KO)


def is_flat(cosines: Sequence[float | None], top: int = FLAT_TOP, spread: float = FLAT_SPREAD) -> bool:
    """The first round's raw cosines are flat when the best is within `spread` of the `top`-th best
    (no memory stands out). Fewer than `top` cosines: not flat (too few to tell)."""
    present = sorted((c for c in cosines if c is not None), reverse=True)
    return len(present) >= top and present[0] - present[top - 1] <= spread


def wants_second_round(query: str, cosines: Sequence[float | None]) -> bool:
    """The trigger: the question joins two facts, or the first round's relevance is flat."""
    return joins_two_facts(query) or is_flat(cosines)


def words(text: str) -> set[str]:
    return set(_WORD.findall(normalise(text)))


def same_conversation(a: MemoryItem, b: MemoryItem) -> bool:
    """Said in one conversation: the same user, agent and session, within `CONVERSATION_WINDOW`."""
    return ((a.user, a.agent, a.session) == (b.user, b.agent, b.session)
            and abs(a.created_at - b.created_at) <= CONVERSATION_WINDOW)


def seed_words(
    seed: str, candidates: Sequence[str], query_terms: Sequence[str], rare_share: float = RARE_SHARE,
) -> dict[str, float]:
    """The seed's words that say what the question did not: held by at most `rare_share` of the
    `candidates` (so a speaker's name or the question's topic, in many of them, is not one), not a
    question word or a form of one, `MIN_WORD` letters or more; each weighted ln(1 + N / n) by the
    candidates holding it."""
    held = Counter(w for text in candidates for w in words(text))
    n = max(1, len(candidates))
    limit = max(1.0, rare_share * n)
    out: dict[str, float] = {}
    for w in words(seed):
        if len(w) < MIN_WORD or any(w.startswith(t) or t.startswith(w) for t in query_terms if t):
            continue
        count = max(1, held.get(w, 0))
        if count <= limit:
            out[w] = math.log(1.0 + n / count)
    return out


def hop_scores(
    ranked: Sequence[Scored], seed: Scored, seed_weights: Mapping[str, float], keep: int = KEEP,
    share: float = SEED_SHARE,
) -> dict[str, float]:
    """Each item of `ranked` after the first `keep` and outside the seed's conversation: (1 - `share`)
    x its first-round relevance + `share` x the weighted share of the seed's words it holds. Items
    holding none of them get no second-round score (the first round places them)."""
    total = sum(seed_weights.values())
    if total <= 0:
        return {}
    out: dict[str, float] = {}
    for s in ranked[keep:]:
        if same_conversation(s.item, seed.item):
            continue
        have = words(s.item.content)
        overlap = sum(w for word, w in seed_weights.items() if word in have) / total
        if overlap > 0:
            out[s.item.id] = (1 - share) * s.relevance + share * overlap
    return out


def merge_rounds(
    first: Sequence[Scored], second: Mapping[str, float], keep: int = KEEP, every: int = EVERY,
) -> list[Scored]:
    """`first` with the second round's items moved up, as long as `first`: `first[:keep]` stay where
    they are; after them every `every`-th place goes to the best remaining item by `second`, the other
    places to the first round's next items in their order. Nothing is shown twice."""
    out = list(first[:keep])
    rest = list(first[keep:])
    by_second = sorted((s for s in rest if s.item.id in second), key=lambda s: (-second[s.item.id], s.item.id))
    seen = {s.item.id for s in out}
    firsts, seconds = iter(rest), iter(by_second)
    n = 0
    while len(out) < len(first):
        n += 1
        source = seconds if every > 0 and n % every == 0 else firsts
        picked = next((s for s in source if s.item.id not in seen), None)
        if picked is None:  # the second round ran out (or the first): the other fills the rest
            source = firsts if source is seconds else seconds
            picked = next((s for s in source if s.item.id not in seen), None)
            if picked is None:
                break
        out.append(picked)
        seen.add(picked.item.id)
    return out


def second_round(
    query: str, query_terms: Sequence[str], first: Sequence[Scored], cosines: Sequence[float | None],
) -> list[Scored]:
    """The whole first-round ranking with the second round let in when the trigger holds; `first` as
    it is otherwise (or when the seed says nothing the question did not)."""
    if len(first) <= KEEP or not wants_second_round(query, cosines):
        return list(first)
    seed = first[0]
    weights = seed_words(seed.item.content, [s.item.content for s in first], query_terms)
    scores = hop_scores(first, seed, weights)
    return merge_rounds(first, scores) if scores else list(first)
