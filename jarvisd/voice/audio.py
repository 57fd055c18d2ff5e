"""Audio as the pipeline carries it: mono float32 numpy arrays in [-1, 1], and WAV files.

The microphone side runs at 16 kHz (what Whisper and Silero expect) in frames of 512 samples
(32 ms, Silero's window); the speaker side runs at the voice's rate (22.05 kHz for piper medium).
"""

from __future__ import annotations

import io
import struct
import wave
from pathlib import Path
from typing import Protocol

import numpy as np

from jarvisd.datafiles import write_whole

MIC_RATE = 16000
FRAME_SAMPLES = 512  # 32 ms at 16 kHz
FRAME_SEC = FRAME_SAMPLES / MIC_RATE
READ_BYTES = 1 << 22  # a WAV's samples are read in pieces of 4 MiB
MIN_WAV_RATE = 4000  # below telephone speech (8 kHz); a rate of 1 Hz is a damaged header, not a recording
MAX_WAV_SEC = 30 * 60  # pass 77: 3 h of 48 kHz stereo took 18.9 GB and 175 s to read; `transcribe` of 3 h, 10.7 GB


def resample(audio: np.ndarray, rate: int, target: int) -> np.ndarray:
    """Linear-interpolation resampling; enough for speech between 16 and 48 kHz."""
    if rate == target or len(audio) == 0:
        return audio.astype(np.float32, copy=False)
    n_out = int(round(len(audio) * target / rate))
    positions = np.arange(n_out, dtype=np.float64) * (rate / target)
    return np.interp(positions, np.arange(len(audio)), audio).astype(np.float32)


def rms_dbfs(audio: np.ndarray) -> float:
    """Loudness in dB relative to full scale; -inf-ish (-120) for digital silence."""
    if len(audio) == 0:
        return -120.0
    rms = float(np.sqrt(np.mean(np.square(audio, dtype=np.float64))))
    return max(-120.0, 20.0 * np.log10(rms + 1e-12))


def to_int16(audio: np.ndarray) -> np.ndarray:
    return (np.clip(audio, -1.0, 1.0) * 32767.0).astype(np.int16)


def read_wav(path: Path, rate: int | None = MIC_RATE) -> tuple[np.ndarray, int]:
    """Mono float32 samples of a PCM WAV (channels averaged), resampled to `rate` unless None. ValueError
    naming the file when it is not one (pass 16: `jarvisd transcribe` and `jarvisd listen` ended in a
    traceback for an empty file, a file of another kind, float samples, 0 channels or a sample rate of 0)."""
    try:
        with open(path, "rb") as handle, wave.open(handle, "rb") as wav:
            channels, width, src_rate = wav.getnchannels(), wav.getsampwidth(), wav.getframerate()
            if src_rate < MIN_WAV_RATE:  # pass 22: 1 Hz x 1,000,000 frames was resampled to 16e9 samples (119 GiB)
                raise ValueError(f"{path} is not a PCM WAV file that jarvisd can read (a sample rate of {src_rate} Hz; "
                                 f"speech is recorded at {MIN_WAV_RATE} Hz or more)")
            if width not in (1, 2, 4):   # 24-bit PCM, a recorder's usual setting: FFmpeg reads it (pass 77's low)
                raise wave.Error(f"{width * 8}-bit samples")
            # read to the end, a bounded piece at a time: a header claiming 4 GB (a recorder that never wrote the
            # real size: arecord or ffmpeg to a pipe write 0xFFFFFFFF) made one 4 GB read, a MemoryError under a limit.
            # Each piece is made mono float32 as it comes (pass 77: the whole file's bytes, then its float copies of
            # every channel, were held at once) and the length is bounded by what is read, not by the header
            step = max(1, READ_BYTES // max(1, channels * width))
            most = MAX_WAV_SEC * src_rate
            pieces: list[np.ndarray] = []
            frames, torn = 0, b""
            while piece := wav.readframes(step):
                piece = torn + piece
                whole = len(piece) - len(piece) % (channels * width)  # whole frames: a torn last one is dropped
                piece, torn = piece[:whole], piece[whole:]
                pieces.append(_mono(piece, width, channels))
                frames += len(pieces[-1])
                if frames > most:
                    raise _too_long(path)
    except (EOFError, wave.Error, struct.error) as exc:
        # not a PCM WAV the `wave` module reads: float or 24-bit WAV, A-law, FLAC, MP3, M4A … go to FFmpeg
        return _decoded(path, rate, str(exc) or "it ends before its header does")
    data = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.float32)
    if rate is None:
        return data, src_rate
    return resample(data, src_rate, rate), rate


