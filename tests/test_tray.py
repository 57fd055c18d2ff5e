"""The tray menu as a pure function of the agenda, the choice of pystray backend, and the real tray under Xvfb
with a tray host (trayer). The icon runs in a process of its own (`jarvisd.tray_icon`): the daemon's side
(`AgendaTray`) is driven against that real process, looked inside through `tests/tray_probe.py`; with the plain X
backend a menu item invoked as pystray does (that backend shows no menu) closes the loop through the service; with
the GTK backend, which the tray picks on such a desktop, real pointer clicks (XTest) open the real menu of the
icon's process and its Done closes the loop. The icon's side (`TrayIcon`) is also run in this process, where its
pystray menu can be read."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from zoneinfo import ZoneInfo

import pytest

from jarvisd.events import AgendaChanged, EventBus, StatusChanged
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.tray import (
    SEPARATOR,
    AgendaTray,
    DesktopFacts,
    MenuSpec,
    TrayUnavailable,
    choose_backend,
    menu_items,
    probe_desktop,
    specs_from_json,
    specs_to_json,
)
from jarvisd.tray_icon import TrayIcon
from tests.mic_recorder import FakeMic


def view(loop_id: str, desc: str, due: str | None = None) -> dict:
    return {"id": loop_id, "short_id": loop_id[:8], "desc": desc, "status": "open", "due": due, "session": "s"}


def test_each_open_loop_gets_done_and_dismiss():
    items = menu_items([view("a" * 32, "send the report", "2026-12-01 10:00"), view("b" * 32, "call mom")])
    assert items[0] == MenuSpec("send the report  (due 2026-12-01 10:00)", children=(
        MenuSpec("Done", f"done:{'a' * 32}"), MenuSpec("Dismiss", f"dismiss:{'a' * 32}")))
    assert [child.action for child in items[1].children] == [f"done:{'b' * 32}", f"dismiss:{'b' * 32}"]


def test_the_fixed_items_follow_the_loops():
    items = menu_items([view("a" * 32, "send the report")])
    assert [item.text for item in items[1:]] == ["-", "Open HUD", "Mute microphone", "Push-to-talk", "-", "Quit"]
    assert [item.action for item in items if item.action and ":" not in item.action] == \
        ["open_hud", "mute", "push_to_talk", "quit"]
    assert next(item for item in items if item.default).action == "open_hud"


def test_an_empty_agenda_says_so_with_a_disabled_item():
    items = menu_items([])
    assert items[0] == MenuSpec("No open loops", enabled=False)
    assert items[1] is SEPARATOR


def test_muting_checks_the_mute_item_and_disables_push_to_talk():
    items = {item.text: item for item in menu_items([], muted=True)}
    assert items["Mute microphone"].checked is True
    assert items["Push-to-talk"].enabled is False
    assert {item.text: item for item in menu_items([])}["Mute microphone"].checked is False


def test_without_a_microphone_the_mic_items_are_disabled():
    items = {item.text: item for item in menu_items([], mic_available=False)}
    assert not items["Mute microphone"].enabled and not items["Push-to-talk"].enabled


def test_a_long_agenda_is_cut_with_a_pointer_to_the_hud():
    loops = [view(f"{i:032d}", f"loop {i}") for i in range(20)]
    items = menu_items(loops, max_loops=15)
    assert sum(1 for item in items if item.children) == 15
    assert items[15] == MenuSpec("… 5 more in the HUD", "open_hud")


def test_long_descriptions_are_shortened():
    label = menu_items([view("a" * 32, "x" * 200)])[0].text
    assert len(label) == 60 and label.endswith("…")


# ------------------------------------------------------------ which backend shows a menu

DESKTOP = DesktopFacts(gtk=True, appindicator=True, session_bus=True)


def test_a_statusnotifier_host_gets_the_appindicator_menu():
    backend = choose_backend(DesktopFacts(**{**DESKTOP.__dict__, "sni_host": True, "xembed_host": True}))
    assert (backend.name, backend.has_menu) == ("appindicator", True)


def test_an_xembed_tray_host_gets_the_gtk_menu():
    backend = choose_backend(DesktopFacts(**{**DESKTOP.__dict__, "xembed_host": True}))
    assert (backend.name, backend.has_menu) == ("gtk", True)


def test_a_statusnotifier_host_without_the_appindicator_typelib_falls_back_to_the_x_tray():
    facts = DesktopFacts(gtk=True, session_bus=True, sni_host=True, xembed_host=True)
    assert choose_backend(facts).name == "gtk"
    backend = choose_backend(DesktopFacts(gtk=True, session_bus=True, sni_host=True))
    assert (backend.name, backend.has_menu) == ("xorg", False)
    assert "gir1.2-ayatanaappindicator3-0.1" in backend.reason


@pytest.mark.parametrize(("facts", "reason"), [
    (DesktopFacts(xembed_host=True, sni_host=True), "no PyGObject with GTK 3"),
    (DesktopFacts(gtk=True, appindicator=True, xembed_host=True), "no D-Bus session bus"),
    (DESKTOP, "no StatusNotifier or XEmbed tray host"),
])
def test_without_what_a_menu_needs_the_plain_x_icon_says_why(facts, reason):
    backend = choose_backend(facts)
    assert (backend.name, backend.has_menu) == ("xorg", False)
    assert reason in backend.reason


def test_the_users_pystray_backend_wins():
    assert choose_backend(DesktopFacts(**{**DESKTOP.__dict__, "xembed_host": True, "requested": "xorg"})) \
        .has_menu is False
    backend = choose_backend(DesktopFacts(requested="appindicator"))
    assert (backend.name, backend.has_menu, backend.reason) == ("appindicator", True, "PYSTRAY_BACKEND=appindicator")


async def test_without_a_display_the_tray_refuses_to_start(monkeypatch, tmp_path):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    tray = AgendaTray(service_at(tmp_path), EventBus(), open_hud=lambda: None, quit=lambda: None)
    with pytest.raises(TrayUnavailable):
        await tray.start()


async def test_an_unreachable_display_is_reported_not_raised_raw(monkeypatch, tmp_path):
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.setenv("PYSTRAY_BACKEND", "xorg")
    bus = EventBus()
    tray = AgendaTray(service_at(tmp_path), bus, open_hud=lambda: None, quit=lambda: None)
    with pytest.raises(TrayUnavailable, match=":987"):
        await tray.start()
    assert bus.subscriber_count == 0


# ------------------------------------------------------------ the real tray under Xvfb + trayer

def service_at(tmp_path, bus: EventBus | None = None) -> OpenLoopService:
    """The agenda as the daemon assembles it: it announces its changes on `bus`."""
    return OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZoneInfo("Asia/Seoul"),
                           publish=bus.publish_nowait if bus is not None else None)


def need_tools(*tools: str) -> None:
    missing = [tool for tool in tools if not shutil.which(tool)]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: apt-get install -y xvfb trayer dbus-daemon (scripts/setup.sh "
                    "installs them; a tray test that skips proves nothing)")


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """Xvfb on a free display number (it picks one and says which)."""
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        return xvfb, f":{pipe.readline().strip()}"


def kill_xvfb(xvfb: subprocess.Popen, display: str) -> None:
    """SIGKILL, as a display lost under a desktop; its socket file, which SIGKILL leaves, removed: the next Xvfb
    given the same number by -displayfd then refused trayer's connections, every other start."""
    xvfb.kill()
    xvfb.wait(timeout=10)
    for path in (f"/tmp/.X11-unix/X{display[1:]}", f"/tmp/.X{display[1:]}-lock"):
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass


