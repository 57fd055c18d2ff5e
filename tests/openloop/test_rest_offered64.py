"""A list longer than is read out offers the rest by voice (the sixty-third session's low: "; and 3 more in the HUD" said
in `jarvisd chat` and by a daemon with no HUD open); what is offered works."""

from __future__ import annotations

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

from .conftest import SEOUL, FakeClock


def _desk(tmp_path, korean) -> AgendaDesk:
    clock = FakeClock(0)
    clock.set_local("2026-12-07 07:30")
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
    desk.handle("remind me to call mom tomorrow, email the landlord tomorrow, buy milk tomorrow, pay rent tomorrow, "
                "walk the dog tomorrow, fix the sink tomorrow, book flights tomorrow", "s")
    return desk


def test_the_rest_is_offered_and_read_on_what_else(tmp_path, korean):
    desk = _desk(tmp_path, korean)
    listed = desk.handle("what do i have tomorrow", "s").text
    assert listed.endswith('; and 2 more. Say "what else?" to hear them.') and "HUD" not in listed
    assert desk.handle("what else?", "s").text == "Also: email the landlord, by tomorrow; and call mom, by tomorrow."


def test_the_rest_is_offered_in_korean(tmp_path, korean):
    desk = _desk(tmp_path, korean)
    listed = desk.handle("내일 뭐 있어?", "s").text
    assert listed.endswith('그 밖에 2개 더 있어요. "또 뭐 있어?" 하시면 읽어 드릴게요.') and "HUD" not in listed
    assert desk.handle("또 뭐 있어?", "s").text.startswith("그 밖에: email the landlord")
