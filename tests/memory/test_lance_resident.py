"""The LanceDB store's resident copy (whole rows and vectors in process) answers like the in-memory
store and like LanceDB itself: through in-process IVF partitions, appends past the partition layout,
deletes and compactions, `touch`, and a table grown past `resident_rows`."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem, new_item
from jarvisd.memory.stores import lance_vectors
from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.lance_vectors import Partitions, VectorRows
from jarvisd.memory.stores.memory import InMemoryStore
from tests.memory.memory_fixtures import T0

DIM = 16
WORDS = "서울 부산 회의 산책 예산 병원 커피 여행".split()
ME = AccessFilter("u1", ("main",), ("main",))
OWNERS = [("u1", "main")] * 6 + [("u1", "karen"), ("u2", "main")]
SOURCES = ["turn"] * 5 + ["explicit", "thought", "task_pattern"]


def items(count: int, seed: int, start: int = 0) -> list[MemoryItem]:
    """Clustered unit vectors (so IVF partitions mean something), random owners, sources, words."""
    rng, pyrng = np.random.default_rng(seed), random.Random(seed)
    centres = rng.standard_normal((8, DIM))
    out = []
    for n in range(start, start + count):
        v = centres[n % 8] + 0.4 * rng.standard_normal(DIM)
        user, agent = pyrng.choice(OWNERS)
        out.append(new_item(
            user=user, agent=agent, session=f"s{n % 5}", source=pyrng.choice(SOURCES),
            content=" ".join(pyrng.choices(WORDS, k=3)), created_at=T0 + timedelta(minutes=n % 97),
            item_id=f"i{n:05d}", importance=pyrng.choice([0.5, 0.5, 0.2, 0.8]),
            vector=None if n % 11 == 0 else tuple((v / np.linalg.norm(v)).astype(np.float32).tolist()),
        ))
    return out


def queries(pool: list[MemoryItem], seed: int) -> list[StoreQuery]:
    rng, pyrng = np.random.default_rng(seed), random.Random(seed)
    out = []
    for it in pyrng.sample([it for it in pool if it.vector is not None], 12):
        noisy = np.asarray(it.vector) + 0.05 * rng.standard_normal(DIM)
        out.append(StoreQuery(access=ME, terms=(pyrng.choice(WORDS)[:1],), vector=tuple(noisy.tolist()),
                              limit=5, exclude_sources=("thought",)))
    return out


def answers(store: object, qs: list[StoreQuery]) -> list[list[str]]:
    """Each query's candidate ids under the three orders; where the store gives a cosine (the
    in-memory store gives one for every candidate with a vector), it must be the item's true one."""
    out = []
    for q in qs:
        found = store.gather(q, ["recent", "importance", "vector"])  # type: ignore[attr-defined]
        for c in found:
            if c.cosine is not None:
                v, w = np.asarray(c.item.vector), np.asarray(q.vector)
                assert c.cosine == pytest.approx(float(v @ w / np.linalg.norm(v) / np.linalg.norm(w)), abs=1e-5)
        out.append(sorted(c.item.id for c in found))
    return out


def test_resident_ivf_and_lancedb_reads_agree_with_the_in_memory_store(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lance_vectors, "TAIL_ROWS", 50)  # lay the partitions out again during the test
    monkeypatch.setattr(lance_vectors, "FLAT_ROWS", 10)  # search through the partitions...
    monkeypatch.setattr(lance_vectors, "PROBES", 64)  # ...all of them: the answers must be exact
    monkeypatch.setattr(lance_vectors, "RERANK", 10**6)  # ...every probed row's exact cosine
    pool = items(700, seed=1)
    reference = InMemoryStore(dimensions=DIM)
    resident = LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=DIM, ivf_rows=300)
    on_disk = LanceMemoryStore(str(tmp_path / "d.lance"), dimensions=DIM, index_threshold=10**9,
                               resident_rows=0)
    for store in (reference, resident, on_disk):
        store.upsert(pool[:400])
        store.flush() if hasattr(store, "flush") else None
    qs = queries(pool[:400], seed=2)
    assert answers(resident, qs) == answers(reference, qs)
    partitions = resident._copy.vectors.partitions
    assert resident._copy.resident and partitions is not None
    laid_out = partitions.listed
    assert not on_disk._copy.resident
    doomed = [it.id for it in pool[:400:7]]
    for store in (reference, resident, on_disk):  # appends past the layout, deletes, compaction
        for start in range(400, 700, 60):
            store.upsert(pool[start : start + 60])
            store.search(StoreQuery(access=ME, terms=("서",), limit=1))
        store.delete(doomed)
    qs = queries(pool[400:], seed=3)
    expected = answers(reference, qs)
    assert answers(resident, qs) == expected
    assert answers(on_disk, qs) == expected
    assert resident._copy.reloads == 1 and resident._copy.vectors.partitions.listed > laid_out
    reopened = LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=DIM, ivf_rows=300)
    assert answers(reopened, qs) == expected


