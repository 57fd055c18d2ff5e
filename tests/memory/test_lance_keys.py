"""The LanceDB store's resident copy (`lance_resident.py`) answers like a substring scan, through compactions."""

from __future__ import annotations

import random
from datetime import timedelta

import pyarrow as pa
import pytest

from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import new_item
from jarvisd.memory.query_words import normalise
from jarvisd.memory.stores import lance_words
from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance import from_row, schema, to_row
from jarvisd.memory.stores.lance_resident import ResidentTable
from jarvisd.memory.stores.lance_winners import winners
from tests.memory.memory_fixtures import T0

WORDS = "서울에서 부산 회의록 강아지 산책 Python 100% 예산안".split()
ACCESS = AccessFilter("u1", ("main",), ("main",))


def rows(start: int, count: int, rng: random.Random) -> pa.Table:
    items = [new_item(user="u1", agent="main", session="s", source="turn", item_id=f"i{n:04d}",
                      content=" ".join(rng.choices(WORDS, k=3)), created_at=T0 + timedelta(minutes=n))
             for n in range(start, start + count)]
    return pa.Table.from_pylist([to_row(it, 4) for it in items], schema=schema(4))


def brute(table: pa.Table, term: str, limit: int) -> list[str]:
    live = [r for r in table.to_pylist() if term in normalise(r["content"])]
    return [r["id"] for r in sorted(live, key=lambda r: (-r["created_us"], r["id"]))[:limit]]


@pytest.mark.parametrize("pair_index_from", [10**9, 0], ids=["vocabulary-scan", "pair-index"])
def test_word_index_matches_substrings_through_appends_deletes_and_compaction(
    pair_index_from: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lance_words, "PAIR_INDEX_WORDS", pair_index_from)
    rng = random.Random(3)
    keys = ResidentTable()
    truth = rows(0, 100, rng)
    keys.load(truth, version=1, dimensions=4)
    rebuilt = 0
    for step in range(6):  # asked after every commit: a term's kept rows must follow each rebuild
        for term in ("서울", "울에", "산", "100%", "python", "없음", "서부", "thon", "on", "예산안", "부산책", "에서울"):
            q = StoreQuery(access=ACCESS, terms=(term,), limit=7)
            assert winners(keys, q, ["recent"]) == brute(truth, term, 7), (step, term)
        indexed = keys._words.upto
        new = rows(100 + step * 30, 30, rng)
        doomed = [f"i{n:04d}" for n in rng.sample(range(100), 5)]
        keys.apply(doomed, new, version=2 + step)
        rebuilt += keys._words.upto != indexed
        truth = pa.concat_tables([truth.filter(pa.compute.invert(pa.compute.is_in(
            truth["id"], value_set=pa.array(doomed)))), new])
    assert rebuilt >= 2 and keys._words.upto <= keys.table.num_rows


def test_key_column_matches_equal_the_sql_like_predicate_on_disk(tmp_path) -> None:
    from jarvisd.memory.stores.lance import LanceMemoryStore, query_predicate

    rng = random.Random(5)
    store = LanceMemoryStore(str(tmp_path / "like.lance"), dimensions=4)
    table = rows(0, 80, rng)
    store.upsert([from_row(r)
                  for r in table.to_pylist()])
    for term in ("서울", "에서", "100%", "python", "산책"):
        q = StoreQuery(access=ACCESS, terms=(term,), limit=1000)
        by_keys = {c.item.id for c in store.search(q)}
        by_sql = store._run(store._table.query().where(query_predicate(q, with_terms=True)).to_arrow())
        assert by_keys == set(by_sql.column("id").to_pylist()), term
