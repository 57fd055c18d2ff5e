"""The tray icon: the open loops as menu items (each with Done and Dismiss), Open HUD, the microphone,
Quit. The menu is a pure function of the agenda (`menu_items`); `AgendaTray` shows it with pystray and
rebuilds it on every `agenda_changed`. Menu actions go through the agenda service, like the HUD's.

pystray calls actions on its own thread; `AgendaTray` hands bus events back to the asyncio loop.

Backends (`choose_backend`, a pure rule over what `probe_desktop` finds): `appindicator` when a
StatusNotifier host runs (KDE, GNOME with the AppIndicator extension, ...), else `gtk` (Gtk.StatusIcon)
when an XEmbed tray host owns the X tray selection (trayer, xfce4-panel, ...); both show the full menu
and need PyGObject (the `tray` extra) and a D-Bus session bus. Otherwise the plain X backend `xorg`
shows the icon without a menu: its click opens the HUD (the default item). PYSTRAY_BACKEND wins.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jarvisd.events import AgendaChanged, EventBus, StatusChanged, TranscriptLine

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

# The tray whose X connection an Xlib I/O error belongs to, and the ctypes handler (held: Xlib calls it).
_X_LOST: dict[str, Any] = {}


def _on_x_connection_lost(_display: Any) -> int:
    """libX11's I/O error handler in place of GDK's, which ends the whole process (`_exit(1)`, without a
    word) when the X server goes away: the daemon's voice, HUD and reminders went with its tray icon. Xlib
    exits if this returns, so the thread that met the error (the tray's GTK loop) is parked for good
    instead; the tray is marked lost and says so in one line."""
    tray = _X_LOST.get("tray")
    if tray is not None:
        tray._display_lost = True
    log.warning("tray: the X display %s went away: no tray icon until jarvisd restarts; voice, the HUD and "
                "reminders go on", os.environ.get("DISPLAY", ""))
    if threading.current_thread() is threading.main_thread():
        return 0  # never the case (GTK runs on the tray's thread); Xlib then exits as GDK did
    threading.Event().wait()
    return 0


class _LoopEndedInOneLine(logging.Filter):
    """pystray's X backend logs the error that ends its loop (the X server gone: "Display connection closed by
    server") as a 13-line traceback, and nothing of jarvisd's said what it meant: one line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None:
            record.msg = ("tray: pystray's loop ended (%s: %s): no tray icon until jarvisd restarts; voice, the "
                          "HUD and reminders go on")
            record.args = (type(exc).__name__, exc)
            record.exc_info, record.exc_text = None, None
        return True


_ONE_LINE = _LoopEndedInOneLine()


def _survive_x_connection_loss(tray: Any) -> None:
    """Put `_on_x_connection_lost` in place of GDK's handler (set when GTK opened the display); the X
    backend (python-xlib, no libX11) is not concerned. Once per process; the handler follows the tray."""
    _X_LOST["tray"] = tray
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


def loop_label(view: Mapping[str, Any]) -> str:
    desc = str(view["desc"])
    if len(desc) > MAX_LABEL:
        desc = desc[:MAX_LABEL - 1] + "…"
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


class AgendaTray:
    """The pystray icon over the agenda. `await start()` in the daemon's loop, `await stop()` to remove it.

    `quit()` is called on the asyncio loop, `open_hud()` on a thread of its own (it may take a second);
    `mic` is None when running text-only.
    """

    def __init__(self, agenda: Any, bus: EventBus, *, open_hud: Callable[[], Any], quit: Callable[[], Any],
                 mic: Any = None, title: str = "JARVIS") -> None:
        self.agenda, self.bus, self.mic, self.title = agenda, bus, mic, title
        self._open_hud, self._quit = open_hud, quit
        self.muted = False
        self.specs: list[MenuSpec] = menu_items([], mic_available=mic is not None)
        self.icon: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._follower: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._run_error: Exception | None = None
        self._display_lost = False
        self.backend: TrayBackend | None = None

    async def start(self) -> None:
        if not has_display():
            raise TrayUnavailable("no display (DISPLAY is unset): no tray icon")
        self._loop = asyncio.get_running_loop()
        self.backend = choose_backend(await asyncio.to_thread(probe_desktop))
        if not self.backend.has_menu:
            log.warning("tray: no menu on this desktop (%s); %s", self.backend.reason, NO_MENU_HINT)
        sub = self.bus.subscribe(maxsize=64, lossy=True)
        pystray_log = logging.getLogger("pystray._base")  # every backend logs through it
        if _ONE_LINE not in pystray_log.filters:
            pystray_log.addFilter(_ONE_LINE)
        await self.refresh()
        # Every backend's run() on a thread of ours: the GTK ones run their GLib main loop there (their
        # run_detached() expects the application to run one), and pystray's xorg run_detached() starts a
        # second setup thread that never ends and makes stop() wait 5 s for it. GTK binds to the display
        # it first opened for the life of the process: one tray display per process. The backend's import
        # (GTK opens the display there) and the icon are made on that thread too: an X server gone meanwhile
        # parks that thread (`_on_x_connection_lost`), where on the event loop's thread it ended the process
        # (pass 54f: exit 1 at 0.9 s into the start, a segfault at 0.5 s).
        self._thread = threading.Thread(target=self._run_icon, name="tray", daemon=True)
        self._thread.start()
        try:
            await self._until_shown()
        except TrayUnavailable:
            sub.close()
            raise
        self._follower = asyncio.create_task(self._follow(sub), name="tray")
        log.info("tray: %s backend (%s)", self.backend.name, self.backend.reason)

    def _make_icon(self) -> Any:
        if self.backend.name != "xorg":
            # GDK sets its I/O error handler as GTK opens the display (Gtk's import): ours right after, before
            # pystray and its backend load (pass 54f: the X server gone while the icon was being made or shown
            # ended the daemon, exit 1 without a word)
            import gi

            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk  # noqa: F401 - the import opens the display

            _survive_x_connection_loss(self)
        import pystray  # imports pystray's own first choice of backend; ours is imported next

        icon_class = importlib.import_module(f"pystray._{self.backend.name}").Icon
        return icon_class("jarvisd", icon=tray_image(), title=self.title,
                          menu=pystray.Menu(lambda: to_pystray(self.specs, self.dispatch)))

    def _run_icon(self) -> None:
        try:
            self.icon = self._make_icon()
        except Exception as exc:
            self._run_error = TrayUnavailable(f"no tray icon on display {os.environ.get('DISPLAY')!r} "
                                              f"({self.backend.name if self.backend else ''}): {exc}")
            return
        try:
            self.icon.run()
        except Exception as exc:
            # pystray's GTK backends also end here when, on stop, no notification daemon answers their
            # clean-up call; the icon is gone either way.
            self._run_error = exc
            log.debug("tray: pystray's loop ended with %s", exc)

    async def _until_shown(self, limit: float = 10.0) -> None:
        """pystray shows the icon from a setup thread; stopping before it finished would stall stop()."""
        for _ in range(int(limit / 0.05)):
            if self._display_lost:   # the GTK thread met the X server gone and is parked (`_on_x_connection_lost`)
                self.icon = None
                raise TrayUnavailable(f"the X display {os.environ.get('DISPLAY', '')} went away before the icon "
                                      "was shown")
            if self.icon is not None and self.icon.visible:
                return
            if self._thread is not None and not self._thread.is_alive():
                self.icon, self._thread = None, None
                if isinstance(self._run_error, TrayUnavailable):   # the backend or the icon could not be made
                    raise self._run_error
                raise TrayUnavailable(f"pystray's loop ended before the icon was shown: {self._run_error}")
            await asyncio.sleep(0.05)
        log.warning("tray: the icon was not shown within %.0f s", limit)

    async def stop(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            await asyncio.gather(self._follower, return_exceptions=True)
            self._follower = None
        ended = self._thread is not None and not self._thread.is_alive()  # pystray's loop ended by itself
        if self.icon is not None and not self._display_lost and not ended:
            await asyncio.to_thread(self._stop_icon)
        self.icon = None

    def _stop_icon(self) -> None:
        self.icon.stop()
        thread, self._thread = self._thread, None
        if thread is None:
            return
        is_xorg = type(self.icon).__module__.endswith("_xorg")
        thread.join(1.0 if is_xorg else 5.0)
        if thread.is_alive() and is_xorg:
            # pystray's X backend passes stop() to its loop over the loop's own X connection from our
            # thread, and the message can be lost; destroying the window from a fresh connection ends
            # the loop through the DestroyNotify it waits for.
            from Xlib import display

            conn = display.Display()
            try:
                conn.create_resource_object("window", self.icon._window.id).destroy()
                conn.sync()
            except Exception as exc:
                log.warning("tray: could not end pystray's X loop: %s", exc)
            finally:
                conn.close()
            thread.join(5.0)
        if thread.is_alive():
            log.warning("tray: pystray's %s loop did not end", self.backend.name if self.backend else "")

    async def refresh(self) -> None:
        """Rebuild the menu from the agenda (the read runs the expiry check, so off the loop)."""
        views = await asyncio.to_thread(lambda: [self.agenda.view(loop) for loop in self.agenda.agenda()])
        self.specs = menu_items(views, muted=self.muted, mic_available=self.mic is not None)
        if self.icon is not None and not self._display_lost:
            self.icon.update_menu()

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

    # ------------------------------------------------------------ actions (pystray's thread)

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
            # in pystray's thread (GTK printed it and the click did nothing visible; xorg's loop ended)
            what = "done" if kind == "done" else "dismissed"
            log.error("tray: could not mark %s %s: %s", loop_id[:8], what, exc)
            self._on_loop(self.bus.publish, TranscriptLine(
                role="system", text=f"the tray could not mark {loop_id[:8]} {what}: {exc}", session="tray"))
        # the service announces the change (AgendaChanged on the bus); the menu follows it like the HUD

    def _on_loop(self, fn: Callable[..., Any], *args: Any) -> None:
        from jarvisd.hud.status import call_maybe_async

        assert self._loop is not None
        asyncio.run_coroutine_threadsafe(call_maybe_async(fn, *args), self._loop)