@pytest.fixture(scope="module")
def bare_display() -> Iterator[str]:
    """An X display with no tray host on it."""
    need_tools("Xvfb")
    xvfb, display = start_xvfb()
    yield display
    xvfb.terminate()
    xvfb.wait(timeout=10)


@pytest.fixture(scope="module")
def x_display() -> Iterator[str]:
    """A private X display (Xvfb picks a free number) with a tray host on it; both stopped by pid."""
    need_tools("Xvfb", "trayer")
    xvfb, display = start_xvfb()
    trayer = subprocess.Popen(["trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel",
                               "--width", "120", "--height", "32"], env={**os.environ, "DISPLAY": display},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield display
    gc.collect()  # pystray icons close their X connection when collected: before the server goes
    for process in (trayer, xvfb):
        process.terminate()
        process.wait(timeout=10)


async def wait_for(predicate, what: str, limit: float = 20.0) -> None:
    deadline = time.monotonic() + limit
    while not predicate():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)


async def wait_until(ask_fn, what: str, limit: float = 20.0):
    """`wait_for` with an async question (one put to the icon's process) and its true answer."""
    deadline = time.monotonic() + limit
    while not (value := await ask_fn()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)
    return value


async def ask(tray: AgendaTray, question: str, *args: object) -> object:
    """A question to the tray's icon process (`tests/tray_probe.py`): it answers from inside pystray / GTK."""
    reader, writer = await asyncio.open_unix_connection(tray.probe_path)
    try:
        writer.write(json.dumps({"q": question, "args": args}).encode() + b"\n")
        await writer.drain()
        answer = json.loads(await asyncio.wait_for(reader.readline(), 20))
    finally:
        writer.close()
    assert "error" not in answer, f"the icon's process could not answer {question}: {answer['error']}"
    return answer["ok"]


