"""Pass 62a: issue 18's done-when pass over every file jarvisd owns, damaged or cut by SIGKILL (docs/reliability.md,
"Sixty-second pass (a)"). One medium fixed (an agenda record the start set aside was in the log, the quarantine file
and the doctor, but `/api/status` said nothing), three of 61a's lows fixed (the Ollama client's unbounded line, ANSI
escapes keeping their printable tail, a redirect reported as the configured host's failure), and guards."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore

NOW_MS = 1_796_547_600_000   # 2026-12-06 10:00 Europe/Berlin
BASE = {"status": "open", "created_ms": NOW_MS, "updated_ms": NOW_MS, "session": "hud", "evidence": None,
        "closed_ms": None, "remind_ms": None, "muted_ms": None, "repeat": None, "due_ms": None}


def _agenda_with_bad_records(path, now_ms: int = NOW_MS) -> None:
    """A timer, a shopping item and a weekly repeat, and three records of those kinds no load can use: a timer whose
    reminder is NaN, a repeat muted until 1e300, a weekly class due in year 1."""
    NOW_MS = now_ms  # noqa: N806
    good = [{**BASE, "id": "t1", "desc": "20-minute timer for the pasta", "due_ms": NOW_MS + 1_200_000,
             "remind_ms": NOW_MS + 1_200_000},
            {**BASE, "id": "s1", "desc": "buy oat milk"},
            {**BASE, "id": "y1", "desc": "yoga", "due_ms": NOW_MS + 5 * 86_400_000, "repeat": "sat"}]
    bad = [json.dumps({**BASE, "id": "tnan", "desc": "5-minute timer for the tea", "due_ms": NOW_MS + 300_000,
                       "remind_ms": float("nan")}),
           json.dumps({**BASE, "id": "rep", "desc": "choir", "due_ms": NOW_MS + 86_400_000, "repeat": "mon",
                       "muted_ms": 1e300}),
           json.dumps({**BASE, "id": "old", "desc": "pilates", "due_ms": -62_135_596_800_000, "repeat": "sat"})]
    path.write_text("".join(json.dumps(r) + "\n" for r in good) + "\n".join(bad) + "\n", encoding="utf-8")


def test_the_agenda_s_quarantine_says_what_the_start_set_aside(tmp_path):
    """Before: the three records were logged and copied to the quarantine file, and nothing a status could show kept
    them: `/api/status` had no word of a timer that will not ring. Now the store's quarantine says what its last load
    set aside, with each line and reason, where they are kept and what to do (the daemon's status part "agenda")."""
    path = tmp_path / "openloops.jsonl"
    _agenda_with_bad_records(path)
    store = JsonlLoopStore(path)
    assert sorted(loop.id for loop in store.load()) == ["s1", "t1", "y1"]
    detail = store.quarantine.status_detail()
    assert detail is not None and detail.startswith("3 unusable records set aside at start")
    assert f"{path} line 4: cannot convert float NaN to integer" in detail
    assert f"{path} line 5: muted_ms" in detail and f"{path} line 6: due_ms -62135596800000 is outside" in detail
    assert f"kept in {tmp_path / QUARANTINE_NAME}" in detail and "fix or delete them" in detail


def test_guard_an_agenda_read_whole_sets_nothing_aside(tmp_path):
    path = tmp_path / "openloops.jsonl"
    _agenda_with_bad_records(path)
    path.write_text("".join(line + "\n" for line in path.read_text().splitlines()[:3]), encoding="utf-8")
    store = JsonlLoopStore(path)
    assert len(store.load()) == 3
    assert store.quarantine.status_detail() is None


@pytest.mark.slow   # the daemon in-process: every part started, the Korean model loaded
def test_an_agenda_record_set_aside_at_start_is_said_in_the_hud_status(tmp_path):
    """The same records under a running daemon: it starts, the agenda keeps the usable three, and `/api/status` has
    the part "agenda" "damaged" naming the lines (before: no "agenda" part at all)."""
    import httpx

    from jarvisd.config import load_config
    from jarvisd.hud import load_or_create_token
    from tests.test_daemon_faults import free_port, start

    port = free_port("127.0.0.1")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": str(port),
                           "JARVIS_VOICE__ENABLED": "false", "JARVIS_OPENLOOP__STORE": "jsonl"})
    agenda = cfg.paths.ensure().data_dir / "openloops.jsonl"
    _agenda_with_bad_records(agenda, now_ms=int(time.time() * 1000))   # the daemon's clock: the timer still to ring

    async def main() -> tuple[dict[str, Any], list[str]]:
        stop, daemon = await start(cfg)
        try:
            token = load_or_create_token(cfg.paths.data_dir)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}",
                                         headers={"Authorization": f"Bearer {token}"}) as client:
                parts = (await client.get("/api/status")).json()["parts"]
                listed = [loop["desc"] for loop in (await client.get("/api/agenda")).json()["open"]]
        finally:
            stop.set()
            assert await asyncio.wait_for(daemon, 30) == 0
        return parts, listed

    parts, listed = asyncio.run(main())
    assert sorted(listed) == ["20-minute timer for the pasta", "buy oat milk", "yoga"]
    assert parts.get("agenda", {}).get("state") == "damaged", parts
    assert parts["agenda"]["detail"].startswith("3 unusable records set aside at start")
    assert f"{agenda} line 4" in parts["agenda"]["detail"]


