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


@pytest.mark.parametrize("answer, count, place", [
    ("the first one", 3, 0), ("second", 3, 1), ("the third", 3, 2), ("number two", 3, 1), ("um the 2nd one please", 3, 1),
    ("1번", 3, 0), ("2번이요", 3, 1), ("두 번째", 3, 1), ("세 번째 거", 3, 2), ("마지막 거", 3, 2), ("the last one", 2, 1),
    ("the third", 2, None), ("I need to call the second bank", 3, None), ("two coffees please", 3, None), ("no", 3, None),
])
def test_an_answer_picks_an_offered_promise_by_its_place(answer, count, place):
    from jarvisd.openloop.meaning import picked

    assert picked(answer, count) == place


def test_offers_need_the_nearest_above_its_languages_floor():
    from jarvisd.openloop.meaning import ASK_FLOOR, worth_asking

    assert worth_asking([0.80, ASK_FLOOR["en"] + 0.001, 0.82, 0.70], "en") == [1, 2, 0]
    assert worth_asking([ASK_FLOOR["en"] + 0.001, 0.80], "ko") == []
    assert worth_asking([0.9, None], "en") == [] and worth_asking([], "en") == []


@pytest.mark.parametrize("text, past", [
    ("I fixed the kitchen sink last week", True), ("we went hiking yesterday", True), ("어제 영화 봤어", True),
    ("지난주에 관리비 냈어요", True), ("the loan thing got fixed, no need anymore", False), ("출금 통장 바꿔놨어", False),
])
def test_a_report_of_a_past_day_is_told_apart(text, past):
    from jarvisd.openloop.meaning import said_of_the_past

    assert said_of_the_past(text) is past