async def menu_texts(tray: AgendaTray) -> list[str]:
    """The menu as the icon's process shows it."""
    return await ask(tray, "menu_texts")


@pytest.fixture
def probe_path(monkeypatch) -> Iterator[str]:
    """Where the icon's process (`tests.tray_probe`) answers (short: a Unix socket's path has 107 bytes)."""
    folder = tempfile.mkdtemp(prefix="tray", dir="/tmp")
    path = os.path.join(folder, "probe")
    monkeypatch.setenv("JARVISD_TRAY_PROBE", path)
    yield path
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def tray(x_display, probe_path, monkeypatch, tmp_path):
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("PYSTRAY_BACKEND", "xorg")
    tray = recording_tray(tmp_path, probe_path)
    yield tray
    await tray.stop()


def recording_tray(tmp_path, probe_path: str | None = None) -> AgendaTray:
    """A tray on a fresh agenda whose Open HUD / Quit items record into `tray.opened`; with `probe_path` its
    icon's process is `tests.tray_probe` (the real one, with a socket to look inside it)."""
    bus = EventBus()
    service = service_at(tmp_path, bus)
    opened: list[str] = []
    tray = AgendaTray(service, bus, open_hud=lambda: opened.append("hud"), quit=lambda: opened.append("quit"),
                      mic=FakeMic())
    tray.opened = opened
    tray.service = service
    if probe_path is not None:
        tray.child_module = "tests.tray_probe"
        tray.probe_path = probe_path
    return tray


async def docked_x_icon(tray: AgendaTray) -> None:
    await tray.start()
    await wait_until(lambda: ask(tray, "docked"), "the icon to dock in trayer")


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_the_real_tray_closes_a_loop_from_its_menu_and_rebuilds(tray: AgendaTray):
    report = tray.service.add("send the quarterly report")
    dentist = tray.service.add("book the dentist")
    await docked_x_icon(tray)
    assert (await menu_texts(tray))[:2] == ["book the dentist", "send the quarterly report"]

    watcher = tray.bus.subscribe()
    # as pystray calls an item (on its thread, with the icon), in the icon's process: its action comes back here
    await ask(tray, "invoke", "send the quarterly report", "Done")

    await wait_for(lambda: tray.service.find(report.id).status is LoopStatus.DONE, "the loop to be done")
    event = await asyncio.wait_for(watcher.get(), 10)  # announced by the agenda service, from a worker thread
    assert isinstance(event, AgendaChanged) and event.reason == "done"
    assert [loop.id for loop in event.change.closed] == [report.id]
    await wait_until(lambda: _without(tray, "send the quarterly report"), "the menu to be rebuilt")
    assert (await menu_texts(tray))[0] == "book the dentist"
    assert tray.service.find(dentist.id).is_open


