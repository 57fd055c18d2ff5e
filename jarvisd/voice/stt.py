"""Speech to text with faster-whisper.

The model folder comes from the caller (the manifest's verified `whisper-base`); it loads int8 on the
CPU, or float16 on CUDA when CTranslate2 sees a GPU. Language is `auto`, `ko` or `en`; with `auto`
a detection outside Korean and English becomes the likelier of the two, because those are the
languages the assistant speaks. Blocking: call `transcribe` from a worker thread.

Short context. faster-whisper pads every input to Whisper's 30 s window, so a 2 s command costs the
encoder 30 s of work (~2.4 s CPU for base on this machine's 2 cores). A spoken command is short: its
log-mel is zero-padded to `context_sec` (10 s) instead and encoded and decoded directly with
CTranslate2 (~0.5 s). Shorter contexts make Whisper loop or mishear ("Stop! What time is it? Stop!
What...", "call the man Katune" for "call the bank at noon" at 6 s with silent audio as padding); at
10 s with zero log-mel padding every test command came back as with 30 s. A transcript that still
loops or compresses too well is redone the classic way, as is audio longer than 25 s.
"""

from __future__ import annotations

import hashlib
import logging
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from jarvisd.language import has_hangul
from jarvisd.textsafe import valid_text
from jarvisd.voice.audio import MIC_RATE

log = logging.getLogger("jarvisd.voice.stt")
LANGUAGES = ("auto", "ko", "en")
_SPOKEN = ("ko", "en")
_SHORT_LIMIT_SEC = 25.0
_TOKENS_PER_SEC = 12  # generous for speech (~3 words/s); caps a runaway decode
# A generic domain prompt (`voice.stt_prompt`), measured by scripts/bench_stt.py against none: see
# docs/voice.md, "Recognition accuracy", for why it is not the default.
SPEECH_PROMPT = "Hey Jarvis. Add it to my agenda. What's due today? Remind me at 3 pm. I finished it."


@dataclass(frozen=True)
class Transcription:
    text: str
    lang: str
    lang_probability: float
    no_speech_prob: float
    avg_logprob: float
    seconds: float  # time spent transcribing

    def __post_init__(self) -> None:  # speech to text: the same sanitizing rule as the HUD and the models
        object.__setattr__(self, "text", valid_text(self.text))


def _device() -> tuple[str, str]:
    try:
        import ctranslate2

        if ctranslate2.get_cuda_device_count() > 0:
            return "cuda", "float16"
    except Exception:  # no CUDA runtime: the CPU it is
        pass
    return "cpu", "int8"


