"""glibc's malloc arenas for the resident daemon.

glibc gives threads their own arenas (up to 8 per core); LanceDB's and the models' worker threads
allocate and free across them, and the freed pages stay with each arena. With two arenas the soak's
resident memory after warm-up grew less (docs/reminders.md, "Resident memory"). The limit must be set
before the threads start allocating, so `jarvisd run` sets it first thing. A user's own
MALLOC_ARENA_MAX wins; on a libc without mallopt (musl) nothing happens.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

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
