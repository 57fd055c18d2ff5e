"""A simulated room between the speaker and the microphone, for the echo tests and benchmarks.

What a microphone a metre from a loudspeaker hears of it: the played signal delayed (device buffers
plus the air), convolved with the room's impulse response (the direct sound, then reflections that
die away exponentially: RT60 is the time they take to fall by 60 dB), attenuated, plus the room's
noise. Synthetic and seeded, so every run hears the same room; no measured rooms are shipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from jarvisd.voice.audio import MIC_RATE


def room_impulse_response(rt60: float, rate: int = MIC_RATE, direct_to_reverb_db: float = 3.0,
                          seed: int = 0) -> np.ndarray:
    """A unit direct path followed by an exponentially decaying noise tail lasting `rt60` seconds.

    The tail starts 2.5 ms after the direct sound (the first reflection) and its energy is
    `direct_to_reverb_db` below the direct path's, as at about a metre in a living room.
    """
    rng = np.random.default_rng(seed)
    n = max(1, int(rt60 * rate))
    t = np.arange(n) / rate
    tail = rng.standard_normal(n) * np.exp(-6.908 * t / rt60)  # 60 dB of amplitude over rt60
    tail[: int(0.0025 * rate)] = 0.0
    energy = float(np.sum(tail * tail))
    if energy > 0:
        tail *= np.sqrt(10 ** (-direct_to_reverb_db / 10) / energy)
    tail[0] = 1.0
    return tail.astype(np.float32)


@dataclass(frozen=True)
class Room:
    """The echo path: `delay_ms`, an RT60 of `rt60` s, `gain_db` (negative: quieter at the mic than
    played) and white noise at `noise_dbfs`."""

    delay_ms: float = 60.0
    rt60: float = 0.4
    gain_db: float = -6.0
    noise_dbfs: float = -60.0
    seed: int = 0

    def echo(self, played: np.ndarray, rate: int = MIC_RATE) -> np.ndarray:
        """What the mic hears of `played` (same rate, same length): no noise."""
        rir = room_impulse_response(self.rt60, rate, seed=self.seed)
        wet = _convolve(played.astype(np.float64), rir.astype(np.float64))[: len(played)]
        delay = int(round(self.delay_ms / 1000 * rate))
        out = np.zeros(len(played), np.float64)
        if delay < len(played):
            out[delay:] = wet[: len(played) - delay]
        return (out * 10 ** (self.gain_db / 20)).astype(np.float32)

    def noise(self, n: int) -> np.ndarray:
        rng = np.random.default_rng(self.seed + 1)
        return (rng.standard_normal(n) * 10 ** (self.noise_dbfs / 20)).astype(np.float32)

    def mic(self, played: np.ndarray, near: np.ndarray | None = None, rate: int = MIC_RATE) -> np.ndarray:
        """The microphone signal: the echo of `played`, the user's `near` speech (if any) and noise."""
        out = self.echo(played, rate) + self.noise(len(played))
        if near is not None:
            n = min(len(out), len(near))
            out[:n] += near[:n]
        return np.clip(out, -1.0, 1.0).astype(np.float32)


@dataclass
class HeardFrame:
    """What the listener knows at one mic frame of `replay_answer`."""
    at: float
    raw: np.ndarray
    clean: np.ndarray
    prob_clean: float    # Silero on the cleaned frame
    prob_raw: float      # Silero on the raw frame
    echo: bool           # the correlation check on the raw window (asked only when Silero hears clean speech)
    settling: bool = False  # the canceller (re)started moments ago (`EchoCanceller.settling`)


OUT_BLOCK = 320  # the output callback's block (20 ms)


