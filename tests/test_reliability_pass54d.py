"""Pass 54d (issue 18): the parts no pass had run together with voice on: the tray on an X display that
goes away, the delivered-reminder log on a full disk. See docs/reliability.md, "Fifty-fourth pass (d)"."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.test_tray import need_tools, start_xvfb

ROOT = Path(__file__).resolve().parents[1]

# A GTK tray (the backend the tray picks with an XEmbed host) in a process of its own, as the daemon runs it.
_GTK_TRAY = textwrap.dedent("""
    import asyncio, os
    from jarvisd.events import EventBus
    from jarvisd.tray import AgendaTray

    class Agenda:
        def agenda(self):
            return []

        def view(self, loop):
            return {}

    async def main():
        tray = AgendaTray(Agenda(), EventBus(), open_hud=lambda: None, quit=lambda: None)
        await tray.start()
        print("shown", tray.backend.name, flush=True)
        for _ in range(60):  # the X server is killed meanwhile
            await asyncio.sleep(0.1)
        await tray.refresh()  # an agenda change after the display went away
        print("alive", flush=True)
        await tray.stop()
        print("stopped", flush=True)

    asyncio.run(main())
    os._exit(0)  # as the daemon ends (`daemon.py`): the parked GTK thread is not waited for
""")


@pytest.mark.slow  # Xvfb, trayer and a D-Bus session, as the real tray tests in tests/test_tray.py
def test_the_x_display_going_away_takes_the_gtk_tray_only_not_the_daemon(tmp_path):
    need_tools("Xvfb", "trayer", "dbus-daemon")
    xvfb, display = start_xvfb()
    env = {**os.environ, "DISPLAY": display, "PYSTRAY_BACKEND": "gtk", "PYTHONPATH": str(ROOT)}
    trayer = subprocess.Popen(["trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel", "--width",
                               "120", "--height", "32"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dbus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                            stdout=subprocess.PIPE, text=True)
    env["DBUS_SESSION_BUS_ADDRESS"] = dbus.stdout.readline().strip()
    child = subprocess.Popen([sys.executable, "-c", _GTK_TRAY], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    try:
        assert child.stdout.readline().split() == ["shown", "gtk"]
        xvfb.kill()
        xvfb.wait(timeout=10)
        out, _ = child.communicate(timeout=30)
    finally:
        for process in (child, trayer, dbus, xvfb):
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
    # before: GDK's I/O error handler ended the whole process at once (exit 1, not a word in the log)
    assert child.returncode == 0, out
    assert "alive" in out and "stopped" in out
    assert out.count("the X display") == 1 and "went away: no tray icon until jarvisd restarts" in out
    assert "Traceback" not in out
