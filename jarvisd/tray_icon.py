"""The tray icon's own process: `python -m jarvisd.tray_icon --backend gtk --title JARVIS`, started by the
daemon's `AgendaTray` (jarvisd/tray.py), which keeps the agenda, the menu (`menu_items`) and the actions.

GTK and Xlib end the whole process when the X server goes away at the wrong moment (GDK's `_exit(1)`, or a
segfault inside GTK's own start: the forty-ninth session's 20 ms window). Here that process is this one: the
daemon's voice, HUD and reminders go on, and the daemon says in one line that the icon is gone.

The protocol, JSON lines:
- stdin (daemon -> icon): `{"menu": [<MenuSpec as a dict>, ...]}` whenever the menu changes; `{"stop": true}`.
  End of input means the daemon is gone: this process ends too (within a second), it never outlives it.
- stdout (icon -> daemon): `{"shown": true}` once the icon is visible; `{"action": "done:<id>"}` (or `mute`,
  `quit`, ...) for each click; `{"error": "..."}` a one-line error the icon lives on after; `{"ending": "..."}`
  why the icon is about to end (the daemon puts it in its one line).
- stderr: this process's log (and GTK's own messages); the daemon relogs each line.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, BinaryIO

from jarvisd.tray import MenuSpec, specs_from_json, to_pystray, tray_image

log = logging.getLogger("jarvisd.tray_icon")

STOP_GRACE_SEC = 2.0   # after "stop", pystray's own clean-up gets this long before the process ends anyway
ORPHAN_GRACE_SEC = 1.0  # after the daemon went away (stdin closed)


class Channel:
    """JSON lines to the daemon on fd 1, written whole (os.write under a lock: the X I/O handler may write from
    inside Xlib, where Python's buffered stdout could be held by another thread)."""

    def __init__(self, fd: int = 1) -> None:
        self.fd, self._lock = fd, threading.Lock()

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode()
        with self._lock:
            try:
                while data:
                    data = data[os.write(self.fd, data):]
            except OSError:  # the daemon is gone; stdin's end says so too
                pass


# The X I/O error handler (ctypes; held here, Xlib calls it) and where it says the icon is ending.
_X_LOST: dict[str, Any] = {}


def _on_x_connection_lost(_display: Any) -> int:
    """libX11's I/O error handler in place of GDK's, which ends the process with `_exit(1)` and not a word: this
    one tells the daemon why first ("the X display :57 went away"), then ends the process itself (Xlib would
    exit anyway once the handler returns)."""
    send = _X_LOST.get("send")
    if send is not None:
        send({"ending": f"the X display {os.environ.get('DISPLAY', '')} went away"})
    os._exit(1)
    return 0  # not reached


def _survive_x_connection_loss(send: Callable[[dict[str, Any]], None]) -> None:
    """Put `_on_x_connection_lost` in place of GDK's handler (set when GTK opened the display, at Gtk's import);
    the plain X backend (python-xlib, no libX11) is not concerned. Once per process."""
    _X_LOST["send"] = send
    if "handler" in _X_LOST:
        return
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("X11")
    if name is None:
        return
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return
    handler_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
    handler = handler_type(_on_x_connection_lost)
    lib.XSetIOErrorHandler.argtypes = [handler_type]
    lib.XSetIOErrorHandler.restype = ctypes.c_void_p
    lib.XSetIOErrorHandler(handler)
    _X_LOST["handler"] = handler


class _LoopEnded(logging.Filter):
    """pystray's X backend logs the error that ends its loop (the X server gone: "Display connection closed by
    server") as a 13-line traceback: kept as the icon's ending reason instead, for the daemon's one line."""

    def __init__(self, tray: TrayIcon) -> None:
        super().__init__()
        self.tray = tray

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is None:
            return True
        self.tray.ending = f"pystray's loop ended ({type(exc).__name__}: {exc})"
        return False


class TrayIcon:
    """The pystray icon of this process: `make()`, then `run()` on the main thread until `stop()`. `set_menu`
    and `stop` may be called from any thread (the command reader's); clicks go to `send` as actions."""

    def __init__(self, backend: str, title: str, send: Callable[[dict[str, Any]], None]) -> None:
        self.backend, self.title, self.send = backend, title, send
        self.specs: list[MenuSpec] = []
        self.icon: Any = None
        self.ending: str | None = None   # why pystray's loop ended, when it ended by itself
        self.stopping = False
        self.shown = threading.Event()
        self.ended = threading.Event()   # `run` returned

    def make(self) -> None:
        if self.backend != "xorg":
            # GDK sets its I/O error handler as GTK opens the display (Gtk's import): ours right after, before
            # pystray and its backend load
            import gi

            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk  # noqa: F401 - the import opens the display

            _survive_x_connection_loss(self.send)
        import pystray  # imports pystray's own first choice of backend; ours is imported next

        pystray_log = logging.getLogger("pystray._base")  # every backend logs through it
        pystray_log.addFilter(_LoopEnded(self))
        icon_class = importlib.import_module(f"pystray._{self.backend}").Icon
        self.icon = icon_class("jarvisd", icon=tray_image(), title=self.title,
                               menu=pystray.Menu(lambda: to_pystray(self.specs, self.dispatch)))

    def run(self) -> None:
        try:
            if self.backend == "xorg":
                # pystray's X backend shows the icon from its setup thread through a message to its loop, which
                # was at times never answered (the daemon's start then waited for an icon that never showed, 1
                # start in 10 under load): shown from the loop's own thread instead, as it begins
                loop = self.icon._mainloop

                def shown_then_loop() -> None:
                    self._on_ready(self.icon)
                    loop()

                self.icon._mainloop = shown_then_loop
                self.icon.run(setup=lambda _icon: None)
            else:
                self.icon.run(setup=self._on_ready)
        finally:
            self.ended.set()

    def _on_ready(self, icon: Any) -> None:
        """pystray's setup (on its setup thread, once the backend is ready; the X backend's on its loop's thread):
        show the icon, tell the daemon."""
        try:
            icon.visible = True
        except Exception as exc:  # noqa: BLE001 - said; the daemon's start then says the icon was not shown
            self.send({"error": f"the tray icon could not be shown: {type(exc).__name__}: {exc}"})
            return
        self.shown.set()
        self.send({"shown": True})

    def set_menu(self, specs: Sequence[MenuSpec]) -> None:
        self.specs = list(specs)
        if self.icon is not None:
            self.icon.update_menu()

    def dispatch(self, action: str) -> None:
        """A menu item clicked (on pystray's thread): the daemon acts on it."""
        self.send({"action": action})

    def stop(self) -> None:
        """End the icon's loop (`run` returns)."""
        self.stopping = True
        if self.icon is None:
            return
        try:
            self.icon.stop()
        except Exception as exc:  # noqa: BLE001 - a dead display: the process's own end follows
            log.debug("tray icon: pystray's stop: %s", exc)
        if self.backend == "xorg" and not self.ended.wait(1.0):
            self._end_x_loop()

    def _end_x_loop(self) -> None:
        """pystray's X backend passes stop() to its loop over the loop's own X connection from another thread, and
        the message can be lost; destroying the window from a fresh connection ends the loop through the
        DestroyNotify it waits for."""
        from Xlib import display

        try:
            conn = display.Display()
        except Exception as exc:  # noqa: BLE001 - no display left: the loop has ended or will with it
            log.debug("tray icon: no display to end pystray's X loop: %s", exc)
            return
        try:
            conn.create_resource_object("window", self.icon._window.id).destroy()
            conn.sync()
        except Exception as exc:  # noqa: BLE001
            log.warning("tray icon: could not end pystray's X loop: %s", exc)
        finally:
            conn.close()


def read_commands(tray: TrayIcon, stdin: BinaryIO) -> None:
    """The daemon's commands, until "stop" or the end of input (the daemon gone: this process ends too)."""
    for raw in stdin:
        try:
            message = json.loads(raw)
            if "menu" in message:
                tray.set_menu(specs_from_json(message["menu"]))
            elif message.get("stop"):
                _exit_later(STOP_GRACE_SEC)
                tray.stop()
                return
        except Exception as exc:  # noqa: BLE001 - a bad line is said, the icon lives on
            tray.send({"error": f"the tray icon could not read {raw[:80]!r}: {type(exc).__name__}: {exc}"})
    _exit_later(ORPHAN_GRACE_SEC)
    tray.stop()


def _exit_later(grace: float) -> None:
    """The process ends `grace` seconds from now whatever pystray's stop does (a dead display, a D-Bus call that
    waits for its timeout)."""
    timer = threading.Timer(grace, os._exit, (0,))
    timer.daemon = True
    timer.start()


def main(argv: Sequence[str] | None = None, icon_class: type[TrayIcon] = TrayIcon) -> int:
    parser = argparse.ArgumentParser(prog="python -m jarvisd.tray_icon")
    parser.add_argument("--backend", required=True, help="a pystray backend: gtk, appindicator, xorg")
    parser.add_argument("--title", default="JARVIS")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    channel = Channel()
    tray = icon_class(args.backend, args.title, channel.send)
    threading.Thread(target=read_commands, args=(tray, sys.stdin.buffer), name="tray-commands",
                     daemon=True).start()
    try:
        tray.make()
    except Exception as exc:  # noqa: BLE001 - no PyGObject, no display, no such backend: said in one line
        channel.send({"ending": f"no tray icon on display {os.environ.get('DISPLAY', '')!r} ({args.backend}): "
                                f"{type(exc).__name__}: {exc}"})
        return 1
    if tray.stopping:
        return 0
    try:
        tray.run()
    except Exception as exc:  # noqa: BLE001 - the loop's end is said in the daemon's one line
        tray.ending = tray.ending or f"pystray's loop ended ({type(exc).__name__}: {exc})"
    if tray.stopping:
        return 0
    channel.send({"ending": tray.ending or "pystray's loop ended"})
    return 1


if __name__ == "__main__":
    code = main()
    # GTK's threads and objects are not taken down by the interpreter's finalisation: end here, as the daemon does
    os._exit(code)
