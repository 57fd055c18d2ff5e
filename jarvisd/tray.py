"""The tray icon: the open loops as menu items (each with Done and Dismiss), Open HUD, the microphone,
Quit. The menu is a pure function of the agenda (`menu_items`); `AgendaTray` shows it with pystray and
rebuilds it on every `agenda_changed`. Menu actions go through the agenda service, like the HUD's.

pystray calls actions on its own thread; `AgendaTray` hands bus events back to the asyncio loop.
Backends: appindicator or GTK give the full menu; the plain X backend (no PyGObject) only shows the
icon, whose click opens the HUD (the default item).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jarvisd.events import AgendaChanged, EventBus, StatusChanged

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


def loop_label(view: Mapping[str, Any]) -> str:
    desc = str(view["desc"])
    if len(desc) > MAX_LABEL:
        desc = desc[:MAX_LABEL - 1] + "…"
    return f"{desc}  (due {view['due']})" if view.get("due") else desc


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


class TrayUnavailable(RuntimeError):
    """No display to put an icon on."""


class AgendaTray:
    """The pystray icon over the agenda. `await start()` in the daemon's loop, `await stop()` to remove it.

    `open_hud()` and `quit()` are called on the asyncio loop; `mic` is None when running text-only.
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

    async def start(self) -> None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            raise TrayUnavailable("no display (DISPLAY is unset): no tray icon")
        self._loop = asyncio.get_running_loop()
        sub = self.bus.subscribe(maxsize=64, lossy=True)
        try:
            import pystray  # its X backend connects to the display on import

            await self.refresh()
            self.icon = pystray.Icon("jarvisd", icon=tray_image(), title=self.title,
                                     menu=pystray.Menu(lambda: to_pystray(self.specs, self.dispatch)))
        except Exception as exc:
            sub.close()
            raise TrayUnavailable(f"no tray icon on display {os.environ.get('DISPLAY')!r}: {exc}") from exc
        if type(self.icon).__module__.endswith("_xorg"):
            # pystray's xorg run_detached() starts a second setup thread that never ends and makes
            # stop() wait 5 s for it; its own run() on our thread is what run_detached() does anyway.
            self._thread = threading.Thread(target=self.icon.run, name="tray", daemon=True)
            self._thread.start()
        else:
            self.icon.run_detached()
        await self._until_shown()
        self._follower = asyncio.create_task(self._follow(sub), name="tray")

    async def _until_shown(self, limit: float = 10.0) -> None:
        """pystray shows the icon from a setup thread; stopping before it finished would stall stop()."""
        for _ in range(int(limit / 0.05)):
            if self.icon.visible:
                return
            await asyncio.sleep(0.05)
        log.warning("tray: the icon was not shown within %.0f s", limit)

    async def stop(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            await asyncio.gather(self._follower, return_exceptions=True)
            self._follower = None
        if self.icon is not None:
            await asyncio.to_thread(self._stop_icon)
            self.icon = None

    def _stop_icon(self) -> None:
        self.icon.stop()
        thread, self._thread = self._thread, None
        if thread is None:
            return
        thread.join(1.0)
        if thread.is_alive():
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
            log.warning("tray: pystray's X loop did not end")

    async def refresh(self) -> None:
        """Rebuild the menu from the agenda (the read runs the expiry check, so off the loop)."""
        views = await asyncio.to_thread(lambda: [self.agenda.view(loop) for loop in self.agenda.agenda()])
        self.specs = menu_items(views, muted=self.muted, mic_available=self.mic is not None)
        if self.icon is not None:
            self.icon.update_menu()

    async def _follow(self, sub: Any) -> None:
        try:
            async for event in sub:
                if isinstance(event, AgendaChanged):
                    await self.refresh()
                elif isinstance(event, StatusChanged) and event.part == "mic":
                    self.muted = event.state == "muted"
                    await self.refresh()
        finally:
            sub.close()

    # ------------------------------------------------------------ actions (pystray's thread)

    def dispatch(self, action: str) -> None:
        assert self._loop is not None, "start() first"
        kind, _, loop_id = action.partition(":")
        if kind in ("done", "dismiss"):
            self._close_loop(kind, loop_id)
        elif kind == "open_hud":
            self._loop.call_soon_threadsafe(self._open_hud)
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
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self.bus.publish_nowait, AgendaChanged(reason=f"tray: {kind}"))

    def _on_loop(self, fn: Callable[..., Any], *args: Any) -> None:
        from jarvisd.hud.status import call_maybe_async

        assert self._loop is not None
        asyncio.run_coroutine_threadsafe(call_maybe_async(fn, *args), self._loop)
