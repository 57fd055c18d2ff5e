"""The tray icon: the open loops as menu items (each with Done and Dismiss), Open HUD, the microphone,
Quit. The menu is a pure function of the agenda (`menu_items`); `AgendaTray` sends it to the icon and
rebuilds it on every `agenda_changed`. Menu actions go through the agenda service, like the HUD's.

The pystray icon runs in a process of its own (`jarvisd/tray_icon.py`, JSON lines over its stdin and
stdout): GTK and Xlib end the whole process when the X server goes away at the wrong moment (a segfault or
`_exit(1)` inside GTK's own start), and that process is then the icon's, not the daemon's. When it ends the
daemon says so in one line and goes on without a tray icon until it restarts (no restart in a loop).

Backends (`choose_backend`, a pure rule over what `probe_desktop` finds): `appindicator` when a
StatusNotifier host runs (KDE, GNOME with the AppIndicator extension, ...), else `gtk` (Gtk.StatusIcon)
when an XEmbed tray host owns the X tray selection (trayer, xfce4-panel, ...); both show the full menu
and need PyGObject (the `tray` extra) and a D-Bus session bus. Otherwise the plain X backend `xorg`
shows the icon without a menu: its click opens the HUD (the default item). PYSTRAY_BACKEND wins.
The probe stays in the daemon: it only queries (python-xlib and GIO's D-Bus, never GDK's display, so
nothing in it can end the process), `jarvisd doctor` says the same from it, and an unreachable display or
a desktop without a menu is said before any icon process is started; the icon's process gets the chosen
backend's name.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from jarvisd.events import AgendaChanged, EventBus, StatusChanged, TranscriptLine
from jarvisd.textsafe import answer_text, cut_whole

log = logging.getLogger(__name__)

MAX_LOOPS = 15
MAX_LABEL = 60


@dataclass(frozen=True)
class MenuSpec:
    """One tray menu entry. `action` is a string the tray dispatches: `done:<id>`, `dismiss:<id>`,
    `open_hud`, `mute`, `push_to_talk`, `quit`; None for a label or a submenu."""

    text: str
    action: str | None = None
    children: tuple[MenuSpec, ...] = ()
    checked: bool | None = None
    enabled: bool = True
    default: bool = False
    separator: bool = False


SEPARATOR = MenuSpec("-", separator=True)


def specs_to_json(specs: Sequence[MenuSpec]) -> list[dict[str, Any]]:
    """The menu as the icon's process reads it (`{"menu": ...}`, jarvisd/tray_icon.py)."""
    return [asdict(spec) for spec in specs]


def specs_from_json(items: Sequence[Mapping[str, Any]]) -> list[MenuSpec]:
    return [MenuSpec(text=str(item["text"]), action=item.get("action"),
                     children=tuple(specs_from_json(item.get("children") or ())), checked=item.get("checked"),
                     enabled=bool(item.get("enabled", True)), default=bool(item.get("default", False)),
                     separator=bool(item.get("separator", False))) for item in items]

def loop_label(view: Mapping[str, Any]) -> str:
    # no bidi override or isolate of the text's reorders the "(due …)" after it (lows72: an RLO left open in a
    # promise showed the due backwards); a long one cut between drawn characters
    desc = cut_whole(answer_text(str(view["desc"])), MAX_LABEL)
    label = f"{desc}  (due {view['due']})" if view.get("due") else desc
    return f"{label}  ↻ {view['repeat']}" if view.get("repeat") else label


def menu_items(agenda_view: Sequence[Mapping[str, Any]], *, muted: bool = False, mic_available: bool = True,
               max_loops: int = MAX_LOOPS) -> list[MenuSpec]:
    """The tray menu for the open loops (`OpenLoopService.view` dicts, newest first)."""
    items: list[MenuSpec] = []
    for view in agenda_view[:max_loops]:
        items.append(MenuSpec(loop_label(view), children=(
            MenuSpec("Done", f"done:{view['id']}"), MenuSpec("Dismiss", f"dismiss:{view['id']}"))))
    if len(agenda_view) > max_loops:
        items.append(MenuSpec(f"… {len(agenda_view) - max_loops} more in the HUD", "open_hud"))
    if not agenda_view:
        items.append(MenuSpec("No open loops", enabled=False))
    return [*items, SEPARATOR,
            MenuSpec("Open HUD", "open_hud", default=True),
            MenuSpec("Mute microphone", "mute", checked=muted, enabled=mic_available),
            MenuSpec("Push-to-talk", "push_to_talk", enabled=mic_available and not muted),
            SEPARATOR,
            MenuSpec("Quit", "quit")]


