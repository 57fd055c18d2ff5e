"""Issue 18, fifteenth adversarial pass: the cases it found, each failing before its fix (docs/reliability.md,
"Fifteenth pass")."""

from __future__ import annotations

import asyncio
from datetime import UTC
from pathlib import Path

import httpx

from jarvisd.events import EventBus
from jarvisd.hud import StatusBoard, create_app
from jarvisd.hud import api as hud_api
from jarvisd.hud.security import TOKEN_FILE, load_or_create_token, replace_token
from tests.hud.conftest import HOST, make_service, scripted_turns

# ---- a HUD ticket redeemed by something else first -----------------------------------------------------------


def test_a_ticket_stolen_from_the_process_list_leaves_the_thief_a_dead_token(tmp_path: Path, monkeypatch):
    """Before: another local user who read `#ticket=…` in the browser's `/proc/<pid>/cmdline` and redeemed
    it first (replayed as uid 12345 polling /proc every 10 ms against `jarvisd hud` with a browser that
    takes 0.8 s to start: it won) got the token; the browser was told "already used" and the log warned,
    but the thief's token kept working, across restarts too (`hud.token` never changed), and the user's
    "open the HUD again with `jarvisd hud`" gave a new ticket for the same token. Now the second use
    replaces the token: the thief's is refused, its open event stream ends, tickets it asked for are void,
    and `jarvisd hud` reads the new token from the file."""
    import os

    from jarvisd.hud import tickets

    # ASGITransport has no socket, so the kernel knows no client socket for the trade: the HUD reads that as
    # a sender that closed its connection and trades nothing (pass 16). Here the sender is this process.
    monkeypatch.setattr(tickets, "peer_owner", lambda peer, own: ("own", os.geteuid()))
    data_dir = tmp_path / "data"
    old = load_or_create_token(data_dir)
    bus = EventBus()
    app = create_app(make_service(tmp_path, bus), scripted_turns(bus), bus, StatusBoard({}), old,
                     replace_token=lambda: replace_token(data_dir))

    async def scenario() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=HOST) as client:
            def bearer(token: str) -> dict[str, str]:
                return {"Authorization": f"Bearer {token}"}

            ticket = (await client.post("/api/ticket", headers=bearer(old))).json()["ticket"]
            stolen = (await client.post("/api/ticket/redeem", json={"ticket": ticket})).json()["token"]
            assert stolen == old
            spare = (await client.post("/api/ticket", headers=bearer(stolen))).json()["ticket"]  # for later
            stream = hud_api.event_stream(app.state.hud)                      # the thief listens
            assert "connected" in await anext(stream)
            browser = await client.post("/api/ticket/redeem", json={"ticket": ticket})
            assert browser.status_code == 410 and browser.json()["error"] == "ticket_used"
            assert "replaced" in browser.json()["detail"]
            assert (await client.get("/api/agenda", headers=bearer(stolen))).status_code == 401
            assert (await client.post("/api/ticket/redeem", json={"ticket": spare})).status_code == 410
            try:
                rest = await asyncio.wait_for(anext(stream), timeout=5)
            except StopAsyncIteration:
                rest = None
            assert rest is None, rest                                          # its stream ended
            new = (data_dir / TOKEN_FILE).read_text().strip()
            assert new != old and load_or_create_token(data_dir) == new
            assert oct((data_dir / TOKEN_FILE).stat().st_mode & 0o777) == "0o600"
            assert (await client.get("/api/agenda", headers=bearer(new))).status_code == 200
            again = (await client.post("/api/ticket", headers=bearer(new))).json()["ticket"]
            assert (await client.post("/api/ticket/redeem", json={"ticket": again})).json() == {"token": new}

    asyncio.run(scenario())


def test_a_used_ticket_sent_again_and_again_replaces_the_token_once():
    """The token is replaced at a ticket's second use only: the used ticket stays in the browser's command
    line, and each later replay replacing it again would sign the user out each time."""
    from jarvisd.hud.tickets import USED_SEC, Tickets

    now = [0.0]
    tickets = Tickets(lambda: now[0])
    ticket = tickets.issue()
    assert [tickets.redeem(ticket) for _ in range(4)] == ["ok", "used", "used_again", "used_again"]
    now[0] += USED_SEC + 1
    assert tickets.redeem(ticket) == "unknown"


# ---- the agenda desk's corrections (jarvisd/openloop/desk.py, corrections.py) ----------------------------------

def _desk(tmp_path: Path):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    zone = ZoneInfo("Asia/Seoul")
    now = datetime(2026, 12, 1, 9, 0, tzinfo=zone)   # a Tuesday
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=zone, clock=now.timestamp)

    def dues() -> dict[str, str]:
        return {loop.desc: datetime.fromtimestamp(loop.due_ms / 1000, zone).strftime("%m-%d %H:%M")
                for loop in service.agenda()}
    return AgendaDesk(service, None), service, dues


