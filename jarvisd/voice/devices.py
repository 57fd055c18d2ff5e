"""Sound devices through sounddevice (PortAudio): the microphone source and the speaker sink.

Devices are chosen by index or by a case-insensitive substring of their name (`voice.input_device`,
`voice.output_device`); empty means the system default. The audio callbacks only copy frames: the
input callback hands each block to the event loop's queue, the output callback copies the queued
speech into the device buffer (and a copy into `PlayedAudio` for the echo check and into `FarEnd`,
the echo canceller's reference: exactly what the device was given, silent blocks too).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

import numpy as np

from jarvisd.voice.audio import FRAME_SAMPLES, MIC_RATE, resample
from jarvisd.voice.echo import PlayedAudio
from jarvisd.voice.echo_cancel import FarEnd
from jarvisd.voice.pulse_anchor import LatencyAnchor, through_pulse

log = logging.getLogger("jarvisd.voice.devices")


PLAY_STALL_SEC = 2.0  # a playing sentence whose position has not moved for this long: the device went away


class NoAudioDevice(RuntimeError):
    """No usable device: the message says which and how to list the others."""


def _sounddevice() -> Any:
    try:
        import sounddevice as sd
    except (OSError, ImportError) as exc:  # PortAudio missing
        raise NoAudioDevice(f"sounddevice/PortAudio is unavailable ({exc}); install libportaudio2") from exc
    return sd


def find_device(spec: str | int, kind: str) -> int | None:
    """Index of the `kind` ("input"/"output") device named by `spec`; None for the system default."""
    sd = _sounddevice()
    channels = "max_input_channels" if kind == "input" else "max_output_channels"
    try:
        devices = list(sd.query_devices())
    except Exception as exc:
        raise NoAudioDevice(f"cannot list audio devices: {exc}") from exc
    usable = [(i, d["name"]) for i, d in enumerate(devices) if d[channels] > 0]
    if not usable:
        raise NoAudioDevice(f"no {kind} device (jarvisd runs text-only); `jarvisd doctor` lists devices")
    text = str(spec).strip()
    if text == "":
        return None
    if text.isdecimal():  # pass76: "²" is a digit int() refuses (a ValueError said as the voice's failure)
        index = int(text)
        if index not in {i for i, _ in usable}:
            raise NoAudioDevice(f"{kind} device #{index} does not exist or has no {kind} channels; "
                                f"{kind}s: {', '.join(f'#{i} {n}' for i, n in usable)}")
        return index
    matches = [(i, n) for i, n in usable if text.lower() in n.lower()]
    if not matches:
        raise NoAudioDevice(f"no {kind} device matches {text!r}; {kind}s: "
                            f"{', '.join(f'#{i} {n}' for i, n in usable)}")
    return min(matches, key=lambda m: len(m[1]))[0]  # the tightest match: "pulse" over "pulse-echo"


class MicrophoneSource:
    """16 kHz mono frames from an input device. Opens at 16 kHz when the device allows it, else at the
    device's own rate and resamples outside the callback."""

    def __init__(self, device: str | int = "", queue_frames: int = 512) -> None:
        self.device = device
        self._queue: asyncio.Queue[tuple[np.ndarray, float]] = asyncio.Queue(maxsize=queue_frames)
        self._stream: Any = None
        self._rate = MIC_RATE
        self._pending = np.zeros(0, dtype=np.float32)
        self._last_at = 0.0
        self.overflows = 0

    async def start(self) -> None:
        self._open(asyncio.get_running_loop())

    def alive(self) -> bool:
        """Whether the input stream still runs: PortAudio ends it when the device goes away (a USB headset
        unplugged, the PulseAudio stream killed or the server stopped), and no frame comes after that."""
        return self._stream is not None and bool(self._stream.active)

    async def reopen(self) -> None:
        """Open the input again after it ended (in a worker thread: opening a device can block); raises
        PortAudio's error (or NoAudioDevice) while there is still no device."""
        loop = asyncio.get_running_loop()
        self.stop()
        self._pending = np.zeros(0, dtype=np.float32)
        await asyncio.to_thread(self._open, loop)

    def _open(self, loop: asyncio.AbstractEventLoop) -> None:
        sd = _sounddevice()
        index = find_device(self.device, "input")

        def callback(indata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
            block = indata[:, 0].copy()
            loop.call_soon_threadsafe(self._offer, block, time.time())

        try:
            sd.check_input_settings(device=index, channels=1, dtype="float32", samplerate=MIC_RATE)
            rate = MIC_RATE
        except Exception:
            rate = int(sd.query_devices(index, "input")["default_samplerate"])
        self._rate = rate
        blocksize = FRAME_SAMPLES if rate == MIC_RATE else round(FRAME_SAMPLES * rate / MIC_RATE)
        self._stream = sd.InputStream(samplerate=rate, blocksize=blocksize, device=index, channels=1,
                                      dtype="float32", latency="low", callback=callback)
        self._stream.start()
        name = sd.query_devices(self._stream.device)["name"]
        log.info("mic: %s at %d Hz", name, rate)

    def _offer(self, block: np.ndarray, at: float) -> None:
        if self._queue.full():  # the listener fell behind: lose the oldest audio, keep the newest
            self._queue.get_nowait()
            self.overflows += 1
        self._queue.put_nowait((block, at))

    async def read(self) -> tuple[np.ndarray, float] | None:
        while len(self._pending) < FRAME_SAMPLES:
            block, at = await self._queue.get()
            if self._rate != MIC_RATE:
                block = resample(block, self._rate, MIC_RATE)
            self._pending = np.concatenate([self._pending, block])
            self._last_at = at
        frame, self._pending = self._pending[:FRAME_SAMPLES], self._pending[FRAME_SAMPLES:]
        return frame, self._last_at

    def stop(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


class SpeakerSink:
    """Plays speech on an output device; `stop()` silences it within one block (~20 ms) plus the
    device latency. The stream is opened at the rate of the first audio played (the voice's rate)."""

    def __init__(self, device: str | int = "", played: PlayedAudio | None = None, blocksize: int = 512,
                 far_end: FarEnd | None = None) -> None:
        self.device = device
        self.played = played if played is not None else PlayedAudio()
        self.far_end = far_end if far_end is not None else FarEnd()
        self.blocksize = blocksize
        self._stream: Any = None
        # Through PulseAudio, a silent native stream that keeps the sink's latency low while an underrun has the
        # plug-in make this stream anew (jarvisd/voice/pulse_anchor.py); None: not wanted (tests, other outputs)
        self.anchor: LatencyAnchor | None = LatencyAnchor()
        self._rate = 0
        self._lock = threading.Lock()
        self._buffer: np.ndarray | None = None
        self._pos = 0
        self._done: asyncio.Future[bool] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def playing(self) -> bool:
        return self._buffer is not None

    @property
    def output_latency(self) -> float:
        """Seconds between the callback and the sound (PortAudio's estimate); 0 before opening."""
        return float(self._stream.latency) if self._stream is not None else 0.0

    def open_ahead(self, rate: int) -> None:
        """Open the output stream now, at the voice's rate, so the first answer does not wait for it (the
        daemon calls it at start, in a worker thread; a failure leaves the opening to the first answer)."""
        with self._lock:
            opened = self._stream is not None
        if not opened:
            self._open(rate)

    def _open(self, rate: int) -> None:
        sd = _sounddevice()
        if self._stream is not None:
            self._stream.close()
        index = find_device(self.device, "output")
        self._rate = rate  # before the first callback: it stamps every block with this rate
        self._stream = sd.OutputStream(samplerate=rate, blocksize=self.blocksize, device=index, channels=1,
                                       dtype="float32", latency="low", callback=self._callback)
        self._stream.start()
        name = sd.query_devices(self._stream.device)["name"]
        anchored = self.anchor is not None and through_pulse(name) and self.anchor.open_within(rate)
        log.info("speaker: %s at %d Hz%s", name, rate, ", latency anchor on" if anchored else "")

    def _callback(self, outdata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
        n = 0
        finished = None
        with self._lock:
            buf = self._buffer
            if buf is not None:
                n = min(frames, len(buf) - self._pos)
                outdata[:n, 0] = buf[self._pos:self._pos + n]
                self._pos += n
                if self._pos >= len(buf):
                    self._buffer, finished = None, self._done
        outdata[n:] = 0
        self.far_end.write(outdata[:, 0], self._rate, underflow=bool(status and status.output_underflow))
        if n or self.played.played_within(self.played.keep_sec):
            self.played.add(outdata[:, 0], self._rate, audible=n > 0)
        if finished is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(_resolve, finished, True)

    async def play(self, audio: np.ndarray, rate: int) -> bool:
        """Starts playing synchronously (before the first await), so a stop() issued after this call
        returns can never be overtaken by this audio."""
        self._loop = asyncio.get_running_loop()
        if self._stream is None or rate != self._rate or not self._stream.active:  # not active: its device went
            self._open(rate)
        done: asyncio.Future[bool] = self._loop.create_future()
        with self._lock:
            if self._done is not None:
                _resolve(self._done, False)
            self._buffer, self._pos, self._done = audio.astype(np.float32), 0, done
        return await self._played(done)

    async def _played(self, done: asyncio.Future[bool]) -> bool:
        """Until the audio has played. PortAudio ends the stream without a word when the device goes away (the
        PulseAudio stream killed, the server stopped): the callback never came again, this waited for ever and
        so did the turn's hold on the turn gate (no reminder said, not even on the HUD). When the position has
        not moved for PLAY_STALL_SEC on a stream no longer running, the sentence is dropped and the stream
        closed: the next sentence opens it again."""
        last = -1
        while True:
            try:
                return await asyncio.wait_for(asyncio.shield(done), PLAY_STALL_SEC)
            except TimeoutError:
                with self._lock:
                    pos = self._pos if self._done is done else last
                active = self._stream is not None and bool(self._stream.active)
                if self._done is done and (not active or pos == last):
                    log.warning("speaker: the output stopped playing (the device went away?); the sentence is "
                                "dropped and the speaker is opened again for the next one")
                    self.stop()
                    self._drop_stream()
                    return False
                last = pos

    def _drop_stream(self) -> None:
        if self.anchor is not None:
            self.anchor.close()
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.close()
            except Exception as exc:  # noqa: BLE001 - a stream whose device is gone may not close cleanly
                log.debug("speaker: closing the stopped stream: %s", exc)

    def stop(self) -> None:
        with self._lock:
            self._buffer = None
            done, self._done = self._done, None
        if done is not None:
            _resolve(done, False)

    def close(self) -> None:
        self.stop()
        if self.anchor is not None:
            self.anchor.close()
        if self._stream is not None:
            self._stream.close()
            self._stream = None


def _resolve(future: asyncio.Future[bool], value: bool) -> None:
    if not future.done():
        future.set_result(value)
