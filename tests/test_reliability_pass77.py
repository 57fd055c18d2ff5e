"""Issue #18, seventeenth adversarial pass (pass77): the voice CLI on long WAV files.

A WAV of 3 h (silence, 48 kHz stereo) took `read_wav` 18.9 GB and 175 s; `jarvisd transcribe` of 3 h at 16 kHz
mono ran past 300 s at 10.7 GB. Now a WAV is read a piece at a time as mono float32 and refused, naming the file
and the limit, once what is read passes `MAX_WAV_SEC`, whatever its header claims.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from jarvisd.voice.audio import read_wav

MAX_WAV_SEC = 30 * 60  # the limit `jarvisd.voice.audio.MAX_WAV_SEC` sets

ROOT = Path(__file__).resolve().parents[1]


def _header(channels: int, rate: int, bits: int, data_bytes: int, riff: int | None = None) -> bytes:
    align = channels * bits // 8
    fmt = struct.pack("<HHIIHH", 1, channels, rate, rate * align, align, bits)
    size = riff if riff is not None else min(36 + data_bytes, 0xFFFFFFFF)
    return (b"RIFF" + struct.pack("<I", size) + b"WAVEfmt " + struct.pack("<I", 16) + fmt + b"data"
            + struct.pack("<I", min(data_bytes, 0xFFFFFFFF)))


def _silent_wav(path: Path, seconds: float, channels: int = 1, rate: int = 8000, claimed: int | None = None) -> Path:
    """A sparse WAV of silence (the disk holds only its header)."""
    data = int(seconds * rate) * channels * 2
    with open(path, "wb") as handle:
        handle.write(_header(channels, rate, 16, claimed if claimed is not None else data))
        handle.truncate(44 + data)
    return path


def test_a_wav_longer_than_the_limit_is_refused_naming_the_file_and_the_limit(tmp_path):
    wav = _silent_wav(tmp_path / "meeting.wav", MAX_WAV_SEC + 60, channels=2)
    with pytest.raises(ValueError, match=r"meeting\.wav lasts more than 30 minutes.*cut it into parts"):
        read_wav(wav)


def test_held_out_a_long_wav_whose_header_claims_4_gb_is_refused_by_what_is_read(tmp_path):
    # a recorder writing to a pipe leaves 0xFFFFFFFF: the length is what the file holds, not the header
    wav = _silent_wav(tmp_path / "녹음 파일.wav", MAX_WAV_SEC + 5, rate=4000, claimed=0xFFFFFFFF)
    with pytest.raises(ValueError, match="lasts more than 30 minutes"):
        read_wav(wav)


def test_transcribe_of_a_too_long_wav_is_one_line_exit_2(tmp_path):
    wav = _silent_wav(tmp_path / "long.wav", MAX_WAV_SEC + 30)
    home = tmp_path / "home"
    done = subprocess.run([sys.executable, "-m", "jarvisd", "transcribe", str(wav)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={"JARVIS_HOME": str(home), "PYTHONPATH": str(ROOT),
                                                      "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2
    assert "long.wav lasts more than 30 minutes" in done.stderr
    assert "Traceback" not in done.stderr


def test_guard_a_wav_under_the_limit_reads_whole_and_mono_as_before(tmp_path):
    wav = _silent_wav(tmp_path / "ok.wav", MAX_WAV_SEC - 60, channels=2)
    audio, rate = read_wav(wav)
    assert rate == 16000 and len(audio) == (MAX_WAV_SEC - 60) * 16000 and audio.dtype == np.float32
    # stereo, read in pieces of 4 MiB: channels averaged exactly as before
    tone = (np.sin(np.arange(70000) / 7.0) * 0.5).astype(np.float32)
    left, right = (tone * 32767).astype("<i2"), (-tone * 16383).astype("<i2")
    body = np.stack([left, right], axis=1).tobytes()
    (tmp_path / "st.wav").write_bytes(_header(2, 16000, 16, len(body)) + body)
    got, _ = read_wav(tmp_path / "st.wav", None)
    want = (left.astype(np.float32) / 32768 + right.astype(np.float32) / 32768) / 2
    assert np.allclose(got, want, atol=1e-6)
