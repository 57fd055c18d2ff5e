"""Wake word benchmark (issue 21 item 3): false accepts per hour, misses on "Hey Jarvis", idle CPU.

    .venv/bin/python scripts/bench_wake.py                       # 60 min non-wake speech, 100 wake phrases
    .venv/bin/python scripts/bench_wake.py --speech-min 20 --cpu-min 3 --cache /tmp/wake-bench

Builds (once, cached in --cache, default .bench-cache/wake; never committed):
  non-wake speech  --speech-min minutes of English conversation (the LoCoMo dev turns from ../shared/bench
                   when present, else built-in sentences; nothing with "jarvis" in it), spoken by piper
                   (joe-medium at three speeds and three noise scales) and espeak-ng (8 voices, 130-200
                   words/min), levels -32..-12 dBFS, 0.2-1.5 s gaps, over hiss/pink noise at 8-30 dB SNR
  wake phrases     --wake-n clips of "Hey Jarvis ..." (7 phrasings) in the same voices, at -38..-10 dBFS,
                   with noise at no/20/10 dB SNR, each between 1.5 s and 2.5 s of noise

Measures:
  false accepts    fires of each engine on the non-wake speech, scaled to per hour; with the second stage
                   (unless --no-verify), fires whose woken utterance (the pipeline's Endpointer, silence
                   rule) Whisper transcribes with a name `heard_wake_word` accepts
  misses           wake clips with no fire inside the clip (with the second stage: no confirmed fire)
  idle CPU         process CPU seconds per minute of audio through the real VoicePipeline (unpaced WAV
                   source, activation = wake) for the transcript engine (Whisper on every utterance) and
                   the openwakeword engine, on --cpu-min minutes of background hiss and of the non-wake
                   speech

Engines: `openwakeword` is jarvisd's (pyopen-wakeword hey_jarvis, run by WakeListener only on the first
--window seconds of each Silero utterance, threshold --threshold); `microwakeword` (pymicro-wakeword hey_jarvis, its own cutoff 0.97 over a
5-step mean, run on every frame) is measured beside it when installed, for the choice in docs/voice.md.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.config import load_config  # noqa: E402
from jarvisd.events import EventBus  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.paths import REPO_ROOT  # noqa: E402
from jarvisd.voice.activation import (  # noqa: E402
    LIKELY_FLOOR,
    OPENING_SEC,
    OTHER_OPENINGS,
    WAKE_OPENINGS,
    heard_wake_word,
    likely_wake_opening,
    wake_opening_score,
)
from jarvisd.voice.audio import FRAME_SAMPLES, MIC_RATE, read_wav, resample, write_wav  # noqa: E402
from jarvisd.voice.build import build_pipeline, voice_path  # noqa: E402
from jarvisd.voice.endpointing import Endpointer, SileroStream, Utterance  # noqa: E402
from jarvisd.voice.events import TurnStarted, UtteranceDropped, WakeWordHeard  # noqa: E402
from jarvisd.voice.files import WavFileSink, WavFileSource  # noqa: E402
from jarvisd.voice.pipeline import WAKE_LEAD_SEC  # noqa: E402
from jarvisd.voice.settings import VoiceSettings, wake_slow_speeds  # noqa: E402
from jarvisd.voice.wake import HeyJarvisModel, WakeListener, WakeSettings, slowed  # noqa: E402

LOCOMO = REPO_ROOT.parent / "shared" / "bench" / "locomo-dev.json"
FALLBACK_SENTENCES = [
    "What is on my calendar tomorrow morning?", "I need to call the bank before noon.",
    "Harvey said the service was nervous about the survey.", "Hey Marcus, are you coming to dinner?",
    "The train to Boston leaves at half past six.", "Can you turn the music down a little?",
    "We should buy more coffee and some bread.", "Hey, did you see the game last night?",
    "Remind me to send the report to Mina by Friday.", "The printer on the second floor is out of paper.",
]
PIPER_VOICES = [("piper", ls, ns) for ls in (0.8, 1.0, 1.25) for ns in (0.4, 0.667, 0.9)]
ESPEAK_VOICES = [("espeak", v, s) for v in ("en-us", "en-gb", "en-gb-scotland", "en-029", "en-gb-x-rp",
                                            "en-us+f3", "en-us+m3", "en-gb+f2") for s in (130, 165, 200)]
WAKE_PHRASES = ["Hey Jarvis", "Hey Jarvis, what time is it?", "Hey Jarvis, turn off the lights.",
                "Hey, Jarvis.", "Hey Jarvis, what's on my agenda today?", "Hey Jarvis, remind me to call mom.",
                "Hey Jarvis, play some music."]
SEGMENT_SEC = 300  # the non-wake speech is written in 5-minute files


class Voices:
    """piper joe-medium and espeak-ng, 16 kHz float32 out."""

    def __init__(self) -> None:
        from piper import PiperVoice

        path = voice_path(load_config())
        self.piper = PiperVoice.load(str(path), config_path=f"{path}.json")
        self.tmp = Path(tempfile.mkdtemp(prefix="bench-wake-"))

    def say(self, voice: tuple, text: str) -> np.ndarray:
        if voice[0] == "piper":
            from piper import SynthesisConfig

            cfg = SynthesisConfig(length_scale=voice[1], noise_scale=voice[2])
            chunks = [c.audio_float_array for c in self.piper.synthesize(text, syn_config=cfg)]
            if not chunks:
                return np.zeros(0, np.float32)
            return resample(np.concatenate(chunks), self.piper.config.sample_rate, MIC_RATE)
        out = self.tmp / "e.wav"
        subprocess.run(["espeak-ng", "-v", voice[1], "-s", str(voice[2]), "-w", str(out), text], check=True)
        return read_wav(out, MIC_RATE)[0]


def at_level(audio: np.ndarray, dbfs: float) -> np.ndarray:
    rms = float(np.sqrt(np.mean(np.square(audio)))) if len(audio) else 0.0
    return audio if rms == 0 else (audio * (10 ** (dbfs / 20) / rms)).astype(np.float32)


def noise(rng: np.random.Generator, n: int, dbfs: float) -> np.ndarray:
    """White hiss or pink-ish (integrated) noise at `dbfs`."""
    white = rng.normal(0, 1, n).astype(np.float32)
    if rng.random() < 0.5:
        brown = np.cumsum(white)
        window = np.cumsum(np.concatenate([[0.0], brown]))
        drift = (window[800:] - window[:-800]) / 800  # 50 ms moving mean: removes the random walk's drift
        white = (brown[799:] - drift).astype(np.float32)
        white = np.concatenate([white, white[: n - len(white)]])
    return at_level(white, dbfs)


def sentences(seed: int) -> list[str]:
    texts = FALLBACK_SENTENCES
    if LOCOMO.is_file():
        turns = [t["text"] for conv in json.loads(LOCOMO.read_text()) for key, session in conv["conversation"].items()
                 if key.startswith("session_") and isinstance(session, list) for t in session]
        texts = [s.strip() for t in turns for s in re.split(r"(?<=[.!?])\s+", t) if 2 <= len(s.split()) <= 30]
    texts = [t for t in texts if "jarvis" not in t.lower()]
    random.Random(seed).shuffle(texts)
    return texts


HELD_OUT = 4000  # --held-out: sentences from here on in the shuffled list (the hour uses ~1,000 before it)


def set_prefix(draw: int) -> str:
    """The cache files' prefix of a draw: 0 the dev set, 1 the held-out set (--held-out), 2+ further held-out
    sets (--draw: other sentences, noise and voice/phrase/level pairings, for figures nothing was chosen on)."""
    return "" if not draw else "heldout-" if draw == 1 else f"draw{int(draw)}-"


def build_speech(cache: Path, minutes: float, voices: Voices, seed: int = 1, held_out: int = 0) -> list[Path]:
    files: list[Path] = []
    rng = np.random.default_rng(seed + 10 * held_out)
    texts = sentences(1)
    all_voices = PIPER_VOICES + ESPEAK_VOICES
    n_files = int(np.ceil(minutes * 60 / SEGMENT_SEC))
    k = 0 if not held_out else HELD_OUT + 2000 * (held_out - 1)  # ~500 sentences per 30 min
    for index in range(n_files):
        path = cache / f"{set_prefix(held_out)}nonwake-{index:02d}.wav"
        files.append(path)
        if path.exists():
            continue
        started, parts, total = time.perf_counter(), [], 0
        while total < SEGMENT_SEC * MIC_RATE:
            voice = all_voices[k % len(all_voices)]
            speech = at_level(voices.say(voice, texts[k % len(texts)]), rng.uniform(-32, -12))
            k += 1
            gap = np.zeros(int(rng.uniform(0.2, 1.5) * MIC_RATE), np.float32)
            parts += [gap, speech]
            total += len(gap) + len(speech)
        audio = np.concatenate(parts)[: SEGMENT_SEC * MIC_RATE]
        audio = audio + noise(rng, len(audio), float(np.clip(rng.uniform(-62, -40), -90, 0)))
        write_wav(path, np.clip(audio, -1, 1), MIC_RATE)
        print(f"  built {path.name} in {time.perf_counter() - started:.0f} s", flush=True)
    return files


def build_wake(cache: Path, n: int, voices: Voices, seed: int = 2,
               held_out: int = 0) -> tuple[Path, list[tuple[int, int, str]]]:
    """One WAV with `n` wake clips; returns it and each clip's (start, end, label) in samples. `held_out`:
    another draw (other noise, and each phrase in other voices, levels and noise than in the first set)."""
    name = f"{set_prefix(held_out)}wake-{n}"
    path, index_file = cache / f"{name}.wav", cache / f"{name}.json"
    if path.exists() and index_file.exists():
        return path, [tuple(c) for c in json.loads(index_file.read_text())]
    rng = np.random.default_rng(seed + 10 * held_out)
    all_voices = PIPER_VOICES + ESPEAK_VOICES
    parts, clips, pos = [], [], 0
    shift = 3 if held_out == 1 else max(0, held_out - 1)  # draw 2: shift 1 (its voice/phrase pairs are new)
    for i in range(n):
        voice = all_voices[(i * 7 + shift * 4) % len(all_voices)]
        phrase = WAKE_PHRASES[(i + shift) % len(WAKE_PHRASES)]
        level = [-38, -30, -22, -16, -10][(i + shift) % 5]
        snr = [None, 20, 10][((i + 2 * shift) // 5) % 3]
        speech = at_level(voices.say(voice, phrase), level)
        lead, tail = (np.zeros(int(s * MIC_RATE), np.float32) for s in (1.5, 2.5))
        clip = np.concatenate([lead, speech, tail])
        floor = level - snr if snr is not None else -70
        clip = clip + noise(rng, len(clip), floor)
        clips.append((pos, pos + len(clip), f"{voice[0]}:{voice[1]}:{voice[2]} {level} dBFS snr={snr} '{phrase}'"))
        parts.append(clip)
        pos += len(clip)
    write_wav(path, np.clip(np.concatenate(parts), -1, 1), MIC_RATE)
    index_file.write_text(json.dumps(clips))
    return path, clips


NAMES = ["John", "Travis", "Davis", "Mavis", "Harvey", "Marcus", "Jason", "Charles", "Doris", "Darius",
         "Chavez", "Garvey", "Jarrod", "James", "Jasmine", "Carlos", "Marvin", "Jeremy", "Curtis", "Thomas"]
NAME_RESTS = ["what time is it?", "are you coming to dinner?", "did you see the game last night?"]
NAME_VOICES = [("piper", 1.0, 0.667), ("piper", 0.8, 0.667), ("piper", 1.25, 0.4)] + \
    [("espeak", v, s) for v in ("en-us", "en-gb", "en-gb-scotland", "en-029", "en-gb-x-rp", "en-us+f3",
                                "en-us+m3", "en-gb+f2") for s in (130, 200)]


def build_names(cache: Path, voices: Voices, seed: int = 7) -> Path:
    """--names: "Hey <name>, ..." for 20 names that sound a little like Jarvis (or that the model fires on), each in
    3 piper and 16 espeak-ng voices, -38..-10 dBFS, no/20/10 dB SNR, each between 1.5 s and 2.5 s of noise (380 clips).
    Counted as other speech: every confirmed fire on it is a false accept of someone talking to a Travis."""
    path = cache / "names.wav"
    if path.exists():
        return path
    rng = np.random.default_rng(seed)
    parts, k = [], 0
    for name in NAMES:
        for voice in NAME_VOICES:
            level = [-38, -30, -22, -16, -10][k % 5]
            speech = at_level(voices.say(voice, f"Hey {name}, {NAME_RESTS[k % len(NAME_RESTS)]}"), level)
            clip = np.concatenate([np.zeros(int(1.5 * MIC_RATE), np.float32), speech, np.zeros(int(2.5 * MIC_RATE), np.float32)])
            snr = [None, 20, 10][(k // 5) % 3]
            parts.append(clip + noise(rng, len(clip), level - snr if snr else -70))
            k += 1
    write_wav(path, np.clip(np.concatenate(parts), -1, 1), MIC_RATE)
    return path


# --- detection -----------------------------------------------------------------------------------------

class _Recorder:
    """Passes the model's scores through and keeps the best one of each call."""

    def __init__(self, model: HeyJarvisModel) -> None:
        self.model, self.best = model, None

    def scores(self, frame: np.ndarray) -> list[float]:
        out = self.model.scores(frame)
        self.best = max([self.best or 0.0, *out])
        return out

    def state(self) -> tuple:
        return self.model.state()

    def restore(self, state: tuple) -> None:
        self.model.restore(state)

    def forget(self) -> None:
        self.model.forget()

    def prime(self, frame: np.ndarray) -> None:
        self.model.prime(frame)


