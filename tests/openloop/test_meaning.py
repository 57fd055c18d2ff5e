"""Closing by meaning, the pure half: which open promise a closing means, from its cosines."""

from __future__ import annotations

import pytest

from jarvisd.openloop.commitment_types import Closure
from jarvisd.openloop.meaning import clearly_meant, closing_text, someone_else


def test_the_best_promise_is_taken_when_it_clears_the_floor_and_leads_by_the_margin():
    assert clearly_meant([0.80, 0.91, 0.85], floor=0.86, margin=0.02) == 1


def test_two_promises_too_close_to_tell_apart_close_nothing():
    assert clearly_meant([0.905, 0.91, 0.80], floor=0.86, margin=0.02) is None


def test_a_lead_of_the_margin_is_enough_and_a_hair_less_is_not():
    assert clearly_meant([0.90, 0.875], floor=0.86, margin=0.025) == 0
    assert clearly_meant([0.90, 0.876], floor=0.86, margin=0.025) is None


def test_a_best_below_the_floor_closes_nothing_however_far_ahead():
    assert clearly_meant([0.84, 0.70, 0.65], floor=0.86, margin=0.02) is None


def test_a_single_open_promise_has_no_runner_up_so_it_needs_the_lone_floor():
    assert clearly_meant([0.91], floor=0.86, margin=0.02, lone_floor=0.90) == 0
    assert clearly_meant([0.89], floor=0.86, margin=0.02, lone_floor=0.90) is None
    assert clearly_meant([0.89, 0.80], floor=0.86, margin=0.02, lone_floor=0.90) == 0


@pytest.mark.parametrize("cosines", [[], [None, None], [0.95, None]])
def test_no_embedder_or_an_unknown_cosine_closes_nothing(cosines):
    assert clearly_meant(cosines, floor=0.5, margin=0.0) is None


def test_the_closing_text_is_the_utterance_the_clause_or_the_naming_words():
    closure = Closure("done", "get mom's meds", "Got mom's meds")
    said = "Got mom's meds, so that's sorted."
    assert closing_text(said, closure, "utterance") == said
    assert closing_text(said, closure, "clause") == "Got mom's meds"
    assert closing_text(said, closure, "reference") == "get mom's meds"
    assert closing_text("그건 해결됐어", Closure("done", "", ""), "reference") == "그건 해결됐어"


@pytest.mark.parametrize("text, hearsay", [("동생은 벌써 건강검진 받았대", True), ("남편이 서류 냈다더라", True),
                                           ("언니가 대신 샀대요.", True), ("냥이 밥 시켰어", False),
                                           ("Got the tickets.", False)])
def test_korean_hearsay_is_someone_elses_deed(text, hearsay):
    assert someone_else(text) is hearsay
