"""The helper's thirty-eighth adversarial pass (docs/reliability.md, "Thirty-eighth pass (the helper's, run after
the session's own)"): each finding's case, failing before its fix, and the guards beside it. (The session's own
pass 38 has `tests/test_reliability_pass38.py`.)"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.lance_journal import journal_dir
from jarvisd.memory.testing import HashedNgramEmbedder


def _killed_store_with_a_fact(uri: str) -> None:
    """A store that journaled an acknowledged `/remember` and was then killed: its journal is left on disk with its
    lock free (the process is gone), never committed to the table."""
    embedder = HashedNgramEmbedder()
    store = LanceMemoryStore(uri, dimensions=embedder.dimensions)
    MemoryService(store, embedder=embedder).remember(MemoryScope("me", "main", "s"), "the spare key is under the blue pot")
    writes = store._writes
    assert writes.journal is not None and writes.journal.path is not None and len(writes)
    os.close(writes.journal._fd)          # what a SIGKILL does to it: the lock goes, the file stays
    writes.journal._fd = -1


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_space(self):  # LanceDB's commit on a full disk
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(LanceMemoryStore, "_flush", no_space)


def test_a_journal_a_full_disk_kept_from_the_table_at_start_is_named_and_the_status_is_not_ok(tmp_path, monkeypatch):
    """Seen on the daemon: `/remember the spare key …` ("Remembered"), SIGKILL, the disk full at the restart. The
    replay failed with one log line, the fact was in no recall, and `/api/status` said memory "ok: 0 items at start"
    (and "works again" once space was freed), until some later restart."""
    from jarvisd.store_health import StoreHealth, unreplayed_sentence

    uri = str(tmp_path / "memory.lance")
    _killed_store_with_a_fact(uri)
    with monkeypatch.context() as patch:
        _full_disk(patch)
        store = LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions)
    [(path, why)] = store.unreplayed_journals
    assert Path(path).exists() and Path(path).parent == journal_dir(uri, "memory_items")   # kept for the next start
    assert "No space left on device" in why and why.startswith("OSError")
    sentence = unreplayed_sentence(store)
    assert sentence is not None and path in sentence and "free space" in sentence and "restart" in sentence

    events = []
    health = StoreHealth(events.append)
    health.held_back = sentence
    health.failed("a write", OSError(errno.ENOSPC, "No space left on device"))
    health.works()   # a later write reached the table: the journal's writes still did not
    assert [(e.state, e.detail) for e in events][-1] == ("damaged", sentence)

    store.close()
    again = LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions)   # space freed: the next start
    assert again.unreplayed_journals == [] and unreplayed_sentence(again) is None
    assert "the spare key is under the blue pot" in [item.content for item in again.all_items()]


def test_a_replayed_journal_leaves_the_status_as_it_was(tmp_path):
    """The guard: after an ordinary kill the journal is replayed, nothing is held back, "works again" is still said."""
    from jarvisd.store_health import StoreHealth, unreplayed_sentence

    uri = str(tmp_path / "memory.lance")
    _killed_store_with_a_fact(uri)
    store = LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions)
    assert store.unreplayed_journals == [] and unreplayed_sentence(store) is None
    assert "the spare key is under the blue pot" in [item.content for item in store.all_items()]
    events = []
    health = StoreHealth(events.append)
    health.failed("a write", OSError(errno.ENOSPC, "No space left on device"))
    health.works()
    assert (events[-1].state, events[-1].detail) == ("ok", "works again")


def test_doctor_names_a_journal_a_kill_left_that_is_not_in_the_table_yet(tmp_path):
    """`jarvisd doctor` said "ok: N items, table version V" with acknowledged writes only in a killed store's journal
    (and, after a start on a full disk, still there): now it names the journal and when it is written."""
    from jarvisd.memory.health import check_memory

    uri = str(tmp_path / "memory.lance")
    LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions).close()   # a table that exists
    _killed_store_with_a_fact(uri)
    health = check_memory(uri)
    assert health.state == "ok" and "1 write journal of a stopped jarvisd not in the table yet" in health.detail
    assert ".wal" in health.detail and "next start" in health.detail
    LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions).close()   # the start replays it
    assert "journal" not in check_memory(uri).detail


def _loop_line(n: int, desc: str) -> bytes:
    import json

    return json.dumps({"id": f"{n:032x}", "desc": desc, "status": "open", "created_ms": 1796400000000,
                       "updated_ms": 1796400000000, "due_ms": 1796500000000}).encode() + b"\n"


def test_a_huge_agenda_log_is_read_a_line_at_a_time_not_held_whole(tmp_path):
    """Seen on the daemon: an agenda log of 3 GB (a record, a crash's sparse NUL filler, a record) took 3.3 GB at start,
    and with 3 GB of address space the start died with a MemoryError traceback from `Path.read_bytes`. Now the memory
    a load takes is one record's worth, whatever the file's size; the over-long line is quarantined as before."""
    import tracemalloc

    from jarvisd.openloop.stores import MAX_RECORD_BYTES, JsonlLoopStore

    path = tmp_path / "openloops.jsonl"
    with path.open("wb") as fh:
        fh.write(_loop_line(1, "call Zed"))
        fh.seek(64 << 20)                      # 64 MB of NULs, sparse: longer than any record
        fh.write(_loop_line(2, "email Yan"))
        fh.write(_loop_line(3, "pay rent")[:40])   # and a torn tail
    store = JsonlLoopStore(path)
    tracemalloc.start()
    try:
        loops = store.load()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [loop.desc for loop in loops] == ["call Zed"]
    assert peak < 2 * MAX_RECORD_BYTES + (4 << 20), peak    # before: the whole 64 MB file, then some
    assert store.report.skipped_lines == [2, 3] and store.report.torn_tail
    quarantined = (tmp_path / "openloops.quarantine.jsonl").read_text()
    assert "longer than any record" in quarantined and "pay rent" not in quarantined


def test_the_agenda_log_still_reads_as_before_line_by_line(tmp_path):
    """Guards: CRLF, a blank line, NUL filler beside a record, a bad record in the middle, the last line without its
    newline (a whole record: kept), the last id's line winning."""
    from jarvisd.openloop.stores import JsonlLoopStore

    path = tmp_path / "openloops.jsonl"
    path.write_bytes(_loop_line(1, "call Zed").replace(b"\n", b"\r\n") + b"\n" + b"\x00" * 50 + _loop_line(2, "email Yan")
                     + b'{"id": 5}\n' + _loop_line(1, "call Zed at noon") + _loop_line(4, "buy milk")[:-1])
    store = JsonlLoopStore(path)
    assert sorted(loop.desc for loop in store.load()) == ["buy milk", "call Zed at noon", "email Yan"]
    assert store.report.skipped_lines == [4] and not store.report.torn_tail

