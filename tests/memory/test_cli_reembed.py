"""/remember and /remember reembed, and the `jarvisd memory` parser."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from jarvisd.llm.base import Message
from jarvisd.memory.cli import add_parser, remember_command
from jarvisd.memory.reembed import dimension_problem, reembed
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.base import DimensionMismatch, MemoryStore
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder

ME = MemoryScope("u1", "main", "s1")


def test_remember_stores_text_and_reports_it(store: MemoryStore) -> None:
    svc = MemoryService(store)
    assert remember_command(svc, ME, "거주지: 서울") == "기억할게요: 거주지: 서울"
    assert "Usage" in remember_command(svc, ME, "   ")


def test_reembed_fills_missing_vectors_then_recall_uses_them(store: MemoryStore) -> None:
    keyword_only = MemoryService(store)
    keyword_only.remember(ME, "반려견 이름: 보리")
    keyword_only.remember(ME, "취미: 우표 수집")
    emb = HashedNgramEmbedder(store.vector_dimensions or 64)
    message = remember_command(keyword_only, ME, "reembed", emb, progress=False)
    assert message.startswith("Embedded 2 memories")
    assert store.missing_vectors(10) == []
    svc = MemoryService(store, embedder=emb)
    assert svc.recall(ME, "반려견이름")[0].item.content == "반려견 이름: 보리"  # no keyword hit: vector


def test_reembed_detects_an_embedder_dimension_change(store: MemoryStore) -> None:
    svc = MemoryService(store, embedder=HashedNgramEmbedder(64))
    svc.remember(ME, "거주지: 서울")
    wider = HashedNgramEmbedder(96)
    assert "64 dimensions but the embedder makes 96" in (dimension_problem(store, wider) or "")
    with pytest.raises(DimensionMismatch):
        reembed(store, wider, progress=False)
    assert "--rebuild" in remember_command(svc, ME, "reembed", wider, progress=False)
    report = reembed(store, wider, rebuild=True, progress=False)
    assert (report.embedded, report.rebuilt, store.vector_dimensions) == (1, True, 96)


def test_a_reopened_lance_table_keeps_its_dimensions(tmp_path: Path) -> None:
    uri = str(tmp_path / "m.lance")
    first = LanceMemoryStore(uri, dimensions=64)
    MemoryService(first, embedder=HashedNgramEmbedder(64)).remember(ME, "거주지: 서울")
    first.close()
    again = LanceMemoryStore(uri, dimensions=384)
    assert again.vector_dimensions == 64 and again.count() == 1
    svc = MemoryService(again, embedder=HashedNgramEmbedder(384))
    assert svc.embedder is None and "reembed" in svc.warnings[0]


def test_reembed_argument_typos_show_usage(store: MemoryStore) -> None:
    assert remember_command(MemoryService(store), ME, "reembed --rebiuld").startswith("/remember reembed")


def test_memory_parser_offers_eval_and_reembed() -> None:
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["memory", "eval", "--suite", "access", "--store", "memory"])
    assert args.func(None, args) == 0
    assert parser.parse_args(["memory", "reembed", "--rebuild"]).rebuild


def test_lance_key_columns_follow_the_stores_own_writes_without_reloading(tmp_path: Path) -> None:
    store = LanceMemoryStore(str(tmp_path / "k.lance"), dimensions=64)
    svc = MemoryService(store, embedder=HashedNgramEmbedder(64))
    for n in range(5):
        svc.record_turn(ME, [Message("user", f"산책 {n}"), Message("assistant", "좋아요")])
        ctx = svc.observe(ME, "산책 기록")
        svc.reinforce(ME, ctx, "산책 0 좋아요")
    svc.forget_session(ME.in_session("other"))
    old = svc.remember(ME, "거주지: 부산")
    svc.remember(ME, "거주지: 서울")
    assert [s.item.content for s in svc.recall(ME, "거주지")] == ["거주지: 서울"]
    assert old.id not in {s.item.id for s in svc.recall(ME, "부산")}
    assert store._copy.reloads == 1
    svc.forget_session(ME)
    assert svc.recall(ME, "산책") == []


def test_lance_builds_a_vector_index_once_large_and_still_finds_the_nearest(tmp_path: Path) -> None:
    import numpy as np

    from jarvisd.memory.access import AccessFilter
    from jarvisd.memory.items import new_item
    from jarvisd.memory.stores.base import StoreQuery
    from tests.memory.memory_fixtures import T0

    rng = np.random.default_rng(7)
    vecs = rng.standard_normal((320, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    store = LanceMemoryStore(str(tmp_path / "i.lance"), dimensions=16, index_threshold=300)
    store.upsert([new_item(user="u1", agent="main", session="s", source="turn", content=f"항목 {i}",
                           created_at=T0, item_id=f"i{i:03d}", vector=tuple(vecs[i].tolist())) for i in range(320)])
    assert store.ensure_index()
    access = AccessFilter("u1", ("main",), ("main",))
    found = store.search(StoreQuery(access=access, vector=tuple(vecs[42].tolist()), order="vector", limit=3))
    assert found[0].item.id == "i042" and found[0].cosine > 0.99
    assert store.search(StoreQuery(access=AccessFilter("u2", ("main",), ("main",)),
                                   vector=tuple(vecs[42].tolist()), order="vector")) == []


def test_a_second_process_writes_are_seen_after_the_consistency_interval(tmp_path: Path) -> None:
    from datetime import timedelta

    uri = str(tmp_path / "shared.lance")
    daemon = LanceMemoryStore(uri, dimensions=64, consistency=timedelta(0))
    daemon_svc = MemoryService(daemon)
    daemon_svc.remember(ME, "거주지: 서울")
    assert daemon_svc.recall(ME, "서울")
    other = MemoryService(LanceMemoryStore(uri, dimensions=64, consistency=timedelta(0)))
    other.remember(ME, "직장: 판교")
    other.store.close()
    assert [s.item.content for s in daemon_svc.recall(ME, "판교")] == ["직장: 판교"]


def test_open_service_uses_the_configured_store_and_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from jarvisd.config import load_config
    from jarvisd.memory.cli import open_service

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path))
    monkeypatch.setenv("JARVIS_MEMORY__STM_TURNS", "2")
    config = load_config()
    svc = open_service(config, HashedNgramEmbedder(64))
    svc.remember(ME, "거주지: 서울")
    svc.close()
    assert svc.settings.stm_turns == 2 and svc.store.vector_dimensions == 64
    assert Path(config.store_uri).exists()


def test_slash_reembed_uses_the_services_own_embedder_after_a_dimension_change(store: MemoryStore) -> None:
    MemoryService(store, embedder=HashedNgramEmbedder(64)).remember(ME, "거주지: 서울")
    svc = MemoryService(store, embedder=HashedNgramEmbedder(96))
    assert svc.embedder is None
    assert "--rebuild" in remember_command(svc, ME, "reembed", progress=False)
    assert remember_command(svc, ME, "reembed --rebuild", progress=False).startswith("Embedded 1 memories")
    assert svc.embedder is not None and svc.warnings == []
    assert svc.recall(ME, "서울")[0].item.vector is not None


def test_reembed_shows_a_progress_bar_on_the_terminal(store: MemoryStore, capsys: pytest.CaptureFixture[str]) -> None:
    keyword_only = MemoryService(store)
    for n in range(3):
        keyword_only.remember(ME, f"사실 {n}: 값 {n}")
    remember_command(keyword_only, ME, "reembed", HashedNgramEmbedder(store.vector_dimensions or 64))
    bar = capsys.readouterr().err
    assert "reembed" in bar and "3/3" in bar and "item/s" in bar and "<00:00" in bar


def test_the_daemons_reembed_reports_progress_in_the_log(store: MemoryStore, caplog: pytest.LogCaptureFixture,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    keyword_only = MemoryService(store)
    for n in range(3):
        keyword_only.remember(ME, f"사실 {n}: 값 {n}")
    logger = logging.getLogger("jarvisd.memory.reembed")
    with caplog.at_level(logging.INFO, logger=logger.name):
        message = remember_command(keyword_only, ME, "reembed", HashedNgramEmbedder(store.vector_dimensions or 64),
                                   progress=logger)
    assert message.startswith("Embedded 3 memories")
    lines = [r.getMessage() for r in caplog.records if r.name == logger.name]
    assert any("3/3" in line and "item/s" in line for line in lines), lines
    assert capsys.readouterr().err == "", "no terminal bar in the daemon"
