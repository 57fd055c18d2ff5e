"""jarvisd run caps glibc's malloc arenas, fixes its mmap threshold and puts Arrow on glibc malloc, unless the
user chose otherwise."""

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow  # each test runs a Python subprocess

ARENAS = "from jarvisd.malloc import limit_arenas; print(limit_arenas())"
# What Arrow's default pool is once pyarrow is imported after the daemon chose it (as `serve` does).
ARROW_POOL = ("from jarvisd.malloc import arrow_on_system_pool; chosen = arrow_on_system_pool(); "
              "import pyarrow as pa; print(chosen, pa.default_memory_pool().backend_name)")
# pyarrow imported first: pyarrow's own default pool still switches.
ARROW_POOL_LATE = ("import pyarrow as pa; from jarvisd.malloc import arrow_on_system_pool; "
                   "print(arrow_on_system_pool(), pa.default_memory_pool().backend_name)")


def run_check(code: str, env_extra: dict[str, str]) -> str:
    unset = ("MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "ARROW_DEFAULT_MEMORY_POOL")
    env = {k: v for k, v in os.environ.items() if k not in unset} | env_extra
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_cap_is_set_on_glibc():
    assert run_check(ARENAS, {}) == "True"


def test_a_users_own_malloc_arena_max_wins():
    assert run_check(ARENAS, {"MALLOC_ARENA_MAX": "4"}) == "False"


def test_arrow_allocates_from_glibc_malloc():
    assert run_check(ARROW_POOL, {}) == "True system"


def test_arrow_switches_even_when_pyarrow_was_imported_first():
    assert run_check(ARROW_POOL_LATE, {}) == "True system"


def test_a_users_own_arrow_pool_wins():
    assert run_check(ARROW_POOL, {"ARROW_DEFAULT_MEMORY_POOL": "jemalloc"}) == "False jemalloc"


# Free a 4 MiB block (glibc would raise its mmap threshold to 4 MiB), then take 2 MiB: is it mmapped?
MMAP_AFTER_FREE = """
import ctypes
from jarvisd.malloc import fix_mmap_threshold

class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                               "fsmblks", "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
libc.free.argtypes, libc.mallinfo2.restype = [ctypes.c_void_p], Info
fixed = fix_mmap_threshold()
libc.free(libc.malloc(4 << 20))
before = libc.mallinfo2().hblks
block = libc.malloc(2 << 20)
print(fixed, libc.mallinfo2().hblks - before)
libc.free(block)
"""


def test_freed_blocks_do_not_raise_the_mmap_threshold():
    assert run_check(MMAP_AFTER_FREE, {}) == "True 1"


def test_without_the_fix_glibc_raises_it():  # what the daemon avoids: the 2 MiB block lands in the heap
    assert run_check(MMAP_AFTER_FREE.replace("fixed = fix_mmap_threshold()", "fixed = False"), {}) == "False 0"


def test_a_users_own_mmap_threshold_wins():
    assert run_check(MMAP_AFTER_FREE, {"MALLOC_MMAP_THRESHOLD_": "65536"}).startswith("False")
