"""Pass 42 (docs/reliability.md, "Forty-second pass"): each finding's case, failing on the code before its fix,
and guards that passed before and must keep passing."""

from __future__ import annotations

import time
import uuid

import lancedb
import pyarrow as pa
import pytest

from jarvisd.errors import StartupError
from jarvisd.openloop.lance_store import SCHEMA, LanceLoopStore
from tests.faults import DiskFillsAfter


def _agenda_table_from_before_mutes(uri: str) -> None:
    """An `open_loops` table as jarvisd wrote it before `muted_ms` existed (the forty-third session added it),
    holding one open promise."""
    old = pa.schema([f for f in SCHEMA if f.name != "muted_ms"])
    now = int(time.time() * 1000)
    row = {f.name: None for f in old}
    row.update(id=uuid.uuid4().hex, desc="call Bob", status="open", created_ms=now, updated_ms=now,
               due_ms=now + 86_400_000, session="s1")
    table = lancedb.connect(uri).create_table("open_loops", schema=old)
    table.add(pa.Table.from_pylist([row], schema=old))


def test_an_agenda_table_from_before_mutes_on_a_full_disk_is_one_line_not_a_traceback(tmp_path, monkeypatch):
    """Before: `openloop.store = lancedb` with an agenda table from before `muted_ms`, on a full disk (a 2 MB
    tmpfs filled): the column is added at open, LanceDB's "No space left on device (os error 28)" came out of
    `LanceLoopStore.__init__` as a RuntimeError and `jarvisd run` printed a 56-line traceback, exit 1. Now it is
    the start-up line naming the table and the fix."""
    uri = str(tmp_path / "mem.lance")
    _agenda_table_from_before_mutes(uri)

    def full_disk(self, *args, **kwargs):
        raise RuntimeError("lance error: LanceError(IO): Generic LocalFileSystem error: Unable to copy data to "
                           "file: No space left on device (os error 28), commit.rs:1663:50")

    monkeypatch.setattr(lancedb.table.LanceTable, "add_columns", full_disk)
    with pytest.raises(StartupError) as refused:
        LanceLoopStore(uri)
    assert "open_loops" in str(refused.value) and "free some space" in str(refused.value)


def test_guard_an_agenda_table_from_before_mutes_gets_the_column_and_keeps_its_promise(tmp_path):
    uri = str(tmp_path / "mem.lance")
    _agenda_table_from_before_mutes(uri)
    store = LanceLoopStore(uri)
    [loop] = store.load()
    assert loop.desc == "call Bob" and loop.muted_ms is None
    assert "muted_ms" in lancedb.connect(uri).open_table("open_loops").schema.names


DOOR = ("User: The code for door 4 is 1028.\nAssistant: Got it.\n"
        "User: My sister's name is Zoë and she lives in Kraków. My flight leaves at 9:45 on December 12.")


@pytest.mark.parametrize("made_up", [
    "The code for door 4 is 102.",       # a number inside a number the user said
    "The code for door 4 is 28.",
    "The code for door 4 is 4102.",      # digits of two numbers run together
    "The code for door 2 is 1028.",
    "The flight leaves at 45.",
])
def test_compact_keeps_no_number_that_is_only_a_piece_of_the_users_digits(made_up):
    """Before: `/compact`'s grounding matched a summary's number against all the conversation's digits run together
    ("41028945...") as a substring, so a wrong door code ("102", "28", "4102", door "2") was stored as memory, a fact
    the user did not say. Now a number counts when the conversation says it whole."""
    from jarvisd.memory.grounding import unsaid

    assert "the number" in unsaid(made_up, DOOR)


@pytest.mark.parametrize("made_up", ["Your sister Zoë lives in Łódź.", "Your sister Émilie lives in Kraków.",
                                     "Your sister Ζωή lives in Kraków."])
def test_compact_keeps_no_name_whose_capital_is_not_ascii_unless_the_user_said_it(made_up):
    """Before: only `[A-Z]` words were checked as names, so a place or name the user never said that starts with
    "Ł", "É" or a Greek capital passed on its other words (3 of 4 said)."""
    from jarvisd.memory.grounding import unsaid

    assert "is not in the conversation" in unsaid(made_up, DOOR)


