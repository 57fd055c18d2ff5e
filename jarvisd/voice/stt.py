"""Speech to text with faster-whisper.

The model folder comes from the caller (the manifest's verified `whisper-base`); it loads int8 on the
CPU, or float16 on CUDA when CTranslate2 sees a GPU. Language is `auto`, `ko` or `en`; with `auto`
a detection outside Korean and English is redone as the likelier of the two, because those are the
languages the assistant speaks. Blocking: call `transcribe` from a worker thread.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from jarvisd.voice.audio import MIC_RATE

log = logging.getLogger("jarvisd.voice.stt")
LANGUAGES = ("auto", "ko", "en")
_SPOKEN = ("ko", "en")


@dataclass(frozen=True)
class Transcription:
    text: str
    lang: str
    lang_probability: float
    no_speech_prob: float
    avg_logprob: float
    seconds: float  # time spent transcribing


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
                 cpu_threads: int = 0, device: str | None = None) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)} (got {language!r})")
        from faster_whisper import WhisperModel

        dev, compute = (device, "int8" if device == "cpu" else "float16") if device else _device()
        started = time.perf_counter()
        self.model = WhisperModel(str(model_dir), device=dev, compute_type=compute, cpu_threads=cpu_threads)
        self.language = language
        self.beam_size = beam_size
        self.device = dev
        log.info("stt: loaded %s on %s (%s) in %.1f s", model_dir, dev, compute, time.perf_counter() - started)

    def transcribe(self, audio: np.ndarray, language: str | None = None) -> Transcription:
        """`audio`: mono float32 at 16 kHz. `language` overrides the configured one for this call."""
        started = time.perf_counter()
        lang = language or self.language
        result = self._run(audio, None if lang == "auto" else lang)
        if lang == "auto" and result[1] not in _SPOKEN:
            probs = dict(result[3])
            retry = max(_SPOKEN, key=lambda code: probs.get(code, 0.0))
            log.debug("stt: detected %s, redoing as %s", result[1], retry)
            result = self._run(audio, retry)
        text, code, prob, _, no_speech, logprob = result
        return Transcription(text=text, lang=code, lang_probability=prob, no_speech_prob=no_speech,
                             avg_logprob=logprob, seconds=time.perf_counter() - started)

    def _run(self, audio: np.ndarray, language: str | None) -> tuple[str, str, float, list, float, float]:
        if len(audio) < MIC_RATE // 10:
            return "", language or "en", 0.0, [], 1.0, -10.0
        segments, info = self.model.transcribe(
            audio.astype(np.float32), language=language, beam_size=self.beam_size, vad_filter=False,
            condition_on_previous_text=False, without_timestamps=True)
        parts = list(segments)
        text = " ".join(seg.text.strip() for seg in parts).strip()
        no_speech = min((seg.no_speech_prob for seg in parts), default=1.0)
        logprob = float(np.mean([seg.avg_logprob for seg in parts])) if parts else -10.0
        all_probs = list(getattr(info, "all_language_probs", None) or [])
        return text, info.language, float(info.language_probability), all_probs, float(no_speech), logprob
