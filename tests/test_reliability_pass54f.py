"""Pass 54f (issue 18): a second look at this stop's changes (the JSONL write marks, the tray's X handler, the
delivered log, the stop budget). See docs/reliability.md, "Fifty-fourth pass (f)"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jarvisd.openloop.stores import JsonlLoopStore
from tests.test_tray import kill_xvfb, need_tools, start_xvfb

ROOT = Path(__file__).resolve().parents[1]

# A GTK tray started as the daemon starts it; its icon slow to show (a loaded machine, a slow tray host: the start
# waits up to 10 s for it), and the X server gone meanwhile.
_GTK_TRAY_NOT_YET_SHOWN = textwrap.dedent("""
    import asyncio, os
    from jarvisd.events import EventBus
    from jarvisd.tray import AgendaTray

    class Agenda:
        def agenda(self):
            return []

        def view(self, loop):
            return {}

    shown = AgendaTray._until_shown

    async def slow_to_show(self):
        print("running", flush=True)   # the icon's process is starting; the X server is killed now
        await asyncio.sleep(1.5)
        await shown(self)

    AgendaTray._until_shown = slow_to_show

    async def main():
        tray = AgendaTray(Agenda(), EventBus(), open_hud=lambda: None, quit=lambda: None)
        try:
            await tray.start()
            print("shown", flush=True)
        except Exception as exc:   # the daemon's `_start_tray`: one line, no tray, the rest goes on
            print("unavailable:", exc, flush=True)
        await asyncio.sleep(0.5)
        print("alive", flush=True)
        await tray.stop()
        print("stopped", flush=True)

    asyncio.run(main())
    os._exit(0)
""")


@pytest.mark.slow  # Xvfb, trayer and a D-Bus session, as the real tray tests in tests/test_tray.py
def test_the_x_display_going_away_before_the_gtk_icon_shows_takes_the_tray_only():
    """Before: the handler that keeps the daemon alive when its X server goes away was put in place once the icon
    showed; the display lost while it was being shown ended the whole process (GDK's `_exit(1)`, not a word; seen
    with Xvfb killed 0.3 s and 0.9 s into the tray's start)."""
    need_tools("Xvfb", "trayer", "dbus-daemon")
    xvfb, display = start_xvfb()
    env = {**os.environ, "DISPLAY": display, "PYSTRAY_BACKEND": "gtk", "PYTHONPATH": str(ROOT)}
    trayer = subprocess.Popen(["trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel", "--width",
                               "120", "--height", "32"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dbus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                            stdout=subprocess.PIPE, text=True)
    env["DBUS_SESSION_BUS_ADDRESS"] = dbus.stdout.readline().strip()
    child = subprocess.Popen([sys.executable, "-c", _GTK_TRAY_NOT_YET_SHOWN], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert child.stdout.readline().split() == ["running"]
        kill_xvfb(xvfb, display)
        out, _ = child.communicate(timeout=30)
    finally:
        for process in (child, trayer, dbus, xvfb):
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
    assert child.returncode == 0, out
    # since the fifty-fifth session the icon is a process of its own: whether it had shown the icon or not when the
    # X server went, its end is one line ("unavailable: ... ended before the icon was shown", or the shown icon's end)
    said = [line for line in out.splitlines() if line.startswith("unavailable:")
            or "the tray icon's process ended (" in line]
    assert len(said) == 1 and "alive" in out and "stopped" in out, out
    assert "Traceback" not in out


# ------------------------------------------------------------------------------ a write's last line damaged later

def _cancelled_50(path: Path) -> bytes:
    """50 promises saved one by one, then all of them dismissed in one marked write ("cancel everything"); the log."""
    from tests.test_reliability_pass54a import _agenda

    _agenda(50, path)
    return path.read_bytes()


def _damage_last_record(whole: bytes, at: int = 20) -> bytes:
    lines = whole.split(b"\n")   # ends in b"" (the last newline)
    lines[-2] = lines[-2][:at] + b"\x00\xff{" + lines[-2][at + 3:]
    return b"\n".join(lines)


def test_a_damaged_last_line_of_a_whole_write_costs_its_record_alone(tmp_path: Path) -> None:
    """Before: the last line of a write of many promises, damaged after it was written (a bit flip, an edit: the line
    ends with its whole mark), made the whole write count as cut short by a kill: 0 of 50 dismissals applied, all 50
    open again (and 0 of 100,000 on a log of 100,000); a damaged line costs its record alone."""
    from tests.test_reliability_pass54a import _statuses

    path = tmp_path / "openloops.jsonl"
    path.write_bytes(_damage_last_record(_cancelled_50(path)))
    assert _statuses(path) == {"dismissed": 49, "open": 1}
    store = JsonlLoopStore(path)
    store.load()
    assert store.report.cut_writes == [] and len(store.report.skipped_lines) == 1
    # a later write after it: the same
    with path.open("ab") as fh:
        fh.write(json.dumps(_loop_record(999)).encode() + b"\n")
    assert _statuses(path) == {"dismissed": 49, "open": 2}


def _loop_record(i: int) -> dict:
    from tests.test_reliability_pass54a import _loop

    return _loop(i).to_record()


def test_guard_a_last_line_cut_by_a_kill_still_leaves_none_of_the_write(tmp_path: Path) -> None:
    """A kill stops the write before its last bytes: the mark (the line's last key) is not whole, the write is not
    applied, also once a later start wrote after the torn line (its newline first)."""
    from tests.test_reliability_pass54a import _statuses

    path = tmp_path / "openloops.jsonl"
    whole = _cancelled_50(path)
    for cut in (3, 2, 10, 40):   # without "}\n", without '"}\n', inside the mark, before it
        path.write_bytes(whole[:-cut])
        assert _statuses(path) == {"open": 50}, cut
        JsonlLoopStore(path).save(_loop_from(999))   # the next start's first write closes the torn line
        counts = _statuses(path)
        assert counts == {"open": 51}, (cut, counts)
    # damaged inside its mark: no longer known whole, not applied (as before)
    path.write_bytes(_damage_last_record(whole, at=len(whole.split(b"\n")[-2]) - 12))
    assert _statuses(path) == {"open": 50}


def _loop_from(i: int):
    from tests.test_reliability_pass54a import _loop

    return _loop(i)
