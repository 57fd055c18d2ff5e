"""Which echo canceller: every candidate library on the same simulated room, offline, no sound device.

The far end is piper (joe-medium) reading four sentences (~14 s) at 16 kHz; the mic hears it through
`jarvisd.voice.room.Room` (delay, a synthetic impulse response, -6 dB, noise at -60 dBFS). Each engine
gets the mic and the unaligned reference in 10 ms frames, as it would in the daemon. Printed per engine:
- ERLE (dB) on echo-only audio after the first 2 s (convergence), for each room;
- near-end kept: an espeak-ng user sentence talks over the echo from 6 s on; the correlation of the
  output with the clean user speech there (1.0 = kept untouched; the mic itself is the baseline);
- CPU per 10 ms frame (process time, one thread).

    .venv/bin/python scripts/measure_aec_libs.py
    .venv/bin/python scripts/measure_aec_libs.py --engines pywebrtc-audio,speexdsp-aec
    .venv/bin/python scripts/measure_aec_libs.py --reach      # how long an echo path AEC3 finds alone
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.config import load_config  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.audio import MIC_RATE, frames_of, read_wav, resample  # noqa: E402
from jarvisd.voice.build import voice_path  # noqa: E402
from jarvisd.voice.endpointing import SileroStream  # noqa: E402
from jarvisd.voice.pulse import espeak_utterance  # noqa: E402
from jarvisd.voice.room import Room, erle_db  # noqa: E402
from jarvisd.voice.tts import SpeechSynthesizer  # noqa: E402

N = 160  # 10 ms at 16 kHz
FAR_TEXT = ("Here is your week. On Monday you have the planning meeting at ten. "
            "On Tuesday the dentist expects you at three, and on Wednesday the report is due. "
            "On Thursday you fly to Busan in the morning.")
NEAR_TEXT = "Stop, what time is the dentist on Tuesday?"
ROOMS = [Room(delay_ms=20, rt60=0.3), Room(delay_ms=60, rt60=0.4), Room(delay_ms=120, rt60=0.6),
         Room(delay_ms=300, rt60=0.4)]

Engine = Callable[[np.ndarray, np.ndarray], np.ndarray]  # (mic frame, far frame) -> cleaned, float32


def i16(x: np.ndarray) -> np.ndarray:
    return (np.clip(x, -1, 1) * 32767).astype(np.int16)


def f32(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float32) / 32768.0


def make_webrtc_apm() -> Engine:
    from pywebrtc_audio import EchoCanceller

    aec = EchoCanceller(sample_rate=MIC_RATE)
    return lambda near, far: aec.process(near, far)


def make_livekit() -> Engine:
    from livekit import rtc

    apm = rtc.AudioProcessingModule(echo_cancellation=True, high_pass_filter=True)

    def run(near: np.ndarray, far: np.ndarray) -> np.ndarray:
        far_frame = rtc.AudioFrame(i16(far).tobytes(), MIC_RATE, 1, N)
        apm.process_reverse_stream(far_frame)
        near_frame = rtc.AudioFrame(i16(near).tobytes(), MIC_RATE, 1, N)
        apm.process_stream(near_frame)
        return f32(np.frombuffer(near_frame.data, dtype=np.int16))
    return run


def make_speex(tail_ms: int = 400) -> Engine:
    from speexdsp_aec import SpeexAec

    aec = SpeexAec(sample_rate=MIC_RATE, frame_ms=10, filter_tail_ms=tail_ms)
    return lambda near, far: f32(np.frombuffer(aec.process(i16(near), i16(far)), dtype=np.int16))


def make_pyaec(tail_ms: int = 400) -> Engine:
    from pyaec import Aec

    aec = Aec(N, MIC_RATE * tail_ms // 1000, MIC_RATE, True)
    return lambda near, far: f32(np.array(aec.cancel_echo(i16(near).tolist(), i16(far).tolist()), dtype=np.int16))


def make_speexdsp_swig(tail_ms: int = 400) -> Engine:
    from speexdsp import EchoCanceller

    aec = EchoCanceller.create(N, MIC_RATE * tail_ms // 1000, MIC_RATE)
    return lambda near, far: f32(np.frombuffer(aec.process(i16(near).tobytes(), i16(far).tobytes()), dtype=np.int16))


def make_voiceclean() -> Engine:
    from voiceclean.aec import AEC

    aec = AEC(sample_rate=MIC_RATE)
    pending: list[np.ndarray] = []

    def run(near: np.ndarray, far: np.ndarray) -> np.ndarray:
        aec.feed_reference(i16(far).tobytes())
        out = aec.process(i16(near).tobytes())
        pending.append(f32(np.frombuffer(out, dtype=np.int16)))
        return pending.pop(0) if out else np.zeros(0, np.float32)
    return run


def make_aec_audio_processing() -> Engine:
    from aec_audio_processing import AudioProcessor

    ap = AudioProcessor(enable_aec=True)
    ap.set_stream_format(MIC_RATE, 1)
    ap.set_reverse_stream_format(MIC_RATE, 1)

    def run(near: np.ndarray, far: np.ndarray) -> np.ndarray:
        ap.process_reverse_stream(i16(far).tobytes())
        return f32(np.frombuffer(ap.process_stream(i16(near).tobytes()), dtype=np.int16))
    return run


ENGINES: dict[str, tuple[str, Callable[[], Engine]]] = {
    "pywebrtc-audio": ("pywebrtc_audio", make_webrtc_apm),
    "livekit": ("livekit.rtc", make_livekit),
    "speexdsp-aec": ("speexdsp_aec", make_speex),
    "speexdsp": ("speexdsp", make_speexdsp_swig),
    "pyaec": ("pyaec", make_pyaec),
    "voiceclean": ("voiceclean.aec", make_voiceclean),
    "aec-audio-processing": ("aec_audio_processing", make_aec_audio_processing),
}


def run_engine(make: Callable[[], Engine], mic: np.ndarray, far: np.ndarray) -> tuple[np.ndarray, float]:
    engine = make()
    out, cpu = [], 0.0
    for i in range(0, len(mic) - N + 1, N):
        started = time.process_time()
        out.append(engine(mic[i:i + N], far[i:i + N]))
        cpu += time.process_time() - started
    cleaned = np.concatenate(out) if out else np.zeros(0, np.float32)
    cleaned = np.concatenate([cleaned, np.zeros(max(0, len(mic) - len(cleaned)), np.float32)])[: len(mic)]
    return cleaned, cpu / max(1, len(out)) * 1e6


def kept(cleaned: np.ndarray, near: np.ndarray, start: int, end: int, max_lag: int = 640) -> float:
    """Max normalized correlation of the output with the clean user speech, over lags 0..40 ms."""
    ref = near[start:end].astype(np.float64)
    best = 0.0
    for lag in range(0, max_lag + 1, 16):
        seg = cleaned[start + lag:end + lag].astype(np.float64)
        if len(seg) < len(ref):
            break
        den = np.sqrt(np.sum(seg * seg) * np.sum(ref * ref)) + 1e-12
        best = max(best, float(np.dot(seg, ref) / den))
    return best


def vad_runs(audio: np.ndarray, vad: SileroStream) -> tuple[np.ndarray, int]:
    """Silero's speech decision per 32 ms frame, and the longest run of speech frames."""
    vad.reset()
    speech = np.array([vad.probability(f) >= 0.5 for f in frames_of(audio)])
    longest = run = 0
    for s in speech:
        run = run + 1 if s else 0
        longest = max(longest, run)
    return speech, longest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--reach", action="store_true",
                        help="only: pywebrtc-audio's ERLE at echo delays of 300-700 ms (the answer said twice)")
    args = parser.parse_args()
    cfg = load_config()
    store = ModelStore(Path(tempfile.gettempdir()) / "jarvisd-voice-tests" / "data" / "models")
    speech = SpeechSynthesizer(voice_path(cfg, store)).synthesize(FAR_TEXT)
    far = resample(speech.audio, speech.rate, MIC_RATE) * 0.5
    if args.reach:
        twice = np.concatenate([far, far])
        for delay in (300, 400, 500, 600, 700):
            mic = Room(delay_ms=delay).mic(twice)
            cleaned, _ = run_engine(make_webrtc_apm, mic, twice)
            print(f"echo delay {delay} ms unaligned: ERLE {erle_db(mic, cleaned, skip_sec=2.0):.1f} dB")
        return 0
    work = Path(tempfile.mkdtemp(prefix="aec-libs-"))
    user = read_wav(espeak_utterance(NEAR_TEXT, work / "near.wav", 160), MIC_RATE)[0]
    near = np.zeros(len(far), np.float32)
    at = 6 * MIC_RATE
    near[at:at + len(user)] = user[: len(far) - at] * 0.5
    end = at + len(user)
    vad = SileroStream()
    user_frames, _ = vad_runs(near, vad)
    print(f"far end {len(far) / MIC_RATE:.1f} s, user from 6.0 s for {len(user) / MIC_RATE:.1f} s "
          f"({int(user_frames.sum())} speech frames)")
    rooms = " | ".join(f"{r.delay_ms:.0f} ms/{r.rt60}" for r in ROOMS)
    print(f"ERLE (dB) per room (delay/RT60): {rooms}; VAD: longest run of Silero speech frames on the echo "
          "alone (any room; 7 = a barge-in); user frames heard: share of the user's speech frames Silero "
          "still calls speech under double talk (room 2)")
    header = "| engine | " + " | ".join(f"ERLE {r.delay_ms:.0f} ms / RT60 {r.rt60}" for r in ROOMS) + \
             " | VAD run on echo | user frames heard | near-end kept | CPU per 10 ms (µs) |"
    rows = []
    for name in ["off", *args.engines.split(",")]:
        module, make = ENGINES.get(name, ("numpy", lambda: (lambda near, far: near)))
        try:
            importlib.import_module(module)
        except Exception as exc:  # not installed, or its native library missing
            rows.append(f"| {name} | not importable: {type(exc).__name__}: {str(exc)[:80]} |")
            print(rows[-1], flush=True)
            continue
        erles, cpus, runs = [], [], []
        for room in ROOMS:
            mic = room.mic(far)
            cleaned, cpu = run_engine(make, mic, far)
            erles.append(erle_db(mic[:at], cleaned[:at], skip_sec=2.0))
            cpus.append(cpu)
            runs.append(vad_runs(cleaned, vad)[1])
        mic = ROOMS[1].mic(far, near)
        cleaned, cpu = run_engine(make, mic, far)
        cpus.append(cpu)
        heard, _ = vad_runs(cleaned, vad)
        n = min(len(heard), len(user_frames))
        share = float((heard[:n] & user_frames[:n]).sum() / max(1, user_frames.sum()))
        rows.append(f"| {name} | " + " | ".join(f"{e:.1f}" for e in erles) +
                    f" | {max(runs)} | {share:.2f} | {kept(cleaned, near, at, end):.2f} | "
                    f"{np.median(cpus):.0f} |")
        print(rows[-1], flush=True)
    print()
    print(header)
    print("|---|" + "---:|" * (len(ROOMS) + 4))
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
