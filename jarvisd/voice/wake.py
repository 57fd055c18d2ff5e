"""The wake word model: openWakeWord's `hey_jarvis`, heard before any transcription.

`HeyJarvisModel` streams 16 kHz audio through the three TFLite files pyopen-wakeword ships
(melspectrogram -> speech embedding every 80 ms -> the hey_jarvis classifier over the last 1.28 s)
and returns a score per 80 ms step. The files are the manifest's `hey-jarvis` entry, sha256-verified.

`WakeListener` decides when to run it: even with XNNPACK the speech embedding is ~2 ms of CPU per
80 ms step, more than Silero's VAD, so the model only runs around speech the Silero VAD
already finds (the pipeline runs Silero for endpointing anyway). When speech starts, up to
`preroll_sec` (1 s) of the audio the model has not heard is fed first, so it has the phrase's onset and
fresh context (its older context is what it heard last; in scripts/bench_wake.py 2 s of pre-roll cost
~40 % more CPU on speech for the same catches once Whisper confirms them: 59 against 61 of 100 on the dev
clips, 56 and 56 held out); `hangover_sec` after the last speech frame it stops again. In silence the wake engine costs nothing beyond the VAD.

It also runs only on the start of each utterance: `window_sec` (2.5 s) from the VAD's onset, then it
rests until a pause of `gap_sec` (the endpointer's trailing silence, 600 ms: where an utterance ends)
starts the next one. The transcript engine asks the same of the user: the wake phrase must open the
utterance (`activation.strip_wake_phrase`: at most two words such as "hey", "ok" before the name).

With `agc` (`voice.wake_agc`, default on) the model hears each utterance level-normalized: the gain
brings the loudest 32 ms speech frame of the utterance so far to -20 dBFS (at most +30 dB), the frames
before the onset included. Gain only: the microphone's audio elsewhere (Whisper, barge-in) is untouched.
In scripts/bench_wake.py it caught more phrases at thresholds 0.1-0.3 for no more fires on other speech
(docs/voice.md).
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
from jarvisd.voice.audio import FRAME_SEC

log = logging.getLogger("jarvisd.voice.wake")

WAKE_MODEL = "hey-jarvis"  # manifest name
ENGINES = ("openwakeword", "transcript")


class WakeScorer(Protocol):
    def scores(self, frame: np.ndarray) -> list[float]:
        """Feed float32 16 kHz samples; the wake word scores of every step they completed."""
        ...


STEP = 1280  # samples per model step (80 ms)
_MEL_WINDOW = 1760  # samples the melspectrogram model sees per step (the step plus 480 before it)
_MELS, _MEL_BANDS = 76, 32  # mel frames per speech embedding (~0.76 s), 8 new ones per step
_EMB = 96


class HeyJarvisModel:
    """openWakeWord's hey_jarvis, streamed as openWakeWord does it: every 80 ms the melspectrogram of the
    last 1760 samples (8 frames, scaled mel/10 + 2), a speech embedding of the last 76 frames, and the
    classifier over the last 16 embeddings. Runs on the TFLite runtime the pyopen-wakeword wheel ships,
    one thread with XNNPACK (`jarvisd.voice.tflite`)."""

    def __init__(self, wakeword: Path, melspectrogram: Path, embedding: Path, xnnpack: bool = True) -> None:
        from jarvisd.voice.tflite import TfLiteModel

        started = time.perf_counter()
        self._mel = TfLiteModel(melspectrogram, (1, _MEL_WINDOW), xnnpack)
        self._embed = TfLiteModel(embedding, (1, _MELS, _MEL_BANDS, 1), xnnpack)
        self._classify = TfLiteModel(wakeword, None, xnnpack)
        self._audio = np.zeros(_MEL_WINDOW, np.float32)  # int16-scaled, as the mel model expects
        self._pending = np.zeros(0, np.float32)
        self._mels = np.zeros((_MELS, _MEL_BANDS), np.float32)
        self._embeddings = np.zeros((self._classify.input_shape[1], _EMB), np.float32)
        self.scores(np.zeros(STEP * (_MELS // 8 + len(self._embeddings)), np.float32))  # fill the context
        log.info("wake: loaded hey_jarvis (openWakeWord) in %.2f s", time.perf_counter() - started)

    @classmethod
    def from_store(cls, store: ModelStore) -> HeyJarvisModel:
        files = store.verify(WAKE_MODEL)
        return cls(files["hey_jarvis.tflite"], files["melspectrogram.tflite"], files["embedding_model.tflite"])

    def scores(self, frame: np.ndarray) -> list[float]:
        pending = np.concatenate([self._pending, np.asarray(frame, np.float32) * 32767.0])
        out: list[float] = []
        while len(pending) >= STEP:
            step, pending = pending[:STEP], pending[STEP:]
            self._audio = np.concatenate([self._audio[STEP:], step])
            mels = self._mel.run(self._audio[None, :]).reshape(-1, _MEL_BANDS) / 10.0 + 2.0
            self._mels = np.concatenate([self._mels[len(mels):], mels])
            embedding = self._embed.run(self._mels[None, :, :, None]).reshape(1, _EMB)
            self._embeddings = np.concatenate([self._embeddings[1:], embedding])
            out.append(float(self._classify.run(self._embeddings[None]).reshape(-1)[0]))
        self._pending = pending
        return out


@dataclass(frozen=True)
class WakeSettings:
    threshold: float = 0.2  # voice.wake_threshold: low, since the second stage confirms each fire
    preroll_sec: float = 1.0  # unheard audio before the VAD's onset fed to the model (context + soft onsets)
    hangover_sec: float = 1.0  # the model keeps running this long after the last speech frame
    refractory_sec: float = 2.0  # one "hey jarvis" fires once
    window_sec: float | None = 2.5  # the model scores this much of each utterance from its onset (None: all)
    gap_sec: float = 0.6  # a pause this long ends an utterance: the next speech opens a new window
    agc: bool = True  # voice.wake_agc: the model hears each utterance with its loudest speech frame at agc_dbfs
    agc_dbfs: float = -20.0
    agc_max_gain_db: float = 30.0


class WakeListener:
    """Feed every microphone frame with the VAD's verdict; `hear` returns the score when the wake word
    fired on this frame, else None. The model runs only around speech, and only on the first
    `window_sec` of each utterance (see the module docstring)."""

    def __init__(self, model: WakeScorer, settings: WakeSettings | None = None) -> None:
        self.model = model
        self.settings = s = settings or WakeSettings()
        # frames the model has not seen (fed first when it runs again: the phrase's onset and its context)
        self._recent: collections.deque[np.ndarray] = collections.deque(maxlen=max(1, round(s.preroll_sec / FRAME_SEC)))
        self._hangover = max(1, round(s.hangover_sec / FRAME_SEC))
        self._refractory = round(s.refractory_sec / FRAME_SEC)
        self._window = None if s.window_sec is None else max(1, round(s.window_sec / FRAME_SEC))
        self._gap = max(1, round(s.gap_sec / FRAME_SEC))
        self._open_for = 0  # frames the model keeps running (speech, then the hangover)
        self._quiet_for = 0  # frames left before it may fire again
        self._silent_run = self._gap  # non-speech frames since the last speech frame
        self._window_left = 0  # frames of the current utterance the model may still score
        self._peak = 0.0  # loudest speech frame RMS of the current utterance (agc)
        self._agc_target = 10 ** (s.agc_dbfs / 20)
        self._agc_max = 10 ** (s.agc_max_gain_db / 20)
        self.frames_scored = 0  # frames the model ran on (the cost), for the bench and the log

    @property
    def running(self) -> bool:
        return self._open_for > 0 and self._window_left != 0

    def hear(self, frame: np.ndarray, speech: bool) -> float | None:
        if self._quiet_for:
            self._quiet_for -= 1
        if speech:
            if self._silent_run >= self._gap:  # an utterance begins: a new window
                self._window_left = -1 if self._window is None else self._window
                self._peak = 0.0
            self._silent_run = 0
            self._open_for = self._hangover
        elif self._open_for:
            self._silent_run += 1
            self._open_for -= 1
        else:
            self._silent_run += 1
            self._recent.append(frame)
            return None
        if self._window_left == 0:  # past the start of this utterance: the model rests
            self._recent.append(frame)
            return None
        if self._window_left > 0:
            self._window_left -= 1
        frames = [*self._recent, frame]  # the model catches up on the audio it has not heard
        self._recent.clear()
        if self.settings.agc and speech:  # only frames the model scores: the rest of an utterance costs nothing
            self._peak = max(self._peak, float(np.sqrt(np.dot(frame, frame) / len(frame))))
        if self.settings.agc and self._peak > 0:
            gain = min(self._agc_max, self._agc_target / self._peak)
            frames = [np.clip(f * gain, -1.0, 1.0) for f in frames]
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


def load_wake_listener(store: ModelStore, threshold: float = 0.2, gap_sec: float = 0.6, agc: bool = True) -> WakeListener:
    """`gap_sec`: the pause that ends an utterance (the endpointer's trailing silence)."""
    return WakeListener(HeyJarvisModel.from_store(store), WakeSettings(threshold=threshold, gap_sec=gap_sec, agc=agc))
