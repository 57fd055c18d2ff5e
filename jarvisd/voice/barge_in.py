"""When the user talking over an answer stops it: the barge-in rule, one frame at a time.

Two ways in while the answer is audible:

- **clean speech** (always): `clean_frames` frames in a row (`voice.barge_in_ms`, 200 ms) with Silero speech on
  the cleaned audio that the correlation check does not call echo;
- **double talk** (`voice.barge_in_double_talk`, only while the echo canceller runs): `double_talk_frames` frames
  in a row (128 ms) with Silero speech on the *raw* mic, Silero >= `DOUBLE_TALK_CLEAN_PROB` on the cleaned audio,
  and more than `DOUBLE_TALK_KEPT_DB` of the mic's level kept by the canceller. Under double talk AEC3 suppresses
  about half of the user's frames (docs/voice.md, "Barge-in under double talk"), so the clean-speech way waits
  for a later word; the raw mic still hears the user, and what the canceller lets through tells him from the echo
  (on echo alone it takes the level down by ~30 dB once converged, on the user's frames by ~15 dB).
  `converge_gate`: the double-talk way only once the canceller takes the echo down far enough (the lowest quarter
  of the kept levels over the last 3 s of raw-mic speech at `CONVERGED_DB` or below), since before that the echo
  itself passes the kept-level test.
"""

from __future__ import annotations

import collections

import numpy as np

DOUBLE_TALK_FRAMES = 4           # 128 ms of 32 ms frames
DOUBLE_TALK_CLEAN_PROB = 0.2     # Silero on the cleaned audio: the user is partly there
DOUBLE_TALK_KEPT_DB = -12.0      # cleaned level minus raw level: echo alone is taken down further
CONVERGED_DB = -20.0             # the canceller counts as converged when it takes the echo down this far
CONVERGED_WINDOW = 94            # ... judged on the last 3 s of frames with speech on the raw mic
CONVERGED_MIN = 30               # ... once it has heard at least 1 s of them


def kept_db(raw: np.ndarray, clean: np.ndarray) -> float:
    """How much of the mic's level the canceller let through, in dB (0: untouched)."""
    def power(x: np.ndarray) -> float:
        return float(np.mean(np.square(x, dtype=np.float64))) + 1e-12
    return 10.0 * float(np.log10(power(clean) / power(raw)))


class BargeInRule:
    """Fed every frame heard while the answer is audible; `hear` says when to stop it."""

    def __init__(self, clean_frames: int, threshold: float, *, double_talk: bool = False,
                 converge_gate: bool = False, double_talk_frames: int = DOUBLE_TALK_FRAMES,
                 kept_above_db: float = DOUBLE_TALK_KEPT_DB, clean_prob: float = DOUBLE_TALK_CLEAN_PROB) -> None:
        self.clean_frames, self.threshold, self.kept_above_db = clean_frames, threshold, kept_above_db
        self.clean_prob = clean_prob
        self.double_talk, self.converge_gate, self.double_talk_frames = double_talk, converge_gate, double_talk_frames
        self._clean_run = self._double_talk_run = 0
        self._kept: collections.deque[float] = collections.deque(maxlen=CONVERGED_WINDOW)
        self.fired_by = ""  # "clean" or "double_talk": the way the last barge-in came in (for logs and benches)

    def reset(self) -> None:
        """Nothing playing: the runs start again (what was seen of the canceller's convergence stays, as its state does)."""
        self._clean_run = self._double_talk_run = 0

    def converged(self) -> bool:
        return len(self._kept) >= CONVERGED_MIN and float(np.percentile(self._kept, 25)) <= CONVERGED_DB

    def hear(self, prob_clean: float, echo: bool, prob_raw: float | None = None, kept: float | None = None,
             settling: bool = False) -> bool:
        """One frame during the answer; True when the user has now talked over it long enough. `prob_raw` (Silero on
        the raw mic) and `kept` (`kept_db`) are given only while the echo canceller is running; `settling`: it
        (re)started moments ago and lets echo through, so the double-talk way waits (an AEC3 restart under load
        cut an answer with no one talking, docs/voice.md)."""
        speech = prob_clean >= self.threshold and not echo
        self._clean_run = self._clean_run + 1 if speech else 0
        double_talk = False
        if self.double_talk and prob_raw is not None and kept is not None and prob_raw >= self.threshold \
                and not settling:
            if self.converge_gate:
                self._kept.append(kept)
            double_talk = ((not self.converge_gate or self.converged()) and prob_clean >= self.clean_prob
                           and kept > self.kept_above_db)
        self._double_talk_run = self._double_talk_run + 1 if double_talk else 0
        if self._clean_run >= self.clean_frames:
            self.fired_by = "clean"
        elif self._double_talk_run >= self.double_talk_frames:
            self.fired_by = "double_talk"
        else:
            return False
        self.reset()
        return True
