"""One contract, two stores: every test here runs on the in-memory store and on LanceDB on disk."""

from __future__ import annotations

from datetime import timedelta

import pytest

from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem, new_item
from jarvisd.memory.stores.base import DimensionMismatch, MemoryStore, StoreQuery
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM, T0

EMB = HashedNgramEmbedder(DIM)


def item(i: str, content: str, *, user: str = "u1", agent: str = "main", session: str = "s1",
         source: str = "turn", hours: float = 0, importance: float = 0.5, vector: bool = True,
         **meta: object) -> MemoryItem:
    return new_item(user=user, agent=agent, session=session, source=source, content=content,
                    created_at=T0 + timedelta(hours=hours), item_id=i, importance=importance,
                    metadata=dict(meta), vector=tuple(EMB.vector(content)) if vector else None)


MAIN = AccessFilter(user="u1", edm_agents=("main",), pdm_agents=("main",))


def ids(cands: list) -> list[str]:
    return [c.item.id for c in cands]


def test_upsert_then_get_round_trips_every_field(store: MemoryStore) -> None:
    original = item("a", "거주지: 서울", source="explicit", importance=0.8, hours=1.5, note="x")
    store.upsert([original])
    (back,) = store.get(["a"], MAIN)
    assert back.with_(vector=None) == original.with_(vector=None)
    assert back.vector == pytest.approx(original.vector, abs=1e-6)


def test_upsert_with_the_same_id_replaces_the_item(store: MemoryStore) -> None:
    store.upsert([item("a", "첫 답")])
    store.upsert([item("a", "고친 답")])
    assert store.count() == 1
    assert store.get(["a"], MAIN)[0].content == "고친 답"


def test_keyword_search_finds_substrings_without_vectors(store: MemoryStore) -> None:
    store.upsert([item("a", "거주지: 서울", vector=False), item("b", "점심: 김밥", vector=False)])
    found = store.search(StoreQuery(access=MAIN, terms=("서울",)))
    assert ids(found) == ["a"]


def test_keyword_search_is_case_insensitive_and_escapes_like_wildcards(store: MemoryStore) -> None:
    store.upsert([item("a", "Uses 100% Python"), item("b", "uses 100 python")])
    assert ids(store.search(StoreQuery(access=MAIN, terms=("100%",)))) == ["a"]
    assert set(ids(store.search(StoreQuery(access=MAIN, terms=("python",))))) == {"a", "b"}


def test_recent_order_puts_newest_first_and_importance_order_biggest_first(store: MemoryStore) -> None:
    store.upsert([item("old", "회의 기록", hours=0, importance=0.9), item("new", "회의 메모", hours=5)])
    assert ids(store.search(StoreQuery(access=MAIN, terms=("회의",), order="recent"))) == ["new", "old"]
    assert ids(store.search(StoreQuery(access=MAIN, terms=("회의",), order="importance"))) == ["old", "new"]


def test_limit_cuts_after_ordering(store: MemoryStore) -> None:
    store.upsert([item(f"i{n}", f"산책 {n}", hours=n) for n in range(10)])
    assert ids(store.search(StoreQuery(access=MAIN, terms=("산책",), limit=2))) == ["i9", "i8"]


def test_vector_search_keeps_cosine_above_threshold_only(store: MemoryStore) -> None:
    store.upsert([item("a", "강아지 산책 시간"), item("b", "주식 매도 가격"), item("c", "없음", vector=False)])
    query = tuple(EMB.vector("강아지 산책"))
    found = store.search(StoreQuery(access=MAIN, vector=query, order="vector", min_cosine=0.3))
    assert ids(found) == ["a"]
    assert found[0].cosine == pytest.approx(sum(x * y for x, y in zip(query, EMB.vector("강아지 산책 시간"), strict=True)), abs=1e-4)


def test_other_users_items_are_never_returned(store: MemoryStore) -> None:
    store.upsert([item("mine", "비밀 번호 메모"), item("theirs", "비밀 번호 메모", user="u2", source="explicit")])
    found = store.search(StoreQuery(access=MAIN, terms=("비밀",)))
    assert ids(found) == ["mine"]
    vec = store.search(StoreQuery(access=MAIN, vector=tuple(EMB.vector("비밀 번호 메모")), order="vector"))
    assert ids(vec) == ["mine"]
    assert store.get(["theirs"], MAIN) == []


def test_profile_facts_are_shared_by_agents_but_episodes_are_not(store: MemoryStore) -> None:
    store.upsert([
        item("fact", "알레르기: 땅콩", agent="karen", source="explicit"),
        item("ep", "땅콩 버터 이야기", agent="karen"),
        item("pat", "땅콩 요리 방식", agent="karen", source="task_pattern"),
    ])
    assert ids(store.search(StoreQuery(access=MAIN, terms=("땅콩",)))) == ["fact"]
    reader = AccessFilter(user="u1", edm_agents=("main", "karen"), pdm_agents=("main",))
    assert set(ids(store.search(StoreQuery(access=reader, terms=("땅콩",))))) == {"fact", "ep"}