def test_a_model_answer_s_terminal_escapes_are_dropped_whole_even_cut_across_pieces(tmp_path):
    """61a's low: a model's ESC was dropped but the rest of its sequence kept ("[31mred[0m", "]0;pwned" shown and
    kept in the turn). Now a CSI, an OSC (a window title with a space in it, so the scripted model streams it in two
    pieces) and a hyperlink's OSC 8 go whole; the words between them stay."""
    from tests.assistants import scripted_assistant

    says = ("Paris is \x1b[1;31mthe\x1b[0m capital \x1b]0;you are pwned\x07of \x1b]8;;http://x.example\x1b\\France"
            "\x1b]8;;\x1b\\ \x9b2Jtoday.")

    async def main() -> str:
        assistant, _ = scripted_assistant(tmp_path, chat_name="scripted", says=says)
        try:
            return await assistant.answer("what is the capital of France?", session="s")
        finally:
            await assistant.close()

    reply = asyncio.run(main())
    assert reply == "Paris is the capital of France today.", repr(reply)


def test_printable_drops_escape_sequences_whole_and_a_stream_cut_anywhere_reads_the_same():
    from jarvisd.textsafe import EscapeCut, answer_text, printable

    text = "a \x1b[31mred\x1b[0m b \x1b]0;title here\x07c \x1b]8;;u\x1b\\d\x1b]8;;\x1b\\ \x1b(Be \x9b1mf"
    assert printable(text) == "a red b c d e f"
    for cut in range(1, len(text)):
        escapes = EscapeCut()
        assert answer_text(escapes.feed(text[:cut])) + answer_text(escapes.feed(text[cut:])) + escapes.end() == \
            "a red b c d e f", cut


def test_guard_a_sequence_that_never_ends_is_not_held_past_its_bound():
    """An OSC without its end holds the stream at most `MAX_OPEN_SEQUENCE` characters; then its text is shown."""
    from jarvisd.textsafe import MAX_OPEN_SEQUENCE, EscapeCut, answer_text

    escapes = EscapeCut()
    shown = answer_text(escapes.feed("ok \x1b]0;" + "x" * (MAX_OPEN_SEQUENCE + 10)))
    assert shown.startswith("ok ]0;xxx") and "\x1b" not in shown


class _FakeOllama:
    """A real HTTP server on loopback answering `/api/chat` as `mode` says: "endless" (one line of 8 MB without its
    end, then silence), "redirect" (302 to a closed port)."""

    def __init__(self, mode: str) -> None:
        self.sent = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if mode == "redirect":
                    self.send_response(302)
                    self.send_header("Location", f"http://127.0.0.1:{_closed_port()}/api/chat")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    head = b'{"model": "m", "message": {"role": "assistant", "content": "'
                    self.wfile.write(f"{len(head):x}\r\n".encode() + head + b"\r\n")
                    for _ in range(128):   # 8 MB of one line, then nothing more
                        self.wfile.write(b"10000\r\n" + b"x" * 65536 + b"\r\n")
                        outer.sent += 65536
                    outer.done.wait(30)
                except OSError:   # the client hung up: what the bound is for
                    pass

        self.done = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.done.set()
        self.server.shutdown()
        self.server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answer(url: str, timeout: float) -> BaseException | None:
    from jarvisd.llm.base import Message
    from jarvisd.llm.ollama_backend import OllamaChat

    async def main() -> BaseException | None:
        chat = OllamaChat(url, "m", timeout=timeout)
        try:
            async for _ in chat.stream([Message(role="user", content="hi")]):
                pass
        except Exception as exc:
            return exc
        return None

    return asyncio.run(main())


def test_an_endless_line_from_the_ollama_address_ends_the_answer_with_a_clear_error():
    """61a's low: the client read a line without an end whole, so a server sending one endless line grew the daemon's
    memory until `llm.timeout_sec` (here 20 s, the server's 8 MB all held). Now past 1 MB of one line the answer ends
    with a BackendError saying so, and the rest is never read."""
    from jarvisd.llm.ollama_backend import MAX_LINE_BYTES

    server = _FakeOllama("endless")
    try:
        failure = _answer(server.url, timeout=20)
    finally:
        server.close()
    assert failure is not None and "without an end" in str(failure), failure
    assert "timed out" not in str(failure)
    assert server.sent < 8 * MAX_LINE_BYTES   # the server's 8 MB were not all taken