def test_a_correction_into_the_past_keeps_the_promise_and_says_why(tmp_path: Path):
    """Before: "move the passport renewal to yesterday" answered "Updated: renew your passport, now by
    yesterday." and the next read of the agenda closed the promise as expired (past due + 6 h): gone from
    the agenda, never reminded. "make it 8am today" at 9:00 made a due already past. A new promise refuses a
    past due ("… has already passed. When is it due?"); a correction now does the same and moves nothing."""
    desk, service, dues = _desk(tmp_path)
    desk.handle("I need to renew my passport by December 20")
    desk.handle("I'll book the vet on Friday at 2pm")
    reply = desk.handle("move the passport renewal to yesterday")
    assert "has already passed" in reply.text and "renew your passport" in reply.text
    reply = desk.handle("make it 8am today")
    assert "has already passed" in reply.text
    assert dues() == {"renew my passport": "12-20 23:59", "book the vet": "12-04 14:00"}
    assert not service.recently_closed()
    desk.handle("I'll call Jin on Friday at 3pm. No wait, I mean yesterday.")
    assert dues()["call Jin"] == "12-04 15:00"


def test_making_a_new_thing_is_a_new_promise_not_a_move_of_one_like_it(tmp_path: Path):
    """Before: with "call the dentist" due Monday, "I need to call Kim tomorrow, make a dentist appointment
    by Friday" answered "Updated: call the dentist, now by Friday.": the dentist call moved, the
    appointment never kept. "make a dentist appointment by Friday" alone, and "…, then make an appointment
    with the dentist by Friday", the same."""
    desk, service, dues = _desk(tmp_path)
    desk.handle("I need to call the dentist by Monday")
    desk.handle("I need to call Kim tomorrow, make a dentist appointment by Friday")
    assert dues() == {"call the dentist": "12-07 23:59", "call Kim": "12-02 23:59",
                      "make a dentist appointment": "12-04 23:59"}
    desk.handle("make a dentist appointment by Saturday")
    desk.handle("I need to buy milk, then make an appointment with the dentist by Friday")
    assert dues()["call the dentist"] == "12-07 23:59"
    assert desk.handle("move the dentist to Friday").text == "Updated: call the dentist, now by Friday."


# ---- a program of another user on the HUD's port --------------------------------------------------------------

class _Recorder:
    """An HTTP server on 127.0.0.1 that answers 200 to everything and keeps each request's Authorization."""

    def __init__(self) -> None:
        import http.server
        import threading

        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def _any(self) -> None:
                seen.append((self.command, self.path, self.headers.get("Authorization")))
                body = b'{"ticket": "phish", "expires_in": 30}'
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _any

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_the_token_is_not_sent_to_another_users_program_on_the_hud_port(tmp_path: Path, monkeypatch, capsys):
    """Before: with a server run as another user (uid 12345) on the HUD's port (the daemon stopped, or it
    started after that server and ran "without its HUD"), `jarvisd hud` sent it `Authorization: Bearer
    <the token>` (GET /api/status, then POST /api/ticket) and opened the browser on its page
    (`http://127.0.0.1:18797/#ticket=phish`); `jarvisd mic` and the tray the same. Now the owner of the
    listening socket (/proc/net/tcp) is checked first: another user's gets nothing, and the user is told."""
    import argparse
    import webbrowser

    from jarvisd.config import load_config
    from jarvisd.hud import cli as hud_cli
    from jarvisd.hud import listener
    from tests.test_cli import closed_port_host

    recorder = _Recorder()
    try:
        assert listener.listener_uids(recorder.port) == {__import__("os").geteuid()}
        monkeypatch.setattr(listener.os, "geteuid", lambda: 4242)   # the listener is now another user's
        opened: list[str] = []
        monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
        cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(recorder.port),
                               "OLLAMA_HOST": closed_port_host()})
        code = hud_cli.run(cfg, argparse.Namespace(print_url=False, no_check=False))
        mic = hud_cli.run_mic(cfg, argparse.Namespace(action="mute"))
        assert (code, mic, recorder.seen, opened) == (1, 1, [], [])
        assert "another user (uid" in capsys.readouterr().err
        import pytest
        with pytest.raises(hud_cli.NoTicket, match="another user"):      # the tray's Open HUD
            hud_cli.ticket_for("127.0.0.1", recorder.port, "t" * 43)
        assert recorder.seen == []
    finally:
        recorder.close()


def test_listeners_are_read_from_proc_net(tmp_path: Path):
    from jarvisd.hud.listener import listener_uids

    head = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
    (tmp_path / "tcp").write_text(head +
        "   0: 0100007F:223D 00000000:0000 0A 00000000:00000000 00:00000000 00000000 12345 0 920997 1\n"
        "   1: 0100007F:223D 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000 0 920998 1\n"
        "   2: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0 0 1595 1\n")
    (tmp_path / "tcp6").write_text(head +
        "   0: 00000000000000000000000001000000:223D 00000000000000000000000000000000:0000 0A 0 0 0 777 0 5 1\n")
    assert listener_uids(8765, tmp_path) == {12345, 777}
    assert listener_uids(22, tmp_path) == {0}
    assert listener_uids(9999, tmp_path) == set()


