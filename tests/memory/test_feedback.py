"""Recall's pseudo-relevance feedback (`memory/feedback.py`): candidates ranked by the query moved toward
its nearest candidates, with the cosines the store computes from the vectors it holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from jarvisd.memory.feedback import FEEDBACK_ITEMS, feedback_query, nearest_vectors
from jarvisd.memory.items import new_item
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.scoring import Candidate
from jarvisd.memory.service import MemoryService
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.memory import InMemoryStore
from tests.memory.memory_fixtures import AXIS_DIM, QueryAxisEmbedder, axis

ME = MemoryScope("u1", "main", "s1")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
QUERY = "melanie painting"


# the query is axis 0; three memories of the painting sit between it and the painting's topic (axis 1);
# "framed" is about the painting and names little of the query, "parking" is off topic but nearer
MEMORIES = {
    "painting-1": ("Melanie's painting of a sunrise over the lake", axis(0.8, 0.6)),
    "painting-2": ("Melanie's painting is almost done", axis(0.8, 0.6, 0.05)),
    "painting-3": ("Melanie's painting hangs in the hall", axis(0.8, 0.6, 0.0, 0.05)),
    "framed": ("The sunrise over the lake hangs framed in the hall now, Melanie", axis(0.3, 0.95)),
    "parking": ("Melanie's parking spot is taken", axis(0.45, 0.0, 0.0, 0.0, 0.89)),
    "no-vector": ("Melanie's note without a vector", None),
}


def fill(store: MemoryStore) -> None:
    store.upsert([
        new_item(user=ME.user, agent=ME.agent, session=f"s-{key}", source="turn", content=text,
                 created_at=T0 + timedelta(hours=n), item_id=key, vector=vector)
        for n, (key, (text, vector)) in enumerate(MEMORIES.items())
    ])


def filled(kind: str, tmp_path: Path) -> MemoryStore:
    """The memories above in the in-memory store, the LanceDB store's resident copy, or its LanceDB path."""
    store: MemoryStore = {
        "memory": lambda: InMemoryStore(dimensions=AXIS_DIM),
        "resident": lambda: LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=AXIS_DIM),
        "lancedb": lambda: LanceMemoryStore(str(tmp_path / "l.lance"), dimensions=AXIS_DIM, resident_rows=0),
    }[kind]()
    fill(store)
    return store


def test_feedback_query_moves_the_unit_query_toward_the_mean_of_the_nearest() -> None:
    moved = np.asarray(feedback_query(axis(1.0), [axis(0.8, 0.6), axis(0.8, 0.6)], weight=0.5))
    expected = np.asarray(axis(1.0 + 0.5 * 0.8, 0.5 * 0.6))
    assert moved == pytest.approx(expected, abs=1e-9)
    assert float(np.linalg.norm(moved)) == pytest.approx(1.0)
    assert feedback_query(axis(1.0), []) == pytest.approx(axis(1.0))  # nothing to move toward
    assert feedback_query(axis(1.0), [(1.0, 0.0)]) == pytest.approx(axis(1.0))  # another width
    assert feedback_query(axis(1.0), [axis(0.8, 0.6)], weight=0) == pytest.approx(axis(1.0))


def test_nearest_vectors_are_the_turn_vectors_of_the_highest_cosines() -> None:
    items = {k: new_item(user="u", agent="a", session="s", source="turn", content=t, created_at=T0, item_id=k,
                         vector=v) for k, (t, v) in MEMORIES.items()}
    cands = [Candidate(items["parking"], 0.45), Candidate(items["painting-1"], 0.8),
             Candidate(items["framed"], 0.3), Candidate(items["painting-2"], 0.79),
             Candidate(items["no-vector"], None), Candidate(items["painting-3"], 0.79)]
    assert nearest_vectors(cands) == [MEMORIES[k][1] for k in ("painting-1", "painting-2", "painting-3")]
    assert len(nearest_vectors(cands, count=10)) == 5  # the one without a vector never counts


@pytest.mark.parametrize("kind", ["memory", "resident", "lancedb"])
def test_every_store_gives_the_cosines_to_another_vector(kind: str, tmp_path: Path) -> None:
    store = filled(kind, tmp_path)
    probe = axis(0.2, 0.9, 0.1)
    got = store.cosines([*MEMORIES, "unknown"], probe)
    expected = {k: float(np.dot(v, probe)) for k, (_, v) in MEMORIES.items() if v is not None}
    assert got == pytest.approx(expected, abs=1e-5)  # no vector and unknown ids are left out
    # a row written after the first lookup, a replaced one and a deleted one
    store.upsert([new_item(user=ME.user, agent=ME.agent, session="s-new", source="turn", content="new",
                           created_at=T0, item_id="new", vector=axis(0.0, 1.0)),
                  new_item(user=ME.user, agent=ME.agent, session="s-framed", source="turn", content="framed",
                           created_at=T0, item_id="framed", vector=axis(1.0))])
    store.delete(["parking"])
    got = store.cosines(["new", "framed", "parking"], probe)
    assert got == pytest.approx({"new": float(np.dot(axis(0.0, 1.0), probe)),
                                 "framed": float(np.dot(axis(1.0), probe))}, abs=1e-5)


@pytest.mark.parametrize("kind", ["memory", "resident", "lancedb"])
def test_feedback_ranks_a_memory_of_the_same_thing_above_a_nearer_off_topic_one(kind: str, tmp_path: Path) -> None:
    store = filled(kind, tmp_path)

    svc = MemoryService(store, embedder=QueryAxisEmbedder(QUERY))
    cands, vector, _ = svc._candidates(ME, QUERY, 12)

    def order(found: list[Candidate]) -> list[str]:
        return [c.item.id for c in sorted(found, key=lambda c: -(c.cosine if c.cosine is not None else -1))]

    without, with_feedback = order(cands), order(svc._with_feedback(cands, vector)[0])
    assert without.index("parking") < without.index("framed")  # the query alone prefers the nearer one
    assert with_feedback.index("framed") < with_feedback.index("parking")
    assert set(with_feedback) == set(without)  # the same candidates, nothing gathered again
    assert FEEDBACK_ITEMS == 3


def test_recall_ranks_with_feedback_and_without_it_when_turned_off(tmp_path: Path) -> None:
    store = filled("memory", tmp_path)

    def relevance(feedback: bool) -> dict[str, float]:
        svc = MemoryService(store, embedder=QueryAxisEmbedder(QUERY), settings=MemorySettings(feedback=feedback))
        return {s.item.id: s.relevance for s in svc.recall(ME, QUERY, limit=10)}

    on, off = relevance(True), relevance(False)
    assert on["framed"] > on["parking"]  # same keyword score: the cosines decide
    assert off["framed"] < off["parking"]
