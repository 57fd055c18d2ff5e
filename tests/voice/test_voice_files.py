"""The whole pipeline on file edges (WAV in, WAV out) with real models: what becomes a turn and what
does not, activation modes, and the CLI commands."""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from jarvisd.events import EventBus
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.voice.answers import answer_from_chat_model
from jarvisd.voice.audio import MIC_RATE, read_wav, write_wav
from jarvisd.voice.build import build_pipeline
from jarvisd.voice.cli import add_parser
from jarvisd.voice.events import SpeechStarted, Transcript, TurnEnded, TurnStarted, UtteranceDropped
from jarvisd.voice.files import WavFileSink, WavFileSource
from jarvisd.voice.settings import VoiceSettings
from tests.voice.conftest import EventLog, compose, espeak, word_error_rate


def scripted(*answers: str, tokens_per_sec: float = 0.0):
    return answer_from_chat_model(ScriptedChatModel([{"text": a} for a in answers], tokens_per_sec=tokens_per_sec))


async def run_file(cfg, models, wav: Path, answer, activation: str = "always", realtime: bool = False,
                   out: Path | None = None) -> tuple[EventLog, WavFileSink]:
    bus = EventBus()
    log = EventLog(bus)
    # wake mode here is the transcript engine (phrases found by Whisper); test_wake.py has the model's
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation=activation, language="en",
                                   wake_engine="transcript")
    sink = WavFileSink(out, realtime=realtime)
    pipeline = build_pipeline(cfg, answer, source=WavFileSource(wav, realtime=realtime), sink=sink,
                              models=models, bus=bus, settings=settings)
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    return log, sink


@pytest.fixture(scope="module")
def question(speech_dir: Path) -> Path:
    return espeak("What is on my calendar tomorrow morning?", speech_dir / "question.wav")


@pytest.mark.slow  # Whisper and piper
async def test_silence_and_low_noise_never_reach_the_agent(cfg, models, tmp_path):
    rng = np.random.default_rng(7)
    quiet = np.concatenate([np.zeros(2 * MIC_RATE, np.float32),
                            rng.normal(0, 10 ** (-50 / 20), 3 * MIC_RATE).astype(np.float32),  # -50 dBFS hiss
                            (0.003 * np.sin(np.arange(2 * MIC_RATE) * 2 * np.pi * 50 / MIC_RATE)).astype(np.float32)])
    wav = write_wav(tmp_path / "quiet.wav", quiet, MIC_RATE)
    asked: list[str] = []

    async def answer(text, lang, utterance_id):
        asked.append(text)
        yield "never"

    log, sink = await run_file(cfg, models, wav, answer)
    assert asked == []
    assert log.of(Transcript) == [] and log.of(TurnStarted) == []
    assert len(sink.audio) == 0


@pytest.mark.slow  # Whisper and piper
async def test_a_spoken_question_is_transcribed_answered_and_spoken(cfg, models, question, tmp_path):
    answer_text = "You have a design review in the morning and lunch with your team at noon."
    log, sink = await run_file(cfg, models, question, scripted(answer_text), out=tmp_path / "answer.wav")
    [transcript] = log.of(Transcript)
    assert word_error_rate("What is on my calendar tomorrow morning?", transcript.text) <= 0.2
    assert transcript.lang == "en"
    [ended] = log.of(TurnEnded)
    assert ended.completed and ended.text == answer_text
    heard = models.recognizer.transcribe(read_wav(sink.close(), MIC_RATE)[0])
    assert word_error_rate(answer_text, heard.text) <= 0.2


@pytest.mark.slow  # Whisper and piper
async def test_transcript_wake_engine_ignores_speech_without_the_wake_phrase(cfg, models, question):
    log, _ = await run_file(cfg, models, question, scripted("never"), activation="wake")
    assert log.of(TurnStarted) == []
    [dropped] = log.of(UtteranceDropped)
    assert dropped.reason == "no wake phrase"


@pytest.mark.slow  # Whisper and piper
async def test_transcript_wake_engine_wake_phrase_starts_a_turn_and_a_follow_up_needs_none(cfg, models, speech_dir, tmp_path):
    wake = espeak("Jarvis, what is the weather today?", speech_dir / "wake.wav")
    follow = espeak("And what about tomorrow?", speech_dir / "follow.wav")
    wav = compose(tmp_path / "conversation.wav", wake, 3.5, follow)
    log, _ = await run_file(cfg, models, wav, scripted("It is sunny.", "Rain is likely."),
                            activation="wake", realtime=True)
    turns = log.of(TurnStarted)
    assert len(turns) == 2, log.kinds()
    assert "jarvis" not in turns[0].text.lower() and "weather" in turns[0].text.lower()
    assert "tomorrow" in turns[1].text.lower()


# --- CLI -----------------------------------------------------------------------------------------------


def cli(cfg, *argv: str, answer_factory=None) -> int:
    parser = argparse.ArgumentParser(prog="jarvisd")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub, answer_factory=answer_factory)
    args = parser.parse_args(argv)
    return args.func(cfg, args)


@pytest.mark.slow  # Whisper and piper
def test_say_writes_speech_that_whisper_reads_back(cfg, models, tmp_path, capsys):
    out = tmp_path / "say.wav"
    assert cli(cfg, "say", "The backup finished without errors.", "--out", str(out)) == 0
    audio, _ = read_wav(out, MIC_RATE)
    assert word_error_rate("The backup finished without errors.", models.recognizer.transcribe(audio).text) <= 0.2


