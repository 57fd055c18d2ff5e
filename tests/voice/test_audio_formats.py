"""Audio files the `wave` module does not read go to FFmpeg through PyAV (faster-whisper's own decoder).

Pass 77's lows: a 24-bit PCM WAV (a recorder's usual setting), a float WAV, A-law, WAVE_FORMAT_EXTENSIBLE were
refused ("unsupported sample width 24 bits", "unknown format: 3"), and a FLAC, MP3 or a phone's M4A could not be given
to `jarvisd transcribe` / `jarvisd listen` at all. Now each is decoded a frame at a time, made mono and resampled,
bounded as a WAV is (30 minutes); what FFmpeg cannot read either is one line naming the file.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from jarvisd.voice.audio import MAX_WAV_SEC, MIC_RATE, read_wav, write_wav
from tests.voice.conftest import espeak, word_error_rate

pytestmark = pytest.mark.skipif(shutil.which("sox") is None, reason="sox makes the files (scripts/setup.sh installs it)")


def _tone(tmp_path: Path) -> tuple[Path, np.ndarray]:
    t = np.arange(MIC_RATE) / MIC_RATE
    tone = (0.5 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    return write_wav(tmp_path / "tone16.wav", tone, MIC_RATE), tone


def _sox(src: Path, out: Path, *args: str) -> Path:
    subprocess.run(["sox", str(src), *args, str(out)], check=True, capture_output=True)
    return out


@pytest.mark.parametrize(("name", "args"), [
    ("tone24.wav", ["-b", "24"]), ("tone-float.wav", ["-e", "floating-point", "-b", "32"]),
    ("tone-stereo-44k.wav", ["-e", "floating-point", "-b", "32", "-c", "2", "-r", "44100"]),
    ("tone-alaw.wav", ["-e", "a-law"]), ("tone.flac", []),
])
def test_an_audio_file_wave_cannot_read_is_decoded_like_the_same_sound_in_16_bit(tmp_path, name, args):
    reference, tone = _tone(tmp_path)
    audio, rate = read_wav(_sox(reference, tmp_path / name, *args), MIC_RATE)
    assert rate == MIC_RATE and audio.dtype == np.float32
    assert abs(len(audio) - len(tone)) <= MIC_RATE // 100   # a resampler's few samples at the ends
    n = min(len(audio), len(tone)) - 400
    assert np.corrcoef(audio[200:n], tone[200:n])[0, 1] > 0.99


def test_the_files_own_rate_is_kept_when_none_is_asked(tmp_path):
    reference, _ = _tone(tmp_path)
    audio, rate = read_wav(_sox(reference, tmp_path / "tone.flac", "-r", "22050"), None)
    assert rate == 22050 and abs(len(audio) - 22050) <= 300


def test_a_decoded_file_longer_than_the_limit_is_refused_by_what_is_read(tmp_path):
    long = tmp_path / "long.flac"
    subprocess.run(["sox", "-n", "-r", "8000", str(long), "trim", "0", str(MAX_WAV_SEC + 60)], check=True)
    with pytest.raises(ValueError, match=f"lasts more than {MAX_WAV_SEC // 60} minutes") as caught:
        read_wav(long, MIC_RATE)
    assert str(long) in str(caught.value)


@pytest.mark.parametrize("data", [b"", b"just some text, not sound\n" * 20, bytes(range(256)) * 4])
def test_guard_what_ffmpeg_cannot_read_either_is_one_line_naming_the_file(tmp_path, data):
    path = tmp_path / "not-audio.wav"
    path.write_bytes(data)
    with pytest.raises(ValueError, match="not-audio.wav"):
        read_wav(path, MIC_RATE)


@pytest.mark.slow  # Whisper
def test_speech_in_a_24_bit_wav_and_a_flac_is_transcribed(models, tmp_path):
    said = "Remind me to call the dentist tomorrow at nine."
    spoken = espeak(said, tmp_path / "said.wav")
    for out, args in ((tmp_path / "said24.wav", ["-b", "24", "-r", "48000"]), (tmp_path / "said.flac", [])):
        heard = models.recognizer.transcribe(read_wav(_sox(spoken, out, *args), MIC_RATE)[0]).text
        assert word_error_rate(said, heard) <= 0.2, (out.name, heard)


@pytest.mark.parametrize(("name", "container", "codec"), [("tone.mp3", "mp3", "libmp3lame"), ("tone.m4a", "mp4", "aac")])
def test_a_compressed_recording_is_decoded(tmp_path, name, container, codec):
    import av

    t = np.arange(44100) / 44100
    tone = (0.4 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    with av.open(str(tmp_path / name), "w", format=container) as out:
        stream = out.add_stream(codec, rate=44100)
        stream.layout = "mono"
        frame = av.AudioFrame.from_ndarray(tone[None, :], format="flt", layout="mono")
        frame.rate = 44100
        for packet in [*stream.encode(frame), *stream.encode(None)]:
            out.mux(packet)
    audio, rate = read_wav(tmp_path / name, MIC_RATE)
    assert rate == MIC_RATE and abs(len(audio) - MIC_RATE) <= MIC_RATE // 10   # an encoder's priming samples
    assert 0.3 < float(np.abs(audio).max()) < 0.7
