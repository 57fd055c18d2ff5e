"""focus72: the promise just said, closed by words that name it only as "it" / "that one".

Lived offline (`scripts/days_lived.py`): right after "i need to call the dentist by friday", "actually i did it already"
answered "Good. That wasn't on your agenda, so there was nothing to mark done." and "never mind, forget that one" went to
SmolLM2 ("I'm not sure what to say, but I'll try again."); the promise stayed.
"""

from __future__ import annotations

import pytest

from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)

KEPT = "i need to call the dentist by friday"


@pytest.mark.parametrize("said", ["actually i did it already", "i already did it", "i've done that already",
                                  "oh i did that already"])
def test_a_done_said_of_it_closes_the_one_just_said(desk, said):
    desk.handle(KEPT, "s")
    assert desk.handle(said, "s").text == "Marked done: call the dentist."
    assert desk.service.agenda() == []


@pytest.mark.parametrize("said", ["never mind, forget that one", "forget that one", "never mind that one",
                                  "forget about the last one"])
def test_forget_that_one_takes_off_the_one_just_said(desk, said):
    desk.handle(KEPT, "s")
    assert desk.handle(said, "s").text == "OK, I took it off your agenda: call the dentist."
    assert desk.service.agenda() == []


@pytest.mark.parametrize("said", ["done", "all done", "forget it", "never mind", "forget about it"])
def test_guard_done_or_forget_it_alone_keeps_the_one_just_said(desk, said):
    desk.handle(KEPT, "s")
    desk.handle(said, "s")
    assert [loop.desc for loop in desk.service.agenda()] == ["call the dentist"]


def test_guard_nothing_in_focus_closes_nothing(desk, clock):
    desk.handle(KEPT, "s")
    at(clock, "2026-12-07 11:00")   # an hour later: no longer the one just said
    desk.handle("i did it already", "s")
    desk.handle("forget that one", "s")
    assert [loop.desc for loop in desk.service.agenda()] == ["call the dentist"]
