"""Properties of same_loop over generated promises built from the dev-pair vocabulary."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarvisd.openloop import rules

pytestmark = pytest.mark.slow  # fuzzing runs of 50-80 examples each (about 3 s)

VOCAB = ["치과", "안과", "예약하기", "예약", "잡기", "취소", "엄마한테", "엄마에게", "전화하기", "보고서", "분기",
         "초안을", "보내기", "받기", "팀장님께", "the", "a", "book", "cancel", "dentist", "appointment", "review",
         "merge", "Sarah's", "pull", "request", "call", "mom", "tonight", "don't", "내일", "로그", "확인해줘"]
promise = st.lists(st.sampled_from(VOCAB), min_size=1, max_size=6).map(" ".join)
cosine = st.one_of(st.none(), st.floats(min_value=-1.0, max_value=1.0))


@settings(max_examples=50, deadline=None)
@given(promise, promise, cosine)
def test_same_loop_is_symmetric(a, b, cos):
    assert rules.same_loop(a, b, cos) == rules.same_loop(b, a, cos)


@settings(max_examples=50, deadline=None)
@given(promise, st.lists(promise, max_size=5))
def test_first_same_loop_agrees_with_same_loop(a, others):
    expected = next((i for i, b in enumerate(others) if rules.same_loop(a, b)), None)
    assert rules.first_same_loop(a, others) == expected


@settings(max_examples=50, deadline=None)
@given(promise)
def test_a_promise_is_the_same_as_itself_and_never_blocked_by_its_own_words(a):
    assert rules.same_loop(a, a.upper() + "  ") is True
    assert not rules.is_substitution(a, a)


@settings(max_examples=50, deadline=None)
@given(promise, st.sampled_from(["치과", "안과", "mom", "dentist", "보고서"]), st.sampled_from(["아빠", "plumber", "신청서"]))
def test_swapping_one_content_word_never_merges_by_text(a, old, new):
    """Only when `a` already holds the old word is the new word an elaboration rather than a swap."""
    merged = rules.same_loop(f"{a} {old}", f"{a} {new}")
    assert not merged or old.lower() in rules.normalize(a).split()


@settings(max_examples=80, deadline=None)
@given(promise, st.lists(promise, max_size=6), st.lists(cosine, min_size=6, max_size=6))
def test_first_same_loop_with_cosines_is_the_first_pair_same_loop_accepts(a, others, cosines):
    """The batch finds the earlier of the first cosine match and the first text match: the same answer."""
    cosines = cosines[:len(others)]
    expected = next((i for i, b in enumerate(others) if rules.same_loop(a, b, cosines[i], 0.5)), None)
    assert rules.first_same_loop(a, others, cosines, 0.5) == expected


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="치과 예약하기보고서 Book a dentist-appointment.,’'", max_size=30))
def test_bigrams_from_the_word_cache_are_the_bigrams_of_the_space_free_text(text):
    squashed = rules.squash(text)
    direct = {squashed[i:i + 2] for i in range(len(squashed) - 1)} or ({squashed} if squashed else set())
    assert rules.bigrams(text) == direct



@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="치과 예약하기보고서 Book a dentist-appointment.,’'", max_size=30))
def test_in_word_bigrams_from_the_word_cache_never_cross_a_word_boundary(text):
    """What the dismissal rule compares: the bigrams inside each word (a one-letter word is its own unit)."""
    from jarvisd.openloop.text import word_grams

    direct = set()
    for w in rules.words(text):
        direct |= {w[i:i + 2] for i in range(len(w) - 1)} or {w}
    assert word_grams(text) == direct


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abdegins'", max_size=9))
def test_english_key_takes_off_the_first_ending_in_order_that_leaves_three_letters(word):
    """The quick test of the last letter in `english_key` changes nothing: the plain rule, spelled out (a
    doubled consonant before -ing/-ed, four letters at least, loses one: running -> run)."""
    from jarvisd.language import english_key

    base = word[:-2] if word.endswith("'s") else word
    suffix = next((s for s in ("ing", "ed", "es", "s") if base.endswith(s) and len(base) - len(s) >= 3), "")
    expected = base[:len(base) - len(suffix)]
    if suffix in ("ing", "ed") and len(expected) >= 4 and expected[-1] == expected[-2] and expected[-1] not in "lsfzaeiou":
        expected = expected[:-1]
    assert english_key(word) == expected
