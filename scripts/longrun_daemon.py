"""Long unattended run: `jarvisd run` in a subprocess for hours, reminding on time.

The daemon runs as a user runs it (temp data dir, embedded models, PulseAudio null sinks as microphone and
speaker when pulseaudio is installed, else text-only with the HUD). Before it starts, open loops are put on
the agenda with dues spread over the run; reminders come at the lead times (default 3 and 1 minutes). One
loop is closed through the HUD before its first reminder, so its reminders must not come. Every few minutes
a text turn goes through the HUD API; the HUD's event stream (SSE) is followed for reminders and replies;
the daemon's resident memory and threads are sampled every minute. At the end: SIGTERM, exit code and time
to exit; then every reminder is checked: delivered once, on time within the tolerance, and heard on the
speaker (signal in the recording) when voice runs. "On time" is measured from the later of its scheduled
time (due - lead) and the end of a text turn that was being answered at that time (sent before it, its
reply seen on the HUD stream after it): the daemon must not speak over a turn, so that wait is by design.
The lateness from the scheduled time alone is reported too.

    .venv/bin/python scripts/longrun_daemon.py --minutes 90 --out /tmp/jarvisd-longrun
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

from jarvisd.config import load_config
from jarvisd.openloop.service import OpenLoopService

PROMISES = ["send the quarterly report to Kim", "call the dentist about the appointment",
            "water the plants on the balcony", "book the train tickets to Busan", "pay the electricity bill",
            "answer Lee's email about the budget", "pick up the dry cleaning", "renew the library books",
            "back up the laptop", "order a birthday present for Mina", "check the car's tyre pressure",
            "print the boarding passes"]
TURNS = ["what's on my agenda", "tell me something short", "thanks, that's all for now", "how are you"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_figures(pid: int) -> dict[str, float]:
    """VmRSS and threads from /proc/<pid>/status, anonymous vs file-backed from smaps_rollup (MiB). `rss_mib` counts
    the daemon and its child processes (the embedded model runs in one); `daemon_rss_mib` the daemon alone."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                out["rss_mib"] = out["daemon_rss_mib"] = int(line.split()[1]) / 1024
            elif line.startswith("Threads:"):
                out["threads"] = int(line.split()[1])
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Anonymous:", "Private_Dirty:")):
                out[line.split(":")[0].lower() + "_mib"] = int(line.split()[1]) / 1024
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            for line in Path(f"/proc/{child}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out["rss_mib"] = out.get("rss_mib", 0.0) + int(line.split()[1]) / 1024
    except (FileNotFoundError, ProcessLookupError):
        pass
    return out


class EventFollower(threading.Thread):
    """Follows the HUD's /api/events and keeps what matters here: reminders and replies, with the time seen."""

    def __init__(self, base: str, token: str) -> None:
        super().__init__(daemon=True, name="sse")
        self.base, self.token = base, token
        self.reminders: list[dict] = []
        self.replies: list[dict] = []
        self.reconnects = 0
        self.errors: Counter[str] = Counter()
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with httpx.stream("GET", f"{self.base}/api/events", params={"token": self.token},
                                  timeout=httpx.Timeout(5, read=120)) as response:
                    kind = None
                    for line in response.iter_lines():
                        if line.startswith("event: "):
                            kind = line[7:]
                        elif line.startswith("data: ") and kind:
                            data = json.loads(line[6:])
                            data["seen_ms"] = int(time.time() * 1000)
                            if kind == "reminder_due":
                                self.reminders.append(data)
                            elif kind == "transcript_line" and (
                                    data.get("role") == "assistant"
                                    or str(data.get("text", "")).startswith("the turn failed")):
                                self.replies.append(data)  # a turn's end: its answer, or its failure
                            kind = None
            except (httpx.HTTPError, json.JSONDecodeError) as exc:
                self.errors[f"{type(exc).__name__}: {exc}"[:120]] += 1
            if not self.stopping.is_set():
                self.reconnects += 1
                time.sleep(2)


def pair_turns(sent: list[int], ended: list[int]) -> list[tuple[int, int]]:
    """(sent, ended) per turn: each turn ends at the first turn end seen after it was sent (turns run in order)."""
    pairs, ends = [], iter(sorted(ended))
    for at in sorted(sent):
        end = next((e for e in ends if e >= at), None)
        if end is None:
            break
        pairs.append((at, end))
    return pairs


def held_until(at_ms: int, turns: list[tuple[int, int]]) -> int:
    """When a reminder scheduled at `at_ms` may speak: after every turn (sent, answered) in progress then.

    A turn sent before the moment and answered after it holds the reminder until its answer; a turn sent
    while the reminder is held extends the hold the same way.
    """
    free = at_ms
    for sent, answered in sorted(turns):
        if sent <= free < answered:
            free = answered
    return free


def heard(recording: Path, at_ms: int, started_ms: int, window_sec: float = 20.0) -> float:
    """Peak level (0..1) in the speaker recording in the window after a reminder was logged."""
    import wave

    import numpy as np

    with wave.open(str(recording), "rb") as wav:
        rate = wav.getframerate()
        start = max(0, int((at_ms - started_ms) / 1000 * rate))
        if start >= wav.getnframes():
            return 0.0
        wav.setpos(start)
        piece = np.frombuffer(wav.readframes(int(window_sec * rate)), dtype=np.int16)
    return float(np.abs(piece.astype(np.float32)).max() / 32768) if piece.size else 0.0


def main() -> int:  # noqa: C901 - one straight script, top to bottom
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=90)
    parser.add_argument("--loops", type=int, default=9, help="open loops with dues spread over the run")
    parser.add_argument("--leads", default="3,1", help="reminder lead times in minutes")
    parser.add_argument("--turn-every", type=float, default=4, help="minutes between HUD text turns")
    parser.add_argument("--tolerance", type=float, default=30, help="seconds a reminder may be late")
    parser.add_argument("--text-only", action="store_true", help="no PulseAudio even if installed")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "jarvisd-longrun")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="jarvisd-longrun-home-"))
    leads = sorted({int(x) for x in args.leads.split(",")}, reverse=True)
    port = free_port()

    pulse = None
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_") and k != "DISPLAY"}
    if not args.text_only:
        from jarvisd.voice.pulse import NullSinkPulse, PulseUnavailable, refresh_portaudio

        try:
            pulse = NullSinkPulse().start()
            refresh_portaudio()
            env = {k: v for k, v in pulse.env.items() if not k.startswith("JARVIS_") and k != "DISPLAY"}
        except PulseUnavailable as exc:
            print(f"no PulseAudio ({exc}): text only with the HUD", flush=True)
    env.update(JARVIS_HOME=str(home), OLLAMA_HOST=f"http://127.0.0.1:{free_port()}",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_HUD__PORT=str(port),
               JARVIS_PROACTIVE__REMINDER_LEAD_MIN=",".join(map(str, leads)), JARVIS_PROACTIVE__QUIET_HOURS="",
               JARVIS_VOICE__LANGUAGE="en", JARVIS_VOICE__ENABLED="true" if pulse else "false",
               PYTHONUNBUFFERED="1", PYTHONFAULTHANDLER="1")
    cfg = load_config(env=env)
    data_dir = Path(cfg.paths.data_dir)

    # dues spread over the run: the first leaves time to start, the last leaves time to remind
    started_ms = int(time.time() * 1000)
    span_ms = int(args.minutes * 60_000)
    first_ms, last_ms = started_ms + (max(leads) + 2) * 60_000, started_ms + span_ms - 3 * 60_000
    step = (last_ms - first_ms) // max(1, args.loops - 1)
    agenda = OpenLoopService.from_config(cfg)
    loops = [agenda.add(PROMISES[i % len(PROMISES)], due_ms=first_ms + i * step) for i in range(args.loops)]
    agenda.store.close()
    closed = loops[len(loops) // 2]  # closed through the HUD before its first reminder: none may come
    expected = {(lp.id, lead): lp.due_ms - lead * 60_000 for lp in loops if lp is not closed for lead in leads}

    recording = args.out / "speaker.wav"
    recorder = pulse.record_speaker(recording) if pulse else None
    rec_started_ms = int(time.time() * 1000)
    daemon_log = (args.out / "daemon.log").open("w")
    command = [sys.executable, "-m", "jarvisd", "run"]
    daemon = subprocess.Popen(command, env=env, stderr=daemon_log,
                              stdout=daemon_log, text=True)
    print(f"daemon pid {daemon.pid}, data dir {data_dir}, HUD port {port}, voice {'on' if pulse else 'off'}, "
          f"{len(loops)} loops, leads {leads} min, {len(expected)} reminders expected", flush=True)

    base = f"http://127.0.0.1:{port}"
    token_file = data_dir / "hud.token"
    deadline = time.monotonic() + 180
    client = None
    while time.monotonic() < deadline and daemon.poll() is None:
        if token_file.exists():
            client = httpx.Client(base_url=base, timeout=30,
                                  headers={"Authorization": f"Bearer {token_file.read_text().strip()}"})
            try:
                if client.get("/api/status").status_code == 200:
                    break
            except httpx.HTTPError:
                pass
        time.sleep(1)
    else:
        print("the daemon did not come up; see", args.out / "daemon.log", flush=True)
        daemon.kill()
        return 1
    follower = EventFollower(base, token_file.read_text().strip())
    follower.start()

    samples: list[dict] = []
    turns_sent = turn_errors = 0
    turn_sent_ms: list[int] = []
    closed_done = False
    end = time.monotonic() + args.minutes * 60 - (time.time() * 1000 - started_ms) / 1000
    next_sample = next_turn = time.monotonic()
    samples_file = (args.out / "samples.jsonl").open("w")
    while time.monotonic() < end and daemon.poll() is None:
        now = time.monotonic()
        if now >= next_sample:
            sample = {"t_min": round((time.time() * 1000 - started_ms) / 60_000, 1), **proc_figures(daemon.pid),
                      "load1": os.getloadavg()[0], "reminders_seen": len(follower.reminders),
                      "replies": len(follower.replies)}
            samples.append(sample)
            samples_file.write(json.dumps(sample) + "\n")
            samples_file.flush()
            print(f"  {sample['t_min']:6.1f} min  rss {sample.get('rss_mib', 0):7.1f} MiB  anon "
                  f"{sample.get('anonymous_mib', 0):7.1f}  threads {sample.get('threads', 0):3.0f}  "
                  f"reminders {sample['reminders_seen']:3d}  replies {sample['replies']:3d}  "
                  f"load {sample['load1']:.2f}", flush=True)
            next_sample += 60
        if now >= next_turn:
            try:
                sent_ms = int(time.time() * 1000)
                client.post("/api/turns", json={"text": TURNS[turns_sent % len(TURNS)]}).raise_for_status()
                turns_sent += 1
                turn_sent_ms.append(sent_ms)
            except httpx.HTTPError as exc:
                turn_errors += 1
                print(f"  turn failed: {exc}", flush=True)
            next_turn += args.turn_every * 60
        if not closed_done and time.time() * 1000 >= closed.due_ms - (max(leads) + 2) * 60_000:
            r = client.post(f"/api/openloops/{closed.id}", json={"status": "done"})
            print(f"  closed '{closed.desc}' through the HUD: {r.status_code}", flush=True)
            closed_done = r.status_code == 200
        time.sleep(1)

    crashed = daemon.poll()
    t0 = time.monotonic()
    daemon.send_signal(signal.SIGTERM)
    try:
        exit_code = daemon.wait(timeout=15)
    except subprocess.TimeoutExpired:  # what holds it open: native stacks (gdb), then Python's (SIGABRT)
        if shutil.which("gdb"):
            with (args.out / "stop-native-stacks.txt").open("w") as fh:
                subprocess.run(["gdb", "-p", str(daemon.pid), "-batch", "-ex", "thread apply all bt 25"],
                               stdout=fh, stderr=subprocess.STDOUT, timeout=60)
        daemon.send_signal(signal.SIGABRT)
        try:
            exit_code = daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
            exit_code = daemon.wait()
        print(f"  the daemon did not exit within 15 s of SIGTERM: thread dump in {args.out / 'daemon.log'}",
              flush=True)
    stop_sec = time.monotonic() - t0
    follower.stopping.set()
    if recorder:
        recorder.terminate()
        recorder.wait(10)
    if pulse:
        pulse.stop()
    daemon_log.close()

    # every reminder against its schedule
    lines = [json.loads(x) for x in (data_dir / "reminders.jsonl").read_text().splitlines() if x.strip()] \
        if (data_dir / "reminders.jsonl").exists() else []
    counts = Counter((x["loop_id"], x["lead_min"]) for x in lines)
    twice = [k for k, n in counts.items() if n > 1]
    unexpected = [k for k in counts if k not in expected]
    missing = [k for k in expected if k not in counts]
    lateness = {(x["loop_id"], x["lead_min"]): (x["at_ms"] - expected[(x["loop_id"], x["lead_min"])]) / 1000
                for x in lines if (x["loop_id"], x["lead_min"]) in expected}
    turns = pair_turns(turn_sent_ms, [r["seen_ms"] for r in follower.replies])
    held = {k: held_until(expected[k], turns) for k in lateness}
    after_turn = {k: lateness[k] - (held[k] - expected[k]) / 1000 for k in lateness}
    late = {k: v for k, v in after_turn.items() if v > args.tolerance or lateness[k] < -1}
    hud_seen = Counter((x["loop_id"], x["lead_min"]) for x in follower.reminders)
    hud_missing = [k for k in counts if k not in hud_seen]
    levels = {(x["loop_id"], x["lead_min"]): heard(recording, x["at_ms"], rec_started_ms) for x in lines} \
        if pulse and recording.exists() else {}
    silent = [k for k, v in levels.items() if v < 0.01]
    rss = [s["rss_mib"] for s in samples if "rss_mib" in s]
    summary = {
        "minutes": round((time.time() * 1000 - started_ms) / 60_000, 1), "voice": bool(pulse),
        "crashed_before_sigterm": crashed, "exit_code": exit_code, "stop_sec": round(stop_sec, 1),
        "reminders_expected": len(expected), "delivered": len(lines), "missing": missing, "twice": twice,
        "unexpected": unexpected, "late": {f"{k[0]}/{k[1]}": v for k, v in late.items()},
        "lateness_max_sec": max(lateness.values(), default=None),
        "lateness_min_sec": min(lateness.values(), default=None),
        "held_by_turn": {f"{k[0]}/{k[1]}": round((v - expected[k]) / 1000, 1) for k, v in held.items()
                         if v > expected[k]},
        "lateness_after_turn_max_sec": max(after_turn.values(), default=None),
        "turn_sec_max": max(((b - a) / 1000 for a, b in turns), default=None),
        "hud_seen": sum(hud_seen.values()), "hud_missing": hud_missing, "sse_reconnects": follower.reconnects,
        "sse_errors": dict(follower.errors),
        "speaker_silent": silent, "speaker_peak_min": min(levels.values(), default=None),
        "turns_sent": turns_sent, "turn_errors": turn_errors, "replies_seen": len(follower.replies),
        "rss_first_mib": rss[0] if rss else None, "rss_10min_mib": rss[min(10, len(rss) - 1)] if rss else None,
        "rss_last_mib": rss[-1] if rss else None, "rss_max_mib": max(rss, default=None),
        "threads_first": samples[0].get("threads") if samples else None,
        "threads_last": samples[-1].get("threads") if samples else None,
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
    print(json.dumps(summary, indent=1, default=str), flush=True)
    ok = (crashed is None and exit_code == 0 and not missing and not twice and not unexpected and not late
          and not hud_missing and not silent)
    print("PASS" if ok else "FAIL", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
