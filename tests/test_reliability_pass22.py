"""Twenty-second adversarial pass (issue 18): one test per fix, each failing before it."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


# ---- a WAV header with a sample rate of a few Hz --------------------------------------------------------------

def _pcm_wav(path: Path, rate: int, frames: int) -> Path:
    data = b"\0" * (2 * frames)
    fmt = struct.pack("<IHHIIHH", 16, 1, 1, rate, 2 * rate, 2, 16)
    path.write_bytes(b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + fmt + b"data"
                     + struct.pack("<I", len(data)) + data)
    return path


@pytest.mark.parametrize("rate", [1, 100, 3999])
def test_a_wav_with_a_rate_of_a_few_hertz_is_one_line_not_gigabytes(tmp_path: Path, monkeypatch, capsys,
                                                                   rate: int) -> None:
    """Before: `jarvisd transcribe` (and `jarvisd listen --wav`) of a 2 MB WAV whose header says 1 Hz (a damaged
    header) resampled its 1,000,000 frames to 16 kHz: 16e9 samples, `Unable to allocate 119. GiB`, a numpy
    traceback, exit 1; at 100 Hz the same file asked 1.2 GiB, and a longer one as many GB as the factor allows.
    Now a rate below 4,000 Hz is refused naming the file, exit 2, before anything is allocated."""
    from jarvisd.cli import main
    from jarvisd.voice.audio import read_wav

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path / "home"))
    wav = _pcm_wav(tmp_path / f"rate{rate}.wav", rate, 1_000_000)
    assert main(["transcribe", str(wav)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("jarvisd transcribe: ") and wav.name in err[-1] and f"{rate} Hz" in err[-1], err
    assert not any("Traceback" in line for line in err), err
    audio, got = read_wav(_pcm_wav(tmp_path / "phone.wav", 8000, 8000))  # telephone speech is still read
    assert got == 16000 and len(audio) == 16000


def test_a_wav_whose_header_claims_4_gb_is_read_in_pieces(tmp_path: Path) -> None:
    """Before: a WAV whose header claims 4 GB of samples (what a recorder writing to a pipe leaves, arecord or
    ffmpeg: 0xFFFFFFFF, the real size never filled in) was read with one 4 GB read: under a 2 GiB address-space
    limit `jarvisd listen --wav` and `jarvisd transcribe` ended in a MemoryError traceback, exit 1, for a file of
    one second. Now it is read in pieces to its end (a torn last frame dropped, as before)."""
    import os
    import resource
    import subprocess
    import sys

    wav = _pcm_wav(tmp_path / "claim.wav", 16000, 16000)
    head = bytearray(wav.read_bytes())
    struct.pack_into("<I", head, 4, 0xFFFFFFFF)
    struct.pack_into("<I", head, 40, 0xFFFFFFFF)
    wav.write_bytes(bytes(head) + b"\1")  # and a torn last frame

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    code = ("import sys; from pathlib import Path; from jarvisd.voice.audio import read_wav; "
            "audio, rate = read_wav(Path(sys.argv[1])); print(len(audio), rate)")
    done = subprocess.run([sys.executable, "-c", code, str(wav)], env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=120, preexec_fn=limit)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.split() == ["16000", "16000"]
