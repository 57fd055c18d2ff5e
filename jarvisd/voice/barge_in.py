"""When the user has talked over the answer long enough to stop it (barge-in): a pure rule over mic frames.

Two ways in, whichever comes first:

- **Clean speech**: `clean_frames` frames in a row (`voice.barge_in_ms`, 200 ms) that Silero calls speech on the
  echo-cancelled audio and the correlation check does not call the speaker's own echo. Alone, this waited about a
  second under double talk: WebRTC AEC3 suppresses much of a user who is as loud as the echo, and the first
  word ("Stop,") is the part lost (docs/voice.md, Echo cancellation).
- **Double talk** (only with the canceller running): `DOUBLE_TALK_FRAMES` frames in a row (128 ms) where Silero
  hears speech on the raw mic, gives the cleaned audio at least `DOUBLE_TALK_CLEAN_PROB`, and the canceller let
  more than `DOUBLE_TALK_KEPT_DB` of the mic through. Echo alone is taken down far more than that once AEC3
  has converged, so its raw speech does not pass; the user's voice, which the linear filter cannot predict,
  keeps more of its level. Measured offline on 120 simulated rooms (`scripts/experiments/bargein_offline.py`):
  barge-in p50 about 0.3 s instead of about 1.1-1.2 s, all caught, no self-interruption.
"""

from __future__ import annotations

import numpy as np

DOUBLE_TALK_FRAMES = 4           # 128 ms of 32 ms frames
DOUBLE_TALK_CLEAN_PROB = 0.2     # Silero on the cleaned audio: the user is partly there
DOUBLE_TALK_KEPT_DB = -12.0      # cleaned level minus raw level: echo alone is taken down further


def kept_db(raw: np.ndarray, clean: np.ndarray) -> float:
    """How much of the mic's level the canceller let through, in dB (0: untouched)."""
    def power(x: np.ndarray) -> float:
        return float(np.mean(np.square(x, dtype=np.float64))) + 1e-12
    return 10.0 * float(np.log10(power(clean) / power(raw)))


class BargeInRule:
    def __init__(self, clean_frames: int, threshold: float) -> None:
        self.clean_frames, self.threshold = clean_frames, threshold
        self._clean_run = self._double_talk_run = 0

    def reset(self) -> None:
        self._clean_run = self._double_talk_run = 0

    def hear(self, prob_clean: float, echo: bool, prob_raw: float | None = None, kept: float | None = None) -> bool:
        """One frame heard while the answer plays; True when the user has now talked over it long enough.
        `prob_raw` and `kept` are given only while the echo canceller is running."""
        speech = prob_clean >= self.threshold and not echo
        self._clean_run = self._clean_run + 1 if speech else 0
        double_talk = (prob_raw is not None and kept is not None and prob_raw >= self.threshold
                       and prob_clean >= DOUBLE_TALK_CLEAN_PROB and kept > DOUBLE_TALK_KEPT_DB)
        self._double_talk_run = self._double_talk_run + 1 if double_talk else 0
        if self._clean_run >= self.clean_frames or self._double_talk_run >= DOUBLE_TALK_FRAMES:
            self.reset()
            return True
        return False
