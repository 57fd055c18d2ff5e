"""The HUD is a private page of this desktop: token, loopback bind, Host and Origin checks."""

from __future__ import annotations

import asyncio
import socket
import stat
import subprocess

import httpx
import pytest

from jarvisd.hud import HudServer, NonLoopbackRefused, load_or_create_token, serve_hud
from jarvisd.hud.security import split_host

from .conftest import TOKEN, Hud

API_CALLS = [("GET", "/api/agenda", None), ("GET", "/api/status", None), ("GET", "/api/openapi.json", None),
             ("POST", "/api/turns", {"text": "hi"}), ("POST", "/api/openloops/abc", {"status": "done"}),
             ("POST", "/api/mic", {"muted": True}), ("GET", "/api/events", None),
             ("GET", "/api/approvals", None), ("POST", "/api/approvals/a1", {"approved": True}),
             ("GET", "/api/sessions", None), ("POST", "/api/sessions/hud/forget", {"confirm": True})]


@pytest.mark.parametrize(("method", "path", "body"), API_CALLS)
async def test_every_api_request_without_the_token_is_401(hud: Hud, method, path, body):
    async with hud.client(token=None) as client:
        response = await client.request(method, path, json=body)
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")
    assert response.json()["error"] == "unauthorized"


@pytest.mark.parametrize(("method", "path", "body"), API_CALLS)
async def test_a_wrong_token_is_401(hud: Hud, method, path, body):
    async with hud.client(token=TOKEN + "x") as client:
        response = await client.request(method, path, json=body)
    assert response.status_code == 401


async def test_the_query_token_only_opens_the_event_stream(hud: Hud):
    async with hud.client(token=None) as client:
        assert (await client.get("/api/agenda", params={"token": TOKEN})).status_code == 401
        assert (await client.post("/api/turns", params={"token": TOKEN}, json={"text": "x"})).status_code == 401


async def test_the_right_token_is_accepted(hud: Hud):
    async with hud.client() as client:
        assert (await client.get("/api/agenda")).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "http://localhost:3000", "http://127.0.0.1:9999",
                                    "null", "https://127.0.0.1.evil.example:8765"])
async def test_a_foreign_origin_is_403_and_changes_nothing(hud: Hud, origin):
    loop = hud.service.add("send the report")
    async with hud.client(Origin=origin) as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "done"})
    assert response.status_code == 403
    assert response.json()["error"] == "origin_not_allowed"
    assert hud.service.find(loop.id).is_open


async def test_a_cross_site_fetch_without_origin_is_403(hud: Hud):
    async with hud.client(**{"Sec-Fetch-Site": "cross-site"}) as client:
        assert (await client.get("/api/agenda")).status_code == 403


async def test_the_same_origin_is_allowed(hud: Hud):
    loop = hud.service.add("send the report")
    async with hud.client(Origin="http://127.0.0.1:8765", **{"Sec-Fetch-Site": "same-origin"}) as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "done"})
    assert response.status_code == 200


@pytest.mark.parametrize("path", ["/", "/api/agenda", "/static/hud.js"])
@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.nip.io:8765", "192.168.1.5:8765"])
async def test_an_evil_host_header_is_refused_even_with_the_token(hud: Hud, path, host):
    async with hud.client(Host=host) as client:
        response = await client.get(path)
    assert response.status_code in (403, 421)


@pytest.mark.parametrize("host", ["localhost:8765", "127.0.0.1", "[::1]:8765"])
async def test_loopback_host_names_are_served(hud: Hud, host):
    async with hud.client(Host=host) as client:
        assert (await client.get("/api/status")).status_code == 200


def test_split_host_handles_ports_and_ipv6():
    assert split_host("LocalHost:8765") == "localhost"
    assert split_host("[::1]:8765") == "::1"
    assert split_host("::1") == "::1"
    assert split_host("127.0.0.1") == "127.0.0.1"


async def test_every_response_carries_a_strict_content_security_policy(hud: Hud):
    async with hud.client(token=None) as client:
        response = await client.get("/")
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert response.headers["x-frame-options"] == "DENY"


def test_the_token_is_created_once_with_mode_0600(tmp_path):
    first = load_or_create_token(tmp_path)
    path = tmp_path / "hud.token"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(first) >= 32
    assert load_or_create_token(tmp_path) == first
    assert load_or_create_token(tmp_path / "other") != first


def test_a_token_file_readable_by_others_is_tightened(tmp_path):
    token = load_or_create_token(tmp_path)
    path = tmp_path / "hud.token"
    path.chmod(0o644)
    assert load_or_create_token(tmp_path) == token
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "example.com"])
async def test_binding_a_non_loopback_address_is_refused(hud: Hud, host):
    with pytest.raises(NonLoopbackRefused):
        HudServer(hud.app, host, 0)
    with pytest.raises(NonLoopbackRefused):
        await serve_hud(hud.app, host, 0)


def test_a_non_loopback_address_is_allowed_only_when_configured(hud: Hud):
    server = HudServer(hud.app, "0.0.0.0", 0, allow_non_loopback=True)
    assert server.host == "0.0.0.0"


def _non_loopback_addresses() -> list[str]:
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False).stdout
    return [addr for addr in out.split() if ":" not in addr and not addr.startswith("127.")]


async def test_the_running_server_is_not_reachable_on_other_addresses(hud: Hud):
    server = HudServer(hud.app, "127.0.0.1", 0)
    await server.start()
    try:
        assert server.sockets and all(sock.getsockname()[0] == "127.0.0.1" for sock in server.sockets)
        async with httpx.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}) as client:
            assert (await client.get(f"{server.url}/api/status")).status_code == 200
        for address in _non_loopback_addresses():
            with pytest.raises(ConnectionRefusedError):
                await asyncio.wait_for(asyncio.open_connection(address, server.port), timeout=5)
    finally:
        await server.stop()


async def test_serve_hud_runs_until_cancelled_and_frees_the_port(hud: Hud):
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    started = asyncio.Event()
    task = asyncio.create_task(serve_hud(hud.app, "127.0.0.1", port, started=started))
    await started.wait()
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        assert (await client.get(f"http://127.0.0.1:{port}/api/status")).status_code == 200
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    with pytest.raises(httpx.ConnectError):
        async with httpx.AsyncClient() as client:
            await client.get(f"http://127.0.0.1:{port}/")
