"""Pass 55c: the fiftieth session's new agenda and memory rules in everyday speech (docs/reliability.md, "Fifty-fifth
pass (c)")."""

from __future__ import annotations

import pytest

from jarvisd.memory.remember_asked import remember_said
from jarvisd.openloop.shopping import items_added, items_to_buy
from tests.assistants import scripted_assistant
from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows, said_to


@pytest.mark.parametrize("said", [
    "my job is killing me", "my car is a mess", "my office is a disaster", "my hotel is nice",
    "Mia's school is the best", "Mia's school is starting soon", "my dog is a good boy", "my team is the worst",
    "my apartment is a nightmare", "my car is driving me crazy",
])
def test_an_opinion_or_a_feeling_about_a_thing_is_no_fact_to_keep(said):
    """Before: the session's new nouns (car, job, office, hotel, school, dog, team, …) kept whatever followed "is":
    "my job is killing me" was answered "Remembered: my job is killing me" and "what car do I drive?" with "You told
    me your car is a mess." A judgement or a feeling is no fact, as a state ("my dog is sick") was not."""
    assert remember_said(said) is None


@pytest.mark.parametrize(("said", "kept"), [
    ("my car is a blue Honda Civic", "my car is a blue Honda Civic"),
    ("Mia's school is Greenwood Elementary", "Mia's school is Greenwood Elementary"),
    ("my favorite sport is swimming", "my favorite sport is swimming"),
    ("my hotel is the Hilton on 5th Avenue", "my hotel is the Hilton on 5th Avenue"),
    ("my dog is a golden retriever", "my dog is a golden retriever"),
])
def test_guard_a_fact_about_the_same_things_is_still_kept(said, kept):
    assert remember_said(said) == kept


async def test_a_venting_remark_is_not_remembered_nor_said_back(tmp_path):
    assistant, _ = scripted_assistant(tmp_path, says="That sounds hard.")
    try:
        assert await assistant.answer("my car is a mess", session="s") == "That sounds hard."
        assert await assistant.answer("what do you remember about me?", session="s") == \
            "You haven't asked me to remember anything yet."
    finally:
        await assistant.close()


@pytest.mark.slow
@pytest.mark.parametrize(("ask", "kept"), [
    ("remind me at 9pm to turn it off", ("turn it off", "2026-12-01 21:00")),
    ("remind me tomorrow at 7 to plug it in", ("plug it in", "2026-12-02 07:00")),
    ("remind me at 9pm to switch it on", ("switch it on", "2026-12-01 21:00")),
])
def test_a_reminder_of_a_deed_on_it_that_is_not_the_promise_in_focus_is_its_own(tmp_path, korean, ask, kept):
    """Before: after "I need to fix the heater", "remind me at 9pm to turn it off" was "OK, I'll remind you tonight
    at 9 PM: fix the heater.": the heater's reminder set and no reminder to turn it off (on the starting code it was
    kept as its own reminder). "It" names the promise in focus only when the deed is its own verb or a deed said of
    any task ("do it", "finish it", "work on it")."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    said_to(desk, "I need to fix the heater")
    reply = said_to(desk, ask)[0]
    assert reply is not None and "fix the heater" not in reply
    assert kept in agenda_rows(desk)
    assert ("fix the heater", "-") in agenda_rows(desk)


@pytest.mark.slow
@pytest.mark.parametrize("ask", ["remind me at 9pm to fix it", "remind me at 9pm to do it", "remind me at 9pm to work on it",
                                 "remind me to get to it at 9pm"])
def test_guard_it_still_names_the_promise_in_focus_by_its_verb_or_any_tasks(tmp_path, korean, ask):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    said_to(desk, "I need to fix the heater")
    assert said_to(desk, ask) == ["OK, I'll remind you tonight at 9 PM: fix the heater."]
    assert agenda_rows(desk) == [("fix the heater", "-")]


@pytest.mark.slow
@pytest.mark.parametrize(("said", "kept"), [
    ("I'm going to Google it", None),
    ("I'm going to FaceTime Mom tonight", ("FaceTime Mom", "2026-12-01 23:59")),
    ("I'm going to Call Bob tomorrow", ("Call Bob", "2026-12-02 23:59")),
    ("I'm going to Venmo him tomorrow", ("Venmo him", "2026-12-02 23:59")),
])
def test_a_verb_said_with_a_capital_after_going_to_is_no_place(tmp_path, korean, said, kept):
    """Before: "I'm going to Google it" was kept as "go to Google it" (nothing on the starting code) and "I'm going
    to FaceTime Mom tonight" as "go to FaceTime Mom": the base-verb guard of the session's place rule read the first
    word with a lower-case-only pattern, so a capital word was never a verb."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    said_to(desk, said)
    assert agenda_rows(desk) == ([] if kept is None else [kept])


@pytest.mark.slow
@pytest.mark.parametrize(("said", "kept"), [
    ("I'm going to Busan on the 20th", ("go to Busan", "2026-12-20 23:59")),
    ("I'm going to Costco tomorrow", ("go to Costco", "2026-12-02 23:59")),
    ("I'm going to Sam's party on Friday", ("go to Sam's party", "2026-12-04 23:59")),
])
def test_guard_a_place_said_after_going_to_is_still_gone_to(tmp_path, korean, said, kept):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    said_to(desk, said)
    assert agenda_rows(desk) == [kept]


@pytest.mark.parametrize(("desc", "items"), [
    ("buy mac and cheese", None), ("buy fish and chips", None), ("buy half and half", None),
    ("buy mac and cheese and milk", ["mac and cheese", "milk"]), ("buy milk and fish and chips", ["milk", "fish and chips"]),
    ("buy eggs and half and half", ["eggs", "half and half"]),
])
def test_a_thing_named_with_and_is_one_item(desc, items):
    """Before: "I need to buy mac and cheese" was kept as two promises, "buy mac" and "buy cheese" (one on the
    starting code), so "I bought cheese" closed half of it."""
    assert items_to_buy(desc, "en") == items


@pytest.mark.slow
def test_buying_mac_and_cheese_is_one_promise(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    said_to(desk, "I need to buy mac and cheese")
    assert agenda_rows(desk) == [("buy mac and cheese", "-")]
    said_to(desk, "I bought cheese")
    assert agenda_rows(desk) == [("buy mac and cheese", "-")]


def test_guard_things_said_together_are_still_items_apart():
    assert items_to_buy("buy salt and pepper", "en") == ["salt", "pepper"]
    assert items_to_buy("buy milk, eggs and bread", "en") == ["milk", "eggs", "bread"]
    assert items_added("add mac and cheese and eggs to my shopping list")[0] == ["mac and cheese", "eggs"]
