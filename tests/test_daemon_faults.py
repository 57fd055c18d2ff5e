"""The running daemon (in-process, scripted models) past faults that used to stop it (issue 18):
an agenda record it cannot use, a HUD on another loopback address, an unusable HUD token file."""

from __future__ import annotations

import asyncio
import json
import logging
import socket

import httpx
import pytest

from jarvisd.config import load_config
from jarvisd.daemon import serve
from jarvisd.hud import load_or_create_token
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from jarvisd.openloop.stores import QUARANTINE_NAME

pytestmark = pytest.mark.slow  # the daemon in-process: every part started, the Korean model loaded

GOOD = {"id": "a" * 32, "desc": "send the report to Kim", "status": "open", "created_ms": 1_764_547_200_000,
        "updated_ms": 1_764_547_200_000, "due_ms": 1_924_992_000_000, "session": "hud"}
BAD_DUES = [253_402_300_740_000, 10**20]  # 9999-12-31 23:59 (OverflowError), 1e20 (OSError: too large)


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def backends() -> Backends:
    return Backends(chat=ScriptedChatModel(lambda _: {"text": "Noted."}),
                    thought=ScriptedChatModel(lambda _: {"text": "open_loops:\nclosed_loops:\n"}),
                    embedder=None, notes=["scripted models"])


async def start(cfg) -> tuple[asyncio.Event, asyncio.Task]:
    stop = asyncio.Event()
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    daemon = asyncio.create_task(serve(cfg, ModelStore(cfg.paths.models_dir), stop, backends=backends(),
                                       on_ready=ready.set_result))
    done, _ = await asyncio.wait({ready, daemon}, timeout=120, return_when=asyncio.FIRST_COMPLETED)
    assert ready in done, f"the daemon did not start: {daemon.exception() if daemon.done() else 'timeout'}"
    return stop, daemon


async def test_a_bad_agenda_record_is_quarantined_and_the_hud_answers_on_127_0_0_2(tmp_path):
    port = free_port("127.0.0.2")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__HOST": "127.0.0.2",
                           "JARVIS_HUD__PORT": str(port), "JARVIS_VOICE__ENABLED": "false"})
    agenda = cfg.paths.ensure().data_dir / "openloops.jsonl"
    records = [GOOD] + [{**GOOD, "id": str(i) * 32, "due_ms": due} for i, due in enumerate(BAD_DUES, start=1)]
    agenda.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    stop, daemon = await start(cfg)
    try:
        token = load_or_create_token(cfg.paths.data_dir)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.2:{port}",
                                     headers={"Authorization": f"Bearer {token}"}) as client:
            response = await client.get("/api/agenda")  # before: 403 for every request on 127.0.0.2
    finally:
        stop.set()
        assert await asyncio.wait_for(daemon, 30) == 0
    assert response.status_code == 200, response.text
    assert [loop["desc"] for loop in response.json()["open"]] == ["send the report to Kim"]
    quarantined = (cfg.paths.data_dir / QUARANTINE_NAME).read_text().splitlines()
    assert [json.loads(q)["where"] for q in quarantined] == [f"{agenda} line 2", f"{agenda} line 3"]


@pytest.mark.parametrize("damage", ["a directory", "NUL bytes"])
async def test_an_unusable_hud_token_file_costs_the_hud_only(tmp_path, caplog, damage):
    """A token file jarvisd cannot read, or one no browser can send (NULs: before, a HUD that answered
    401 to everything, silently), costs the HUD only, and the log says which file and why."""
    port = free_port("127.0.0.1")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(port),
                           "JARVIS_VOICE__ENABLED": "false"})
    token = cfg.paths.ensure().data_dir / "hud.token"
    if damage == "a directory":
        token.mkdir()
    else:
        token.write_bytes(b"\x00\x00\x00\n")
    with caplog.at_level(logging.ERROR, "jarvisd.daemon"):
        stop, daemon = await start(cfg)
        try:
            assert not daemon.done(), "the daemon must keep running without its HUD"
        finally:
            stop.set()
            assert await asyncio.wait_for(daemon, 30) == 0
    # the file named once with its fix (doors77: "the token file … is a directory: move it away and try again",
    # "the token in … is not usable: it must be …"), and the HUD alone lost
    assert f"hud: the token file {token} is a directory: move it away" in caplog.text if damage == "a directory" else \
        f"hud: the token in {token} is not usable" in caplog.text
    assert caplog.text.count(str(token)) == 1 and "no HUD; jarvisd runs without it" in caplog.text


async def test_damaged_memory_is_shown_in_the_hud_status_with_the_recovery(tmp_path):
    """Issue 18, point 8: a memory table whose newest data file is gone; the daemon still starts."""
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.memory.test_memory_health import item

    port = free_port("127.0.0.1")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(port),
                           "JARVIS_VOICE__ENABLED": "false"})
    store = LanceMemoryStore(cfg.store_uri, dimensions=8)
    for batch in ([item(1), item(2)], [item(3)]):
        store.upsert(batch)
        store.flush()
    store.close()
    data = cfg.paths.data_dir / "memory.lance" / "memory_items.lance" / "data"
    max(data.iterdir(), key=lambda f: f.stat().st_mtime_ns).unlink()
    stop, daemon = await start(cfg)
    try:
        token = load_or_create_token(cfg.paths.data_dir)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}",
                                     headers={"Authorization": f"Bearer {token}"}) as client:
            memory = (await client.get("/api/status")).json()["parts"]["memory"]
    finally:
        stop.set()
        assert await asyncio.wait_for(daemon, 30) == 0
    assert memory["state"] == "damaged"
    assert "restoring it loses 1 of 3 items" in memory["detail"]
