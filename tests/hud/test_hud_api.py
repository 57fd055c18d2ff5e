"""The HUD API against the real agenda service on a JSONL store: what each endpoint does to the agenda,
the transcript and the bus."""

from __future__ import annotations

import asyncio
import json
import re
import time

import httpx
import pytest

from jarvisd.events import AgendaChanged, EventBus, StatusChanged, TranscriptLine
from jarvisd.hud import HudServer
from jarvisd.hud.app import create_app
from jarvisd.openloop.model import LoopStatus

from .conftest import TOKEN, Hud, make_service

DAY_MS = 86_400_000


async def next_event(sub, kind: type, timeout: float = 10.0):
    while True:
        event = await asyncio.wait_for(sub.get(), timeout)
        if isinstance(event, kind):
            return event


async def next_sse(lines) -> tuple[str, dict]:
    """The next `event:`/`data:` pair of a server-sent event stream, skipping comments."""
    kind = ""
    while True:
        line = await anext(lines)
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and kind:
            return kind, json.loads(line[6:])


async def test_agenda_lists_open_loops_newest_first_and_the_recently_closed(hud: Hud):
    first = hud.service.add("send the quarterly report")
    second = hud.service.add("book the dentist")
    hud.service.done(first.id)
    async with hud.client() as client:
        agenda = (await client.get("/api/agenda")).json()
    assert [loop["id"] for loop in agenda["open"]] == [second.id]
    assert [(loop["id"], loop["status"]) for loop in agenda["closed"]] == [(first.id, "done")]
    assert agenda["open"][0]["short_id"] == second.id[:8]


async def test_get_agenda_expires_overdue_loops_first_and_announces_it(hud: Hud):
    overdue = hud.service.add("pay the invoice", due_ms=int(time.time() * 1000) - 2 * DAY_MS)
    sub = hud.bus.subscribe()
    async with hud.client() as client:
        agenda = (await client.get("/api/agenda")).json()
    assert agenda["open"] == []
    assert [(loop["id"], loop["status"]) for loop in agenda["closed"]] == [(overdue.id, "expired")]
    assert (await next_event(sub, AgendaChanged)).reason == "expired"


@pytest.mark.parametrize(("status", "expected"), [("done", LoopStatus.DONE), ("dismissed", LoopStatus.DISMISSED)])
async def test_closing_a_loop_persists_and_publishes_agenda_changed(hud: Hud, tmp_path, status, expected):
    loop = hud.service.add("send the quarterly report")
    sub = hud.bus.subscribe()
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": status})
    assert response.status_code == 200
    assert response.json()["loop"]["status"] == status
    event = await next_event(sub, AgendaChanged)
    assert event.reason == status and [closed.id for closed in event.change.closed] == [loop.id]
    assert make_service(tmp_path).find(loop.id).status is expected  # a fresh service reads the JSONL log


async def test_the_eight_character_prefix_finds_the_loop(hud: Hud):
    loop = hud.service.add("send the quarterly report")
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id[:8]}", json={"status": "done"})
    assert response.json()["loop"]["id"] == loop.id


async def test_revive_reopens_a_closed_loop(hud: Hud):
    loop = hud.service.add("send the quarterly report")
    hud.service.dismiss(loop.id)
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "open"})
        agenda = (await client.get("/api/agenda")).json()
    assert response.status_code == 200
    assert [item["id"] for item in agenda["open"]] == [loop.id]


async def test_reviving_a_loop_that_would_expire_at_once_is_409_with_the_reason(hud: Hud):
    loop = hud.service.add("pay the invoice", due_ms=int(time.time() * 1000) - 2 * DAY_MS)
    hud.service.expire()
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "open"})
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "revive_refused"
    assert "cannot reopen" in body["reason"] and loop.id[:8] in body["reason"]
    assert hud.service.find(loop.id).status is LoopStatus.EXPIRED


async def test_an_unknown_loop_is_404(hud: Hud):
    async with hud.client() as client:
        response = await client.post("/api/openloops/ffffffffffff", json={"status": "done"})
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


@pytest.mark.parametrize("body", [b"not json", b"[]", b'"done"', b"{}", b'{"status": "expired"}',
                                  b'{"status": "DONE"}', b'{"status": null}', b'{"status": "done", "x": 1}',
                                  b"\xff\xfe", b"[" * 50_000])
async def test_a_bad_status_body_is_422_and_changes_nothing(hud: Hud, body):
    loop = hud.service.add("send the quarterly report")
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", content=body,
                                     headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert hud.service.find(loop.id).is_open


async def test_an_oversized_body_is_413_not_a_crash(hud: Hud):
    async with hud.client() as client:
        response = await client.post("/api/turns", content=b'{"text": "' + b"x" * 100_000 + b'"}',
                                     headers={"Content-Type": "application/json"})
    assert response.status_code == 413


async def test_closing_an_already_closed_loop_publishes_nothing(hud: Hud):
    loop = hud.service.add("send the quarterly report")
    hud.service.done(loop.id)
    sub = hud.bus.subscribe()
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "done"})
    assert response.status_code == 200
    assert sub.queue.empty()


async def test_a_text_turn_is_accepted_and_its_transcript_arrives_on_the_bus(hud: Hud):
    sub = hud.bus.subscribe()
    async with hud.client() as client:
        response = await client.post("/api/turns", json={"text": "  what is on my agenda?  "})
    assert response.status_code == 202
    user = await next_event(sub, TranscriptLine)
    answer = await next_event(sub, TranscriptLine)
    assert (user.role, user.text, user.session) == ("user", "what is on my agenda?", "hud")
    assert (answer.role, answer.text) == ("assistant", "You said: what is on my agenda?")


