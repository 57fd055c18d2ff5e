"""The fiftieth adversarial pass (issue 18's kinds) on the fixes merged today and the session's latest commits."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, agenda_rows, said_to


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    clock = FakeClock(0)
    clock.set_local("2026-12-05 14:00")
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)


def test_my_license_renewed_does_not_close_bobs_drivers_license(desk):
    """A "driver's license" is no driver's thing, but Bob's driver's license is still Bob's: "I renewed my license"
    marked "renew Bob's driver's license" done (a closing the user did not say), where "renew Bob's license" stayed
    open."""
    said_to(desk, "I need to renew Bob's driver's license next month")
    assert said_to(desk, "I renewed my license") == [None]
    assert agenda_rows(desk) == [("renew Bob's driver's license", "2027-01-31 23:59")]


def test_guard_bobs_drivers_license_renewed_closes_it_and_mine_closes_mine(desk):
    said_to(desk, "I need to renew Bob's driver's license next month", "I need to renew my driver's license next week")
    assert said_to(desk, "I renewed my license") == ["Marked done: renew your driver's license."]
    assert said_to(desk, "I renewed Bob's driver's license") == ["Marked done: renew Bob's driver's license."]
    assert agenda_rows(desk) == []


def test_an_agenda_write_committed_while_another_program_opens_the_table_is_no_lost_version(tmp_path, monkeypatch):
    """`jarvisd agenda` (or doctor) opening the LanceDB agenda while the daemon saves a promise: the daemon's commit
    came between the open and the check of LanceDB's version hint, and the new version (its manifest there) was
    taken for a lost one: "cannot open the agenda: its newest version 4 was committed … but its version file is
    gone … restore from a backup", a healthy table refused with a damage report."""
    from jarvisd import lance_files
    from jarvisd.openloop import lance_store
    from jarvisd.openloop.lance_store import LanceLoopStore
    from jarvisd.openloop.model import LoopStatus, OpenLoop

    uri = str(tmp_path / "memory.lance")
    daemon = LanceLoopStore(uri)
    for n in range(2):
        daemon.save(OpenLoop(id=f"loop{n}", desc=f"call person {n}", status=LoopStatus.OPEN,
                             created_ms=1_700_000_000_000 + n, updated_ms=1_700_000_000_000 + n))

    def daemon_commits_first(*args):
        daemon.save(OpenLoop(id="loop9", desc="call person 9", status=LoopStatus.OPEN,
                             created_ms=1_700_000_000_009, updated_ms=1_700_000_000_009))
        return lance_files.lost_newest_versions(*args)

    monkeypatch.setattr(lance_store, "lost_newest_versions", daemon_commits_first)
    LanceLoopStore(uri)   # before: StartupError, "its newest version … gone"


def test_a_memory_table_read_while_a_writer_commits_is_ok_in_doctor(tmp_path, monkeypatch):
    """The same race under `jarvisd doctor`: the memory table was "damaged" while the daemon remembered a fact."""
    from jarvisd import lance_files
    from jarvisd.memory import health as health_module
    from jarvisd.memory.health import check_memory
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.memory.test_memory_health import item

    uri = str(tmp_path / "memory.lance")
    store = LanceMemoryStore(uri, dimensions=8)
    store.upsert([item(1)])
    store.flush()

    def writer_commits_first(*args):
        store.upsert([item(2)])
        store.flush()
        return lance_files.lost_newest_versions(*args)

    monkeypatch.setattr(health_module, "lost_newest_versions", writer_commits_first)
    assert check_memory(uri).state == "ok"
    store.close()


