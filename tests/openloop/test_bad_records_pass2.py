"""Issue 18's second adversarial pass: agenda records and files the first pass did not try."""

from __future__ import annotations

import json

import pytest

from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore

NOW_MS = 1_764_547_200_000


def good(loop_id: str) -> dict:
    return OpenLoop(id=loop_id, desc="send the report", status=LoopStatus.OPEN, created_ms=NOW_MS,
                    updated_ms=NOW_MS, due_ms=NOW_MS + 3_600_000).to_record()


@pytest.mark.parametrize("field", ["due_ms", "created_ms", "remind_ms"])
def test_an_infinite_time_in_a_record_is_quarantined_not_an_overflow(tmp_path, field):
    """`json.loads` reads `Infinity`; int() of it raised OverflowError, which stopped the daemon at start."""
    path = tmp_path / "openloops.jsonl"
    bad = json.dumps({**good("b" * 32), field: float("inf")})  # writes Infinity
    path.write_text(json.dumps(good("a" * 32)) + "\n" + bad + "\n" + json.dumps(good("c" * 32)) + "\n")
    store = JsonlLoopStore(path)
    try:
        assert [loop.id for loop in store.load()] == ["a" * 32, "c" * 32]
    finally:
        store.close()
    quarantined = [json.loads(line) for line in (tmp_path / QUARANTINE_NAME).read_text().splitlines()]
    assert [q["where"] for q in quarantined] == [f"{path} line 2"]
    assert "not a finite number" in quarantined[0]["reason"]


def test_a_damaged_quarantine_file_does_not_stop_the_load(tmp_path):
    """A quarantine line that is JSON but not an object (`[1]`) raised AttributeError out of the load,
    and the daemon exited 1; an undecodable line sent the new record to the log only."""
    path = tmp_path / "openloops.jsonl"
    (tmp_path / QUARANTINE_NAME).write_bytes(b"[1]\n1\n\xff\xfe{{\n")
    path.write_text(json.dumps(good("a" * 32)) + "\n" + json.dumps({**good("b" * 32), "status": "zzz"}) + "\n"
                    + json.dumps(good("c" * 32)) + "\n")
    for _ in range(2):  # a second load does not copy the record again
        store = JsonlLoopStore(path)
        try:
            assert [loop.id for loop in store.load()] == ["a" * 32, "c" * 32]
        finally:
            store.close()
    kept = (tmp_path / QUARANTINE_NAME).read_bytes().splitlines()[3:]
    assert [json.loads(line)["where"] for line in kept] == [f"{path} line 2"]


def test_many_unusable_lines_are_quarantined_in_one_pass(tmp_path):
    """Each record used to re-read the whole quarantine file: 4,000 bad lines took minutes at start."""
    from tests.timing import assert_grows_linearly

    def agenda_of(bad: int):   # a folder of its own: an agenda of `bad` unusable lines and one good one
        folder = tmp_path / f"bad-{bad}"
        folder.mkdir()
        path = folder / "openloops.jsonl"
        path.write_text("".join(json.dumps({**good(f"{i:032x}"), "status": "zzz"}) + "\n" for i in range(bad))
                        + json.dumps(good("a" * 32)) + "\n")
        return path

    def load(path) -> None:
        store = JsonlLoopStore(path)
        try:
            assert [loop.id for loop in store.load()] == ["a" * 32]
        finally:
            store.close()

    # 8x the bad lines against the bad lines, not seconds: re-reading the quarantine file at each was quadratic (at
    # 1,000 lines the bug already takes seconds; at 4,000, below, minutes)
    assert_grows_linearly(load, agenda_of, 1000)
    load(agenda_of(4000))
    assert len((tmp_path / "bad-4000" / QUARANTINE_NAME).read_text().splitlines()) == 4000


@pytest.mark.parametrize(("change", "reason"), [({"due_ms": True}, "due_ms is true, not a time"),
                                                ({"created_ms": False}, "created_ms is false"),
                                                ({"desc": None}, "desc must be text, not NoneType"),
                                                ({"desc": {"x": [1]}}, "desc must be text, not dict"),
                                                # pass 31: an id of null loaded as "None", which no HUD ✓ reached
                                                ({"id": None}, "id must be text, not NoneType"),
                                                ({"id": 7}, "id must be text, not int"),
                                                ({"desc": "   "}, "empty desc"),
                                                ({"session": ["a", "b"]}, "session must be text, not list")])
def test_a_record_with_a_boolean_time_or_a_desc_that_is_not_text_is_quarantined(tmp_path, change, reason):
    """Before: a due of `true` was read as 1970-01-01 and the loop expired at once; a desc of null was
    shown on the agenda as "None"."""
    path = tmp_path / "openloops.jsonl"
    path.write_text(json.dumps(good("a" * 32)) + "\n" + json.dumps({**good("b" * 32), **change}) + "\n")
    store = JsonlLoopStore(path)
    try:
        assert [loop.id for loop in store.load()] == ["a" * 32]
    finally:
        store.close()
    quarantined = [json.loads(line) for line in (tmp_path / QUARANTINE_NAME).read_text().splitlines()]
    assert [(q["where"], q["reason"].startswith(reason)) for q in quarantined] == [(f"{path} line 2", True)]