async def _without(tray: AgendaTray, text: str) -> bool:
    return text not in await menu_texts(tray)


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_dismiss_in_the_real_tray_withdraws_the_loop(tray: AgendaTray):
    loop = tray.service.add("buy a birthday present")
    await docked_x_icon(tray)
    await ask(tray, "invoke", "buy a birthday present", "Dismiss")
    await wait_for(lambda: tray.service.find(loop.id).status is LoopStatus.DISMISSED, "the loop dismissed")

    async def emptied() -> bool:
        return (await menu_texts(tray))[0] == "No open loops"

    await wait_until(emptied, "the menu to be rebuilt")


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_an_agenda_change_made_elsewhere_and_a_mute_reach_the_real_tray_menu(tray: AgendaTray):
    await docked_x_icon(tray)
    tray.service.add("reply to the landlord")  # as the judge would: the service announces it on the bus

    async def listed() -> bool:
        return (await menu_texts(tray))[0] == "reply to the landlord"

    await wait_until(listed, "the judge's loop in the menu")

    await ask(tray, "invoke", "Mute microphone")
    await wait_for(lambda: tray.mic.calls == [("muted", True)], "the mute to reach the microphone")
    await tray.bus.publish(StatusChanged(part="mic", state="muted"))
    await wait_until(lambda: ask(tray, "checked", "Mute microphone"), "the mute item checked")


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_clicking_the_docked_icon_opens_the_hud(tray: AgendaTray):
    from Xlib import X, display, protocol

    await docked_x_icon(tray)
    conn = display.Display()
    try:
        window = conn.create_resource_object("window", await ask(tray, "window"))
        click = protocol.event.ButtonPress(time=X.CurrentTime, root=conn.screen().root, window=window,
                                           same_screen=1, child=X.NONE, root_x=5, root_y=5, event_x=5,
                                           event_y=5, state=0, detail=1)
        window.send_event(click, event_mask=X.NoEventMask)  # to the client that owns the window: the icon's process
        conn.flush()
        await wait_for(lambda: tray.opened == ["hud"], "the default item (Open HUD) to run")
    finally:
        conn.close()


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_the_plain_x_tray_says_once_that_it_has_no_menu(tray: AgendaTray, caplog):
    with caplog.at_level(logging.WARNING, logger="jarvisd.tray"):
        await tray.start()
    assert (tray.backend.name, tray.backend.has_menu) == ("xorg", False)
    assert [r.getMessage() for r in caplog.records if "no menu" in r.getMessage()] == [
        "tray: no menu on this desktop (PYSTRAY_BACKEND=xorg); install the tray extra (scripts/setup.sh), "
        "run a tray host (StatusNotifier or XEmbed), or use the HUD (`jarvisd hud`)"]


# ------------------------------------------------------------ the icon's side, in this process

class IconInProcess:
    """`TrayIcon` (the icon process's class) run here: its loop on a thread, what it sends recorded."""

    def __init__(self, backend: str) -> None:
        self.sent: list[dict] = []
        self.tray = TrayIcon(backend, "JARVIS", self.sent.append)
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        self.tray.make()
        try:
            self.tray.run()
        except Exception:  # as the process's `main`: after a stop (pystray's GTK clean-up calls a notification daemon
            if not self.tray.stopping:  # that is not there), the icon is gone either way
                raise

    def stop(self) -> None:
        self.tray.stop()
        self.thread.join(10)
        assert not self.thread.is_alive()


