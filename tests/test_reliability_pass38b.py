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


# ---------------------------------------------------------------- Part B: the agenda's wordings

@pytest.fixture
def desk(tmp_path, korean):
    from tests.openloop.conftest import TUESDAY, agenda_desk

    return agenda_desk(tmp_path, korean, TUESDAY)


def _open(desk) -> list[str]:
    return [loop.desc for loop in desk.service.agenda()]


@pytest.mark.parametrize(("promise", "closing", "asked"), [
    ("I need to call Bob, Ann and Tom on Friday", "I called Ann", "Do you mean call Bob, Ann and Tom? Say yes and I'll mark it done."),
    ("I need to call Bob and Ann on Friday", "I called Bob", "Do you mean call Bob and Ann? Say yes and I'll mark it done."),
    ("I need to call Bob + Ann on Friday", "I called Bob", "Do you mean call Bob + Ann? Say yes and I'll mark it done."),
    ("I need to email Bill and Sue on Friday", "I emailed Sue", "Do you mean email Bill and Sue? Say yes and I'll mark it done."),
    ("I need to call Bob and Ann on Friday", "I'm not going to call Bob",
     "Do you mean call Bob and Ann? Say yes and I'll take it off your agenda."),
    ("금요일에 민수랑 지영이한테 전화해야 해", "민수한테 전화했어",
     "'민수랑 지영이한테 전화하기' 말씀이세요? 맞으면 '응'이라고 해 주세요. 완료로 표시할게요."),
])
def test_a_closing_that_names_one_of_the_people_joined_in_a_promise_asks_before_closing_it(desk, promise, closing, asked):
    """Seen on the daemon and in process: "I called Ann" answered "Marked done: call Bob, Ann and Tom.": the calls to Bob
    and Tom were off the agenda, never reminded. Now it is asked, and a yes closes it."""
    desk.handle(promise, "s")
    before = _open(desk)
    assert desk.handle(closing, "s").text == asked
    assert _open(desk) == before
    desk.handle("yes" if closing.isascii() else "응", "s")
    assert _open(desk) == []


@pytest.mark.parametrize(("promise", "closing", "closed"), [
    ("I need to call Ann or Bob on Friday", "I called Bob", "call Ann or Bob"),          # either one does it
    ("I need to call Bob and Ann on Friday", "I called Bob and Ann", "call Bob and Ann"),
    ("I need to buy bread and milk", "I bought bread and milk", "buy bread and milk"),
    ("I need to pay the bill for mom", "I paid the bill", "pay the bill for mom"),
    ("I need to call Bob on Friday", "I called Bob", "call Bob"),
    ("금요일에 민수하고 지영이한테 전화해야 해", "민수하고 지영이한테 전화했어", "민수하고 지영이한테 전화하기"),
])
def test_a_closing_that_names_all_of_a_promise_still_closes_it(desk, promise, closing, closed):
    desk.handle(promise, "s")
    reply = desk.handle(closing, "s").text
    assert closed in reply and ("Marked done" in reply or "완료로 표시했어요" in reply)
    assert _open(desk) == []


def test_the_person_alone_on_the_agenda_is_still_closed_beside_a_joined_promise(desk):
    for said in ("I need to call Bob and Ann on Friday", "I need to call Bob tomorrow"):
        desk.handle(said, "s")
    assert desk.handle("I called Bob", "s").text == "Marked done: call Bob."
    assert _open(desk) == ["call Bob and Ann"]


def test_a_word_that_ends_like_a_korean_joiner_is_not_a_list(desk):
    """The guard the neighbours found: "치과" ends in 과 ("and"); "치과 예약 취소됐어" still withdraws the dentist."""
    desk.handle("금요일에 치과 가서 검진 받기로 했어.", "s")
    reply = desk.handle("치과 예약 취소됐어, 선생님이 그날 쉬신대.", "s")
    assert reply is not None and "말씀이세요" not in reply.text
    assert _open(desk) == []
