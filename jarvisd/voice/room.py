"""A simulated room between the speaker and the microphone, for the echo tests and benchmarks.

What a microphone a metre from a loudspeaker hears of it: the played signal delayed (device buffers
plus the air), convolved with the room's impulse response (the direct sound, then reflections that
die away exponentially: RT60 is the time they take to fall by 60 dB), attenuated, plus the room's
noise. Synthetic and seeded, so every run hears the same room; no measured rooms are shipped.
"""

from __future__ import annotations

from dataclasses import dataclass

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
