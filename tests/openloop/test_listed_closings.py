"""A closing that lists several promises closes each (found by the forty-second session): "I bought eggs and milk",
"계란이랑 우유 샀어" and "I called Bob and Ann" closed none (the model answered), "cancel the eggs and the milk" asked
"Which one?". Real agenda service on a JSONL file, real Korean analyzer, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.naming import listed_deeds
from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("promises", "said", "left"), [
    (["I need to buy milk", "I need to buy eggs", "I need to buy bread"], "I bought eggs and milk", ["buy bread"]),
    (["I need to buy milk", "I need to buy eggs", "I need to buy bread"], "I bought the eggs and the milk", ["buy bread"]),
    (["I need to call Bob tomorrow", "I need to call Ann tomorrow"], "I called Bob and Ann", []),
    (["I need to pay rent on Friday", "I need to pay the phone bill tomorrow"], "I paid rent and the phone bill", []),
    (["우유 사야 해", "계란 사야 해", "빵 사야 해"], "계란이랑 우유 샀어", ["빵 사기"]),
    (["우유 사야 해", "계란 사야 해", "빵 사야 해"], "계란하고 우유 샀어", ["빵 사기"]),
    (["I need to buy milk", "I need to buy eggs", "I need to buy bread"], "cancel the eggs and the milk", ["buy bread"]),
    (["I need to buy milk", "I need to buy eggs", "I need to buy bread"], "mark the eggs and the milk done", ["buy bread"]),
    (["우유 사야 해", "계란 사야 해", "빵 사야 해"], "우유랑 계란 지워줘", ["빵 사기"]),
])
def test_each_promise_listed_is_closed_and_the_rest_stays(desk, promises, said, left):
    for promise in promises:
        desk.handle(promise, "s")
    desk.handle(said, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == left


@pytest.mark.parametrize(("promises", "said", "left"), [
    (["I need to buy bread and milk"], "I bought bread and milk", []),                   # one promise of both
    (["I need to call Bob tomorrow", "I need to call Ann tomorrow"], "I called Bob and Tom", ["call Ann"]),
    (["I need to buy milk", "I need to buy eggs"], "I bought eggs and a newspaper", ["buy milk"]),
])
def test_guard_a_list_that_names_one_promise_or_something_else_closes_only_what_it_names(desk, promises, said, left):
    for promise in promises:
        desk.handle(promise, "s")
    desk.handle(said, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == left


def test_the_deeds_of_a_list():
    assert listed_deeds("buy eggs and milk") == ["buy eggs", "buy milk"]
    assert listed_deeds("email Ann and called Bob") == ["email Ann", "called Bob"]
    assert listed_deeds("계란이랑 우유 사기") == ["계란 사기", "우유 사기"]
    assert listed_deeds("call Bob") == [] and listed_deeds("보고서 쓰기") == []
