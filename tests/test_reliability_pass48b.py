"""Forty-eighth pass (b) of issue 18: the LanceDB agenda and memory tables, the HUD's agenda edits, config and the
reminder log under faults (docs/reliability.md, "Forty-eighth pass (b)")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from jarvisd.errors import StartupError


def _agenda_table(tmp_path: Path, saves: int) -> tuple[str, Path]:
    """A LanceDB agenda of `saves` promises, one table version each; (uri, the table's folder)."""
    from jarvisd.openloop.lance_store import LanceLoopStore
    from jarvisd.openloop.model import LoopStatus, OpenLoop

    uri = str(tmp_path / "memory.lance")
    store = LanceLoopStore(uri)
    for n in range(saves):
        store.save(OpenLoop(id=f"loop{n}", desc=f"call person {n}", status=LoopStatus.OPEN,
                            created_ms=1_700_000_000_000 + n, updated_ms=1_700_000_000_000 + n))
    return uri, tmp_path / "memory.lance" / "open_loops.lance"


def _newest_manifest(folder: Path) -> Path:
    return min((folder / "_versions").glob("*.manifest"), key=lambda p: p.name)   # V2 names count down


def test_an_agenda_table_whose_newest_manifest_is_gone_is_refused_not_opened_a_version_back(tmp_path):
    """The newest manifest of `open_loops` deleted (a sync or a backup that did not copy it): before, LanceDB
    opened the version before it without a word, `jarvisd doctor` said "2 open" and the third promise (the last
    acknowledged write) was gone; `/api/status` said nothing. Now one line naming the lost version and the fix."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    uri, folder = _agenda_table(tmp_path, 3)
    _newest_manifest(folder).unlink()
    with pytest.raises(StartupError) as caught:
        LanceLoopStore(uri)
    message = str(caught.value)
    assert "open_loops" in message and "version 4" in message and "gone" in message
    assert "latest_version_hint.json away" in message and "version 3" in message


def test_a_memory_table_whose_newest_manifest_is_gone_is_damaged_in_doctor_and_refused_at_start(tmp_path):
    """The same for `memory_items`: before, doctor said "ok: 2 items" beside a table of three written facts."""
    from jarvisd.memory.health import check_memory
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.memory.test_memory_health import item

    uri = str(tmp_path / "memory.lance")
    store = LanceMemoryStore(uri, dimensions=8)
    for batch in ([item(1)], [item(2)], [item(3)]):
        store.upsert(batch)
        store.flush()
    store.close()
    _newest_manifest(tmp_path / "memory.lance" / "memory_items.lance").unlink()
    health = check_memory(uri)
    assert health.state == "damaged" and "gone" in health.detail, health
    with pytest.raises(StartupError, match="newest writes are missing"):
        LanceMemoryStore(uri, dimensions=8)


def test_guard_a_commit_cut_short_a_stray_hint_or_a_moved_hint_still_opens(tmp_path):
    """Not taken for lost versions: a commit cut short by SIGKILL (its transaction file written, its manifest not,
    the hint at the version before: what 40 kills of a writer left here), a hint naming a version no transaction
    file names (garbage, 99999), a hint that is not JSON, and the hint moved away as the fix says."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    uri, folder = _agenda_table(tmp_path, 3)
    txn = next((folder / "_transactions").glob("3-*.txn"))
    shutil.copy(txn, folder / "_transactions" / "4-00000000-0000-0000-0000-000000000000.txn")
    assert len(LanceLoopStore(uri).load()) == 3
    hint = folder / "_versions" / "latest_version_hint.json"
    for text in ('{"version": 99999}', "garbage", '{"version": true}', "[]"):
        hint.write_text(text)
        assert len(LanceLoopStore(uri).load()) == 3
    hint.write_text(json.dumps({"version": 4}))
    _newest_manifest(folder).unlink()
    with pytest.raises(StartupError):
        LanceLoopStore(uri)
    hint.unlink()   # the fix: the table opens a version back, and takes writes again
    store = LanceLoopStore(uri)
    assert len(store.load()) == 2
    store.save(store.load()[0])
    assert len(LanceLoopStore(uri).load()) == 2


def _damaged_lance_store(tmp_path: Path):
    """A LanceDB agenda store whose newest data file was cut in half after it was opened (while the daemon ran)."""
    from jarvisd.openloop.lance_store import LanceLoopStore

    uri, folder = _agenda_table(tmp_path / "lance", 2)
    store = LanceLoopStore(uri)
    newest = max((folder / "data").iterdir(), key=lambda f: f.stat().st_mtime_ns)
    newest.write_bytes(newest.read_bytes()[: newest.stat().st_size // 2])
    return store


async def test_a_lancedb_agenda_damaged_while_the_daemon_runs_is_a_503_and_a_failing_status_not_a_500(tmp_path):
    """The agenda's newest LanceDB data file cut short under the running daemon: before, the HUD's ✓ was a JSON 500
    (`internal_error`, LanceDB's text and its /rustc path), each promise turn "the turn failed: External error:
    LanceError(IO) …", and `/api/status` said nothing of the agenda. Now the store's failure is an OSError (the
    turn's "I couldn't save that to your agenda (…); nothing changed"), the ✓ a 503 naming it, and the status
    part "agenda" is "failing" until a write reaches the store again."""
    from jarvisd.events import StatusChanged
    from tests.hud.conftest import Hud

    hud = Hud(tmp_path)
    loop = hud.service.add("call the plumber")
    events: list[object] = []
    forward = hud.service.publish
    hud.service.publish = lambda event: (events.append(event), forward(event))[1]
    jsonl = hud.service.store
    hud.service.store = _damaged_lance_store(tmp_path)
    async with hud.client() as client:
        response = await client.post(f"/api/openloops/{loop.id}", json={"status": "done"})
        assert response.status_code == 503, response.text
        assert response.json()["error"] == "not_saved" and "open_loops" in response.json()["detail"]
        assert "/rustc" not in response.json()["detail"]
        assert hud.service.find(loop.id).is_open   # nothing changed
        with pytest.raises(OSError):   # what the desk turns into "I couldn't save that to your agenda …"
            hud.service.add("email Ann")
        for event in events:   # the daemon's status board follows the bus (`StatusBoard.follow`)
            if isinstance(event, StatusChanged):
                hud.status.apply(event)
        status = (await client.get("/api/status")).json()["parts"]
    assert status["agenda"]["state"] == "failing" and "open_loops" in status["agenda"]["detail"], status
    states = [e.state for e in events if isinstance(e, StatusChanged) and e.part == "agenda"]
    assert states == ["failing"], states   # once per failing spell
    hud.service.store = jsonl   # a write that reaches a store again: "works again"
    hud.service.done(loop.id)
    assert [e.state for e in events if isinstance(e, StatusChanged) and e.part == "agenda"] == ["failing", "ok"]


def test_guard_a_full_disk_under_the_lancedb_agenda_is_still_the_disk_full_errno(tmp_path):
    """The full disk keeps its own words (ENOSPC, "No space left on device"), as on the JSONL log."""
    import errno

    from jarvisd.openloop.lance_store import AgendaStoreFailed

    full = AgendaStoreFailed("the agenda table", RuntimeError(
        "lance error: LanceError(IO): No space left on device (os error 28), /root/.cargo/registry/src/x.rs:1:1"))
    assert full.errno == errno.ENOSPC and full.strerror == "No space left on device"
    other = AgendaStoreFailed("the agenda table", RuntimeError("lance error: x, /rustc/abc/library/core/src/y.rs:2:5"))
    assert other.errno == errno.EIO and "/rustc" not in other.strerror
