""""How many days until Emily's birthday?" with the birthday told as a fact (the sixty-third session's older user: the
offline default's SmolLM2 answered "(2026-12-07) 2026-12-07 19 days"). The real assistant (LanceDB memory, a JSONL
agenda) with SmolLM2 named and never asked; the agenda's clock stopped on a Monday morning in Seoul."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.memory.dated_facts import before_it, days_to_told_day
from tests.assistants import scripted_assistant

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=ZoneInfo("Asia/Seoul"))


async def _said(tmp_path, *turns: str) -> tuple[list[str], list]:
    assistant, chat = scripted_assistant(tmp_path, says="(2026-12-07) 2026-12-07 19 days")
    assistant.desk.service.clock = MONDAY.timestamp
    try:
        return [await assistant.answer(turn, session="s") for turn in turns], chat.calls
    finally:
        await assistant.close()


@pytest.mark.parametrize("asked", ["how many days until Emily's birthday", "how many days till emily's birthday?",
                                   "how long until Emily's birthday"])
async def test_days_until_a_told_birthday(tmp_path, asked):
    replies, calls = await _said(tmp_path, "my granddaughter Emily's birthday is on the 19th", asked)
    assert replies[1] == "Emily's birthday is in 12 days: Saturday, December 19."
    assert not calls


async def test_weeks_until_our_anniversary(tmp_path):
    replies, _ = await _said(tmp_path, "our anniversary is on January 9th", "how many weeks until our anniversary")
    assert replies[1] == "Your anniversary is in 4 weeks and 5 days: Saturday, January 9, 2027."


@pytest.mark.parametrize("asked, read", [
    ("how many days until Emily's birthday", ("Emily's birthday", "days")),
    ("how many weeks till our anniversary?", ("our anniversary", "weeks")),
    ("how many days until Christmas", None),
    ("how many days until the trip", ("the trip", "days")),   # (the agenda answers when no fact holds its day)
])
def test_the_days_asked_to_a_told_day(asked, read):
    assert days_to_told_day(asked) == read


async def test_a_card_a_few_days_before_the_birthday_just_told(tmp_path):
    """Before: "Got it: buy a card for Emily a few days. When should I remind you?" (no day to count back from)."""
    replies, calls = await _said(tmp_path, "my granddaughter Emily's birthday is on the 19th",
                                 "could you please remind me to buy a card for Emily a few days before")
    assert replies[1] == "I'll remind you: buy a card for Emily's birthday, by Wednesday, December 16."
    assert not calls


def test_guard_a_few_days_before_needs_a_day_just_told():
    assert before_it("remind me to buy a card a few days before", "my sister lives in Leeds") is None
    assert before_it("remind me to buy a card a few days before", "our anniversary is on June 14th") == \
        "remind me to buy a card a few days before our anniversary"
