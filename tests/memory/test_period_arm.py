"""The period arm: a question that names a month or a year also gathers candidates inside that period
(`StoreQuery.since` / `until` over the items' `created_at`), in every store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from jarvisd.llm.base import Message
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.memory import InMemoryStore
from tests.memory.memory_fixtures import DIM

ME = MemoryScope("u1", "main", "s1")
ASKER = MemoryScope("u1", "main", "q")
OCTOBER = datetime(2026, 10, 12, 9, 0, tzinfo=UTC)
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def stores(tmp_path: Path) -> list[MemoryStore]:
    return [InMemoryStore(dimensions=DIM), LanceMemoryStore(str(tmp_path / "r.lance"), dimensions=DIM),
            LanceMemoryStore(str(tmp_path / "k.lance"), dimensions=DIM, resident_rows=0)]


def fill(svc: MemoryService) -> None:
    """One hike in October, then twenty in November: every arm but the period's takes the newer ones."""
    turns = [("Caroline: we went hiking at the lake", "Melanie: lovely", OCTOBER)]
    turns += [(f"Caroline: went hiking again, day {k}", "Melanie: nice", NOW - timedelta(days=k + 1))
              for k in range(20)]
    for n, (asked, answered, at) in enumerate(turns, start=1):
        svc.record_turn(ME, [Message("user", asked), Message("assistant", answered)], turn=n, at=at)


def candidates(svc: MemoryService, query: str) -> list[str]:
    return [c.item.content for c in svc._candidates(ASKER, query, 5)[0]]


def test_a_question_naming_a_month_gathers_the_episodes_of_that_month(tmp_path: Path) -> None:
    for store in stores(tmp_path):
        svc = MemoryService(store, settings=MemorySettings(candidate_limit=5), clock=lambda: NOW)
        fill(svc)
        without = MemoryService(store, settings=MemorySettings(candidate_limit=5, period_arm=False), clock=lambda: NOW)
        for query in ("Where did Caroline go hiking in October?", "10월에 Caroline hiking 어디 갔지?",
                      "Where did Caroline go hiking in October 2026?"):
            assert not any("the lake" in text for text in candidates(without, query)), (store, query)
            assert any("the lake" in text for text in candidates(svc, query)), (store, query)
        # a period with nothing in it adds nothing; a question naming no period gathers as before
        assert candidates(svc, "Where did Caroline go hiking in March 2024?") == candidates(
            without, "Where did Caroline go hiking in March 2024?")
        assert candidates(svc, "Where did Caroline go hiking?") == candidates(without, "Where did Caroline go hiking?")


def test_the_period_is_read_in_the_services_time_zone() -> None:
    from zoneinfo import ZoneInfo

    late = datetime(2026, 10, 31, 16, 0, tzinfo=UTC)  # 1 November, 01:00 in Seoul
    for tz, month in ((ZoneInfo("Asia/Seoul"), "November"), (UTC, "October")):
        svc = MemoryService(InMemoryStore(dimensions=DIM), clock=lambda: NOW + timedelta(days=15), tz=tz)
        svc.record_turn(ME, [Message("user", "Caroline: a night hike"), Message("assistant", "ok")], turn=1, at=late)
        svc.record_turn(ME, [Message("user", "Caroline: a hike"), Message("assistant", "ok")], turn=2,
                        at=NOW + timedelta(days=10))
        for asked in ("October", "November"):  # one candidate per arm: the newer hike, unless the period has the other
            found = [c.item.content for c in svc._candidates(ASKER, f"hike in {asked}", 1)[0]]
            assert any("night" in text for text in found) is (asked == month), (tz, asked)


def test_an_item_said_inside_the_period_holds_the_questions_date_words(tmp_path: Path) -> None:
    from jarvisd.memory.testing import HashedNgramEmbedder

    for store in stores(tmp_path)[:2]:
        first = []
        for arm in (False, True):
            svc = MemoryService(store, embedder=HashedNgramEmbedder(dimensions=DIM), clock=lambda: NOW,
                                settings=MemorySettings(period_arm=arm))
            if not arm:  # the same words in October and in November: only the date tells them apart
                for n, at in enumerate((OCTOBER, NOW - timedelta(days=3)), start=1):
                    svc.record_turn(ME, [Message("user", "Caroline: we went hiking at the lake"),
                                         Message("assistant", "Melanie: lovely")], turn=n, at=at)
            found = svc.recall(ASKER, "Where did Caroline go hiking in October?", limit=2)
            first.append(found[0].item.created_at)
        assert first == [NOW - timedelta(days=3), OCTOBER], store  # the newer first, unless October is asked


def test_keyword_score_counts_held_words_as_found_whatever_the_content() -> None:
    from jarvisd.memory.scoring import keyword_score

    terms, weights = ["caroline", "hiking", "october"], [0.5, 1.5, 2.0]
    assert keyword_score(terms, weights, "Caroline: hiking", ("october",)) == 1.0  # said in October
    assert keyword_score(terms, weights, "Caroline: hiking") == 0.5
    assert keyword_score(terms, weights, "Caroline: lunch", ("october",)) == (0.5 + 2.0) / 4.0
