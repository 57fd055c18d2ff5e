"""Multi-hop recall's second round (`memory/multihop.py`): the trigger, the seed's words, the scores
and the merge that keeps the block's length and the first round's top."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from jarvisd.memory.items import MemoryItem, new_item
from jarvisd.memory.multihop import (
    KEEP,
    hop_scores,
    is_flat,
    joins_two_facts,
    merge_rounds,
    second_round,
    seed_words,
    wants_second_round,
)
from jarvisd.memory.scoring import Scored

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def item(key: str, content: str, *, session: str = "s1", minutes: float = 0) -> MemoryItem:
    return new_item(user="u1", agent="main", session=session, source="turn", content=content,
                    created_at=T0 + timedelta(minutes=minutes), item_id=key)


def scored(key: str, content: str = "", relevance: float = 0.5, **where: object) -> Scored:
    return Scored(item(key, content or f"{key} said", **where), score=relevance, relevance=relevance, cue=0.0)  # type: ignore[arg-type]


def test_join_words_in_english_and_korean_trigger_and_a_plain_question_does_not() -> None:
    assert joins_two_facts("What subject have Caroline and Melanie both painted?")
    assert joins_two_facts("What did John do after he lost his job did he move?")
    assert joins_two_facts("민수랑 같이 간 곳")
    assert joins_two_facts("서울 그리고 부산")
    assert not joins_two_facts("What has Melanie painted?")
    assert not joins_two_facts("Where did Andrea go?")  # "and" inside a word is not a join


def test_flat_relevance_is_the_best_cosine_close_to_the_tenth_and_needs_ten() -> None:
    assert is_flat([0.80 + 0.001 * i for i in range(12)])
    assert not is_flat([0.9] + [0.80] * 11)
    assert not is_flat([0.8] * 5)  # too few to tell
    assert is_flat([None, *([0.8] * 10)])
    assert wants_second_round("What has Melanie painted?", [0.8] * 10)
    assert not wants_second_round("What has Melanie painted?", [0.9] + [0.7] * 10)


def test_seed_words_are_the_seeds_rare_words_the_question_does_not_hold() -> None:
    seed = "Melanie: I made a clay pot with the kids at the pottery class"
    others = [seed] + [f"Melanie: the kids and I talked about day {i}" for i in range(20)]
    got = seed_words(seed, others, ["melanie", "kid", "made"])
    assert {"clay", "pot", "pottery", "class"} <= set(got)
    assert "melanie" not in got and "kids" not in got  # in every candidate / a form of a question word
    assert "the" not in got  # in every candidate
    assert all(len(w) >= 3 for w in got)


def test_hop_scores_leave_out_the_top_and_the_seeds_conversation_and_reward_the_seeds_words() -> None:
    seed = scored("seed", "pottery with Luna", 1.0)
    top = [seed] + [scored(f"t{i}", relevance=0.9) for i in range(1, KEEP)]
    same_talk = scored("near", "pottery again", 0.4, minutes=5)
    other_day = scored("far", "Luna loved the pottery", 0.4, session="s9")
    unrelated = scored("none", "the weather", 0.45, session="s9")
    got = hop_scores([*top, same_talk, other_day, unrelated], seed, {"pottery": 1.0, "luna": 1.0})
    assert set(got) == {"far"}
    assert abs(got["far"] - (0.7 * 0.4 + 0.3 * 1.0)) < 1e-9


def test_merge_keeps_the_top_and_the_length_and_lets_the_second_round_in_every_third_place() -> None:
    first = [scored(f"f{i}", relevance=1 - i / 20) for i in range(14)]
    second = {"f13": 0.9, "f12": 0.8}
    got = [s.item.id for s in merge_rounds(first, second, keep=3, every=3)]
    assert got[:3] == ["f0", "f1", "f2"]
    assert len(got) == len(first) and len(set(got)) == len(first)
    assert got[3:9] == ["f3", "f4", "f13", "f5", "f6", "f12"]


def test_merge_without_second_round_items_is_the_first_round() -> None:
    first = [scored(f"f{i}") for i in range(12)]
    assert merge_rounds(first, {}) == first


def test_second_round_leaves_an_untriggered_or_short_ranking_alone() -> None:
    first = [scored(f"f{i}", relevance=1 - i / 40, session=f"s{i}") for i in range(20)]
    sharp = [0.95] + [0.7] * 19
    assert second_round("What has Melanie painted?", ["melanie", "paint"], first, sharp) == first
    assert second_round("Caroline and Melanie?", [], first[:KEEP], [0.8] * 20) == first[:KEEP]


def test_second_round_moves_up_a_memory_that_shares_the_seeds_rare_words() -> None:
    seed = scored("seed", "Melanie: we made a clay bowl at pottery class", 1.0, session="s1")
    filler = [scored(f"f{i}", f"Melanie: talk number {i}", 0.9 - i / 100, session=f"s{i + 2}") for i in range(30)]
    hop = scored("hop", "Melanie: the kids painted the clay bowl", 0.2, session="s40")
    first = [seed, *filler, hop]
    got = [s.item.id for s in second_round("What have Melanie and her kids made?", ["melanie", "kid", "made"],
                                           first, [0.8] * 32)]
    assert got[:KEEP] == [s.item.id for s in first[:KEEP]]
    assert got.index("hop") < first.index(hop)
    assert len(got) == len(first)


def test_recall_lets_the_hop_in_with_the_setting_on_and_not_off() -> None:
    """Through `MemoryService.recall`: the block keeps its length and its top; with `second_round` on,
    the memory that shares the best memory's rare words ("clay", "bowl") moves up from the back."""
    import numpy as np

    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.settings import MemorySettings
    from jarvisd.memory.stores.memory import InMemoryStore
    from tests.memory.memory_fixtures import AXIS_DIM, QueryAxisEmbedder, axis

    query = "What have Melanie and her kids made?"
    me = MemoryScope("u1", "main", "voice")

    def at(c: float) -> tuple[float, ...]:
        return axis(c, float(np.sqrt(1 - c * c)))

    def turn(key: str, content: str, c: float, day: int) -> MemoryItem:
        return new_item(user="u1", agent="main", session="voice", source="turn", content=content,
                        created_at=T0 + timedelta(days=day), item_id=key, vector=at(c), metadata={"turn": 1})

    items = [turn("seed", "Melanie: we made a clay bowl at pottery class", 0.95, 0)]
    items += [turn(f"f{i}", f"Melanie: talk number {i}", 0.90 - i / 200, i + 1) for i in range(25)]
    items.append(turn("hop", "Melanie: the kids painted the clay bowl", 0.60, 40))
    store = InMemoryStore(dimensions=AXIS_DIM)
    store.upsert(items)

    def block(on: bool) -> list[str]:
        svc = MemoryService(store, embedder=QueryAxisEmbedder(query), clock=lambda: T0 + timedelta(days=60),
                            settings=MemorySettings(feedback=False, second_round=on))
        return [s.item.id for s in svc.recall(me, query, limit=20)]

    off, on = block(False), block(True)
    assert len(on) == len(off) == 20
    assert on[:KEEP] == off[:KEEP]
    assert "hop" in on and "hop" not in off
