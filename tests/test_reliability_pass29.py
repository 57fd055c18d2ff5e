"""Pass 29 (docs/reliability.md, "Twenty-ninth pass"): what the twenty-ninth adversarial pass found outside the
agenda's corrections, each case failing before its fix."""

import asyncio

from jarvisd.approvals import ApprovalDesk
from jarvisd.events import EventBus


async def test_a_no_in_the_instant_after_the_huds_approve_is_not_told_the_call_will_not_run():
    bus = EventBus()
    sub = bus.subscribe()
    desk = ApprovalDesk(bus, timeout_sec=5)
    waiting = asyncio.create_task(desk.request("send_mail", {"to": "Sam"}, session="hud"))
    asked = await sub.get()
    assert desk.decide(asked.id, True, "hud") is not None
    # the request has not woken yet: before, "Okay, I won't run send_mail." while the call ran
    assert desk.pending() == []
    assert desk.answer("no", "voice") is None
    assert await asyncio.wait_for(waiting, 1) is True


async def test_a_yes_after_the_hud_refused_one_request_answers_the_one_still_waiting():
    bus = EventBus()
    desk = ApprovalDesk(bus, timeout_sec=5)
    first = asyncio.create_task(desk.request("send_mail", {"to": "Sam"}, session="hud"))
    second = asyncio.create_task(desk.request("delete_file", {"path": "a.txt"}, session="office"))
    await asyncio.sleep(0.01)
    assert desk.decide(desk.pending()[0].id, False, "hud") is not None
    # before: "Okay, running send_mail." (the one just refused) and delete_file timed out, refused
    assert desk.answer("yes", "voice") == "Okay, running delete_file."
    assert await asyncio.wait_for(first, 1) is False
    assert await asyncio.wait_for(second, 1) is True
