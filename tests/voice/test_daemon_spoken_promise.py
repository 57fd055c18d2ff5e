"""`jarvisd run` on the offline defaults, as a user meets it: a promise with a time, spoken by espeak-ng
into PulseAudio's `mic` sink, lands on the AGENDA with the due computed from the words (no model), the
confirmation is spoken, the reminder is spoken at its lead, and "I did it." said after the reminder closes
that promise (a closing that names nothing is said of the promise just reminded), all recorded from the
speaker."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from jarvisd.voice.audio import MIC_RATE, read_wav
from tests.voice.conftest import daemon_env, espeak, squeeze_silence, wait_until_spoken

pytestmark = pytest.mark.slow  # a daemon subprocess with Whisper, piper and PulseAudio


def _open_loops(path: Path) -> dict[str, dict]:
    loops: dict[str, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                loops[record["id"]] = record
    return {k: v for k, v in loops.items() if v["status"] == "open"}


def follow_transcript(port: int, token: str, lines: list[tuple[str, str]], stop: threading.Event) -> None:
    """The HUD's event stream, as a browser reads it: every transcript line, (role, text)."""
    try:
        with httpx.stream("GET", f"http://127.0.0.1:{port}/api/events", params={"token": token},
                          timeout=httpx.Timeout(5, read=None)) as stream:
            kind = ""
            for line in stream.iter_lines():
                if stop.is_set():
                    return
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind == "transcript_line":
                    data = json.loads(line[6:])
                    lines.append((data["role"], data["text"]))
    except httpx.HTTPError:
        return


def test_a_spoken_promise_is_confirmed_kept_with_its_due_and_reminded_at_its_lead(pulse, models, tmp_path):
    env = daemon_env(pulse, tmp_path / "home", JARVIS_VOICE__ACTIVATION="always")
    data = Path(env["JARVIS_HOME"]) / "data"
    agenda_file, delivered = data / "openloops.jsonl", data / "reminders.jsonl"
    promise = espeak("I need to send the budget report to the finance team in three minutes.",
                     tmp_path / "promise.wav", speed=140)

    recording = tmp_path / "speaker.wav"
    recorder = pulse.record_speaker(recording)
    daemon = subprocess.Popen([sys.executable, "-m", "jarvisd", "run"], env=env, stderr=subprocess.PIPE, text=True)
    log_lines: list[str] = []
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:  # ready and listening
            assert daemon.poll() is None, daemon.stderr.read()
            line = daemon.stderr.readline()
            log_lines.append(line)
            if "jarvisd ready" in line:
                break
        shown: list[tuple[str, str]] = []
        stop = threading.Event()
        token = (data / "hud.token").read_text().strip()
        threading.Thread(target=follow_transcript, args=(int(env["JARVIS_HUD__PORT"]), token, shown, stop),
                         daemon=True).start()
        time.sleep(1)
        spoken_at = time.time()
        pulse.play_into_mic(promise).wait(30)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not _open_loops(agenda_file):
            time.sleep(0.25)
        loops = _open_loops(agenda_file)
        assert len(loops) == 1, loops
        (loop,) = loops.values()
        assert "budget report" in loop["desc"] and "finance team" in loop["desc"], loop
        # "in three minutes" from when the words were heard: within the utterance and its transcription
        assert 170 <= loop["due_ms"] / 1000 - spoken_at <= 200, loop
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not (delivered.exists() and delivered.read_text().strip()):
            assert daemon.poll() is None
            time.sleep(0.5)
        assert delivered.exists(), "no reminder within four minutes"
        reminded = json.loads(delivered.read_text().splitlines()[0])
        assert wait_until_spoken(recording), "the reminder was not heard on the speaker"
        time.sleep(1.5)                # the reminder's last words leave the speaker before the user answers
        pulse.play_into_mic(espeak("I did it.", tmp_path / "did.wav", speed=140)).wait(30)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _open_loops(agenda_file):
            time.sleep(0.25)
        assert not _open_loops(agenda_file), "'I did it.' after the reminder left the promise open"
        closed = [json.loads(line) for line in agenda_file.read_text().splitlines() if line.strip()][-1]
        assert closed["id"] == loop["id"] and closed["status"] == "done", closed
        deadline = time.monotonic() + 30   # the answer ("Marked done: …") reaches the HUD's stream: on a loaded
        while time.monotonic() < deadline and len(shown) < 4:   # machine not within the fixed 3 s waited before (CI
            time.sleep(0.25)                                     # at stop 42)
        time.sleep(1)                  # and nothing more comes after it
        stop.set()
        daemon.send_signal(signal.SIGTERM)
        _, rest = daemon.communicate(timeout=20)
    finally:
        daemon.kill()
        recorder.terminate()
        recorder.wait(10)
    log = "".join(log_lines) + rest
    assert daemon.returncode == 0, log
    assert "promises found by rules" in log, log
    assert "loaded Smart Turn" in log, log   # the default end of turn, as a user runs it
    # the HUD showed each voice turn once: a user line and an answer line (the reminder is no turn)
    assert [role for role, _ in shown] == ["user", "assistant", "user", "assistant"], shown
    assert "budget report" in shown[0][1].lower() and shown[1][1].startswith("Got it:"), shown
    assert shown[3][1].startswith("Marked done:") and "budget report" in shown[3][1], shown
    assert reminded["lead_min"] == 1, reminded
    # the article is Whisper's hearing of espeak-ng through PulseAudio ("the" once came back as "a")
    assert re.fullmatch(r"Reminder: send (?:the|a) budget report to the finance team\. It's due in 1 minute\.",
                        reminded["text"]), reminded
    heard = models.recognizer.transcribe(squeeze_silence(read_wav(recording, MIC_RATE)[0])).text.lower()
    # the confirmation, heard (its words are pinned above; Whisper once wrote piper's "Got it." as "add it.")
    assert re.search(r"\b(?:got|add) it\b", heard) and "budget report" in heard, heard
    # the reminder, heard ("due in" came back once as "doing": what was said is pinned above)
    assert "reminder" in heard and heard.count("budget report") >= 2 and "minute" in heard, heard