class OpenWakeWordEngine:
    """jarvisd's engine: Silero-gated WakeListener over hey_jarvis. Scores are recorded once and the
    fires computed for several thresholds (gating does not depend on the threshold)."""

    name = "openwakeword"

    def __init__(self, threshold: float, ungated: bool = False, window_sec: float | None = 2.5,
                 preroll_sec: float = WakeSettings.preroll_sec, agc: bool = WakeSettings.agc,
                 probe_sec: float | None = WakeSettings.probe_sec,
                 slow_speeds: tuple[float, ...] = WakeSettings.slow_speeds,
                 slow_floor: float = WakeSettings.slow_floor, fresh_context: bool = WakeSettings.fresh_context,
                 preroll_embed_sec: float | None = WakeSettings.preroll_embed_sec) -> None:
        self.model = HeyJarvisModel.from_store(ModelStore(load_config().paths.models_dir))
        self.threshold, self.ungated = threshold, ungated
        # never fires (threshold 2): every score is recorded; the slowed copy is scored for peaks in
        # [slow_floor, threshold), so with slowing only the row at `threshold` is what the pipeline does
        self.listener_settings = WakeSettings(threshold=2.0, window_sec=window_sec, preroll_sec=preroll_sec,
                                              gap_sec=pipeline_settings().endpoint.trailing_silence_ms / 1000,
                                              agc=agc, probe_sec=probe_sec, slow_speeds=slow_speeds,
                                              slow_floor=slow_floor, slow_ceiling=threshold,
                                              fresh_context=fresh_context, preroll_embed_sec=preroll_embed_sec)
        self.probs: list[float] = []  # the VAD's speech probability per frame of the last `scores` call
        self.slow_checks = 0  # slowed copies scored in the last `scores` call

    def scores(self, audio: np.ndarray) -> tuple[list[tuple[int, float]], float]:
        recorder = _Recorder(self.model)
        vad, listener = SileroStream(), WakeListener(recorder, self.listener_settings)
        self.listener = listener
        cpu, out, self.probs, self.slowed_at = 0.0, [], [], []
        for i in range(0, len(audio) - FRAME_SAMPLES + 1, FRAME_SAMPLES):
            frame = audio[i:i + FRAME_SAMPLES]
            prob = vad.probability(frame)
            self.probs.append(prob)
            speech = self.ungated or prob >= 0.5
            recorder.best = None
            checks = listener.slow_checks
            t = time.process_time()
            listener.hear(frame, speech)
            cpu += time.process_time() - t
            if recorder.best is not None:
                out.append((i + FRAME_SAMPLES, recorder.best))
            if listener.slow_checks > checks:
                self.slowed_at.append(i + FRAME_SAMPLES)
        self.slow_checks = listener.slow_checks
        return out, cpu

    def fires(self, audio: np.ndarray, threshold: float | None = None) -> tuple[list[int], float]:
        scored, cpu = self.scores(audio)
        return fires_at(scored, self.threshold if threshold is None else threshold), cpu


