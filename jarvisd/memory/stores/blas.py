"""Process settings the resident copy relies on: one OpenBLAS thread for its matrix-vector products,
and the C heap trimmed after it loads (`trim_heap`).

numpy's OpenBLAS splits even a small product (a recall's ~6,000 x 384 partition scan, 0.2-0.6 ms) over
every core. On the 2-core desktop the daemon shares with speech, the LLM and the embedder, the second
thread waits for a core: the same scan measured p50 0.5-15 ms and p95 28-38 ms with the default
threads at load 9-11, against p50 0.9-1.3 ms and p95 13-14 ms with one (docs/memory.md, "Footprint
and speed"). The daemon's numpy work is all small, so one thread is set for the process, once, when
the first LanceDB store opens; `OPENBLAS_NUM_THREADS` in the environment, when set, is left to rule.

Found the way threadpoolctl finds it: the OpenBLAS library numpy loaded, in /proc/self/maps (Linux;
elsewhere, e.g. macOS's Accelerate, nothing is changed).
"""

from __future__ import annotations

import ctypes
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

SETTERS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads", "openblas_set_num_threads64_",
           "openblas_set_num_threads")
_done = False


def _openblas_libraries() -> list[str]:
    maps = Path("/proc/self/maps")
    if not maps.is_file():
        return []
    paths = {line.split()[-1] for line in maps.read_text(errors="replace").splitlines()
             if "openblas" in line.lower() and ".so" in line}
    return sorted(p for p in paths if p.startswith("/"))


def one_blas_thread() -> bool:
    """Set OpenBLAS to one thread (once per process); True when a library took it."""
    global _done
    if _done or "OPENBLAS_NUM_THREADS" in os.environ:
        return False
    _done = True
    import numpy  # noqa: F401  (its OpenBLAS must be loaded to be found)

    took = False
    for path in _openblas_libraries():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in SETTERS:
            setter = getattr(lib, name, None)
            if setter is not None:
                setter(1)
                took = True
                break
    log.debug("OpenBLAS threads set to 1: %s", took)
    return took


def trim_heap() -> bool:
    """Give the C heap's free memory back to the OS (glibc's `malloc_trim`; elsewhere nothing). Loading
    the copy reads the whole table through Arrow and builds float32 matrices from it; the transient
    buffers, once freed, stayed in glibc's arenas: at 100k rows the process kept ~330 MB of anonymous
    memory it no longer used (RSS 680 -> 346 MB after a trim, the copy's own heap being 201 MB). A
    trim costs milliseconds, once per load."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return False
    trim = getattr(libc, "malloc_trim", None)
    return bool(trim(0)) if trim is not None else False