def test_the_probed_partitions_find_a_stored_vectors_near_copy() -> None:
    rng = np.random.default_rng(4)
    m = rng.standard_normal((2_000, DIM)).astype(np.float32)
    rows = VectorRows(DIM)
    rows.append(m)
    partitions = Partitions(rows)
    for target in (0, 777, 1_999):
        q = m[target] / np.linalg.norm(m[target])
        found, sims = partitions.search(q, probes=3)
        assert found[int(np.argmax(sims))] == target
        assert np.array_equal(rows.vector(target), m[target])  # the layout moved rows, not values


def test_touch_is_seen_by_the_next_read_from_the_copy_and_from_disk(tmp_path: Path) -> None:
    store = LanceMemoryStore(str(tmp_path / "t.lance"), dimensions=DIM)
    pool = items(30, seed=5)
    store.upsert(pool)
    q = StoreQuery(access=ME, match_required=False, limit=100)
    mine = [c.item.id for c in store.search(q)][:3]
    when = T0 + timedelta(days=2)
    store.touch(mine, when, rehearsed=mine[:1])
    store.touch(mine[:1], when, rehearsed=mine[:1])
    seen = {c.item.id: c.item for c in store.search(q)}
    assert [seen[i].last_accessed for i in mine] == [when] * 3
    assert [seen[i].rehearsals for i in mine] == [2, 0, 0]
    assert store._copy.reloads == 1
    fresh = LanceMemoryStore(str(tmp_path / "t.lance"), dimensions=DIM)
    assert {it.id: it for it in fresh.get(mine, ME)} == {it.id: it for it in store.get(mine, ME)}
    assert {it.id: (it.last_accessed, it.rehearsals) for it in fresh.get(mine, ME)} == \
        {i: (when, 2 if i == mine[0] else 0) for i in mine}


def test_a_table_grown_past_resident_rows_is_read_from_lancedb_with_the_same_answers(tmp_path: Path) -> None:
    pool = items(300, seed=6)
    reference = InMemoryStore(dimensions=DIM)
    store = LanceMemoryStore(str(tmp_path / "g.lance"), dimensions=DIM, resident_rows=200)
    store.upsert(pool[:150])
    reference.upsert(pool)
    qs = queries(pool[:150], seed=7)
    store.search(qs[0])
    assert store._copy.resident
    store.upsert(pool[150:])
    keyword = [StoreQuery(access=ME, terms=(w,), limit=6) for w in WORDS]
    assert [[c.item for c in store.search(q)] for q in keyword] == \
        [[c.item for c in reference.search(q)] for q in keyword]
    assert not store._copy.resident
    assert store.get([pool[3].id], ME) == reference.get([pool[3].id], ME)


def test_warm_loads_the_copy_and_its_partitions_before_the_first_read(tmp_path: Path) -> None:
    first = LanceMemoryStore(str(tmp_path / "w.lance"), dimensions=DIM, ivf_rows=300)
    first.upsert(items(400, seed=3))
    first.close()
    reopened = LanceMemoryStore(str(tmp_path / "w.lance"), dimensions=DIM, ivf_rows=300)
    assert reopened._copy.reloads == 0 and reopened._copy.vectors is None  # nothing loaded at open
    reopened.warm()
    assert reopened._copy.resident and reopened._copy.vectors.partitions is not None
    assert reopened._copy.reloads == 1


