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
        assert bob.agenda.agenda() == []   # one agenda per user since the sixty-third session: alice's is hers
    finally:
        await bob.close()
    alice, _ = scripted_assistant(tmp_path, says="ok", user="alice")
    try:
        assert await alice.answer("what's my gym code?", session="s") == "You told me your gym code is 77."
        assert [loop.desc for loop in alice.agenda.agenda()] == ["go to the gym"]   # bob's forget touched nothing
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


def _tool_turn(memory, scope, ask: str) -> None:
    import json

    from jarvisd.llm.base import Message, ToolCall

    call = ToolCall("bank", json.dumps({"q": "balance"}))
    memory.record_turn(scope, [Message("user", ask), Message("assistant", "", tool_calls=(call,)),
                               Message("tool", "100", tool_name="bank"), Message("assistant", "done")])


async def test_another_user_neither_lists_nor_approves_the_first_users_procedure_draft(tmp_path):
    """Before: alice's consolidation wrote `procedures/pattern-task-bank.md`, which quotes her requests ("check my bank
    balance at Hana for the divorce lawyer"); bob, started on the same home, was shown it by `/procedures`, `/procedures
    approve pattern-task-bank` stored it as his own task pattern (`/patterns` said her requests back, and they went
    into his prompts) and deleted her draft. A draft now names its user; another user's is "no draft"."""
    import asyncio
    from pathlib import Path

    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.memory.commands import PROCEDURES_DIR
    from jarvisd.memory.consolidation import consolidate
    from jarvisd.memory.extract import llm_extractor

    alice, _ = scripted_assistant(tmp_path, says="ok", user="alice")
    try:
        scope = alice.scope("s1")
        for ask in ("check my bank balance at Hana for the divorce lawyer", "bank balance for the lawyer fees",
                    "bank balance again for the lawyer"):
            _tool_turn(alice.memory, scope, ask)
        drafts = Path(alice.cfg.paths.data_dir) / PROCEDURES_DIR
        report = await asyncio.to_thread(consolidate, alice.memory, scope,
                                         llm_extractor(ScriptedChatModel([{"text": "[]"}] * 5)), drafts_dir=drafts)
        assert [p.name for p in report.procedure_drafts] == ["pattern-task-bank.md"]
    finally:
        await alice.close()
    bob, _ = scripted_assistant(tmp_path, says="ok", user="bob")
    try:
        assert await bob.answer("/procedures", session="b") == "no procedure drafts waiting"
        assert await bob.answer("/procedures approve pattern-task-bank", session="b") == "no draft pattern-task-bank"
        assert "divorce" not in await bob.answer("/patterns", session="b")
    finally:
        await bob.close()
    alice, _ = scripted_assistant(tmp_path, says="ok", user="alice")
    try:
        assert "pattern-task-bank" in await alice.answer("/procedures", session="s1")
        assert (await alice.answer("/procedures approve pattern-task-bank", session="s1")).startswith("approved")
        assert "divorce lawyer" in await alice.answer("/patterns", session="s1")
    finally:
        await alice.close()


async def test_another_users_failure_lesson_does_not_overwrite_the_first_users_draft(tmp_path):
    """Failure reflection's draft quotes the request; bob's lesson of the same tool and reason rewrote alice's file
    (her draft lost, his request in a file she approves). Now hers stays and his waits until hers is gone."""
    from jarvisd.agent import Agent, Tool, ToolRegistry, chat_profile
    from jarvisd.agent.failure_lessons import FailureLessons
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.memory.procedure_drafts import list_drafts, read_draft
    from jarvisd.memory.scope import MemoryScope
    from tests.agent.scenario_kit import answer, call, tool_round

    def broken(ctx, args):
        raise RuntimeError("the notes folder is not mounted")

    def agent() -> Agent:
        registry = ToolRegistry()
        registry.register(Tool("search_notes", "search notes", broken, {"type": "object"}))
        script = [tool_round(call("search_notes", q=f"x {i}")) for i in range(5)] + [answer("I could not.")]
        return Agent(ScriptedChatModel(script), registry, chat_profile(), [FailureLessons(tmp_path, agent="main")],
                     name="main")

    await agent().run_turn("find my notes about the divorce lawyer", scope=MemoryScope("alice", "main", "s"))
    await agent().run_turn("find my notes about the boat", scope=MemoryScope("bob", "main", "b"))
    assert list_drafts(tmp_path, "bob") == []
    (slug,) = list_drafts(tmp_path, "alice")
    assert "divorce lawyer" in read_draft(tmp_path, slug, "alice").pattern.when