def _decoded(path: Path, rate: int | None, why: str) -> tuple[np.ndarray, int]:
    """Mono float32 samples of an audio file the `wave` module does not read (24-bit or float WAV, A-law, mu-law,
    WAVE_FORMAT_EXTENSIBLE, FLAC, MP3, M4A, OGG), decoded by FFmpeg through PyAV (faster-whisper's own decoder) a
    frame at a time, bounded as a WAV is (`MAX_WAV_SEC`); ValueError naming the file when FFmpeg cannot read it either
    (`why`: what `wave` said)."""
    import av  # faster-whisper's dependency: FFmpeg's decoders, no ffmpeg binary needed

    try:
        with av.open(str(path), mode="r", metadata_errors="ignore") as container:
            if not container.streams.audio:
                raise ValueError(f"{path} holds no audio ({why})")
            stream = container.streams.audio[0]
            target = rate or stream.rate or MIC_RATE
            if target < MIN_WAV_RATE:
                raise ValueError(f"{path} is not an audio file that jarvisd can read (a sample rate of {target} Hz)")
            resampler = av.AudioResampler(format="flt", layout="mono", rate=target)
            pieces: list[np.ndarray] = []
            samples, most = 0, MAX_WAV_SEC * target
            for frame in _frames(container, stream):
                for out in resampler.resample(frame):
                    pieces.append(_flat(out))
                    samples += len(pieces[-1])
                if samples > most:
                    raise _too_long(path)
            pieces.extend(_flat(out) for out in resampler.resample(None))
    except av.FFmpegError as exc:
        # FFmpeg's reason first (pass 80's low: the line opened with the WAV reader's "file does not start with RIFF
        # id" for an MP3), then what is read
        raise ValueError(f"{path} is not an audio file that jarvisd can read (FFmpeg: {exc.strerror or exc}; as a "
                         f"WAV: {why}): give it a WAV, FLAC, MP3, M4A or OGG recording") from None
    data = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.float32)
    return data, target


def _too_long(path: Path) -> ValueError:
    """The one line for a recording past `MAX_WAV_SEC`, read by `wave` or by FFmpeg alike."""
    return ValueError(f"{path} lasts more than {MAX_WAV_SEC // 60} minutes, longer than jarvisd reads; cut it into "
                      f"parts (e.g. `sox {path} part.wav trim 0 {MAX_WAV_SEC // 60}:00`)")


def _flat(frame) -> np.ndarray:  # noqa: ANN001 (PyAV's AudioFrame)
    """A resampled mono float frame as a flat float32 array."""
    return frame.to_ndarray().reshape(-1).astype(np.float32, copy=False)


def _frames(container, stream):  # noqa: ANN001, ANN202 (PyAV's types)
    """The decoded frames of `stream`, a packet the decoder refuses skipped (pass 80: one damaged frame in the middle
    of a 20 s MP3 or M4A refused the whole file, `container.decode` stops at the first; FFmpeg's own tool reads on).
    A file of which no packet decodes raises what the decoder said, so it is refused as before."""
    import av

    decoded, refused = False, None
    for packet in container.demux(stream):
        try:
            frames = packet.decode()
        except av.FFmpegError as exc:   # InvalidDataError; AAC's decoder says EPERM of a damaged packet
            refused = exc
            continue
        decoded = decoded or bool(frames)
        yield from frames
    if refused is not None and not decoded:
        raise refused


def _mono(raw: bytes, width: int, channels: int) -> np.ndarray:
    """Float32 samples of whole PCM frames, channels averaged."""
    if width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.float32) / 2147483648.0
    else:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.float32) - 128.0) / 128.0
    if channels > 1:
        data = data.reshape(-1, channels).mean(axis=1, dtype=np.float32)
    return data


def write_wav(path: Path, audio: np.ndarray, rate: int) -> Path:
    """16-bit mono PCM."""
    path.parent.mkdir(parents=True, exist_ok=True)
    body = io.BytesIO()   # made in memory, then written through the door: a directory or a folder without write
    with wave.open(body, "wb") as wav:   # access is one OSError, not that and wave's "Exception ignored in __del__"
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(to_int16(audio).tobytes())
    write_whole(path, [body.getvalue()], sync=False)
    return path


def frames_of(audio: np.ndarray, size: int = FRAME_SAMPLES) -> list[np.ndarray]:
    """Cut audio into whole frames; the last one is zero-padded."""
    if len(audio) % size:
        audio = np.concatenate([audio, np.zeros(size - len(audio) % size, dtype=np.float32)])
    return [audio[i:i + size] for i in range(0, len(audio), size)]


class AudioSource(Protocol):
    """Microphone frames: FRAME_SAMPLES float32 samples at MIC_RATE, with the time.time() at their end."""

    async def start(self) -> None: ...

    async def read(self) -> tuple[np.ndarray, float] | None:
        """The next frame, or None when the source has ended (a file ran out)."""
        ...

    def stop(self) -> None: ...


class AudioSink(Protocol):
    """Where speech goes. `play` returns True when the audio was played to its end, False when `stop`
    cut it off; `stop` discards everything not yet played, at once."""

    @property
    def playing(self) -> bool: ...

    async def play(self, audio: np.ndarray, rate: int) -> bool: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...