@pytest.mark.slow  # Xvfb and trayer
async def test_the_icons_side_shows_the_menu_it_is_sent_and_sends_the_clicked_action(x_display, monkeypatch):
    monkeypatch.setenv("DISPLAY", x_display)
    icon = IconInProcess("xorg")
    icon.tray.set_menu(menu_items([view("a" * 32, "send the report")], mic_available=True))
    icon.start()
    try:
        await wait_for(lambda: {"shown": True} in icon.sent, "the icon shown")
        await wait_for(lambda: icon.tray.icon._systray_manager is not None, "the icon to dock in trayer")
        assert icon.tray.icon.menu.items[0].text == "send the report"
        entry = icon.tray.icon.menu.items[0]
        done = next(item for item in entry.submenu.items if item.text == "Done")
        await asyncio.to_thread(done, icon.tray.icon)   # as pystray calls an item
        assert icon.sent[-1] == {"action": f"done:{'a' * 32}"}

        icon.tray.set_menu(specs_from_json(specs_to_json(menu_items([], muted=True))))  # as the daemon sends it
        items = {item.text: item for item in icon.tray.icon.menu.items}
        assert items["No open loops"].enabled is False
        assert items["Mute microphone"].checked is True and items["Push-to-talk"].enabled is False
        await asyncio.to_thread(items["Quit"], icon.tray.icon)
        assert icon.sent[-1] == {"action": "quit"}
    finally:
        await asyncio.to_thread(icon.stop)


def test_the_menu_crosses_to_the_icons_process_unchanged():
    specs = menu_items([view("a" * 32, "send the report", "2026-12-01 10:00"), view("b" * 32, "x" * 200)],
                       muted=True)
    assert specs_from_json(json.loads(json.dumps(specs_to_json(specs)))) == specs


# ------------------------------------------------------------ the desktop as the probe sees it

@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_the_probe_sees_trayer_as_an_xembed_host_and_a_bare_display_as_none(x_display, bare_display):
    await wait_for(lambda: probe_desktop({"DISPLAY": x_display}).xembed_host, "trayer to own the tray selection")
    assert probe_desktop({"DISPLAY": bare_display}).xembed_host is False


def test_the_probe_reports_an_unreachable_display():
    with pytest.raises(TrayUnavailable, match="cannot open display ':987'"):
        probe_desktop({"DISPLAY": ":987"})


def test_the_probe_finds_pygobject_and_its_typelibs():
    facts = probe_desktop({})
    assert facts.gtk and facts.appindicator, \
        "PyGObject with GTK 3 and AyatanaAppIndicator3 is needed: run scripts/setup.sh (the tray extra)"


# ------------------------------------------------------------ the real GTK tray menu, clicked for real

@pytest.fixture(scope="module")
def session_bus() -> Iterator[str]:
    """A private D-Bus session bus (pystray's GTK backends need one), stopped by pid."""
    need_tools("dbus-daemon")
    daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, text=True)
    address = daemon.stdout.readline().strip()
    yield address
    # GIO's session-bus singleton ends the process when its bus goes away: close it first.
    from gi.repository import Gio

    saved = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = address
    try:
        connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        connection.set_exit_on_close(False)
        if not connection.is_closed():  # closed already by another module's teardown (GIO keeps one per process)
            connection.close_sync(None)
    finally:
        if saved is None:
            del os.environ["DBUS_SESSION_BUS_ADDRESS"]
        else:
            os.environ["DBUS_SESSION_BUS_ADDRESS"] = saved
    daemon.terminate()
    daemon.wait(timeout=10)


