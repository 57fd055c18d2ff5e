"""Issue 18, twelfth adversarial pass (docs/reliability.md, "Twelfth pass"): each case found against
`jarvisd run` and fixed, with real parts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# ---- relative XDG base directories -------------------------------------------------------------------------


@pytest.mark.parametrize("variables", [
    {"XDG_DATA_HOME": "xd", "XDG_CONFIG_HOME": "xc"},
    {"HOME": "somewhere"},
])
def test_a_relative_xdg_folder_is_ignored_so_every_command_finds_the_same_data(tmp_path, monkeypatch, variables):
    """Before: `XDG_DATA_HOME=xd` (or a relative HOME) was read against the working folder, so `jarvisd run`
    started in one folder and `jarvisd chat --once "I need to call mom tomorrow at 3pm"` run in another
    used two data folders: the chat answered "Got it: call mom, tomorrow at 3 PM." into an agenda the
    daemon never read (its `/api/agenda` stayed empty, nothing was reminded). The XDG spec says a relative
    value is invalid and to be ignored."""
    from jarvisd.paths import resolve_paths

    env = {"HOME": str(tmp_path / "home"), **variables}
    seen = []
    for folder in ("A", "B"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        seen.append(resolve_paths(env))
    assert seen[0] == seen[1], seen
    assert seen[0].data_dir.is_absolute() and seen[0].config_dir.is_absolute(), seen[0]
    if "HOME" not in variables:
        assert seen[0].data_dir == tmp_path / "home" / ".local" / "share" / "jarvisd"


def test_absolute_xdg_folders_are_still_used(tmp_path):
    from jarvisd.paths import resolve_paths

    paths = resolve_paths({"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "d"),
                           "XDG_CONFIG_HOME": str(tmp_path / "c")})
    assert paths.data_dir == tmp_path / "d" / "jarvisd" and paths.config_dir == tmp_path / "c" / "jarvisd"


# ---- standard descriptors closed -----------------------------------------------------------------------------

_LOOP_BESIDE_THE_MODEL_LOAD = """
import asyncio, threading
import jarvisd

async def main():
    def load():  # what Llama(verbose=False) does around loading the embedded model
        from llama_cpp._utils import suppress_stdout_stderr
        with suppress_stdout_stderr(disable=False):
            pass
    await asyncio.to_thread(load)
    await asyncio.sleep(0.2)
    return "loop alive"

print(asyncio.run(main()))
from jarvisd.daemon import exit_process
exit_process(0)
"""


@pytest.mark.parametrize("closed", ["2>&-", "0<&- 2>&-", "0<&- 1>&- 2>&-"])
def test_a_daemon_started_with_stderr_closed_survives_the_model_load_and_stops_with_0(tmp_path, closed):
    """Before: `jarvisd run 2>&-` gave descriptor 2 to the event loop's epoll; loading the embedded model
    (llama.cpp's `suppress_stdout_stderr`) put /dev/null on 2 and back, closing the epoll under the loop:
    the daemon died at its first model turn (exit 1, nothing logged). A stop then ended in
    `AttributeError: 'NoneType' object has no attribute 'flush'` (sys.stderr None), exit 1."""
    import subprocess
    import sys

    out = tmp_path / "out"
    script = tmp_path / "probe.py"
    script.write_text(_LOOP_BESIDE_THE_MODEL_LOAD)
    redirect = closed.replace("1>&-", "") + f" 1>{out}" if "1>&-" not in closed else closed
    done = subprocess.run(["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, str(script)],
                          cwd=Path(__file__).resolve().parents[1], timeout=120)
    assert done.returncode == 0
    if "1>&-" not in closed:
        assert out.read_text().strip() == "loop alive"
