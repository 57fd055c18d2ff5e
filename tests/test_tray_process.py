"""The tray icon in a process of its own (the fifty-fifth session, issue 18): the X server lost at any moment of the
tray's start, the icon's process killed or crashed, the daemon killed under it. See docs/reliability.md, "The tray
in a process of its own (fifty-fifth session)"."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.test_tray import (  # noqa: F401 - the fixtures
    kill_xvfb,
    need_tools,
    recording_tray,
    session_bus,
    start_xvfb,
    wait_for,
    x_display,
)

ROOT = Path(__file__).resolve().parents[1]

# The daemon's side of the tray, started as `jarvisd run` starts it (`daemon._start_tray`: a TrayUnavailable is one
# warning and no tray), then an agenda change, the stop, and the process's own end.
_DAEMON_SIDE = textwrap.dedent("""
    import asyncio, logging, sys, time
    from types import SimpleNamespace
    from jarvisd.daemon import _start_tray
    from jarvisd.events import EventBus

    logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(levelname)s %(name)s %(message)s")

    class Agenda:
        def agenda(self):
            return []

        def view(self, loop):
            return {}

    async def main():
        stop = asyncio.Event()
        d = SimpleNamespace(assistant=SimpleNamespace(agenda=Agenda()), bus=EventBus(), voice=None, tray=None,
                            hud_token=None, cfg=SimpleNamespace(hud=SimpleNamespace(host="127.0.0.1", port=1)))
        print("starting", flush=True)
        await _start_tray(d, stop)
        if d.tray is not None:  # (getattr: the same script ran on the tray of a thread, before)
            print("shown", getattr(getattr(d.tray, "child", None), "pid", 0), flush=True)
            deadline = time.monotonic() + float(sys.argv[1])
            while time.monotonic() < deadline and getattr(d.tray, "ended", None) is None:  # said in one line
                await asyncio.sleep(0.05)
            await d.tray.refresh()  # an agenda change after the icon went away
        print("alive", flush=True)
        if d.tray is not None:
            await d.tray.stop()
        print("stopped", flush=True)

    asyncio.run(main())
""")


def _desktop() -> tuple[subprocess.Popen, str, subprocess.Popen, subprocess.Popen, dict[str, str]]:
    """Xvfb, trayer on it and a private D-Bus session: the desktop that gets the GTK tray."""
    from jarvisd.tray import _has_xembed_host

    need_tools("Xvfb", "trayer", "dbus-daemon")
    xvfb, display = start_xvfb()
    env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT)}
    env.pop("PYSTRAY_BACKEND", None)
    trayer_args = ["trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel", "--width", "120", "--height",
                   "32"]
    trayer = subprocess.Popen(trayer_args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dbus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        env["DBUS_SESSION_BUS_ADDRESS"] = dbus.stdout.readline().strip()
        # the tray picks GTK when trayer owns the tray selection; on a slow start it may not yet. On a display number
        # just freed by a SIGKILLed Xvfb, trayer sometimes could not connect ("cannot open display") at its first go
        deadline, tries = time.monotonic() + 20, 1
        while not _has_xembed_host(display):
            if trayer.poll() is not None:
                assert tries < 5, f"trayer ended ({trayer.returncode}) on {display}, {tries} times"
                tries += 1
                time.sleep(0.2)
                trayer = subprocess.Popen(trayer_args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            assert time.monotonic() < deadline, "trayer did not take the tray selection"
            time.sleep(0.05)
    except BaseException:
        _end(trayer, dbus, xvfb)
        raise
    return xvfb, display, trayer, dbus, env


def _end(*processes: subprocess.Popen) -> None:
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


# Before (the forty-ninth session): a crash (segfault or exit 1 inside GTK's own start) in 6 of 8 runs at 0.05-0.07 s.
@pytest.mark.slow  # Xvfb, trayer, a D-Bus session and the daemon's side in a process, per offset
@pytest.mark.parametrize("offset", [0.02, 0.05, 0.06, 0.07, 0.1, 0.2, 0.3, 0.5])
def test_the_x_server_killed_at_any_moment_of_the_trays_start_takes_the_tray_only(offset):
    xvfb, display, trayer, dbus, env = _desktop()
    daemon = subprocess.Popen([sys.executable, "-c", _DAEMON_SIDE, "5"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        assert daemon.stdout.readline().strip() == "starting"
        time.sleep(offset)
        kill_xvfb(xvfb, display)
        out, _ = daemon.communicate(timeout=60)
    finally:
        _end(daemon, trayer, dbus)
        kill_xvfb(xvfb, display)
    assert daemon.returncode == 0, out
    assert "alive" in out and "stopped" in out, out
    # one line: the start's "tray: unavailable (... ended before the icon was shown ...)", or the shown icon's end
    said = [line for line in out.splitlines() if "no tray icon" in line]
    assert len(said) == 1, out
    assert "tray: unavailable (" in said[0] or "tray: the tray icon's process ended (" in said[0], out
    assert "Traceback" not in out, out


@pytest.mark.slow  # Xvfb, trayer, a D-Bus session and the icon's process
@pytest.mark.parametrize(("sig", "said"), [(signal.SIGKILL, "signal 9 (SIGKILL)"),
                                           (signal.SIGSEGV, "signal 11 (SIGSEGV)")])
async def test_the_icons_process_killed_or_crashed_is_one_line_and_the_daemon_goes_on(
        sig, said, x_display, session_bus, monkeypatch, tmp_path, caplog):  # noqa: F811 - the fixtures
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    monkeypatch.delenv("PYSTRAY_BACKEND", raising=False)
    from jarvisd.tray import probe_desktop

    await wait_for(lambda: probe_desktop().xembed_host, "trayer to own the tray selection")
    tray = recording_tray(tmp_path)
    await tray.start()
    assert tray.backend.name == "gtk"
    with caplog.at_level(logging.INFO, logger="jarvisd.tray"):
        os.kill(tray.child.pid, sig)
        await wait_for(lambda: tray.ended is not None, "the icon's end to be seen")
        tray.service.add("call the plumber")  # the agenda goes on changing: the menu is kept, nothing is sent
        await asyncio.sleep(0.3)
        started = time.monotonic()
        await tray.stop()
        assert time.monotonic() - started < 1.0
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in lines] == [
        f"tray: the tray icon's process ended ({said}): no tray icon until jarvisd restarts; voice, the HUD and "
        "reminders go on"]
    assert tray.specs[0].text == "call the plumber"  # the daemon's side followed the agenda all along


@pytest.mark.slow  # Xvfb, trayer, a D-Bus session, the daemon's side and the icon's process
def test_the_icons_process_ends_when_the_daemon_is_killed():
    xvfb, display, trayer, dbus, env = _desktop()
    daemon = subprocess.Popen([sys.executable, "-c", _DAEMON_SIDE, "60"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        assert daemon.stdout.readline().strip() == "starting"
        while (line := daemon.stdout.readline()) and not line.startswith("shown"):
            pass
        assert line.startswith("shown"), daemon.communicate(timeout=10)[0]
        child = int(line.split()[1])
        daemon.kill()
        daemon.wait(timeout=10)
        killed = time.monotonic()
        while _running(child):
            assert time.monotonic() - killed < 2.5, "the icon's process outlived the daemon"
            time.sleep(0.05)
    finally:
        _end(daemon, trayer, dbus)
        kill_xvfb(xvfb, display)


def _running(pid: int) -> bool:
    """Alive and not a zombie (an orphan is reaped by whoever adopts it, maybe late)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
