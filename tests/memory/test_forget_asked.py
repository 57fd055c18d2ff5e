"""A kept fact forgotten in words (`memory/forget_asked.py`, `MemoryService.forget_told`; found by the forty-fifth
session's pass: "forget that my gym code is 77" went to SmolLM2, which answered "(2026-12-05) my locker code is 4512"
and forgot nothing; nothing but a whole-session /forget could take a fact back). The real assistant on LanceDB."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import FactAsked
from jarvisd.memory.forget_asked import forget_said
from tests.assistants import answers_to, scripted_assistant


@pytest.mark.parametrize(("said", "words"), [
    ("forget that my gym code is 77", "my gym code is 77"), ("Please forget my locker code.", "my locker code"),
    ("forget what I told you about my bike", "my bike"), ("delete my wifi password", "my wifi password"),
    ("don't remember my sister's birthday anymore", "my sister's birthday"),
    ("forget my gym code", "my gym code"),
    ("Forget at my gym code is 77.", "my gym code is 77"),   # Whisper's "at" for espeak-ng's "that" (daemon run 62)
])
def test_a_fact_to_forget_is_read(said, words):
    assert forget_said(said) == FactAsked(words, "en")


def test_korean_a_fact_to_forget_is_read():
    assert forget_said("내 사물함 번호 잊어버려") == FactAsked("사물함 번호", "ko")   # "내" is no key (one letter)
    assert forget_said("헬스장 코드 지워 줘") == FactAsked("헬스장 코드", "ko")


@pytest.mark.parametrize("said", ["forget it", "never mind", "forget about the call", "do you remember my code?",
                                  "I forgot my gym code", "잊어버려"])
def test_guard_other_words_are_no_fact_to_forget(said):
    assert forget_said(said) is None


def _assistant(tmp_path, user="me"):
    return scripted_assistant(tmp_path, says="(2026-12-05) my locker code is 4512", user=user)


async def test_a_fact_forgotten_is_gone_after_a_restart_and_the_others_stay(tmp_path):
    assistant, chat = _assistant(tmp_path)
    try:
        await assistant.answer("remember that my gym code is 77", session="s")
        await assistant.answer("remember that my locker code is 4512", session="s")
        assert await assistant.answer("forget that my gym code is 77", session="s") == \
            "OK, I forgot that your gym code is 77."
    finally:
        await assistant.close()
    assistant, chat = _assistant(tmp_path)
    try:
        assert await assistant.answer("what is my gym code?", session="t") == \
            "You haven't told me about your gym code. Tell me, and I'll remember it."
        assert await assistant.answer("what is my locker code?", session="t") == \
            "You told me your locker code is 4512."
        assert chat.calls == []
    finally:
        await assistant.close()


async def test_forgetting_a_fact_said_twice_takes_both_and_another_users_stays(tmp_path):
    other, _ = _assistant(tmp_path, user="bob")
    try:
        await other.answer("remember that my gym code is 12", session="b")
    finally:
        await other.close()
    assistant, _ = _assistant(tmp_path)
    try:
        await assistant.answer("remember that my gym code is 55", session="s")
        await assistant.answer("remember that my gym code is 77", session="s")
        assert await assistant.answer("forget my gym code", session="s") == \
            "OK, I forgot that your gym code is 77. I also forgot 1 older note about it."
        assert (await assistant.answer("what is my gym code?", session="s")).startswith("You haven't told me")
    finally:
        await assistant.close()
    other, _ = _assistant(tmp_path, user="bob")
    try:
        assert await other.answer("what is my gym code?", session="b") == "You told me your gym code is 12."
    finally:
        await other.close()


async def test_guard_forget_with_no_such_fact_goes_on_to_the_agenda(tmp_path):
    assistant, _ = _assistant(tmp_path)
    try:
        await assistant.answer("remind me to call my dentist tomorrow at 3pm", session="s")
        reply = await assistant.answer("forget my dentist call", session="s")
        assert "forgot that" not in reply and assistant.agenda.agenda() == []
    finally:
        await assistant.close()


async def test_korean_a_fact_forgotten_in_korean_is_gone(tmp_path):
    """The session's `jarvisd chat` in Korean: "내 사물함 번호 잊어버려" forgot nothing ("내" was a key no fact word
    matched) and went to SmolLM2."""
    assistant, chat = _assistant(tmp_path)
    try:
        await assistant.answer("내 사물함 번호는 27번이야, 기억해 줘", session="s")
        assert await assistant.answer("내 사물함 번호 잊어버려", session="s") == "잊었어요: 내 사물함 번호는 27번이야."
        assert await assistant.answer("내 사물함 번호 뭐였지?", session="s") == \
            "그건 아직 말해 주신 적이 없어요. 알려 주시면 기억해 둘게요."
        assert chat.calls == []
    finally:
        await assistant.close()


async def test_with_memory_damaged_a_forget_says_so_and_forgets_nothing(tmp_path):
    """A truncated LanceDB data file: "forget my gym code" must not answer "OK, I forgot …" (nothing was deleted)."""
    assistant, _ = _assistant(tmp_path)
    await assistant.answer("remember that my gym code is 77", session="s")
    await assistant.close()
    for fragment in (tmp_path / "data" / "memory.lance").rglob("*.lance"):
        if fragment.is_file():
            fragment.write_bytes(fragment.read_bytes()[:100])
    assistant, chat = _assistant(tmp_path)
    try:
        reply = await assistant.answer("forget my gym code", session="s")
        assert reply.startswith("I can't read my memory right now") and chat.calls == []
    finally:
        await assistant.close()


async def test_forget_everything_about_me_says_one_at_a_time_and_forgets_nothing(tmp_path):
    """The forty-seventh session: "delete everything you know about me" reached the agenda, which said "I couldn't
    find everything you know about you on your agenda."; "delete everything" alone stays the agenda's cancel-all."""
    from jarvisd.memory.forget_asked import ONE_AT_A_TIME

    assistant, chat = _assistant(tmp_path)
    try:
        await assistant.answer("remember that my locker code is 4512", session="s")
        await assistant.answer("I need to call Bob tomorrow", session="s")
        assert await assistant.answer("delete everything you know about me", session="s") == ONE_AT_A_TIME["en"]
        assert await assistant.answer("나에 대해 다 잊어 줘", session="s") == ONE_AT_A_TIME["ko"]
        assert await assistant.answer("what is my locker code?", session="s") == "You told me your locker code is 4512."
        assert "Say yes" in await assistant.answer("delete everything", session="s")   # the agenda's, asked first
        assert chat.calls == []
    finally:
        await assistant.close()


