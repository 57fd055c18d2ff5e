"""Issue 18's tenth adversarial pass: the cases it found, pinned on the part that failed. Each was
replayed against `python -m jarvisd run` first (see docs/reliability.md, "Tenth pass")."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

ZONE = ZoneInfo("Asia/Seoul")


def _record(loop_id: str, desc: str, **extra) -> dict:
    now = int(time.time() * 1000)
    return {"id": loop_id, "desc": desc, "status": "open", "created_ms": now, "updated_ms": now,
            "due_ms": now + 86_400_000, "session": "s", **extra}


# ---- an agenda record with a `\ud800` escape in its text -----------------------------------------------------

def test_an_agenda_record_with_a_lone_surrogate_escape_is_shown_closed_and_kept(tmp_path):
    """Before: `"desc": "\\ud800 pay rent"` in `openloops.jsonl` (written by hand, another program, or a
    jarvisd from before pass 1 made text valid at the edges) loaded as a lone surrogate: every
    `GET /api/agenda` was a JSON 500 `UnicodeEncodeError`, `/openloop` too, marking the loop done was a 500
    (its save failed), and its reminder raised in `fire` and was never spoken. The same for a surrogate in
    `session`, `id` or `evidence`. Now the loader makes the text valid (U+FFFD), the same way at every load."""
    from tests.hud.conftest import TOKEN, ServedHud

    lines = [json.dumps(_record("bad00000aaaa", "\ud800 pay rent")),
             json.dumps(_record("ses00000aaaa", "call the bank", session="\udcff")),
             json.dumps(_record("\ud83dabc00000", "water the plants")),
             json.dumps(_record("evi00000aaaa", "book the dentist", evidence="\ud800"))]
    (tmp_path / "openloops.jsonl").write_text("\n".join(lines) + "\n", encoding="ascii")
    served = ServedHud(tmp_path)
    try:
        with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as client:
            agenda = client.get("/api/agenda")
            assert agenda.status_code == 200, agenda.text
            descs = sorted(loop["desc"] for loop in agenda.json()["open"])
            assert descs == ["book the dentist", "call the bank", "water the plants", "\ufffd pay rent"]
            for loop_id in ("bad00000", "ses00000"):
                closed = client.post(f"/api/openloops/{loop_id}", json={"status": "done"})
                assert closed.status_code == 200, closed.text
    finally:
        served.close()

    from jarvisd.openloop.stores import JsonlLoopStore

    reloaded = {loop.id: loop for loop in JsonlLoopStore(tmp_path / "openloops.jsonl").load()}
    assert reloaded["bad00000aaaa"].status.value == "done" and reloaded["ses00000aaaa"].status.value == "done"
    assert reloaded["ses00000aaaa"].session == "\ufffd"
    assert len(reloaded) == 4  # the cleaned id is the same id at every load: the saved line replaced the first


