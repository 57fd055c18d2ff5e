"""`jarvisd transcribe`, `jarvisd say`, `jarvisd listen`; `add_parser(subparsers)` is wired by jarvisd/cli.py.

Each subcommand's `func` takes `(cfg, args)` like the other top-level commands.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

from jarvisd.config import Config
from jarvisd.events import EventBus
from jarvisd.manifest import ModelError, ModelStore
from jarvisd.voice.answering import AnswerFn

AnswerFactory = Callable[[Config], AnswerFn]


def transcribe_main(cfg: Config, wav: Path, language: str | None = None, as_json: bool = False) -> int:
    from jarvisd.voice.audio import read_wav
    from jarvisd.voice.build import load_recognizer

    audio, _ = read_wav(wav)
    recognizer = load_recognizer(cfg, ModelStore(cfg.paths.models_dir), language=language)
    result = recognizer.transcribe(audio)
    if as_json:
        print(json.dumps({"text": result.text, "lang": result.lang, "lang_probability": result.lang_probability,
                          "no_speech_prob": result.no_speech_prob, "seconds": round(result.seconds, 3)},
                         ensure_ascii=False))
    else:
        print(f"[{result.lang}] {result.text}")
    return 0


def say_main(cfg: Config, text: str, out: Path | None) -> int:
    from jarvisd.voice.audio import write_wav
    from jarvisd.voice.build import voice_path
    from jarvisd.voice.tts import SpeechSynthesizer

    synthesizer = SpeechSynthesizer(voice_path(cfg))
    speech = synthesizer.synthesize(text)
    if out is not None:
        write_wav(out, speech.audio, speech.rate)
        print(f"{out}: {speech.duration:.2f} s of speech, synthesized in {speech.seconds:.2f} s")
        return 0
    from jarvisd.voice.devices import SpeakerSink

    async def play() -> None:
        sink = SpeakerSink(cfg.voice.output_device)
        try:
            await sink.play(speech.audio, speech.rate)
            await asyncio.sleep(0.3)  # let the device drain
        finally:
            sink.close()

    asyncio.run(play())
    return 0


async def listen_once(cfg: Config, wav: Path, out: Path | None, answer: AnswerFn,
                      bus: EventBus | None = None, activation: str = "always") -> list[str]:
    """Run the whole pipeline over a WAV file; returns the log lines (one per event)."""
    from jarvisd.voice.build import build_pipeline, load_voice_models
    from jarvisd.voice.files import WavFileSink, WavFileSource
    from jarvisd.voice.settings import VoiceSettings

    bus = bus or EventBus()
    watcher = bus.subscribe(maxsize=10000, lossy=False)
    models = await asyncio.to_thread(load_voice_models, cfg)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation=activation)
    pipeline = build_pipeline(cfg, answer, source=WavFileSource(wav), sink=WavFileSink(out), models=models,
                              bus=bus, settings=settings)
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    lines = []
    while not watcher.queue.empty():
        event = watcher.queue.get_nowait()
        payload = {k: v for k, v in event.payload().items() if k != "at"}
        lines.append(json.dumps({"event": event.kind, **payload}, ensure_ascii=False))
    return lines


def _transcribe(cfg: Config, args: argparse.Namespace) -> int:
    return transcribe_main(cfg, args.wav, args.language, args.json)


def _say(cfg: Config, args: argparse.Namespace) -> int:
    return say_main(cfg, args.text, args.out)


def _listen_command(factory: AnswerFactory | None) -> Callable[[Config, argparse.Namespace], int]:
    def run(cfg: Config, args: argparse.Namespace) -> int:
        from jarvisd.voice.answers import echo_answer

        answer = factory(cfg) if factory is not None else echo_answer()
        for line in asyncio.run(listen_once(cfg, args.wav, args.out, answer, activation=args.activation)):
            print(line)
        return 0

    return run


def _guarded(command: Callable[[Config, argparse.Namespace], int]) -> Callable[[Config, argparse.Namespace], int]:
    def run(cfg: Config, args: argparse.Namespace) -> int:
        from jarvisd.voice.devices import NoAudioDevice  # numpy, which each of these commands loads anyway

        try:
            return command(cfg, args)
        except (ModelError, OSError, ValueError) as exc:  # OSError: a directory, no access, a full disk
            print(f"jarvisd {args.command}: {exc}", file=sys.stderr)
            return 2
        except NoAudioDevice as exc:  # `jarvisd say` with no speaker (pass 34: a traceback); the message says what to do
            print(f"jarvisd {args.command}: {exc}", file=sys.stderr)
            return 1

    return run


def add_parser(subparsers: argparse._SubParsersAction,  # type: ignore[type-arg]
               answer_factory: AnswerFactory | None = None) -> None:
    """Adds `transcribe`, `say` and `listen`. `answer_factory(cfg)` gives `listen` its answer function
    (the agent); without one, `listen` repeats what it heard."""
    transcribe = subparsers.add_parser("transcribe", help="transcribe a WAV file with Whisper",
                                       description="Print the Whisper transcript of IN.wav and its language. Any PCM WAV is read "
                                       "directly; a 24-bit or float WAV, FLAC, MP3, M4A or OGG is decoded by FFmpeg "
                                       "(PyAV, bundled with faster-whisper). At most 30 minutes.")
    transcribe.add_argument("wav", type=Path, metavar="IN.wav")
    transcribe.add_argument("--language", choices=["auto", "ko", "en"], help="override voice.language")
    transcribe.add_argument("--json", action="store_true", help="print text, language and timings as JSON")
    transcribe.set_defaults(func=_guarded(_transcribe))

    say = subparsers.add_parser("say", help="speak text with piper (to a WAV file or the speaker)",
                                description="Synthesize TEXT with the configured piper voice.")
    say.add_argument("text", metavar="TEXT")
    say.add_argument("--out", type=Path, metavar="OUT.wav", help="write a WAV instead of playing it")
    say.set_defaults(func=_guarded(_say))

    listen = subparsers.add_parser("listen", help="run the voice pipeline once over a WAV file",
                                   description="Endpoint, transcribe and answer IN.wav with the agent, speak "
                                               "the answer into OUT.wav, and print the events as JSON lines.")
    listen.add_argument("--wav", type=Path, required=True, metavar="IN.wav")
    listen.add_argument("--out", type=Path, metavar="OUT.wav")
    listen.add_argument("--activation", choices=["always", "wake"], default="always",
                        help="always (default): any speech is a turn; wake: it must start with the wake phrase")
    listen.set_defaults(func=_guarded(_listen_command(answer_factory)))