@pytest.fixture
async def gtk_tray(x_display, session_bus, probe_path, monkeypatch, tmp_path):
    """The tray as the daemon starts it on a plain X desktop with an XEmbed host: no backend forced."""
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    monkeypatch.delenv("PYSTRAY_BACKEND", raising=False)
    await wait_for(lambda: probe_desktop().xembed_host, "trayer to own the tray selection")
    tray = recording_tray(tmp_path, probe_path)
    yield tray
    await tray.stop()


async def wait_for_gtk(tray: AgendaTray, question: str, *args: object, what: str, limit: float = 60.0) -> object:
    """A liveness bound, not a speed figure: GTK's first start on a fresh D-Bus session (the accessibility bus
    is activated on demand) took over 20 s in a clean-clone rehearsal while another daemon ran on the 2 cores.
    The question is answered on the icon process's GLib main loop (`tests/tray_probe.py`)."""
    return await wait_until(lambda: ask(tray, question, *args), what, limit)


def click(display: str, at: tuple[int, int], button: int) -> None:
    """A real pointer click through the XTest extension: the X server sees a user's click."""
    from Xlib import X
    from Xlib import display as xdisplay
    from Xlib.ext import xtest

    conn = xdisplay.Display(display)
    try:
        conn.screen().root.warp_pointer(*at)
        conn.sync()
        xtest.fake_input(conn, X.ButtonPress, button)
        conn.sync()
        time.sleep(0.05)
        xtest.fake_input(conn, X.ButtonRelease, button)
        conn.sync()
    finally:
        conn.close()


async def docked_icon_center(tray: AgendaTray) -> tuple[int, int]:
    """Where the docked icon is, once trayer has stopped moving it (it repacks as icons come and go)."""
    seen, deadline = None, time.monotonic() + 20
    while (at := await wait_for_gtk(tray, "icon_center", what="the icon to dock in trayer")) != seen:
        assert time.monotonic() < deadline, f"the icon kept moving in trayer: {seen} -> {at}"
        seen = at
        await asyncio.sleep(0.3)
    return tuple(at)


async def open_loop_menu_item(tray: AgendaTray, loop_label: str, item: str) -> None:
    """Right-click the docked icon, click the loop's entry, then `item` in its submenu: as a user does."""
    display = os.environ["DISPLAY"]
    at_icon = await docked_icon_center(tray)
    await asyncio.to_thread(click, display, at_icon, 3)
    at_loop = await wait_for_gtk(tray, "menu_item_center", loop_label, what="the menu to pop up")
    await asyncio.to_thread(click, display, tuple(at_loop), 1)
    at_item = await wait_for_gtk(tray, "menu_item_center", item, what=f"the {item} item in the submenu")
    await asyncio.to_thread(click, display, tuple(at_item), 1)


async def gtk_menu_labels(tray: AgendaTray) -> list[str]:
    return await ask(tray, "gtk_menu_labels")


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_a_real_click_on_done_in_the_gtk_tray_menu_closes_the_loop(gtk_tray: AgendaTray):
    """The user's clicks go to the icon's process (its own GTK menu); its Done reaches the daemon's agenda."""
    report = gtk_tray.service.add("send the quarterly report")
    dentist = gtk_tray.service.add("book the dentist")
    await gtk_tray.start()
    assert (gtk_tray.backend.name, gtk_tray.backend.has_menu) == ("gtk", True)

    async def listed() -> bool:
        return (await gtk_menu_labels(gtk_tray))[:2] == ["book the dentist", "send the quarterly report"]

    await wait_until(listed, "the loops in the real GTK menu", 60)
    watcher = gtk_tray.bus.subscribe()

    await open_loop_menu_item(gtk_tray, "send the quarterly report", "Done")

    await wait_for(lambda: gtk_tray.service.find(report.id).status is LoopStatus.DONE, "the loop to be done")
    event = await asyncio.wait_for(watcher.get(), 10)
    assert isinstance(event, AgendaChanged) and event.reason == "done"
    assert [loop.id for loop in event.change.closed] == [report.id]

    async def rebuilt() -> bool:
        return "send the quarterly report" not in await gtk_menu_labels(gtk_tray)

    await wait_until(rebuilt, "the menu rebuilt", 60)
    assert (await gtk_menu_labels(gtk_tray))[0] == "book the dentist"
    assert gtk_tray.service.find(dentist.id).is_open


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_a_real_click_on_dismiss_in_the_gtk_tray_menu_withdraws_the_loop(gtk_tray: AgendaTray):
    loop = gtk_tray.service.add("buy a birthday present")
    await gtk_tray.start()
    await open_loop_menu_item(gtk_tray, "buy a birthday present", "Dismiss")
    await wait_for(lambda: gtk_tray.service.find(loop.id).status is LoopStatus.DISMISSED, "the loop dismissed")

    async def emptied() -> bool:
        return (await gtk_menu_labels(gtk_tray))[0] == "No open loops"

    await wait_until(emptied, "the menu rebuilt", 60)


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_a_left_click_on_the_gtk_tray_icon_opens_the_hud(gtk_tray: AgendaTray):
    await gtk_tray.start()
    await asyncio.to_thread(click, os.environ["DISPLAY"], await docked_icon_center(gtk_tray), 1)
    await wait_for(lambda: gtk_tray.opened == ["hud"], "the default item (Open HUD) to run")


