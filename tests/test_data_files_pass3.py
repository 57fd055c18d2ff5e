"""Issue 18, third pass: a data file jarvisd appends to that is a symlink to a device.

`openloops.jsonl` -> /dev/full (or /dev/zero): `jarvisd run` read zeros forever at start, memory
growing, not a word said, and did not stop on SIGTERM. -> /dev/null: every promise was confirmed and
none was kept ("the turn failed: [Errno 22] Invalid argument" at best). Now one line, exit 1."""

from __future__ import annotations

import os

import pytest

from tests.test_cli import env, jarvisd  # noqa: F401  (env is a fixture)

pytestmark = pytest.mark.slow  # each test runs `jarvisd` as a subprocess


@pytest.mark.parametrize("name, what", [("openloops.jsonl", "the agenda log"),
                                        ("reminders.jsonl", "the delivered-reminder log")])
@pytest.mark.parametrize("device", ["/dev/full", "/dev/null"])
def test_a_data_file_linked_to_a_device_is_one_line_not_a_hang(env, name, what, device):  # noqa: F811
    data = os.path.join(env["JARVIS_HOME"], "data")
    os.makedirs(data)
    os.symlink(device, os.path.join(data, name))
    env["JARVIS_VOICE__ENABLED"] = "false"
    result = jarvisd("run", env=env, timeout=90)  # before: hung past the timeout (/dev/full)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"jarvisd: cannot open {what} {data}/{name}: it is not a regular file ({device}): "
        "move it away and start again")


def test_an_instance_lock_jarvisd_cannot_open_is_one_line_not_a_traceback(env):  # noqa: F811
    """The data dir on a read-only mount (replayed by hand: `OSError: [Errno 30] Read-only file system`
    traceback, exit 1), here portably: `jarvisd.pid` a directory. Before: a traceback."""
    data = os.path.join(env["JARVIS_HOME"], "data")
    os.makedirs(os.path.join(data, "jarvisd.pid"))
    env["JARVIS_VOICE__ENABLED"] = "false"
    result = jarvisd("run", env=env, timeout=90)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"jarvisd: cannot open the instance lock {data}/jarvisd.pid: it is a directory: move it away and start again")
