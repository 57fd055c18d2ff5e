"""Echo protection: the assistant must never take its own voice for the user.

Two checks, both cheap:
- acoustic: the microphone signal is compared with what the speaker played in the last seconds
  (`PlayedAudio`); a high normalized cross-correlation at some delay means the mic hears the speaker.
  This catches a speaker routed back into the mic (loopback, laptop speakers) before any STT runs.
- textual: a transcript heard while (or just after) speaking that mostly repeats the words being said
  is the assistant's own voice (`repeats_spoken_text`).
Real rooms smear the echo; for loud speakers next to the mic, run PulseAudio's `module-echo-cancel`
and point `voice.input_device` at its source (see docs/voice.md).
"""

from __future__ import annotations

import collections
import difflib
import logging
import threading
import time

import numpy as np

from jarvisd.voice.audio import FRAME_SAMPLES, resample
from jarvisd.voice.guard import normalize_text

log = logging.getLogger("jarvisd.voice")

ECHO_SCORE = 0.6  # `echo_score` at or above which the mic is hearing the speaker


def echo_correlation(mic: np.ndarray, reference: np.ndarray) -> float:
    """Max normalized cross-correlation of `mic` against every delay within `reference` (same rate).

    1.0 when `mic` is a scaled copy of a stretch of `reference`; near 0 for unrelated sounds.
    """
    n, m = len(mic), len(reference)
    if n == 0 or m < n:
        return 0.0
    mic = mic.astype(np.float64) - mic.mean()
    ref = reference.astype(np.float64)
    mic_norm = np.sqrt(np.sum(mic * mic))
    if mic_norm < 1e-9:
        return 0.0
    size = 1 << int(np.ceil(np.log2(n + m)))
    corr = np.fft.irfft(np.fft.rfft(ref, size) * np.conj(np.fft.rfft(mic, size)), size)[: m - n + 1]
    csum = np.concatenate([[0.0], np.cumsum(ref)])
    csum2 = np.concatenate([[0.0], np.cumsum(ref * ref)])
    win_sum = csum[n:] - csum[:-n]
    win_energy = csum2[n:] - csum2[:-n] - win_sum * win_sum / n
    denom = mic_norm * np.sqrt(np.maximum(win_energy, 1e-12))
    quiet = win_energy < 1e-9 * n
    ncc = np.where(quiet, 0.0, np.abs(corr) / denom)
    return float(np.max(ncc)) if len(ncc) else 0.0


def echo_score(mic: np.ndarray, reference: np.ndarray) -> float:
    """How much `mic` sounds like a delayed copy of `reference`: the larger of the whole window's
    correlation and the energy-weighted correlation of its two halves, each at its own delay.

    The halves survive an output underrun (a gap the reference does not have) inside the window.
    Measured on the PulseAudio loopback: echo scored >= 0.85, unrelated speech <= 0.52 (a single
    160 ms window scored up to 0.80 for unrelated speech, so short windows are not used alone).
    """
    half = len(mic) // 2
    first, second = mic[:half], mic[half:]
    e1, e2 = float(np.sum(first * first)), float(np.sum(second * second))
    split = 0.0
    if e1 + e2 > 1e-12:
        split = (e1 * echo_correlation(first, reference) + e2 * echo_correlation(second, reference)) / (e1 + e2)
    return max(echo_correlation(mic, reference), split)


class PlayedAudio:
    """What the speaker played recently, at the microphone's rate, for the acoustic echo check.

    Written from the output callback (a copy of each block, nothing else), read by the listener.
    """

    def __init__(self, rate: int = 16000, keep_sec: float = 4.0) -> None:
        self.rate = rate
        self.keep_sec = keep_sec
        self._blocks: collections.deque[tuple[float, np.ndarray, int]] = collections.deque()
        self._lock = threading.Lock()
        self.last_played_at = float("-inf")

    def add(self, block: np.ndarray, rate: int, audible: bool = True) -> None:
        """Every output block, silent ones too (`audible=False`), so delays line up across pauses."""
        now = time.monotonic()
        with self._lock:
            self._blocks.append((now, block.copy(), rate))
            if audible:
                self.last_played_at = now
            while self._blocks and self._blocks[0][0] < now - self.keep_sec:
                self._blocks.popleft()

    def recent(self, seconds: float) -> np.ndarray:
        cutoff = time.monotonic() - seconds
        with self._lock:
            blocks = [(b, r) for t, b, r in self._blocks if t >= cutoff]
        if not blocks:
            return np.zeros(0, dtype=np.float32)
        return np.concatenate([resample(b, r, self.rate) for b, r in blocks])

    def played_within(self, seconds: float) -> bool:
        return time.monotonic() - self.last_played_at <= seconds

    def clear(self) -> None:
        with self._lock:
            self._blocks.clear()


def repeats_spoken_text(heard: str, spoken: str, threshold: float = 0.6) -> bool:
    """Does `heard` mostly consist of words the assistant was saying (`spoken`), in order?"""
    heard_words = normalize_text(heard).split()
    spoken_words = normalize_text(spoken).split()
    if not heard_words or not spoken_words:
        return False
    matcher = difflib.SequenceMatcher(None, heard_words, spoken_words, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return matched / len(heard_words) >= threshold


ECHO_WINDOW_SEC = 0.48  # microphone audio compared with the speaker's recent output
ECHO_TAIL_SEC = 1.0  # after playback stops, the room (or a loopback) still carries it this long


def hears_played(mic: np.ndarray, played: np.ndarray, threshold: float) -> bool:
    """Is the microphone window (`mic`) the speaker's own recent output (`played`) coming back? True too
    while playback has only just begun (its onset, not the user)."""
    if len(played) - FRAME_SAMPLES < 2 * FRAME_SAMPLES:   # room for at least one frame of delay
        return True
    # silence before the reference: the mic window may begin before the echo of the first words
    correlation = echo_score(mic, np.concatenate([np.zeros(len(mic), np.float32), played]))
    log.debug("voice: echo score %.2f", correlation)
    return correlation >= threshold
