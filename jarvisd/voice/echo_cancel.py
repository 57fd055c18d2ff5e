"""Acoustic echo cancellation in process: the microphone cleaned of what the speaker plays, before
Silero VAD, the wake word, barge-in and Whisper see it.

```
SpeakerSink callback ──copy──► FarEnd (device rate, one sample clock) ──read at 16 kHz──┐
MicrophoneSource ─► frame ─► EchoCanceller.clean(frame, at) ◄──────────── reference ─────┘
                                  │  WebRTC AEC3 (pywebrtc-audio), 10 ms blocks
                                  ▼  cleaned frame (10 ms later)
```
The reference is what the output callback wrote, sample for sample. It is mapped onto the mic's
timeline once by the two callbacks' clocks (the reference leads: its echo reaches the mic after the
output and input buffers and the room) and then advanced by sample counts on both sides, so callback
jitter never shakes it; it is re-anchored when the counts and the clocks drift 150 ms apart on a
~15 s average (two sound cards' clocks, samples lost under load) or the output stream restarts. AEC3 finds the remaining delay itself, up to ~500 ms measured
(`scripts/measure_aec_libs.py`); `DelayTracker` measures the echo's delay by correlation and shifts
the reference when it is longer than that. While the speaker has been silent for `IDLE_SEC` the
frames pass untouched (no CPU, no filtering of ordinary speech).
"""

from __future__ import annotations

import importlib.util
import logging
import threading
import time

import numpy as np

from jarvisd.voice.audio import FRAME_SAMPLES, MIC_RATE

log = logging.getLogger("jarvisd.voice")

ENGINES = ("webrtc",)  # pywebrtc-audio: WebRTC's AEC3 (Apache-2.0)
MODES = ("auto", "off", *ENGINES)
BLOCK = MIC_RATE // 100  # AEC3 works on 10 ms blocks
IDLE_SEC = 2.0  # after this long without audible output the canceller steps aside
# Counts and clocks further apart than this (averaged over ~15 s) are mapped again. Smaller drifts (a
# mic that lost samples under load) are left to AEC3's delay estimator: the reference leads its echo by
# ~200-350 ms here and AEC3 follows anything within 0-500 ms, while each re-mapping cost it its
# convergence (11 re-mappings at 40 ms in a 50-answer bench at load 7).
REANCHOR_SEC = 0.15
# The reference read from beyond what the output callback has written, this many frames in a row (0.5 s: longer
# than PulseAudio's bursts), means the counts parted for good: the output stream lost time (an underflow of 150 ms
# left the mic's count 57 ms ahead of the far end's, and every later frame read zeros: 0-5 dB of ERLE for the
# rest of the run, scripts/experiments/echo_live_erle.py --stall). The pair is then mapped again by the clocks.
AHEAD_FRAMES = 16
# a fresh AEC3 converges in about a second of playback; half a second more before its output is trusted to tell the
# user from the echo (the double-talk barge-in, voice/barge_in.py)
SETTLE_FRAMES = 47  # 1.5 s of 32 ms frames


