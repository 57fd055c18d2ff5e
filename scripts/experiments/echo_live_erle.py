"""Live against offline ERLE: the daemon's `EchoCanceller` through real PulseAudio, answer by answer, with the
echo's true delay behind the reference AEC3 was fed.

No pipeline, no Whisper: `SpeakerSink("pulse")` plays piper's answer (noise-free, the same every run) into
`speaker`, a room carries it back into `mic`, `MicrophoneSource("pulse")` hears it and every frame goes through
`EchoCanceller.clean` exactly as `VoicePipeline._hear` does. Kept per frame: the raw mic, the reference the
canceller paired with it (what AEC3 was fed) and the cleaned frame. Printed per answer: ERLE over the answer
(while the canceller was active, as `bench_echo.py` counts it) and after its first 2 s, and the echo's delay
behind the fed reference per 0.5 s window (GCC-PHAT, the direct path's peak), so drift or jumps show.

Rooms (`--room`):
  live   `room.LiveRoom` (the bench's Python child process, 20 ms blocks and a jitter buffer)
  pulse  PulseAudio's own `module-loopback source=speaker.monitor sink=mic` (`--latency-msec`, `--adjust-time`),
         at `--gain-db`: no reverberation, no noise
  `--stall 3 5`: the output callback held up 150 ms once, 3 s into answers 3 and 5 (an underflow, on purpose)
  `--vary`: a new room every answer as bench_echo does (delay 20-120 ms, RT60 0.3-0.6 s, -3..-9 dB);
  otherwise one room throughout (`--delay-ms`, `--rt60`, `--gain-db`), as a real room is.
`--offline` runs the same answers and rooms on one sample clock with no sound device (room.Room.echo), the
reference written as the output callback writes it `--lead` s before its echo.

    PYTHONPATH=. .venv/bin/python scripts/experiments/echo_live_erle.py --room live --n 6
    PYTHONPATH=. .venv/bin/python scripts/experiments/echo_live_erle.py --room live --n 6 --vary
    PYTHONPATH=. .venv/bin/python scripts/experiments/echo_live_erle.py --room pulse --n 6
    PYTHONPATH=. .venv/bin/python scripts/experiments/echo_live_erle.py --offline --n 6 [--vary]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_echo import ANSWER  # noqa: E402

from jarvisd.voice.audio import FRAME_SAMPLES, MIC_RATE, resample  # noqa: E402
from jarvisd.voice.echo_cancel import BLOCK, EchoCanceller, FarEnd  # noqa: E402
from jarvisd.voice.room import Room  # noqa: E402

WINDOW = 0.5  # s, one delay estimate
MAX_LAG = 0.8  # s


def answer_audio() -> tuple[np.ndarray, int]:
    cache = Path(tempfile.gettempdir()) / "echo-live-answer.npy"
    if cache.is_file():
        return np.load(cache), 22050
    from piper.config import SynthesisConfig

    from jarvisd.config import load_config
    from jarvisd.manifest import ModelStore
    from jarvisd.voice.build import voice_path
    from jarvisd.voice.tts import SpeechSynthesizer

    store = ModelStore(Path(tempfile.gettempdir()) / "jarvisd-voice-tests" / "data" / "models")
    speech = SpeechSynthesizer(voice_path(load_config(), store)).synthesize(
        ANSWER, SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0))
    assert speech.rate == 22050, speech.rate
    np.save(cache, speech.audio)
    return speech.audio, speech.rate


def rooms(args: argparse.Namespace) -> list[Room]:
    rng = random.Random(args.seed)
    out = []
    for i in range(args.n):
        d, rt, g = rng.uniform(20, 120), rng.uniform(0.3, 0.6), -rng.uniform(3, 9)
        out.append(Room(delay_ms=d, rt60=rt, gain_db=g, seed=args.seed + i) if args.vary else
                   Room(delay_ms=args.delay_ms, rt60=args.rt60, gain_db=args.gain_db, seed=args.seed))
    return out


class Recorder:
    """Wraps the canceller: keeps every raw frame, the reference paired with it, the cleaned frame, the time."""

    def __init__(self, canceller: EchoCanceller) -> None:
        self.c = canceller
        self.raw: list[np.ndarray] = []
        self.ref: list[np.ndarray] = []
        self.clean: list[np.ndarray] = []
        self.at: list[float] = []
        self.active: list[bool] = []
        self.clock: list[tuple[float, int, float, int]] = []  # (at, far-end samples written, count - clock ms, generation)
        reference = canceller._reference

        def kept(n: int, at: float) -> np.ndarray:
            ref = reference(n, at)
            self.ref.append(ref.copy())
            return ref
        canceller._reference = kept  # type: ignore[method-assign]

    def frame(self, raw: np.ndarray, at: float) -> None:
        before = len(self.ref)
        far = self.c.far_end
        anchor = self.c._anchor
        if far.rate and anchor is not None:
            by_clock = far.position_at(at) - len(raw) * far.rate / MIC_RATE
            by_count = anchor[1] + (self.c._mic_count - anchor[0]) * far.rate / MIC_RATE
            self.clock.append((at, far.written, 1000 * (by_count - by_clock) / far.rate, far.generation))
        out = self.c.clean(raw, at)
        if len(self.ref) == before:  # no far end yet: the canceller read none
            self.ref.append(np.zeros(len(raw), np.float32))
        self.raw.append(raw.copy())
        self.clean.append(out)
        self.at.append(at)
        self.active.append(self.c.active)


def delay_trace(mic: np.ndarray, ref: np.ndarray, start: int, end: int) -> list[tuple[float, float, float]]:
    """(window start s, echo delay behind the fed reference ms, normalized correlation) per WINDOW in [start, end).
    GCC-PHAT: the peak is the direct path; parabolic interpolation for a fraction of a sample."""
    w, lag = int(WINDOW * MIC_RATE), int(MAX_LAG * MIC_RATE)
    out = []
    for s in range(max(start, lag), min(end, len(mic), len(ref)) - w + 1, w):
        m = mic[s:s + w].astype(np.float64)
        r = ref[s - lag:s + w].astype(np.float64)  # the echo m[t] of ref[s + t - d] is r[lag + t - d]
        if np.sqrt(np.mean(r[lag:] ** 2)) < 1e-3 or np.sqrt(np.mean(m ** 2)) < 1e-4:
            continue
        size = 1 << int(np.ceil(np.log2(len(r) + len(m))))
        cross = np.conj(np.fft.rfft(m, size)) * np.fft.rfft(r, size)
        corr = np.fft.irfft(cross / (np.abs(cross) + 1e-9), size)[: lag + 1]  # corr[k] = sum m[t] r[t + k]
        k = int(np.argmax(corr))
        frac = 0.0
        if 0 < k < lag:
            a, b, c = corr[k - 1], corr[k], corr[k + 1]
            if a - 2 * b + c:
                frac = 0.5 * (a - c) / (a - 2 * b + c)
        seg = r[k:k + w]
        score = float(np.dot(m, seg) / (np.sqrt(np.dot(m, m) * np.dot(seg, seg)) + 1e-12))
        out.append((s / MIC_RATE, 1000 * (lag - k - frac) / MIC_RATE, score))
    return out


def erle(raw: np.ndarray, clean: np.ndarray) -> float:
    a, b = float(np.sum(raw.astype(np.float64) ** 2)), float(np.sum(clean.astype(np.float64) ** 2))
    return 10 * np.log10((a + 1e-12) / (b + 1e-12)) if a else float("nan")


def report(rec: Recorder, spans: list[tuple[float, float]], room_list: list[Room], title: str) -> None:
    raw = np.concatenate(rec.raw)
    ref = np.concatenate(rec.ref)
    clean = np.concatenate(rec.clean)[BLOCK:]  # the canceller's output lags 10 ms
    raw_c = raw[: len(clean)]
    active = np.repeat(np.array(rec.active), FRAME_SAMPLES)[: len(clean)]
    at = np.array(rec.at)
    # sample index of a time: the frame whose callback time is nearest, by counts
    def index(t: float) -> int:
        return int(np.searchsorted(at, t)) * FRAME_SAMPLES

    tot_raw = tot_clean = 0.0
    per = []
    print(title)
    for i, ((t0, t1), room) in enumerate(zip(spans, room_list, strict=True)):
        s, e = index(t0), min(index(t1 + 0.5), len(clean))
        sel = active[s:e]
        r, c = raw_c[s:e][sel], clean[s:e][sel]
        tot_raw += float(np.sum(r.astype(np.float64) ** 2))
        tot_clean += float(np.sum(c.astype(np.float64) ** 2))
        s2 = index(t0 + 2.0)
        late = erle(raw_c[s2:e][active[s2:e]], clean[s2:e][active[s2:e]])
        trace = delay_trace(raw, ref, s, min(e, len(raw)))
        good = [d for _, d, sc in trace if sc >= 0.3]
        span = f"{min(good):.1f}-{max(good):.1f}" if good else "-"
        per.append(erle(r, c))
        print(f"answer {i + 1:2d} room {room.delay_ms:5.1f} ms rt60 {room.rt60:.2f} {room.gain_db:5.1f} dB: ERLE "
              f"{per[-1]:5.1f} dB (after 2 s {late:5.1f}); delay behind the fed reference {span} ms over "
              f"{len(good)}/{len(trace)} windows")
        print("   trace ms (corr): " + " ".join(f"{d:.1f}({sc:.2f})" for _, d, sc in trace), flush=True)
    print(f"aggregate ERLE (as bench_echo counts it) {erle_from(tot_raw, tot_clean):.1f} dB; per answer median "
          f"{np.median(per):.1f}; re-anchored {rec.c.reanchors}; AEC3 restarted {getattr(rec.c, 'restarts', '-')}; reference shift {rec.c._shift * 1000:.0f} ms")


def erle_from(a: float, b: float) -> float:
    return 10 * np.log10((a + 1e-12) / (b + 1e-12))


STATUS: list[tuple[float, str, str]] = []  # (time.time(), stream, PortAudio status) of this process's streams
STALL: list[float] = []  # time.time() at which the output callback is held up once (`--stall`)


def watch_streams() -> None:
    """Note every callback status flag (under/overflows) of the streams this process opens."""
    import sounddevice as sd

    for kind in ("InputStream", "OutputStream"):
        original = getattr(sd, kind)

        def opened(*a, _original=original, _kind=kind, callback=None, **kw):  # type: ignore[no-untyped-def]
            def noted(*args):  # type: ignore[no-untyped-def]
                status = args[-1]
                if _kind == "OutputStream" and STALL and time.time() >= STALL[0]:
                    STALL.pop(0)
                    time.sleep(0.15)  # an underflow, as a busy machine makes them
                if status:
                    STATUS.append((time.time(), _kind, str(status)))
                return callback(*args)
            return _original(*a, callback=noted, **kw)
        setattr(sd, kind, opened)


def parec(env: dict[str, str], device: str, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(["parec", f"--device={device}", "--channels=1", "--rate=16000", "--format=float32le",
                             "--raw"], env=env, stdout=open(out, "wb"))


def room_trace(mic_file: Path, spk_file: Path, t0: float, spans: list[tuple[float, float]]) -> None:
    """The room's own path, from PulseAudio's side: speaker.monitor against mic.monitor, both recorded by parec.
    The two recordings start at different moments, so the offset is found on the first answer (+-4 s) and the
    trace shows the delay relative to 100 ms + that offset: only changes mean anything."""
    m = np.fromfile(mic_file, np.float32)
    s = np.fromfile(spk_file, np.float32)
    lag = 4 * MIC_RATE
    a, b = (int((x - t0) * MIC_RATE) for x in spans[0])
    pad = np.concatenate([np.zeros(lag), m, np.zeros(lag)])
    x, y = s[a:b].astype(np.float64), pad[a:b + 2 * lag]
    size = 1 << int(np.ceil(np.log2(len(x) + len(y))))
    k = int(np.argmax(np.fft.irfft(np.conj(np.fft.rfft(x, size)) * np.fft.rfft(y, size), size)[: 2 * lag + 1])) - lag
    shift = k - MIC_RATE // 10  # m[i + k] ~ s[i]: mic.monitor read 100 ms earlier than that lags speaker.monitor by 100 ms
    m = np.concatenate([np.zeros(max(0, -shift), np.float32), m[max(0, shift):]])
    n = min(len(m), len(s))
    print(f"room path (parec speaker.monitor -> mic.monitor; {1000 * k / MIC_RATE:.1f} ms apart in answer 1, shown "
          f"as 100 ms: only changes count):")
    for i, (a, b) in enumerate(spans):
        tr = delay_trace(m[:n], s[:n], int((a - t0) * MIC_RATE), int((b - t0) * MIC_RATE))
        good = [d for _, d, sc in tr if sc >= 0.3]
        print(f"   answer {i + 1:2d}: {min(good):.1f}-{max(good):.1f} ms over {len(good)}/{len(tr)} windows" if good
              else f"   answer {i + 1:2d}: -")


async def live(args: argparse.Namespace, audio: np.ndarray, rate: int, room_list: list[Room]) -> None:
    from jarvisd.voice.devices import MicrophoneSource, SpeakerSink
    from jarvisd.voice.pulse import NullSinkPulse, refresh_portaudio
    from jarvisd.voice.room import LiveRoom

    watch_streams()
    pulse = NullSinkPulse().start()
    live_room = None
    recorders: list[subprocess.Popen[bytes]] = []
    work = Path(tempfile.mkdtemp(prefix="echo-live-"))
    try:
        refresh_portaudio()
        if args.room == "live":
            live_room = LiveRoom(pulse.env, room_list[0])
        else:
            opts = [f"latency_msec={args.latency_msec}"]
            if args.adjust_time is not None:
                opts.append(f"adjust_time={args.adjust_time}")
            module = pulse.pactl("load-module", "module-loopback", "source=speaker.monitor", "sink=mic", *opts)
            time.sleep(0.5)
            for line in pulse.pactl("list", "short", "sink-inputs").splitlines():
                idx, _, owner, *_ = line.split("\t")
                if owner == module:
                    pulse.pactl("set-sink-input-volume", idx, f"{args.gain_db}dB")
        far_end = FarEnd()
        sink = SpeakerSink("pulse", far_end=far_end)
        source = MicrophoneSource("pulse")
        rec = Recorder(EchoCanceller(far_end))
        await source.start()
        stop = False

        async def listen() -> None:
            while not stop:
                got = await source.read()
                if got is None:
                    return
                rec.frame(*got)
        task = asyncio.create_task(listen())
        recorders.append(parec(pulse.env, "mic.monitor", work / "mic.f32"))
        await asyncio.sleep(0.1)
        recorders.append(parec(pulse.env, "speaker.monitor", work / "spk.f32"))
        rec_t0 = time.time() - 0.1
        await sink.play(np.zeros(rate // 2, np.float32), rate)  # opens the output stream, as the warm-up does
        await asyncio.sleep(args.gap)
        spans = []
        for i, room in enumerate(room_list):
            if live_room is not None and i:
                live_room.set_room(room)
            t0 = time.time()
            if i + 1 in args.stall:
                STALL.append(t0 + 3.0)
            await sink.play(audio, rate)
            spans.append((t0, time.time()))
            await asyncio.sleep(args.gap)
        stop = True
        await asyncio.sleep(0.2)
        task.cancel()
        if live_room is not None:
            live_room.ask_xruns()
            await asyncio.sleep(0.5)
        source.stop()
        sink.close()
        for r in recorders:
            r.terminate()
            r.wait(5)
        extra = f"; room blocks dropped/missing {live_room.xruns}" if live_room is not None else ""
        print(f"mic overflows {source.overflows}{extra}")
        what = (f"LiveRoom{' (a new room every answer)' if args.vary else ''}" if args.room == "live" else
                f"module-loopback latency_msec={args.latency_msec} adjust_time={args.adjust_time} {args.gain_db} dB")
        report(rec, spans, room_list, f"live, {what}")
        room_trace(work / "mic.f32", work / "spk.f32", rec_t0, spans)
        np.savez(work / "frames.npz", raw=np.concatenate(rec.raw), ref=np.concatenate(rec.ref), at=np.array(rec.at),
                 spans=np.array(spans), rec_t0=rec_t0)
        print(f"kept in {work}: frames.npz (raw mic, fed reference, frame times), mic.f32 and spk.f32 (parec)")
        t_first = spans[0][0]
        print("reference by count minus by the callbacks' clocks (ms, each 1 s: median of the frames; a step is the "
              "reference sliding against the mic):")
        ck = [c for c in rec.clock if c[0] >= t_first - 1]
        for t in np.arange(t_first - 1, ck[-1][0], 1.0):
            sel = [c for c in ck if t <= c[0] < t + 1]
            if sel:
                print(f"   {t - t_first:+5.0f} s: {np.median([c[2] for c in sel]):7.1f} ms, written {sel[-1][1]}, "
                      f"generation {sel[-1][3]}")
        t_first = spans[0][0]
        print(f"PortAudio status flags in this process ({len(STATUS)}): " + "; ".join(
            f"{t - t_first:+.1f} s {k} {st}" for t, k, st in STATUS[:20]))
        print("answers began at (s from the first): " + " ".join(f"{a - t_first:.1f}" for a, _ in spans))
    finally:
        for r in recorders:
            if r.poll() is None:
                r.kill()
        if live_room is not None:
            live_room.stop()
        pulse.stop()


def offline(args: argparse.Namespace, audio: np.ndarray, rate: int, room_list: list[Room]) -> None:
    """The same answers on one sample clock: each answer's echo through its room, `lead` s after the reference."""
    seg = np.concatenate([audio, np.zeros(int(args.gap * rate), np.float32)])
    seg16 = resample(seg, rate, MIC_RATE)
    n16, lead = len(seg16), int(args.lead * MIC_RATE)
    far = np.concatenate([np.zeros(int(args.gap * rate), np.float32), np.tile(seg, len(room_list))])
    off = int(args.gap * MIC_RATE)
    mic = np.zeros(off + n16 * len(room_list) + 2 * MIC_RATE, np.float32)
    for i, room in enumerate(room_list):
        x = np.zeros(n16 + MIC_RATE, np.float32)
        x[lead:lead + n16] = seg16[: n16 + MIC_RATE - lead]
        s = off + i * n16
        mic[s:s + len(x)] += room.echo(x) + room.noise(len(x))
    rec = Recorder(EchoCanceller(far_end := FarEnd()))
    written = 0
    for start in range(0, len(mic) - FRAME_SAMPLES + 1, FRAME_SAMPLES):
        at = (start + FRAME_SAMPLES) / MIC_RATE
        while written / rate < at:
            far_end.write(far[written:written + 512] if written < len(far) else np.zeros(512, np.float32), rate,
                          at=(written + 512) / rate)
            written += 512
        rec.frame(mic[start:start + FRAME_SAMPLES], at)
    spans = [((off + i * n16) / MIC_RATE, (off + i * n16) / MIC_RATE + len(audio) / rate) for i in range(len(room_list))]
    report(rec, spans, room_list, f"offline (one sample clock, lead {args.lead * 1000:.0f} ms)"
           f"{', a new room every answer' if args.vary else ''}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=["live", "pulse"], default="live")
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--n", type=int, default=6)
    parser.add_argument("--vary", action="store_true", help="a new room every answer, as bench_echo.py")
    parser.add_argument("--delay-ms", type=float, default=60.0)
    parser.add_argument("--rt60", type=float, default=0.4)
    parser.add_argument("--gain-db", type=float, default=-6.0)
    parser.add_argument("--latency-msec", type=int, default=60)
    parser.add_argument("--adjust-time", type=int, default=None)
    parser.add_argument("--stall", type=int, nargs="*", default=[],
                        help="answers (from 1) whose output callback is held up 150 ms, 3 s in: a forced underflow")
    parser.add_argument("--gap", type=float, default=3.0, help="s of silence between answers")
    parser.add_argument("--lead", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at start", flush=True)
    audio, rate = answer_audio()
    room_list = rooms(args)
    if args.offline:
        offline(args, audio, rate, room_list)
    else:
        asyncio.run(live(args, audio, rate, room_list))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