def to_pystray(specs: Sequence[MenuSpec], dispatch: Callable[[str], None]) -> list[Any]:
    """pystray items for the specs; each action calls `dispatch(spec.action)`."""
    import pystray

    def item(spec: MenuSpec) -> Any:
        if spec.separator:
            return pystray.Menu.SEPARATOR
        if spec.children:
            return pystray.MenuItem(spec.text, pystray.Menu(*to_pystray(spec.children, dispatch)),
                                    enabled=spec.enabled)
        action = spec.action
        return pystray.MenuItem(spec.text, (lambda: dispatch(action)) if action else None,
                                checked=(lambda _item: spec.checked) if spec.checked is not None else None,
                                enabled=spec.enabled, default=spec.default)

    return [item(spec) for spec in specs]


def tray_image(size: int = 64) -> Any:
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((2, 2, size - 3, size - 3), fill=(24, 32, 51, 255), outline=(95, 179, 255, 255), width=4)
    draw.ellipse((size * 0.38, size * 0.38, size * 0.62, size * 0.62), fill=(95, 179, 255, 255))
    return image


def has_display(env: Mapping[str, str] | None = None) -> bool:
    """X, or Wayland (where only a StatusNotifier host can show the icon; `probe_desktop` looks for it)."""
    env = os.environ if env is None else env
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


class TrayUnavailable(RuntimeError):
    """No display to put an icon on."""


# ------------------------------------------------------------ which pystray backend shows a menu

NO_MENU_HINT = ("install the tray extra (scripts/setup.sh), run a tray host (StatusNotifier or XEmbed), "
                "or use the HUD (`jarvisd hud`)")


@dataclass(frozen=True)
class DesktopFacts:
    """What this session offers a tray icon (`probe_desktop`)."""

    requested: str | None = None   # PYSTRAY_BACKEND, when the user set it
    gtk: bool = False              # PyGObject with the GTK 3 typelib
    appindicator: bool = False     # ... and the (Ayatana)AppIndicator3 typelib
    session_bus: bool = False      # a D-Bus session bus (pystray's GTK backends need one)
    sni_host: bool = False         # a StatusNotifier host is registered on that bus
    xembed_host: bool = False      # an XEmbed tray host owns _NET_SYSTEM_TRAY_S<screen>


@dataclass(frozen=True)
class TrayBackend:
    name: str        # a pystray backend: appindicator, gtk, xorg (or whatever PYSTRAY_BACKEND names)
    has_menu: bool
    reason: str


def choose_backend(facts: DesktopFacts) -> TrayBackend:
    """The pystray backend that shows a menu on this desktop, or `xorg` (icon only) with the reason."""
    if facts.requested:
        return TrayBackend(facts.requested, facts.requested not in ("xorg", "dummy"),
                           f"PYSTRAY_BACKEND={facts.requested}")
    gtk_ready = facts.gtk and facts.session_bus
    if gtk_ready and facts.appindicator and facts.sni_host:
        return TrayBackend("appindicator", True, "a StatusNotifier host is registered")
    if gtk_ready and facts.xembed_host:
        return TrayBackend("gtk", True, "an XEmbed tray host owns the X tray selection")
    if not facts.gtk:
        why = "no PyGObject with GTK 3 in this Python"
    elif not facts.session_bus:
        why = "no D-Bus session bus"
    elif facts.sni_host:
        why = "a StatusNotifier host but no AppIndicator3 typelib (gir1.2-ayatanaappindicator3-0.1)"
    else:
        why = "no StatusNotifier or XEmbed tray host"
    return TrayBackend("xorg", False, why)


def probe_desktop(env: Mapping[str, str] | None = None) -> DesktopFacts:
    """Look at this session: the GI typelibs, the D-Bus session bus and its StatusNotifier host, the X tray
    selection. `env` gives DISPLAY and PYSTRAY_BACKEND; GIO finds the session bus from the process's own
    environment (and keeps that connection for the process). Raises TrayUnavailable when DISPLAY names a
    display that cannot be opened."""
    env = os.environ if env is None else env
    gtk = _has_typelib("Gtk", "3.0")
    appindicator = gtk and (_has_typelib("AyatanaAppIndicator3", "0.1") or _has_typelib("AppIndicator3", "0.1"))
    bus = _session_bus() if gtk else None
    return DesktopFacts(requested=env.get("PYSTRAY_BACKEND") or None, gtk=gtk, appindicator=appindicator,
                        session_bus=bus is not None, sni_host=bus is not None and _has_sni_host(bus),
                        xembed_host=bool(env.get("DISPLAY")) and _has_xembed_host(env["DISPLAY"]))


