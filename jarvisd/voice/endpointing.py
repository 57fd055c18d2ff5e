"""Endpointing: where an utterance starts and ends, from Silero VAD speech probabilities.

`SileroStream` runs the Silero VAD model that ships inside faster-whisper one 32 ms frame at a time,
carrying the model's recurrent state between frames (faster-whisper's own `get_speech_timestamps`
works on whole files). `Endpointer` is the state machine on top, pure and testable with made-up
probabilities: speech must last `min_speech_ms` to count, an utterance ends when the end-of-turn rule
says so (`jarvisd.voice.turn_end`: after `trailing_silence_ms` of silence, or, with a semantic judge
attached, when the Smart Turn model calls the turn complete), and is cut at `max_utterance_sec`.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field, replace

import numpy as np

from jarvisd.voice.audio import FRAME_SAMPLES, FRAME_SEC
from jarvisd.voice.turn_end import Decision, TurnEndSettings, decide, should_ask

_CONTEXT = 64  # samples of the previous frame Silero v5 sees before each 512-sample window


class SileroStream:
    """Speech probability per 512-sample frame (16 kHz), with state carried across frames.

    faster-whisper >= 1.2 ships Silero v6 as one ONNX session (inputs `input`, `h`, `c`); 1.1 shipped
    v5 as an encoder and a decoder session (`state`). Both are driven here one window at a time.
    """

    def __init__(self) -> None:
        from faster_whisper.vad import get_vad_model

        self._model = get_vad_model()
        self._split = hasattr(self._model, "encoder_session")
        self.reset()

    def reset(self) -> None:
        self._h = np.zeros((1, 1, 128), dtype=np.float32)
        self._c = np.zeros((1, 1, 128), dtype=np.float32)
        self._state = np.zeros((2, 1, 128), dtype=np.float32)
        self._context = np.zeros((1, _CONTEXT), dtype=np.float32)

    def probability(self, frame: np.ndarray) -> float:
        if len(frame) != FRAME_SAMPLES:
            raise ValueError(f"Silero needs frames of {FRAME_SAMPLES} samples (got {len(frame)})")
        window = np.concatenate([self._context, frame.reshape(1, -1).astype(np.float32)], axis=1)
        self._context = window[:, -_CONTEXT:]
        if self._split:
            encoded = self._model.encoder_session.run(None, {"input": window})[0].reshape(1, 128)
            out, self._state = self._model.decoder_session.run(None, {"input": encoded, "state": self._state})
        else:
            out, self._h, self._c = self._model.session.run(None, {"input": window, "h": self._h, "c": self._c})
        return float(np.asarray(out).reshape(-1)[0])


@dataclass(frozen=True)
class EndpointSettings:
    min_speech_ms: int = 250
    trailing_silence_ms: int = 600
    max_utterance_sec: float = 30.0
    threshold: float = 0.5
    pre_roll_ms: int = 320  # audio kept from before speech was detected (onsets are soft)
    tail_ms: int = 160  # silence kept after the last speech frame
    # Semantic end of turn (jarvisd.voice.turn_end); used only while a judge is attached (`Endpointer.semantic`)
    end_of_turn: str = "smart_turn"
    turn_end_silence_ms: int = 200
    turn_end_max_silence_ms: int = 1000
    turn_end_threshold: float = 0.5

    @property
    def negative_threshold(self) -> float:
        return max(self.threshold - 0.15, 0.01)

    @property
    def turn_end(self) -> TurnEndSettings:
        """The end-of-turn rule, its silences in whole frames as the endpointer counts them."""
        trailing = max(1, round(self.trailing_silence_ms / 1000 / FRAME_SEC)) * FRAME_SEC * 1000
        return TurnEndSettings(mode=self.end_of_turn, silence_ms=trailing,
                               ask_after_ms=self.turn_end_silence_ms, max_silence_ms=self.turn_end_max_silence_ms,
                               threshold=self.turn_end_threshold)


@dataclass
class Utterance:
    audio: np.ndarray
    started_at: float  # first speech frame
    speech_end_at: float  # end of the last speech frame: when the user stopped talking
    ended_at: float  # when the endpointer decided (after the trailing silence)
    speech_sec: float
    forced: bool = False
    echo_frames: int = 0  # frames the echo check attributed to the speaker
    frames: int = 0
    speech_frames: int = 0
    woken: bool = False  # the wake word model fired in it (set by the pipeline)
    woken_by: float = float("-inf")  # when that fire was (the pipeline's frame clock)
    end_reason: str = ""  # why it ended: "silence", "complete", "text_complete", "max_silence", "" when forced
    turn_probability: float | None = None  # the end-of-turn model's last answer for its final pause


@dataclass
class _Open:
    started_at: float
    frames: list[np.ndarray] = field(default_factory=list)
    speech_frames: int = 0
    silent_run: int = 0
    last_speech_index: int = 0
    last_speech_at: float = 0.0
    confirmed: bool = False
    echo_frames: int = 0
    serial: int = 0  # which utterance this is (answers for an older one are dropped)
    asked: bool = False  # the end-of-turn model was asked about this pause
    by_silence: bool = False  # this pause ends by silence alone (`end_by_silence`)
    probability: float | None = None  # its answer for this pause
    text_done: bool = False  # this pause's speculative transcript reads as a finished sentence


PauseKey = tuple[int, int]  # (utterance serial, speech frames): one pause of one utterance
SpeechConfirmed = float  # the time speech was confirmed (an utterance has begun)


class Endpointer:
    """Feed (frame, speech probability, time at the frame's end); get boundaries back.

    `push` returns None, a `SpeechConfirmed` time (speech has lasted min_speech_ms: barge-in may act
    on it), or a finished `Utterance`. A burst shorter than min_speech_ms is forgotten.

    With `semantic` set (a Smart Turn judge is attached and working) and `end_of_turn = smart_turn`,
    the turn's end follows `jarvisd.voice.turn_end.decide`: `pause_to_judge` hands out the audio of a
    pause to judge once, `judged` brings the model's answer back. Otherwise silence alone ends it.
    """

    def __init__(self, settings: EndpointSettings | None = None) -> None:
        self.settings = settings or EndpointSettings()
        s = self.settings
        self._min_speech = max(1, round(s.min_speech_ms / 1000 / FRAME_SEC))
        self._trailing = max(1, round(s.trailing_silence_ms / 1000 / FRAME_SEC))
        self._max_frames = max(1, round(s.max_utterance_sec / FRAME_SEC))
        self._tail = round(s.tail_ms / 1000 / FRAME_SEC)
        self._pre_roll: collections.deque[np.ndarray] = collections.deque(
            maxlen=max(1, round(s.pre_roll_ms / 1000 / FRAME_SEC)))
        self._open: _Open | None = None
        self._serial = 0
        self.semantic = False

    @property
    def rule(self) -> TurnEndSettings:
        rule = self.settings.turn_end
        return rule if self.semantic else replace(rule, mode="silence")

    def _rule_for(self, cur: _Open) -> TurnEndSettings:
        rule = self.rule
        return replace(rule, mode="silence") if cur.by_silence else rule

    def end_by_silence(self) -> None:
        """The current pause ends by silence alone, without the model: the pipeline will not transcribe
        this utterance (no wake word), so judging it would be CPU for nothing. Speech resuming undoes it."""
        if self._open is not None and self._open.silent_run:
            self._open.by_silence = True

    @property
    def in_speech(self) -> bool:
        return self._open is not None and self._open.confirmed

    @property
    def open_started_at(self) -> float | None:
        """When the utterance being spoken began (None when none is open)."""
        return self._open.started_at if self._open is not None else None

    @property
    def silence_frames(self) -> int:
        """Frames of silence since the last speech frame of the open utterance (0 when none is open)."""
        return self._open.silent_run if self._open is not None and self._open.confirmed else 0

    def provisional(self) -> tuple[int, np.ndarray] | None:
        """The open utterance as it would close now, keyed by its speech-frame count: if it does close
        without more speech, its audio is exactly this (once the tail is in), so it can be
        transcribed while the trailing silence runs out."""
        cur = self._open
        if cur is None or not cur.confirmed or cur.silent_run < self._tail:
            return None
        return cur.speech_frames, np.concatenate(cur.frames[: cur.last_speech_index + self._tail])

    def opening(self, frames: int) -> np.ndarray | None:
        """The first `frames` frames of the open utterance once it has that many, or, in a pause before that,
        the audio `provisional` would give (its whole speech so far); None before either. The wake word's
        opening check confirms a fire on this before the woken utterance goes on to Whisper and Smart Turn."""
        cur = self._open
        if cur is None or not cur.confirmed:
            return None
        if len(cur.frames) >= frames:
            return np.concatenate(cur.frames[:frames])
        pending = self.provisional()
        return None if pending is None else pending[1]

    def pause_to_judge(self) -> tuple[PauseKey, np.ndarray] | None:
        """The utterance so far (silence included), once per pause, when the rule wants the model asked
        now; None otherwise. Marks the pause as asked."""
        cur = self._open
        if cur is None or not cur.confirmed or cur.silent_run == 0:
            return None
        if not should_ask(cur.silent_run * FRAME_SEC * 1000, cur.asked, self._rule_for(cur)):
            return None
        cur.asked = True
        return (cur.serial, cur.speech_frames), np.concatenate(cur.frames)

    def judged(self, key: PauseKey, probability: float) -> bool:
        """The model's answer for the pause `key`; False (ignored) when that pause is over."""
        cur = self._open
        if cur is None or cur.silent_run == 0 or (cur.serial, cur.speech_frames) != key:
            return False
        cur.probability = probability
        return True

    def text_judged(self, speech_frames: int, complete: bool) -> bool:
        """The speculative transcript of the pause after `speech_frames` frames of speech reads as a
        finished sentence (`turn_end.text_complete`); False (ignored) when that pause is over."""
        cur = self._open
        if cur is None or cur.silent_run == 0 or cur.speech_frames != speech_frames:
            return False
        cur.text_done = complete
        return True

    def reset(self) -> None:
        self._open = None
        self._pre_roll.clear()

    def push(self, frame: np.ndarray, prob: float, at: float, echo: bool = False) -> SpeechConfirmed | Utterance | None:
        s = self.settings
        cur = self._open
        if cur is None:
            if prob >= s.threshold:
                self._serial += 1
                cur = self._open = _Open(started_at=at - FRAME_SEC, frames=list(self._pre_roll), serial=self._serial)
                self._pre_roll.clear()
            else:
                self._pre_roll.append(frame)
                return None
        cur.frames.append(frame)
        if echo:
            cur.echo_frames += 1
        if prob >= s.threshold or (prob >= s.negative_threshold and cur.silent_run == 0):
            cur.speech_frames += 1
            cur.silent_run = 0
            cur.asked, cur.probability, cur.by_silence = False, None, False  # a new pause, judged afresh
            cur.text_done = False
            cur.last_speech_index = len(cur.frames)
            cur.last_speech_at = at
        else:
            cur.silent_run += 1
        if not cur.confirmed:
            if cur.speech_frames >= self._min_speech:
                cur.confirmed = True
                return at
            if cur.silent_run >= self._trailing:
                self._forget(cur)
            return None
        if cur.silent_run and (decision := self._decide(cur)).end:
            return self._close(cur, at, forced=False, reason=decision.reason)
        if len(cur.frames) >= self._max_frames:
            return self._close(cur, at, forced=True)
        return None

    def finish(self, at: float) -> Utterance | None:
        """Close what is open now (the source ended, or push-to-talk was released)."""
        cur = self._open
        if cur is None or not cur.confirmed:
            self.reset()
            return None
        return self._close(cur, at, forced=True)

    def _decide(self, cur: _Open) -> Decision:
        return decide(cur.silent_run * FRAME_SEC * 1000, cur.probability, self._rule_for(cur), cur.text_done)

    def _forget(self, cur: _Open) -> None:
        self._open = None
        self._pre_roll.extend(cur.frames[-self._pre_roll.maxlen:] if self._pre_roll.maxlen else [])

    def _close(self, cur: _Open, at: float, forced: bool, reason: str = "") -> Utterance:
        self._open = None
        keep = cur.frames[: min(len(cur.frames), cur.last_speech_index + self._tail)]
        speech_end = cur.last_speech_at if not forced else at
        return Utterance(audio=np.concatenate(keep), started_at=cur.started_at, speech_end_at=speech_end,
                         ended_at=at, speech_sec=cur.speech_frames * FRAME_SEC, forced=forced,
                         echo_frames=cur.echo_frames, frames=len(cur.frames), speech_frames=cur.speech_frames,
                         end_reason=reason, turn_probability=cur.probability)