class FarEnd:
    """What the speaker plays, as one stream with a sample clock (a ring of `keep_sec`).

    Written from the output callback (a copy of every block, silent ones too), read by the listener.
    """

    def __init__(self, keep_sec: float = 3.0) -> None:
        self.keep_sec = keep_sec
        self._lock = threading.Lock()
        self._ring = np.zeros(0, np.float32)
        self.rate = 0
        self.written = 0  # samples written since the stream (re)started
        self.written_at = 0.0  # time.time() of the last write, at its last sample
        self.last_audible_at = float("-inf")
        self.generation = 0  # bumped when the output stream restarts (a new rate, a gap)
        self.block = 0  # samples in the last block written
        self.underflows = 0  # output underflows the writer reported (for benches and logs): each may move the echo

    def write(self, block: np.ndarray, rate: int, at: float | None = None, underflow: bool = False) -> None:
        """`underflow`: the device ran dry before this block (PortAudio's status), so what was counted and
        what was played may have parted."""
        at = time.time() if at is None else at
        if rate <= 0 or len(block) == 0:
            return
        with self._lock:
            self.underflows += bool(underflow)
            gap = self.written and at - self.written_at > 0.5 + len(block) / max(rate, 1)
            if rate != self.rate or gap:
                self.rate, self.written, self.generation = rate, 0, self.generation + 1
                self._ring = np.zeros(int(self.keep_sec * rate), np.float32)
            n = min(len(block), len(self._ring))
            idx = (self.written + np.arange(len(block) - n, len(block))) % len(self._ring)
            self._ring[idx] = block[-n:]
            self.written += len(block)
            self.written_at = at
            self.block = len(block)
            if np.any(np.abs(block) > 1e-4):
                self.last_audible_at = at

    def position_at(self, at: float) -> float:
        """The last sample index surely written by time.time() `at` (by the callbacks' clock): one
        block and 5 ms of callback jitter behind the extrapolated write position. What the mic hears
        lags what was written by the output and input latencies (PulseAudio: ~46 ms output alone), so
        the reference still leads its echo."""
        with self._lock:
            return self.written + (at - self.written_at - 0.005) * self.rate - self.block

    def read(self, start: float, n: int, step: float) -> np.ndarray:
        """`n` samples from index `start`, `step` device samples apart (linear interpolation, as
        `audio.resample`); zeros for what is not written yet or no longer kept."""
        with self._lock:
            size, end, ring = len(self._ring), self.written, self._ring
            pos = start + np.arange(n) * step
            ok = (pos >= max(0, end - size + 1)) & (pos < end - 1)
            out = np.zeros(n, np.float32)
            if size and ok.any():
                lo = np.floor(pos[ok]).astype(np.int64)
                frac = (pos[ok] - lo).astype(np.float32)
                out[ok] = ring[lo % size] * (1 - frac) + ring[(lo + 1) % size] * frac
            return out

    def audible_within(self, seconds: float, now: float | None = None) -> bool:
        return (time.time() if now is None else now) - self.last_audible_at <= seconds


class DelayTracker:
    """The echo's delay behind the reference as fed, by cross-correlation (PHAT-weighted for a sharp
    peak) over the last `window_sec`, every `every_sec` while the speaker played through most of it.
    A delay counts when two estimates in a row agree within 10 ms with a normalized correlation of at
    least `min_score`: the user talking, or a far end too short to correlate, gives scattered lags."""

    def __init__(self, max_sec: float = 1.0, window_sec: float = 3.0, every_sec: float = 1.0,
                 min_score: float = 0.4) -> None:
        self.max_lag = int(max_sec * MIC_RATE)
        self.size = int(window_sec * MIC_RATE)
        self.every = int(every_sec * MIC_RATE)
        self.min_score = min_score
        self.clear()

    def clear(self) -> None:
        self._mic: list[np.ndarray] = []
        self._ref: list[np.ndarray] = []
        self._count = 0
        self._last: int | None = None
        self.delay_sec: float | None = None
        self.score = 0.0

    def push(self, mic: np.ndarray, ref: np.ndarray) -> None:
        self._mic.append(mic)
        self._ref.append(ref)
        self._count += len(mic)
        held = sum(len(m) for m in self._mic)
        while held - len(self._mic[0]) >= self.size + self.max_lag:
            held -= len(self._mic.pop(0))
            self._ref.pop(0)
        if self._count >= self.every:
            self._count = 0
            self._estimate()

    def _estimate(self) -> None:
        mic, ref = np.concatenate(self._mic).astype(np.float64), np.concatenate(self._ref).astype(np.float64)
        if len(mic) < self.size or np.mean(np.abs(ref) > 1e-3) < 0.5:
            return  # the speaker was silent through much of the window
        size = 1 << int(np.ceil(np.log2(2 * len(mic))))
        cross = np.fft.rfft(mic - mic.mean(), size) * np.conj(np.fft.rfft(ref - ref.mean(), size))
        corr = np.fft.irfft(cross / (np.abs(cross) + 1e-9), size)[: self.max_lag]
        lag = int(np.argmax(corr))
        a, b = mic[lag:], ref[: len(mic) - lag]
        score = float(np.dot(a, b) / (np.sqrt(np.dot(a, a) * np.dot(b, b)) + 1e-12))
        if score < self.min_score:
            self._last = None
            return
        if self._last is not None and abs(lag - self._last) <= MIC_RATE // 100:
            self.delay_sec, self.score = lag / MIC_RATE, score
        self._last = lag


