"""Barge-in benchmark: barge-in detection -> the speaker going silent, measured on the recorded output.

Starts a private PulseAudio with null sinks and records `speaker.monitor` for the whole run. Each round
the running pipeline speaks a long scripted answer into the `speaker` sink; after a random 0.8-1.6 s an
espeak-ng "Stop, wait a moment." is played into the `mic` sink; the pipeline detects it and publishes
`Interrupted(at=...)` (time.time()). The stop latency is when the recorded speaker signal goes silent
minus that `at`.

    .venv/bin/python scripts/bench_bargein.py             # 12 barge-ins
    .venv/bin/python scripts/bench_bargein.py --n 20

Alignment. `parec` records `speaker.monitor` (16 kHz s16) into a pipe read by a thread that stamps each
chunk with time.time() on arrival; a chunk's last sample is placed at its arrival and the others 1/16000 s
apart before it. (A WAV from `parecord` cannot be aligned by its start time plus sample count: the
recorder delivered its first sample more than a second after it was started; one file held 11.4 s of
audio for 13.3 s of wall time.) A sample arrives after it left the sink, so its stamp is never
early: the recorder can only add latency, and `raw` is an upper bound of detection -> sink silent
(output buffers included). To remove the recorder's own latency, each round also measures a known start:
`PlaybackStarted.at` (published just before the sink gets the first sentence) against the first stamped
sample of that sentence above the threshold, minus the piper audio's own lead-in before that sample.
That start offset holds the recorder latency plus what every start also has (the wait for the next
output callback and the PortAudio/PulseAudio buffers), so

    stop = (silent_at - Interrupted.at) - (onset_at - PlaybackStarted.at)        (same round)

is how much longer a stop takes than a start (about 0 when the stop reaches the speaker as fast as a
start does). "Silent" is the last sample above the threshold (|x| > 1e-3, -60 dBFS) before the next
playback: a null sink outputs exact zeros, so a cut ends at a hard edge.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_voice import percentile  # noqa: E402  (its sibling in scripts/)

from jarvisd.config import load_config  # noqa: E402
from jarvisd.events import EventBus  # noqa: E402
from jarvisd.llm.scripted import ScriptedChatModel  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.answers import answer_from_chat_model  # noqa: E402
from jarvisd.voice.audio import MIC_RATE, resample  # noqa: E402
from jarvisd.voice.build import VoiceModels, build_pipeline, voice_path  # noqa: E402
from jarvisd.voice.devices import MicrophoneSource, SpeakerSink  # noqa: E402
from jarvisd.voice.echo import PlayedAudio  # noqa: E402
from jarvisd.voice.events import Interrupted, PlaybackStarted, TurnEnded  # noqa: E402
from jarvisd.voice.pipeline import VoiceSettings  # noqa: E402
from jarvisd.voice.pulse import NullSinkPulse, espeak_utterance, refresh_portaudio  # noqa: E402
from jarvisd.voice.stt import SpeechRecognizer  # noqa: E402
from jarvisd.voice.tts import SpeechSynthesizer  # noqa: E402

LONG_ANSWER = ("Here is your week. On Monday you have the planning meeting at ten. "
               "On Tuesday the dentist expects you at three. On Wednesday the report is due. "
               "On Thursday you fly to Busan in the morning. On Friday the parade is in the afternoon.")
SHORT_ANSWER = "Okay."
THRESHOLD = 1e-3


def espeak(text: str, out: Path) -> Path:
    return espeak_utterance(text, out, speed=160)


class TimedSink(SpeakerSink):
    """The speaker sink, remembering each sentence handed to it (for the onset's lead-in)."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.handed: list[tuple[float, np.ndarray, int]] = []

    async def play(self, audio: np.ndarray, rate: int) -> bool:
        self.handed.append((time.time(), audio, rate))
        return await super().play(audio, rate)


class StampedRecorder:
    """`parec` from `speaker.monitor` into a pipe; every chunk is stamped with time.time() on arrival, so a
    gap in the monitor's stream (a null sink with nothing playing may deliver nothing) cannot shift the
    timeline the way it shifts a WAV file's sample count."""

    def __init__(self, pulse: NullSinkPulse) -> None:
        self.proc = subprocess.Popen(["parec", "--device=speaker.monitor", "--channels=1", "--rate=16000",
                                      "--format=s16le", "--latency-msec=10"], stdout=subprocess.PIPE,
                                     env=pulse.env)
        self.chunks: list[tuple[float, bytes]] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        fd = self.proc.stdout.fileno()  # type: ignore[union-attr]
        while chunk := os.read(fd, 640):
            self.chunks.append((time.time(), chunk))

    def stop(self) -> tuple[np.ndarray, np.ndarray]:
        """(samples, time.time() of each sample): a chunk's last sample is placed at its arrival."""
        self.proc.terminate()
        self.proc.wait(10)
        self._thread.join(10)
        data = b"".join(c for _, c in self.chunks)
        audio = np.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(np.float32) / 32768.0
        times = np.empty(len(audio))
        done = received = 0
        for arrived, chunk in self.chunks:
            received += len(chunk)
            end = min(received // 2, len(audio))
            times[done:end] = arrived - (end - 1 - np.arange(done, end)) / MIC_RATE
            done = end
        return audio, times


def lead_in_sec(audio: np.ndarray, rate: int) -> float:
    """Seconds of the sentence before its first sample above the threshold, as the recorder sees it."""
    heard = np.abs(resample(audio.astype(np.float32), rate, MIC_RATE)) > THRESHOLD
    return float(np.argmax(heard)) / MIC_RATE if heard.any() else 0.0


async def run(args: argparse.Namespace, pulse: NullSinkPulse, work: Path) -> tuple[list[dict], float]:
    cfg = load_config()
    home = Path(tempfile.gettempdir()) / "jarvisd-voice-tests"
    store = ModelStore(home / "data" / "models")
    store.prepare("whisper-base")
    models = VoiceModels(SpeechRecognizer(store.path("whisper-base"), language="en"),
                         SpeechSynthesizer(voice_path(cfg, store)))

    def reply(messages):  # type: ignore[no-untyped-def]
        return {"text": LONG_ANSWER if "week" in messages[-1].content else SHORT_ANSWER}

    model = ScriptedChatModel(reply, tokens_per_sec=40)
    stop_words = espeak("Stop, wait a moment.", work / "stop.wav")
    refresh_portaudio()
    bus = EventBus()
    sub = bus.subscribe(maxsize=100000, lossy=False)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always", language="en")
    sink = TimedSink("pulse", played=PlayedAudio())
    pipeline = build_pipeline(cfg, answer_from_chat_model(model), source=MicrophoneSource("pulse"), sink=sink,
                              models=models, bus=bus, settings=settings)
    await pipeline.start()
    recorder = StampedRecorder(pulse)
    events: list = []
    deadline = time.monotonic() + 15
    while sum(len(c) for _, c in recorder.chunks) < MIC_RATE and time.monotonic() < deadline:
        await asyncio.sleep(0.05)  # the recorder is streaming (0.5 s received) before the first round

    async def until(kind: type, timeout: float, since: int, **match: object):  # type: ignore[no-untyped-def]
        for event in events[since:]:
            if isinstance(event, kind) and all(getattr(event, k) == v for k, v in match.items()):
                return event
        deadline = time.monotonic() + timeout
        while True:
            event = await asyncio.wait_for(sub.get(), max(0.01, deadline - time.monotonic()))
            events.append(event)
            if isinstance(event, kind) and all(getattr(event, k) == v for k, v in match.items()):
                return event

    def drain() -> None:
        while not sub.queue.empty():
            events.append(sub.queue.get_nowait())

    rounds = []
    try:
        # open the output stream first ("Okay."): the first play of a session also opens the device
        await asyncio.wait_for(pipeline.submit_text("Warm up."), 60)
        await asyncio.sleep(0.5)
        for i in range(args.n):
            drain()
            handed_before, mark = len(sink.handed), len(events)
            task = asyncio.create_task(pipeline.submit_text("What does my week look like?"))
            started = await until(PlaybackStarted, 60, mark)
            await asyncio.sleep(random.uniform(0.8, 1.6))
            proc = pulse.play_into_mic(stop_words)
            cut = await until(Interrupted, 15, mark, utterance_id=started.utterance_id)
            await asyncio.to_thread(proc.wait, 30)
            await task
            await until(TurnEnded, 60, mark, utterance_id=started.utterance_id)
            with contextlib.suppress(TimeoutError):  # the "stop" words become a turn, answered "Okay."
                await until(TurnEnded, 30, mark, utterance_id=started.utterance_id + 1)
            await pipeline.wait_idle()
            await asyncio.sleep(0.3)
            hand_at, audio, rate = sink.handed[handed_before]
            rounds.append({"id": started.utterance_id, "started": started.at, "cut": cut.at, "reason": cut.reason,
                           "lead": lead_in_sec(audio, rate), "handed": hand_at})
            print(f"{i + 1:2d}: cut {cut.reason} {cut.at - started.at:.2f} s into the answer", file=sys.stderr)
        drain()
        ends = [e.at for e in events if isinstance(e, PlaybackStarted)]
    finally:
        await asyncio.sleep(0.3)
        audio, times = await asyncio.to_thread(recorder.stop)
        latency = sink.output_latency
        await pipeline.stop()
    if args.keep:
        import json

        np.save(work / "audio.npy", audio)
        np.save(work / "times.npy", times)
        (work / "rounds.json").write_text(json.dumps({"rounds": rounds, "starts": ends}))
        print(f"kept {work}", file=sys.stderr)
    loud = times[np.abs(audio) > THRESHOLD]  # arrival-aligned times of the samples above the threshold
    rows = []
    for r in rounds:
        if r["reason"] != "barge_in":
            continue
        nxt = min([t for t in ends if t > r["cut"]], default=float("inf"))
        after = loud[loud >= r["started"]]
        if not len(after):
            continue
        onset = after[0] - r["lead"]
        start_offset = onset - r["started"]
        # the last loud sample before the next playback (shifted by this round's offset) reaches the recorder
        tail = after[after < nxt + start_offset - 0.01]
        silent = tail[-1] + 1 / MIC_RATE
        raw = silent - r["cut"]
        rows.append({"stop": raw - start_offset, "raw": raw, "offset": start_offset})
    return rows, latency


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=12, help="barge-ins (default 12)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the recording and the round times")
    args = parser.parse_args()
    random.seed(args.seed)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop our PulseAudio on `kill` too
    work = Path(tempfile.mkdtemp(prefix="bench-bargein-"))
    load = os.getloadavg()
    pulse = NullSinkPulse().start()
    try:
        rows, latency = asyncio.run(run(args, pulse, work))
    finally:
        pulse.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    for i, row in enumerate(rows, 1):
        print(f"{i:2d}: stop={row['stop'] * 1000:6.1f} ms  raw={row['raw'] * 1000:6.1f} ms  "
              f"start offset={row['offset'] * 1000:6.1f} ms", file=sys.stderr)
    if not rows:
        return 1
    print(f"barge-in detection -> speaker silent ({len(rows)} barge-ins, load average {load[0]:.1f} at start, "
          f"{os.getloadavg()[0]:.1f} at end; PortAudio output latency estimate {latency * 1000:.0f} ms)")
    print("| measure | p50 (ms) | p95 (ms) | max (ms) |\n|---|---:|---:|---:|")
    measures = [("raw", "raw: Interrupted.at -> last sound stamped (upper bound)"),
                ("offset", "start offset (PlaybackStarted -> first recorded sample)"),
                ("stop", "stop minus start offset (recorder latency removed)")]
    for key, name in measures:
        values = [r[key] * 1000 for r in rows]
        print(f"| {name} | {statistics.median(values):.0f} | {percentile(values, 0.95):.0f} | {max(values):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
