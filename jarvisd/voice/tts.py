"""Text to speech with piper (piper-tts 1.x: `PiperVoice.load`, `synthesize` -> `AudioChunk`s).

One sentence in, one float32 array out at the voice's own rate (22.05 kHz for medium voices).
The default voice is the manifest's `joe-medium` (English); `voice.tts_voice` names another .onnx.
Blocking: call `synthesize` from a worker thread.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jarvisd.textsafe import printable

log = logging.getLogger("jarvisd.voice.tts")


@dataclass(frozen=True)
class Speech:
    text: str
    audio: np.ndarray  # float32 mono in [-1, 1]
    rate: int
    seconds: float  # time spent synthesizing

    @property
    def duration(self) -> float:
        return len(self.audio) / self.rate


MAX_PIECE_CHARS = 400  # about 25 s of speech; piper's cost grows with the square of a sentence's length
MAX_PIECE_PHONEMES = 500  # what piper's model gets at once. Pass 21: 399 characters of Chinese (no space, one
# piece of the 400 above) are 3,298 phonemes for the English voice ("chinese letter" for each): past 4 GB and an
# onnxruntime traceback; 403 characters of "777777777777 " 1,288 phonemes, 1.6 GB. 400 English letters are
# about 490.


def speakable_pieces(text: str, limit: int = MAX_PIECE_CHARS) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at the last space before the limit (else at it).
    Pass 20: piper synthesizes a sentence at once, with memory growing with the square of its length: 4,140
    characters without a full stop (a promise's words said back, a reminder, `jarvisd say`) took 5.7 GB and
    34 s, 19,800 were killed for memory at 24 GB, 54,000 an onnxruntime traceback."""
    pieces, rest = [], text
    while len(rest) > limit:
        cut = rest.rfind(" ", 0, limit + 1)
        cut = cut if cut > 0 else limit
        pieces.append(rest[:cut])
        rest = rest[cut:].lstrip()
    if rest.strip():
        pieces.append(rest)
    return pieces or [text]


def phoneme_pieces(phonemes: list[str], limit: int = MAX_PIECE_PHONEMES) -> list[list[str]]:
    """A sentence's phonemes in pieces of at most `limit`, cut at the last word gap (" ") before the limit
    (else at it): the character limit above does not bound them, since one character can be many phonemes."""
    pieces, rest = [], list(phonemes)
    while len(rest) > limit:
        gaps = [i for i in range(1, limit + 1) if rest[i] == " "]
        cut = gaps[-1] if gaps else limit
        pieces.append(rest[:cut])
        while cut < len(rest) and rest[cut] == " ":
            cut += 1
        rest = rest[cut:]
    if rest:
        pieces.append(rest)
    return pieces


class VoiceFileError(ValueError):
    """The configured piper voice cannot be loaded: one line naming its files and the fix."""


class SpeechSynthesizer:
    def __init__(self, voice_path: Path, use_cuda: bool = False) -> None:
        from piper import PiperVoice

        if not Path(voice_path).is_file():
            raise FileNotFoundError(f"piper voice {voice_path} does not exist")
        config = Path(f"{voice_path}.json")
        if not config.is_file():
            raise FileNotFoundError(f"piper voice config {config} is missing (it ships beside the .onnx)")
        started = time.perf_counter()
        try:  # pass 21: an empty or cut .onnx, a .json of another shape: a traceback from `jarvisd say`, and
            # the daemon's voice failed with "('list' object has no attribute 'get')", no file named
            self.voice = PiperVoice.load(str(voice_path), config_path=str(config), use_cuda=use_cuda)
            self.rate = int(self.voice.config.sample_rate)
            if not 0 < self.rate <= 384_000:
                raise ValueError(f"its sample rate is {self.rate}")
            probe = self.voice.phonemize("a.")  # the espeak voice the .json names is installed
            # pass76: a .json valid as JSON whose phoneme map or ids do not fit the .onnx (another voice's or
            # version's .json beside it) loaded, then failed at every sentence: voice a probe here (~20 ms)
            for phonemes in probe[:1]:
                self._audio(phonemes, None)
        except MemoryError:
            raise
        except Exception as exc:  # noqa: BLE001 - onnxruntime, JSON, KeyError, espeak's RuntimeError: all "unusable"
            why = " ".join(str(exc).split())[:300] or type(exc).__name__
            raise VoiceFileError(f"cannot use the piper voice {voice_path} with {config.name} ({type(exc).__name__}: "
                                 f"{why}): the files are damaged or not a piper voice; copy them again, or set "
                                 "voice.tts_voice to another voice (empty = the bundled English voice)") from None
        self.path = Path(voice_path)
        log.info("tts: loaded %s (%d Hz) in %.2f s", voice_path, self.rate, time.perf_counter() - started)

    def synthesize(self, text: str, config: Any = None) -> Speech:
        """`config`: a `piper.config.SynthesisConfig` (tests and benches: no noise, the same audio every run)."""
        started = time.perf_counter()
        # terminal escapes and control characters are no speech: espeak's phonemizer read "\x01\x02\x1b[2J" out as 0.78 s
        # of audio (pass 69's low); `printable` drops them as the HUD's text does
        chunks = [self._audio(phonemes, config) for piece in speakable_pieces(printable(text))
                  for sentence in self.voice.phonemize(piece) for phonemes in phoneme_pieces(sentence)]
        audio = np.concatenate(chunks).astype(np.float32) if chunks else np.zeros(0, dtype=np.float32)
        return Speech(text=text, audio=audio, rate=self.rate, seconds=time.perf_counter() - started)

    def _audio(self, phonemes: list[str], config: Any) -> np.ndarray:
        """What `PiperVoice.synthesize` does for one sentence (piper-tts 1.x), for a piece of its phonemes."""
        from piper.config import SynthesisConfig

        config = config if config is not None else SynthesisConfig()
        audio = self.voice.phoneme_ids_to_audio(self.voice.phonemes_to_ids(phonemes), config)
        if isinstance(audio, tuple):
            audio = audio[0]
        if config.normalize_audio:
            peak = float(np.max(np.abs(audio))) if len(audio) else 0.0
            audio = np.zeros_like(audio) if peak < 1e-8 else audio / peak
        if config.volume != 1.0:
            audio = audio * config.volume
        return np.clip(audio, -1.0, 1.0).astype(np.float32)