async def test_forget_where_i_parked_forgets_that_and_not_a_fact_about_dr_park(tmp_path):
    """The fiftieth session: "Forget where I parked." went to SmolLM2, which said "(2026-12-06) My dentist is Dr. Park"."""
    assistant, _chat = _assistant(tmp_path)
    try:
        await assistant.answer("I parked on level 3, spot B12.", session="s")
        await assistant.answer("My dentist is Dr. Park.", session="s")
        assert await assistant.answer("Forget where I parked.", session="s") == \
            "OK, I forgot that you parked on level 3, spot B12."
        assert [item.content for item in assistant.memory.told_facts(assistant.scope("s"))] == ["My dentist is Dr. Park"]
    finally:
        await assistant.close()


@pytest.mark.parametrize(("told", "slash", "said"), [
    ("/remember my locker code is 4521", "/forget my locker code", "OK, I forgot that your locker code is 4521."),
    # held out: a fact told in words, the slash command with "that"
    ("remember that my gym code is 77", "/forget that my gym code is 77", "OK, I forgot that your gym code is 77."),
])
async def test_a_fact_forgotten_with_the_slash_command_is_forgotten(tmp_path, told, slash, said):
    """Pass 70: "/forget my locker code" answered "usage: /forget session [SESSION] confirm" and the code stayed."""
    answers, _ = await answers_to(tmp_path, told, slash, "what is my locker code", says="4521")
    assert answers[1] == said
    assert "4521" not in answers[2] or "gym" in slash


@pytest.mark.parametrize(("slash", "starts"), [
    ("/forget session", "This deletes session 's'"), ("/forget session confirm", "Forgot session 's'"),
])
async def test_guard_the_slash_command_still_forgets_sessions(tmp_path, slash, starts):
    answers, _ = await answers_to(tmp_path, slash)
    assert answers[0].startswith(starts)
