"""Recall's conversation step (`scoring.with_conversation`): a turn's conversation and the turn it leads
into add to its relevance; facts and turns said days apart are conversations of their own."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from jarvisd.memory.items import MemoryItem, new_item
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.scoring import CONVERSATION_SHARE, LEAD_SHARE, Candidate, with_conversation
from jarvisd.memory.service import MemoryService
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.memory import InMemoryStore
from tests.memory.memory_fixtures import AXIS_DIM, QueryAxisEmbedder, axis

ME = MemoryScope("u1", "main", "voice")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def turn(
    key: str,
    *,
    session: str = "voice",
    number: int = 1,
    minutes: float = 0,
    source: str = "turn",
    vector: tuple[float, ...] | None = None,
) -> MemoryItem:
    return new_item(
        user=ME.user,
        agent=ME.agent,
        session=session,
        source=source,
        content=f"{key} said",
        created_at=T0 + timedelta(minutes=minutes),
        item_id=key,
        vector=vector,
        metadata={"turn": number} if source in ("turn", "turn_part") else {},
    )


def lifted(cands: Sequence[Candidate], **shares: float) -> dict[str, float | None]:
    return {c.item.id: c.cosine for c in with_conversation(cands, **shares)}


def test_a_turn_in_a_conversation_about_the_query_rises_above_an_equally_relevant_turn_in_passing() -> None:
    cands = [
        Candidate(turn("topic", number=1), 1.0),
        Candidate(turn("follow-up", number=3, minutes=4), 0.5),
        Candidate(turn("in-passing", session="hud", minutes=30), 0.5),
        Candidate(turn("other", session="x"), 0.0),
    ]
    got = lifted(cands, lead_share=0)
    assert got["follow-up"] > got["in-passing"]  # 0.5 + 0.3 x 1.0 against 0.5 + 0.3 x 0.5
    expected = {"topic": 1.3, "follow-up": 0.8, "in-passing": 0.65, "other": 0.0}
    assert got == pytest.approx({k: v / 1.3 for k, v in expected.items()})  # stretched to 0..1 again
    assert CONVERSATION_SHARE == 0.3


def test_turns_of_one_session_said_days_apart_are_separate_conversations() -> None:
    """The daemon's sessions ("voice") last for weeks: a talk five days later is not lifted by the
    earlier one, nor does it lift it (the memory eval's "recent episode first")."""
    days = 5 * 24 * 60
    cands = [
        Candidate(turn("before", number=1), 1.0),
        Candidate(turn("again", number=2, minutes=days), 0.6),
        Candidate(turn("low", session="x"), 0.0),
    ]
    got = lifted(cands)
    assert got["before"] == pytest.approx(1.0)  # no lead from the turn five days later
    assert got["again"] == pytest.approx(0.6 * 1.3 / 1.3)  # its own conversation's best is itself
    near = lifted([cands[0], Candidate(turn("again", number=2, minutes=10), 0.6), cands[2]])
    assert near["again"] == pytest.approx((0.6 + 0.3 * 1.0) / (1.0 + 0.3 + 0.1 * 0.6))


def test_a_turn_gains_from_the_next_turn_it_leads_into_only() -> None:
    cands = [
        Candidate(turn("setup", number=4), 0.5),
        Candidate(turn("answer", number=5, minutes=1), 1.0),
        Candidate(turn("after", number=6, minutes=2), 0.5),
        Candidate(turn("part", number=5, minutes=1, source="turn_part"), 0.2),
        Candidate(turn("low", session="x"), 0.0),
    ]
    got = lifted(cands, conversation_share=0)
    assert got["setup"] > got["after"]  # it leads into the relevant turn; "after" follows it
    assert got["setup"] == pytest.approx((0.5 + LEAD_SHARE * 1.0) / 1.05)
    assert got["after"] == pytest.approx(0.5 / 1.05)
    assert got["answer"] == pytest.approx((1.0 + LEAD_SHARE * 0.5) / 1.05)  # turn 6 starts after it
    assert got["part"] == pytest.approx((0.2 + LEAD_SHARE * 0.5) / 1.05)  # a part of turn 5 leads into 6 too


def test_facts_are_their_own_conversation_and_no_relevance_stays_none() -> None:
    fact = turn("fact", source="explicit")
    cands = [
        Candidate(turn("topic"), 1.0),
        Candidate(fact, 0.5),
        Candidate(turn("lone", session="hud"), 0.5),
        Candidate(turn("no-vector", number=2, minutes=1), None),
        Candidate(turn("low", session="x"), 0.0),
    ]
    got = lifted(cands, lead_share=0)
    assert got["fact"] == pytest.approx(got["lone"])  # neither is lifted by what was said around it
    assert got["no-vector"] is None
    assert with_conversation(cands, conversation_share=0, lead_share=0) == cands
    assert with_conversation([]) == []


# ---- in recall ------------------------------------------------------------------------------------

QUERY = "what did we settle"


def cosine_to_query(c: float) -> tuple[float, ...]:
    return axis(c, float(np.sqrt(1 - c * c)))


def filled(kind: str, tmp_path: Path) -> MemoryStore:
    store: MemoryStore = {
        "memory": lambda: InMemoryStore(dimensions=AXIS_DIM),
        "resident": lambda: LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=AXIS_DIM),
    }[kind]()
    days = 24 * 60
    store.upsert(
        [
            turn("topic", number=1, vector=cosine_to_query(0.95)),
            turn("follow-up", number=3, minutes=3, vector=cosine_to_query(0.60)),
            turn("in-passing", number=9, minutes=3 * days, vector=cosine_to_query(0.62)),
            turn("unrelated", number=12, minutes=6 * days, vector=cosine_to_query(0.40)),
        ]
    )
    return store


@pytest.mark.parametrize("kind", ["memory", "resident"])
def test_recall_puts_the_conversations_follow_up_first_and_not_when_turned_off(
    kind: str, tmp_path: Path
) -> None:
    store = filled(kind, tmp_path)

    def block(conversation: bool) -> list[str]:
        svc = MemoryService(
            store,
            embedder=QueryAxisEmbedder(QUERY),
            settings=MemorySettings(feedback=False, conversation=conversation),
            clock=lambda: T0 + timedelta(days=7),
        )
        return [s.item.id for s in svc.recall(ME, QUERY, limit=4)]

    assert block(True) == ["topic", "follow-up", "in-passing", "unrelated"]
    assert block(False) == ["topic", "in-passing", "follow-up", "unrelated"]
