"""The resident daemon's allocators: glibc's malloc arenas and pyarrow's memory pool.

glibc gives threads their own arenas (up to 8 per core); LanceDB's and the models' worker threads
allocate and free across them, and the freed pages stay with each arena. With two arenas the soak's
resident memory after warm-up grew less (docs/reminders.md, "Resident memory"). The limit must be set
before the threads start allocating, so `jarvisd run` sets it first thing. A user's own
MALLOC_ARENA_MAX wins; on a libc without mallopt (musl) nothing happens.

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

M_ARENA_MAX = -8  # glibc malloc.h
DAEMON_ARENAS = 2


def limit_arenas(arenas: int = DAEMON_ARENAS) -> bool:
    """Cap glibc's malloc arenas for this process; True when the cap was set here."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_ARENA_MAX, arenas))


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