@pytest.mark.parametrize("hint", ["[" * 3000, "[" * 100_000])
def test_a_nested_version_hint_is_ignored_not_a_start_up_traceback(tmp_path, hint):
    """LanceDB's `latest_version_hint.json` holding nested brackets (garbage): the check of a lost newest version
    raised RecursionError out of the agenda store, a start-up traceback where one line (or nothing: a hint that is
    no number is ignored, as before) is promised."""
    from jarvisd.openloop.lance_store import LanceLoopStore
    from jarvisd.openloop.model import LoopStatus, OpenLoop

    uri = str(tmp_path / "memory.lance")
    LanceLoopStore(uri).save(OpenLoop(id="a", desc="call Bob", status=LoopStatus.OPEN, created_ms=1, updated_ms=1))
    (tmp_path / "memory.lance" / "open_loops.lance" / "_versions" / "latest_version_hint.json").write_text(hint)
    assert [loop.desc for loop in LanceLoopStore(uri).load()] == ["call Bob"]


@pytest.mark.parametrize(("said", "reply"), [
    ("convert 5,000 miles to km", "5000 miles is 8,047 kilometers."),
    ("5,000킬로미터는 몇 마일이야?", "5000킬로미터는 3,107마일이에요."),
    ("1,000,000킬로미터는 몇 마일이야?", "1000000킬로미터는 621,371마일이에요."),
])
def test_a_thousands_comma_is_a_thousand_not_a_decimal_comma(said, reply):
    """Whisper writes "five thousand miles" as "5,000 miles": the comma was read as a decimal one, "5 miles is 8.05
    kilometers." (and "5킬로미터는 3.11마일이에요."), a conversion of a number the user did not say."""
    from jarvisd import units

    assert units.answer(said) == reply


@pytest.mark.parametrize(("said", "reply"), [
    ("convert 1,5 miles to km", "1.5 miles is 2.41 kilometers."),
    ("convert -5 fahrenheit to celsius", "-5 degrees Fahrenheit is -20.56 degrees Celsius."),
    ("화씨 -40도는 섭씨 몇 도야?", "화씨 -40도는 섭씨 -40도예요."),
])
def test_guard_a_decimal_comma_and_a_minus_are_still_read(said, reply):
    from jarvisd import units

    assert units.answer(said) == reply


@pytest.mark.parametrize("said", [
    "never remind me to call Bob", "no need to remind me to call Bob", "you don't need to remind me to call Bob",
    "you don't have to remind me to call Bob", "never remind me to call Bob and to pay rent",
])
def test_a_reminder_declined_in_other_words_keeps_no_promise(desk, said):
    """"Don't remind me to call Bob" kept nothing; "never remind me to call Bob", "no need to remind me to …" and
    "you don't have to remind me to …" each kept "call Bob" and asked when to remind: a promise the user said they
    did not want (and two with "… and to pay rent")."""
    said_to(desk, said)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("said", "rows"), [
    ("remind me to call Bob", [("call Bob", "-")]),
    ("I never remember the rent, remind me to pay it", [("pay the rent", "-")]),
    ("remind me not to call Bob and to pay rent", [("pay rent", "-"), ("don't call Bob", "-")]),
])
def test_guard_a_reminder_asked_near_a_never_is_still_kept(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


def test_a_turn_of_two_thousand_commas_is_not_split_two_thousand_times(desk):
    """", " * 1,999 (the HUD's 4,000 characters): the desk tried every comma as the break between a promise and a
    shift, reading both halves whole each time: 11 s of a worker (a low: the daemon's other sessions and
    `/api/status` went on; the turn itself waited)."""
    from tests.timing import assert_grows_linearly

    assert said_to(desk, ", " * 1999) == [None]
    # 8x the commas against the commas, not seconds: a split tried at every comma was quadratic (~64x)
    assert_grows_linearly(lambda text: said_to(desk, text), lambda k: ", " * k, 1999)


def test_guard_a_promise_and_a_shift_in_one_turn_still_split(desk):
    assert said_to(desk, "I need to call Bob tomorrow at 8pm, no wait, push it back an hour") == [
        "Got it: call Bob, tomorrow at 8 PM. Updated: call Bob, now tomorrow at 9 PM."]