def replay_answer(far: np.ndarray, near: np.ndarray | None, onset: int, room: Room, lead: float,
                  threshold: float, echo_threshold: float, restarts: Sequence[float] = ()) -> list[HeardFrame]:
    """An answer (`far`, 16 kHz, played from t = 0) heard through `room`, offline and frame by frame as the
    pipeline's listener hears it: the reference written as the output callback would, its echo reaching the
    mic `lead` s later (the device buffers), the user's `near` speech from sample `onset`, each 512-sample
    frame through the daemon's `EchoCanceller`, Silero on the cleaned and the raw frame, the correlation
    check on the raw window. No sound device and no real time: the machine's load cannot move the room.
    `restarts`: times (s) at which AEC3 starts afresh, as an output underflow makes it do in the daemon."""
    from jarvisd.voice.audio import FRAME_SAMPLES, FRAME_SEC
    from jarvisd.voice.echo import ECHO_WINDOW_SEC, hears_played
    from jarvisd.voice.echo_cancel import EchoCanceller, FarEnd
    from jarvisd.voice.endpointing import SileroStream

    n = len(far) + MIC_RATE  # a second after the answer
    delayed = np.zeros(n, np.float32)
    shift = int(lead * MIC_RATE)
    delayed[shift:shift + len(far)] = far[: n - shift]
    user = None
    if near is not None:
        user = np.zeros(n, np.float32)
        m = min(len(near), n - onset)
        user[onset:onset + m] = near[:m]
    mic = room.mic(delayed, user)
    far_end = FarEnd()
    canceller = EchoCanceller(far_end)
    vad_clean, vad_raw = SileroStream(), SileroStream()
    window = max(1, round(ECHO_WINDOW_SEC / FRAME_SEC))
    frames: list[HeardFrame] = []
    written = 0
    pending = sorted(restarts)
    padded = np.concatenate([far, np.zeros(n, np.float32)])
    for start in range(0, n - FRAME_SAMPLES + 1, FRAME_SAMPLES):
        end = start + FRAME_SAMPLES
        at = end / MIC_RATE
        while written < end:  # the output callback writes its blocks as the clock reaches them
            far_end.write(padded[written:written + OUT_BLOCK], MIC_RATE, at=(written + OUT_BLOCK) / MIC_RATE)
            written += OUT_BLOCK
        raw = mic[start:end]
        if pending and at >= pending[0]:
            pending.pop(0)
            canceller.restart("a restart replayed")
        clean = canceller.clean(raw, at)
        prob_clean, prob_raw = vad_clean.probability(clean), vad_raw.probability(raw)
        echo = False
        if prob_clean >= threshold:
            recent = mic[max(0, end - window * FRAME_SAMPLES):end]
            played = far[max(0, written - 4 * MIC_RATE):min(written, len(far))]
            echo = hears_played(recent, played, echo_threshold)
        frames.append(HeardFrame(at, raw, clean, prob_clean, prob_raw, echo, canceller.settling))
    return frames


