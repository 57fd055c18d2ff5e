"""Issue 18, eleventh adversarial pass (docs/reliability.md, "Eleventh pass"): each case found against
`jarvisd run` and fixed, with real parts (the command registry, a LanceDB memory, the agenda on its store,
a read-only bind mount)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

# ---- a slash command typed through an IME or pasted with an invisible character ----------------------------

IME_AND_PASTE = [
    "／remember the gate code is 4471",          # a fullwidth solidus: Japanese and Chinese IMEs type it
    "\u200b/remember the gate code is 4471",     # a zero-width space a paste left in front
    "\ufeff/remember the gate code is 4471",     # a byte-order mark from a text file's first line
    "/ｒｅｍｅｍｂｅｒ the gate code is 4471",    # a fullwidth name (the IME left on)
    "/remem\u200bber the gate code is 4471",     # a zero-width space inside the name
]


@pytest.mark.parametrize("line", IME_AND_PASTE)
async def test_a_command_typed_with_a_fullwidth_slash_or_an_invisible_character_is_run(tmp_path, line):
    """Before: `／remember x` and `\\u200b/remember x` were not commands, so the HUD sent them to the model
    as a chat turn (202): nothing was remembered and nothing said so; `/ｒｅｍｅｍｂｅｒ x` and `/ＨＥＬＰ`
    answered "unknown command". The command's name is now read in NFKC without format characters; what
    follows it is kept as typed."""
    from jarvisd.assistant import assistant_commands
    from jarvisd.commands import CommandContext, is_command
    from tests.hud.conftest import make_memory, memory_scope

    assert is_command(line)  # the HUD's and the assistant's dispatch both ask this
    memory = make_memory(tmp_path / "memory.lance")
    try:
        context = CommandContext(session="s", services={"memory": memory, "scope_for": memory_scope})
        commands = assistant_commands()
        assert await commands.run(line, context) == "Remembered: the gate code is 4471"
        assert (await commands.run("/ＨＥＬＰ", context)).startswith("/compact")
    finally:
        memory.close()


def test_text_that_only_mentions_a_slash_stays_a_turn():
    from jarvisd.commands import command_line, is_command

    for text in ("hello /help", "/", "\u200b/\u200b", "⁄remember (a fraction slash)", "  ", "and/or"):
        assert not is_command(text), text
    assert command_line("/ remember  two  spaces") == "/remember two  spaces"


# ---- lows fixed in this pass ---------------------------------------------------------------------------------

async def test_an_agenda_id_typed_in_fullwidth_closes_the_loop(tmp_path):
    """Before: `/openloop done ７ｂ１２７５４９` (the IME still on) answered "no loop '７ｂ１２７５４９'"."""
    from jarvisd.commands import CommandContext, CommandRegistry, register_builtin
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    agenda = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZoneInfo("Asia/Seoul"))
    loop = agenda.add("email José")
    fullwidth = "".join(chr(ord(c) + 0xFEE0) for c in loop.id[:8])
    commands = register_builtin(CommandRegistry())
    reply = await commands.run(f"/openloop done {fullwidth}\u200d", CommandContext(agenda=agenda))
    assert "email José -> done" in reply, reply
    reloaded = {kept.id: kept for kept in JsonlLoopStore(tmp_path / "openloops.jsonl").load()}
    assert reloaded[loop.id].status.value == "done"


def _bind_read_only(folder: Path) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
    if done.returncode != 0:
        return False
    done = subprocess.run(["mount", "-o", "remount,bind,ro", str(folder), str(folder)], capture_output=True)
    if done.returncode != 0:
        subprocess.run(["umount", str(folder)], capture_output=True)
        return False
    return True


def test_a_memory_table_on_a_read_only_mount_is_named_so_not_sent_to_chown(tmp_path):
    """Before: a table folder on a read-only bind mount was "not writable by this user (it belongs to uid
    0): give your user write access ... (chown -R root ...)": a chown cannot help there."""
    from jarvisd.lance_files import unwritable_folder
    from tests.hud.conftest import make_memory

    root = tmp_path / "memory.lance"
    make_memory(root).close()
    table = root / "memory_items.lance"
    # CI runs as root with util-linux's mount (as the pass-8 permission test relies on setpriv): a bind
    # that cannot be made is a broken machine, not a reason to prove nothing
    assert _bind_read_only(table), "needs root and mount to make a read-only bind (CI has both)"
    try:
        why = unwritable_folder(root, "memory_items")
    finally:
        for _ in range(3):
            if subprocess.run(["umount", str(table)], capture_output=True).returncode == 0:
                break
            time.sleep(0.5)
    assert why is not None and "read-only file system" in why and "chown" not in why, why


def test_a_delivered_reminder_record_after_a_byte_order_mark_is_read(tmp_path, caplog):
    """Before: `reminders.jsonl` saved by an editor that puts a BOM in front (Notepad) lost its first
    record ("line 1 unreadable, skipped", no reason), so the reminder it records would be said again."""
    from jarvisd.reflect.delivered import DeliveredLog, ReminderKey

    path = tmp_path / "reminders.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"loop_id": "f89eccec", "lead_min": 0, "due_ms": 1796310000000}\r\n'
                     b'{"loop_id": "x", "lead_min": 0, "due_ms": 1e400}\r\n')
    with caplog.at_level("WARNING"):
        log = DeliveredLog(path)
    assert ReminderKey("f89eccec", 0, 1796310000000) in log.keys()
    assert "line 2 is unreadable, skipped: OverflowError" in caplog.text, caplog.text   # (pass 63: and kept aside)


@pytest.mark.slow  # `jarvisd run` as a subprocess
def test_jarvisd_run_remembers_a_command_typed_with_a_fullwidth_slash(tmp_path):
    """The daemon end to end: the HUD's `POST /api/turns` with `／remember ...` answered 202 (a chat turn
    for the model) before; now the command's reply, and the fact is in memory after a restart."""
    import signal
    import sys

    import httpx

    from tests.test_cli import closed_port_host

    port = int(closed_port_host().rsplit(":", 1)[1])
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_") and k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(JARVIS_HOME=str(home), OLLAMA_HOST=closed_port_host(), JARVIS_VOICE__ENABLED="false",
               JARVIS_HUD__PORT=str(port), JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5")

    def start() -> tuple[subprocess.Popen, dict[str, str]]:
        daemon = subprocess.Popen([sys.executable, "-m", "jarvisd", "run"], env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            time.sleep(0.5)
            token_file = home / "data" / "hud.token"
            if not token_file.exists():
                continue
            headers = {"Authorization": f"Bearer {token_file.read_text().strip()}"}
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/status", headers=headers, timeout=5).status_code == 200:
                    return daemon, headers
            except httpx.HTTPError:
                pass
        daemon.kill()
        pytest.fail("jarvisd run did not answer")

    daemon, headers = start()
    try:
        answer = httpx.post(f"http://127.0.0.1:{port}/api/turns", headers=headers, timeout=60,
                            json={"text": "／remember the gate code is 4471", "session": "ime"})
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"command": True, "reply": "Remembered: the gate code is 4471", "session": "ime"}
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(60)
    daemon, headers = start()
    try:
        status = httpx.get(f"http://127.0.0.1:{port}/api/status", headers=headers, timeout=10).json()
        assert status["parts"]["memory"]["detail"] == "1 item at start", status
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(60)
