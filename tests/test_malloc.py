"""jarvisd run caps glibc's malloc arenas, unless the user set MALLOC_ARENA_MAX."""

import subprocess
import sys

CHECK = "from jarvisd.malloc import limit_arenas; print(limit_arenas())"


def run_check(env_extra: dict[str, str]) -> str:
    import os

    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"} | env_extra
    return subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_cap_is_set_on_glibc():
    assert run_check({}) == "True"


def test_a_users_own_malloc_arena_max_wins():
    assert run_check({"MALLOC_ARENA_MAX": "4"}) == "False"
