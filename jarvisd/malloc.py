"""The resident daemon's allocators: glibc's malloc arenas and mmap threshold, and pyarrow's memory pool.

glibc gives threads their own arenas (up to 8 per core); LanceDB's and the models' worker threads
allocate and free across them, and the freed pages stay with each arena. With two arenas the soak's
resident memory after warm-up grew less (docs/reminders.md, "Resident memory"). The limit must be set
before the threads start allocating, so every jarvisd command sets it first thing (`tune_process`). A user's own
MALLOC_ARENA_MAX wins; on a libc without mallopt (musl) nothing happens.

glibc serves a block of 128 KiB or more with its own mmap, given back on free, but each such free raises
that threshold (up to 32 MiB), so later blocks of that size come from the arenas and leave holes there
when freed. In the soak the arenas' free space grew from 14 to 26 MiB between turn 100 and 1,000 while
the memory in use grew 6 MiB; with the threshold fixed (at 128 KiB or 1 MiB alike) the free space stayed
at 4-10 MiB and the daemon grew +6.4-6.8% instead of +8.7-11.8% (docs/reminders.md). 1 MiB, because at
128 KiB a recall over 100k items mmaps its 400-800 KB numpy temporaries afresh each time (CPU +30% in
scripts/bench_memory.py). The daemon fixes it when it starts; a user's own MALLOC_MMAP_THRESHOLD_ wins.

pyarrow allocates its buffers (LanceDB's results, memory's resident copy) from its bundled mimalloc by
default. In the soak that pool had under 2 MiB allocated at any time, yet its 1 GiB mapping held 15 MiB
more resident memory at turn 300 than at turn 100 and was still growing; with Arrow on glibc malloc the
daemon grew 8 MiB over those turns instead of 26 (docs/reminders.md). Arrow reads its choice of pool
(ARROW_DEFAULT_MEMORY_POOL) once, when pyarrow is imported, so the daemon sets it before anything
imports pyarrow; a user's own ARROW_DEFAULT_MEMORY_POOL wins.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

M_MMAP_THRESHOLD, M_ARENA_MAX = -3, -8  # glibc malloc.h
DAEMON_ARENAS = 2
DAEMON_MMAP_THRESHOLD = 1 << 20  # above a 100k-item recall's temporaries (docs/reminders.md)


def _mallopt(param: int, value: int, env: str) -> bool:
    """Set one glibc malloc parameter unless the user set its environment variable; True when set here."""
    if os.environ.get(env):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(param, value))


def limit_arenas(arenas: int = DAEMON_ARENAS) -> bool:
    """Cap glibc's malloc arenas for this process; True when the cap was set here."""
    return _mallopt(M_ARENA_MAX, arenas, "MALLOC_ARENA_MAX")


def fix_mmap_threshold(threshold: int = DAEMON_MMAP_THRESHOLD) -> bool:
    """Serve blocks from `threshold` bytes up with their own mmap from now on, without glibc raising the
    threshold as they are freed; True when set here."""
    return _mallopt(M_MMAP_THRESHOLD, threshold, "MALLOC_MMAP_THRESHOLD_")


def tune_process() -> None:
    """The daemon's allocator settings for any jarvisd command: `chat`, `listen`, `transcribe` and `say`
    load the same models in one process as the daemon does. Without them (pass 23) `jarvisd chat --once`
    reserved 3.15 GB of address space for "what is the capital of France" (1.2 GB with them), and under a
    4 GB limit (`ulimit -v 4000000`) a 4,000-character Korean turn failed ("Failed to create
    llama_context"; the daemon answered it) and `jarvisd listen --wav` of an hour ended in a MemoryError."""
    limit_arenas()
    arrow_on_system_pool()
    fix_mmap_threshold()


def arrow_on_system_pool() -> bool:
    """Make glibc malloc Arrow's default memory pool; True when chosen here. Arrow fixes its pool when
    pyarrow is imported: if it already is, only pyarrow's own allocations switch (C++ kernels that
    take Arrow's default pool keep mimalloc), so call this first thing."""
    if os.environ.get("ARROW_DEFAULT_MEMORY_POOL"):
        return False
    os.environ["ARROW_DEFAULT_MEMORY_POOL"] = "system"
    if "pyarrow" in sys.modules:
        import pyarrow as pa

        pa.set_memory_pool(pa.system_memory_pool())
    return True
