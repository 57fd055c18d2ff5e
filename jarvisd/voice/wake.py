"""The wake word model: openWakeWord's `hey_jarvis`, heard before any transcription.

`HeyJarvisModel` streams 16 kHz audio through the three TFLite files pyopen-wakeword ships
(melspectrogram -> speech embedding every 80 ms -> the hey_jarvis classifier over the last 1.28 s)
and returns a score per 80 ms step. The files are the manifest's `hey-jarvis` entry, sha256-verified.

`WakeListener` decides when to run it: even with XNNPACK the speech embedding is ~2 ms of CPU per
80 ms step, more than Silero's VAD, so the model only runs around speech the Silero VAD
already finds (the pipeline runs Silero for endpointing anyway). When an utterance starts, the model
forgets what it heard of the last one (`fresh_context`: back to its context of silence) and is fed up
to `preroll_sec` (0.5 s) of the audio before the VAD's onset, the phrase's soft start; `hangover_sec`
after the last speech frame it stops again. In silence the wake engine costs nothing beyond the VAD.
Only the pre-roll's last `preroll_embed_sec` (0.32 s) is scored step by step; the older part goes through
the melspectrogram alone (`HeyJarvisModel.prime`), so the first embeddings still see it: the pre-roll was
28 % of the model's steps on other speech (15 utterances a minute, each ~0.5 s of pre-roll and the 1.2 s probe).
(Before 2026-12-06 the context was the last utterance's, washed out by 1 s of pre-roll: 40 % more model
steps on speech, and 2 fewer phrases caught of 100 on the bench's dev clips.)

It also runs only on the start of each utterance: `window_sec` (2.5 s) from the VAD's onset, then it
rests until a pause of `gap_sec` (the endpointer's trailing silence, 600 ms: where an utterance ends)
starts the next one. The transcript engine asks the same of the user: the wake phrase must open the
utterance (`activation.strip_wake_phrase`: at most two words such as "hey", "ok" before the name).
And when its best score over the first `probe_sec` (1.2 s, `voice.wake_probe_sec`) stays below
`probe_floor` (0.005), it rests for the rest of the utterance: on the bench every wake clip the model
scored 0.02 or more had passed 0.025 by then, and most other speech stays near 0.

Fast speech: the model misses espeak-ng voices at 200 words/min that it hears slowed down. An
utterance whose best score ended in [`slow_floor`, threshold) (0.01-0.2) is scored once more, slowed to
0.8x and 0.7x (`voice.wake_slow`) by `slowed` (WSOLA: the pitch stays), from the model's context at its
onset, and fires at 0.4 (`slow_threshold`), when the model is done with it: its window closed, or a pause is one frame short of ending it
(so the fire wakes the utterance before the endpointer hands it on). ~14 near misses per hour of
other speech, ~0.1 s of CPU each.

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
        self._silent = self.state()  # the context of silence (see `forget`)
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

    def prime(self, frame: np.ndarray) -> None:
        """Feed audio through the melspectrogram only: its mel frames join the context the next steps'
        embeddings see, but no embedding is computed (the cost of a step) and no score. The listener's
        pre-roll beyond `WakeSettings.preroll_embed_sec`: with a fresh context the embeddings those steps
        would add are of the silence context and quiet pre-onset audio."""
        pending = np.concatenate([self._pending, np.asarray(frame, np.float32) * 32767.0])
        while len(pending) >= STEP:
            step, pending = pending[:STEP], pending[STEP:]
            self._audio = np.concatenate([self._audio[STEP:], step])
            mels = self._mel.run(self._audio[None, :]).reshape(-1, _MEL_BANDS) / 10.0 + 2.0
            self._mels = np.concatenate([self._mels[len(mels):], mels])
        self._pending = pending

    def state(self) -> tuple[np.ndarray, ...]:
        """The streaming context (audio, mel frames, embeddings): `restore` it to score other audio
        from the same point (the listener's slowed copy of an utterance) and then carry on as before."""
        return self._audio, self._pending, self._mels, self._embeddings

    def forget(self) -> None:
        """Back to the context it starts with (2.1 s of silence heard)."""
        self.restore(self._silent)

    def restore(self, state: tuple[np.ndarray, ...]) -> None:
        self._audio, self._pending, self._mels, self._embeddings = state  # never written in place: no copy


def slowed(audio: np.ndarray, speed: float, frame: int = 512, tolerance: int = 160) -> np.ndarray:
    """`audio` played at `speed` (< 1: slower) without changing its pitch: WSOLA (waveform-similarity
    overlap-add, Verhelst and Roelands 1993). Hann frames of 32 ms laid every 16 ms in the output, each
    taken from near where the speed puts it in the input (within +-10 ms), where it best continues the
    frame before it (cross-correlation), so the pitch periods line up. ~4 ms of CPU for 3.5 s here."""
    x = np.asarray(audio, np.float32)
    hop = frame // 2
    n_out = int(len(x) / speed)
    window = np.hanning(frame + 1)[:frame].astype(np.float32)  # periodic Hann: sums to 1 at 50 % overlap
    padded = np.concatenate([np.zeros(tolerance, np.float32), x, np.zeros(frame + 2 * tolerance + hop, np.float32)])
    out = np.zeros(n_out + frame, np.float32)
    prev = 0
    for k in range(n_out // hop + 1):
        ideal = round(k * hop * speed)
        pos = 0
        if k:
            natural = padded[tolerance + prev + hop: tolerance + prev + hop + frame]
            around = padded[ideal: ideal + frame + 2 * tolerance]
            pos = max(-tolerance, ideal - tolerance + int(np.argmax(np.correlate(around, natural, "valid"))))
        segment = padded[tolerance + pos: tolerance + pos + frame]
        if len(segment) < frame:
            break
        out[k * hop: k * hop + frame] += segment * window
        prev = pos
    return out[:n_out]


@dataclass(frozen=True)
class WakeSettings:
    threshold: float = 0.2  # voice.wake_threshold: low, since the second stage confirms each fire
    preroll_sec: float = 0.5  # unheard audio before the VAD's onset fed to the model (the soft onset)
    hangover_sec: float = 1.0  # the model keeps running this long after the last speech frame
    refractory_sec: float = 2.0  # one "hey jarvis" fires once
    window_sec: float | None = 2.5  # the model scores this much of each utterance from its onset (None: all)
    gap_sec: float = 0.6  # a pause this long ends an utterance: the next speech opens a new window
    agc: bool = True  # voice.wake_agc: the model hears each utterance with its loudest speech frame at agc_dbfs
    agc_dbfs: float = -20.0
    agc_max_gain_db: float = 30.0
    # voice.wake_probe_sec: when the model's peak over this much of an utterance (from its onset) stays
    # below probe_floor, it rests for the rest of the utterance (the phrase opens an utterance: by 1.2 s
    # every wake clip of the bench that reached 0.02 at all had passed 0.02; other speech mostly stays ~0)
    probe_sec: float | None = 1.2
    probe_floor: float = 0.005
    # voice.wake_slow: an utterance whose peak ended in [slow_floor, threshold) is scored once more, slowed
    # to these speeds (fast speech the model misses at its own pace), before the utterance can end
    slow_speeds: tuple[float, ...] = (0.8, 0.7)
    slow_floor: float = 0.01
    slow_ceiling: float | None = None  # the band's top (None: the threshold); the bench records below 2.0
    # the score a slowed copy must reach (None: the threshold): on the dev set 0.4 caught 1 clip fewer of 100
    # than 0.2 for a third fewer fires on other speech (8 against 12 per hour), each ~2.8 CPU-s of Whisper
    slow_threshold: float | None = 0.4
    # each utterance starts from the model's context of silence, then the pre-roll: the last utterance's
    # context cost ~1 s of pre-roll to wash out and caught fewer phrases than silence (docs/voice.md)
    fresh_context: bool = True
    # of the pre-roll, only the last this much is scored (embedding steps); the older part goes through the
    # melspectrogram alone (`HeyJarvisModel.prime`), so the first embeddings still see it. None: all scored.
    # 0.32 s: 9 % fewer model steps on other speech, the same catches and fires on both bench sets (0.16 s
    # lost 2 dev phrases of the model's 95, 0 lost 3; docs/voice.md)
    preroll_embed_sec: float | None = 0.32


class WakeListener:
    """Feed every microphone frame with the VAD's verdict; `hear` returns the score when the wake word
    fired on this frame, else None. The model runs only around speech, and only on the first
    `window_sec` of each utterance (see the module docstring)."""

    def __init__(self, model: WakeScorer, settings: WakeSettings | None = None) -> None:
        self.model = model
        self.settings = s = settings or WakeSettings()
        # frames the model has not seen (fed first when it runs again: the phrase's onset and its context)
        self._recent: collections.deque[np.ndarray] = collections.deque(maxlen=max(1, round(s.preroll_sec / FRAME_SEC)))
        self._embed_recent = None if s.preroll_embed_sec is None else round(s.preroll_embed_sec / FRAME_SEC)
        self.frames_primed = 0  # pre-roll frames through the melspectrogram only (no model step)
        self._hangover = max(1, round(s.hangover_sec / FRAME_SEC))
        self._refractory = round(s.refractory_sec / FRAME_SEC)
        self._window = None if s.window_sec is None else max(1, round(s.window_sec / FRAME_SEC))
        self._gap = max(1, round(s.gap_sec / FRAME_SEC))
        self._last_chance = max(1, self._gap - 1)  # a pause this long is about to end the utterance
        self._open_for = 0  # frames the model keeps running (speech, then the hangover)
        self._quiet_for = 0  # frames left before it may fire again
        self._silent_run = self._gap  # non-speech frames since the last speech frame
        self._window_left = 0  # frames of the current utterance the model may still score
        self._peak = 0.0  # loudest speech frame RMS of the current utterance (agc)
        self._probe = None if s.probe_sec is None else max(1, round(s.probe_sec / FRAME_SEC))
        self._window_frames = 0  # frames of the current utterance the model scored so far
        self._score_peak = 0.0  # the model's best score over the current utterance
        self._heard: list[np.ndarray] = []  # what the model heard of it (for the slowed copy)
        self._start_state: tuple[np.ndarray, ...] | None = None  # the model's context at its onset
        self._slow_due = False  # the slowed check has not run yet for this utterance
        self.slow_checks = 0  # slowed copies scored (the cost of near misses), for the bench and the log
        # seconds from the utterance's onset to the frame a slowed check fired on (0 for a fire at its own
        # pace): what the model heard began that long ago, so the fire wakes that utterance, not the next
        self.late_by = 0.0
        self._agc_target = 10 ** (s.agc_dbfs / 20)
        self._agc_max = 10 ** (s.agc_max_gain_db / 20)
        self.frames_scored = 0  # frames the model ran on (the cost), for the bench and the log

    @property
    def running(self) -> bool:
        return self._open_for > 0 and self._window_left != 0

    def hear(self, frame: np.ndarray, speech: bool) -> float | None:
        self.late_by = 0.0
        if self._quiet_for:
            self._quiet_for -= 1
        if speech:
            if self._silent_run >= self._gap:  # an utterance begins: a new window
                self._begin_utterance()
            self._silent_run = 0
            self._open_for = self._hangover
        elif self._open_for:
            self._silent_run += 1
            self._open_for -= 1
        else:
            self._silent_run += 1
            self._recent.append(frame)
            return self._slow_check() if self._silent_run == self._last_chance else None
        if self._window_left == 0:  # past the start of this utterance: the model rests
            self._recent.append(frame)
            # a pause about to end the utterance (the endpointer's trailing silence): the last chance
            return self._slow_check() if self._silent_run == self._last_chance else None
        if self._window_left > 0:
            self._window_left -= 1
        frames = [*self._recent, frame]  # the model catches up on the audio it has not heard
        self._recent.clear()
        if self.settings.agc and speech:  # only frames the model scores: the rest of an utterance costs nothing
            self._peak = max(self._peak, float(np.sqrt(np.dot(frame, frame) / len(frame))))
        if self.settings.agc and self._peak > 0:
            gain = min(self._agc_max, self._agc_target / self._peak)
            frames = [np.clip(f * gain, -1.0, 1.0) for f in frames]
        if self._embed_recent is not None and len(frames) - 1 > self._embed_recent and hasattr(self.model, "prime"):
            primed = len(frames) - 1 - self._embed_recent  # the oldest pre-roll frames: mel only
            self.model.prime(np.concatenate(frames[:primed]))
            self.frames_primed += primed
            if self._slow_due:
                self._heard.extend(frames[:primed])
            frames = frames[primed:]
        fired = None
        for audio in frames:
            score = self._score(audio)
            if score is not None and fired is None:
                fired = score
                self._quiet_for = self._refractory
                self._slow_due = False
                log.info("wake: hey_jarvis heard (score %.2f)", score)
        self._window_frames += 1
        if self._probe is not None and self._window_frames == self._probe and self._score_peak < self.settings.probe_floor:
            self._window_left = 0  # nothing like the phrase in its opening: the model rests for this utterance
        if self._window_left == 0 or self._silent_run == self._last_chance:
            return fired if fired is not None else self._slow_check()
        return fired

    def _begin_utterance(self) -> None:
        self._window_left = -1 if self._window is None else self._window
        self._peak = 0.0
        self._window_frames, self._score_peak, self._heard = 0, 0.0, []
        if self.settings.fresh_context and hasattr(self.model, "forget"):
            self.model.forget()
        self._slow_due = bool(self.settings.slow_speeds) and hasattr(self.model, "state")
        self._start_state = self.model.state() if self._slow_due else None

    def _score(self, frame: np.ndarray) -> float | None:
        self.frames_scored += 1
        if self._slow_due:
            self._heard.append(frame)
        best = max(self.model.scores(frame), default=0.0)
        self._score_peak = max(self._score_peak, best)
        return best if best >= self.settings.threshold and not self._quiet_for else None

    def _slow_check(self) -> float | None:
        """Once per utterance, when the model is done with it (its window closed, or a pause is about to end
        it): a near miss (peak in [slow_floor, threshold)) is scored again slowed to each of `slow_speeds`,
        from the model's context at the utterance's onset; the model's context is put back afterwards."""
        s = self.settings
        if not self._slow_due:
            return None
        self._slow_due = False
        ceiling = s.threshold if s.slow_ceiling is None else s.slow_ceiling
        heard, self._heard = self._heard, []
        if not heard or not s.slow_floor <= self._score_peak < ceiling or self._quiet_for or self._start_state is None:
            return None
        self.slow_checks += 1
        audio, now = np.concatenate(heard), self.model.state()
        best = 0.0
        for speed in s.slow_speeds:  # the next speed only when this one did not fire
            self.model.restore(self._start_state)
            best = max(best, *self.model.scores(slowed(audio, speed)), 0.0)
            if best >= (s.threshold if s.slow_threshold is None else s.slow_threshold):
                break
        self.model.restore(now)
        if best < (s.threshold if s.slow_threshold is None else s.slow_threshold):
            return None
        self._quiet_for = self._refractory
        self.late_by = len(heard) * FRAME_SEC
        log.info("wake: hey_jarvis heard slowed (score %.2f; %.2f at its own pace)", best, self._score_peak)
        return best


def load_wake_listener(store: ModelStore, threshold: float = 0.2, gap_sec: float = 0.6, agc: bool = True,
                       probe_sec: float = 1.2, slow_speeds: tuple[float, ...] = (0.8, 0.7)) -> WakeListener:
    """`gap_sec`: the pause that ends an utterance (the endpointer's trailing silence); `probe_sec` 0: off."""
    return WakeListener(HeyJarvisModel.from_store(store), WakeSettings(
        threshold=threshold, gap_sec=gap_sec, agc=agc, probe_sec=probe_sec or None, slow_speeds=slow_speeds))