def slowed_below(scored: list[tuple[int, float]], slowed_at: list[int],
                 slow_threshold: float | None) -> list[tuple[int, float]]:
    """`voice.wake_slow_threshold`: a slowed copy's score below it is no fire (the frame's own-pace score is
    below the threshold there, else the copy would not have been scored: 0 stands for it)."""
    if slow_threshold is None or not slowed_at:
        return scored
    marked = set(slowed_at)
    return [(p, 0.0 if p in marked and s < slow_threshold else s) for p, s in scored]


def fires_at(scored: list[tuple[int, float]], threshold: float, refractory: int = 2 * MIC_RATE) -> list[int]:
    out: list[int] = []
    for pos, score in scored:
        if score >= threshold and (not out or pos - out[-1] >= refractory):
            out.append(pos)
    return out


class MicroWakeWordEngine:
    name = "microwakeword"

    def __init__(self) -> None:
        from pymicro_wakeword import MicroWakeWord, MicroWakeWordFeatures, Model

        self.model = MicroWakeWord.from_builtin(Model.HEY_JARVIS)
        self.features_cls = MicroWakeWordFeatures

    def fires(self, audio: np.ndarray) -> tuple[list[int], float]:
        self.model.reset()
        features, out, quiet = self.features_cls(), [], 0
        pcm = (np.clip(audio, -1, 1) * 32767).astype(np.int16)
        started = time.process_time()
        step = 1280
        for i in range(0, len(pcm), step):
            for f in features.process_streaming(pcm[i:i + step].tobytes()):
                if self.model.process_streaming(f) and i >= quiet:
                    out.append(i + step)
                    quiet = i + 2 * MIC_RATE
        return out, time.process_time() - started


