"""The rarity-weighted keyword arm: BM25-like weights over the items a query may read, the stores'
"keyword" order, and recall finding an old episode by a rare word that every other arm misses."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from jarvisd.llm.base import Message
from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem, new_item
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.scoring import Candidate, calibrated, keyword_score, rarity_weights
from jarvisd.memory.service import MemoryService
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.stores.base import MemoryStore, StoreQuery
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.memory import InMemoryStore
from tests.memory.memory_fixtures import DIM, T0

ME = MemoryScope("u1", "main", "s1")
MAIN = AccessFilter(user="u1", edm_agents=("main",), pdm_agents=("main",))


def ep(i: str, content: str, hours: float = 0) -> MemoryItem:
    return new_item(user="u1", agent="main", session="s1", source="turn", content=content,
                    created_at=T0 + timedelta(hours=hours), item_id=i)


def test_a_word_in_half_the_items_weighs_less_than_a_word_in_a_few() -> None:
    common, rare, absent = rarity_weights(100, [50, 3, 0])
    assert absent > rare > 4 * common > 0


def test_keyword_score_is_the_weighted_share_of_the_query_words_found() -> None:
    terms, weights = ["caroline", "adoption"], [0.1, 3.0]
    assert keyword_score(terms, weights, "Caroline: I looked into adoption agencies") == pytest.approx(1.0)
    assert keyword_score(terms, weights, "Caroline: nice weather") == pytest.approx(0.1 / 3.1)
    assert keyword_score(terms, weights, "Adoption day!") == pytest.approx(3.0 / 3.1)
    assert keyword_score([], [], "anything") == 0.0


def test_calibrated_relevance_blends_the_stretched_cosine_and_keyword_scores() -> None:
    a, b, c = ep("a", "x"), ep("b", "y"), ep("c", "z")
    out = calibrated([Candidate(a, 0.80, 0.0), Candidate(b, 0.84, 0.5), Candidate(c, 0.82, 0.25)], 0.3)
    assert [x.cosine for x in out] == pytest.approx([0.0, 0.7 + 0.3, 0.35 + 0.15])
    plain = calibrated([Candidate(a, 0.80), Candidate(b, 0.84)], 0.3)  # no keyword score: cosines alone
    assert [x.cosine for x in plain] == pytest.approx([0.0, 1.0])


def stores(tmp_path: Path) -> list[MemoryStore]:
    return [InMemoryStore(dimensions=DIM), LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=DIM),
            LanceMemoryStore(str(tmp_path / "k.lance"), dimensions=DIM, resident_rows=0)]


def test_every_store_counts_terms_and_orders_by_summed_weights_alike(tmp_path: Path) -> None:
    items = [ep(f"n{k}", f"Caroline: small talk number {k}", hours=k) for k in range(8)]
    items += [ep("old", "Caroline: researching adoption agencies", hours=-100),
              ep("mid", "Melanie: adoption is a big step", hours=-50),
              ep("other", "Melanie: pottery class", hours=-10)]
    results = []
    for store in stores(tmp_path):
        store.upsert(items)
        q = StoreQuery(access=MAIN, terms=("caroline", "adoption"), limit=3)
        total, counts = store.term_counts(q)
        weighted = StoreQuery(access=MAIN, terms=q.terms, term_weights=tuple(rarity_weights(total, counts)),
                              order="keyword", limit=3)
        results.append(((total, counts), [c.item.id for c in store.search(weighted)],
                        sorted(c.item.id for c in store.gather(weighted, ["keyword"]))))
    assert results[0] == results[1] == results[2]
    assert results[0][0] == (11, [9, 2])
    assert results[0][1] == ["old", "mid", "n7"]  # both words, then the rare one, then the newest common


def test_recall_finds_an_old_episode_by_a_rare_word_the_recent_arm_misses(tmp_path: Path) -> None:
    for store in stores(tmp_path)[:2]:
        found = []
        for arm in (False, True):  # keyword recall only (no embedder): the arms are recent, importance
            svc = MemoryService(store, settings=MemorySettings(candidate_limit=5, keyword_arm=arm),
                                clock=lambda: T0 + timedelta(days=30))
            if not arm:
                turns = [("Caroline: I researched adoption agencies", "Melanie: that is brave")]
                turns += [(f"Caroline: the weather was fine on day {k}", "Melanie: nice") for k in range(20)]
                for n, (asked, answered) in enumerate(turns, start=1):
                    svc.record_turn(ME, [Message("user", asked), Message("assistant", answered)], turn=n,
                                    at=T0 + timedelta(days=n))
            found.append([s.item.content for s in svc.recall(MemoryScope("u1", "main", "q"),
                                                             "What did Caroline research?", limit=3)])
        without, with_arm = found
        assert not any("adoption" in text for text in without)  # 20 newer episodes name Caroline
        assert "adoption" in with_arm[0]


def test_search_terms_cut_one_english_inflection_and_leave_korean_as_query_terms_do() -> None:
    from jarvisd.memory.query_words import query_terms, search_terms

    assert search_terms("What did Caroline research after she adopted?") == [
        "caroline", "research", "after", "she", "adopt"]  # English stopwords beyond the short list stay:
    #                                                       the rarity weights make them count little
    assert search_terms("Which races has Melanie run?") == ["which", "race", "has", "melanie", "run"]
    assert search_terms("서울에서 조깅하는 날") == query_terms("서울에서 조깅하는 날")


def test_recall_matches_another_inflection_of_the_question_word(tmp_path: Path) -> None:
    for stem in (False, True):
        svc = MemoryService(InMemoryStore(dimensions=DIM), settings=MemorySettings(candidate_limit=3, stem_terms=stem))
        svc.record_turn(ME, [Message("user", "Caroline: I was researching adoption agencies"),
                             Message("assistant", "Melanie: wow")], turn=1, at=T0)
        for k in range(5):
            svc.record_turn(ME, [Message("user", f"Caroline: lunch talk {k}"), Message("assistant", "ok")],
                            turn=k + 2, at=T0 + timedelta(days=k + 1))
        got = [s.item.content for s in svc.recall(MemoryScope("u1", "main", "q"), "What has Caroline researched?",
                                                  limit=2)]
        assert ("adoption" in got[0]) is stem


def test_spread_sessions_moves_a_sessions_extra_items_behind_the_other_sessions() -> None:
    from jarvisd.memory.scoring import Scored, spread_sessions

    def scored(i: str, session: str) -> Scored:
        return Scored(new_item(user="u1", agent="main", session=session, source="turn", content=i,
                               created_at=T0, item_id=i), 1.0, 1.0, 0.0)

    ranked = [scored("a1", "a"), scored("a2", "a"), scored("a3", "a"), scored("b1", "b"), scored("a4", "a"),
              scored("c1", "c")]
    assert [s.item.id for s in spread_sessions(ranked, 2)] == ["a1", "a2", "b1", "c1", "a3", "a4"]
