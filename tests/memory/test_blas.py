"""The LanceDB store's one-thread OpenBLAS setting (`stores/blas.py`)."""

from __future__ import annotations

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
    import ctypes.util

    freed = [bytearray(1 << 16) for _ in range(256)]  # 16 MB in small blocks, then freed
    del freed
    assert blas.trim_heap() in (True, False)
    if ctypes.util.find_library("c") and "libc.so.6" in (ctypes.util.find_library("c") or ""):
        assert isinstance(blas.trim_heap(), bool)
