"""Pass 63: a third adversarial pass on the sixty-second session's additions (issue 18). Each test failed on the code
before its fix (docs/reliability.md, "Pass 63")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


@pytest.mark.parametrize("said", ["알림 - 5분 뒤에 빨래", "알림 -5분 뒤에 빨래", "알림 – 5분 뒤에 빨래"])
def test_a_korean_reminder_note_with_a_dash_keeps_the_dash_out_of_the_thing(tmp_path: Path, korean: KoreanAnalyzer,
                                                                          said: str) -> None:
    """"알림 -5분 뒤에 빨래" kept "- 빨래" (the English note reads a dash as its separator, the Korean did not)."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, said) == ["알림 맞춰 둘게요: 빨래, 오늘 오전 10시 5분."]
    assert agenda_rows(desk) == [("빨래", "2026-12-06 10:05")]


@pytest.mark.parametrize(("said", "reply", "due"), [
    ("set an alarm for 2 minutes from now", "Alarm set for today at 10:02 AM.", "2026-12-06 10:02"),
    ("set an alarm for 10 minutes from now", "Alarm set for today at 10:10 AM.", "2026-12-06 10:10"),
    ("set an alarm for ten minutes from now", "Alarm set for today at 10:10 AM.", "2026-12-06 10:10"),
    ("set an alarm for an hour from now", "Alarm set for today at 11 AM.", "2026-12-06 11:00"),
])
def test_an_alarm_for_minutes_from_now_is_set(tmp_path: Path, korean: KoreanAnalyzer, said: str, reply: str,
                                               due: str) -> None:
    """"set an alarm for 2 minutes from now" went to SmolLM2 ("I'm here to help you set your alarm …" after 101 s in
    pass 62a; nothing set): the 2 was read as the hour "at 2", and "ten minutes" was no time at all."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == [("alarm", due)]


def test_a_wake_up_minutes_from_now_is_set(tmp_path: Path, korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, "wake me up 10 minutes from now") == ["OK, I'll wake you today at 10:10 AM."]
    assert agenda_rows(desk) == [("wake-up alarm", "2026-12-06 10:10")]


def test_guard_an_alarm_at_an_hour_is_still_that_hour(tmp_path: Path, korean: KoreanAnalyzer) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, "set an alarm for 2", "set an alarm for 7 tomorrow") == [
        "Alarm set for today at 2 PM.", "Alarm set for tomorrow at 7 AM."]


@pytest.mark.parametrize(("said", "reply"), [
    ("set a timer for -5 minutes", "A timer runs from one second to 24 hours; for longer, ask me to remind you."),
    ("set a timer for -5 minutes for the pasta",
     "A timer runs from one second to 24 hours; for longer, ask me to remind you."),
    ("set a timer for minus 5 minutes", "A timer runs from one second to 24 hours; for longer, ask me to remind you."),
    ("-5분 타이머 맞춰 줘", "타이머는 1초에서 24시간까지 맞출 수 있어요. 더 길면 알림으로 말씀해 주세요."),
])
def test_a_timer_of_a_negative_length_is_refused_by_the_timer_s_range(tmp_path: Path, korean: KoreanAnalyzer,
                                                                      said: str, reply: str) -> None:
    """"set a timer for -5 minutes" went to SmolLM2 (pass 62b's low; nothing said of the length)."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == []


def test_a_write_journal_that_is_a_link_to_nothing_is_named_in_the_log(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    """A `*.wal` in the journal folder linked to a file that is gone was passed over without a word (pass 62a's low;
    a FIFO, a link loop or a directory there is named)."""
    from jarvisd.memory.stores.lance_journal import orphans

    (tmp_path / "123-abc.wal").symlink_to(tmp_path / "gone" / "123-abc.wal")
    with caplog.at_level("ERROR"):
        assert orphans(tmp_path) == []
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "123-abc.wal" in said and str(tmp_path / "gone" / "123-abc.wal") in said and "Move it out of" in said


def test_unreadable_lines_of_the_reminder_log_are_kept_in_a_quarantine_file(tmp_path: Path,
                                                                            caplog: pytest.LogCaptureFixture) -> None:
    """`reminders.jsonl`'s unreadable lines were skipped with a log line and not kept anywhere else (pass 62a's low);
    the agenda's are copied to `openloops.quarantine.jsonl`. Now the same, beside the reminder log, once each."""
    import json

    from jarvisd.reflect.delivered import DeliveredLog
    from jarvisd.reflect.reminders import ReminderKey

    log = tmp_path / "reminders.jsonl"
    good = {"loop_id": "a1", "lead_min": 0, "due_ms": 1_700_000_000_000, "at_ms": 1, "text": "call mom"}
    log.write_text(json.dumps(good) + "\n" + '{"loop_id": "b2", "lead_min": NaN, "due_ms": 5, "at_ms": 1}\n'
                   + "[" * 100_000 + "\n" + '{"loop_id": "c3", "lead_' + "\n", encoding="utf-8")
    with caplog.at_level("WARNING"):
        assert DeliveredLog(log).keys() == {ReminderKey("a1", 0, 1_700_000_000_000)}
        DeliveredLog(log)   # a second start: nothing kept twice
    quarantine = tmp_path / "reminders.quarantine.jsonl"
    kept = [json.loads(line) for line in quarantine.read_text(encoding="utf-8").splitlines()]
    assert [entry["where"] for entry in kept] == [f"{log} line {n}" for n in (2, 3, 4)]
    assert kept[0]["record"] == '{"loop_id": "b2", "lead_min": NaN, "due_ms": 5, "at_ms": 1}'
    assert "NaN" in kept[0]["reason"] or "nan" in kept[0]["reason"]
    assert f"kept in {quarantine}" in caplog.text
    assert log.read_text(encoding="utf-8").count("\n") == 4   # the log itself as it was


def _doctor_on_ollama(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, show_ok: bool) -> tuple[dict, list[str]]:
    """The doctor's Ollama report against a real server on loopback that lists the configured models and answers
    HTTP 500 to every other call (`/api/show` too unless `show_ok`)."""
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from jarvisd.config import load_config
    from jarvisd.doctor import ollama_lines, ollama_report
    from jarvisd.llm.backend_choice import probe_ollama

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def _send(self, status: int, body: dict[str, object]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path == "/api/tags":
                self._send(200, {"models": [{"model": m, "name": m} for m in names]})
            else:
                self._send(500, {"error": "llama runner process has terminated: exit status 2"})

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if show_ok and self.path == "/api/show":
                self._send(200, {"modelfile": "", "parameters": "", "template": "", "details": {}})
            else:
                self._send(500, {"error": "llama runner process has terminated: exit status 2"})

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path))
    cfg = load_config()
    names = [cfg.llm.chat_model, cfg.llm.thought_model, cfg.memory.embedding_model]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        report = ollama_report(cfg, probe_ollama(f"http://127.0.0.1:{server.server_address[1]}", 3.0))
    finally:
        server.shutdown()
        server.server_close()
    return report, ollama_lines(report)


def test_the_doctor_says_a_listed_model_the_ollama_server_fails_on_is_not_usable(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """With Ollama answering its model list and HTTP 500 to every other call, `jarvisd doctor` said "up, … pulled"
    (61a's and 62a's low): it listed the models and asked nothing of them, while every model turn failed."""
    report, lines = _doctor_on_ollama(tmp_path, monkeypatch, show_ok=False)
    assert report["up"]
    for want in report["configured"].values():
        assert not want["pulled"]
        assert "HTTP 500" in want["fix"] and "llama runner process has terminated" in want["fix"]
    said = [line for line in lines if line.startswith("  chat")]
    assert said and "pulled" not in said[0] and "FAILING" in said[0] and "HTTP 500" in said[0], lines


def test_guard_the_doctor_still_says_pulled_of_a_model_the_server_describes(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    report, lines = _doctor_on_ollama(tmp_path, monkeypatch, show_ok=True)
    assert all(want["pulled"] and want["fix"] == "" for want in report["configured"].values())
    assert all(line.endswith(" pulled") for line in lines[1:]), lines


def test_a_batch_of_embeddings_larger_than_a_streamed_line_s_bound_is_read(tmp_path: Path) -> None:
    """Pass 62a bounded every line of every Ollama response at 1 MB, the one JSON answer of `/api/embed` too: 100
    texts embedded by bge-m3 (1,024 numbers each, written as Ollama writes a float32) are 1.2 MB in one line, so the
    agenda's first embedding of 100 open promises, or a `/remember reembed` batch, ended with "a line of more than 1 MB
    … which Ollama never sends". The bound is of a streamed answer's lines; a whole answer has a bound of its own."""
    import json
    import random
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from jarvisd.llm.ollama_backend import MAX_LINE_BYTES, OllamaEmbedder

    rng = random.Random(63)
    vector = [rng.uniform(-0.1, 0.1) for _ in range(1024)]
    body = ('{"model":"bge-m3","embeddings":[' + ",".join("[" + ",".join(f"{x:.9g}" for x in vector) + "]"
                                                         for _ in range(100)) + "]}").encode()
    assert len(body) > MAX_LINE_BYTES

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        vectors = OllamaEmbedder(f"http://127.0.0.1:{server.server_address[1]}", "bge-m3", 1024, timeout=20).embed(
            [f"promise {i}" for i in range(100)])
    finally:
        server.shutdown()
        server.server_close()
    assert len(vectors) == 100 and all(len(v) == 1024 for v in vectors)


@pytest.mark.parametrize("said", ["회의 안 끝났어", "회의 못 끝냈어", "회의 아직 안 끝났어", "회의 끝났어?", "standup 안 끝났어",
                                  "standup 끝났어?", "report 못 끝냈어"])
def test_a_korean_not_finished_or_asked_finished_closes_nothing(tmp_path: Path, korean: KoreanAnalyzer,
                                                                said: str) -> None:
    """"회의 안 끝났어" (the meeting isn't over), "report 못 끝냈어" (I couldn't finish the report), "standup 끝났어?" (is it
    over?) each answered "완료로 표시했어요: …" and closed the promise (pass 63, medium: found through the code-switched
    "standup meeting", the same in Korean alone on 6fcd83c and before): the done order read past its negation, and the
    question mark was cleaned off before it."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일 오후 3시에 회의 있어", "금요일 오후 4시에 standup meeting 있어", "내일까지 report 끝내야 해")
    before = agenda_rows(desk)
    reply = said_to(desk, said)[0]
    assert agenda_rows(desk) == before
    assert reply is None or "완료" not in reply


@pytest.mark.parametrize("said", ["회의 끝났어", "회의 끝냈어", "회의는 끝났어", "회의 다했어", "회의 완료 처리해 줄래?", "standup 끝났어"])
def test_guard_a_korean_finished_still_closes_it(tmp_path: Path, korean: KoreanAnalyzer, said: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일 오후 3시에 회의 있어", "금요일 오후 4시에 standup meeting 있어")
    assert said_to(desk, said)[0].startswith("완료로 표시했어요: ")
    assert len(agenda_rows(desk)) == 1


@pytest.mark.parametrize("said", ["회의 취소 안 했어", "회의 취소 못 했어", "standup 취소 안 됐어", "회의 취소 안 해도 돼"])
def test_a_korean_cancel_not_done_withdraws_nothing(tmp_path: Path, korean: KoreanAnalyzer, said: str) -> None:
    """"회의 취소 안 했어" (I didn't cancel the meeting), "standup 취소 안 됐어" (it wasn't cancelled) answered "목록에서
    지웠어요" and withdrew the promise (pass 63, medium): any 취소 in a sentence dismissed, whatever negation followed."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일 오후 3시에 회의 있어", "금요일 오후 4시에 standup meeting 있어")
    before = agenda_rows(desk)
    reply = said_to(desk, said)[0]
    assert agenda_rows(desk) == before
    assert reply is None or "지웠어요" not in reply


@pytest.mark.parametrize("said", ["회의 취소됐어", "회의 취소했어", "standup 취소됐대"])
def test_guard_a_korean_cancel_still_withdraws_it(tmp_path: Path, korean: KoreanAnalyzer, said: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "금요일 오후 3시에 회의 있어", "금요일 오후 4시에 standup meeting 있어")
    assert said_to(desk, said)[0].startswith("목록에서 지웠어요: ")
    assert len(agenda_rows(desk)) == 1