def test_mapped_raw_vectors_give_the_same_winners_and_cosines_as_the_heap(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The raw turn and context vectors in file-backed maps (`MappedRows`) rescore the search-vector
    scan's best rows to the very same float32 cosines as the heap matrices, through appends and a
    compaction; only the search vectors stay on the heap, and no file is left behind."""
    from jarvisd.memory.stores.lance_vectors import ResidentVectors

    monkeypatch.setattr(lance_vectors, "FLAT_ROWS", 10)  # through the partitions and the rescoring
    monkeypatch.setattr(lance_vectors, "COPY_ROWS", 700)  # copies in several blocks
    rng = np.random.default_rng(11)
    turns, contexts = (rng.standard_normal((3_000, DIM)).astype(np.float32) for _ in range(2))
    has = np.arange(3_000) % 3 != 0
    contexts[~has] = 0.0
    heap = ResidentVectors(turns[:2_000], contexts[:2_000], has[:2_000], ivf_rows=1_000)
    mapped = ResidentVectors(turns[:2_000], contexts[:2_000], has[:2_000], ivf_rows=1_000,
                             directory=tmp_path / "vectors")
    qs = [turns[n] + 0.3 * rng.standard_normal(DIM).astype(np.float32) for n in (5, 999, 1_500, 2_500)]

    def same(size: int, allowed: np.ndarray) -> None:
        for q in qs:
            q = q / np.linalg.norm(q)
            a, b = heap.nearest(allowed[:size], q, limit=8), mapped.nearest(allowed[:size], q, limit=8)
            assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
            rows = np.arange(0, size, 7)
            assert np.array_equal(heap.cosines(rows, q), mapped.cosines(rows, q))

    everyone = np.ones(3_000, dtype=bool)
    same(2_000, everyone)
    for part in (slice(2_000, 2_500), slice(2_500, 3_000)):  # appends grow the maps
        heap.append(turns[part], contexts[part], has[part])
        mapped.append(turns[part], contexts[part], has[part])
    same(3_000, everyone)
    alive = np.arange(3_000) % 5 != 0
    heap.keep(alive)
    mapped.keep(alive)
    same(int(alive.sum()), everyone)
    turn, context = mapped.vectors_of(1)  # row 0 went: row 2 is row 1 now
    assert np.array_equal(turn, turns[2]) and context is not None and np.array_equal(context, contexts[2])
    assert mapped.mapped_bytes == 2 * int(alive.sum()) * DIM * 4 and heap.mapped_bytes == 0
    assert heap.nbytes - mapped.nbytes >= mapped.mapped_bytes, "the raw matrices left the heap"
    assert list((tmp_path / "vectors").iterdir()) == [], "the maps' files are unlinked once open"


def test_a_local_store_maps_its_raw_vectors_and_answers_as_the_heap_copy(tmp_path: Path) -> None:
    pool = items(600, seed=6)
    mapped = LanceMemoryStore(str(tmp_path / "m.lance"), dimensions=DIM, ivf_rows=300)
    heap = LanceMemoryStore(str(tmp_path / "h.lance"), dimensions=DIM, ivf_rows=300, map_vectors=False)
    for store in (mapped, heap):
        store.upsert(pool)
        store.flush()
    qs = queries(pool, seed=7)
    assert answers(mapped, qs) == answers(heap, qs)
    for q in qs:
        a = {c.item.id: (c.cosine, c.item.vector) for c in mapped.gather(q, ["recent", "vector"])}
        b = {c.item.id: (c.cosine, c.item.vector) for c in heap.gather(q, ["recent", "vector"])}
        assert a == b  # the same float32 cosines and vectors, bit for bit
    assert mapped._copy.mapped_bytes() > 0 and heap._copy.mapped_bytes() == 0
    assert mapped._copy.nbytes() < heap._copy.nbytes()


def test_vectors_that_cannot_be_mapped_stay_on_the_heap_and_answers_stay_right(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    pool = items(500, seed=8)
    store = LanceMemoryStore(str(tmp_path / "f.lance"), dimensions=DIM, ivf_rows=300)
    reference = InMemoryStore(dimensions=DIM)
    for s in (store, reference):
        s.upsert(pool[:400])
    qs = queries(pool[:400], seed=9)
    assert answers(store, qs) == answers(reference, qs) and store._copy.mapped_bytes() > 0

    def full_disk(self: object, capacity: int) -> np.ndarray:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(lance_vectors.MappedRows, "_grown", full_disk)
    for s in (store, reference):  # the maps cannot grow: the copy is dropped, reloaded on the heap
        s.upsert(pool[400:])
    qs = queries(pool, seed=10)
    assert answers(store, qs) == answers(reference, qs)
    assert store._copy.resident and store._copy.mapped_bytes() == 0 and store._copy.reloads == 2


def test_maps_that_cannot_grow_are_given_up_once_not_at_every_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Pass 30's low: a vectors folder with room for the copy but not for its growth (a 48 KiB tmpfs) dropped
    and reloaded the copy at every write, 33 warnings in a second. Now the first drop keeps the vectors on the
    heap until restart."""
    import errno
    import logging

    pool = items(500, seed=11)
    store = LanceMemoryStore(str(tmp_path / "g.lance"), dimensions=DIM, ivf_rows=300)
    reference = InMemoryStore(dimensions=DIM)
    for s in (store, reference):
        s.upsert(pool[:300])
    answers(store, queries(pool[:300], seed=12))
    grown = lance_vectors.MappedRows._grown

    def room_for_the_copy_only(self: lance_vectors.MappedRows, capacity: int) -> np.ndarray:
        if self.size:     # growing a map that holds rows: the folder is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return grown(self, capacity)

    monkeypatch.setattr(lance_vectors.MappedRows, "_grown", room_for_the_copy_only)
    with caplog.at_level(logging.WARNING, logger="jarvisd.memory.stores.lance_resident"):
        for start in range(300, 500, 20):
            for s in (store, reference):
                s.upsert(pool[start:start + 20])
            answers(store, queries(pool[:start + 20], seed=start))
    dropped = [r for r in caplog.records if "memory copy dropped" in r.getMessage()]
    assert len(dropped) == 1 and "on the heap" in dropped[0].getMessage()
    qs = queries(pool, seed=13)
    assert answers(store, qs) == answers(reference, qs)
    assert store._copy.mapped_bytes() == 0
