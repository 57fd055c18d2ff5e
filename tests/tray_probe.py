"""The tray icon's process as the daemon starts it (`jarvisd.tray_icon`, the same code), with a way for a test to
look inside it: a Unix socket at $JARVISD_TRAY_PROBE answers one JSON question a connection (the pystray menu's
texts, where the docked icon and a mapped GTK menu item are on the screen, ...) and can invoke a menu item as
pystray does. `AgendaTray.child_module = "tests.tray_probe"` runs it; the daemon's side is unchanged.

    python -m tests.tray_probe --backend gtk
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import socket
import threading
from collections.abc import Callable
from typing import Any

from jarvisd.tray_icon import TrayIcon, main


class ProbedTrayIcon(TrayIcon):
    def make(self) -> None:
        super().make()
        path = os.environ["JARVISD_TRAY_PROBE"]
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(8)
        threading.Thread(target=self._serve, args=(server,), name="tray-probe", daemon=True).start()

    def _serve(self, server: socket.socket) -> None:
        while True:
            conn, _ = server.accept()
            with conn, conn.makefile("rwb") as stream:
                try:
                    request = json.loads(stream.readline())
                    answer = {"ok": self.answer(request["q"], *request.get("args", ()))}
                except Exception as exc:  # noqa: BLE001 - said to the test
                    answer = {"error": f"{type(exc).__name__}: {exc}"}
                stream.write((json.dumps(answer) + "\n").encode())
                stream.flush()

    def answer(self, question: str, *args: Any) -> Any:
        if question == "invoke":   # as pystray calls an item: on a thread of its own, with the icon
            self._item(self.icon.menu, list(args))(self.icon)
            return True
        on_loop = self._on_gtk if self.backend != "xorg" else (lambda fn: fn())
        return on_loop(lambda: getattr(self, f"q_{question}")(*args))

    # ---------------------------------------------------------------- the questions

    def q_shown(self) -> bool:
        return self.shown.is_set()

    def q_menu_texts(self) -> list[str]:
        return [item.text for item in self.icon.menu.items]

    def q_checked(self, text: str) -> bool | None:
        return next(item for item in self.icon.menu.items if item.text == text).checked

    def q_docked(self) -> bool:  # the plain X backend
        return self.icon._systray_manager is not None

    def q_window(self) -> int:  # the plain X backend
        return self.icon._window.id

    def q_icon_center(self) -> list[int] | None:  # GTK
        status_icon = self.icon._status_icon
        if not status_icon.is_embedded():
            return None
        ok, _screen, area, _orientation = status_icon.get_geometry()
        return [area.x + area.width // 2, area.y + area.height // 2] if ok and area.width else None

    def q_menu_item_center(self, label: str) -> list[int] | None:
        """Where the mapped GTK menu item `label` is on the screen, in the menu or an open submenu."""
        from gi.repository import Gtk

        def items(menu: Any) -> Any:
            for item in menu.get_children():
                yield item
                if item.get_submenu() is not None and item.get_submenu().get_mapped():
                    yield from items(item.get_submenu())

        menu = self.icon._menu_handle
        for item in items(menu) if menu is not None and menu.get_mapped() else ():
            if isinstance(item, Gtk.MenuItem) and item.get_label() == label and item.get_mapped():
                _ok, x, y = item.get_window().get_origin()
                box = item.get_allocation()
                return [x + box.x + box.width // 2, y + box.y + box.height // 2]
        return None

    def q_gtk_menu_labels(self) -> list[str]:
        from gi.repository import Gtk

        return [item.get_label() for item in self.icon._menu_handle.get_children()
                if not isinstance(item, Gtk.SeparatorMenuItem)]

    # ---------------------------------------------------------------- helpers

    @staticmethod
    def _item(menu: Any, path: list[str]) -> Any:
        item = next(item for item in menu.items if item.text == path[0])
        return item if len(path) == 1 else ProbedTrayIcon._item(item.submenu, path[1:])

    @staticmethod
    def _on_gtk(fn: Callable[[], Any]) -> Any:
        """Run `fn` on the icon's GLib main loop (the only thread that may touch GTK)."""
        from gi.repository import GLib

        result: concurrent.futures.Future = concurrent.futures.Future()

        def call() -> bool:
            try:
                result.set_result(fn())
            except BaseException as exc:
                result.set_exception(exc)
            return False

        GLib.idle_add(call)
        return result.result(timeout=10)


if __name__ == "__main__":
    os._exit(main(icon_class=ProbedTrayIcon))
