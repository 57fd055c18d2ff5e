"""Smart Turn v3.2: is what the user said so far a complete turn? (pipecat's end-of-turn model)

`SmartTurnModel` runs the ONNX file the `pipecat-ai` wheel ships (a Whisper-tiny encoder with a
classifier head, 23 languages) with onnxruntime on one thread: the last 8 s of 16 kHz audio, zeros
in front when shorter, normalised to zero mean and unit variance, as Whisper log-mel features
(80 x 800, computed with faster-whisper's numpy `FeatureExtractor`), in; the probability that the
turn is complete out. The file is the manifest's `smart-turn` entry, taken out of the wheel by
`jarvisd models prepare` and sha256-verified (docs/voice.md, "Semantic end of turn").

`TurnJudge` decides when it runs: once per pause, when the `Endpointer` hands out a pause to judge
(`voice.turn_end_silence_ms` into it), never on the thread that reads the microphone: `submit`
starts the model elsewhere (the pipeline: `asyncio.to_thread`, where Whisper runs) and the answer
goes back to the endpointer at a later frame. A model that fails is dropped with one log line and
the endpointer falls back to silence alone.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import numpy as np

from jarvisd.manifest import ModelStore
from jarvisd.voice.audio import MIC_RATE
from jarvisd.voice.endpointing import Endpointer, PauseKey

log = logging.getLogger("jarvisd.voice.turn")

SMART_TURN_MODEL = "smart-turn"  # manifest name
WINDOW_SEC = 8  # the model sees the last 8 s
_WINDOW = WINDOW_SEC * MIC_RATE
_NORM_EPS = 1e-7  # as Whisper's feature extractor normalises the waveform


def window(audio: np.ndarray) -> np.ndarray:
    """The last 8 s of `audio`, zeros in front when it is shorter."""
    audio = np.asarray(audio, dtype=np.float32)[-_WINDOW:]
    return np.pad(audio, (_WINDOW - len(audio), 0)) if len(audio) < _WINDOW else audio


class TurnFeatures:
    """Whisper log-mel features of an 8 s window, normalised as Smart Turn was trained."""

    def __init__(self) -> None:
        from faster_whisper.feature_extractor import FeatureExtractor

        self._extract = FeatureExtractor(feature_size=80, sampling_rate=MIC_RATE, chunk_length=WINDOW_SEC)

    def __call__(self, audio: np.ndarray) -> np.ndarray:
        x = window(audio)
        x = (x - x.mean()) / np.sqrt(x.var() + _NORM_EPS)
        return self._extract(x, padding=0).astype(np.float32)  # (80, 800)


class SmartTurnModel:
    def __init__(self, path: Path, threads: int = 1) -> None:
        import onnxruntime as ort

        started = time.perf_counter()
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self._session = ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
        self._input = self._session.get_inputs()[0].name
        self._features = TurnFeatures()
        self.path = path
        self.probability(np.zeros(MIC_RATE, np.float32))  # the first run allocates: not on a user's pause
        log.info("turn: loaded Smart Turn %s in %.2f s", path.name, time.perf_counter() - started)

    def probability(self, audio: np.ndarray) -> float:
        """The probability that `audio` (16 kHz mono, the utterance so far) ends a complete turn."""
        features = self._features(audio)[np.newaxis]
        out = self._session.run(None, {self._input: features})[0]
        return float(np.asarray(out).reshape(-1)[0])


def load_smart_turn(store: ModelStore, threads: int = 1) -> SmartTurnModel:
    """The manifest's Smart Turn file, sha256-verified (ModelError when missing or altered)."""
    return SmartTurnModel(store.path(SMART_TURN_MODEL), threads)


class Pending(Protocol):
    """A running judgement: an asyncio Task, or the bench's replay of one."""

    def done(self) -> bool: ...

    def result(self) -> float: ...


Submit = Callable[[np.ndarray], Pending]


class TurnJudge:
    """Runs the model once per pause for an `Endpointer`: call `before_push` and `after_push` around
    every `Endpointer.push`. At most one judgement runs at a time (the CPU is shared)."""

    def __init__(self, endpointer: Endpointer, submit: Submit) -> None:
        self.endpointer = endpointer
        self.submit = submit
        self._pending: tuple[PauseKey, Pending, float] | None = None
        self.failed = False
        endpointer.semantic = endpointer.settings.end_of_turn == "smart_turn"

    def before_push(self) -> None:
        """Hand a finished answer to the endpointer, so this frame's push can end the turn on it."""
        if self._pending is None or not self._pending[1].done():
            return
        key, pending, asked_at = self._pending
        self._pending = None
        try:
            probability = pending.result()
        except Exception as exc:
            self.fail(exc)
            return
        used = self.endpointer.judged(key, probability)
        log.debug("turn: Smart Turn says %.2f for pause %s after %.0f ms (%s)", probability, key,
                  (time.perf_counter() - asked_at) * 1000, "used" if used else "too late: the pause is over")

    def after_push(self) -> None:
        """Start judging the current pause when the rule asks for it."""
        if self._pending is not None or not self.endpointer.semantic:
            return
        if (ask := self.endpointer.pause_to_judge()) is not None:
            key, audio = ask
            try:
                self._pending = (key, self.submit(audio), time.perf_counter())
            except Exception as exc:
                self.fail(exc)

    def fail(self, exc: BaseException) -> None:
        if not self.failed:
            log.warning("voice: the Smart Turn model failed (%s: %s): turns now end by silence alone (%d ms)",
                        type(exc).__name__, exc, self.endpointer.settings.trailing_silence_ms)
        self.failed = True
        self._pending = None
        self.endpointer.semantic = False
