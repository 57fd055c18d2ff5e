"""Pass 54b (issue 18: bad values where they enter, HUD request handling, the turn queue).

See docs/reliability.md, "Fifty-fourth pass (b)"."""

from __future__ import annotations

import asyncio
import logging

import httpx

from jarvisd.hud import server as hud_server
from tests.test_reliability_pass6 import _closed_within, _hud_server

HOST = b"Host: 127.0.0.1\r\n"


async def _answered(reader: asyncio.StreamReader) -> bytes:
    """The head of one answer (a JSON error's body is small: one read after the headers is enough here)."""
    return await asyncio.wait_for(reader.read(4096), 5)


async def test_a_second_request_begun_on_a_kept_alive_connection_is_closed_after_the_deadline(tmp_path, monkeypatch):
    """Before: the deadline held for a connection's first request only. A whole tokenless request (`GET
    /api/hello`, answered 422) then half of a second request line, or half of its headers, kept the connection
    for good; 256 of them refused the HUD to everyone (connection reset) for as long as they stayed (seen on the
    daemon: `/api/status` still reset 30 s later)."""
    monkeypatch.setattr(hud_server, "REQUEST_DEADLINE_SEC", 0.5)
    server, _ = await _hud_server(tmp_path)
    try:
        for second in (b"GET /api/sta", b"GET /api/status HTTP/1.1\r\n" + HOST):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET /api/hello?nonce=x HTTP/1.1\r\n" + HOST + b"\r\n")
            await writer.drain()
            assert b" 422 " in await _answered(reader)
            writer.write(second)
            await writer.drain()
            assert await _closed_within(reader, 5), f"a kept-alive connection held with {second!r} begun"
            writer.close()
    finally:
        await server.stop()


async def test_a_request_whose_body_never_comes_is_closed_after_the_deadline_without_a_traceback(
        tmp_path, monkeypatch, caplog):
    """Before: headers whole and the body not (`POST /api/ticket/redeem`, which needs no token, with
    `Content-Length: 1000` and 10 bytes, or `Expect: 100-continue` and no body) held the connection for good.
    And a client gone before its body was whole left two tracebacks in the log ("hud: POST … failed" and
    uvicorn's "Exception in ASGI application", `ClientDisconnect`)."""
    monkeypatch.setattr(hud_server, "REQUEST_DEADLINE_SEC", 0.5)
    server, _ = await _hud_server(tmp_path)
    caplog.set_level(logging.INFO)
    try:
        for head, part in ((b"Content-Length: 1000\r\n", b'{"ticket":'),
                           (b"Content-Length: 1000\r\nExpect: 100-continue\r\n", b"")):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"POST /api/ticket/redeem HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
                         + head + b"\r\n" + part)
            await writer.drain()
            closed = False
            for _ in range(3):  # a "100 Continue" may come first
                try:
                    data = await asyncio.wait_for(reader.read(4096), 5)
                except TimeoutError:  # still open 5 s after a 0.5 s deadline
                    break
                except ConnectionResetError:
                    closed = True
                    break
                if data == b"":
                    closed = True
                    break
                assert b"100 Continue" in data, data
            assert closed, f"a request whose body never came held its connection ({head!r})"
            writer.close()
        await asyncio.sleep(0.2)
        assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]
    finally:
        await server.stop()


async def test_guard_whole_requests_streams_and_slow_answers_are_not_cut_by_the_deadline(tmp_path, monkeypatch):
    """The deadline is for requests not yet whole: an event stream, a kept-alive connection reused after the
    deadline, and a body sent whole keep working past it."""
    monkeypatch.setattr(hud_server, "REQUEST_DEADLINE_SEC", 0.3)
    server, token = await _hud_server(tmp_path)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET /api/events HTTP/1.1\r\n" + HOST + f"Authorization: Bearer {token}\r\n\r\n".encode())
        await writer.drain()
        assert b" 200 " in await _answered(reader)
        assert not await _closed_within(reader, 1.0), "an event stream was cut by the deadline"
        writer.close()
        async with httpx.AsyncClient(base_url=server.url, headers={"Authorization": f"Bearer {token}"}) as client:
            assert (await client.get("/api/status")).status_code == 200
            await asyncio.sleep(0.6)
            assert (await client.get("/api/status")).status_code == 200
            answer = await client.post("/api/ticket/redeem", json={"ticket": "nope"})
            assert answer.status_code == 410
            await asyncio.sleep(0.6)
            assert (await client.post("/api/ticket/redeem", json={"ticket": "nope"})).status_code == 410
    finally:
        await server.stop()
