"""Pass 66: the speaker's latency anchor (`voice/pulse_anchor.py`, session 65) against a PulseAudio server that takes
the connection and never answers (a hung or stopped server): `pa_simple_new` waited 30 s, and the speaker opened it
on the event loop when the first answer played. Now the open waits at most `OPEN_WAIT_SEC` and goes on in its own
daemon thread; a close from another thread frees each handle once."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

from jarvisd.voice.pulse_anchor import LatencyAnchor

RATE = 22050


@pytest.fixture
def mute_server(tmp_path: Path, monkeypatch):
    """A Unix socket that accepts connections and never says a word, as PULSE_SERVER."""
    path = tmp_path / "native"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)

    threading.Thread(target=accept, daemon=True).start()
    monkeypatch.setenv("PULSE_SERVER", f"unix:{path}")
    monkeypatch.setenv("PULSE_RUNTIME_PATH", str(tmp_path))
    yield path
    server.close()
    for conn in held:
        conn.close()


def test_a_server_that_never_answers_holds_the_speaker_at_most_the_wait(mute_server):
    anchor = LatencyAnchor()
    started = time.monotonic()
    assert anchor.open_within(RATE, wait_sec=0.3) is False   # before: `open` alone, 30 s
    assert time.monotonic() - started < 5
    assert not anchor.active
    anchor.close()   # while the connection is still under way: nothing to free yet, nothing freed twice


def test_closing_from_two_threads_frees_nothing_twice(monkeypatch, tmp_path):
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path / 'no-server'}")
    monkeypatch.setenv("PULSE_RUNTIME_PATH", str(tmp_path))
    anchor = LatencyAnchor()
    assert anchor.open_within(RATE) is False   # no server: said quickly, as before
    threads = [threading.Thread(target=anchor.close) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)
    assert not anchor.active
