"""Pass 48 (a) of issue 18 (see docs/reliability.md, "Forty-eighth pass (a)")."""

from __future__ import annotations

import pytest

from jarvisd.openloop.commitments import read_utterance


def _actions(text: str) -> list[str]:
    return [c.action for c in read_utterance(text).commitments]


@pytest.mark.parametrize("text, wanted", [
    ("remind me not to eat sugar after 8pm and to call mom at 9pm", ["don't eat sugar", "call mom"]),
    ("remind me not to text Sam tomorrow and to buy milk", ["don't text Sam", "buy milk"]),
    ("remind me not to forget the keys and to lock the door at 10pm", ["don't forget the keys", "lock the door"]),
    ("remind me never to call Dave, and to buy milk", ["don't call Dave", "buy milk"]),
])
def test_a_second_ask_led_by_its_own_to_is_not_under_the_first_asks_not(text, wanted):
    """Before: "remind me not to eat sugar after 8pm and to call mom at 9pm" was kept (daemon) as "don't eat sugar"
    and "don't call mom", and said back "I'll remind you: don't call mom, tonight at 9 PM": a promise the user did
    not make (the "not" of the first part applied to every part of the split)."""
    assert _actions(text) == wanted


@pytest.mark.parametrize("text, wanted", [
    ("remind me not to eat sugar and drink soda", ["don't eat sugar", "don't drink soda"]),
    ("remind me to not eat sugar and to call mom", ["don't eat sugar", "call mom"]),
    ("remind me to call the dentist at 3pm and to email Ann at 4pm", ["call the dentist", "email Ann"]),
    ("remind me not to eat sugar after 8pm", ["don't eat sugar"]),
])
def test_guard_a_not_still_covers_its_own_part_and_a_verb_joined_without_to(text, wanted):
    assert _actions(text) == wanted
