"""Real parts for the voice tests: a private PulseAudio with null sinks, espeak-ng speech, Whisper base
and the piper voice, each loaded once per session."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from jarvisd.config import Config, load_config
from jarvisd.events import Event, EventBus, Subscription
from jarvisd.manifest import ModelStore
from jarvisd.voice.audio import MIC_RATE, read_wav, write_wav
from jarvisd.voice.build import VoiceModels, voice_path
from jarvisd.voice.pulse import NullSinkPulse, espeak_utterance, refresh_portaudio
from jarvisd.voice.stt import SpeechRecognizer
from jarvisd.voice.tts import SpeechSynthesizer

# Assembled Whisper stays between runs (prepare() only re-checks its sha256).
TEST_HOME = Path(tempfile.gettempdir()) / "jarvisd-voice-tests"


@pytest.fixture(scope="session")
def cfg() -> Config:
    return load_config(env={"JARVIS_HOME": str(TEST_HOME)}, user_file=TEST_HOME / "absent.toml")


@pytest.fixture(scope="session")
def store(cfg: Config) -> ModelStore:
    store = ModelStore(cfg.paths.models_dir)
    store.prepare("whisper-base")
    store.prepare("smart-turn")  # the default end of turn, as `scripts/setup.sh` prepares it for a user
    return store


@pytest.fixture(scope="session")
def models(cfg: Config, store: ModelStore) -> VoiceModels:
    return VoiceModels(recognizer=SpeechRecognizer(store.path("whisper-base"), language="en", cpu_threads=2),
                       synthesizer=SpeechSynthesizer(voice_path(cfg, store)))


@pytest.fixture(scope="session")
def pulse() -> Iterator[NullSinkPulse]:
    server = NullSinkPulse().start()
    refresh_portaudio()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def speech_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("speech")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def with_smart_turn(models_dir: Path) -> None:
    """Smart Turn (the default end of turn) in a fresh data dir's models, as setup prepares it for a user: the
    daemon assembles Whisper at start but does not fetch a wheel, and without it turns end by silence alone."""
    source = ModelStore(TEST_HOME / "data" / "models")
    model = source.path("smart-turn")
    target = models_dir / "smart-turn" / model.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(model, target)


def daemon_env(pulse: NullSinkPulse, home: Path, **settings: str) -> dict[str, str]:
    """The environment of a `jarvisd run` subprocess on the test's PulseAudio: a fresh home, no Ollama
    (a closed port), the HUD on a free port, reminders one minute ahead, no quiet hours, English."""
    env = {k: v for k, v in pulse.env.items() if not k.startswith("JARVIS_") and k != "DISPLAY"}
    with_smart_turn(home / "data" / "models")
    env.update(JARVIS_HOME=str(home), OLLAMA_HOST=f"http://127.0.0.1:{free_port()}",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_HUD__PORT=str(free_port()),
               JARVIS_PROACTIVE__REMINDER_LEAD_MIN="1", JARVIS_PROACTIVE__QUIET_HOURS="",
               JARVIS_VOICE__LANGUAGE="en", PYTHONUNBUFFERED="1", **settings)
    return env


def espeak(text: str, out: Path, speed: int = 150) -> Path:
    """An English test utterance from espeak-ng, at 16 kHz."""
    return espeak_utterance(text, out, speed)


def compose(out: Path, *parts: Path | float) -> Path:
    """A WAV of utterances (paths) and silences (seconds), in order."""
    pieces = [read_wav(p, MIC_RATE)[0] if isinstance(p, Path) else np.zeros(int(p * MIC_RATE), np.float32)
              for p in parts]
    return write_wav(out, np.concatenate(pieces), MIC_RATE)


def word_error_rate(reference: str, hypothesis: str) -> float:
    from jarvisd.voice.accuracy import error_rate

    return error_rate(reference, hypothesis)


class EventLog:
    """Everything the pipeline publishes, kept for assertions; `wait_for` blocks until a match."""

    def __init__(self, bus: EventBus) -> None:
        self.sub: Subscription = bus.subscribe(maxsize=100000, lossy=False)
        self.events: list[Event] = []

    def _drain(self) -> None:
        while not self.sub.queue.empty():
            self.events.append(self.sub.queue.get_nowait())

    def of(self, kind: type) -> list:
        self._drain()
        return [e for e in self.events if isinstance(e, kind)]

    async def wait_for(self, kind: type, timeout: float = 30.0, **fields: object) -> Event:
        async def find() -> Event:
            i = 0
            while True:
                self._drain()
                while i < len(self.events):
                    event, i = self.events[i], i + 1
                    if isinstance(event, kind) and all(getattr(event, k) == v for k, v in fields.items()):
                        return event
                self.events.append(await self.sub.queue.get())

        return await asyncio.wait_for(find(), timeout)

    def kinds(self) -> list[str]:
        self._drain()
        return [e.kind for e in self.events]


def squeeze_silence(audio: np.ndarray, rate: int = MIC_RATE, keep_sec: float = 0.3) -> np.ndarray:
    """Shorten every silence to `keep_sec`, so Whisper reads a recording with long gaps as one text."""
    frame = rate // 50
    frames = [audio[i:i + frame] for i in range(0, len(audio), frame)]
    out, quiet = [], 0
    for f in frames:
        quiet = quiet + 1 if np.sqrt(np.mean(f * f)) < 0.003 else 0
        if quiet * frame <= keep_sec * rate:
            out.append(f)
    return np.concatenate(out) if out else audio


def wait_until_spoken(recording: Path, timeout: float = 40.0, quiet_sec: float = 2.5, min_sec: float = 1.5) -> bool:
    """Wait until the live `record_speaker` recording has had, after this call, at least `min_sec` of
    sound and then `quiet_sec` of silence (what is being said has played out; a pause between two
    sentences while the second is synthesized is shorter); False at `timeout`. Reads the growing s16le
    data behind the WAV header, whose sizes parecord writes only at the end. Sound recorded before the
    call (an earlier answer) does not count; the call must come before the speech it waits for ends."""
    deadline = time.monotonic() + timeout
    frame = MIC_RATE // 50  # 20 ms
    start = max(44, recording.stat().st_size // 2 * 2 if recording.exists() else 44)
    start -= MIC_RATE * 2 * 2  # ... but the last 2 s before it do: speech may have begun just before
    while time.monotonic() < deadline:
        raw = recording.read_bytes()[max(44, start):] if recording.exists() else b""
        audio = np.frombuffer(raw[: len(raw) // 2 * 2], dtype="<i2").astype(np.float32) / 32768.0
        loud = [i for i in range(0, len(audio) - frame, frame) if np.sqrt(np.mean(audio[i:i + frame] ** 2)) > 0.003]
        if len(loud) * frame / MIC_RATE >= min_sec and (len(audio) - loud[-1]) / MIC_RATE >= quiet_sec:
            return True
        time.sleep(0.25)
    return False


async def run_file_pipeline(cfg: Config, models: VoiceModels, wav: Path, answer, before=None, **settings) -> EventLog:  # type: ignore[no-untyped-def]
    """A real pipeline over one WAV file (no device), `settings` replacing the config's voice settings and
    `before(pipeline)` run before it starts; the events it published."""
    import dataclasses

    from jarvisd.voice.build import build_pipeline
    from jarvisd.voice.files import WavFileSink, WavFileSource
    from jarvisd.voice.settings import VoiceSettings

    bus = EventBus()
    log = EventLog(bus)
    voice = dataclasses.replace(VoiceSettings.from_config(cfg.voice), **settings)
    pipeline = build_pipeline(cfg, answer, source=WavFileSource(wav), sink=WavFileSink(None), models=models,
                              bus=bus, settings=voice)
    if before is not None:
        before(pipeline)
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    return log
