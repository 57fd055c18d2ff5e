"""The approval card's endpoints over the real app: list what waits, approve or deny it, and the guard
(token, same origin) in front of both."""

from __future__ import annotations

import asyncio

from jarvisd.approvals import ApprovalResolved

from .conftest import Hud


async def waiting(hud: Hud, tool: str = "send_mail", args=None, session: str = "hud"):
    task = asyncio.create_task(hud.approvals.request(tool, args or {"to": "Sam"}, session=session))
    while not hud.approvals.pending():
        await asyncio.sleep(0.01)
    return task, hud.approvals.pending()[-1]


async def test_approve_runs_the_waiting_call(hud: Hud):
    task, request = await waiting(hud)
    async with hud.client() as client:
        listed = (await client.get("/api/approvals")).json()["pending"]
        assert [(p["id"], p["tool"], p["summary"], p["session"]) for p in listed] == [
            (request.id, "send_mail", "to: Sam", "hud")]
        response = await client.post(f"/api/approvals/{request.id}", json={"approved": True})
        assert response.status_code == 200
        assert response.json()["approved"] is True and response.json()["approval"]["tool"] == "send_mail"
        assert await asyncio.wait_for(task, 2) is True
        assert (await client.get("/api/approvals")).json() == {"pending": []}
        again = await client.post(f"/api/approvals/{request.id}", json={"approved": False})
    assert again.status_code == 404 and again.json()["error"] == "not_found"


async def test_deny_refuses_it_and_says_who(hud: Hud):
    sub = hud.bus.subscribe()
    task, request = await waiting(hud)
    async with hud.client() as client:
        response = await client.post(f"/api/approvals/{request.id}", json={"approved": False})
    assert response.status_code == 200
    assert await asyncio.wait_for(task, 2) is False
    resolved = [e for e in [sub.queue.get_nowait() for _ in range(sub.queue.qsize())] if isinstance(e, ApprovalResolved)]
    assert [(e.id, e.approved, e.by) for e in resolved] == [(request.id, False, "hud")]


async def test_bad_bodies_are_422_and_leave_the_request_waiting(hud: Hud):
    task, request = await waiting(hud)
    async with hud.client() as client:
        for body in ({}, {"approved": "yes"}, {"approved": 1}, {"approved": True, "extra": 1}, []):
            response = await client.post(f"/api/approvals/{request.id}", json=body)
            assert response.status_code == 422, body
    assert hud.approvals.get(request.id) is not None
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def test_a_foreign_origin_or_no_token_cannot_approve(hud: Hud):
    task, request = await waiting(hud)
    async with hud.client(Origin="http://evil.example") as client:
        assert (await client.post(f"/api/approvals/{request.id}", json={"approved": True})).status_code == 403
    async with hud.client(token=None) as client:
        assert (await client.post(f"/api/approvals/{request.id}", json={"approved": True})).status_code == 401
    async with hud.client(**{"Sec-Fetch-Site": "cross-site"}) as client:
        assert (await client.post(f"/api/approvals/{request.id}", json={"approved": True})).status_code == 403
    assert hud.approvals.get(request.id) is not None and not task.done()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