def _webrtc_apm() -> object:
    from pywebrtc_audio import EchoCanceller as Aec3

    return Aec3(sample_rate=MIC_RATE)


class EchoCanceller:
    """Cleans each 512-sample mic frame with the far end; output lags the input by 10 ms (AEC3's
    block is 160 samples, a frame 512)."""

    AEC3_REACH_SEC = 0.4  # a longer echo delay is taken out of the reference before AEC3 sees it

    def __init__(self, far_end: FarEnd, engine: str = "webrtc") -> None:
        if engine not in ENGINES:
            raise ValueError(f"echo canceller must be one of {', '.join(ENGINES)} (got {engine!r})")
        self.far_end = far_end
        self.engine = engine
        self._aec = _webrtc_apm()
        self.delay = DelayTracker()
        self._pending = np.zeros(0, np.float32)
        self._pending_ref = np.zeros(0, np.float32)
        self._out = np.zeros(BLOCK, np.float32)
        self._mic_count = 0  # mic samples seen
        self._anchor: tuple[int, float, int] | None = None  # (mic index, far-end index, generation)
        self._drift = 0.0  # smoothed (by count - by clock), in far-end samples
        self._shift = 0.0  # seconds taken out of the reference (long echo paths)
        self.active = False
        self.frames_cleaned = 0
        self.reanchors = 0  # times the reference was mapped again by the clocks (for benches and logs)
        self.restarts = 0  # times AEC3 started afresh because the echo path moved (for benches and logs)
        self.since_start = 0  # frames cleaned since AEC3 (re)started: it lets echo through for about a second
        self._ahead = 0  # frames in a row whose reference was not all written yet

    def _reference(self, n: int, at: float) -> np.ndarray:
        """The far-end samples that pair with the mic's next `n` samples, whose last arrived at `at`."""
        far = self.far_end
        step = far.rate / MIC_RATE
        first = self._mic_count
        by_clock = far.position_at(at) - n * step  # where the callbacks' clocks put the first sample
        if self._anchor is None or self._anchor[2] != far.generation:
            self._anchor, self._drift = (first, by_clock, far.generation), 0.0
        mic0, far0, _ = self._anchor
        by_count = far0 + (first - mic0) * step
        # ~15 s: PulseAudio delivers in bursts (mic frames 0-200 ms apart here), so one frame's clock is
        # off by tens of ms; two sound cards' real drift is ~0.1 ms/s and only shows over that long
        self._drift += 0.002 * ((by_count - by_clock) - self._drift)
        if abs(self._drift) > REANCHOR_SEC * far.rate:
            self._anchor, self._drift, by_count = (first, by_clock, far.generation), 0.0, by_clock
            self.reanchors += 1
        self._ahead = self._ahead + 1 if self.active and by_count + n * step > far.written else 0
        if self._ahead >= AHEAD_FRAMES:
            self._anchor, self._drift, by_count, self._ahead = (first, by_clock, far.generation), 0.0, by_clock, 0
            self.reanchors += 1
            self.restart("the reference ran ahead of what was played")
        return far.read(by_count - self._shift * far.rate, n, step)

    def restart(self, why: str) -> None:
        """AEC3 afresh, and the delay measured anew: what it learnt was learnt on a reference of zeros, and the
        new mapping may have moved the echo closer, which a converged AEC3 follows badly (offline, an echo 35-57 ms
        earlier than in the answer before kept 5-6 dB for the whole answer; a fresh AEC3 converges in ~1 s)."""
        log.info("voice: %s: echo cancellation starts afresh", why)
        self._aec.reset()  # type: ignore[attr-defined]
        self.delay.clear()
        self.restarts += 1
        self.since_start = 0

    @property
    def settling(self) -> bool:
        """AEC3 started (or started afresh) less than `SETTLE_FRAMES` frames of playback ago: it has not
        converged, and what it lets through may be echo (docs/voice.md, "Barge-in through double talk")."""
        return self.since_start < SETTLE_FRAMES

    def clean(self, frame: np.ndarray, at: float | None = None) -> np.ndarray:
        at = time.time() if at is None else at
        n = len(frame)
        self.active = self.far_end.rate > 0 and self.far_end.audible_within(IDLE_SEC, at)
        ref = self._reference(n, at) if self.far_end.rate else np.zeros(n, np.float32)
        self._mic_count += n
        self._pending = np.concatenate([self._pending, frame.astype(np.float32)])
        self._pending_ref = np.concatenate([self._pending_ref, ref])
        whole = len(self._pending) // BLOCK * BLOCK
        mic, self._pending = self._pending[:whole], self._pending[whole:]
        far, self._pending_ref = self._pending_ref[:whole], self._pending_ref[whole:]
        if self.active:
            self.delay.push(mic, far)
            self._follow_delay()
            mic = self._aec.process(mic, far)  # type: ignore[attr-defined]
            self.frames_cleaned += 1
            self.since_start += 1
        self._out = np.concatenate([self._out, mic])
        out, self._out = self._out[:n], self._out[n:]
        return out

    def _follow_delay(self) -> None:
        """Shift the reference when the measured echo delay is beyond AEC3's reach."""
        delay = self.delay.delay_sec
        if delay is None:
            return
        total = delay + self._shift
        if total > self.delay.max_lag / MIC_RATE:
            return  # beyond anything a sound card and a room do: a false peak
        wanted = max(0.0, total - 0.1) if total > self.AEC3_REACH_SEC else self._shift
        if abs(wanted - self._shift) > 0.05:
            log.info("voice: echo delay %.0f ms: the reference is shifted by %.0f ms", total * 1000, wanted * 1000)
            self._shift = wanted
            self.delay.clear()  # what it holds was paired under the old shift


