"""The seventh adversarial pass's lows outside the agenda's words (lows68; docs/reliability.md, "The seventh pass's
lows"): the quarantine's log line, the owner name, an emoji said as a person, the short-term window's bound."""

from __future__ import annotations

import json
import logging

import pytest

from jarvisd.config import ConfigError, load_config
from jarvisd.errors import StartupError
from jarvisd.openloop.owner import OWNER_NAME, agenda_place, read_owner
from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore

GOOD = {"id": "a" * 32, "desc": "call mom", "status": "open", "created_ms": 1, "updated_ms": 1, "session": "s"}


def _cut_line_then_a_whole_one(path) -> None:
    whole = json.dumps(GOOD)
    path.write_text(whole[: len(whole) // 2] + "\n" + whole + "\n", encoding="utf-8")


def _quarantine_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "quarantine" in r.getMessage()]


def test_an_unwritable_quarantine_is_said_once_and_truly(tmp_path, caplog):
    """Before: "openloop: … is unreadable, skipped: …; kept in <quarantine>", then "cannot write the quarantine file
    …; the skipped record is only in this log": said kept, then not. Now one line: skipped, not kept, and why."""
    path = tmp_path / "openloops.jsonl"
    _cut_line_then_a_whole_one(path)
    (tmp_path / QUARANTINE_NAME).mkdir()
    caplog.set_level(logging.WARNING)
    store = JsonlLoopStore(path)
    try:
        assert [loop.id for loop in store.load()] == ["a" * 32]
    finally:
        store.close()
    lines = _quarantine_lines(caplog)
    assert len(lines) == 1, lines
    assert "skipped" in lines[0] and "not kept anywhere but this log" in lines[0] and "Is a directory" in lines[0]
    assert f"cannot write the quarantine file {tmp_path / QUARANTINE_NAME}" in lines[0]
    assert "kept in" not in lines[0]


def test_held_out_a_quarantine_of_the_reminder_log_that_is_a_folder_says_the_same(tmp_path, caplog):
    from jarvisd.reflect.delivered import QUARANTINE_NAME as REMINDERS_QUARANTINE
    from jarvisd.reflect.delivered import DeliveredLog

    log = tmp_path / "reminders.jsonl"
    log.write_text('{"loop_id": "b2", "lead_min": NaN, "due_ms": 5, "at_ms": 1}\n', encoding="utf-8")
    (tmp_path / REMINDERS_QUARANTINE).mkdir()
    caplog.set_level(logging.WARNING)
    DeliveredLog(log)
    lines = _quarantine_lines(caplog)
    assert len(lines) == 1 and "not kept anywhere but this log" in lines[0] and "kept in" not in lines[0], lines


def test_guard_a_writable_quarantine_still_says_kept_in_it(tmp_path, caplog):
    path = tmp_path / "openloops.jsonl"
    _cut_line_then_a_whole_one(path)
    caplog.set_level(logging.WARNING)
    store = JsonlLoopStore(path)
    try:
        store.load()
    finally:
        store.close()
    lines = _quarantine_lines(caplog)
    assert len(lines) == 1 and f"kept in {tmp_path / QUARANTINE_NAME}" in lines[0], lines
    assert (tmp_path / QUARANTINE_NAME).read_text(encoding="utf-8").count("\n") == 1


# ---------------------------------------------------------------- 4. the owner name and `general.user`: one rule


@pytest.mark.parametrize(("written", "why"), [
    (b"me \n", "white space"),                                   # before: read as another user than "me", silently
    ("\u200fme\n".encode(), "U\\+200F"),
    ("\u2066me\u2069\n".encode(), "U\\+2066"),                   # held out: a bidi isolate around the name
    ("Mari\u0301a\n".encode(), "composed"),                      # held out: a name decomposed (NFD)
])
def test_an_owner_name_general_user_could_not_hold_stops_with_its_path(tmp_path, written, why):
    (tmp_path / OWNER_NAME).write_bytes(written)
    with pytest.raises(StartupError, match=rf"agenda\.owner.*{why}.*write the user"):
        agenda_place(tmp_path, "me")


@pytest.mark.parametrize(("user", "why"), [
    ("me ", "white space"), ("\u200fme", "U\\+200F"),             # before: both accepted
    (" \u200bme", "white space"), ("Mari\u0301a", "composed"),    # held out
])
def test_general_user_is_held_to_the_owner_files_rule(tmp_path, user, why):
    config = tmp_path / "config.toml"
    config.write_text(f'[general]\nuser = "{user}"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"{config}.*general\.user.*{why}"):
        load_config(env={"JARVIS_HOME": str(tmp_path)}, user_file=config)


@pytest.mark.parametrize("name", ["me", "Ana María", "김민지", "o'brien (home)", "\u0645\u0647\u200c\u0633\u0627",
                                  "Ana\u00a0María"])
def test_guard_names_of_one_rule_are_the_same_on_both_sides(tmp_path, name):
    """A Persian name with its zero-width non-joiner (a letter's business), a no-break space inside: taken as before."""
    config = tmp_path / "config.toml"
    config.write_text(f'[general]\nuser = "{name}"\n', encoding="utf-8")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)}, user_file=config)
    assert cfg.general.user == name
    assert agenda_place(tmp_path, name).owner and read_owner(tmp_path) == name
    assert agenda_place(tmp_path, name).owner and not agenda_place(tmp_path, name + "x").owner


