"""Round 65's lows of facts asked on the offline default (SmolLM2 named, never asked): someone's work asked ("what does my
wife do for a living?") went to SmolLM2 when never told ("My husband, JARVIS, is a voice assistant …"); "what do I do for
work" was read as an agenda question ("I have nothing you promised Work.") and, once told of a brother's work, answered
with his."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import fact_asked
from jarvisd.openloop.intents import match_intent
from tests.assistants import scripted_assistant

MADE_UP = "My husband, JARVIS, is a voice assistant running offline on the user's computer."


async def _said(tmp_path, *turns: str) -> list[str]:
    assistant, chat = scripted_assistant(tmp_path, says=MADE_UP, user="alice")
    try:
        replies = [await assistant.answer(turn, session="s") for turn in turns]
    finally:
        await assistant.close()
    return replies


# ---------------------------------------------------------------- 2. someone's work

@pytest.mark.parametrize("asked", ["what does my husband do for a living?", "where does my sister work?",
                                   "what's my dad's job"])
async def test_someones_work_never_told_is_said_not_told(tmp_path, asked):
    """Before: SmolLM2's "My husband, JARVIS, is a voice assistant …"."""
    reply = (await _said(tmp_path, asked))[0]
    who = asked.split("my ")[1].split()[0].removesuffix("'s")
    assert reply == f"You haven't told me what your {who} does for a living. Tell me, and I'll remember it."


@pytest.mark.parametrize("asked", ["what does my wife do for a living?", "where does my wife work?"])
async def test_someones_work_told_in_passing_is_said_back(tmp_path, asked):
    reply = (await _said(tmp_path, "my wife is a nurse at st mary's", asked))[1]
    assert "my wife is a nurse at st mary's" in reply, reply


def test_guard_someones_other_doings_or_a_thing_are_not_their_work():
    for asked in ("what does my wife do on weekends?", "what does my code do for work items", "where does the bus work"):
        found = fact_asked(asked)
        assert found is None or not found.words.endswith("work"), asked


# ---------------------------------------------------------------- 3. "what do I do for work"

def test_what_do_i_do_for_work_is_no_agenda_question():
    """Before: promised_to "work" ("I have nothing you promised Work.")."""
    assert match_intent("what do I do for work") is None
    assert match_intent("what do i do for work again") is None


def test_guard_what_i_have_to_do_for_work_is_still_the_agendas():
    assert match_intent("what do i have to do for work") is not None
    assert match_intent("what did i promise my wife").argument == "wife"


async def test_what_do_i_do_for_work_is_the_users_work_not_a_brothers(tmp_path):
    """Before: "I have nothing you promised Work."; then (with the question read as the fact's) the brother's words."""
    replies = await _said(tmp_path, "my brother works as an electrician in busan", "what do I do for work",
                          "I work as a barista at a cafe downtown", "what do i do for work")
    assert replies[1] == "You haven't told me what you do for a living. Tell me, and I'll remember it."
    assert "I work as a barista at a cafe downtown" in replies[3] and "brother" not in replies[3]


async def test_held_out_where_do_i_work_with_a_friends_job_told(tmp_path):
    replies = await _said(tmp_path, "my best friend works at google", "where do i work")
    assert replies[1] == "You haven't told me what you do for a living. Tell me, and I'll remember it."
