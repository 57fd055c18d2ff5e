"""A turn episode's second vector: the turn with the words before it (`episodes.embedding_text`).

Relevance is the higher of the two cosines, in both stores (the LanceDB store's resident copy and its
LanceDB path included), and a LanceDB table written before the column existed keeps working.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import lancedb
import numpy as np
import pyarrow as pa
import pytest

from jarvisd.llm.base import Message
from jarvisd.memory.episodes import CONTEXT_RECIPE, embedding_text, episode_text
from jarvisd.memory.reembed import reembed
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.stores.lance import TABLE, LanceMemoryStore
from jarvisd.memory.stores.lance_rows import schema, to_row
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM

ME = MemoryScope("u1", "main", "s1")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
# the charity race is named in the turn before the reply that says what was learnt from it
TURNS = [
    ("How was your weekend?", "I ran a charity race"),
    ("What did you take away from it?", "Self-care is really important"),
    ("My cat knocked over a plant this morning", "Cats do that."),
]


def record(svc: MemoryService, turns: list[tuple[str, str]] = TURNS) -> list[str]:
    ids = []
    for n, (asked, answered) in enumerate(turns, start=1):
        items = svc.record_turn(ME, [Message("user", asked), Message("assistant", answered)], turn=n,
                                at=T0 + timedelta(minutes=n))
        ids.append(items[0].id)
    return ids


def unit(v: object) -> np.ndarray:
    a = np.asarray(v, dtype=np.float64)
    return a / np.linalg.norm(a)


def test_a_turn_after_another_gets_a_context_vector_of_the_turn_with_the_words_before_it(
    store: MemoryStore, embedder: HashedNgramEmbedder
) -> None:
    svc = MemoryService(store, embedder=embedder)
    first, second, _ = record(svc)
    store_items = {it.id: it for it in store.all_items()}
    assert store_items[first].context_vector is None  # the session's first turn has nothing before it
    expected = embedder.vector(embedding_text(episode_text(*TURNS[1]), TURNS[0]))
    assert store_items[second].context_vector == pytest.approx(expected, abs=1e-6)
    assert store_items[second].vector == pytest.approx(embedder.vector(episode_text(*TURNS[1])), abs=1e-6)


def test_relevance_is_the_higher_of_the_turn_and_context_cosines(
    store: MemoryStore, embedder: HashedNgramEmbedder
) -> None:
    svc = MemoryService(store, embedder=embedder)
    _, second, _ = record(svc)
    query = "charity race"
    q = unit(embedder.vector(query))
    item = next(it for it in store.all_items() if it.id == second)
    own, context = float(q @ unit(item.vector)), float(q @ unit(item.context_vector))
    assert context > own + 0.1  # the reply's own words do not name the race; its context does
    found = {c.item.id: c.cosine for c in svc._candidates(ME, query, 12)[0]}
    assert found[second] == pytest.approx(context, abs=1e-5)
    recalled = [s.item.id for s in svc.recall(ME, query, limit=2)]
    assert second in recalled


def test_the_resident_copy_the_lancedb_path_and_the_in_memory_store_agree(
    tmp_path: Path, embedder: HashedNgramEmbedder
) -> None:
    from jarvisd.memory.stores.memory import InMemoryStore

    stores: list[MemoryStore] = [InMemoryStore(dimensions=DIM),
                                 LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=DIM),
                                 LanceMemoryStore(str(tmp_path / "l.lance"), dimensions=DIM, resident_rows=0)]
    results = []
    for store in stores:
        svc = MemoryService(store, embedder=embedder)
        record(svc)
        cands = svc._candidates(ME, "what did the charity race teach", 12)[0]
        results.append(sorted((c.item.id, round(c.cosine or 0.0, 5)) for c in cands))
    assert stores[1]._copy.resident and not stores[2]._copy.resident  # type: ignore[attr-defined]
    assert results[0] == results[1] == results[2]


def old_schema(dimensions: int) -> pa.Schema:
    """The table schema before turn context vectors (jarvisd up to this change)."""
    new = schema(dimensions)
    return pa.schema([f for f in new if f.name not in ("has_context", "context_vector")])


def test_a_table_written_without_the_context_column_keeps_working_and_reembed_fills_it(
    tmp_path: Path, embedder: HashedNgramEmbedder
) -> None:
    uri = str(tmp_path / "old.lance")
    # write the turns as the previous jarvisd did: the same rows, without the two new columns
    scratch = MemoryService(InMemoryStore_for(DIM), embedder=embedder)
    record(scratch)
    old_rows = [{k: v for k, v in to_row(it.with_(context_vector=None), DIM).items()
                 if k not in ("has_context", "context_vector")} for it in scratch.store.all_items()]

    async def write() -> None:
        db = await lancedb.connect_async(uri)
        await db.create_table(TABLE, data=pa.Table.from_pylist(old_rows, schema=old_schema(DIM)))

    import asyncio

    asyncio.run(write())

    store = LanceMemoryStore(uri, dimensions=DIM)
    svc = MemoryService(store, embedder=embedder)
    assert store.count() == 3
    assert all(it.context_vector is None for it in store.all_items())  # the added column reads as "none"
    assert svc.recall(ME, "cat plant")[0].item.content == episode_text(*TURNS[2])  # turn vectors only
    more = svc.record_turn(ME, [Message("user", "The plant survived"), Message("assistant", "Good news.")],
                           turn=4, at=T0 + timedelta(minutes=9))
    assert more[0].context_vector is not None  # new turns get theirs in the old table

    report = reembed(store, embedder, progress=False)
    assert (report.embedded, report.contexts) == (0, 2)  # turns 2 and 3; turn 1 has nothing before it
    reopened = LanceMemoryStore(uri, dimensions=DIM)
    by_turn = {it.metadata["turn"]: it for it in reopened.all_items()}
    assert by_turn[1].context_vector is None
    for n in (2, 3, 4):
        assert by_turn[n].context_vector is not None
    expected = embedder.vector(embedding_text(episode_text(*TURNS[1]), TURNS[0]))
    assert by_turn[2].context_vector == pytest.approx(expected, abs=1e-6)  # as record_turn makes it
    assert reembed(reopened, embedder, progress=False).contexts == 0  # nothing left to fill


def test_reembed_rebuilds_context_vectors_an_older_recipe_made_and_then_has_nothing_to_do(
    store: MemoryStore, embedder: HashedNgramEmbedder
) -> None:
    svc = MemoryService(store, embedder=embedder)
    record(svc)
    by_turn = {it.metadata["turn"]: it for it in store.all_items()}
    assert by_turn[1].metadata.get("context_recipe") is None  # no turn before it: no context vector
    assert by_turn[2].metadata["context_recipe"] == by_turn[3].metadata["context_recipe"] == CONTEXT_RECIPE
    # as the recipe before it left them: the previous answer alone, and no stamp
    old = [it.with_(context_vector=tuple(embedder.vector(f"{TURNS[n - 2][1]}\n{it.content}")),
                    metadata={k: v for k, v in it.metadata.items() if k != "context_recipe"})
           for n, it in by_turn.items() if n > 1]
    store.upsert(old)
    assert svc.store.all_items()  # still readable
    report = reembed(store, embedder, progress=False)
    assert (report.embedded, report.contexts) == (0, 2)
    by_turn = {it.metadata["turn"]: it for it in store.all_items()}
    for n in (2, 3):
        expected = embedder.vector(embedding_text(episode_text(*TURNS[n - 1]), TURNS[n - 2]))
        assert by_turn[n].context_vector == pytest.approx(expected, abs=1e-6)
        assert by_turn[n].metadata["context_recipe"] == CONTEXT_RECIPE
        assert by_turn[n].metadata["turn"] == n  # the rest of the metadata is kept
    assert reembed(store, embedder, progress=False).contexts == 0


def InMemoryStore_for(dimensions: int) -> MemoryStore:  # noqa: N802 - reads as the store's name
    from jarvisd.memory.stores.memory import InMemoryStore

    return InMemoryStore(dimensions=dimensions)


def test_above_resident_rows_an_indexed_table_searches_the_context_vectors_too(
    tmp_path: Path, embedder: HashedNgramEmbedder
) -> None:
    store = LanceMemoryStore(str(tmp_path / "i.lance"), dimensions=DIM, resident_rows=0, index_threshold=300)
    svc = MemoryService(store, embedder=embedder)
    filler = [(f"note {n} about topic{n} and errand{n % 7}", f"ok {n} done item{n}") for n in range(400)]
    record(svc, TURNS + filler)
    assert store.ensure_index()
    indices = store._run(store._table.list_indices())  # type: ignore[attr-defined]
    assert {"vector", "context_vector"} <= {c for idx in indices for c in idx.columns}
    second = next(it for it in store.all_items() if it.metadata.get("turn") == 2)
    found = {c.item.id: c.cosine for c in svc._candidates(ME, "charity race", 12)[0]}
    q = unit(embedder.vector("charity race"))
    assert found[second.id] == pytest.approx(float(q @ unit(second.context_vector)), abs=1e-4)


def test_the_search_vectors_find_a_row_by_its_context_vector_and_rerank_it_exactly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jarvisd.memory.stores import lance_vectors
    from jarvisd.memory.stores.lance_vectors import ResidentVectors

    monkeypatch.setattr(lance_vectors, "FLAT_ROWS", 10)  # through the partitions and the search vectors
    monkeypatch.setattr(lance_vectors, "PROBES", 60)  # all of them: this is about the search vectors
    rng = np.random.default_rng(5)
    turns, contexts = (rng.standard_normal((3_000, DIM)).astype(np.float32) for _ in range(2))
    has = np.arange(3_000) % 10 != 0  # every tenth row has no context
    contexts[~has] = 0.0
    vectors = ResidentVectors(turns, contexts, has, ivf_rows=1_000)
    assert vectors.partitions is not None
    for target in (1_234, 77):
        q = contexts[target] / np.linalg.norm(contexts[target])  # far from the row's turn vector
        rows, sims = vectors.nearest(np.ones(3_000, dtype=bool), q, limit=5)
        assert rows.size == lance_vectors.RERANK * 5
        assert rows[int(np.argmax(sims))] == target and float(sims.max()) == pytest.approx(1.0, abs=1e-5)
        for r, s in zip(rows.tolist(), sims.tolist(), strict=True):  # exact: the higher of the two cosines
            own = float(turns[r] @ q / np.linalg.norm(turns[r]))
            other = float(contexts[r] @ q / np.linalg.norm(contexts[r])) if has[r] else -1.0
            assert s == pytest.approx(max(own, other), abs=1e-5)
    turn, context = vectors.vectors_of(1_234)  # the layout moved search vectors, not the raw ones
    assert np.array_equal(turn, turns[1_234]) and context is not None and np.array_equal(context, contexts[1_234])
    assert vectors.vectors_of(10)[1] is None