def _has_typelib(namespace: str, version: str) -> bool:
    try:
        import gi

        gi.require_version(namespace, version)
        return True
    except (ImportError, ValueError):
        return False


_SESSION_BUS: list[Any] = []  # GIO's session-bus singleton, held for the process (see `_session_bus`)


def _session_bus() -> Any:
    """GIO's session-bus connection, the one pystray's GTK backends get too. By default GIO ends the
    whole process when that bus goes away (a desktop logging out); the daemon must outlive it, so the
    connection is told not to and is held here, or a later `bus_get_sync` would make a fresh one."""
    from gi.repository import Gio, GLib

    if _SESSION_BUS and not _SESSION_BUS[0].is_closed():
        return _SESSION_BUS[0]
    try:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    except GLib.Error as exc:
        log.debug("tray: no D-Bus session bus: %s", exc.message)
        return None
    bus.set_exit_on_close(False)
    _SESSION_BUS[:] = [bus]
    return bus


def _has_sni_host(bus: Any) -> bool:
    from gi.repository import Gio, GLib

    try:
        reply = bus.call_sync("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher",
                              "org.freedesktop.DBus.Properties", "Get",
                              GLib.Variant("(ss)", ("org.kde.StatusNotifierWatcher", "IsStatusNotifierHostRegistered")),
                              GLib.VariantType("(v)"), Gio.DBusCallFlags.NO_AUTO_START, 1000, None)
    except GLib.Error:  # no watcher on the bus
        return False
    return bool(reply.unpack()[0])


def _has_xembed_host(display_name: str) -> bool:
    from Xlib import X, display, error

    try:
        conn = display.Display(display_name)
    except (error.DisplayError, error.ConnectionClosedError, OSError) as exc:
        raise TrayUnavailable(f"cannot open display {display_name!r}: {exc}") from exc
    try:
        selection = conn.get_atom(f"_NET_SYSTEM_TRAY_S{conn.get_default_screen()}")
        return conn.get_selection_owner(selection) != X.NONE
    finally:
        conn.close()




def _how_it_ended(code: int | None, why: str | None) -> str:
    """"exit 1: the X display :57 went away", "signal 11 (SIGSEGV)"."""
    if code is None:
        how = "still running"
    elif code < 0:
        try:
            how = f"signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            how = f"signal {-code}"
    else:
        how = f"exit {code}"
    return f"{how}: {why}" if why else how


def _child_cwd() -> str:
    """Where the icon's process starts: the folder holding this `jarvisd` package, so `python -m` finds the
    daemon's own code first (not a `jarvisd` folder in the daemon's working directory)."""
    return str(Path(__file__).resolve().parents[1])


