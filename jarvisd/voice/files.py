"""A WAV file as the microphone and a WAV file as the speaker: the same pipeline, file edges.

`WavFileSource` feeds a file's audio (resampled to 16 kHz) frame by frame, followed by enough
silence for the endpointer to close the last utterance; with `realtime=True` it paces frames like a
microphone. `WavFileSink` collects everything played and writes it when closed.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import numpy as np

from jarvisd.voice.audio import FRAME_SEC, MIC_RATE, frames_of, read_wav, resample, write_wav


class WavFileSource:
    def __init__(self, path: Path, realtime: bool = False, tail_sec: float = 1.5) -> None:
        self.path = Path(path)
        self.realtime = realtime
        audio, _ = read_wav(self.path, MIC_RATE)
        self._frames = frames_of(np.concatenate([audio, np.zeros(int(tail_sec * MIC_RATE), np.float32)]))
        self._index = 0
        self._started = 0.0

    @property
    def duration(self) -> float:
        return len(self._frames) * FRAME_SEC

    async def start(self) -> None:
        self._started = time.time()

    async def read(self) -> tuple[np.ndarray, float] | None:
        if self._index >= len(self._frames):
            return None
        at = self._started + (self._index + 1) * FRAME_SEC
        if self.realtime:
            await asyncio.sleep(max(0.0, at - time.time()))
        else:
            await asyncio.sleep(0)
        frame = self._frames[self._index]
        self._index += 1
        return frame, at

    def stop(self) -> None:
        self._index = len(self._frames)


class WavFileSink:
    """Collects played speech; `realtime=True` takes as long as the audio lasts, so barge-in works."""

    def __init__(self, path: Path | None, rate: int | None = None, realtime: bool = False,
                 gap_sec: float = 0.15) -> None:
        self.path = Path(path) if path else None
        self.rate = rate
        self.realtime = realtime
        self.gap_sec = gap_sec
        self.chunks: list[np.ndarray] = []
        self._stopped = asyncio.Event()
        self._playing = False

    @property
    def playing(self) -> bool:
        return self._playing

    @property
    def audio(self) -> np.ndarray:
        return np.concatenate(self.chunks) if self.chunks else np.zeros(0, dtype=np.float32)

    async def play(self, audio: np.ndarray, rate: int) -> bool:
        if self.rate is None:
            self.rate = rate
        audio = resample(audio, rate, self.rate)
        self._stopped.clear()
        self._playing = True
        try:
            if not self.realtime:
                self.chunks.append(audio)
                self.chunks.append(np.zeros(int(self.gap_sec * self.rate), np.float32))
                await asyncio.sleep(0)
                return True
            step = max(1, self.rate // 50)  # 20 ms
            for start in range(0, len(audio), step):
                if self._stopped.is_set():
                    return False
                self.chunks.append(audio[start:start + step])
                try:
                    await asyncio.wait_for(self._stopped.wait(), step / self.rate)
                    return False
                except TimeoutError:
                    pass
            return True
        finally:
            self._playing = False

    def stop(self) -> None:
        self._stopped.set()

    def close(self) -> Path | None:
        if self.path is None:
            return None
        return write_wav(self.path, self.audio, self.rate or 22050)
