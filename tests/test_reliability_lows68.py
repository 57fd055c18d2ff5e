"""The seventh adversarial pass's lows outside the agenda's words (lows68; docs/reliability.md, "The seventh pass's
lows"): the quarantine's log line, the owner name, an emoji said as a person, the short-term window's bound."""

from __future__ import annotations

import json
import logging

from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore

GOOD = {"id": "a" * 32, "desc": "call mom", "status": "open", "created_ms": 1, "updated_ms": 1, "session": "s"}


def _cut_line_then_a_whole_one(path) -> None:
    whole = json.dumps(GOOD)
    path.write_text(whole[: len(whole) // 2] + "\n" + whole + "\n", encoding="utf-8")


def _quarantine_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "quarantine" in r.getMessage()]


def test_an_unwritable_quarantine_is_said_once_and_truly(tmp_path, caplog):
    """Before: "openloop: … is unreadable, skipped: …; kept in <quarantine>", then "cannot write the quarantine file
    …; the skipped record is only in this log": said kept, then not. Now one line: skipped, not kept, and why."""
    path = tmp_path / "openloops.jsonl"
    _cut_line_then_a_whole_one(path)
    (tmp_path / QUARANTINE_NAME).mkdir()
    caplog.set_level(logging.WARNING)
    store = JsonlLoopStore(path)
    try:
        assert [loop.id for loop in store.load()] == ["a" * 32]
    finally:
        store.close()
    lines = _quarantine_lines(caplog)
    assert len(lines) == 1, lines
    assert "skipped" in lines[0] and "not kept anywhere but this log" in lines[0] and "Is a directory" in lines[0]
    assert f"cannot write the quarantine file {tmp_path / QUARANTINE_NAME}" in lines[0]
    assert "kept in" not in lines[0]


def test_held_out_a_quarantine_of_the_reminder_log_that_is_a_folder_says_the_same(tmp_path, caplog):
    from jarvisd.reflect.delivered import QUARANTINE_NAME as REMINDERS_QUARANTINE
    from jarvisd.reflect.delivered import DeliveredLog

    log = tmp_path / "reminders.jsonl"
    log.write_text('{"loop_id": "b2", "lead_min": NaN, "due_ms": 5, "at_ms": 1}\n', encoding="utf-8")
    (tmp_path / REMINDERS_QUARANTINE).mkdir()
    caplog.set_level(logging.WARNING)
    DeliveredLog(log)
    lines = _quarantine_lines(caplog)
    assert len(lines) == 1 and "not kept anywhere but this log" in lines[0] and "kept in" not in lines[0], lines


def test_guard_a_writable_quarantine_still_says_kept_in_it(tmp_path, caplog):
    path = tmp_path / "openloops.jsonl"
    _cut_line_then_a_whole_one(path)
    caplog.set_level(logging.WARNING)
    store = JsonlLoopStore(path)
    try:
        store.load()
    finally:
        store.close()
    lines = _quarantine_lines(caplog)
    assert len(lines) == 1 and f"kept in {tmp_path / QUARANTINE_NAME}" in lines[0], lines
    assert (tmp_path / QUARANTINE_NAME).read_text(encoding="utf-8").count("\n") == 1