def available(engine: str) -> bool:
    return engine == "webrtc" and importlib.util.find_spec("pywebrtc_audio") is not None


def choose_engine(mode: str) -> tuple[str | None, str]:
    """`voice.echo_cancel` -> (the engine, why) or (None, why not)."""
    if mode not in MODES:
        raise ValueError(f"voice.echo_cancel must be one of {', '.join(MODES)} (got {mode!r})")
    if mode == "off":
        return None, "voice.echo_cancel = off"
    engine = ENGINES[0] if mode == "auto" else mode
    if not available(engine):
        return None, f"{engine} is not installed (pip install pywebrtc-audio)"
    return engine, f"voice.echo_cancel = {mode}"


def make_canceller(mode: str, far_end: FarEnd | None) -> EchoCanceller | None:
    """The canceller `voice.echo_cancel` asks for, on `far_end` (None: a sink without one, such as a
    WAV file); None, said in the log, when it is off or cannot be had."""
    if far_end is None:
        return None
    engine, why = choose_engine(mode)
    if engine is None:
        (log.warning if mode not in ("off", "auto") else log.info)("voice: no echo cancellation (%s)", why)
        return None
    log.info("voice: echo cancellation by %s (%s)", engine, why)
    return EchoCanceller(far_end, engine)


__all__ = ["FRAME_SAMPLES", "EchoCanceller", "FarEnd", "choose_engine", "make_canceller"]
