"""Issue 18's fifth adversarial pass: the cases it found, pinned on the part that failed. Each was
replayed against `python -m jarvisd run` first (see docs/reliability.md, "Fifth pass")."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import httpx
import pytest

from jarvisd.errors import StartupError
from jarvisd.openloop.model import LoopStatus, OpenLoop
from tests.test_cli import env, jarvisd  # noqa: F401 - the fixture and the runner

NOW_MS = 1_764_547_200_000


def loop(n: int) -> OpenLoop:
    return OpenLoop(id=f"{n:032x}", desc=f"send report {n}", status=LoopStatus.OPEN, created_ms=NOW_MS,
                    updated_ms=NOW_MS, due_ms=NOW_MS + 3_600_000)


# ---- the agenda's LanceDB table (openloop.store = lancedb) -----------------------------------------

def _agenda_table(tmp_path: Path) -> tuple[str, Path]:
    """Two promises kept in an `open_loops` table, each save a version of its own."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    uri = str(tmp_path / "memory.lance")
    store = LanceLoopStore(uri)
    store.save(loop(1))
    store.save(loop(2))
    return uri, Path(uri) / "open_loops.lance"


def _newest_manifest(table: Path) -> Path:
    return max((table / "_versions").glob("*.manifest"), key=lambda p: p.stat().st_mtime_ns)


DAMAGE = {
    "the newest manifest empty (a write cut short)": lambda t: _newest_manifest(t).write_bytes(b""),
    "the newest manifest garbage": lambda t: _newest_manifest(t).write_bytes(os.urandom(300)),
    "the newest data file gone": lambda t: max((t / "data").iterdir(), key=lambda p: p.stat().st_mtime_ns).unlink(),
    "every data file garbage": lambda t: [f.write_bytes(os.urandom(f.stat().st_size)) for f in (t / "data").iterdir()],
    "_versions a file": lambda t: (shutil.rmtree(t / "_versions"), (t / "_versions").write_text("x")),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_agenda_table_is_one_line_naming_it_not_a_lancedb_traceback(tmp_path, damage):
    """Before: `jarvisd run` with `openloop.store = "lancedb"` exited 1 with a LanceDB traceback
    (`RuntimeError: lance error: LanceError(IO) ...`, `ValueError: ... invalid magic`) that named
    no setting and no fix; the memory table had had this since pass 1, the agenda's table never."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    uri, table = _agenda_table(tmp_path)
    DAMAGE[damage](table)
    with pytest.raises(StartupError) as caught:
        LanceLoopStore(uri).load()
    message = str(caught.value)
    assert message.startswith("cannot "), message
    assert f"the agenda table open_loops at {uri}" in message
    assert "/rustc" not in message and "\n" not in message
    if "manifest" in damage:
        assert f"version file {_newest_manifest(table)} is damaged" in message
    if damage == "the newest data file gone":
        assert "reads whole, 1 items; restoring it loses 1 of 2 items" in message
        assert "open_table('open_loops')" in message  # the command restores the agenda's table, not memory's


def test_an_agenda_table_whose_versions_are_gone_is_refused_not_replaced_by_an_empty_one(tmp_path):
    """Before: its `_versions` folder gone, the store created a new, empty `open_loops` table over the
    old one and the daemon started with an empty agenda: two confirmed promises gone, without a word."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    uri, table = _agenda_table(tmp_path)
    shutil.rmtree(table / "_versions")
    with pytest.raises(StartupError, match="has no readable table version") as caught:
        LanceLoopStore(uri)
    assert str(table) in str(caught.value)
    assert not (table / "_versions").exists(), "nothing is written over the table"


def test_a_new_agenda_table_is_still_created_where_there_is_none(tmp_path):
    from jarvisd.openloop.lance_store import LanceLoopStore

    store = LanceLoopStore(str(tmp_path / "memory.lance"))
    store.save(loop(1))
    assert [x.id for x in LanceLoopStore(str(tmp_path / "memory.lance")).load()] == [loop(1).id]


# ---- /procedures: a draft the user saved badly -----------------------------------------------------

async def test_a_draft_that_is_not_utf8_is_a_reply_naming_the_file_not_a_500(tmp_path):
    """Before: `/procedures approve pattern-bad` on a draft saved as Latin-1 answered the HUD a JSON 500
    `UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 30` naming no file."""
    from jarvisd.commands import CommandContext, CommandRegistry
    from jarvisd.memory.commands import register_memory_commands

    folder = tmp_path / "procedures"
    folder.mkdir()
    (folder / "pattern-bad.md").write_bytes(b"# pattern-bad\nname: bad\nwhen: \xff always\n\n## steps\nx\n")
    (folder / "pattern-folder.md").mkdir()  # listed as a draft before, then "no draft pattern-folder"
    registry = register_memory_commands(CommandRegistry())
    ctx = CommandContext(services={"data_dir": tmp_path, "memory": None, "scope_for": lambda s: None})
    reply = await registry.run("/procedures approve pattern-bad", ctx)
    assert reply.startswith(f"cannot read the draft {folder / 'pattern-bad.md'}: it is not UTF-8"), reply
    assert (await registry.run("/procedures", ctx)).splitlines()[1:] == ["- pattern-bad"]


# ---- the HUD: slash commands were not bounded like turns -------------------------------------------

async def test_the_ninth_running_command_is_429_and_a_command_does_not_take_a_turns_place(tmp_path):
    """Before: 30 concurrent `/remember` of 3,800 characters were all taken (commands skipped the bound
    of 8 waiting turns); a promise sent meanwhile reached the agenda 209 s later, `/api/status` max 1.9 s."""
    from tests.hud.conftest import TOKEN, slow_command_app

    app, release, started = slow_command_app(tmp_path)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765",
                                 headers={"Authorization": f"Bearer {TOKEN}"}, timeout=20) as client:
        running = [asyncio.create_task(client.post("/api/turns", json={"text": f"/slow {i}"})) for i in range(8)]
        while len(started) < 8:
            await asyncio.sleep(0.01)
        ninth = asyncio.create_task(client.post("/api/turns", json={"text": "/slow 8"}))
        done, _ = await asyncio.wait({ninth}, timeout=5)
        turn = await client.post("/api/turns", json={"text": "a question"})  # turns have their own bound
        release.set()
        answered = await asyncio.gather(*running)
        refused = await ninth
        again = await client.post("/api/turns", json={"text": "/help"})
    assert done, "the ninth command waited with the eight instead of being refused"
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"] == "too_many_commands"
    assert int(refused.headers["retry-after"]) > 0
    assert turn.status_code == 202
    assert [r.json()["reply"] for r in answered] == ["done"] * 8
    assert again.status_code == 200 and len(started) == 8