# ---------------------------------------------------------------- 5. an emoji said where a person's name stands


def _facts(assistant) -> list[str]:
    return [item.content for item in assistant.memory.store.all_items() if item.kind == "semantic"]


@pytest.mark.parametrize(("told", "emoji"), [
    ("\U0001f469\u200d\U0001f467 is allergic to peanuts", "\U0001f469\u200d\U0001f467"),   # before: to the model
    ("my \U0001f476 is allergic to eggs", "\U0001f476"),                                      # held out
    ("fyi \U0001f468 was born on March 3", "\U0001f468"),                                     # held out
])
async def test_a_fact_told_of_an_emoji_asks_who_and_keeps_nothing(tmp_path, told, emoji):
    from tests.assistants import scripted_assistant

    assistant, chat = scripted_assistant(tmp_path, says="(made up)")
    try:
        reply = await assistant.answer(told, session="s")
        assert reply.startswith(f"Who is {emoji}? Tell me with their name"), reply
        assert not chat.calls and not any("allergic" in fact or "born" in fact for fact in _facts(assistant))
        assert (await assistant.answer("my daughter is allergic to peanuts", session="s")).startswith("Remembered")
    finally:
        await assistant.close()


async def test_held_out_a_korean_fact_of_an_emoji_asks_who(tmp_path):
    from tests.assistants import scripted_assistant

    assistant, chat = scripted_assistant(tmp_path, says="(made up)")
    try:
        reply = await assistant.answer("\U0001f469\u200d\U0001f467는 땅콩 알레르기가 있어", session="s")
        assert reply.startswith("\U0001f469\u200d\U0001f467가 누구인지 모르겠어요"), reply
        assert not chat.calls
    finally:
        await assistant.close()


@pytest.mark.parametrize("said", ["I love \U0001f355", "\U0001f44d thanks", "the \U0001f511 is under the mat",
                                  "\U0001f469\u200d\U0001f467 goes to bed at 8", "\U0001f355" * 3000])
def test_guard_emoji_in_other_talk_is_not_asked_about(said):
    from jarvisd.memory.emoji_named import emoji_named

    assert emoji_named(said) is None


async def test_guard_a_fact_of_a_named_person_with_an_emoji_is_kept(tmp_path):
    from tests.assistants import scripted_assistant

    assistant, _ = scripted_assistant(tmp_path, says="(made up)")
    try:
        reply = await assistant.answer("Mia is allergic to peanuts \U0001f95c", session="s")
        assert reply.startswith("Remembered: Mia is allergic to peanuts"), reply
    finally:
        await assistant.close()


