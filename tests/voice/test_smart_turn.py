"""Smart Turn with the real model on real synthesized speech: its scores, the endpointer it drives, and
the pipeline that runs it on a worker thread. The fallback to silence when the model fails."""

from __future__ import annotations

import dataclasses
import logging

import numpy as np
import pytest

from jarvisd.events import EventBus
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from jarvisd.voice.answers import answer_from_chat_model
from jarvisd.voice.audio import FRAME_SAMPLES, FRAME_SEC, MIC_RATE, resample, write_wav
from jarvisd.voice.build import build_pipeline, voice_path
from jarvisd.voice.endpointing import Endpointer, EndpointSettings, SileroStream, Utterance
from jarvisd.voice.events import SpeechEnded
from jarvisd.voice.files import WavFileSink, WavFileSource
from jarvisd.voice.settings import VoiceSettings
from jarvisd.voice.smart_turn import SmartTurnModel, TurnJudge, load_smart_turn
from jarvisd.voice.tts import SpeechSynthesizer
from tests.voice.conftest import EventLog


class Answered:
    """A judgement that has already finished (the model ran synchronously), or failed."""

    def __init__(self, value: float | None = None, error: Exception | None = None) -> None:
        self.value, self.error = value, error

    def done(self) -> bool:
        return True

    def result(self) -> float:
        if self.error is not None:
            raise self.error
        return self.value


def _silence(sec: float) -> np.ndarray:
    return np.zeros(int(sec * MIC_RATE), np.float32)


def _first_turn(audio: np.ndarray, settings: EndpointSettings, model: SmartTurnModel | None = None,
                asked: list[float] | None = None) -> Utterance:
    """The first utterance the endpointer closes, frame by frame as the pipeline runs it (Silero VAD)."""
    vad, ep = SileroStream(), Endpointer(settings)
    judge = None
    if model is not None:
        def submit(pause: np.ndarray) -> Answered:
            p = model.probability(pause)
            if asked is not None:
                asked.append(p)
            return Answered(p)
        judge = TurnJudge(ep, submit)
    for i in range(len(audio) // FRAME_SAMPLES):
        frame = audio[i * FRAME_SAMPLES:(i + 1) * FRAME_SAMPLES]
        if judge is not None:
            judge.before_push()
        result = ep.push(frame, vad.probability(frame), (i + 1) * FRAME_SEC)
        if judge is not None and result is None:
            judge.after_push()
        if isinstance(result, Utterance):
            return result
    raise AssertionError("no turn ended")


# --- the fallback, no model --------------------------------------------------------------------------------

def test_a_failing_model_falls_back_to_silence_with_one_log_line(caplog):
    ep = Endpointer(EndpointSettings(trailing_silence_ms=600, end_of_turn="smart_turn"))
    judge = TurnJudge(ep, lambda audio: Answered(error=RuntimeError("onnxruntime: bad input")))
    assert ep.semantic
    probs = [0.9] * 30 + [0.0] * 40
    ended = []
    with caplog.at_level(logging.WARNING, logger="jarvisd.voice.turn"):
        for _ in range(2):  # two turns: the second never asks the broken model again
            for i, p in enumerate(probs):
                judge.before_push()
                result = ep.push(np.zeros(FRAME_SAMPLES, np.float32), p, (i + 1) * FRAME_SEC)
                if result is None:
                    judge.after_push()
                elif isinstance(result, Utterance):
                    ended.append(result)
    assert [u.end_reason for u in ended] == ["silence", "silence"]
    assert not ep.semantic and judge.failed
    [line] = [r.getMessage() for r in caplog.records]
    assert "Smart Turn model failed (RuntimeError: onnxruntime: bad input)" in line and "600 ms" in line


def test_end_of_turn_silence_in_the_settings_never_attaches_the_judge():
    ep = Endpointer(EndpointSettings(end_of_turn="silence"))
    TurnJudge(ep, lambda audio: Answered(0.99))
    assert not ep.semantic


# --- the real model -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def turn_model(cfg) -> SmartTurnModel:
    store = ModelStore(cfg.paths.models_dir)
    store.prepare("smart-turn")  # the first run takes it out of the pipecat-ai wheel (pip download)
    return load_smart_turn(store)


@pytest.fixture(scope="module")
def piper(cfg, store) -> SpeechSynthesizer:
    return SpeechSynthesizer(voice_path(cfg, store))


def say(piper: SpeechSynthesizer, text: str) -> np.ndarray:
    speech = piper.synthesize(text)
    return resample(speech.audio, speech.rate, MIC_RATE)


@pytest.mark.slow  # Smart Turn and piper
def test_a_finished_sentence_scores_complete_and_a_cut_one_incomplete(turn_model, piper):
    finished = turn_model.probability(np.concatenate([say(piper, "Remind me to call the bank tomorrow."), _silence(0.2)]))
    cut = turn_model.probability(np.concatenate([say(piper, "What is the weather like in"), _silence(0.2)]))
    assert finished >= 0.5 > cut, (finished, cut)


@pytest.mark.slow  # Smart Turn, piper and Silero
def test_the_endpointer_ends_a_finished_sentence_early_and_waits_through_a_mid_sentence_pause(turn_model, piper):
    settings = dataclasses.replace(EndpointSettings(), trailing_silence_ms=600, end_of_turn="smart_turn",
                                   turn_end_silence_ms=200, turn_end_max_silence_ms=1500)
    finished = np.concatenate([_silence(0.5), say(piper, "Remind me to call the bank tomorrow."), _silence(2.5)])
    turn = _first_turn(finished, settings, turn_model)
    assert turn.end_reason == "complete"
    assert turn.ended_at - turn.speech_end_at < 0.6  # silence alone waits 608 ms

    first, rest = say(piper, "What is the weather like in"), say(piper, "Seoul today?")
    paused = np.concatenate([_silence(0.5), first, _silence(0.9), rest, _silence(2.5)])
    rest_starts = (int(0.5 * MIC_RATE) + len(first)) / MIC_RATE + 0.9
    by_silence = _first_turn(paused, dataclasses.replace(settings, end_of_turn="silence"))
    assert by_silence.ended_at < rest_starts  # silence alone cuts the speaker off at the pause
    asked: list[float] = []
    turn = _first_turn(paused, settings, turn_model, asked)
    assert turn.ended_at > rest_starts + 0.5, asked  # one turn with both halves
    assert asked[0] < 0.5 and len(asked) >= 2


@pytest.mark.slow  # Whisper, piper, Smart Turn; in real time
async def test_the_pipeline_runs_the_model_off_the_frame_loop_and_ends_the_turn_on_it(cfg, models, piper, turn_model,
                                                                                     tmp_path):
    audio = np.concatenate([_silence(0.5), say(piper, "What time is it?"), _silence(1.0)])
    wav = write_wav(tmp_path / "question.wav", audio, MIC_RATE)
    bus = EventBus()
    log = EventLog(bus)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always", language="en")
    answer = answer_from_chat_model(ScriptedChatModel([{"text": "It is noon."}]))
    pipeline = build_pipeline(cfg, answer, source=WavFileSource(wav, realtime=True),
                              sink=WavFileSink(tmp_path / "out.wav"), models=models, bus=bus, settings=settings)
    assert pipeline.turn_judge is not None
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    [ended] = log.of(SpeechEnded)
    assert ended.end_reason == "complete", ended
    assert ended.at - ended.speech_end_at < 1.5
