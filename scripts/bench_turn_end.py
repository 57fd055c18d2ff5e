"""End-of-turn benchmark (issue 21 point 4): false cut-offs and end-of-speech -> end-of-turn delay,
silence alone against the Smart Turn model (alone, and with the words of the pause), on a labelled set
of English and Korean speech.

    .venv/bin/python scripts/bench_turn_end.py
    .venv/bin/python scripts/bench_turn_end.py --reference-features /tmp/pipecat/pipecat/audio/turn/smart_turn/_whisper_features.py

The set (synthesized once, cached as WAVs in --cache, default $XDG_CACHE_HOME/jarvisd/bench-turn-end;
never in the repo):
  complete    each sentence whole, then silence: English by piper (joe-medium) and espeak-ng (en-us),
              Korean by espeak-ng (-v ko) at two speeds
  incomplete  the same sentences with a pause of 400-900 ms inside: cut mid-phrase (the whole sentence's
              audio split at a quiet point near the phrase boundary, so the first part keeps its
              unfinished intonation), or with a spoken filler ("I need to call, um..." / "... 음...") before
              the pause and the rest after it
Each clip has 0.5 s of quiet before the speech and 2.5 s after it, under faint noise (-65 dBFS).

Each clip goes through the pipeline's own code frame by frame (32 ms): Silero VAD (`SileroStream`), the
`Endpointer` with the configured defaults, and for Smart Turn the `TurnJudge` with the real model. The
model's answer reaches the endpointer at the frame after the time it really took on this machine (the
pipeline runs it on a worker thread while frames keep coming), so its inference time is in the delays.
"smart turn + words" adds the pipeline's speculative transcript: Whisper (as configured, language by
the clip) on the utterance so far after `voice.early_stt_ms` of the pause, its answer ready after the
time it really took (or `--stt-ms`), and a transcript that reads as a finished sentence
(`turn_end.text_complete`) ends the turn as soon as it is known even when the model calls it unfinished
(unless the model is sure it goes on; at the silence rule while the model has not answered).
`--no-words` skips it (no Whisper). `--model-ms 100 --stt-ms 300` replays a quiet machine's timing on a
loaded one (the daemon's figures on this 2-core machine when quiet), so before/after runs compare.

Prints, per method and language:
  false cut-offs  clips whose turn ended before the speaker had finished (at an internal pause)
  delay           true end of speech -> end of turn on the complete clips: median and p95
and the model's inference time per call (features + ONNX, one thread): p50 and p95.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib.util
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.config import load_config  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.audio import FRAME_SAMPLES, FRAME_SEC, MIC_RATE, read_wav, resample, write_wav  # noqa: E402
from jarvisd.voice.build import load_recognizer, voice_path  # noqa: E402
from jarvisd.voice.endpointing import Endpointer, EndpointSettings, SileroStream, Utterance  # noqa: E402
from jarvisd.voice.pulse import espeak_utterance  # noqa: E402
from jarvisd.voice.settings import VoiceSettings  # noqa: E402
from jarvisd.voice.smart_turn import SmartTurnModel, TurnFeatures, TurnJudge, load_smart_turn, window  # noqa: E402
from jarvisd.voice.stt import SpeechRecognizer  # noqa: E402
from jarvisd.voice.turn_end import text_complete  # noqa: E402

# "|" marks the phrase boundary where the incomplete versions pause.
ENGLISH = [
    "What time | is it?",
    "Remind me to call | the bank tomorrow.",
    "I need to call | the dentist before Friday.",
    "Can you turn | the music down a little?",
    "What is the weather | like in Seoul today?",
    "Add milk and eggs | to my shopping list.",
    "Set a timer | for twenty minutes.",
    "Send a message to Mina | saying I will be late.",
    "How long does it take | to drive to the airport?",
    "Tell me what is | on my calendar this afternoon.",
    "Turn off the lights | in the living room.",
    "Remind me to water | the plants on Sunday morning.",
    "What was the name | of that restaurant we liked?",
    "Book a table for two | at seven tonight.",
]
KOREAN = [
    "내일 오후 3시에 | 은행 가야 해.",
    "지금 | 몇 시야?",
    "엄마한테 전화하라고 | 알려 줘.",
    "오늘 서울 | 날씨 어때?",
    "저녁에 | 장 보러 가야 해.",
    "회의 자료를 | 금요일까지 보내야 해.",
    "거실 불 좀 | 꺼 줘.",
    "다음 주 월요일에 | 치과 예약 있어.",
]
FILLER = {"en": ", um...", "ko": " 음..."}
PAUSES_MS = (400, 550, 700, 900)
LEAD_SEC, TRAIL_SEC = 0.5, 2.5


def default_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jarvisd" / "bench-turn-end"


class Speakers:
    """piper (the installed English voice) and espeak-ng, 16 kHz float32 out, cached as WAVs."""

    def __init__(self, cache: Path) -> None:
        self.cache = cache
        self._piper = None

    def say(self, engine: str, voice: str, speed: int, text: str) -> np.ndarray:
        key = hashlib.sha256(f"{engine}|{voice}|{speed}|{text}".encode()).hexdigest()[:16]
        path = self.cache / f"{engine}-{voice}-{speed}-{key}.wav"
        if not path.is_file():
            path.parent.mkdir(parents=True, exist_ok=True)
            if engine == "piper":
                if self._piper is None:
                    from jarvisd.voice.tts import SpeechSynthesizer

                    self._piper = SpeechSynthesizer(voice_path(load_config()))
                speech = self._piper.synthesize(text)
                write_wav(path, resample(speech.audio, speech.rate, MIC_RATE), MIC_RATE)
            else:
                espeak_utterance(text, path, speed=speed, voice=voice)
        audio, _ = read_wav(path, MIC_RATE)
        return trim(audio)


def _envelope(audio: np.ndarray, hop: int = 160) -> np.ndarray:
    n = len(audio) // hop
    return np.sqrt(np.mean(np.square(audio[: n * hop].reshape(n, hop), dtype=np.float64), axis=1))


def trim(audio: np.ndarray, floor_db: float = -40.0) -> np.ndarray:
    """Speech only: 10 ms windows quieter than `floor_db` below the loudest cut from both ends."""
    env = _envelope(audio)
    loud = np.nonzero(env > env.max() * 10 ** (floor_db / 20))[0]
    if len(loud) == 0:
        return audio
    return audio[loud[0] * 160: (loud[-1] + 1) * 160].astype(np.float32)


def quiet_point(audio: np.ndarray, fraction: float, search_sec: float = 0.15) -> int:
    """The sample to cut at: the quietest 10 ms near `fraction` of the way through."""
    env = _envelope(audio)
    centre = int(len(env) * fraction)
    span = int(search_sec * 100)
    lo, hi = max(1, centre - span), min(len(env) - 1, centre + span)
    return (lo + int(np.argmin(env[lo:hi]))) * 160


@dataclass
class Clip:
    name: str
    lang: str
    complete: bool
    audio: np.ndarray
    speech_end: float  # seconds into the clip where the speaker stops for good
    pause: tuple[float, float] | None = None  # the internal pause (start, end), incomplete clips
    kind: str = "complete"  # complete | cut (mid-phrase) | filler


def assemble(parts: list[np.ndarray], pause_sec: float) -> tuple[np.ndarray, float, tuple[float, float] | None]:
    lead = np.zeros(int(LEAD_SEC * MIC_RATE), np.float32)
    gap = np.zeros(int(pause_sec * MIC_RATE), np.float32)
    body = [lead, parts[0]]
    pause = None
    if len(parts) == 2:
        start = (len(lead) + len(parts[0])) / MIC_RATE
        body += [gap, parts[1]]
        pause = (start, start + pause_sec)
    speech = np.concatenate(body)
    end = len(speech) / MIC_RATE
    return np.concatenate([speech, np.zeros(int(TRAIL_SEC * MIC_RATE), np.float32)]), end, pause


def build_set(speakers: Speakers) -> list[Clip]:
    voices = [("en", "piper", "joe", 0, s) for s in ENGLISH] + [("en", "espeak", "en-us", 160, s) for s in ENGLISH]
    voices += [("ko", "espeak", "ko", speed, s) for speed in (150, 180) for s in KOREAN]
    rng = np.random.default_rng(21)
    clips: list[Clip] = []
    for i, (lang, engine, voice, speed, spec) in enumerate(voices):
        head, rest = (part.strip() for part in spec.split("|"))
        whole = speakers.say(engine, voice, speed, f"{head} {rest}")
        tag = f"{lang}/{engine}-{voice}{speed or ''}/{head} {rest}"
        audio, end, _ = assemble([whole], 0)
        clips.append(Clip(tag, lang, True, audio, end))
        cut = quiet_point(whole, len(head) / len(f"{head} {rest}"))
        pause = PAUSES_MS[i % len(PAUSES_MS)] / 1000
        audio, end, gap = assemble([whole[:cut], whole[cut:]], pause)
        clips.append(Clip(f"{tag} [cut {pause * 1000:.0f} ms]", lang, False, audio, end, gap, "cut"))
        if engine == "piper" or (lang == "ko" and speed == 150) or i % 3 == 0:
            first = speakers.say(engine, voice, speed, head + FILLER[lang])
            second = speakers.say(engine, voice, speed, rest)
            pause = PAUSES_MS[(i + 2) % len(PAUSES_MS)] / 1000
            audio, end, gap = assemble([first, second], pause)
            clips.append(Clip(f"{tag} [filler {pause * 1000:.0f} ms]", lang, False, audio, end, gap, "filler"))
    for clip in clips:  # faint noise: Silero never sees digital silence in a room
        clip.audio = clip.audio + rng.normal(0, 10 ** (-65 / 20), len(clip.audio)).astype(np.float32)
    return clips


class Replay:
    """A judgement as the pipeline sees it: the model runs (here, now) and its answer is ready on the
    frame clock only after the time it really took."""

    def __init__(self, model: SmartTurnModel, audio: np.ndarray, now: float, took: list[float],
                 fixed_sec: float | None = None) -> None:
        started = time.perf_counter()
        self.probability = model.probability(audio)
        elapsed = time.perf_counter() - started
        took.append(elapsed)
        self.ready_at = now + (elapsed if fixed_sec is None else fixed_sec)
        self.clock = now

    def done(self) -> bool:
        return self.clock >= self.ready_at

    def result(self) -> float:
        return self.probability


class Words:
    """The speculative transcript as the pipeline sees it: Whisper runs (here, now) and its text reaches
    the endpointer on the frame clock only after the time it really took."""

    def __init__(self, recognizer: SpeechRecognizer, key: int, audio: np.ndarray, now: float, took: list[float],
                 fixed_sec: float | None = None) -> None:
        started = time.perf_counter()
        self.text = recognizer.transcribe(audio).text
        elapsed = time.perf_counter() - started
        took.append(elapsed)
        self.key, self.ready_at, self.used = key, now + (elapsed if fixed_sec is None else fixed_sec), False


@dataclass
class Outcome:
    ended_at: float | None
    reason: str
    probabilities: list[float]
    texts: list[str] = dataclasses.field(default_factory=list)  # the speculative transcripts ("+ words")


def simulate(clip: Clip, probs: list[float], settings: EndpointSettings, model: SmartTurnModel | None,
             took: list[float], fixed_sec: float | None = None, recognizer: SpeechRecognizer | None = None,
             early_frames: int = 7, stt_took: list[float] | None = None, stt_sec: float | None = None) -> Outcome:
    """The first turn the endpointer closes in `clip`, frame by frame as `VoicePipeline._hear` runs it."""
    ep = Endpointer(settings)
    replays: list[Replay] = []
    words: Words | None = None
    texts: list[str] = []
    now = 0.0

    def submit(audio: np.ndarray) -> Replay:
        replays.append(Replay(model, audio, now, took, fixed_sec))
        return replays[-1]

    judge = TurnJudge(ep, submit) if model is not None else None
    n = len(clip.audio) // FRAME_SAMPLES
    for i in range(n):
        now = (i + 1) * FRAME_SEC
        for replay in replays:
            replay.clock = now
        frame = clip.audio[i * FRAME_SAMPLES:(i + 1) * FRAME_SAMPLES]
        if judge is not None:
            judge.before_push()
            if words is not None and not words.used and now >= words.ready_at:
                words.used = True
                ep.text_judged(words.key, text_complete(words.text))
        result = ep.push(frame, probs[i], now)
        if judge is not None and result is None:
            judge.after_push()
        if recognizer is not None and result is None and ep.silence_frames == early_frames \
                and (words is None or now >= words.ready_at) and (pending := ep.provisional()) is not None:
            words = Words(recognizer, pending[0], pending[1], now, stt_took if stt_took is not None else [], stt_sec)
            texts.append(words.text)
        if isinstance(result, Utterance):
            return Outcome(result.ended_at, result.end_reason, [r.probability for r in replays], texts)
    last = ep.finish(n * FRAME_SEC)
    return Outcome(last.ended_at if last else None, "source ended", [r.probability for r in replays], texts)


def vad_probabilities(vad: SileroStream, audio: np.ndarray) -> list[float]:
    vad.reset()
    return [vad.probability(audio[i * FRAME_SAMPLES:(i + 1) * FRAME_SAMPLES]) for i in range(len(audio) // FRAME_SAMPLES)]


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def compare_features(path: Path, clips: list[Clip]) -> None:
    """Our features (faster-whisper's FeatureExtractor) against a reference implementation's."""
    spec = importlib.util.spec_from_file_location("reference_features", path)
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    ours = TurnFeatures()
    worst = 0.0
    for clip in clips[:10]:
        audio = clip.audio[: int((clip.speech_end + 0.2) * MIC_RATE)]
        theirs = reference.compute_whisper_log_mel_features(window(audio), do_normalize=True)
        worst = max(worst, float(np.abs(ours(audio) - theirs).max()))
    print(f"features against {path.name}: max abs diff {worst:.2e} over 10 clips (80 x 800 each)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=default_cache())
    parser.add_argument("--silence-ms", type=int, default=None, help="silence alone (default: the config's)")
    parser.add_argument("--ask-ms", type=int, default=None, help="Smart Turn: pause before asking (default: config)")
    parser.add_argument("--max-ms", type=int, default=None, help="Smart Turn: longest wait (default: config)")
    parser.add_argument("--threshold", type=float, default=None, help="Smart Turn: complete at (default: config)")
    parser.add_argument("--reference-features", type=Path, help="pipecat's _whisper_features.py, to compare")
    parser.add_argument("--list", action="store_true", help="print every clip's outcome")
    parser.add_argument("--no-words", action="store_true", help="skip Smart Turn + the speculative transcript")
    parser.add_argument("--model-ms", type=float, default=None,
                        help="what if: the model's answer arrives this long after it is asked (default: the time "
                             "it really took here)")
    parser.add_argument("--stt-ms", type=float, default=None,
                        help="what if: the speculative transcript is ready this long after Whisper is started "
                             "(default: the time it really took here; a quiet machine: about 300)")
    args = parser.parse_args()

    cfg = load_config()
    base = VoiceSettings.from_config(cfg.voice).endpoint
    overrides = {"trailing_silence_ms": args.silence_ms, "turn_end_silence_ms": args.ask_ms,
                 "turn_end_max_silence_ms": args.max_ms, "turn_end_threshold": args.threshold}
    base = dataclasses.replace(base, **{k: v for k, v in overrides.items() if v is not None})
    started = time.perf_counter()
    clips = build_set(Speakers(args.cache))
    complete = sum(c.complete for c in clips)
    print(f"set: {complete} complete, {len(clips) - complete} incomplete clips "
          f"({sum(c.lang == 'en' for c in clips)} English, {sum(c.lang == 'ko' for c in clips)} Korean), "
          f"built/loaded in {time.perf_counter() - started:.1f} s from {args.cache}")
    model = load_smart_turn(ModelStore(cfg.paths.models_dir))
    if args.reference_features:
        compare_features(args.reference_features, clips)
    vad = SileroStream()
    methods = {f"silence {base.trailing_silence_ms} ms": (dataclasses.replace(base, end_of_turn="silence"), None),
               f"smart turn ({base.turn_end_silence_ms}/{base.turn_end_max_silence_ms} ms, p>={base.turn_end_threshold})":
                   (dataclasses.replace(base, end_of_turn="smart_turn"), model)}
    recognizers: dict[str, SpeechRecognizer] = {}
    if not args.no_words:
        methods["smart turn + words (when known)"] = (dataclasses.replace(base, end_of_turn="smart_turn"), model)
        recognizers = {lang: load_recognizer(cfg, language=lang) for lang in ("en", "ko")}
    early_frames = max(1, round(VoiceSettings.from_config(cfg.voice).early_stt_ms / 1000 / FRAME_SEC))
    took: list[float] = []
    stt_took: list[float] = []
    rows: dict[str, list[tuple[Clip, Outcome]]] = {m: [] for m in methods}
    for clip in clips:
        probs = vad_probabilities(vad, clip.audio)
        for method, (settings, m) in methods.items():
            outcome = simulate(clip, probs, settings, m, took,
                               None if args.model_ms is None else args.model_ms / 1000,
                               recognizers.get(clip.lang) if "words" in method else None, early_frames, stt_took,
                               None if args.stt_ms is None else args.stt_ms / 1000)
            rows[method].append((clip, outcome))
            if args.list:
                delay = "" if outcome.ended_at is None else f"{outcome.ended_at - clip.speech_end:+.2f} s"
                print(f"  {method[:18]:<18} {'complete ' if clip.complete else 'cut-off  '} {delay:>8} "
                      f"{outcome.reason:<12} {' '.join(f'{p:.2f}' for p in outcome.probabilities):<16} {clip.name}"
                      + (f"  heard: {' | '.join(outcome.texts)}" if outcome.texts else ""))

    print(f"\n{'method':<44} {'lang':<4} {'false cut-offs':>22} {'cut':>7} {'filler':>7} {'delay p50':>10} {'p95':>7} "
          f"{'max-silence ends':>17}")
    for method, results in rows.items():
        for lang in ("en", "ko", "all"):
            chosen = [(c, o) for c, o in results if lang == "all" or c.lang == lang]
            cut = [c for c, o in chosen if o.ended_at is None or o.ended_at < c.speech_end]
            cut_incomplete = sum(not c.complete for c in cut)
            incomplete = sum(not c.complete for c, _ in chosen)
            delays = [o.ended_at - c.speech_end for c, o in chosen if c.complete and o.ended_at is not None
                      and o.ended_at >= c.speech_end]
            slow = sum(o.reason == "max_silence" for c, o in chosen if c.complete)
            kinds = {k: f"{sum(c.kind == k for c in cut)}/{sum(c.kind == k for c, _ in chosen)}" for k in ("cut", "filler")}
            print(f"{method:<44} {lang:<4} {f'{len(cut)} ({cut_incomplete}/{incomplete} incomplete)':>22} "
                  f"{kinds['cut']:>7} {kinds['filler']:>7} "
                  f"{pct(delays, 50):>9.3f}s {pct(delays, 95):>6.3f}s {slow:>17}")
    if args.model_ms is not None:
        print(f"\n(what if: every answer taken as arriving {args.model_ms:.0f} ms after it was asked)")
    if args.stt_ms is not None:
        print(f"(what if: every speculative transcript taken as ready {args.stt_ms:.0f} ms after Whisper was started)")
    print(f"\nSmart Turn inference per call (features + ONNX, 1 thread, {len(took)} calls): "
          f"p5 {pct(took, 5) * 1000:.0f} ms, p50 {pct(took, 50) * 1000:.0f} ms, p95 {pct(took, 95) * 1000:.0f} ms "
          f"(mean {statistics.fmean(took) * 1000:.0f} ms); load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if stt_took:
        print(f"speculative Whisper per pause ({len(stt_took)} calls): p50 {pct(stt_took, 50) * 1000:.0f} ms, "
              f"p95 {pct(stt_took, 95) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