def _convolve(signal: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    size = 1 << int(np.ceil(np.log2(len(signal) + len(kernel))))
    return np.fft.irfft(np.fft.rfft(signal, size) * np.fft.rfft(kernel, size), size)[: len(signal) + len(kernel) - 1]


def erle_db(mic: np.ndarray, cleaned: np.ndarray, skip_sec: float = 0.0, rate: int = MIC_RATE) -> float:
    """Echo return loss enhancement: how much quieter the canceller's output is than its input, in dB,
    over echo-only audio (skipping the first `skip_sec`, while an adaptive filter converges)."""
    start = int(skip_sec * rate)
    a = np.asarray(mic[start:], np.float64)
    b = np.asarray(cleaned[start: start + len(a)], np.float64)
    return float(10 * np.log10((np.sum(a * a) + 1e-12) / (np.sum(b * b) + 1e-12)))


class LiveRoom:
    """The simulated room on a live PulseAudio (`pulse.NullSinkPulse`): a child process records
    `speaker.monitor`, passes it through `Room` (FFT overlap-add, 20 ms blocks) and plays it into `mic`,
    with the user's speech (`say`) mixed in. Its own PortAudio streams joined by a jitter buffer of
    120-240 ms, so the path's latency stays put (`parec | pacat` grew by seconds
    under load: each underrun re-buffers).
    `said_at` is when the user's first audible sample reaches the mic sink (time.time(), by PortAudio's
    output timestamp)."""

    def __init__(self, env: dict[str, str], room: Room) -> None:
        import subprocess
        import sys
        import threading

        env = {**env, "PULSE_SOURCE": "speaker.monitor", "PULSE_SINK": "mic"}
        self._proc = subprocess.Popen([sys.executable, "-m", "jarvisd.voice.room"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, env=env, text=True, bufsize=1)
        self.said_at: float | None = None
        self.xruns = (0, 0)  # (input blocks dropped, output blocks without input): each shifts the echo 20 ms
        self._saying = False
        self._ready = threading.Event()
        self._reader = threading.Thread(target=self._read, name="live-room", daemon=True)
        self._reader.start()
        self.set_room(room)
        if not self._ready.wait(30):
            raise RuntimeError("the simulated room did not start")

    def _read(self) -> None:
        for line in self._proc.stdout:  # type: ignore[union-attr]
            word, _, rest = line.strip().partition(" ")
            if word == "ready":
                self._ready.set()
            elif word == "said":
                self.said_at = float(rest)
            elif word == "done":
                self._saying = False
            elif word == "xruns":
                self.xruns = tuple(int(x) for x in rest.split())

    def _send(self, line: str) -> None:
        self._proc.stdin.write(line + "\n")  # type: ignore[union-attr]
        self._proc.stdin.flush()  # type: ignore[union-attr]

    def set_room(self, room: Room) -> None:
        self.room = room
        self._send(f"room {room.delay_ms} {room.rt60} {room.gain_db} {room.noise_dbfs} {room.seed}")

    def say(self, wav: str) -> None:
        """Mix the user's speech (a 16 kHz WAV) into the mic from the next block on."""
        self.said_at, self._saying = None, True
        self._send(f"say {wav}")

    @property
    def saying(self) -> bool:
        return self._saying

    def ask_xruns(self) -> None:
        """Ask the child for its counts; `xruns` holds them a moment later."""
        self._send("xruns")

    def stop(self) -> None:
        self._proc.terminate()
        try:
            self._proc.wait(5)
        except Exception:
            self._proc.kill()


def _serve(block: int = 320) -> None:
    """The child process behind `LiveRoom`: a duplex stream from PULSE_SOURCE to PULSE_SINK."""
    import collections
    import sys
    import threading
    import time

    import sounddevice as sd

    from jarvisd.voice.audio import read_wav

    lock = threading.Lock()
    state: dict = {"in": collections.deque(), "dropped": 0, "starved": 0, "primed": False, "near": np.zeros(0, np.float32), "onset": None, "tail": np.zeros(0), "kernel": None,
                   "size": 0, "noise": 0.0, "rng": np.random.default_rng(0)}

    def set_room(delay_ms: float, rt60: float, gain_db: float, noise_dbfs: float, seed: int) -> None:
        kernel = np.concatenate([np.zeros(int(delay_ms / 1000 * MIC_RATE)),
                                 room_impulse_response(rt60, seed=seed)]) * 10 ** (gain_db / 20)
        size = 1 << int(np.ceil(np.log2(len(kernel) + block)))
        with lock:
            tail = np.zeros(size)
            tail[: min(size, len(state["tail"]))] = state["tail"][:size]
            state.update(kernel=np.fft.rfft(kernel, size), size=size, tail=tail, noise=10 ** (noise_dbfs / 20),
                         rng=np.random.default_rng(seed + 2))

    def heard(indata: np.ndarray, frames: int, time_info, status) -> None:  # type: ignore[no-untyped-def]
        with lock:
            state["in"].append(indata[:, 0].copy())
            if len(state["in"]) > 12:  # bounded (240 ms): the two sinks' clocks never build up a delay
                while len(state["in"]) > 6:
                    state["in"].popleft()
                    state["dropped"] += 1

    def play(outdata: np.ndarray, frames: int, time_info, status) -> None:  # type: ignore[no-untyped-def]
        with lock:
            size = state["size"]
            # a jitter buffer: PulseAudio hands blocks over in bursts; start (and restart after running
            # dry) only with 6 blocks (120 ms) in hand, so the echo path's delay stays put
            if state["primed"] and not state["in"]:
                state["primed"], state["starved"] = False, state["starved"] + 1
            if not state["primed"] and len(state["in"]) >= 6:
                state["primed"] = True
            x = state["in"].popleft() if state["primed"] else np.zeros(frames, np.float32)
            if not size or len(x) != frames:
                outdata[:] = 0
                return
            wet = np.fft.irfft(np.fft.rfft(x.astype(np.float64), size) * state["kernel"], size)
            tail = state["tail"]
            tail += wet
            out = tail[:frames].copy()
            state["tail"] = np.concatenate([tail[frames:], np.zeros(frames)])
            out += state["rng"].standard_normal(frames) * state["noise"]
            near = state["near"]
            if len(near):
                n = min(frames, len(near))
                out[:n] += near[:n]
                onset = state["onset"]
                if onset is not None and onset < n:
                    at = time.time() + (time_info.outputBufferDacTime - time_info.currentTime) + onset / MIC_RATE
                    print(f"said {at:.6f}", flush=True)
                    state["onset"] = None
                elif onset is not None:
                    state["onset"] = onset - n
                state["near"] = near[n:]
                if not len(state["near"]):
                    print("done", flush=True)
        outdata[:, 0] = np.clip(out, -1, 1)

    kw = {"samplerate": MIC_RATE, "blocksize": block, "device": "pulse", "channels": 1, "dtype": "float32",
          "latency": "low"}
    with sd.InputStream(callback=heard, **kw), sd.OutputStream(callback=play, **kw):
        print("ready", flush=True)
        for line in sys.stdin:
            word, *rest = line.split()
            if word == "room":
                set_room(*map(float, rest[:4]), int(rest[4]))
            elif word == "xruns":
                print(f"xruns {state['dropped']} {state['starved']}", flush=True)
            elif word == "say":
                audio = read_wav(Path(rest[0]), MIC_RATE)[0] * 0.5
                loud = np.flatnonzero(np.abs(audio) > 1e-3)
                with lock:
                    state.update(near=audio, onset=int(loud[0]) if len(loud) else 0)


if __name__ == "__main__":
    _serve()
