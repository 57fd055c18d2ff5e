"""jarvisd run caps glibc's malloc arenas and puts Arrow on glibc malloc, unless the user chose otherwise."""

import os
import subprocess
import sys

ARENAS = "from jarvisd.malloc import limit_arenas; print(limit_arenas())"
# What Arrow's default pool is once pyarrow is imported after the daemon chose it (as `serve` does).
ARROW_POOL = ("from jarvisd.malloc import arrow_on_system_pool; chosen = arrow_on_system_pool(); "
              "import pyarrow as pa; print(chosen, pa.default_memory_pool().backend_name)")
# pyarrow imported first: pyarrow's own default pool still switches.
ARROW_POOL_LATE = ("import pyarrow as pa; from jarvisd.malloc import arrow_on_system_pool; "
                   "print(arrow_on_system_pool(), pa.default_memory_pool().backend_name)")


def run_check(code: str, env_extra: dict[str, str]) -> str:
    unset = ("MALLOC_ARENA_MAX", "ARROW_DEFAULT_MEMORY_POOL")
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