@pytest.mark.slow  # Xvfb, trayer and a D-Bus session
async def test_the_icons_side_builds_the_real_gtk_menu_from_what_it_is_sent(x_display, session_bus, monkeypatch):
    """`TrayIcon` with the GTK backend in this process: the menu it is sent becomes GTK's menu."""
    from gi.repository import GLib, Gtk

    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    await wait_for(lambda: probe_desktop().xembed_host, "trayer to own the tray selection")
    icon = IconInProcess("gtk")
    icon.tray.set_menu(menu_items([view("a" * 32, "send the report")]))
    icon.start()

    def labels() -> list[str]:
        done = threading.Event()
        found: list[str] = []

        def read() -> bool:
            menu = icon.tray.icon._menu_handle
            found.extend(item.get_label() for item in (menu.get_children() if menu is not None else ())
                         if not isinstance(item, Gtk.SeparatorMenuItem))
            done.set()
            return False

        GLib.idle_add(read)
        done.wait(10)
        return found

    try:
        await wait_for(lambda: {"shown": True} in icon.sent, "the icon shown", 60)
        await wait_for(lambda: labels()[:1] == ["send the report"], "the loop in the GTK menu", 60)
        icon.tray.set_menu(menu_items([view("b" * 32, "call mom"), view("a" * 32, "send the report")]))
        await wait_for(lambda: labels()[:2] == ["call mom", "send the report"], "the menu rebuilt", 60)
    finally:
        await asyncio.to_thread(icon.stop)


# A StatusNotifier watcher with a host registered, as KDE's or the GNOME AppIndicator extension's: it owns
# the watcher's name on the session bus and answers IsStatusNotifierHostRegistered.
SNI_WATCHER = """
import sys
from gi.repository import Gio, GLib
XML = ('<node><interface name="org.kde.StatusNotifierWatcher">'
       '<property name="IsStatusNotifierHostRegistered" type="b" access="read"/></interface></node>')
def prop(conn, sender, path, iface, name):
    return GLib.Variant("b", True)
def bus_acquired(conn, name):
    conn.register_object("/StatusNotifierWatcher", Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0],
                         None, prop, None)
Gio.bus_own_name(Gio.BusType.SESSION, "org.kde.StatusNotifierWatcher", Gio.BusNameOwnerFlags.NONE,
                 bus_acquired, lambda conn, name: print("ready", flush=True), lambda *a: sys.exit("name lost"))
GLib.MainLoop().run()
"""


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_a_statusnotifier_host_on_the_session_bus_picks_the_appindicator_menu(x_display, session_bus,
                                                                                    monkeypatch):
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    monkeypatch.delenv("PYSTRAY_BACKEND", raising=False)
    assert probe_desktop().sni_host is False
    watcher = subprocess.Popen([sys.executable, "-c", SNI_WATCHER], stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "DBUS_SESSION_BUS_ADDRESS": session_bus})
    try:
        assert await asyncio.wait_for(asyncio.to_thread(watcher.stdout.readline), 20) == "ready\n"
        facts = probe_desktop()
        assert facts.sni_host is True
        assert choose_backend(facts).name == "appindicator"
    finally:
        watcher.terminate()
        watcher.wait(timeout=10)


