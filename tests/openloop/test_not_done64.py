"""A promise told not done, with or without its new time (`past_due.missed_said`), found living a week with the offline
default (`scripts/days_lived.py`): "i didn't get to the plumber call, do it tomorrow morning" went to SmolLM2 ("i'm
unable to assist you with your plumbing issues"), the call left at 10 AM; "couldn't call the plumber today, i'll do it
tomorrow at 9" kept a new promise "do the plumber today" at 9 PM."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.past_due import Missed, missed_said
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.openloop.when import time_spans

from .conftest import SEOUL, FakeClock


@pytest.fixture
def week(tmp_path, korean):
    clock = FakeClock(0)
    clock.set_local("2026-12-07 08:00")
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
    desk.handle("remind me to call the plumber today at 10", "s")
    desk.handle("i need to call the insurance company today", "s")
    clock.set_local("2026-12-07 11:30")
    return desk, clock


def _say(desk: AgendaDesk, text: str) -> str:
    reply = desk.handle(text, "s")
    return "" if reply is None else reply.text


def _open(desk: AgendaDesk) -> list[str]:
    return sorted(loop.desc for loop in desk.service.unexpired() if loop.is_open)


@pytest.mark.parametrize("said", [
    "i didn't get to the plumber call, do it tomorrow at 9",
    "couldn't call the plumber today, i'll do it tomorrow at 9",
    "I never got around to calling the plumber - tomorrow at 9 then",
    "ugh I ran out of time for the plumber call, move it to tomorrow at 9",   # held out
    "I didn't manage to call the plumber so tomorrow 9am",                    # held out
])
def test_a_promise_not_done_with_a_new_time_moves_there(week, said):
    desk, _ = week
    assert _say(desk, said) == "Updated: call the plumber, now tomorrow at 9 AM."
    assert _open(desk) == ["call the insurance company", "call the plumber"]


def test_not_done_without_a_time_says_it_is_still_open_and_a_time_after_moves_it(week):
    desk, _ = week
    assert _say(desk, "i didn't get to the insurance call today") == \
        "It's still on your agenda: call the insurance company, by the end of today."
    assert _say(desk, "tomorrow at 9") == "Updated: call the insurance company, now tomorrow at 9 AM."


def test_an_expired_promise_forgotten_with_a_time_is_kept_anew(week):
    desk, clock = week
    desk.handle("i need to pick up the dry cleaning tomorrow", "s")
    clock.set_local("2026-12-09 10:00")
    assert _say(desk, "i forgot to pick up the dry cleaning, do it today at 5") == \
        "Got it: pick up the dry cleaning, today at 5 PM."


@pytest.mark.parametrize("said", ["i didn't know that", "I didn't sleep well", "i couldn't find my keys",
                                  "I didn't get to see the game", "did you call the plumber?",
                                  "I forgot what I wanted to say"])
def test_guard_other_not_done_talk_changes_nothing(week, said):
    desk, _ = week
    before = [(loop.desc, loop.due_ms) for loop in desk.service.unexpired()]
    reply = desk.handle(said, "s")
    assert reply is None or not (reply.change.updated or reply.change.opened or reply.change.closed)
    assert [(loop.desc, loop.due_ms) for loop in desk.service.unexpired()] == before


def test_the_reader_splits_the_deed_from_the_new_time():
    def has_time(words: str) -> bool:
        return bool(time_spans(words))
    assert missed_said("i didn't get to the plumber call, do it tomorrow morning", has_time) == \
        Missed("the plumber call", "tomorrow morning")
    assert missed_said("I forgot to call mom yesterday", has_time) == Missed("call mom")
    assert missed_said("oh well, i forgot to buy milk, remind me tonight", has_time) == Missed("buy milk", "tonight")
    assert missed_said("i didn't get to the plumber call?", has_time) is None


def test_guard_a_long_run_is_read_in_linear_time():
    import time as clock
    said = "i didn't get to " + "the call, " * 2000 + "tomorrow"
    start = clock.perf_counter()
    missed_said(said, lambda words: bool(time_spans(words)))
    assert clock.perf_counter() - start < 2.0
