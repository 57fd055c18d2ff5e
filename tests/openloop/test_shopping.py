"""The shopping list on the agenda (`openloop/shopping.py`; found by the forty-fifth session: on the offline default
"add milk to my shopping list" got SmolLM2's "add milk to your shopping list." and nothing was kept). The real desk
on a JSONL agenda."""

from __future__ import annotations

import pytest

from jarvisd.openloop.shopping import item_of, items_added, list_asked
from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


def test_items_added_are_kept_one_promise_each_and_listed_and_bought(desk):
    assert said_to(desk, "add milk and eggs to my shopping list", "put bread on the grocery list",
                   "add milk to my shopping list", "what's on my shopping list?") == [
        "Added to your shopping list: milk and eggs.", "Added to your shopping list: bread.",
        "Milk was already on it.", "On your shopping list: milk, eggs and bread."]
    assert said_to(desk, "I bought milk", "what do I need to buy?") == [
        "Marked done: buy milk.", "On your shopping list: eggs and bread."]
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["buy bread", "buy eggs"]


def test_an_undo_takes_the_whole_list_added_back(desk):
    assert said_to(desk, "add some apples, bananas and a bag of rice to the shopping list", "undo that",
                   "what's on my shopping list") == [
        "Added to your shopping list: apples, bananas and a bag of rice.",
        "OK, I took buy apples, buy bananas and buy a bag of rice off your agenda.", "Your shopping list is empty."]


def test_korean_shopping_list(desk):
    assert said_to(desk, "장보기 목록에 우유랑 계란 추가해 줘", "뭐 사야 돼?") == [
        "장보기 목록에 넣었어요: 우유, 계란.", "장보기 목록: 우유, 계란."]
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["계란 사기", "우유 사기"]


def test_a_promise_to_buy_said_otherwise_is_on_the_list_too(desk):
    said_to(desk, "I need to buy a birthday card for Mina by Friday", "I need to call Bob")
    assert said_to(desk, "what's on my shopping list") == ["On your shopping list: a birthday card for Mina."]


@pytest.mark.parametrize("said", ["add milk to my coffee", "add Bob to the meeting", "I added milk to the list",
                                  "what's on my agenda", "what did I buy", "shopping list app"])
def test_guard_other_words_are_not_the_shopping_list(said):
    assert items_added(said.lower()) is None and not list_asked(said.lower())


@pytest.mark.parametrize(("desc", "item"), [("buy milk", "milk"), ("우유 사기", "우유"), ("get the car washed", None),
                                            ("pick up the kids", None), ("call Bob", None)])
def test_which_promises_buy_something(desc, item):
    assert item_of(desc) == item


def test_a_list_added_on_a_full_disk_is_kept_whole_or_not_at_all(desk, monkeypatch):
    """One agenda write for the whole addition (`OpenLoopService.one_write`): with room for one record, not three,
    nothing is kept and the turn fails as a full disk does (the assistant says "I couldn't save that …")."""
    from jarvisd.openloop import stores
    from tests.faults import DiskFillsAfter

    monkeypatch.setattr(stores.os, "write", DiskFillsAfter(200))
    with pytest.raises(OSError):
        desk.handle("add milk, eggs and bread to my shopping list", "s")
    monkeypatch.undo()
    assert agenda_rows(desk) == [] and desk.service.store.path.stat().st_size == 0
    assert said_to(desk, "add milk to my shopping list") == ["Added to your shopping list: milk."]


@pytest.mark.parametrize(("said", "reply", "items"), [
    # the fiftieth session: one promise "buy milk, eggs and bread", and "remove bread from the list" took it all off
    ("I need to buy milk, eggs and bread.", "Got it: buy milk, eggs and bread.", ["milk", "eggs", "bread"]),
    ("우유랑 계란 사야 돼", "적어 둘게요: 우유, 계란 사기.", ["우유", "계란"]),
    # not a plain list: kept whole
    ("I need to buy a gift for mom and dad", "Got it: buy a gift for mom and dad.", ["a gift for mom and dad"]),
    # the sixty-first session: typed (or heard) without commas, kept "milk eggs" and "bread"
    ("buy milk eggs and bread", "Got it: buy milk, eggs and bread.", ["milk", "eggs", "bread"]),
    ("i need to buy diapers wipes formula", "Got it: buy diapers, wipes and formula.", ["diapers", "wipes", "formula"]),
    # names of one thing stay whole
    ("I need to buy almond milk and chicken soup", "Got it: buy almond milk and chicken soup.",
     ["almond milk", "chicken soup"]),
    ("buy milk chocolate and eggs", "Got it: buy milk chocolate and eggs.", ["milk chocolate", "eggs"]),
])
def test_a_purchase_of_several_things_is_one_promise_per_item(tuesday_desk, said, reply, items):
    assert said_to(tuesday_desk, said) == [reply]
    assert [item_of(loop.desc) for loop in sorted(tuesday_desk.service.agenda(), key=lambda loop: loop.created_ms)] == items


def test_one_item_of_a_purchase_said_together_is_removed_and_bought_alone(tuesday_desk):
    said_to(tuesday_desk, "I need to buy milk, eggs and bread.")
    assert said_to(tuesday_desk, "Remove bread from the list.", "I bought the milk", "What's on my shopping list?") == [
        "OK, I took it off your agenda: buy bread.", "Marked done: buy milk.", "On your shopping list: eggs."]


@pytest.mark.parametrize(("said", "reply"), [
    # daemon run 74: Whisper's "I'm out of the milk." went to SmolLM2 ("I'm sorry, I'm sorry, I'm sorry,")
    ("I'm out of the milk.", "Added to your shopping list: milk."),
    ("we ran out of eggs and coffee", "Added to your shopping list: eggs and coffee."),
    ("we're almost out of toilet paper", "Added to your shopping list: toilet paper."),
    ("I'm out of time", None), ("I'm out of the office tomorrow", None),
])
def test_what_one_is_out_of_goes_on_the_shopping_list(tuesday_desk, said, reply):
    assert said_to(tuesday_desk, said) == [reply]


@pytest.mark.parametrize("asked", ["what do I need from the store?", "what do we need at the supermarket",
                                   "what groceries do we need?", "what groceries do I still need to buy?"])
def test_the_list_asked_by_the_store_or_the_groceries_is_read(desk, asked):
    """The sixtieth session: "what do I need from the store?" went to SmolLM2, "I'm so sorry to hear about your
    family's loss."."""
    said_to(desk, "add eggs and bread to my shopping list")
    assert said_to(desk, asked) == ["On your shopping list: eggs and bread."]