THRESHOLDS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def pipeline_settings() -> VoiceSettings:
    return VoiceSettings.from_config(load_config().voice)


@dataclasses.dataclass
class Segment:
    """One utterance as the pipeline's endpointer cuts it (silence rule), in samples of its file."""
    start: int
    end: int
    audio: np.ndarray


def segments(audio: np.ndarray, probs: list[float]) -> list[Segment]:
    """The endpointer over recorded VAD probabilities, by silence (`voice.trailing_silence_ms`): the
    utterances the pipeline would hand to Whisper. (Woken ones end by Smart Turn in the daemon; the bench
    cuts every one by silence, so its transcripts do not depend on that model.)"""
    ep, out = Endpointer(dataclasses.replace(pipeline_settings().endpoint, end_of_turn="silence")), []
    for k, prob in enumerate(probs):
        i = k * FRAME_SAMPLES
        u = ep.push(audio[i:i + FRAME_SAMPLES], prob, (i + FRAME_SAMPLES) / MIC_RATE)
        if isinstance(u, Utterance):
            out.append(Segment(round(u.started_at * MIC_RATE), round(u.ended_at * MIC_RATE), u.audio))
    if (u := ep.finish(len(audio) / MIC_RATE)) is not None:
        out.append(Segment(round(u.started_at * MIC_RATE), len(audio), u.audio))
    return out


def woken(segs: list[Segment], fires: list[int]) -> list[tuple[Segment, int]]:
    """The utterances the pipeline would call woken, with the fire that woke each: the latest fire
    before the utterance ended, no more than WAKE_LEAD_SEC before it began (`VoicePipeline._woke`)."""
    out, lead = [], round(WAKE_LEAD_SEC * MIC_RATE)
    for seg in segs:
        before = [f for f in fires if f <= seg.end]
        if before and before[-1] >= seg.start - lead:
            out.append((seg, before[-1]))
    return out


def cached_scores(engine: OpenWakeWordEngine, path: Path, audio: np.ndarray) -> tuple[list[tuple[int, float]], float]:
    """`engine.scores`, kept beside the audio (per window setting, with the model CPU it took) so that a
    second run with another verification rule does not score the hour again."""
    ws = engine.listener_settings
    newer = (f"-probe{ws.probe_sec:g}-{ws.probe_floor:g}" if ws.probe_sec else "") + \
        (f"-slow{'+'.join(f'{x:g}' for x in ws.slow_speeds)}-{ws.slow_floor:g}-{ws.slow_ceiling:g}" if ws.slow_speeds else "") + \
        ("-fresh" if ws.fresh_context else "") + \
        (f"-embed{ws.preroll_embed_sec:g}" if ws.preroll_embed_sec is not None else "")
    key = path.with_name(f"{path.stem}.scores-w{ws.window_sec or 0:g}-g{ws.gap_sec:g}-p{ws.preroll_sec:g}"
                         f"{'-ungated' if engine.ungated else ''}{'-agc' if ws.agc else ''}{newer}.npz")
    if key.exists():
        data = np.load(key)
        engine.probs = data["probs"].tolist()
        engine.slow_checks = int(data["slow_checks"]) if "slow_checks" in data else 0
        engine.slowed_at = data["slowed_at"].tolist() if "slowed_at" in data else []
        return [(int(p), float(s)) for p, s in data["scored"]], float(data["cpu"])
    scored, cpu = engine.scores(audio)
    np.savez(key, scored=np.array(scored, dtype=np.float64).reshape(-1, 2), probs=np.array(engine.probs), cpu=cpu,
             slow_checks=engine.slow_checks, slowed_at=np.array(engine.slowed_at, dtype=np.int64))
    return scored, cpu