class SpeechRecognizer:
    def __init__(self, model_dir: Path, language: str = "auto", beam_size: int = 1,
                 cpu_threads: int = 0, device: str | None = None, context_sec: float = 10.0,
                 prompt: str = "") -> None:
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)} (got {language!r})")
        from faster_whisper import WhisperModel

        dev, compute = (device, "int8" if device == "cpu" else "float16") if device else _device()
        started = time.perf_counter()
        self.model = WhisperModel(str(model_dir), device=dev, compute_type=compute, cpu_threads=cpu_threads)
        self.language = language
        self.beam_size = beam_size
        self.context_sec = context_sec
        self.prompt = prompt  # Whisper's "previous text": words it should expect (see SPEECH_PROMPT)
        self.model_dir = Path(model_dir)
        self.device = dev
        self._last_encoded: tuple | None = None  # (audio key, encoder output, frames): see `_encoded`
        log.info("stt: loaded %s on %s (%s) in %.1f s", model_dir, dev, compute, time.perf_counter() - started)

    def transcribe(self, audio: np.ndarray, language: str | None = None) -> Transcription:
        """`audio`: mono float32 at 16 kHz. `language` overrides the configured one for this call."""
        started = time.perf_counter()
        lang = language or self.language
        duration = len(audio) / MIC_RATE
        result = None
        if self.context_sec and MIC_RATE // 10 <= len(audio) and duration <= _SHORT_LIMIT_SEC:
            result = self._run_short(audio, None if lang == "auto" else lang)
            if _suspicious(result[0]):
                log.debug("stt: short-context transcript %r looks like a loop; redoing with 30 s", result[0])
                result = None
        if result is None:
            result = self._run(audio, None if lang == "auto" else lang)
        if lang == "auto" and result[1] not in _SPOKEN:
            probs = dict(result[3])
            retry = max(_SPOKEN, key=lambda code: probs.get(code, 0.0))
            log.debug("stt: detected %s, redoing as %s", result[1], retry)
            result = self._run(audio, retry)
        text, code, prob, _, no_speech, logprob = result
        return Transcription(text=text, lang=code, lang_probability=prob, no_speech_prob=no_speech,
                             avg_logprob=logprob, seconds=time.perf_counter() - started)

    def prompt_for(self, language: str | None) -> str:
        """The prompt when it is written in the script of the language being decoded (Hangul for Korean,
        anything else for English), else "": an English prompt turned espeak-ng's Korean speech into
        English sentences. Unknown language (the classic path detecting its own): no prompt."""
        text = self.prompt.strip()
        if not text or language is None:
            return ""
        return text if (language == "ko") == has_hangul(text) else ""

    def _run_short(self, audio: np.ndarray, language: str | None) -> tuple[str, str, float, list, float, float]:
        from faster_whisper.tokenizer import Tokenizer

        encoded, _ = self._encoded(audio)  # kept: the wake word's second stage may score this audio next
        probability, all_probs = 1.0, []
        if language is None:
            all_probs = [(token[2:-2], float(p)) for token, p in self.model.model.detect_language(encoded)[0]]
            spoken = [(code, p) for code, p in all_probs if code in _SPOKEN]
            language, probability = spoken[0] if spoken else all_probs[0]
        tokenizer = Tokenizer(self.model.hf_tokenizer, self.model.model.is_multilingual, task="transcribe",
                              language=language)
        text = self.prompt_for(language)
        before = [tokenizer.sot_prev, *tokenizer.encode(" " + text)] if text else []
        prompt = [*before, *tokenizer.sot_sequence, tokenizer.no_timestamps]
        budget = len(prompt) + 10 + int(_TOKENS_PER_SEC * len(audio) / MIC_RATE)
        result = self.model.model.generate(encoded, [prompt], beam_size=self.beam_size, max_length=budget,
                                           return_scores=True, return_no_speech_prob=True, suppress_blank=True,
                                           suppress_tokens=[-1])[0]
        tokens = result.sequences_ids[0]
        logprob = float(result.scores[0]) * len(tokens) / (len(tokens) + 1)
        return (tokenizer.decode(tokens).strip(), language, probability, all_probs, float(result.no_speech_prob),
                logprob)

    def _encode_short(self, audio: np.ndarray):
        """Whisper's encoder output for `audio` in a `context_sec` window, and its number of frames."""
        features = self.model.feature_extractor(audio.astype(np.float32))
        # Pad the log-mel with zeros, as faster-whisper pads its 30 s window (padding the audio with
        # silence instead made Whisper loop or mishear far more often at short contexts).
        frames = max(features.shape[-1] + 100, int(self.context_sec * 100))
        features = np.pad(features, ((0, 0), (0, frames - features.shape[-1])))
        features = features[:, : frames // 2 * 2]  # the encoder's convolution halves the frames
        return self.model.encode(features), features.shape[-1] // 2

    def opening_logprobs(self, audio: np.ndarray, openings: Sequence[str],
                         language: str = "en") -> list[list[float]]:
        """How likely Whisper finds each of `openings` as the first words of `audio`'s transcript: the
        log-probability of each of its tokens, forced one after another (CTranslate2's `align`, no
        prompt, no timestamps). One encoder run (as `transcribe`'s short path), then ~20 ms per opening.
        Audio longer than the short context is cut to it (an opening is at the start)."""
        from faster_whisper.tokenizer import Tokenizer

        if len(audio) < MIC_RATE // 10:
            return [[] for _ in openings]
        encoded, frames = self._encoded(audio)
        tokenizer = Tokenizer(self.model.hf_tokenizer, self.model.model.is_multilingual, task="transcribe",
                              language=language)
        start = [*tokenizer.sot_sequence, tokenizer.no_timestamps]
        out = []
        for text in openings:
            tokens = tokenizer.encode(" " + text.strip())
            result = self.model.model.align(encoded, start, [tokens], frames)[0]
            out.append([float(np.log(max(p, 1e-12))) for p in result.text_token_probs])
        return out

    def transcribe_after(self, audio: np.ndarray, opening: str, language: str = "en") -> str:
        """`audio`'s transcript with its first words forced to be `opening` ("Hey Jarvis"): what was said
        after a wake word Whisper heard likely but wrote as something else ("Hey novice, ...")."""
        from faster_whisper.tokenizer import Tokenizer

        if len(audio) < MIC_RATE // 10:
            return opening
        encoded, _ = self._encoded(audio)
        tokenizer = Tokenizer(self.model.hf_tokenizer, self.model.model.is_multilingual, task="transcribe",
                              language=language)
        forced = tokenizer.encode(" " + opening.strip())
        prompt = [*tokenizer.sot_sequence, tokenizer.no_timestamps, *forced]
        budget = len(prompt) + 10 + int(_TOKENS_PER_SEC * min(len(audio) / MIC_RATE, _SHORT_LIMIT_SEC))
        result = self.model.model.generate(encoded, [prompt], beam_size=self.beam_size, max_length=budget,
                                           suppress_blank=False, suppress_tokens=[-1])[0]
        tokens = result.sequences_ids[0]
        if tokens[:len(forced)] != forced:  # greedy search leaves the forced prefix out, beam search keeps it
            tokens = [*forced, *tokens]
        return valid_text(tokenizer.decode(tokens).strip())

    def _encoded(self, audio: np.ndarray):
        """`_encode_short` of the first `_SHORT_LIMIT_SEC` of `audio`, kept for the next call on the same
        audio (the wake word's second stage scores, then may decode, one utterance)."""
        audio = audio[: int(_SHORT_LIMIT_SEC * MIC_RATE)]
        key = (len(audio), hashlib.blake2b(np.ascontiguousarray(audio).tobytes(), digest_size=16).digest())
        kept = self._last_encoded  # read once: the wake word's opening check may run on another thread
        if kept is None or kept[0] != key:
            kept = self._last_encoded = (key, *self._encode_short(audio))
        return kept[1], kept[2]

    def _run(self, audio: np.ndarray, language: str | None) -> tuple[str, str, float, list, float, float]:
        if len(audio) < MIC_RATE // 10:
            return "", language or "en", 0.0, [], 1.0, -10.0
        segments, info = self.model.transcribe(
            audio.astype(np.float32), language=language, beam_size=self.beam_size, vad_filter=False,
            condition_on_previous_text=False, without_timestamps=True, initial_prompt=self.prompt_for(language) or None)
        parts = list(segments)
        text = " ".join(seg.text.strip() for seg in parts).strip()
        no_speech = min((seg.no_speech_prob for seg in parts), default=1.0)
        logprob = float(np.mean([seg.avg_logprob for seg in parts])) if parts else -10.0
        all_probs = list(getattr(info, "all_language_probs", None) or [])
        return text, info.language, float(info.language_probability), all_probs, float(no_speech), logprob


def _suspicious(text: str) -> bool:
    """Whisper's looping failure: text that repeats itself compresses too well (Whisper's own 2.4 rule)
    or repeats its opening."""
    if not text:
        return False
    raw = text.encode("utf-8")
    if len(raw) > 24 and len(raw) / len(zlib.compress(raw)) > 2.4:
        return True
    words = text.lower().split()
    head = " ".join(words[:3])
    return len(words) >= 6 and head != "" and " ".join(words).count(head) >= 2
