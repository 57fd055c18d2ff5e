""""Remind me a week before her birthday to buy a gift" right after "my sister's birthday is on december 19" (the
sixty-fourth session's days lived, `scripts/days_lived.py`: "Got it: buy a gift. When should I remind you?", no day to
count back from). The real assistant (LanceDB memory, a JSONL agenda) with SmolLM2 named and never asked; the agenda's
clock stopped on a Monday morning in Seoul."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.memory.dated_facts import with_told_owner
from tests.assistants import scripted_assistant

MONDAY = datetime(2026, 12, 7, 8, 0, tzinfo=ZoneInfo("Asia/Seoul"))


async def _said(tmp_path, *turns: str) -> tuple[list[str], list]:
    assistant, chat = scripted_assistant(tmp_path, says="Sure! A week before her birthday is a great time.")
    assistant.desk.service.clock = MONDAY.timestamp
    try:
        return [await assistant.answer(turn, session="s") for turn in turns], chat.calls
    finally:
        await assistant.close()


@pytest.mark.parametrize("asked", ["remind me a week before her birthday to buy a gift",
                                   "remind me to buy a gift a week before her birthday"])
async def test_a_gift_a_week_before_her_birthday_just_told(tmp_path, asked):
    replies, calls = await _said(tmp_path, "my sister's birthday is on december 19", asked)
    assert replies[1] == "I'll remind you: buy a gift for your sister's birthday, by Saturday."   # December 12
    assert not calls


async def test_how_many_days_until_his_birthday_just_told(tmp_path):
    replies, calls = await _said(tmp_path, "my dad's birthday is on january 9th", "how many days until his birthday")
    assert replies[1] == "Your dad's birthday is in 33 days: Saturday, January 9, 2027."
    assert not calls


def test_guard_her_birthday_is_only_the_one_just_told():
    assert with_told_owner("remind me a week before her birthday", "my sister lives in Leeds") == \
        "remind me a week before her birthday"
    assert with_told_owner("remind me a week before her birthday", "our anniversary is on June 14th") == \
        "remind me a week before her birthday"
    assert with_told_owner("remind me a week before her birthday", "my sister's birthday is on december 19") == \
        "remind me a week before my sister's birthday"


@pytest.mark.parametrize("told, asked, said", [
    ("my passport expires on february 3rd", "how many days until my passport expires",
     "The day your passport expires is in 58 days: Wednesday, February 3, 2027."),
    ("my lease runs out on march 31", "how many days until my lease runs out",            # held out
     "The day your lease runs out is in 114 days: Wednesday, March 31, 2027."),
])
async def test_days_until_a_day_told_by_what_happens_on_it(tmp_path, told, asked, said):
    """The sixty-fourth session's working week: with "renew my passport" kept, "how many days until my passport
    expires" counted to the renewal's due ("… in 49 days"), not the expiry told."""
    replies, calls = await _said(tmp_path, told, "i need to renew my passport before my trip in january", asked)
    assert replies[2] == said
    assert not calls


@pytest.mark.parametrize("asked, said", [
    ("how many weeks until my lease runs out",
     'I don\'t know when your lease runs out yet. Tell me the date, like "my lease runs out on June 12", and ask me again.'),
    ("how many days until the trip",   # held out: nothing on the agenda, nothing told
     'I don\'t know when the trip is yet. Tell me the date, like "the trip is June 12", and ask me again.'),
])
async def test_days_until_a_day_never_told_ask_for_it(tmp_path, asked, said):
    """Before: SmolLM2's "2026-12-07 2026-12-07 2026-12-07 …" (bare stamps) for a day neither told nor kept."""
    replies, calls = await _said(tmp_path, asked)
    assert replies == [said] and not calls


async def test_guard_a_trip_on_the_agenda_is_counted_by_the_desk(tmp_path):
    replies, _ = await _said(tmp_path, "my trip to Rome is on december 20", "how many days until the trip")
    assert "in 13 days" in replies[1] and "don't know" not in replies[1]
