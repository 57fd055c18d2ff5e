"""The tray menu as a pure function of the agenda, and the real pystray icon under Xvfb with a tray
host (trayer): a menu action closes the loop through the service and the menu is rebuilt."""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from zoneinfo import ZoneInfo

import pytest

from jarvisd.events import AgendaChanged, EventBus, StatusChanged
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.tray import SEPARATOR, AgendaTray, MenuSpec, TrayUnavailable, menu_items
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

def service_at(tmp_path) -> OpenLoopService:
    return OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZoneInfo("Asia/Seoul"))


@pytest.fixture(scope="module")
def x_display() -> Iterator[str]:
    """A private X display (Xvfb picks a free number) with a tray host on it; both stopped by pid."""
    for tool in ("Xvfb", "trayer"):
        assert shutil.which(tool), f"{tool} is needed: apt-get install -y xvfb trayer"
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        display = f":{pipe.readline().strip()}"
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


def menu_texts(tray: AgendaTray) -> list[str]:
    return [item.text for item in tray.icon.menu.items]


@pytest.fixture
async def tray(x_display, monkeypatch, tmp_path):
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("PYSTRAY_BACKEND", "xorg")
    service = service_at(tmp_path)
    opened: list[str] = []
    tray = AgendaTray(service, EventBus(), open_hud=lambda: opened.append("hud"), quit=lambda: opened.append("quit"),
                      mic=FakeMic())
    tray.opened = opened
    tray.service = service
    yield tray
    await tray.stop()


async def test_the_real_tray_closes_a_loop_from_its_menu_and_rebuilds(tray: AgendaTray):
    report = tray.service.add("send the quarterly report")
    dentist = tray.service.add("book the dentist")
    await tray.start()
    await wait_for(lambda: tray.icon._systray_manager is not None, "the icon to dock in trayer")
    assert menu_texts(tray)[:2] == ["book the dentist", "send the quarterly report"]

    watcher = tray.bus.subscribe()
    entry = next(item for item in tray.icon.menu.items if item.text == "send the quarterly report")
    done = next(item for item in entry.submenu.items if item.text == "Done")
    await asyncio.to_thread(done, tray.icon)  # as pystray calls an item: on its thread, with the icon

    assert tray.service.find(report.id).status is LoopStatus.DONE
    event = await asyncio.wait_for(watcher.get(), 10)
    assert isinstance(event, AgendaChanged) and event.reason == "tray: done"
    await wait_for(lambda: "send the quarterly report" not in menu_texts(tray), "the menu to be rebuilt")
    assert menu_texts(tray)[0] == "book the dentist"
    assert tray.service.find(dentist.id).is_open


async def test_dismiss_in_the_real_tray_withdraws_the_loop(tray: AgendaTray):
    loop = tray.service.add("buy a birthday present")
    await tray.start()
    await wait_for(lambda: tray.icon._systray_manager is not None, "the icon to dock in trayer")
    entry = next(item for item in tray.icon.menu.items if item.text == "buy a birthday present")
    dismiss = next(item for item in entry.submenu.items if item.text == "Dismiss")
    await asyncio.to_thread(dismiss, tray.icon)
    assert tray.service.find(loop.id).status is LoopStatus.DISMISSED
    await wait_for(lambda: menu_texts(tray)[0] == "No open loops", "the menu to be rebuilt")


async def test_a_judges_agenda_change_and_a_mute_reach_the_real_tray_menu(tray: AgendaTray):
    await tray.start()
    await wait_for(lambda: tray.icon._systray_manager is not None, "the icon to dock in trayer")
    tray.service.add("reply to the landlord")
    await tray.bus.publish(AgendaChanged(reason="judge"))
    await wait_for(lambda: menu_texts(tray)[0] == "reply to the landlord", "the judge's loop in the menu")

    mute = next(item for item in tray.icon.menu.items if item.text == "Mute microphone")
    await asyncio.to_thread(mute, tray.icon)
    await wait_for(lambda: tray.mic.calls == [("muted", True)], "the mute to reach the microphone")
    await tray.bus.publish(StatusChanged(part="mic", state="muted"))
    await wait_for(lambda: next(item for item in tray.icon.menu.items
                                if item.text == "Mute microphone").checked is True, "the mute item checked")


async def test_clicking_the_docked_icon_opens_the_hud(tray: AgendaTray):
    from Xlib import X, display, protocol

    await tray.start()
    await wait_for(lambda: tray.icon._systray_manager is not None, "the icon to dock in trayer")
    conn = display.Display()
    try:
        window = conn.create_resource_object("window", tray.icon._window.id)
        click = protocol.event.ButtonPress(time=X.CurrentTime, root=conn.screen().root, window=window,
                                           same_screen=1, child=X.NONE, root_x=5, root_y=5, event_x=5,
                                           event_y=5, state=0, detail=1)
        window.send_event(click, event_mask=X.NoEventMask)  # to the client that owns the window: pystray
        conn.flush()
        await wait_for(lambda: tray.opened == ["hud"], "the default item (Open HUD) to run")
    finally:
        conn.close()
