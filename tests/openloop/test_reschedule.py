"""Moving a due and setting a moment to remind at, on every store; an agenda table from before the
`remind_ms` (or `muted_ms`) column opens and keeps its loops."""

from __future__ import annotations

import lancedb
import pyarrow as pa

from jarvisd.openloop.lance_store import SCHEMA as LANCE_SCHEMA
from jarvisd.openloop.lance_store import LanceLoopStore
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore


def test_reschedule_moves_the_due_and_the_reminder_asked_at_it(tmp_path, clock, seoul, local_ms):
    service = OpenLoopService(JsonlLoopStore(tmp_path / "loops.jsonl"), tz=seoul, clock=clock)
    loop = service.add("call mom", due_ms=local_ms("2026-10-15 17:00"))
    service.reschedule(loop.id, remind_ms=local_ms("2026-10-15 17:00"))
    moved = service.reschedule(loop.id, due_ms=local_ms("2026-10-15 18:00"))
    assert (moved.due_ms, moved.remind_ms) == (local_ms("2026-10-15 18:00"), local_ms("2026-10-15 18:00"))
    again = OpenLoopService(JsonlLoopStore(tmp_path / "loops.jsonl"), tz=seoul, clock=clock)
    assert again.find(loop.id).remind_ms == local_ms("2026-10-15 18:00")


def test_a_snooze_leaves_the_due_where_it_was(tmp_path, clock, seoul, local_ms):
    service = OpenLoopService(JsonlLoopStore(tmp_path / "loops.jsonl"), tz=seoul, clock=clock)
    loop = service.add("send the report", due_ms=local_ms("2026-10-15 17:00"))
    snoozed = service.reschedule(loop.id, remind_ms=local_ms("2026-10-15 14:10"))
    assert (snoozed.due_ms, snoozed.remind_ms) == (local_ms("2026-10-15 17:00"), local_ms("2026-10-15 14:10"))


def test_an_agenda_table_without_the_remind_column_opens_and_takes_snoozes(tmp_path, clock, seoul, local_ms):
    old_schema = pa.schema([
        pa.field("id", pa.string(), nullable=False), pa.field("desc", pa.string(), nullable=False),
        pa.field("status", pa.string(), nullable=False), pa.field("created_ms", pa.int64(), nullable=False),
        pa.field("updated_ms", pa.int64(), nullable=False), pa.field("due_ms", pa.int64()),
        pa.field("session", pa.string()), pa.field("evidence", pa.string()), pa.field("closed_ms", pa.int64())])
    db = lancedb.connect(str(tmp_path / "memory.lance"))
    db.create_table("open_loops", pa.Table.from_pylist([{
        "id": "a" * 32, "desc": "renew the passport", "status": "open", "created_ms": local_ms("2026-10-15 09:00"),
        "updated_ms": local_ms("2026-10-15 09:00"), "due_ms": None, "session": "default", "evidence": None,
        "closed_ms": None}], schema=old_schema))
    service = OpenLoopService(LanceLoopStore(str(tmp_path / "memory.lance")), tz=seoul, clock=clock)
    assert [loop.desc for loop in service.agenda()] == ["renew the passport"]
    service.reschedule("a" * 8, remind_ms=local_ms("2026-10-15 15:00"))
    reopened = OpenLoopService(LanceLoopStore(str(tmp_path / "memory.lance")), tz=seoul, clock=clock)
    assert reopened.find("a" * 32).remind_ms == local_ms("2026-10-15 15:00")


def test_a_mute_is_kept_on_every_store_and_an_older_table_gets_the_column(tmp_path, clock, seoul, local_ms):
    """`muted_ms` ("don't remind me about the call", the forty-third session) on JSONL and LanceDB, and a table made
    before the column existed (its loops open, the column added empty)."""
    old_schema = pa.schema([f for f in LANCE_SCHEMA if f.name != "muted_ms"])
    db = lancedb.connect(str(tmp_path / "memory.lance"))
    db.create_table("open_loops", pa.Table.from_pylist([{
        "id": "b" * 32, "desc": "call mom", "status": "open", "created_ms": local_ms("2026-10-15 09:00"),
        "updated_ms": local_ms("2026-10-15 09:00"), "due_ms": local_ms("2026-10-16 18:00"), "session": "default",
        "evidence": None, "closed_ms": None, "remind_ms": None}], schema=old_schema))
    for store in (lambda: JsonlLoopStore(tmp_path / "loops.jsonl"), lambda: LanceLoopStore(str(tmp_path / "memory.lance"))):
        service = OpenLoopService(store(), tz=seoul, clock=clock)
        loop = service.agenda()[0] if service.agenda() else service.add("call mom", due_ms=local_ms("2026-10-16 18:00"))
        assert loop.muted_ms is None
        service.mute(loop.id)
        again = OpenLoopService(store(), tz=seoul, clock=clock)
        assert again.find(loop.id).muted_ms == int(clock() * 1000)