def test_a_redirect_from_the_ollama_address_is_said_as_a_redirect_not_as_its_target_s_failure():
    """61a's low: the client followed a 302 to a closed port and the turn said "Ollama does not answer at <the
    configured host> (ConnectError …)", though that host had answered. Now no redirect is followed, and the failure
    says the configured host answered with one and what to set."""
    server = _FakeOllama("redirect")
    try:
        failure = _answer(server.url, timeout=10)
    finally:
        server.close()
    assert failure is not None
    assert f"the server at {server.url} answered with a redirect (HTTP 302)" in str(failure), failure
    assert "does not answer" not in str(failure)


def test_the_status_does_not_say_kept_when_the_quarantine_file_cannot_be_written(tmp_path):
    """`openloops.quarantine.jsonl` a directory: the record is only in the log, and the status says that, with why."""
    path = tmp_path / "openloops.jsonl"
    _agenda_with_bad_records(path)
    (tmp_path / QUARANTINE_NAME).mkdir()
    store = JsonlLoopStore(path)
    assert len(store.load()) == 3
    detail = store.quarantine.status_detail()
    assert detail is not None and "only in the log (the quarantine file" in detail and "Is a directory" in detail
    assert f"kept in {tmp_path / QUARANTINE_NAME}" not in detail


def test_an_agenda_log_that_is_a_link_to_a_missing_folder_is_named_with_the_fix(tmp_path):
    """A low: `openloops.jsonl` a link whose target's folder is gone stopped the start with "cannot open the agenda
    log …: No such file or directory" of a file that is there to see, and no fix. Now the line says it is a link, to
    what, and what to do (`errors.unusable_file`, the same for every data file)."""
    from jarvisd.errors import StartupError

    path = tmp_path / "openloops.jsonl"
    path.symlink_to(tmp_path / "gone" / "openloops.jsonl")
    with pytest.raises(StartupError) as caught:
        JsonlLoopStore(path).load()
    said = str(caught.value)
    assert f"cannot open the agenda log {path}: it is a link to {tmp_path / 'gone' / 'openloops.jsonl'}" in said
    assert "remove the link, or make its folder, and start again" in said


def test_a_reminder_log_that_is_a_link_into_a_missing_folder_stops_the_start_with_its_fix(tmp_path):
    """A low: `reminders.jsonl` a link into a folder that is gone: the daemon started without a word, and each reminder
    said could not be recorded (so said again after a restart). Now the start says it in one line, with the fix, as for
    a link loop or a FIFO there; a link to a file yet to be made in a folder that exists is still fine."""
    from jarvisd.errors import StartupError
    from jarvisd.reflect.delivered import DeliveredLog

    log = tmp_path / "reminders.jsonl"
    log.symlink_to(tmp_path / "gone" / "reminders.jsonl")
    with pytest.raises(StartupError) as caught:
        DeliveredLog(log)
    assert "it is a link to" in str(caught.value) and "remove the link, or make its folder" in str(caught.value)
    log.unlink()
    (tmp_path / "there").mkdir()
    log.symlink_to(tmp_path / "there" / "reminders.jsonl")
    DeliveredLog(log)   # no raise: the first record makes the file


def test_a_time_of_1e300_is_said_as_such_not_in_301_digits(tmp_path):
    """A low: `muted_ms` 1e300 was quarantined with a reason of 301 digits (in the log, the file and now the status)."""
    path = tmp_path / "openloops.jsonl"
    _agenda_with_bad_records(path)
    store = JsonlLoopStore(path)
    store.load()
    assert f"{path} line 5: muted_ms 1e+300 is outside" in (store.quarantine.status_detail() or "")


def test_the_doctor_names_an_instance_lock_the_run_cannot_open(tmp_path):
    """`jarvisd.pid` a link into a folder that is gone: `jarvisd run` exits 1 naming it, and the doctor said nothing of
    it ("data dir : …", exit 0): a part the run refuses reported as fine. Now the data dir line says the run's
    sentence."""
    from jarvisd.doctor import _data_dir_problem

    (tmp_path / "jarvisd.pid").symlink_to(tmp_path / "gone" / "jarvisd.pid")
    problem = _data_dir_problem(tmp_path)
    assert problem is not None and problem.startswith("UNUSABLE: cannot open the instance lock")
    assert "remove the link, or make its folder" in problem
    (tmp_path / "jarvisd.pid").unlink()
    assert _data_dir_problem(tmp_path) is None