@pytest.mark.slow  # Whisper and piper
def test_transcribe_prints_text_and_detected_language(cfg, store, question, capsys):
    assert cli(cfg, "transcribe", str(question), "--json", "--language", "auto") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["lang"] == "en"
    assert word_error_rate("What is on my calendar tomorrow morning?", result["text"]) <= 0.2


@pytest.mark.slow  # Whisper and piper
def test_listen_runs_the_pipeline_once_with_the_given_agent(cfg, store, question, tmp_path, capsys):
    out = tmp_path / "listen.wav"
    factory = lambda _cfg: scripted("Two meetings, both after lunch.")  # noqa: E731
    assert cli(cfg, "listen", "--wav", str(question), "--out", str(out), answer_factory=factory) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds.index("transcript") < kinds.index("turn_started") < kinds.index("playback_started")
    assert events[-1]["event"] == "status_changed" or "turn_ended" in kinds
    assert out.is_file() and len(read_wav(out, MIC_RATE)[0]) > MIC_RATE


def test_missing_input_file_is_reported_not_raised(cfg, tmp_path, capsys):
    assert cli(cfg, "transcribe", str(tmp_path / "nope.wav")) == 2
    assert "nope.wav" in capsys.readouterr().err


# --- the speech queue ------------------------------------------------------------------------------


@pytest.mark.slow  # Whisper and piper
async def test_interrupting_flushes_every_queued_sentence_of_the_stale_utterance(models):
    from jarvisd.voice.events import Interrupted, PlaybackStarted, SentenceReady
    from jarvisd.voice.speaking import SpeechQueue

    bus = EventBus()
    log = EventLog(bus)
    sink = WavFileSink(None, realtime=True)
    queue = SpeechQueue(models.synthesizer, sink, bus)
    queue.start()
    try:
        done = queue.begin(1)
        for sentence in ["First comes the weather.", "Second, the traffic.", "Third, the news.", "Fourth, sport."]:
            queue.say(1, sentence)
        queue.end(1)
        await log.wait_for(PlaybackStarted, utterance_id=1)
        assert queue.interrupt("barge_in") == 1
        assert await done is False
        second = queue.begin(2)
        queue.say(2, "Okay.")
        queue.end(2)
        assert await second is True
    finally:
        await queue.stop()
    cut = log.events.index(log.of(Interrupted)[0])
    assert not [e for e in log.events[cut:] if isinstance(e, SentenceReady | PlaybackStarted) and e.utterance_id == 1]
    assert [e.utterance_id for e in log.of(PlaybackStarted)] == [1, 2]
    first_sentence_sec = 1.0
    assert len(sink.audio) / sink.rate < first_sentence_sec + 1.5  # the later sentences never played


@pytest.mark.slow  # Whisper and piper
def test_the_short_context_reads_a_command_like_the_full_30_second_window(models, question):
    from jarvisd.voice.stt import SpeechRecognizer

    audio, _ = read_wav(question, MIC_RATE)
    short = models.recognizer.transcribe(audio)
    classic = SpeechRecognizer(models.recognizer.model_dir, language="en", context_sec=0).transcribe(audio)
    assert short.text == classic.text
    assert word_error_rate("What is on my calendar tomorrow morning?", short.text) == 0.0


@pytest.mark.slow  # Whisper and piper
@pytest.mark.parametrize("pressed", [True, False])
async def test_push_to_talk_hears_only_while_the_toggle_is_open(cfg, models, question, pressed):
    bus = EventBus()
    log = EventLog(bus)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="push_to_talk", language="en")
    pipeline = build_pipeline(cfg, scripted("Nothing today."), source=WavFileSource(question), sink=WavFileSink(None),
                              models=models, bus=bus, settings=settings)
    if pressed:
        assert pipeline.push_to_talk() is True
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    assert len(log.of(TurnStarted)) == (1 if pressed else 0)
    assert log.of(SpeechStarted) if pressed else not log.of(SpeechStarted)


@pytest.mark.slow  # Whisper and piper
async def test_a_voice_turn_reaches_the_transcript_once(cfg, models, question, tmp_path):
    """The HUD's transcript shows each spoken turn once: the assistant publishes its lines, the
    pipeline does not publish them again."""
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.events import TranscriptLine
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.manifest import ModelStore

    home = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__JUDGE": "rules"})
    backends = Backends(chat=ScriptedChatModel([{"text": "Nothing is on it."}]), thought=ScriptedChatModel([]),
                        embedder=None, notes=["scripted"])
    assistant = build_assistant(home, ModelStore(tmp_path / "models"), backends=backends)
    bus = assistant.bus
    lines = bus.subscribe()
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always", language="en")
    pipeline = build_pipeline(cfg, lambda text, lang, uid: assistant.turn(text, session="voice", lang=lang),
                              source=WavFileSource(question), sink=WavFileSink(None), models=models, bus=bus,
                              settings=settings)
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
        await assistant.close()
    seen = []
    while not lines.queue.empty():
        event = lines.queue.get_nowait()
        if isinstance(event, TranscriptLine):
            seen.append((event.role, event.session))
    assert seen == [("user", "voice"), ("assistant", "voice")]
