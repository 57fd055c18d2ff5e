"""The Korean analyzer wrapper: loaded once (lazily or by `load()`), thread-safe, cached per text, and
with character offsets into the text it was given."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from jarvisd.openloop.korean_morph import KoreanAnalyzer, Morph

pytestmark = pytest.mark.slow  # loads the Korean model (kiwipiepy)


@pytest.fixture(scope="module")
def analyzer() -> KoreanAnalyzer:
    a = KoreanAnalyzer(cache_size=8)
    a.load()
    return a


def test_load_is_idempotent_and_timed(analyzer: KoreanAnalyzer) -> None:
    assert analyzer.loaded
    assert analyzer.load_seconds is not None and analyzer.load_seconds > 0
    assert analyzer.load() == 0.0


def test_morphs_carry_stems_tags_and_offsets(analyzer: KoreanAnalyzer) -> None:
    text = "보고서 보내야 해"
    morphs = analyzer.morphs(text)
    assert morphs[0] == Morph("보고서", "NNG", 0, 3)
    assert ("보내", "VV") in [(m.form, m.tag) for m in morphs]
    assert [m.form for m in morphs if m.tag == "EC"] == ["어야"]
    for m in morphs:
        assert 0 <= m.start <= m.end <= len(text)


def test_contracted_morphemes_overlap_in_the_text(analyzer: KoreanAnalyzer) -> None:
    morphs = analyzer.morphs("약 먹었어")
    stem, past = morphs[1], morphs[2]
    assert (stem.form, past.form, past.tag) == ("먹", "었", "EP")
    assert stem.start < past.end


def test_hearsay_and_decision_are_tagged_as_the_rules_expect(analyzer: KoreanAnalyzer) -> None:
    forms = [(m.form, m.tag) for m in analyzer.morphs("민지가 보고서 보내준대")]
    assert ("가", "JKS") in forms and forms[-1] == ("ᆫ대", "EF")
    forms = [(m.form, m.tag) for m in analyzer.morphs("슬라이드 보내주기로 했어")]
    assert forms[-5:] == [("기", "ETN"), ("로", "JKB"), ("하", "VV"), ("었", "EP"), ("어", "EF")]


def test_cache_returns_fresh_lists(analyzer: KoreanAnalyzer) -> None:
    first = analyzer.morphs("은행 가야 돼")
    first.clear()
    assert analyzer.morphs("은행 가야 돼")


def test_blank_text_needs_no_analysis() -> None:
    fresh = KoreanAnalyzer()
    assert fresh.morphs("   ") == []
    assert not fresh.loaded


def test_lazy_load_on_first_use_from_many_threads() -> None:
    fresh = KoreanAnalyzer(cache_size=4)
    texts = [f"{n}시에 은행 가야 돼" for n in range(1, 13)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(fresh.morphs, texts))
    assert fresh.loaded
    assert all(any(m.form == "은행" for m in r) for r in results)
