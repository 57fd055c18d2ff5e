"""Recognition accuracy against its cost: WER/CER and latency of the daemon's Whisper path per setting.

    .venv/bin/python scripts/bench_stt.py [--beams 1,2,5] [--prompt "..."] [--sets en,ko,noise]
                                          [--speeds 1,0.85] [--nbest 5]
                                          [--model NAME=DIR ...] [--json out.json]

The spoken set is `bench/stt-sentences.tsv` (lang<TAB>text), made into audio at run time, never kept:
English by piper (the bundled joe-medium voice) and espeak-ng en-us at 150 and 190 words a minute;
Korean by espeak-ng's Korean voice (the only offline Korean voice here; Whisper base hears it poorly,
so its figures are reported apart). Each utterance gets 0.3 s of silence before it (the endpointer's
pre-roll) and 0.2 s after (where speculative STT starts).

Every utterance goes through `SpeechRecognizer.transcribe`, the daemon's path (the short 10 s context),
loaded as the daemon loads it (int8, default threads), once per model; each beam size is run with the
prompt off and on, every setting on one clip back to back, so that a shared machine's load falls on
all settings alike. English runs with `language` = auto (the default config), Korean with `--ko-language`
(default ko). Scores: English word error rate, Korean character error rate without spaces, both after
`jarvisd.voice.accuracy`'s normalisation (numbers as digits), pooled over the set (edits / reference
length). Latency: wall time of `transcribe` per utterance, p50/p95, and the process's CPU seconds per
utterance, p50 (steadier than wall time on a shared machine; the mean load average is printed too).

`--speeds` also runs every setting on each clip slowed to these speeds first (`jarvisd.voice.wake.slowed`,
WSOLA, pitch kept; its time is in the latency): whether fast speech is heard better slowed. `--nbest N`
asks the largest beam without the prompt for its N best hypotheses on each English clip and reports the
oracle WER (each clip's hypothesis closest to the reference): what rescoring Whisper's own candidates (by
a language model, say) could win at most, without another model or decoding.

The `noise` set is non-speech: digital silence, room noise (white, pink, brown, hum, fan), and sounds
(typing, knocks, beeps, a ring tone, music, clapping, a whistle, a cough-like burst, running water), all
generated. For each it counts transcripts that are not empty and those that the pipeline's hallucination
guard (`jarvisd.voice.guard.rejection_reason`) would still let through as a turn. In the daemon most of
these never reach Whisper (Silero VAD must hear `min_speech_ms` of speech first); this is the worst case.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.config import load_config  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.accuracy import errors  # noqa: E402
from jarvisd.voice.audio import MIC_RATE, resample, rms_dbfs  # noqa: E402
from jarvisd.voice.build import voice_path  # noqa: E402
from jarvisd.voice.guard import normalize_text, rejection_reason  # noqa: E402
from jarvisd.voice.pulse import espeak_utterance  # noqa: E402
from jarvisd.voice.stt import SPEECH_PROMPT, SpeechRecognizer  # noqa: E402
from jarvisd.voice.tts import SpeechSynthesizer  # noqa: E402
from jarvisd.voice.wake import slowed  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SENTENCES = ROOT / "bench" / "stt-sentences.tsv"
ESPEAK_EN = (("espeak-150", "en-us", 150), ("espeak-190", "en-us", 190))
ESPEAK_KO = (("espeak-ko-150", "ko", 150),)


@dataclass
class Clip:
    lang: str  # "en", "ko" or "noise"
    voice: str
    text: str
    audio: np.ndarray


@dataclass
class Score:
    edits: int = 0
    length: int = 0
    wrong: int = 0  # utterances with any error
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # CPU seconds of the process (all of Whisper's threads)
    nonempty: int = 0
    passed_guard: int = 0
    other_lang: int = 0  # detected outside the utterance's language
    rows: list[dict] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.edits / max(1, self.length)


def read_sentences(path: Path) -> list[tuple[str, str]]:
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, text = line.split("\t", 1)
            pairs.append((lang.strip(), text.strip()))
    tuning = _tuning_sentences()
    reused = [text for _, text in pairs if normalize_text(text) in tuning]
    if reused:
        raise SystemExit(f"{path} reuses the tuning set's sentences (scripts/conversation_daemon.py): {reused}")
    return pairs


def _tuning_sentences() -> set[str]:
    sys.path.insert(0, str(ROOT / "scripts"))
    from conversation_daemon import CONVERSATION, parse_turns

    return {normalize_text(turn.text) for turn in parse_turns(CONVERSATION)}


def padded(audio: np.ndarray) -> np.ndarray:
    return np.concatenate([np.zeros(int(0.3 * MIC_RATE), np.float32), audio.astype(np.float32),
                           np.zeros(int(0.2 * MIC_RATE), np.float32)])


def speak(pairs: list[tuple[str, str]], langs: set[str], workdir: Path) -> list[Clip]:
    clips: list[Clip] = []
    synth = SpeechSynthesizer(voice_path(load_config())) if "en" in langs else None
    for i, (lang, text) in enumerate(pairs):
        if lang not in langs:
            continue
        if lang == "en" and synth is not None:
            speech = synth.synthesize(text)
            clips.append(Clip(lang, "piper-joe", text, padded(resample(speech.audio, speech.rate, MIC_RATE))))
        for name, voice, speed in ESPEAK_EN if lang == "en" else ESPEAK_KO:
            wav = espeak_utterance(text, workdir / f"{i:03d}-{name}.wav", speed, voice)
            clips.append(Clip(lang, name, text, padded(_read16(wav))))
    return clips


def _read16(path: Path) -> np.ndarray:
    from jarvisd.voice.audio import read_wav

    return read_wav(path, MIC_RATE)[0]


def _db(audio: np.ndarray, dbfs: float) -> np.ndarray:
    rms = float(np.sqrt(np.mean(np.square(audio)))) or 1.0
    return (audio / rms * 10 ** (dbfs / 20)).astype(np.float32)


def _bursts(rng: np.random.Generator, n: int, seconds: float, length: float, shape: float,
            tone: float | None = None) -> np.ndarray:
    """`n` decaying bursts at random times: clicks, knocks, claps, steps."""
    out = np.zeros(int(seconds * MIC_RATE), np.float32)
    size = int(length * MIC_RATE)
    t = np.arange(size) / MIC_RATE
    for start in rng.integers(0, len(out) - size, n):
        body = np.sin(2 * np.pi * tone * t) if tone else rng.standard_normal(size)
        out[start:start + size] += (body * np.exp(-t / shape)).astype(np.float32)
    return out


def noise_clips(seconds: float = 2.5, seed: int = 21) -> list[Clip]:
    """Generated non-speech: silence, room noise and everyday sounds, at the levels a desk mic hears."""
    rng = np.random.default_rng(seed)
    n = int(seconds * MIC_RATE)
    t = np.arange(n) / MIC_RATE
    white = rng.standard_normal(n)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / MIC_RATE)
    pink = np.fft.irfft(spectrum / np.sqrt(np.maximum(freqs, 20)), n)
    brown = np.fft.irfft(spectrum / np.maximum(freqs, 20), n)
    hum = sum(np.sin(2 * np.pi * 50 * k * t) / k for k in (1, 2, 3, 5))
    fan = np.fft.irfft(spectrum * (freqs < 800), n) * (1 + 0.3 * np.sin(2 * np.pi * 7 * t))
    water = np.fft.irfft(spectrum * (freqs > 2000), n) * (1 + 0.5 * rng.random(n))
    gate = lambda on, period: ((t % period) < on).astype(np.float32)  # noqa: E731
    beeps = np.sin(2 * np.pi * 1000 * t) * gate(0.15, 0.5)
    ring = (np.sin(2 * np.pi * 440 * t) + np.sin(2 * np.pi * 480 * t)) * gate(1.0, 2.0)
    notes = np.array([261.6, 329.6, 392.0, 523.3, 440.0, 349.2])
    music = np.sin(2 * np.pi * notes[(t // 0.4).astype(int) % len(notes)] * t) * np.exp(-(t % 0.4) / 0.3) \
        + 0.5 * np.sin(2 * np.pi * 130.8 * t)
    whistle = np.sin(2 * np.pi * np.cumsum(1200 + 600 * np.sin(2 * np.pi * 0.8 * t)) / MIC_RATE)
    cough = np.fft.irfft(spectrum * ((freqs > 300) & (freqs < 3000)), n) * np.exp(-(t % 1.2) / 0.12)
    sounds = {
        "silence": np.zeros(n, np.float32),
        "dither -70 dBFS": _db(white, -70),
        "white -50 dBFS": _db(white, -50),
        "white -35 dBFS": _db(white, -35),
        "pink -45 dBFS": _db(pink, -45),
        "pink -30 dBFS": _db(pink, -30),
        "brown -35 dBFS": _db(brown, -35),
        "hum 50 Hz -35 dBFS": _db(hum, -35),
        "fan -35 dBFS": _db(fan, -35),
        "water -30 dBFS": _db(water, -30),
        "typing": _db(_bursts(rng, 14, seconds, 0.02, 0.004), -35) + _db(white, -60),
        "knocks": _db(_bursts(rng, 3, seconds, 0.15, 0.03, tone=90.0), -30),
        "clapping": _db(_bursts(rng, 8, seconds, 0.05, 0.01), -28),
        "beeps 1 kHz": _db(beeps, -30),
        "ring tone": _db(ring, -30),
        "music": _db(music, -28) + _db(pink, -55),
        "whistle": _db(whistle, -30),
        "cough-like": _db(cough, -28) + _db(white, -60),
    }
    return [Clip("noise", name, "", np.asarray(audio, np.float32)) for name, audio in sounds.items()]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def run(recognizer: SpeechRecognizer, clips: list[Clip], settings: list[tuple[int, str, float]],
        ko_language: str) -> tuple[list[dict[str, Score]], list[float]]:
    """Every clip under every setting back to back (beam and prompt are plain attributes), so the load
    of a shared machine falls on all settings alike; the load average is sampled per clip."""
    scores: list[dict[str, Score]] = [{} for _ in settings]
    loads = []
    for n, clip in enumerate(clips, 1):
        language = ko_language if clip.lang == "ko" else "auto"
        for (beam, prompt, speed), by_key in zip(settings, scores, strict=True):
            recognizer.beam_size, recognizer.prompt = beam, prompt
            recognizer._last_encoded = None  # each setting pays for its own encoder pass
            cpu, wall = time.process_time(), time.perf_counter()
            result = recognizer.transcribe(clip.audio if speed == 1.0 else slowed(clip.audio, speed), language=language)
            cpu, seconds = time.process_time() - cpu, time.perf_counter() - wall
            edits, length = errors(clip.text, result.text, clip.lang) if clip.lang != "noise" else (0, 0)
            passed = rejection_reason(result.text, rms_dbfs(clip.audio), result.no_speech_prob,
                                      result.avg_logprob) is None
            for key in (clip.lang, f"{clip.lang}/{clip.voice}"):
                s = by_key.setdefault(key, Score())
                s.edits += edits
                s.length += length
                s.wrong += edits > 0
                s.seconds.append(seconds)
                s.cpu.append(cpu)
                s.nonempty += bool(result.text.strip())
                s.passed_guard += bool(result.text.strip()) and passed
                s.other_lang += clip.lang != "noise" and result.lang != clip.lang
            by_key[f"{clip.lang}/{clip.voice}"].rows.append(
                {"beam": beam, "prompt": bool(prompt), "speed": speed, "voice": clip.voice, "text": clip.text, "heard": result.text,
                 "lang": result.lang, "edits": edits, "seconds": round(seconds, 3), "cpu": round(cpu, 3),
                 "no_speech_prob": round(result.no_speech_prob, 3), "avg_logprob": round(result.avg_logprob, 3),
                 "passes_guard": passed})
        loads.append(os.getloadavg()[0])
        if n % 25 == 0:
            print(f"  {n}/{len(clips)} clips", flush=True)
    return scores, loads


def nbest_oracle(recognizer: SpeechRecognizer, clips: list[Clip], beam: int, n: int) -> tuple[int, int, int]:
    """Edits of the top hypothesis and of the best of Whisper's `n` (by the reference), and the reference
    length, over the English clips: the short path's decoding without the prompt, language en."""
    from faster_whisper.tokenizer import Tokenizer

    model = recognizer.model
    tokenizer = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language="en")
    prompt = [*tokenizer.sot_sequence, tokenizer.no_timestamps]
    top = best = length = 0
    for clip in clips:
        if clip.lang != "en":
            continue
        encoded, _ = recognizer._encoded(clip.audio)
        result = model.model.generate(encoded, [prompt], beam_size=max(beam, n), num_hypotheses=n,
                                      max_length=len(prompt) + 10 + int(12 * len(clip.audio) / MIC_RATE),
                                      suppress_blank=True, suppress_tokens=[-1])[0]
        scored = [errors(clip.text, tokenizer.decode(ids).strip(), "en") for ids in result.sequences_ids]
        top += scored[0][0]
        best += min(e for e, _ in scored)
        length += scored[0][1]
    return top, best, length


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--beams", default="1,2,5", help="beam sizes, comma-separated")
    parser.add_argument("--prompt", default=SPEECH_PROMPT, help="the domain prompt tried against none")
    parser.add_argument("--sets", default="en,ko,noise", help="which of en, ko, noise to run")
    parser.add_argument("--ko-language", default="ko", choices=("ko", "auto"), help="language for the Korean set")
    parser.add_argument("--model", action="append", default=[],
                        help="NAME=DIR of another faster-whisper model folder to measure (repeatable); "
                             "whisper-base from the manifest is always measured")
    parser.add_argument("--speeds", default="1", help="also run each setting on the clips slowed to these speeds")
    parser.add_argument("--nbest", type=int, default=0, help="report the oracle WER of this many hypotheses")
    parser.add_argument("--sentences", type=Path, default=SENTENCES)
    parser.add_argument("--every", type=int, default=1, help="take every Nth sentence (a quicker, smaller run)")
    parser.add_argument("--json", type=Path, help="write every transcript here")
    args = parser.parse_args()
    sets = set(args.sets.split(","))
    beams = [int(b) for b in args.beams.split(",")]

    store = ModelStore(load_config().paths.models_dir)
    store.prepare("whisper-base")
    models = {"base": store.path("whisper-base"), **dict(m.split("=", 1) for m in args.model)}
    with tempfile.TemporaryDirectory(prefix="jarvisd-bench-stt-") as tmp:
        started = time.perf_counter()
        clips = speak(read_sentences(args.sentences)[::args.every], sets, Path(tmp))
    clips += noise_clips() if "noise" in sets else []
    counts = {lang: sum(c.lang == lang for c in clips) for lang in ("en", "ko", "noise")}
    print(f"{len(clips)} clips ({counts}) made in {time.perf_counter() - started:.0f} s; "
          f"speech {sum(len(c.audio) for c in clips if c.lang != 'noise') / MIC_RATE / max(1, counts['en'] + counts['ko']):.1f} s "
          "a clip on average", flush=True)

    results: list[dict] = []
    prompts = ("", args.prompt) if args.prompt else ("",)
    settings = [(beam, prompt, float(speed)) for beam in beams for prompt in prompts for speed in args.speeds.split(",")]
    for name, folder in models.items():
        recognizer = SpeechRecognizer(Path(folder))  # as the daemon loads it: language auto, default threads
        recognizer.transcribe(clips[0].audio)  # warm up
        scores, loads = run(recognizer, clips, settings, args.ko_language)
        results += [{"model": name, "beam": beam, "prompt": bool(prompt), "speed": speed, "scores": by_key,
                     "load": statistics.mean(loads)} for (beam, prompt, speed), by_key in zip(settings, scores, strict=True)]
        if args.nbest and "en" in sets:
            top, best, length = nbest_oracle(recognizer, clips, max(beams), args.nbest)
            print(f"{name}: English WER of the top hypothesis {top / max(1, length):.3f}, of the best of "
                  f"{args.nbest} (oracle) {best / max(1, length):.3f}", flush=True)

    print()
    print(f"prompt: {args.prompt!r}")
    print(header())
    for r in results:
        print(row(r))
    if "en" in sets:
        print("\nEnglish WER per voice:")
        voices = sorted(k for k in results[0]["scores"] if k.startswith("en/"))
        print(f"{'model':6} {'beam':>4} {'prompt':>6} {'speed':>5} " + " ".join(f"{v[3:]:>11}" for v in voices))
        for r in results:
            print(f"{r['model']:6} {r['beam']:>4} {'on' if r['prompt'] else 'off':>6} {r['speed']:>5} "
                  + " ".join(f"{r['scores'][v].rate:>11.3f}" for v in voices))
    if args.json:
        args.json.write_text(json.dumps(
            [{**{k: v for k, v in r.items() if k != "scores"},
              "rows": [row for key, s in r["scores"].items() if "/" in key for row in s.rows]} for r in results],
            ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"\ntranscripts: {args.json}")
    return 0


def header() -> str:
    return (f"{'model':6} {'beam':>4} {'prompt':>6} {'speed':>5} | {'en WER':>6} {'wrong':>6} {'!en':>5} {'p50 s':>6} {'p95 s':>6} {'cpu s':>6} "
            f"| {'ko CER':>6} {'wrong':>6} {'p50 s':>6} | {'noise text':>10} {'past guard':>10} | {'load':>4}")


def row(r: dict) -> str:
    s = r["scores"]
    en, ko, noise = s.get("en", Score()), s.get("ko", Score()), s.get("noise", Score())
    n_en, n_ko, n_noise = len(en.seconds), len(ko.seconds), len(noise.seconds)
    return (f"{r['model']:6} {r['beam']:>4} {'on' if r['prompt'] else 'off':>6} {r['speed']:>5} | {en.rate:>6.3f} "
            f"{f'{en.wrong}/{n_en}':>6} {en.other_lang:>5} {percentile(en.seconds, 50):>6.2f} {percentile(en.seconds, 95):>6.2f} {percentile(en.cpu, 50):>6.2f} "
            f"| {ko.rate:>6.3f} {f'{ko.wrong}/{n_ko}':>6} {percentile(ko.seconds, 50):>6.2f} "
            f"| {f'{noise.nonempty}/{n_noise}':>10} {f'{noise.passed_guard}/{n_noise}':>10} | {r['load']:>4.1f}")


if __name__ == "__main__":
    raise SystemExit(main())