# ---- the data folder itself ---------------------------------------------------------------------

@pytest.mark.parametrize("damage", ["a link loop", "a dangling link", "a file"])
def test_a_data_folder_that_is_not_a_folder_is_one_line(tmp_path, damage):
    """Before: `jarvisd run` with `<home>/data` a symlink loop, a dangling link or a file exited 1 with a
    `FileExistsError` traceback out of `Paths.ensure`."""
    from jarvisd.paths import resolve_paths

    paths = resolve_paths({"JARVIS_HOME": str(tmp_path)})
    if damage == "a link loop":
        paths.data_dir.symlink_to(paths.data_dir)
    elif damage == "a dangling link":
        paths.data_dir.symlink_to(tmp_path / "gone")
    else:
        paths.data_dir.write_text("x")
    with pytest.raises(StartupError) as caught:
        paths.ensure()
    message = str(caught.value)
    assert message.startswith(f"cannot use the data folder {paths.data_dir}: "), message
    assert message.endswith("not a folder: move it away and start again")
    assert ("it is a file" in message) == (damage == "a file")


# ---- the memory write journal -------------------------------------------------------------------

def test_a_journal_file_that_is_a_link_loop_is_set_aside_not_the_whole_memory(tmp_path, caplog):
    """Before: a `*.wal` that is a symlink loop refused the whole memory store at start ("Too many levels
    of symbolic links ...; point memory.store_uri at a LanceDB folder, or move what is there away"), so
    the daemon did not start and the line pointed at all of memory; a FIFO was already set aside."""
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.test_reliability_pass4 import _store_with_one_item

    uri = str(tmp_path / "memory.lance")
    _store_with_one_item(uri)
    journal = tmp_path / "memory.lance" / "memory_items.journal"
    journal.mkdir(exist_ok=True)
    (journal / "1-loop.wal").symlink_to(journal / "1-loop.wal")
    store = LanceMemoryStore(uri, dimensions=8)
    try:
        assert store.count() == 1
    finally:
        store.close()
    assert f"{journal / '1-loop.wal'} cannot be opened (Too many levels of symbolic links)" in caplog.text


