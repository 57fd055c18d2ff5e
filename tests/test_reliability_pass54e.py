"""Pass 54e: memory and agenda isolation (users, sessions) on the paths added since pass 41 (docs/reliability.md,
"Fifty-fourth pass (e)")."""

from __future__ import annotations

import pytest

from tests.assistants import scripted_assistant


@pytest.mark.parametrize(("promise", "forget", "left"), [
    ("I'm going to the gym later", "forget that my gym code is 77", "go to the gym"),
    ("remind me to buy a bike lock tomorrow", "forget my bike lock code", "buy a bike lock"),
    ("remind me to call my sister tomorrow", "delete my sister's phone number", "call my sister"),
])
async def test_forgetting_a_fact_never_kept_does_not_cancel_a_promise_sharing_a_word(tmp_path, promise, forget, left):
    """Before (the daemon, user bob on alice's home, and alice herself after her fact was gone): "forget that my gym
    code is 77" with no such fact kept went on to the agenda desk, which answered "OK, I took it off your agenda: go to
    the gym." and cancelled the promise; "forget my bike lock code" took "buy a bike lock", "delete my sister's phone
    number" took "call your sister". Words that can only name a kept fact are not the agenda's cancel."""
    assistant, _ = scripted_assistant(tmp_path, says="ok", user="me")
    try:
        await assistant.answer(promise, session="s")
        reply = await assistant.answer(forget, session="s")
        assert "off your agenda" not in reply and "nothing to forget" in reply
        assert [loop.desc for loop in assistant.agenda.agenda()] == [left]
    finally:
        await assistant.close()


async def test_another_users_forget_does_not_touch_the_homes_promise_nor_the_first_users_fact(tmp_path):
    """Two users one after the other on one home: bob's "forget that my gym code is 77" (alice's fact) deleted
    nothing of alice's, and (the finding) no longer cancels the home's "go to the gym"."""
    alice, _ = scripted_assistant(tmp_path, says="ok", user="alice")
    try:
        await alice.answer("remember that my gym code is 77", session="s")
        await alice.answer("I'm going to the gym later", session="s")
    finally:
        await alice.close()
    bob, _ = scripted_assistant(tmp_path, says="ok", user="bob")
    try:
        assert "nothing to forget" in await bob.answer("forget that my gym code is 77", session="s")
        assert (await bob.answer("what's my gym code?", session="s")).startswith("You haven't told me")
        assert [loop.desc for loop in bob.agenda.agenda()] == ["go to the gym"]
    finally:
        await bob.close()
    alice, _ = scripted_assistant(tmp_path, says="ok", user="alice")
    try:
        assert await alice.answer("what's my gym code?", session="s") == "You told me your gym code is 77."
    finally:
        await alice.close()


@pytest.mark.parametrize(("promise", "forget"), [
    ("remind me to call mom tomorrow", "delete my call with mom"),
    ("remind me to call my dentist tomorrow at 3pm", "forget my dentist call"),
    ("remind me to go to my dentist appointment tomorrow at 3pm", "remove my dentist appointment"),
])
async def test_guard_a_promise_named_in_forget_words_is_still_cancelled(tmp_path, promise, forget):
    assistant, _ = scripted_assistant(tmp_path, says="ok", user="me")
    try:
        await assistant.answer(promise, session="s")
        reply = await assistant.answer(forget, session="s")
        assert "off your agenda" in reply and assistant.agenda.agenda() == []
    finally:
        await assistant.close()


async def test_guard_a_kept_fact_is_still_forgotten_with_a_promise_sharing_a_word_open(tmp_path):
    assistant, _ = scripted_assistant(tmp_path, says="ok", user="me")
    try:
        await assistant.answer("remember that my gym code is 77", session="s")
        await assistant.answer("I'm going to the gym later", session="s")
        assert await assistant.answer("forget that my gym code is 77", session="s") == \
            "OK, I forgot that your gym code is 77."
        assert [loop.desc for loop in assistant.agenda.agenda()] == ["go to the gym"]
    finally:
        await assistant.close()