class AgendaTray:
    """The tray icon over the agenda. `await start()` in the daemon's loop, `await stop()` to remove it.

    The icon is a child process (`child_module`, jarvisd/tray_icon.py) with the chosen backend; this side
    keeps the agenda reads, the menu and the actions. `quit()` is called on the asyncio loop, `open_hud()` on a
    thread of its own (it may take a second); `mic` is None when running text-only.
    """

    child_module = "jarvisd.tray_icon"
    SHOWN_LIMIT_SEC = 15.0  # the icon's process started (Python, pystray, GTK) and its icon shown; a loaded machine
    STOP_LIMIT_SEC = 2.0    # within the daemon's 3 s per part: then the icon's process is killed

    def __init__(self, agenda: Any, bus: EventBus, *, open_hud: Callable[[], Any], quit: Callable[[], Any],
                 mic: Any = None, title: str = "JARVIS") -> None:
        self.agenda, self.bus, self.mic, self.title = agenda, bus, mic, title
        self._open_hud, self._quit = open_hud, quit
        self.muted = False
        self.specs: list[MenuSpec] = menu_items([], mic_available=mic is not None)
        self.child: asyncio.subprocess.Process | None = None
        self.ended: str | None = None   # how the icon's process ended by itself ("signal 11 (SIGSEGV)")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._follower: asyncio.Task[None] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._relogger: asyncio.Task[None] | None = None
        self._ending: str | None = None   # why, as the icon's process said before it ended
        self._stopping = False
        self.backend: TrayBackend | None = None

    async def start(self) -> None:
        if not has_display():
            raise TrayUnavailable("no display (DISPLAY is unset): no tray icon")
        self._loop = asyncio.get_running_loop()
        self.backend = choose_backend(await asyncio.to_thread(probe_desktop))
        if not self.backend.has_menu:
            log.warning("tray: no menu on this desktop (%s); %s", self.backend.reason, NO_MENU_HINT)
        sub = self.bus.subscribe(maxsize=64, lossy=True)
        try:
            await self.refresh()
            await self._start_child()
        except BaseException:
            sub.close()
            await self._end_child()
            raise
        self._follower = asyncio.create_task(self._follow(sub), name="tray")
        self._reader = asyncio.create_task(self._read_child(), name="tray-icon")
        log.info("tray: %s backend (%s), the icon in its own process (pid %d)", self.backend.name,
                 self.backend.reason, self.child.pid)

    async def _start_child(self) -> None:
        assert self.backend is not None
        try:
            self.child = await asyncio.create_subprocess_exec(
                sys.executable, "-m", self.child_module, "--backend", self.backend.name, "--title", self.title,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
                cwd=_child_cwd(), start_new_session=True)  # a terminal's Ctrl-C is the daemon's to handle
        except OSError as exc:
            raise TrayUnavailable(f"the tray icon's process could not be started: {exc}") from exc
        self._relogger = asyncio.create_task(self._relog(self.child.stderr), name="tray-icon-log")
        self._send({"menu": specs_to_json(self.specs)})
        try:
            await asyncio.wait_for(self._until_shown(), self.SHOWN_LIMIT_SEC)
        except TimeoutError:
            raise TrayUnavailable(f"the tray icon was not shown within {self.SHOWN_LIMIT_SEC:.0f} s") from None

    async def _until_shown(self) -> None:
        """The icon's process says "shown" once pystray shows the icon; its end before that is no tray."""
        assert self.child is not None and self.child.stdout is not None
        while line := await self.child.stdout.readline():
            if (await self._from_child(line)).get("shown"):
                return
        code = await self.child.wait()
        raise TrayUnavailable("the tray icon's process ended before the icon was shown "
                              f"({_how_it_ended(code, self._ending)})")

    async def _read_child(self) -> None:
        """What the icon's process says once shown: clicks, errors; its end is said in one line."""
        assert self.child is not None and self.child.stdout is not None
        child = self.child
        try:
            while line := await child.stdout.readline():
                await self._from_child(line)
        except (ValueError, OSError) as exc:  # a line past the stream's limit, a broken pipe: the icon is lost
            self._ending = f"its output could not be read ({exc})"
            child.kill()
        code = await child.wait()
        if not self._stopping:
            self.ended = _how_it_ended(code, self._ending)
            log.warning("tray: the tray icon's process ended (%s): no tray icon until jarvisd restarts; voice, the "
                        "HUD and reminders go on", self.ended)

    async def _from_child(self, line: bytes) -> dict[str, Any]:
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("not an object")
        except ValueError:
            log.info("tray icon: %s", line.decode(errors="replace").rstrip())
            return {}
        if "action" in message:   # a click: the agenda's write is never on the event loop
            await asyncio.to_thread(self.dispatch, str(message["action"]))
        elif "error" in message:
            log.warning("tray: %s", message["error"])
        elif "ending" in message:
            self._ending = str(message["ending"])
        return message

    async def _relog(self, stream: asyncio.StreamReader | None) -> None:
        """The icon's process's stderr (its log, GTK's messages), a line each in the daemon's log."""
        if stream is None:
            return
        while True:
            try:
                line = await stream.readline()
            except ValueError:  # a line past the limit: skipped
                continue
            if not line:
                return
            log.info("tray icon: %s", line.decode(errors="replace").rstrip())

    def _send(self, message: dict[str, Any]) -> None:
        child = self.child
        if child is None or child.returncode is not None or child.stdin is None or child.stdin.is_closing():
            return
        try:
            child.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode())
        except (OSError, RuntimeError) as exc:  # the process is ending: its reader says so
            log.debug("tray: could not write to the tray icon's process: %s", exc)

    async def stop(self) -> None:
        self._stopping = True
        if self._follower is not None:
            self._follower.cancel()
            await asyncio.gather(self._follower, return_exceptions=True)
            self._follower = None
        await self._end_child()

    async def _end_child(self) -> None:
        """"stop", the icon's stdin closed, `STOP_LIMIT_SEC` for it to end, then SIGKILL: never hangs the stop."""
        child, self._stopping = self.child, True
        if child is None:
            return
        try:
            if child.returncode is None:
                self._send({"stop": True})
                if child.stdin is not None:
                    child.stdin.close()
                try:
                    await asyncio.wait_for(child.wait(), self.STOP_LIMIT_SEC)
                except TimeoutError:
                    log.warning("tray: the tray icon's process did not end within %.0f s: killed",
                                self.STOP_LIMIT_SEC)
                    child.kill()
                    await child.wait()
        finally:
            if child.returncode is None:  # this stop was cancelled meanwhile
                child.kill()
            for task in (self._reader, self._relogger):
                if task is not None and not task.done():
                    task.cancel()
            await asyncio.gather(*(t for t in (self._reader, self._relogger) if t is not None),
                                 return_exceptions=True)
            self._reader = self._relogger = None
            self.child = None

    async def refresh(self) -> None:
        """Rebuild the menu from the agenda (the read runs the expiry check, so off the loop) and send it."""
        views = await asyncio.to_thread(lambda: [self.agenda.view(loop) for loop in self.agenda.agenda()])
        self.specs = menu_items(views, muted=self.muted, mic_available=self.mic is not None)
        self._send({"menu": specs_to_json(self.specs)})

    async def _follow(self, sub: Any) -> None:
        try:
            async for event in sub:
                if isinstance(event, AgendaChanged):
                    await self._refresh_said()
                elif isinstance(event, StatusChanged) and event.part == "mic":
                    self.muted = event.state == "muted"
                    await self._refresh_said()
        finally:
            sub.close()

    async def _refresh_said(self) -> None:
        """A refresh that fails (the agenda's read runs the expiry sweep, which saves: a full disk, an I/O error, a
        damaged table) is logged and the menu keeps following; pass 52: the error ended this task, and the menu
        stayed as it was for the daemon's life ("Task exception was never retrieved")."""
        try:
            await self.refresh()
        except Exception as exc:  # noqa: BLE001 - the next change tries again
            log.error("tray: could not read the agenda for the menu (%s: %s); the menu follows the next change",
                      type(exc).__name__, exc)

    # ------------------------------------------------------------ actions (a worker thread: the agenda writes)

    def _open_hud_now(self) -> None:
        """Open HUD, on a thread of its own: before, `webbrowser.open` ran on the event loop, and a browser
        that did not start was said nowhere."""
        try:
            opened = self._open_hud()
        except Exception as exc:  # noqa: BLE001 - a menu action says what failed, never a traceback
            log.warning("tray: could not open the HUD (%s); `jarvisd hud` prints its address", exc)
            return
        if opened is False:
            log.warning("tray: no browser could be started for the HUD; `jarvisd hud` prints its address")

    def dispatch(self, action: str) -> None:
        """An action the icon's process sent (a click), called on a worker thread."""
        assert self._loop is not None, "start() first"
        kind, _, loop_id = action.partition(":")
        if kind in ("done", "dismiss"):
            self._close_loop(kind, loop_id)
        elif kind == "open_hud":  # webbrowser looks the browsers up first (0.55 s here): never on the loop
            threading.Thread(target=self._open_hud_now, name="tray-open-hud", daemon=True).start()
        elif kind == "quit":
            self._loop.call_soon_threadsafe(self._quit)
        elif kind == "mute" and self.mic is not None:
            self._on_loop(self.mic.set_muted, not self.muted)
        elif kind == "push_to_talk" and self.mic is not None:
            self._on_loop(self.mic.talk, True)
        else:
            log.warning("tray: unknown action %r", action)

    def _close_loop(self, kind: str, loop_id: str) -> None:
        from jarvisd.openloop.service import LoopNotFound

        try:
            if kind == "done":
                self.agenda.done(loop_id)
            else:
                self.agenda.dismiss(loop_id)
        except LoopNotFound as exc:
            log.warning("tray: %s", exc)
        except Exception as exc:  # noqa: BLE001 - a full disk, a damaged agenda table: said, never a traceback
            what = "done" if kind == "done" else "dismissed"
            log.error("tray: could not mark %s %s: %s", loop_id[:8], what, exc)
            self._on_loop(self.bus.publish, TranscriptLine(
                role="system", text=f"the tray could not mark {loop_id[:8]} {what}: {exc}", session="tray"))
        # the service announces the change (AgendaChanged on the bus); the menu follows it like the HUD

    def _on_loop(self, fn: Callable[..., Any], *args: Any) -> None:
        from jarvisd.hud.status import call_maybe_async

        assert self._loop is not None
        asyncio.run_coroutine_threadsafe(call_maybe_async(fn, *args), self._loop)
