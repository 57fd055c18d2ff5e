"""The approval desk: a request is published, waits for a decision, and is refused when none comes in
time; every ending is published."""

import asyncio

from jarvisd.approvals import ApprovalDesk, ApprovalRequested, ApprovalResolved, summarize_arguments
from jarvisd.events import EventBus


def drain(sub):
    seen = []
    while not sub.queue.empty():
        seen.append(sub.queue.get_nowait())
    return seen


async def test_no_decision_in_time_is_a_refusal_and_the_request_is_gone():
    bus = EventBus()
    sub = bus.subscribe()
    desk = ApprovalDesk(bus, timeout_sec=0.2)
    started = asyncio.get_running_loop().time()
    assert await desk.request("send_mail", {"to": "Sam"}, session="s1") is False
    assert 0.15 <= asyncio.get_running_loop().time() - started < 2
    assert desk.pending() == []
    asked, resolved = drain(sub)
    assert isinstance(asked, ApprovalRequested) and asked.tool == "send_mail" and asked.summary == "to: Sam"
    assert asked.session == "s1" and asked.question == "Should I run send mail (to: Sam)?"
    assert isinstance(resolved, ApprovalResolved)
    assert (resolved.id, resolved.approved, resolved.by) == (asked.id, False, "timeout")
    assert desk.decide(asked.id, True, "hud") is None  # too late: nothing waits any more


async def test_a_decision_ends_the_wait_and_a_second_one_is_refused():
    bus = EventBus()
    sub = bus.subscribe()
    desk = ApprovalDesk(bus, timeout_sec=30)
    waiting = asyncio.create_task(desk.request("send_mail", {"to": "Sam", "body": ""}, session="hud"))
    asked = await sub.get()
    assert [p.id for p in desk.pending("hud")] == [asked.id] and desk.pending("voice") == []
    assert desk.decide(asked.id, True, "hud") is not None
    assert desk.decide(asked.id, False, "hud") is None
    assert await asyncio.wait_for(waiting, 1) is True
    resolved = await sub.get()
    assert (resolved.approved, resolved.by) == (True, "hud")


async def test_a_yes_or_no_turn_answers_the_oldest_request_of_its_session_first():
    bus = EventBus()
    desk = ApprovalDesk(bus, timeout_sec=30)
    first = asyncio.create_task(desk.request("send_mail", {"to": "Sam"}, session="hud"))
    second = asyncio.create_task(desk.request("delete_file", {"path": "a.txt"}, session="voice"))
    await asyncio.sleep(0.01)
    assert desk.answer("what time is it", "voice") is None
    assert desk.answer("아니", "voice") == "Okay, I won't run delete_file."
    assert await second is False
    assert desk.answer("yes", "voice") == "Okay, running send_mail."  # one user: the HUD's request
    assert await first is True
    assert desk.answer("yes", "voice") is None  # nothing waits


async def test_a_cancelled_turn_withdraws_its_request():
    bus = EventBus()
    sub = bus.subscribe()
    desk = ApprovalDesk(bus, timeout_sec=30)
    waiting = asyncio.create_task(desk.request("send_mail", {"to": "Sam"}))
    await sub.get()
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)
    assert desk.pending() == []
    resolved = await sub.get()
    assert (resolved.approved, resolved.by) == (False, "cancelled")


def test_the_summary_is_short_and_readable():
    assert summarize_arguments({"to": "Sam", "subject": "Lunch", "cc": []}) == "to: Sam, subject: Lunch"
    long = summarize_arguments({"body": "x" * 500, "n": 3})
    assert long.startswith("body: " + "x" * 30) and "n: 3" in long and len(long) <= 120
    assert summarize_arguments(None) == ""


def test_the_timeout_is_a_checked_setting(tmp_path):
    import pytest

    from jarvisd.config import ConfigError, load_config

    env = {"JARVIS_HOME": str(tmp_path)}
    assert load_config(env=env).tools.approval_timeout_sec == 30.0
    for bad in ("0", "7200"):
        with pytest.raises(ConfigError, match=r"tools.approval_timeout_sec: must be between 0.5 and 3600"):
            load_config(env={**env, "JARVIS_TOOLS__APPROVAL_TIMEOUT_SEC": bad})


async def test_a_decision_acknowledged_in_the_instant_the_timeout_fires_is_the_one_that_counts():
    """Pass 29's low: the HUD's Approve landing between the timeout firing and the request waking answered the
    HUD 200 "approved" while the request returned the timeout's refusal. The loop is held up so that the timeout
    and the HUD's decision come due in the same turn of the loop, timeout first."""
    import time

    desk = ApprovalDesk(EventBus(), timeout_sec=0.05)
    task = asyncio.create_task(desk.request("send_mail", {"to": "Sam"}, session="s1"))
    while not desk.pending():
        await asyncio.sleep(0)
    for _ in range(5):                       # the request publishes, then waits with its timeout
        await asyncio.sleep(0)
    asked = desk.pending()[0]
    acknowledged = []
    asyncio.get_running_loop().call_later(0.06, lambda: acknowledged.append(desk.decide(asked.id, True, "hud")))
    time.sleep(0.1)                          # both are due when the loop runs next
    approved = await task
    assert acknowledged and acknowledged[0] is not None      # the HUD was told it was approved
    assert approved is True