@pytest.mark.parametrize("said", [
    "The code for door 4 is 1028.", "The code for door 4 is 1,028.",
    "Your sister Zoë lives in Kraków.", "The user's sister Zoë lives in Kraków.",
    "The flight leaves on December 12 at 9:45.", "The flight leaves at 9.", "The flight leaves on December 12th.",
])
def test_guard_compact_still_keeps_numbers_and_names_the_user_said(said):
    from jarvisd.memory.grounding import unsaid

    assert unsaid(said, DOOR) == ""


def test_low_the_doctor_reads_an_agenda_table_from_before_mutes_without_writing_to_it(tmp_path):
    """Before: `jarvisd doctor` ("read only: nothing created") opened the agenda as `run` does, and that adds the
    `muted_ms` column to an older table: a new table version written by the doctor; on a full disk its report was
    "agenda : UNREADABLE: ... No space left on device" for a table that reads whole. Now it reads the table as it is."""
    from jarvisd.config import load_config
    from jarvisd.doctor import agenda_report

    uri = str(tmp_path / "mem.lance")
    _agenda_table_from_before_mutes(uri)
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path / "home"), "JARVIS_OPENLOOP__STORE": "lancedb",
                           "JARVIS_MEMORY__STORE_URI": uri})
    version = lancedb.connect(uri).open_table("open_loops").version
    report = agenda_report(cfg)
    assert (report["error"], report["open"]) == (None, 1), report
    table = lancedb.connect(uri).open_table("open_loops")
    assert table.version == version and "muted_ms" not in table.schema.names


def test_a_promise_said_instead_of_another_on_a_full_disk_leaves_the_first_one_open(tuesday_desk, monkeypatch):
    """Before: "I'll text Ann instead of calling her" on a nearly full disk (the daemon, a 30 MB tmpfs filled): the
    call's dismissal fit in the agenda log, the text's record did not. The reply was "I couldn't save that to your
    agenda (No space left on device); nothing changed", yet the call was dismissed, in the HUD and after a restart,
    and "undo that" had nothing to undo. Now one judgement is one write: the call stays open."""
    from jarvisd.openloop import stores
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore
    from tests.openloop.conftest import agenda_rows, said_to

    desk = tuesday_desk
    said_to(desk, "I need to call Ann at 5pm tomorrow")
    log = desk.service.store.path
    size = log.stat().st_size
    monkeypatch.setattr(stores.os, "write", DiskFillsAfter(size + 40))   # room for one record, not two
    with pytest.raises(OSError):
        desk.handle("I'll text Ann instead of calling her", "s")
    monkeypatch.undo()
    assert agenda_rows(desk) == [("call Ann", "2026-12-02 17:00")]
    assert log.stat().st_size == size            # the part written was cut off
    again = OpenLoopService(JsonlLoopStore(log), tz=desk.service.tz, clock=desk.service.clock)
    assert [(loop.desc, loop.status.value) for loop in again.all_loops()] == [("call Ann", "open")]
    assert said_to(desk, "I'll text Ann instead of calling her") == [
        "OK, I took it off your agenda: call Ann. Got it: text Ann, tomorrow at 5 PM."]


def test_guard_a_single_save_on_a_full_disk_still_fails_whole_and_the_next_one_works(tuesday_desk, monkeypatch):
    from jarvisd.openloop import stores
    from tests.openloop.conftest import agenda_rows, said_to

    desk = tuesday_desk
    monkeypatch.setattr(stores.os, "write", DiskFillsAfter(50))
    with pytest.raises(OSError):
        desk.handle("I need to call Ann at 5pm tomorrow", "s")
    monkeypatch.undo()
    assert agenda_rows(desk) == [] and desk.service.store.path.stat().st_size == 0
    assert said_to(desk, "I need to call Ann at 5pm tomorrow") == ["Got it: call Ann, tomorrow at 5 PM."]
