"""The wake word model: openWakeWord's `hey_jarvis`, heard before any transcription.

`HeyJarvisModel` streams 16 kHz audio through the three TFLite files pyopen-wakeword ships
(melspectrogram -> speech embedding every 80 ms -> the hey_jarvis classifier over the last 1.28 s)
and returns a score per 80 ms step. The files are the manifest's `hey-jarvis` entry, sha256-verified.

`WakeListener` decides when to run it: the speech embedding costs ~10 ms of CPU per 80 ms step on
this 2-core machine (about 13% of a core), so the model only runs around speech the Silero VAD
already finds (the pipeline runs Silero for endpointing anyway). When speech starts, the last
`preroll_sec` of audio is fed first, so the model has the phrase's onset and its 1.28 s context;
`hangover_sec` after the last speech frame it stops again. In silence the wake engine costs nothing
beyond the VAD.
"""

from __future__ import annotations

import collections
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from jarvisd.manifest import ModelStore
from jarvisd.voice.audio import FRAME_SEC, to_int16

log = logging.getLogger("jarvisd.voice.wake")

WAKE_MODEL = "hey-jarvis"  # manifest name
ENGINES = ("openwakeword", "transcript")


class WakeScorer(Protocol):
    def scores(self, frame: np.ndarray) -> list[float]:
        """Feed float32 16 kHz samples; the wake word scores of every step they completed."""
        ...


class HeyJarvisModel:
    """openWakeWord's hey_jarvis on pyopen-wakeword's TFLite runtime (no network, no downloads)."""

    def __init__(self, wakeword: Path, melspectrogram: Path, embedding: Path) -> None:
        from pyopen_wakeword.openwakeword import OpenWakeWord, OpenWakeWordFeatures, _find_tensorflowlite_c

        started = time.perf_counter()
        runtime = _find_tensorflowlite_c()
        self._features = OpenWakeWordFeatures(melspectrogram_model=melspectrogram, embedding_model=embedding,
                                              libtensorflowlite_c_path=runtime)
        self._classifier = OpenWakeWord("hey_jarvis", tflite_model=wakeword, libtensorflowlite_c_path=runtime)
        # The features start from 8 s of zeros (about 1 s of CPU to embed): pay it here, not on the first word.
        self.scores(np.zeros(1280, np.float32))
        log.info("wake: loaded hey_jarvis (openWakeWord) in %.2f s", time.perf_counter() - started)

    @classmethod
    def from_store(cls, store: ModelStore) -> HeyJarvisModel:
        files = store.verify(WAKE_MODEL)
        return cls(files["hey_jarvis.tflite"], files["melspectrogram.tflite"], files["embedding_model.tflite"])

    def scores(self, frame: np.ndarray) -> list[float]:
        out: list[float] = []
        for embedding in self._features.process_streaming(to_int16(frame).tobytes()):
            out.extend(self._classifier.process_streaming(embedding))
        return out


@dataclass(frozen=True)
class WakeSettings:
    threshold: float = 0.5
    preroll_sec: float = 2.0  # audio before the VAD's onset fed to the model (context + soft onsets)
    hangover_sec: float = 1.0  # the model keeps running this long after the last speech frame
    refractory_sec: float = 2.0  # one "hey jarvis" fires once


class WakeListener:
    """Feed every microphone frame with the VAD's verdict; `hear` returns the score when the wake word
    fired on this frame, else None. The model runs only around speech (see the module docstring)."""

    def __init__(self, model: WakeScorer, settings: WakeSettings | None = None) -> None:
        self.model = model
        self.settings = s = settings or WakeSettings()
        self._recent: collections.deque[np.ndarray] = collections.deque(maxlen=max(1, round(s.preroll_sec / FRAME_SEC)))
        self._hangover = max(1, round(s.hangover_sec / FRAME_SEC))
        self._refractory = round(s.refractory_sec / FRAME_SEC)
        self._open_for = 0  # frames the model keeps running
        self._quiet_for = 0  # frames left before it may fire again
        self.frames_scored = 0  # frames the model ran on (the cost), for the bench and the log

    @property
    def running(self) -> bool:
        return self._open_for > 0

    def hear(self, frame: np.ndarray, speech: bool) -> float | None:
        if self._quiet_for:
            self._quiet_for -= 1
        if not speech and not self._open_for:
            self._recent.append(frame)
            return None
        frames = [frame]
        if not self._open_for:  # speech begins: the model catches up on the audio before it
            frames = [*self._recent, frame]
            self._recent.clear()
        self._open_for = self._hangover if speech else self._open_for - 1
        fired = None
        for audio in frames:
            score = self._score(audio)
            if score is not None and fired is None:
                fired = score
                self._quiet_for = self._refractory
                log.info("wake: hey_jarvis heard (score %.2f)", score)
        return fired

    def _score(self, frame: np.ndarray) -> float | None:
        self.frames_scored += 1
        best = max(self.model.scores(frame), default=0.0)
        return best if best >= self.settings.threshold and not self._quiet_for else None


def load_wake_listener(store: ModelStore, threshold: float = 0.5) -> WakeListener:
    return WakeListener(HeyJarvisModel.from_store(store), WakeSettings(threshold=threshold))
