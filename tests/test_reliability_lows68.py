"""The seventh adversarial pass's lows outside the agenda's words (lows68; docs/reliability.md, "The seventh pass's
lows"): the quarantine's log line, the owner name, an emoji said as a person, the short-term window's bound."""

from __future__ import annotations

import json
import logging

import pytest

from jarvisd.config import ConfigError, load_config
from jarvisd.errors import StartupError
from jarvisd.openloop.owner import OWNER_NAME, agenda_place, read_owner
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


# ---------------------------------------------------------------- 4. the owner name and `general.user`: one rule


@pytest.mark.parametrize(("written", "why"), [
    (b"me \n", "white space"),                                   # before: read as another user than "me", silently
    ("\u200fme\n".encode(), "U\\+200F"),
    ("\u2066me\u2069\n".encode(), "U\\+2066"),                   # held out: a bidi isolate around the name
    ("Mari\u0301a\n".encode(), "composed"),                      # held out: a name decomposed (NFD)
])
def test_an_owner_name_general_user_could_not_hold_stops_with_its_path(tmp_path, written, why):
    (tmp_path / OWNER_NAME).write_bytes(written)
    with pytest.raises(StartupError, match=rf"agenda\.owner.*{why}.*write the user"):
        agenda_place(tmp_path, "me")


@pytest.mark.parametrize(("user", "why"), [
    ("me ", "white space"), ("\u200fme", "U\\+200F"),             # before: both accepted
    (" \u200bme", "white space"), ("Mari\u0301a", "composed"),    # held out
])
def test_general_user_is_held_to_the_owner_files_rule(tmp_path, user, why):
    config = tmp_path / "config.toml"
    config.write_text(f'[general]\nuser = "{user}"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"{config}.*general\.user.*{why}"):
        load_config(env={"JARVIS_HOME": str(tmp_path)}, user_file=config)


@pytest.mark.parametrize("name", ["me", "Ana María", "김민지", "o'brien (home)", "\u0645\u0647\u200c\u0633\u0627",
                                  "Ana\u00a0María"])
def test_guard_names_of_one_rule_are_the_same_on_both_sides(tmp_path, name):
    """A Persian name with its zero-width non-joiner (a letter's business), a no-break space inside: taken as before."""
    config = tmp_path / "config.toml"
    config.write_text(f'[general]\nuser = "{name}"\n', encoding="utf-8")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)}, user_file=config)
    assert cfg.general.user == name
    assert agenda_place(tmp_path, name).owner and read_owner(tmp_path) == name
    assert agenda_place(tmp_path, name).owner and not agenda_place(tmp_path, name + "x").owner