# ---------------------------------------------------------------- 6. the short-term window shown to the model, bounded

FAMILY_LONG = ("my family emoji is " + "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466 " * 800)[:3990]
SHOWN_BYTES = 1200   # jarvisd.memory.context.SHOWN_BYTES (written out: the test runs on the code before the fix too)


def _window_shown(chat) -> list:
    """The past messages of the model's last call (between the system prompt and the turn's own question)."""
    messages, _ = chat.calls[-1]
    return messages[1:-1]


@pytest.mark.parametrize("told", [
    f"what do you think of this? {FAMILY_LONG}",                            # before: 15,900 bytes shown again
    "이 레시피 어때? " + "간장 두 숟가락, 설탕 한 숟가락, " * 200,            # held out: 8,800 bytes of Hangul
])
async def test_a_long_turn_is_shown_bounded_in_the_window(tmp_path, told):
    from tests.assistants import scripted_assistant

    assistant, chat = scripted_assistant(tmp_path, chat_name="scripted", says="Nice.")
    try:
        await assistant.answer(told, session="s")
        await assistant.answer("what should I cook for dinner tonight?", session="s")
        shown = _window_shown(chat)
        assert shown[0].content.startswith(told[:20]) and shown[0].content.endswith("…")
        assert all(len(m.content.encode()) <= SHOWN_BYTES + 4 for m in shown), [len(m.content.encode()) for m in shown]
    finally:
        await assistant.close()


async def test_a_long_agenda_turn_is_shown_bounded_to_the_model(tmp_path):
    """The user's words of a desk turn are shown to the model for `stm_turns` turns (`DESK_NOTE`): bounded too."""
    from tests.assistants import scripted_assistant

    assistant, chat = scripted_assistant(tmp_path, chat_name="scripted", says="Nice.")
    try:
        said = "remind me to buy " + ("\U0001f468\u200d\U0001f469\u200d\U0001f467" * 1000)[:3980]
        assert (await assistant.answer(said, session="s")).startswith("Got it")
        await assistant.answer("what should I cook for dinner tonight?", session="s")
        system = chat.calls[-1][0][0].content
        line = next(line for line in system.splitlines() if line.startswith("- remind me to buy "))
        assert len(line.encode()) <= SHOWN_BYTES + 8 and line.endswith("…")
    finally:
        await assistant.close()


async def test_guard_the_newest_long_answer_is_shown_whole_for_tell_me_more(tmp_path):
    from tests.assistants import scripted_assistant

    story = "The fox walked " + ", ".join(f"past tree {i}" for i in range(1, 300)) + "."   # ~3,900 bytes, one sentence
    assistant, chat = scripted_assistant(tmp_path, chat_name="scripted", says=story.strip())
    try:
        told = await assistant.answer("tell me a long story about a fox", session="s")
        await assistant.answer("tell me more", session="s")
        shown = _window_shown(chat)
        assert len(told.encode()) > 3 * SHOWN_BYTES
        assert shown[-1].role == "assistant" and shown[-1].content == told
        assert shown[-2].content == "tell me a long story about a fox"
    finally:
        await assistant.close()


def test_the_window_rule_on_its_own():
    """Short messages as they are; the newest answer whole unless it only says back what was asked."""
    from jarvisd.llm.base import Message
    from jarvisd.memory.context import shown_window

    short = [Message("user", "hi"), Message("assistant", "Hello!"), Message("user", "ok"), Message("assistant", "Yes.")]
    assert shown_window(short) == short
    echo = [Message("user", f"/remember {FAMILY_LONG}"), Message("assistant", f"Remembered: {FAMILY_LONG}")]
    assert all(len(m.content.encode()) <= SHOWN_BYTES + 4 for m in shown_window(echo))
