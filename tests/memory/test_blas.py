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
