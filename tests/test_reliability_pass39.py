"""The thirty-ninth adversarial pass (docs/reliability.md, "Thirty-ninth pass"): each finding's case, failing before
its fix, and the guards beside it."""

import json
import os
import shutil
from pathlib import Path

import pytest

from jarvisd.errors import StartupError


def _agenda_line() -> str:
    return json.dumps({"id": "aaaa1111bbbb2222cccc3333dddd4444", "desc": "call Bob", "status": "open",
                       "created_ms": 1796400000000, "updated_ms": 1796400000000, "due_ms": 1896687940000}) + "\n"


@pytest.mark.parametrize("target", ["openloops.jsonl", "hud.token"])
def test_a_pid_file_linked_to_another_data_file_is_refused_not_overwritten(tmp_path, target):
    """`jarvisd.pid` a symlink to the agenda log (or the HUD token): the daemon truncated the target and wrote its pid
    into it; the agenda's promises were gone at the next load (the pid quarantined as "not a JSON object")."""
    from jarvisd.instance import InstanceLock

    kept = _agenda_line() if target == "openloops.jsonl" else "A" * 43 + "\n"
    (tmp_path / target).write_text(kept, encoding="utf-8")
    (tmp_path / "jarvisd.pid").symlink_to(target)
    with pytest.raises(StartupError, match="symbolic link|same file as") as caught:   # (the second: session 42's
        InstanceLock(tmp_path).acquire()                                             # check of any data file)
    assert str(tmp_path / target) in str(caught.value)
    assert (tmp_path / target).read_text(encoding="utf-8") == kept


@pytest.mark.parametrize("content", [None, "", "4242\n"])
def test_guard_a_pid_file_linked_to_a_pid_file_elsewhere_still_works(tmp_path, content):
    from jarvisd.instance import InstanceLock

    elsewhere = tmp_path / "run" / "jarvisd.pid"
    elsewhere.parent.mkdir()
    if content is not None:
        elsewhere.write_text(content, encoding="ascii")
    data = tmp_path / "data"
    data.mkdir()
    (data / "jarvisd.pid").symlink_to(elsewhere)
    lock = InstanceLock(data).acquire()
    try:
        assert elsewhere.read_text(encoding="ascii") == f"{os.getpid()}\n"
    finally:
        lock.release()


def _table_with_versions(tmp_path: Path, facts: int) -> tuple[str, Path]:
    from datetime import UTC, datetime

    from jarvisd.memory.items import new_item
    from jarvisd.memory.stores.lance import LanceMemoryStore

    uri = str(tmp_path / "memory.lance")
    store = LanceMemoryStore(uri, dimensions=4)
    for n in range(facts):
        store.upsert([new_item(user="me", agent="main", session="s", source="explicit", content=f"fact {n}",
                               created_at=datetime(2026, 12, 1, tzinfo=UTC), item_id=f"id-{n}")])
        store.flush()
    store.close()
    return uri, tmp_path / "memory.lance" / "memory_items.lance" / "_versions"


def _manifests(versions: Path) -> list[Path]:
    return sorted(versions.glob("*.manifest"))  # V2 names: the newest version has the smallest name


@pytest.mark.parametrize("how", ["link", "copy"])
def test_a_newest_manifest_that_is_an_older_versions_file_is_damage_not_an_empty_memory(tmp_path, how):
    """The newest manifest replaced by a link to (or a copy of) the first one: LanceDB opened version 1, `jarvisd
    doctor` and `/api/status` said "ok: 0 items", every fact was hidden and every later write failed to commit
    ("Incompatible transaction ... concurrent transaction Overwrite at version 1")."""
    from jarvisd.memory.health import check_memory
    from jarvisd.memory.stores.lance import LanceMemoryStore

    uri, versions = _table_with_versions(tmp_path, 3)
    names = _manifests(versions)
    newest, oldest = names[0], names[-1]
    newest.unlink()
    if how == "link":
        newest.symlink_to(oldest.name)
    else:
        shutil.copyfile(oldest, newest)
    health = check_memory(uri)
    assert health.state == "damaged", health
    assert str(newest) in health.detail
    assert "move" in health.recovery and str(newest) in health.recovery
    with pytest.raises(StartupError, match="version") as caught:
        LanceMemoryStore(uri, dimensions=4)
    assert str(newest) in str(caught.value)


def test_guard_an_intact_table_and_one_with_its_newest_manifest_moved_aside_are_ok(tmp_path):
    from jarvisd.memory.health import check_memory
    from jarvisd.memory.stores.lance import LanceMemoryStore

    uri, versions = _table_with_versions(tmp_path, 3)
    assert check_memory(uri).state == "ok"
    newest = _manifests(versions)[0]
    newest.rename(tmp_path / newest.name)  # what the recovery says to do: the version before opens
    (versions / "latest_version_hint.json").unlink(missing_ok=True)   # with the hint (pass 48b)
    assert check_memory(uri).state == "ok"
    LanceMemoryStore(uri, dimensions=4).close()


def test_the_agenda_table_with_its_newest_manifest_an_older_versions_file_is_refused_in_one_line(tmp_path):
    """The same damage on `openloop.store = "lancedb"`'s table: it opened at version 1, the agenda empty."""
    from jarvisd.openloop.lance_store import LanceLoopStore
    from jarvisd.openloop.model import LoopStatus, OpenLoop

    uri = str(tmp_path / "agenda.lance")
    store = LanceLoopStore(uri)
    for n in range(3):
        store.save(OpenLoop(id=f"{n:032x}", desc=f"call person {n}", status=LoopStatus.OPEN,
                            created_ms=1796400000000, updated_ms=1796400000000))
    versions = tmp_path / "agenda.lance" / "open_loops.lance" / "_versions"
    names = _manifests(versions)
    names[0].unlink()
    names[0].symlink_to(names[-1].name)
    with pytest.raises(StartupError, match="older version") as caught:
        LanceLoopStore(uri)
    assert str(names[0]) in str(caught.value)