class Transcripts:
    """Whisper (as configured: `load_recognizer`) on utterances, cached in the bench cache by file and span."""

    def __init__(self, cache: Path) -> None:
        beam = int(load_config().voice.stt_beam)   # transcripts differ by beam: one cache per beam
        self.path = cache / ("transcripts.json" if beam == 1 else f"transcripts-beam{beam}.json")
        self.known: dict[str, str] = json.loads(self.path.read_text()) if self.path.exists() else {}
        self.recognizer = None
        self.new = 0
        self.openings: dict[str, dict[str, list[float]]] | None = None

    def text(self, name: str, seg: Segment) -> str:
        key = f"{name}:{seg.start}:{seg.end}"
        if key not in self.known:
            if self.recognizer is None:
                from jarvisd.voice.build import load_recognizer

                self.recognizer = load_recognizer(load_config())
            self.known[key] = self.recognizer.transcribe(seg.audio).text
            self.new += 1
            if self.new % 20 == 0:
                self.save()
        return self.known[key]

    def save(self) -> None:
        self.path.write_text(json.dumps(self.known, ensure_ascii=False, indent=0))

    def likely(self, name: str, seg: Segment) -> bool:
        """The likelihood rule (`voice.wake_verify = likelihood`) on an utterance: does Whisper find a wake
        opening likely for it (`likely_wake_opening`)? Opening log-probs cached in <cache>/openings.json."""
        if self.openings is None:
            self.openings_path = self.path.with_name("openings.json")
            self.openings = json.loads(self.openings_path.read_text()) if self.openings_path.exists() else {}
        key, wanted = f"{name}:{seg.start}:{seg.end}", WAKE_OPENINGS + OTHER_OPENINGS
        if any(o not in self.openings.get(key, {}) for o in wanted):
            if self.recognizer is None:
                from jarvisd.voice.build import load_recognizer

                self.recognizer = load_recognizer(load_config())
            self.openings[key] = dict(zip(wanted, self.recognizer.opening_logprobs(seg.audio, wanted), strict=True))
            self.openings_path.write_text(json.dumps(self.openings))
        return likely_wake_opening([self.openings[key][o] for o in wanted]) is not None


def detection(engine, speech_files: list[Path], wake_wav: Path, clips: list,
              transcripts: Transcripts | None = None, dump: Path | None = None, likelihood: bool = False,
              slow_threshold: float | None = None, opening_sec: float = 0.0,
              slow_confirm: tuple[float, ...] = (), slow_all: bool = False) -> list[dict]:
    """One row per threshold (openwakeword) or one row (microwakeword, its own cutoff). With
    `transcripts`, each row also counts what the second stage lets through: a fire takes a turn only
    when Whisper's transcript of an utterance it woke passes `heard_wake_word` (or, with `likelihood`,
    when Whisper finds a wake opening likely for it: `likely_wake_opening`)."""
    sweep = isinstance(engine, OpenWakeWordEngine)
    verify = transcripts is not None and sweep
    fa_scores, fa_segs, secs, cpu, slow_checks = [], [], 0.0, 0.0, 0
    for path in speech_files:
        audio = read_wav(path, MIC_RATE)[0]
        scored, spent = cached_scores(engine, path, audio) if sweep else engine.fires(audio)
        slow_checks += getattr(engine, "slow_checks", 0)
        scored = slowed_below(scored, getattr(engine, "slowed_at", []), slow_threshold) if sweep else scored
        fa_scores.append(scored)
        fa_segs.append(segments(audio, engine.probs) if verify else [])
        secs, cpu = secs + len(audio) / MIC_RATE, cpu + spent
    wake_audio = read_wav(wake_wav, MIC_RATE)[0]
    wake_scored = cached_scores(engine, wake_wav, wake_audio)[0] if sweep else engine.fires(wake_audio)[0]
    if sweep:
        wake_scored = slowed_below(wake_scored, engine.slowed_at, slow_threshold)
    wake_segs = segments(wake_audio, engine.probs) if verify else []
    phrases = pipeline_settings().wake_phrases
    seen: dict[str, list] = {"wake": [], "nonwake": []}

    def passed(name: str, woke: list[tuple[Segment, int]], kind: str) -> set[int]:
        """The fires whose woken utterance Whisper confirms (with `opening_sec`: its opening, as the pipeline's
        `voice.wake_confirm = opening` does before it runs the woken-utterance path)."""
        ok = set()
        for seg, fire in woke:
            if opening_sec:
                head = Segment(seg.start, seg.start + min(len(seg.audio), round(opening_sec * MIC_RATE)),
                               seg.audio[: round(opening_sec * MIC_RATE)])
                text = transcripts.text(name, head)  # the pipeline skips it when the likelihood check passes
                good = (likelihood and transcripts.likely(name, head)) or heard_wake_word(text, phrases)
                near = likelihood and (slow_all or wake_opening_score(  # as confirm_opening: the floor reached
                    [transcripts.openings[f"{name}:{head.start}:{head.end}"][o] for o in WAKE_OPENINGS + OTHER_OPENINGS])
                    >= LIKELY_FLOOR)
                good = good or (near and any(transcripts.likely(f"{name}@{speed:g}", Segment(
                    head.start, head.end, slowed(head.audio, speed))) for speed in slow_confirm))
                seen[kind].append((f"{name}:{seg.start / MIC_RATE:.1f}s", text, good))
                if good:
                    ok.add(fire)
                continue
            text = transcripts.text(name, seg)
            good = heard_wake_word(text, phrases) or (likelihood and transcripts.likely(name, seg))
            seen[kind].append((f"{name}:{seg.start / MIC_RATE:.1f}s", text, good))
            if good:
                ok.add(fire)
        return ok

    rows = []
    for threshold in (THRESHOLDS if sweep else (None,)):
        fa_fires = [fires_at(s, threshold) if sweep else s for s in fa_scores]
        fa = sum(len(f) for f in fa_fires)
        fired = fires_at(wake_scored, threshold) if sweep else wake_scored
        caught = [any(s <= f <= e for f in fired) for s, e, _ in clips]
        missed = [label for (s, e, label), ok in zip(clips, caught, strict=True) if not ok]
        row = {"engine": engine.name, "threshold": threshold, "speech_hours": secs / 3600,
               "false_accepts": fa, "fa_per_hour": fa / (secs / 3600), "caught": sum(caught),
               "clips": len(clips), "model_cpu_sec_per_min_speech": cpu / (secs / 60), "missed": missed,
               "slow_checks_per_hour": slow_checks / (secs / 3600)}
        if verify:
            fa_ok = sum(len(passed(p.name, woken(segs, f), "nonwake"))
                        for p, segs, f in zip(speech_files, fa_segs, fa_fires, strict=True))
            wake_ok = passed(wake_wav.name, woken(wake_segs, fired), "wake")
            v_caught = [any(s <= f <= e for f in wake_ok) for s, e, _ in clips]
            row.update(verified_false_accepts=fa_ok, verified_fa_per_hour=fa_ok / (secs / 3600),
                       verified_caught=sum(v_caught),
                       verified_missed=[label for (s, e, label), ok in zip(clips, v_caught, strict=True) if not ok])
        rows.append(row)
    if verify:
        transcripts.save()
        if dump is not None:
            dump.write_text(json.dumps({k: sorted(set(v)) for k, v in seen.items()}, indent=1, ensure_ascii=False))
    return rows