def test_filters_by_kind_source_session_task_outcome_and_time(store: MemoryStore) -> None:
    store.upsert([
        item("a", "대출 계산", hours=0, task_type="loan", outcome="failure"),
        item("b", "대출 계산", hours=30, task_type="loan", outcome="success", session="s2"),
        item("c", "대출 생각", hours=30, source="thought"),
    ])
    base = dict(access=MAIN, terms=("대출",))
    assert ids(store.search(StoreQuery(**base, outcome="failure"))) == ["a"]
    assert ids(store.search(StoreQuery(**base, session="s2"))) == ["b"]
    assert ids(store.search(StoreQuery(**base, exclude_sources=("thought",), task_type="loan",
                                       since=T0 + timedelta(hours=1)))) == ["b"]
    assert ids(store.search(StoreQuery(**base, until=T0 + timedelta(hours=1)))) == ["a"]
    assert ids(store.search(StoreQuery(**base, sources=("thought",)))) == ["c"]


def test_superseded_items_are_hidden_unless_asked_for(store: MemoryStore) -> None:
    store.upsert([item("old", "거주지: 부산", source="explicit").with_(superseded_by="new", topic="거주지")])
    assert store.search(StoreQuery(access=MAIN, terms=("부산",))) == []
    assert ids(store.search(StoreQuery(access=MAIN, terms=("부산",), include_superseded=True))) == ["old"]


def test_filter_only_reads_return_every_allowed_row(store: MemoryStore) -> None:
    store.upsert([item("a", "하나"), item("b", "둘", hours=1), item("x", "셋", user="u2")])
    assert ids(store.search(StoreQuery(access=MAIN, match_required=False))) == ["b", "a"]


def test_touch_sets_last_access_and_counts_rehearsal_only_for_used_items(store: MemoryStore) -> None:
    store.upsert([item("a", "하나"), item("b", "둘")])
    when = T0 + timedelta(days=1)
    store.touch(["a", "b"], when, rehearsed=["a"])
    a, b = sorted(store.get(["a", "b"], MAIN), key=lambda i: i.id)
    assert (a.last_accessed, a.rehearsals) == (when, 1)
    assert (b.last_accessed, b.rehearsals) == (when, 0)


def test_delete_session_removes_only_that_sessions_listed_sources(store: MemoryStore) -> None:
    store.upsert([
        item("t", "턴", session="s1"), item("th", "생각", session="s1", source="thought"),
        item("f", "사실: 값", session="s1", source="explicit"), item("t2", "턴", session="s10"),
    ])
    assert store.delete_session("u1", "main", "s1", ["turn", "thought"]) == 2
    assert sorted(i.id for i in store.all_items()) == ["f", "t2"]


def test_missing_vectors_lists_items_without_vectors(store: MemoryStore) -> None:
    store.upsert([item("a", "하나", vector=False), item("b", "둘")])
    assert [i.id for i in store.missing_vectors(10)] == ["a"]


def test_a_vector_of_the_wrong_width_is_refused(store: MemoryStore) -> None:
    with pytest.raises(DimensionMismatch):
        store.upsert([item("a", "하나").with_(vector=(1.0, 0.0))])
        store.count()


def test_reset_vectors_changes_the_width_and_keeps_the_items(store: MemoryStore) -> None:
    store.upsert([item("a", "하나"), item("b", "둘")])
    store.reset_vectors(8)
    assert store.vector_dimensions == 8
    assert [i.id for i in store.missing_vectors(10)] == ["a", "b"]
    store.upsert([store.get(["a"], MAIN)[0].with_(vector=(1.0,) + (0.0,) * 7)])
    assert [i.id for i in store.missing_vectors(10)] == ["b"]


def test_gather_is_the_union_of_each_orders_top(store: MemoryStore) -> None:
    store.upsert([item("big", "여행 기록", hours=0, importance=0.95)]
                 + [item(f"n{n}", f"여행 메모 {n}", hours=n + 1) for n in range(5)])
    got = store.gather(StoreQuery(access=MAIN, terms=("여행",), limit=2), ["recent", "importance"])
    assert sorted(c.item.id for c in got) == ["big", "n3", "n4"]
    with_vec = store.gather(StoreQuery(access=MAIN, terms=("없는말",), vector=tuple(EMB.vector("여행 기록")),
                                       limit=1), ["recent", "vector"])
    assert [c.item.id for c in with_vec] == ["big"]
