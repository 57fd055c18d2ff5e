"""The LanceDB store's one-thread OpenBLAS setting (`stores/blas.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarvisd.memory.stores import blas


def test_one_blas_thread_is_set_once_and_yields_to_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blas, "_done", False)
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "2")
    assert blas.one_blas_thread() is False, "a thread count in the environment rules"
    monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    monkeypatch.setattr(blas, "_done", False)
    took = blas.one_blas_thread()
    assert took == bool(blas._openblas_libraries())  # numpy's OpenBLAS on Linux; nothing to set elsewhere
    assert blas.one_blas_thread() is False, "once per process"



def test_trim_heap_gives_back_what_a_load_freed() -> None:
    status = Path("/proc/self/status")  # jarvisd runs on Linux with glibc (docs/memory.md), as CI does

    def anon_kb() -> int:
        fields = dict(line.split(":", 1) for line in status.read_text().splitlines())
        return int(fields["RssAnon"].split()[0])

    blocks = [bytes(64 << 10) for _ in range(1_024)]  # 64 MB in 64 KB blocks: glibc's arenas, not mmap
    kept = blocks[::2]  # every other block stays: the freed ones are holes free() does not give back
    del blocks
    held = anon_kb()
    trimmed = blas.trim_heap()
    assert trimmed, "glibc's malloc_trim released nothing"
    assert anon_kb() < held - (16 << 10) and len(kept) == 512, "the holes (32 MB) went back to the OS"