# ---- a full disk at start -------------------------------------------------------------------------

def test_an_instance_lock_that_cannot_be_written_on_a_full_disk_is_one_line(tmp_path, monkeypatch):
    """Before: `jarvisd run` on a full disk exited 1 with `OSError: [Errno 28] No space left on device`
    out of the pid write (replayed on a full 16 MiB tmpfs; here the write is made to fail the same way)."""
    import errno

    from jarvisd import instance

    real_write = os.write

    def full(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").endswith("jarvisd.pid"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(instance.os, "write", full)
    with pytest.raises(StartupError) as caught:
        instance.InstanceLock(tmp_path).acquire()
    assert str(caught.value) == (f"cannot open the instance lock {tmp_path / 'jarvisd.pid'}: no space left on "
                                 "the disk: free some space and start again")
    monkeypatch.undo()
    instance.InstanceLock(tmp_path).acquire().release()  # the descriptor (and its lock) was let go


# ---- config: a tool policy that names no tool ---------------------------------------------------

@pytest.mark.parametrize("names", [["search_note"], ["current_time", "delegate_reserch"]])
def test_a_misspelt_tool_in_approval_required_is_refused_naming_the_key(tmp_path, names):
    """Before: `tools.approval_required = ["search_note"]` was accepted without a word, so `search_notes`
    ran without asking: the admin's approval rule silently did nothing (team files were checked, the
    config's list was not)."""
    import json as _json

    from jarvisd.assistant import build_assistant
    from jarvisd.config import ConfigError, load_config
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_TOOLS__APPROVAL_REQUIRED": _json.dumps(names)})
    backends = Backends(chat=ScriptedChatModel(lambda m: {"text": "ok"}),
                        thought=ScriptedChatModel(lambda m: {"text": ""}), embedder=None)
    with pytest.raises(ConfigError, match=f"JARVIS_TOOLS__APPROVAL_REQUIRED: tools.approval_required: no tool named '{names[-1]}' "
                                          r"\(tools: .*search_notes"):
        build_assistant(cfg.paths.ensure() and cfg, ModelStore(cfg.paths.models_dir), backends=backends)
    ok = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_TOOLS__APPROVAL_REQUIRED": '["search_notes"]'})
    assistant = build_assistant(ok, ModelStore(ok.paths.models_dir), backends=backends)
    assert assistant.agent.tools.needs_approval("search_notes")


@pytest.mark.slow  # `jarvisd run` as a subprocess
def test_jarvisd_run_on_a_damaged_agenda_table_is_one_line_exit_1(env):  # noqa: F811
    """End to end: the agenda on LanceDB with its newest manifest emptied (a save cut short)."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    env["JARVIS_OPENLOOP__STORE"] = "lancedb"
    uri = Path(env["JARVIS_HOME"]) / "data" / "memory.lance"
    uri.parent.mkdir(parents=True)
    store = LanceLoopStore(str(uri))
    store.save(loop(1))
    store.save(loop(2))
    newest = _newest_manifest(uri / "open_loops.lance")
    newest.write_bytes(b"")
    result = jarvisd("run", env=env, timeout=120)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert f"jarvisd: cannot open the agenda table open_loops at {uri}" in result.stderr
    assert f"version file {newest} is damaged" in result.stderr