async def test_a_slash_command_answers_at_once_through_the_registry(hud: Hud):
    loop = hud.service.add("send the quarterly report")
    sub = hud.bus.subscribe()
    async with hud.client() as client:
        listing = (await client.post("/api/turns", json={"text": "/openloop"})).json()
        closing = (await client.post("/api/turns", json={"text": f"/openloop done {loop.id[:8]}"})).json()
        unknown = (await client.post("/api/turns", json={"text": "/nosuch"})).json()
    assert listing["command"] is True and loop.id[:8] in listing["reply"]
    assert closing["reply"].startswith("✓")
    assert "/help" in unknown["reply"]
    assert hud.service.find(loop.id).status is LoopStatus.DONE
    seen = [await asyncio.wait_for(sub.get(), 5) for _ in range(7)]
    assert [(e.role, e.text) for e in seen if isinstance(e, TranscriptLine)][:2] == \
        [("user", "/openloop"), ("assistant", listing["reply"])]
    assert any(isinstance(e, AgendaChanged) for e in seen)


async def test_a_failed_turn_is_shown_in_the_transcript(tmp_path):
    bus = EventBus()

    async def broken_turn(text: str, session: str) -> None:
        raise RuntimeError("model backend unavailable")

    app = create_app(make_service(tmp_path), broken_turn, bus, dict, TOKEN)
    sub = bus.subscribe()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8765",
                                 headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        assert (await client.post("/api/turns", json={"text": "hello"})).status_code == 202
    line = await next_event(sub, TranscriptLine)
    assert line.role == "system" and "model backend unavailable" in line.text


@pytest.mark.parametrize("body", [{}, {"text": ""}, {"text": "   "}, {"text": 5}, {"text": "x" * 4001},
                                  {"text": "hi", "session": ""}, {"text": "hi", "extra": 1},
                                  # a session name no one can see (pass 30: accepted, listed as a blank name)
                                  {"text": "hi", "session": " "}, {"text": "hi", "session": "\u0000"},
                                  {"text": "hi", "session": "\u200b"}, {"text": "hi", "session": "a\nb"},
                                  # pass 39: "a\ud800" and "a\udc00" were both the session "a\ufffd"
                                  {"text": "hi", "session": "a\ud800"}, {"text": "hi", "session": "a\ufffd"}])
async def test_a_bad_turn_is_422(hud: Hud, body):
    async with hud.client() as client:  # sent as a browser does: JSON.stringify escapes a lone surrogate
        assert (await client.post("/api/turns", content=json.dumps(body),
                                  headers={"Content-Type": "application/json"})).status_code == 422


async def test_mic_requests_reach_the_mic_control(hud: Hud):
    async with hud.client() as client:
        assert (await client.post("/api/mic", json={"muted": True})).status_code == 204
        assert (await client.post("/api/mic", json={"talk": True})).status_code == 204
        assert (await client.post("/api/mic", json={"talk": True, "muted": False})).status_code == 422
        assert (await client.post("/api/mic", json={"talk": "yes"})).status_code == 422
    assert hud.mic.calls == [("muted", True), ("talk", True)]


async def test_mic_requests_without_voice_are_409(tmp_path):
    text_only = Hud(tmp_path, mic=None)
    async with text_only.client() as client:
        response = await client.post("/api/mic", json={"muted": True})
        status = (await client.get("/api/status")).json()
    assert response.status_code == 409
    assert status["mic_control"] is False


async def test_status_shows_the_latest_state_of_each_part(hud: Hud):
    follower = asyncio.create_task(hud.status.follow(hud.bus))
    await asyncio.sleep(0)
    await hud.bus.publish(StatusChanged(part="mic", state="muted"))
    await asyncio.sleep(0)
    follower.cancel()
    async with hud.client() as client:
        status = (await client.get("/api/status")).json()
    assert status["parts"]["backend"]["state"] == "embedded"
    assert status["parts"]["mic"]["state"] == "muted"


async def test_the_openapi_document_describes_every_api_route(hud: Hud):
    async with hud.client() as client:
        document = (await client.get("/api/openapi.json")).json()
    assert document["openapi"].startswith("3.")
    routes = {re.sub(r"\{(\w+):\w+\}", r"{\1}", route.path) for route in hud.app.routes  # {id:str} -> {id}
              if getattr(route, "path", "").startswith("/api")}
    assert routes == set(document["paths"])


async def test_events_stream_bus_events_to_a_real_client_and_stop_ends_the_stream(hud: Hud):
    server = HudServer(hud.app, "127.0.0.1", 0)
    await server.start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as client, \
                client.stream("GET", "/api/events", params={"token": TOKEN}) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.aiter_lines()
            assert await anext(lines) == "retry: 2000"
            await hud.bus.publish(AgendaChanged(reason="judge"))
            await hud.bus.publish(TranscriptLine(role="assistant", text="안녕하세요"))
            received = [await next_sse(lines), await next_sse(lines)]
            await hud.bus.publish(AgendaChanged(reason="x"))
            assert received[0][0] == "agenda_changed" and received[0][1]["reason"] == "judge"
            assert received[1][0] == "transcript_line" and received[1][1]["text"] == "안녕하세요"
            await asyncio.wait_for(server.stop(), timeout=15)  # an open stream does not hold the server
    finally:
        await server.stop()
    assert hud.bus.subscriber_count == 0