# ---- the C locale with UTF-8 mode off ------------------------------------------------------------------------

def test_korean_words_on_an_ascii_terminal_in_the_c_locale_are_escapes_not_a_traceback():
    """Before: `LC_ALL=C PYTHONUTF8=0 jarvisd openloop list` with a Korean promise ended in a
    `UnicodeEncodeError` traceback, exit 1 (stdout is ASCII with `surrogateescape` there, not `strict`,
    so the CLI's escape fallback was skipped)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING", None)
    code = "from jarvisd.cli import _never_fail_on_an_unencodable_character as f; f(); print('\\uacc4\\uc57d\\uc11c \\ubcf4\\ub0b4\\uae30')"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-500:]
    assert done.stdout.strip() == b"\\uacc4\\uc57d\\uc11c \\ubcf4\\ub0b4\\uae30"


# ---- a giant line in openloops.jsonl ---------------------------------------------------------------------------

def test_a_giant_line_in_the_agenda_log_is_not_read_into_memory_nor_copied(tmp_path: Path):
    """Before: a 300,000,011-byte line (`{"id": "aaa…"}`) in openloops.jsonl took the daemon's start to a
    1.9 GB peak (the file, its split copy, the decoded text, the parsed string, the quarantine's JSON) and
    copied the 300 MB into openloops.quarantine.jsonl; a billion-character line needs about 6.5 GB, more
    than many desktops have (the start is then killed, again at each restart). Now a line past
    `MAX_RECORD_BYTES` is never parsed: the quarantine keeps its first 200 bytes and its size, the line
    stays where it was, the records around it load."""
    import json
    import tracemalloc

    from jarvisd.openloop.model import OpenLoop
    from jarvisd.openloop.stores import MAX_RECORD_BYTES, QUARANTINE_NAME, JsonlLoopStore

    path = tmp_path / "openloops.jsonl"
    good = [OpenLoop.from_record({"id": f"l{i}", "desc": f"call {i}", "status": "open", "created_ms": 1_700_000_000_000,
                                  "updated_ms": 1_700_000_000_000}) for i in range(2)]
    giant = 3 * MAX_RECORD_BYTES
    with path.open("w") as fh:
        fh.write(json.dumps(good[0].to_record()) + "\n")
        fh.write('{"id": "' + "a" * giant + '"}\n')
        fh.write(json.dumps(good[1].to_record()) + "\n")
    store = JsonlLoopStore(path)
    tracemalloc.start()
    loops = store.load()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [loop.id for loop in loops] == ["l0", "l1"]
    assert store.report.skipped_lines == [2]
    assert peak < 1.5 * giant, peak                                   # the file once, nothing more
    quarantine = tmp_path / QUARANTINE_NAME
    assert quarantine.stat().st_size < 2_000
    assert f"{giant + 10} bytes" in quarantine.read_text()
    assert path.stat().st_size > giant                                  # nothing taken out of the log


# ---- the wall clock set forward a year while the daemon runs ---------------------------------------------------

def test_a_clock_set_forward_a_year_finds_the_next_interval_run_in_a_step():
    """Before: with the clock set forward 366 days under the running daemon (`faketime` from a file,
    the monotonic clock left alone: what NTP does to a board without a clock battery), APScheduler walked
    the missed runs of the 30 s idle check one by one on the event loop: `/api/status` took 6.5 s (78 s
    with faketime reading its file at every call), reminders waited as long. Now a run far behind is
    found from the start date at once, at the same time the walk would end on."""
    from datetime import datetime, timedelta

    from apscheduler.schedulers.asyncio import AsyncIOScheduler
    from apscheduler.triggers.interval import IntervalTrigger

    from jarvisd.reflect.periodic import JumpSafeInterval, PeriodicJobs

    start = datetime(2026, 12, 2, 14, 0, tzinfo=UTC)
    now = start + timedelta(days=366, seconds=7)
    safe, plain = JumpSafeInterval(seconds=30, start_date=start), IntervalTrigger(seconds=30, start_date=start)
    steps, due = 0, safe.get_next_fire_time(None, start)
    while due is not None and due <= now:
        steps, due = steps + 1, safe.get_next_fire_time(due, now)
    assert steps <= 2
    assert due == plain.get_next_fire_time(None, now)
    assert safe.get_next_fire_time(start, start + timedelta(seconds=31)) == start + timedelta(seconds=30)
    scheduler = AsyncIOScheduler()
    jobs = PeriodicJobs.__new__(PeriodicJobs)   # only install() is needed
    jobs.reflect, jobs.expire, jobs.trigger = object(), object(), "both"
    jobs.interval_sec, jobs.idle_sec, jobs.sweep_sec = 900, 300, 60
    jobs.install(scheduler)
    assert {type(job.trigger) for job in scheduler.get_jobs()} == {JumpSafeInterval}