# --- idle CPU through the pipeline -------------------------------------------------------------------

class _CountingRecognizer:
    """The recognizer, its `transcribe` calls counted (speculative, final and the opening check's)."""

    def __init__(self, inner) -> None:
        self.inner, self.calls = inner, 0

    def transcribe(self, audio, language=None):
        self.calls += 1
        return self.inner.transcribe(audio, language)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def _wake_pipeline(wav: Path, models, *, engine: str, confirm: str | None, realtime: bool = False):
    """The daemon's pipeline in `wake` mode on a WAV file (answers nothing), and a lossless subscription to its bus.
    `confirm`: voice.wake_confirm (None: the configured one); `realtime`: paced as a microphone."""
    cfg = load_config()
    bus = EventBus()
    sub = bus.subscribe(maxsize=1_000_000, lossy=False)

    async def answer(text, lang, utterance_id):
        return
        yield ""

    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="wake", language="en",
                                   wake_engine=engine)
    if confirm is not None:
        settings = dataclasses.replace(settings, wake_confirm=confirm)
    pipeline = build_pipeline(cfg, answer, source=WavFileSource(wav, realtime=realtime), sink=WavFileSink(None),
                              models=models, bus=bus, settings=settings)
    return pipeline, sub


async def pipeline_cpu(wav: Path, engine: str, models, window_sec: float | None = 2.5,
                       preroll_sec: float = WakeSettings.preroll_sec,
                       fresh_context: bool = WakeSettings.fresh_context, confirm: str | None = None,
                       preroll_embed_sec: float | None = WakeSettings.preroll_embed_sec) -> dict:
    counted = _CountingRecognizer(models.recognizer)
    pipeline, sub = _wake_pipeline(wav, dataclasses.replace(models, recognizer=counted), engine=engine, confirm=confirm)
    if pipeline.wake is not None:  # --window 0: as before this window; --preroll
        pipeline.wake = WakeListener(pipeline.wake.model, dataclasses.replace(
            pipeline.wake.settings, window_sec=window_sec, preroll_sec=preroll_sec, fresh_context=fresh_context,
            preroll_embed_sec=preroll_embed_sec))
    cpu, wall = time.process_time(), time.perf_counter()
    await pipeline.start()
    await pipeline.run_until_source_ends()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    await pipeline.stop()
    events = []
    while not sub.queue.empty():
        events.append(sub.queue.get_nowait())
    minutes = (len(read_wav(wav, MIC_RATE)[0]) / MIC_RATE) / 60
    return {"engine": engine, "minutes": minutes, "transcriptions": counted.calls, "cpu_per_min": cpu / minutes, "wall_per_min": wall / minutes,
            "turns": sum(isinstance(e, TurnStarted) for e in events),
            "wakes": sum(isinstance(e, WakeWordHeard) for e in events),
            "not_transcribed": sum(isinstance(e, UtteranceDropped) and e.reason == "no wake word" for e in events),
            "unconfirmed": sum(isinstance(e, UtteranceDropped) and e.reason in (
                "wake word not in the transcript", "wake word not at the opening") for e in events)}


async def wake_latency(wav: Path, models, confirm: str) -> dict:
    """End of speech -> transcript for the wake clips in `wav`, through the real pipeline paced as a microphone
    (`activation = wake`, the configured wake listener, Smart Turn, `voice.wake_confirm = confirm`)."""
    from jarvisd.voice.events import SpeechEnded, Transcript

    pipeline, sub = _wake_pipeline(wav, models, engine="openwakeword", confirm=confirm, realtime=True)
    cpu = time.process_time()
    await pipeline.start()
    await pipeline.run_until_source_ends()
    cpu = time.process_time() - cpu
    await pipeline.stop()
    delays, ended = [], None
    while not sub.queue.empty():
        event = sub.queue.get_nowait()
        if isinstance(event, SpeechEnded):
            ended = event
        elif isinstance(event, Transcript) and ended is not None:
            delays.append(event.at - ended.speech_end_at)
            ended = None
    return {"confirm": confirm, "transcripts": len(delays), "delays": delays, "cpu": cpu}


