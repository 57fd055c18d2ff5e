"""people72: a promise passed on through the assistant ("tell mr lee i'll send the contract tomorrow") and a future
foreseen, not promised ("i'll miss the meeting on thursday").

Lived offline first (`scripts/days_lived.py`, no Ollama): "tell mr lee i'll send the contract tomorrow" -> "I have
nothing you promised Mr." (read as an agenda question, "tell" as "tell me"), "tell my boss i'll finish the report by
friday" -> "I have nothing you promised your boss."; "i'll miss the meeting on thursday" -> "Got it: miss the meeting, by
Thursday."; "i'll miss jenny's party so i need to send her a gift by saturday" kept "miss jenny's party" too.
"""

from __future__ import annotations

import pytest

from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.intents import match_intent
from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)


@pytest.mark.parametrize(("said", "reply"), [
    ("tell mr lee i'll send the contract tomorrow", "Got it: send the contract to mr lee, by tomorrow."),  # (english71: with its receiver)
    ("tell my boss i'll finish the report by friday", "Got it: finish the report, by Friday."),
    ("tell sarah i'll call her back tonight", "I'll remind you tonight at 8 PM: call sarah back."),
])
def test_a_promise_passed_on_is_kept(desk, said, reply):
    assert desk.handle(said, "s").text == reply


def test_held_out_a_titled_name_with_that_and_the_one_promised_is_found(desk):
    assert desk.handle("hey jarvis tell dr kim that i'll email the forms on friday", "s").text == \
        "Got it: email the forms to dr kim, by Friday."  # with its receiver (english71)
    assert desk.handle("what did i promise dr kim", "s").text.lower().startswith("you promised dr kim")  # (english71: found by its receiver)


@pytest.mark.parametrize("said", ["tell me what i promised sarah", "tell me what's on my agenda",
                                  "tell us what's due tomorrow"])
def test_guard_tell_me_is_still_an_agenda_question(said):
    assert match_intent(said) is not None


def test_guard_tell_me_a_joke_keeps_nothing(desk):
    reply = desk.handle("tell me a joke", "s")
    assert reply is None or "Got it" not in reply.text


@pytest.mark.parametrize("said", ["i'll miss the meeting on thursday", "i will probably miss the standup tomorrow",
                                  "i'm gonna miss the bus", "i'll enjoy the concert on friday",
                                  "i'll forget my keys"])
def test_a_future_foreseen_is_no_promise(said):
    assert read_utterance(said).commitments == ()


def test_held_out_the_promise_after_a_foreseen_miss_is_kept_alone(desk):
    reply = desk.handle("i'll miss jenny's party so i need to send her a gift by saturday", "s").text
    assert reply == "Got it: send her a gift, by Saturday."


@pytest.mark.parametrize(("said", "kept"), [("remind me not to miss the train at 5pm", "don't miss the train"),
                                            ("i need to miss work on friday", "miss work"),
                                            ("i'll call the bank tomorrow", "call the bank")])
def test_guard_asked_for_or_needed_it_is_still_kept(said, kept):
    assert [c.action for c in read_utterance(said).commitments] == [kept]
