"""Building the voice pipeline from configuration: which models, which devices, which settings.

```python
models = load_voice_models(cfg)                      # Whisper + piper, checksummed, ~1.5 s
voice = open_voice(cfg, answer, bus, models=models)  # None: no audio device, text-only (said once)
await voice.start(); ...; await voice.stop()
```
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from jarvisd.config import Config
from jarvisd.events import EventBus, StatusChanged
from jarvisd.manifest import ModelError, ModelStore
from jarvisd.turn_gate import TurnGate
from jarvisd.voice.answering import AnswerFn
from jarvisd.voice.audio import AudioSink, AudioSource
from jarvisd.voice.devices import MicrophoneSource, NoAudioDevice, SpeakerSink, find_device
from jarvisd.voice.echo import PlayedAudio
from jarvisd.voice.echo_cancel import make_canceller
from jarvisd.voice.guard import normalize_text
from jarvisd.voice.pipeline import VoicePipeline
from jarvisd.voice.settings import VoiceSettings
from jarvisd.voice.smart_turn import SmartTurnModel, load_smart_turn
from jarvisd.voice.stt import SpeechRecognizer
from jarvisd.voice.tts import SpeechSynthesizer
from jarvisd.voice.wake import WakeListener, load_wake_listener

log = logging.getLogger("jarvisd.voice")
DEFAULT_VOICE = "joe-medium"


@dataclass
class VoiceModels:
    recognizer: SpeechRecognizer
    synthesizer: SpeechSynthesizer


def voice_path(cfg: Config, store: ModelStore | None = None) -> Path:
    """`voice.tts_voice` when set, else the bundled English voice (its .onnx, sha256-verified)."""
    if cfg.voice.tts_voice:
        return Path(cfg.voice.tts_voice).expanduser()
    store = store or ModelStore(cfg.paths.models_dir)
    files = store.verify(DEFAULT_VOICE)
    return next(path for name, path in files.items() if name.endswith(".onnx"))


def whisper_dir(cfg: Config, store: ModelStore | None = None) -> Path:
    store = store or ModelStore(cfg.paths.models_dir)
    return store.path(cfg.voice.stt_model)


def load_recognizer(cfg: Config, store: ModelStore | None = None, cpu_threads: int = 0,
                    language: str | None = None) -> SpeechRecognizer:
    """Whisper as configured: `voice.stt_model`, `voice.language` (or `language`), `voice.stt_beam`,
    `voice.stt_prompt`."""
    return SpeechRecognizer(whisper_dir(cfg, store), language=language or cfg.voice.language,
                            beam_size=int(cfg.voice.stt_beam), cpu_threads=cpu_threads, prompt=cfg.voice.stt_prompt)


def load_voice_models(cfg: Config, store: ModelStore | None = None, cpu_threads: int = 0) -> VoiceModels:
    store = store or ModelStore(cfg.paths.models_dir)
    return VoiceModels(recognizer=load_recognizer(cfg, store, cpu_threads),
                       synthesizer=SpeechSynthesizer(voice_path(cfg, store)))


def choose_wake_engine(settings: VoiceSettings) -> tuple[str | None, str]:
    """Which wake engine the settings ask for, and why: (None, why) when no wake word is listened
    for at all. The model only knows "Hey Jarvis", so wake phrases without "jarvis" (a custom name)
    go through the transcript engine whatever `wake_engine` says."""
    if settings.activation != "wake":
        return None, f"activation is {settings.activation}"
    if settings.wake_engine == "transcript":
        return "transcript", "voice.wake_engine = transcript"
    if not any("jarvis" in normalize_text(p) for p in settings.wake_phrases):
        return "transcript", (f"voice.wake_phrases {list(settings.wake_phrases)} have no 'jarvis' and the "
                              "wake word model only knows 'Hey Jarvis'")
    return "openwakeword", "voice.wake_engine = openwakeword"


def wake_listener(settings: VoiceSettings, store: ModelStore) -> WakeListener | None:
    """The hey_jarvis listener when the settings choose the model; None (the transcript engine, said in
    the log) when they do not or the model cannot be loaded."""
    engine, why = choose_wake_engine(settings)
    if engine != "openwakeword":
        if engine:
            log.info("voice: wake word by transcript (%s)", why)
        return None
    try:
        return load_wake_listener(store, settings.wake_threshold, settings.endpoint.trailing_silence_ms / 1000,
                                  agc=settings.wake_agc, probe_sec=settings.wake_probe_sec,
                                  slow_speeds=settings.wake_slow)
    except (ModelError, ImportError, OSError, ValueError) as exc:
        log.warning("voice: the wake word model cannot be used (%s): using the transcript engine", exc)
        return None


def turn_model(settings: VoiceSettings, store: ModelStore) -> SmartTurnModel | None:
    """Smart Turn when `voice.end_of_turn = smart_turn` and its file is there; None (turns end by silence
    alone, said once in the log) when it is not asked for or cannot be loaded."""
    endpoint = settings.endpoint
    if endpoint.end_of_turn != "smart_turn":
        log.info("voice: turns end after %d ms of silence (voice.end_of_turn = silence)", endpoint.trailing_silence_ms)
        return None
    try:
        return load_smart_turn(store)
    except (ModelError, ImportError, OSError, RuntimeError, ValueError) as exc:
        log.warning("voice: the Smart Turn model cannot be used (%s): turns end after %d ms of silence",
                    exc, endpoint.trailing_silence_ms)
        return None


def build_pipeline(cfg: Config, answer: AnswerFn, *, source: AudioSource, sink: AudioSink,
                   models: VoiceModels, bus: EventBus | None = None,
                   settings: VoiceSettings | None = None, gate: TurnGate | None = None) -> VoicePipeline:
    """The pipeline on any edges (devices, files, or a test's); `gate`: the daemon's turn gate."""
    settings = settings or VoiceSettings.from_config(cfg.voice)
    store = ModelStore(cfg.paths.models_dir)
    return VoicePipeline(source=source, sink=sink, recognizer=models.recognizer, synthesizer=models.synthesizer,
                         answer=answer, bus=bus, settings=settings, wake=wake_listener(settings, store),
                         gate=gate, turn_model=turn_model(settings, store),
                         canceller=make_canceller(settings.echo_cancel, getattr(sink, "far_end", None)))


def open_voice(cfg: Config, answer: AnswerFn, bus: EventBus, models: VoiceModels | None = None,
               gate: TurnGate | None = None) -> VoicePipeline | None:
    """The pipeline on the configured sound devices; None (text-only, said once in the log and as
    `StatusChanged`) when voice is disabled or a device is missing.
    Loads the models when not given (seconds): call it from a worker thread in async code (`publish_nowait` hands
    the status to each subscriber on its own loop; before, from a worker thread only the log line was written, so the
    HUD never showed "disabled" or "text-only")."""
    if not cfg.voice.enabled:
        log.info("voice: disabled in config (voice.enabled = false): text only")
        bus.publish_nowait(StatusChanged("voice", "disabled", "voice.enabled = false: text only"))
        return None
    try:
        find_device(cfg.voice.input_device, "input")
        find_device(cfg.voice.output_device, "output")
    except NoAudioDevice as exc:
        log.warning("voice: %s: running text-only", exc)
        bus.publish_nowait(StatusChanged("voice", "text-only", str(exc)))
        return None
    models = models or load_voice_models(cfg)
    played = PlayedAudio()
    return build_pipeline(cfg, answer, source=MicrophoneSource(cfg.voice.input_device),
                          sink=SpeakerSink(cfg.voice.output_device, played=played), models=models, bus=bus,
                          gate=gate)