def background(cache: Path, minutes: float) -> Path:
    path = cache / f"hiss-{minutes:g}min.wav"
    if not path.exists():
        rng = np.random.default_rng(3)
        n = int(minutes * 60 * MIC_RATE)
        write_wav(path, noise(rng, n, -55) + noise(rng, n, -60), MIC_RATE)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", type=Path, default=REPO_ROOT / ".bench-cache" / "wake")
    ap.add_argument("--speech-min", type=float, default=60.0)
    ap.add_argument("--wake-n", type=int, default=100)
    ap.add_argument("--cpu-min", type=float, default=5.0, help="minutes of each audio run through the pipeline")
    ap.add_argument("--threshold", type=float, default=load_config().voice.wake_threshold)
    ap.add_argument("--no-micro", action="store_true", help="skip pymicro-wakeword")
    ap.add_argument("--no-cpu", action="store_true", help="skip the pipeline CPU runs")
    ap.add_argument("--show-missed", action="store_true")
    ap.add_argument("--ungated", action="store_true", help="run openwakeword on every frame (diagnosis)")
    ap.add_argument("--window", type=float, default=2.5,
                    help="seconds of each utterance the model scores from its onset (0: all of it, as before)")
    ap.add_argument("--preroll", type=float, default=WakeSettings.preroll_sec,
                    help="seconds of audio before the VAD's onset the model catches up on")
    ap.add_argument("--no-verify", action="store_true",
                    help="skip the second stage (Whisper's transcript of each woken utterance must name Jarvis)")
    ap.add_argument("--verify", choices=("transcript", "likelihood"), default=load_config().voice.wake_verify
                    if load_config().voice.wake_verify != "off" else "likelihood",
                    help="the second stage's rule (voice.wake_verify): the transcript must name Jarvis, or that "
                         "or Whisper finds 'Hey Jarvis' the likely opening")
    ap.add_argument("--agc", choices=("on", "off"), default=load_config().voice.wake_agc,
                    help="level-normalize what the wake model hears (voice.wake_agc)")
    ap.add_argument("--probe", type=float, default=load_config().voice.wake_probe_sec,
                    help="the model rests for an utterance whose first PROBE seconds score below 0.005 "
                         "(voice.wake_probe_sec; 0: off)")
    ap.add_argument("--slow", type=lambda v: wake_slow_speeds(v) if v else (), default=None,
                    help="speeds of the slowed copy scored for near misses, e.g. 0.8 or 0.8,0.7 ('' : off; "
                         "default voice.wake_slow)")
    ap.add_argument("--slow-floor", type=float, default=WakeSettings.slow_floor,
                    help="the lowest peak score of an utterance that counts as a near miss (to be slowed)")
    ap.add_argument("--slow-threshold", type=float, default=WakeSettings.slow_threshold,
                    help="the score a slowed copy must reach to fire (default: the threshold)")
    ap.add_argument("--preroll-embed", type=lambda v: None if v in ("", "all") else float(v),
                    default=WakeSettings.preroll_embed_sec,
                    help="seconds of the pre-roll the model scores; the older part goes through the melspectrogram "
                         "only (WakeSettings.preroll_embed_sec; all: every step)")
    ap.add_argument("--fresh-context", choices=("on", "off"), default="on" if WakeSettings.fresh_context else "off",
                    help="each utterance starts from the model's context of silence, then the pre-roll "
                         "(WakeSettings.fresh_context; off: the last utterance's context)")
    ap.add_argument("--opening", type=float,
                    default=OPENING_SEC if VoiceSettings.wake_confirm == "opening" else 0.0,
                    help="confirm a fire on the first OPENING seconds of its woken utterance (likelihood, then "
                         "the transcript), as voice.wake_confirm = opening does (default: the daemon's, "
                         f"{OPENING_SEC} s; 0: the whole utterance, voice.wake_confirm = utterance)")
    ap.add_argument("--slow-confirm", type=lambda v: wake_slow_speeds(v) if v else (),
                    default=VoiceSettings.wake_confirm_slow,
                    help="with --opening: failing that, the likelihood check on the opening slowed to these speeds "
                         "(default: voice.wake_confirm_slow's; '' : off)")
    ap.add_argument("--latency", type=int, default=0,
                    help="end of speech -> transcript on the first LATENCY wake clips, paced, through the pipeline, "
                         "voice.wake_confirm = utterance and opening in turn")
    ap.add_argument("--latency-runs", type=int, default=2)
    ap.add_argument("--cpu-runs", type=int, default=1, help="pipeline CPU runs (each: every engine in turn)")
    ap.add_argument("--cpu-confirm", type=lambda v: v.split(","), default=[load_config().voice.wake_confirm],
                    help="voice.wake_confirm settings to run the openwakeword engine with, e.g. opening,utterance")
    ap.add_argument("--cpu-transcript-min", type=float, default=0.0,
                    help="run the transcript engine on the first minutes of the speech file only (its cost per minute "
                         "is even; the wake engine's is not: its false fires are a few per hour)")
    ap.add_argument("--no-hiss", action="store_true", help="skip the background-hiss CPU run")
    ap.add_argument("--slow-confirm-all", action="store_true",
                    help="the slowed likelihood check on every rejected opening (default: only where the wake opening "
                         "reached the floor at its own pace, as confirm_opening does)")
    ap.add_argument("--dump-transcripts", type=Path, help="write every woken utterance's transcript here (JSON)")
    ap.add_argument("--held-out", action="store_true",
                    help="a second corpus (other sentences, voices, levels and noise) for figures not tuned on")
    ap.add_argument("--draw", type=int, default=None,
                    help="which set: 0 dev, 1 held out (--held-out), 2+ further held-out draws (other sentences, noise "
                         "and voice/phrase/level pairings; built on first use)")
    ap.add_argument("--names", action="store_true",
                    help="count false accepts on 380 clips of 'Hey <name>, ...' for 20 names like Jarvis (Travis, Chavez, "
                         "John, ...) instead of the other speech; the per-hour figures then mean nothing, the counts do")
    ap.add_argument("--no-detection", action="store_true", help="only the pipeline CPU runs")
    args = ap.parse_args()
    if args.slow is None:
        args.slow = wake_slow_speeds(load_config().voice.wake_slow)
    args.cache.mkdir(parents=True, exist_ok=True)

    started = time.perf_counter()
    voices = Voices()
    draw = args.draw if args.draw is not None else int(args.held_out)
    speech = build_speech(args.cache, args.speech_min, voices, held_out=draw)
    wake_wav, clips = build_wake(args.cache, args.wake_n, voices, held_out=draw)
    if args.names:  # the names set stands in for the other speech: its "false accepts" are confirmed fires on names
        speech = [build_names(args.cache, voices)]
    print(f"corpus ready in {time.perf_counter() - started:.0f} s: {len(speech)} x {SEGMENT_SEC // 60} min "
          f"non-wake speech, {len(clips)} wake clips ({args.cache})", flush=True)

    window = args.window or None
    engines = [] if args.no_detection else [OpenWakeWordEngine(args.threshold, ungated=args.ungated, window_sec=window,
                                                                   preroll_sec=args.preroll, agc=args.agc == "on",
                                                                   probe_sec=args.probe or None, slow_speeds=args.slow,
                                                                   slow_floor=args.slow_floor,
                                                                   fresh_context=args.fresh_context == "on",
                                                                   preroll_embed_sec=args.preroll_embed)]
    transcripts = None if args.no_verify else Transcripts(args.cache)
    if not args.no_micro and not args.no_detection:
        try:
            engines.append(MicroWakeWordEngine())
        except ImportError:
            print("pymicro-wakeword not installed: measuring openwakeword only")
    for engine in engines:
        t = time.perf_counter()
        for r in detection(engine, speech, wake_wav, clips, transcripts, args.dump_transcripts,
                           likelihood=args.verify == "likelihood", slow_threshold=args.slow_threshold,
                           opening_sec=args.opening, slow_confirm=args.slow_confirm,
                           slow_all=args.slow_confirm_all):
            mark = " <- voice.wake_threshold" if r["threshold"] == args.threshold else ""
            cut = f"threshold {r['threshold']:.2f}" if r["threshold"] is not None else "its cutoff 0.97"
            print(f"{r['engine']:>14} {cut}: {r['false_accepts']} false accepts in {r['speech_hours']:.2f} h "
                  f"of speech = {r['fa_per_hour']:.1f}/h; caught {r['caught']}/{r['clips']} wake phrases "
                  f"({100 * r['caught'] / r['clips']:.0f}%){mark}", flush=True)
            if "verified_caught" in r:
                print(f"{'':>14}   verified ({args.verify}): {r['verified_false_accepts']} false accepts = "
                      f"{r['verified_fa_per_hour']:.1f}/h; caught {r['verified_caught']}/{r['clips']} "
                      f"({100 * r['verified_caught'] / r['clips']:.0f}%)", flush=True)
            if args.show_missed and (r["threshold"] in (None, args.threshold)):
                for label in r.get("verified_missed", r["missed"]):
                    print(f"      missed: {label}")
        print(f"{r['engine']:>14}: model CPU {r['model_cpu_sec_per_min_speech']:.2f} s per min of non-wake "
              f"speech (slowed near misses scored: {r['slow_checks_per_hour']:.0f}/h); {time.perf_counter() - t:.0f} s",
              flush=True)

    if args.latency:
        from jarvisd.voice.build import load_voice_models

        models = load_voice_models(load_config())
        wav = args.cache / f"{wake_wav.stem}-first{args.latency}.wav"
        if not wav.exists():
            write_wav(wav, read_wav(wake_wav, MIC_RATE)[0][: clips[args.latency - 1][1]], MIC_RATE)
        for run in range(args.latency_runs):
            for confirm in ("utterance", "opening"):
                r = asyncio.run(wake_latency(wav, models, confirm))
                d = np.array(r["delays"])
                print(f"latency run {run + 1}, wake_confirm = {confirm:>9}: {r['transcripts']} transcripts of "
                      f"{args.latency} clips; end of speech -> transcript median {np.median(d):.2f} s, mean "
                      f"{d.mean():.2f} s, p90 {np.percentile(d, 90):.2f} s; process CPU {r['cpu']:.1f} s", flush=True)
    if args.no_cpu:
        return
    from jarvisd.voice.build import load_voice_models

    models = load_voice_models(load_config())
    cpu_speech = args.cache / f"{set_prefix(draw)}cpu-speech-{args.cpu_min:g}min.wav"
    if not cpu_speech.exists():
        audio = np.concatenate([read_wav(p, MIC_RATE)[0] for p in speech])[: int(args.cpu_min * 60 * MIC_RATE)]
        write_wav(cpu_speech, audio, MIC_RATE)
    transcript_speech = cpu_speech  # --cpu-transcript-min: the transcript engine on the file's first minutes only
    if args.cpu_transcript_min and args.cpu_transcript_min < args.cpu_min:
        transcript_speech = cpu_speech.with_name(f"{cpu_speech.stem}-first{args.cpu_transcript_min:g}.wav")
        if not transcript_speech.exists():
            write_wav(transcript_speech, read_wav(cpu_speech, MIC_RATE)[0][: int(args.cpu_transcript_min * 60 * MIC_RATE)],
                      MIC_RATE)
    sets = [("non-wake speech", cpu_speech, transcript_speech)]
    if not args.no_hiss:
        hiss = background(args.cache, args.cpu_min)
        sets.insert(0, ("background hiss", hiss, hiss))
    for run in range(args.cpu_runs):
        for label, wav, transcript_wav in sets:
            results = {}
            for engine, confirm in [("transcript", None), *(("openwakeword", c) for c in args.cpu_confirm)]:
                name = engine if confirm is None else f"{engine}/{confirm}"
                r = results[name] = asyncio.run(pipeline_cpu(transcript_wav if confirm is None else wav, engine, models,
                                                              window, args.preroll, args.fresh_context == "on",
                                                              confirm=confirm, preroll_embed_sec=args.preroll_embed))
                print(f"idle CPU run {run + 1}, {label:>15}, {name:>22}: {r['cpu_per_min']:.2f} CPU-s per min of audio "
                      f"({r['minutes']:.1f} min; wakes {r['wakes']}, turns {r['turns']}, "
                      f"utterances never transcribed {r['not_transcribed']}, fires not confirmed "
                      f"{r['unconfirmed']}, transcriptions {r['transcriptions']})", flush=True)
            for name, r in results.items():
                if name != "transcript":
                    ratio = results["transcript"]["cpu_per_min"] / max(r["cpu_per_min"], 1e-9)
                    print(f"idle CPU run {run + 1}, {label:>15}: transcript / {name} = {ratio:.1f}x", flush=True)
    print(f"done in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
