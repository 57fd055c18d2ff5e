"""Pass 59b: issue 18's done-when pass with other corrupted files and blocking paths (docs/reliability.md, "Fifty-ninth
pass (b)"). One medium (the doctor said "memory: ok" of a store `jarvisd run` cannot open: its journal folder a file),
two lows fixed (the doctor did not name a `.damaged` journal copy; a symlink loop as a data file was named without a
fix), and guards of what was tried."""

from __future__ import annotations

import json

from tests.test_reliability_pass57 import _killed_journal, _replayed


def test_the_doctor_names_the_copy_kept_of_a_damaged_write_journal(tmp_path):
    """Before: a start that replayed a journal past its damage kept `*.wal.damaged` and said so in the log and in that
    start's status, but `jarvisd doctor` said "memory: ok: N items" with no word of it (pass 58's low). Now the
    doctor's memory line names the copy, its size, what it means and what to do."""
    from jarvisd.memory.health import check_memory

    uri, wal = _killed_journal(tmp_path)
    data = bytearray(wal.read_bytes())
    data[:0] = b"\xef\xbb\xbf"     # a BOM in front: pass 57's first case
    wal.write_bytes(bytes(data))
    service, store, contents = _replayed(uri)
    store.close()
    (copy,) = wal.parent.glob("*.wal.damaged")
    health = check_memory(uri)
    assert health.state == "ok"
    assert str(copy) in health.detail and f"({copy.stat().st_size} bytes)" in health.detail
    assert "is not in memory" in health.detail and "delete it" in health.detail


def test_guard_the_doctor_says_nothing_of_copies_when_no_journal_was_damaged(tmp_path):
    from jarvisd.memory.health import check_memory

    uri, _wal = _killed_journal(tmp_path)
    service, store, contents = _replayed(uri)
    store.close()
    assert "damaged" not in check_memory(uri).detail


def test_guard_hand_edited_repeat_keys_and_older_schema_lines_never_stop_the_agenda(tmp_path):
    """Group 1: keys a hand edit leaves ("every:", "every:2", "yearly:13-40", "yearly:02-30") are kept once; a line
    of an older schema without `repeat`, `remind_ms`, `muted_ms` loads; one with `desc` renamed is quarantined."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jarvisd.openloop import repeats
    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore
    from tests.openloop.conftest import FakeClock

    berlin = ZoneInfo("Europe/Berlin")
    now = int(datetime(2026, 12, 6, 10, 0, tzinfo=berlin).timestamp() * 1000)
    base = {"status": "open", "created_ms": now, "updated_ms": now, "due_ms": now + 3_600_000}
    lines = [{**base, "id": f"k{i}", "desc": f"water plant {i}", "repeat": key}
             for i, key in enumerate(["every:", "every:2", "yearly:13-40", "yearly:02-30", "every:2h"])]
    lines += [{**base, "id": "old", "desc": "old schema"}, {**base, "id": "renamed", "description": "renamed"}]
    path = tmp_path / "openloops.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    service = OpenLoopService(JsonlLoopStore(path), tz=berlin, clock=FakeClock(now / 1000))
    assert {loop.id for loop in service.all_loops() if loop.is_open} == {"k0", "k1", "k2", "k3", "k4", "old"}
    # the keys are kept as written (a later version may read them) and read as no rule
    assert [loop.id for loop in service.all_loops() if repeats.from_key(loop.repeat)] == ["k4"]
    assert AgendaDesk(service).handle("what repeats?").text.startswith("One thing repeats: water plant 4")
    assert "renamed" in (tmp_path / "openloops.quarantine.jsonl").read_text()


def test_a_data_file_that_is_a_symlink_loop_is_named_with_the_fix(tmp_path):
    """Before: `reminders.jsonl` a link leading back to itself (through a second link) stopped the start with "cannot
    open the delivered-reminder log …: Too many levels of symbolic links", exit 1, and no word of what to do (a FIFO
    there says "move it away and start again", pass 57). Now the line says it is a link loop and to remove the link;
    the same rule (`errors.unusable_file`) words it for the agenda log and the token."""
    import pytest

    from jarvisd.errors import StartupError
    from jarvisd.reflect.delivered import DeliveredLog

    log = tmp_path / "reminders.jsonl"
    log.symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(log)
    with pytest.raises(StartupError) as caught:
        DeliveredLog(log)
    assert str(log) in str(caught.value)
    assert "Too many levels of symbolic links" in str(caught.value)
    assert "remove the link and start again" in str(caught.value)


def test_the_doctor_says_the_memory_store_is_damaged_when_its_journal_folder_is_a_file(tmp_path):
    """Before: `memory_items.journal` replaced by a file stopped `jarvisd run` (exit 1, "its write journal … is not a
    directory: move it away and start again") while `jarvisd doctor` said "memory: ok: 9 items", exit 0: a store the
    daemon cannot open reported as fine. Now the doctor says damaged with the daemon's own sentence (one rule,
    `lance_journal.journal_dir_problem`)."""
    import pytest

    from jarvisd.errors import StartupError
    from jarvisd.memory.health import check_memory
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.stores.lance_journal import journal_dir

    uri, _wal = _killed_journal(tmp_path)
    service, store, contents = _replayed(uri)
    store.close()
    folder = journal_dir(uri, "memory_items")
    for stale in folder.iterdir():
        stale.unlink()
    folder.rmdir()
    folder.write_text("x")
    health = check_memory(uri)
    assert health.state == "damaged"
    assert f"its write journal {folder} is not a directory" in health.detail and "move that file away" in health.recovery
    with pytest.raises(StartupError, match="is not a directory: move it away and start again"):
        LanceMemoryStore(uri, dimensions=256)
