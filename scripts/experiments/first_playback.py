"""How much later the first answer after start is heard than the next ones, on a private PulseAudio null sink.

Plays a 1 s tone three times through `SpeakerSink`, 1 s apart, records `speaker.monitor`, and compares the gaps
between the tones' onsets with the gaps between the `play` calls: the first gap is shorter than its call gap by
what the first `play` lost opening the output stream. `--ahead` opens the stream first (`SpeakerSink.open_ahead`,
what the daemon now does at start).

    .venv/bin/python scripts/experiments/first_playback.py
    .venv/bin/python scripts/experiments/first_playback.py --ahead
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
import wave
from pathlib import Path

import numpy as np

from jarvisd.voice.devices import SpeakerSink
from jarvisd.voice.pulse import NullSinkPulse

RATE = 22050
BLOCK_SEC = 0.01


async def _play_three(ahead: bool) -> list[float]:
    sink = SpeakerSink("")
    if ahead:
        sink.open_ahead(RATE)
        await asyncio.sleep(1.0)
    tone = (0.3 * np.sin(2 * np.pi * 440 * np.arange(RATE) / RATE)).astype(np.float32)
    calls = []
    for _ in range(3):
        calls.append(time.monotonic())
        await sink.play(tone, RATE)
        await asyncio.sleep(1.0)
    sink.close()
    return calls


def _onsets(path: Path) -> list[float]:
    with wave.open(str(path)) as w:
        audio = np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(float)
        block = int(w.getframerate() * BLOCK_SEC)
    peaks = np.abs(audio[: len(audio) // block * block]).reshape(-1, block).max(axis=1)
    loud = np.flatnonzero(peaks > 3000)
    starts = [int(loud[0])] + [int(b) for a, b in zip(loud, loud[1:], strict=False) if b - a > 20]
    return [s * BLOCK_SEC for s in starts]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ahead", action="store_true", help="open the output stream before the first play")
    args = ap.parse_args()
    pulse = NullSinkPulse().start()
    try:
        recording = Path(tempfile.mkdtemp(prefix="first-playback-")) / "speaker.wav"
        recorder = pulse.record_speaker(recording)
        time.sleep(1.5)
        calls = asyncio.run(_play_three(args.ahead))
        time.sleep(0.5)
        recorder.terminate()
        recorder.wait(10)
        onsets = _onsets(recording)
    finally:
        pulse.stop()
    call_gaps, onset_gaps = np.diff(calls), np.diff(onsets)
    print(f"gaps between play calls : {', '.join(f'{g:.3f}' for g in call_gaps)} s")
    print(f"gaps between the onsets : {', '.join(f'{g:.3f}' for g in onset_gaps)} s")
    print(f"first play heard later than the second by {call_gaps[0] - onset_gaps[0]:+.3f} s "
          f"({'stream opened ahead' if args.ahead else 'stream opened by the first play'})")


if __name__ == "__main__":
    main()