# ------------------------------------------------------------ what `jarvisd doctor` says about the tray

@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
async def test_doctor_names_the_gtk_backend_and_its_menu_on_a_desktop_with_trayer(x_display, session_bus,
                                                                                  monkeypatch):
    from jarvisd.doctor import tray_report

    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    monkeypatch.delenv("PYSTRAY_BACKEND", raising=False)
    await wait_for(lambda: probe_desktop().xembed_host, "trayer to own the tray selection")
    report = tray_report()
    assert (report["backend"], report["menu"]) == ("gtk", True)
    assert report["tray"].startswith("tray gtk backend with its menu")


@pytest.mark.slow  # Xvfb (and trayer, a D-Bus session)
def test_doctor_says_when_the_tray_has_no_menu_and_what_to_do(bare_display, monkeypatch):
    from jarvisd.doctor import tray_report

    monkeypatch.setenv("DISPLAY", bare_display)
    monkeypatch.setenv("PYSTRAY_BACKEND", "xorg")
    report = tray_report()
    assert (report["backend"], report["menu"]) == ("xorg", False)
    assert "no menu (PYSTRAY_BACKEND=xorg); install the tray extra" in report["tray"]


def test_doctor_reports_an_unreachable_display_and_no_display(monkeypatch):
    from jarvisd.doctor import tray_report

    monkeypatch.setenv("DISPLAY", ":987")
    assert tray_report()["tray"].startswith("no tray: cannot open display ':987'")
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert tray_report() == {"DISPLAY": "", "backend": None, "menu": False, "tray": "no display: no tray"}


@pytest.mark.slow  # a D-Bus daemon and a subprocess
def test_the_daemon_outlives_the_desktops_session_bus():
    """GIO ends a process whose session bus goes away unless its connection is told not to; pystray's
    GTK backends take that same connection (`Gio.bus_get_sync`), so a desktop logging out must not take
    the resident daemon with it."""
    need_tools("dbus-daemon")
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, text=True)
    address = bus.stdout.readline().strip()
    child_code = ("import sys; from gi.repository import Gio, GLib; from jarvisd.tray import probe_desktop; "
                  "facts = probe_desktop({}); pystrays = Gio.bus_get_sync(Gio.BusType.SESSION, None); "
                  "print('bus', facts.session_bus, flush=True); sys.stdin.readline(); "
                  "loop = GLib.MainLoop(); GLib.timeout_add(1000, loop.quit); loop.run(); "  # as the tray's loop
                  "print('alive', pystrays.is_closed(), flush=True)")
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"} | {"DBUS_SESSION_BUS_ADDRESS": address}
    child = subprocess.Popen([sys.executable, "-c", child_code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "bus True"
        bus.terminate()
        bus.wait(timeout=10)
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "alive True"  # the bus is gone, the process is not
        assert child.wait(timeout=10) == 0
    finally:
        child.kill()
        bus.kill()


async def test_quit_in_the_real_tray_asks_the_daemon_to_stop(tray: AgendaTray):
    """The Quit item, called as pystray calls it (on its thread, with the icon) in the icon's process, reaches
    `quit` in the daemon's."""
    await docked_x_icon(tray)
    await ask(tray, "invoke", "Quit")
    await wait_for(lambda: "quit" in tray.opened, "Quit to reach the daemon")
    assert tray.opened == ["quit"]
