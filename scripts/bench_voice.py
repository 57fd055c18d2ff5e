"""Voice latency benchmark: end of speech -> first audio, stage by stage, on real (virtual) devices.

Starts a private PulseAudio with null sinks, plays espeak-ng questions into the `mic` sink, lets the
running pipeline hear, transcribe and answer them (scripted model at a fixed token rate, or the embedded
SmolLM2 with --embedded), and reads every stage off the event bus.

    .venv/bin/python scripts/bench_voice.py                  # 20 utterances, scripted model, 20 tok/s
    .venv/bin/python scripts/bench_voice.py --n 30 --tokens-per-sec 40
    .venv/bin/python scripts/bench_voice.py --embedded       # SmolLM2-135M through llama.cpp

Stages per turn (seconds):
  endpoint   trailing-silence wait: user stopped talking -> endpointer closed the utterance
  stt        Whisper transcription (compute time)
  stt_wait   Whisper time still waited for after the endpoint (transcription starts speculatively after
             200 ms of trailing silence, so it overlaps the endpoint wait)
  llm_1st    turn start -> first speakable piece of the answer (a sentence, or its first clause up to
             a comma: the splitter's quick start)
  tts_1st    piper synthesis of that piece
  play       first sentence ready -> its playback started
  total      user stopped talking (capture time of the last speech frame) -> first audio handed to the
             output device (add the device latency, printed at the end, for the audible moment)
  overhead   total minus the four model/wait stages: what the pipeline itself costs
  streamed   playback started before the last sentence was synthesized (3-sentence answers)
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import signal
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.config import load_config  # noqa: E402
from jarvisd.events import EventBus  # noqa: E402
from jarvisd.llm.scripted import ScriptedChatModel  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.answers import answer_from_chat_model  # noqa: E402
from jarvisd.voice.build import VoiceModels, build_pipeline, voice_path  # noqa: E402
from jarvisd.voice.devices import MicrophoneSource, SpeakerSink  # noqa: E402
from jarvisd.voice.echo import PlayedAudio  # noqa: E402
from jarvisd.voice.events import (  # noqa: E402
    PlaybackStarted,
    SentenceReady,
    SpeechEnded,
    Transcript,
    TurnEnded,
    TurnStarted,
)
from jarvisd.voice.pulse import NullSinkPulse, espeak_utterance, refresh_portaudio  # noqa: E402
from jarvisd.voice.settings import VoiceSettings  # noqa: E402
from jarvisd.voice.stt import SpeechRecognizer  # noqa: E402
from jarvisd.voice.tts import SpeechSynthesizer  # noqa: E402

QUESTIONS = [
    "What is on my calendar tomorrow morning?", "Remind me to call the bank at noon.",
    "What is the weather like today?", "How long is my commute?", "Did I finish the quarterly report?",
    "When is the team meeting?", "What did I promise Anna last week?", "Set a timer for ten minutes.",
    "What time is it in Seoul?", "Read me my last note.", "Is the dentist appointment still on?",
    "Who is coming to dinner on Friday?", "What should I buy at the store?", "How many emails are unread?",
    "Play something relaxing.", "When does the library close?", "What is left on my to do list?",
    "Book a table for two tonight.", "How was my sleep last night?", "What is the plan for the weekend?",
]
ANSWER = ("Sure, here is what I found. You have two things planned for the morning. "
          "Let me know if you want me to change anything.")


def espeak(text: str, out: Path) -> Path:
    return espeak_utterance(text, out, speed=160)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def turn_stages(events: list, utterance_id: int) -> dict[str, float] | None:
    def first(kind: type, **match: object):
        return next((e for e in events if isinstance(e, kind)
                     and all(getattr(e, k) == v for k, v in match.items())), None)

    transcript = first(Transcript, utterance_id=utterance_id)
    started = first(TurnStarted, utterance_id=utterance_id)
    playback = first(PlaybackStarted, utterance_id=utterance_id)
    sentences = [e for e in events if isinstance(e, SentenceReady) and e.utterance_id == utterance_id]
    ended = [e for e in events if isinstance(e, SpeechEnded) and transcript and e.at <= transcript.at]
    if not (transcript and started and playback and sentences and ended):
        return None
    speech = ended[-1]
    s1 = sentences[0]
    endpoint = speech.at - speech.speech_end_at
    stt_wait = max(0.0, transcript.at - speech.at)  # Whisper time still waited for after the endpoint
    llm_first = (s1.at - s1.synth_sec) - started.at
    total = playback.at - speech.speech_end_at
    stages = {"endpoint": endpoint, "stt": transcript.stt_sec, "stt_wait": stt_wait, "llm_1st": llm_first,
              "tts_1st": s1.synth_sec, "play": playback.at - s1.at, "total": total}
    # Model stages as they sit on the critical path; a speculative transcription overlaps the endpoint
    # wait, so only what was still waited for counts. Without it, the whole Whisper time counts.
    stt_on_path = stt_wait if transcript.speculative else transcript.stt_sec
    stages["overhead"] = total - (endpoint + stt_on_path + llm_first + s1.synth_sec)
    stages["speculative"] = float(transcript.speculative)
    stages["streamed"] = float(len(sentences) >= 3 and playback.at < sentences[-1].at)
    stages["sentences"] = float(len(sentences))
    return stages


async def run(args: argparse.Namespace, pulse: NullSinkPulse) -> list[dict[str, float]]:
    cfg = load_config()
    home = Path(tempfile.gettempdir()) / "jarvisd-voice-tests"
    store = ModelStore(home / "data" / "models")
    store.prepare("whisper-base")
    beam = args.beam or int(cfg.voice.stt_beam)
    print(f"Whisper beam {beam}", file=sys.stderr)
    models = VoiceModels(SpeechRecognizer(store.path("whisper-base"), language=args.language, beam_size=beam),
                         SpeechSynthesizer(voice_path(cfg, store)))
    if args.embedded:
        from jarvisd.llm.embedded import LlamaCppChat

        model = LlamaCppChat(store.path("smollm2-135m"), name="smollm2-135m", max_tokens=60)
    else:
        model = ScriptedChatModel(lambda _messages: {"text": ANSWER}, tokens_per_sec=args.tokens_per_sec)
    work = Path(tempfile.mkdtemp(prefix="bench-voice-"))
    wavs = [espeak(q, work / f"q{i:02d}.wav") for i, q in enumerate((QUESTIONS * 3)[: args.n])]
    refresh_portaudio()
    bus = EventBus()
    sub = bus.subscribe(maxsize=100000, lossy=False)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always",
                                   language=args.language, early_stt_ms=0 if args.no_early_stt else 200)
    sink = SpeakerSink("pulse", played=PlayedAudio())
    pipeline = build_pipeline(cfg, answer_from_chat_model(model), source=MicrophoneSource("pulse"), sink=sink,
                              models=models, bus=bus, settings=settings)
    await pipeline.start()
    events: list = []
    rows = []
    for i, wav in enumerate(wavs, 1):
        proc = pulse.play_into_mic(wav)
        await asyncio.to_thread(proc.wait, 60)
        ended = None
        while ended is None:
            event = await asyncio.wait_for(sub.get(), 120)
            events.append(event)
            if isinstance(event, TurnEnded):
                ended = event
        stages = turn_stages(events, ended.utterance_id)
        if stages is None:
            print(f"{i:2d}: no complete turn", file=sys.stderr)
            continue
        rows.append(stages)
        print(f"{i:2d}: " + "  ".join(f"{k}={v:.3f}" for k, v in stages.items()), file=sys.stderr)
        await asyncio.sleep(0.5)
    print(f"output latency (PortAudio estimate): {sink.output_latency * 1000:.0f} ms", file=sys.stderr)
    await pipeline.stop()
    return rows


def table(rows: list[dict[str, float]], title: str) -> str:
    keys = ["endpoint", "stt", "stt_wait", "llm_1st", "tts_1st", "play", "total", "overhead"]
    lines = [f"{title} ({len(rows)} turns)", "", "| stage | p50 (ms) | p95 (ms) | max (ms) |", "|---|---:|---:|---:|"]
    for key in keys:
        values = [r[key] * 1000 for r in rows]
        lines.append(f"| {key} | {statistics.median(values):.0f} | {percentile(values, 0.95):.0f} | {max(values):.0f} |")
    streamed = sum(r["streamed"] for r in rows if r["sentences"] >= 3)
    multi = sum(1 for r in rows if r["sentences"] >= 3)
    lines.append("")
    lines.append(f"speculative transcription used: {int(sum(r['speculative'] for r in rows))}/{len(rows)} turns")
    lines.append(f"first audio before the last sentence was synthesized: {int(streamed)}/{multi} three-sentence answers")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=20, help="utterances (default 20)")
    parser.add_argument("--tokens-per-sec", type=float, default=20.0, help="scripted model pace (default 20)")
    parser.add_argument("--embedded", action="store_true", help="answer with the embedded SmolLM2 instead")
    parser.add_argument("--language", choices=["auto", "en", "ko"], default="en")
    parser.add_argument("--beam", type=int, default=0, help="Whisper beam size (default voice.stt_beam)")
    parser.add_argument("--no-early-stt", action="store_true", help="transcribe only at the endpoint")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop our PulseAudio on `kill` too
    pulse = NullSinkPulse().start()
    try:
        rows = asyncio.run(run(args, pulse))
    finally:
        pulse.stop()
    model = "embedded smollm2-135m" if args.embedded else f"scripted model at {args.tokens_per_sec:g} tokens/s"
    print(table(rows, f"end of speech -> first audio, Whisper base int8 ({args.language}), piper joe-medium, {model}"))
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
