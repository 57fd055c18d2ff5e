"""The seventh adversarial pass's lows of the agenda (lows68; docs/reliability.md, "The seventh pass's lows"): a desk
on Monday 2026-12-07 10:00 in Seoul, a real JSONL agenda and Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.hud.openapi import MAX_TURN_CHARS
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.rules import same_loop
from jarvisd.textsafe import plain_words
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"          # one emoji of three people joined
COUPLE = "\U0001f469\u200d\u2764\ufe0f\u200d\U0001f468"        # joined through a heart and its emoji selector


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


# ---------------------------------------------------------------- 1. an emoji of several joined stays one


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: "적어 둘게요: 엄마한테 👨👩👧 전화하기." and kept so: three people drawn, the joiners gone
    (f"엄마한테 {FAMILY} 전화하기", f"적어 둘게요: 엄마한테 {FAMILY} 전화하기.", (f"엄마한테 {FAMILY} 전화하기", "-")),
    (f"내일 {COUPLE} 선물 사기", f"적어 둘게요: {COUPLE} 선물 사기, 내일까지.",                        # held out
     (f"{COUPLE} 선물 사기", "2026-12-08 23:59")),
    (f"remind me to call {FAMILY} tomorrow", f"I'll remind you: call {FAMILY}, by tomorrow.",          # held out
     (f"call {FAMILY}", "2026-12-08 23:59")),
])
def test_an_emoji_of_several_joined_is_kept_whole(monday, said, reply, row):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize(("pasted", "read"), [
    ("call m\u200dom", "call mom"), ("a\u200d\U0001f468", "a\U0001f468"), ("\U0001f468\u200d", "\U0001f468"),
    ("\u2764\ufe0f x", "\u2764 x"), ("call mom at 5\ufe0f\u20e3pm", "call mom at 5pm"),
])
def test_guard_a_joiner_or_selector_not_inside_an_emoji_is_still_nothing(pasted, read):
    assert plain_words(pasted) == read


# ---------------------------------------------------------------- 2. names of emoji, and a turn cut at the bound


def test_a_promise_of_emoji_is_not_taken_for_another_of_other_marks(monday):
    """Before: "That's already on your agenda: buy éé…": emoji were no word, so "buy" + emoji was "buy" alone, which
    "buy éé…" elaborates."""
    said_to(monday, "remind me to buy " + "é" * (MAX_TURN_CHARS - 17))
    zwj = "remind me to buy " + (FAMILY * 1000)[:MAX_TURN_CHARS - 20]
    assert said_to(monday, zwj)[0].startswith(f"Got it: buy {FAMILY}")
    assert len(agenda_rows(monday)) == 2


@pytest.mark.parametrize(("a", "b", "same"), [
    ("buy \U0001f34e", "buy \U0001f34c", False),                 # held out: two fruits, two promises
    ("buy \U0001f34e", "buy apples", False),
    ("call mom \U0001f60a", "call mom", True),                   # guard: a smile added is the same promise
    (f"call {FAMILY}", f"call {FAMILY}", True),
])
def test_emoji_are_words_of_a_promise_name(a, b, same):
    assert same_loop(a, b) is same


@pytest.mark.parametrize("said", [
    ("i'll do the garage " * 211)[:MAX_TURN_CHARS],             # before: "Got it: do th." kept
    "ok, " + "i'll do the garage " * 210 + "i'll d",    # held out: "Got it: d." before
    ("remind me to wash the car " * 160)[2:MAX_TURN_CHARS + 2],  # held out: "… wash the ca"
])
def test_a_promise_of_a_word_cut_at_the_bound_is_not_kept(monday, said):
    said = said[:MAX_TURN_CHARS]
    assert len(said) == MAX_TURN_CHARS
    reply = said_to(monday, said)[0]
    assert "was cut at 4,000 characters, so I didn't keep" in reply
    assert [desc for desc, _ in agenda_rows(monday)] in (["do the garage"], ["wash the car"])


@pytest.mark.parametrize("said", [
    ("i'll do the garage " * 211)[:MAX_TURN_CHARS - 1],         # shorter than the bound: as said
    ("i'll do the garage " * 211)[:MAX_TURN_CHARS - 6] + " ok.",  # at the bound, but ends with a mark
    ("remind me to wash the car " * 160)[3:MAX_TURN_CHARS + 3],  # at the bound, the last promise said whole before
])
def test_guard_a_turn_not_cut_at_the_bound_is_read_as_said(monday, said):
    reply = said_to(monday, said)[0]
    assert "cut at" not in reply and len(agenda_rows(monday)) >= 1


def test_guard_a_korean_turn_at_the_bound_keeps_its_whole_promise(monday):
    said = ("내일 우유 사야 해 " * 500)[:MAX_TURN_CHARS]
    assert said_to(monday, said) == ["적어 둘게요: 우유 사기, 내일까지. 이미 적어 뒀어요: 우유 사기."]