def test_guard_a_draft_without_a_user_is_anyones_and_odd_user_names_round_trip(tmp_path):
    from jarvisd.memory.patterns import TaskPattern
    from jarvisd.memory.procedure_drafts import PatternDraft, list_drafts, read_draft, write_draft

    pattern = TaskPattern(name="budget", when="the user asks for a budget", steps="Ask the income first.", keywords=("budget",))
    write_draft(tmp_path, PatternDraft(pattern, agent="main"))   # by hand, or before drafts had owners
    assert list_drafts(tmp_path, "bob") == list_drafts(tmp_path, "alice") == ["pattern-budget"]
    for user in ('al"ice\nx: y', "' OR 1=1 --", "аlice", "user: bob"):
        other = TaskPattern(name="odd", when="w", steps="s", keywords=("odd",))
        write_draft(tmp_path, PatternDraft(other, agent="main", user=user))
        assert read_draft(tmp_path, "pattern-odd", user).user == user
        assert list_drafts(tmp_path, "alice") == ["pattern-budget"]
        assert "pattern-odd" in list_drafts(tmp_path, user)


@pytest.mark.parametrize("move", ["move the call to Friday", "push the call back an hour",
                                  "no wait, I mean the call on Friday"])
async def test_a_move_said_in_another_session_of_the_user_moves_the_promise_named(tmp_path, move):
    """Before (the daemon): "remind me to call Dan tomorrow at 3pm" on the HUD, then by voice (another session) "move
    the call to Friday": not the desk's (it looked at the voice session's promises only), so SmolLM2 answered "I'm
    going to move the call to Friday, and I'm going" and nothing moved; "push the call back an hour" the same. "when
    is the call?", "don't remind me about the call", "cancel the call" and "I called Bob" already reached it there."""
    assistant, chat = scripted_assistant(tmp_path, says="I moved it.", user="me")
    try:
        await assistant.answer("remind me to call Bob tomorrow at 3pm", session="hud")
        (before,) = [loop.due_ms for loop in assistant.agenda.agenda()]
        assert (await assistant.answer(move, session="voice")).startswith("Updated: call Bob, now ")
        assert not chat.calls and [loop.due_ms for loop in assistant.agenda.agenda()] != [before]
        assert (await assistant.answer("undo that", session="voice")).startswith("OK, moved back: call Bob")
        assert [loop.due_ms for loop in assistant.agenda.agenda()] == [before]
    finally:
        await assistant.close()


async def test_guard_a_move_in_the_session_goes_to_its_own_promise_before_another_sessions(tmp_path):
    assistant, _ = scripted_assistant(tmp_path, says="ok", user="me")
    try:
        await assistant.answer("remind me to call Bob tomorrow at 3pm", session="hud")
        await assistant.answer("remind me to call Ann tomorrow at 5pm", session="voice")
        assert (await assistant.answer("move the call to Friday", session="voice")).startswith("Updated: call Ann, now ")
        assert sorted((loop.desc, loop.session) for loop in assistant.agenda.agenda()) == \
            [("call Ann", "voice"), ("call Bob", "hud")]
    finally:
        await assistant.close()


@pytest.mark.parametrize("session", ["", " ", "\u200b"])
def test_memory_forget_of_an_empty_session_is_one_usage_line_not_a_traceback(tmp_path, monkeypatch, capsys, session):
    """Before: `jarvisd memory forget --session "" --yes` ended in `ValueError: MemoryScope.session must not be empty`
    (a 16-line traceback, exit 1); " " and a zero-width space "deleted 0 records" of a session no surface can make."""
    from jarvisd.cli import main

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path / "home"))
    with pytest.raises(SystemExit) as ended:
        main(["memory", "forget", "--session", session, "--yes"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "names no session" in err and "Traceback" not in err


def test_guard_memory_forget_of_an_odd_but_real_session_name_still_runs(tmp_path, monkeypatch, capsys):
    from jarvisd.cli import main

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path / "home"))
    for session in ("' OR 1=1 --", "..", "/", "аlice"):
        assert main(["memory", "forget", "--session", session, "--yes"]) == 0
        assert "0 records deleted" in capsys.readouterr().out
