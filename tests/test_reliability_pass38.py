"""The thirty-eighth adversarial pass (docs/reliability.md, "Thirty-eighth pass"): each finding's case, failing before
its fix, and the guards beside it."""

import pytest


@pytest.mark.parametrize(("key", "value"), [("JARVIS_GENERAL__USER", "\u200b"), ("JARVIS_GENERAL__USER", "\ufeff\u200d"),
                                            ("JARVIS_LLM__CHAT_MODEL", "\u2060")])
def test_a_name_of_only_invisible_characters_is_refused_with_the_key(tmp_path, key, value):
    """`general.user = "\\u200b"` was taken: every memory written under a user nobody can see in a log or type again."""
    from jarvisd.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="invisible"):
        load_config(env={"JARVIS_HOME": str(tmp_path), key: value}, user_file=tmp_path / "config.toml")


@pytest.mark.parametrize("value", ["me", "민수", "a b"])
def test_a_visible_name_is_taken(tmp_path, value):
    from jarvisd.config import load_config

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__USER": value}, user_file=tmp_path / "config.toml")
    assert cfg.general.user == value


def _record(n: int, desc: str) -> bytes:
    import json

    return json.dumps({"id": f"{n:032x}", "desc": desc, "status": "open", "created_ms": 1796400000000,
                       "updated_ms": 1796400000000, "due_ms": 1796500000000}).encode()


@pytest.mark.parametrize("data", [
    _record(1, "call Bob") + b"\n" + b"\x00" * 4096 + _record(2, "email Ann") + b"\n",   # NULs before a record
    _record(1, "call Bob") + b"\x00" * 100 + b"\n" + _record(2, "email Ann") + b"\n",    # NULs after one
])
def test_nul_filler_a_crash_left_beside_a_record_does_not_take_the_record_off_the_agenda(tmp_path, data, caplog):
    """A file system that lost power can leave NUL blocks in a file; the record sharing their line was quarantined
    ("'utf-32-be' codec can't decode …", "Extra data …"): off the agenda until someone read the quarantine file."""
    from jarvisd.openloop.stores import JsonlLoopStore

    path = tmp_path / "openloops.jsonl"
    path.write_bytes(data)
    assert [loop.desc for loop in JsonlLoopStore(path).load()] == ["call Bob", "email Ann"]
    assert "NUL bytes around a record" in caplog.text
    assert not (tmp_path / "openloops.quarantine.jsonl").exists()


@pytest.mark.parametrize("desc", ["\u200b", "\ufeff\u2060", "\u200d \u200c"])
def test_a_record_whose_description_shows_nothing_is_quarantined_not_shown_as_a_blank_promise(tmp_path, desc):
    """A promise of "\\u200b" loaded: a blank line on the HUD and in the spoken agenda that no words could close."""
    from jarvisd.openloop.stores import JsonlLoopStore

    path = tmp_path / "openloops.jsonl"
    path.write_bytes(_record(1, desc) + b"\n" + _record(2, "call Bob") + b"\n")
    assert [loop.desc for loop in JsonlLoopStore(path).load()] == ["call Bob"]
    assert "shows nothing" in (tmp_path / "openloops.quarantine.jsonl").read_text(encoding="utf-8")


def test_a_spoken_reminder_recorded_after_a_crashs_nul_filler_is_not_said_again(tmp_path, caplog):
    """The delivered-reminder log skipped a record sharing its line with NULs: after a restart the reminder it
    records was planned and said again ("never twice")."""
    import json

    from jarvisd.reflect.delivered import DeliveredLog
    from jarvisd.reflect.reminders import ReminderKey

    path = tmp_path / "reminders.jsonl"
    said = {"loop_id": "a" * 32, "lead_min": 10, "due_ms": 1796500000000, "at_ms": 1796499400000, "text": "Reminder: x."}
    path.write_bytes(b"\x00" * 100 + json.dumps(said).encode() + b"\n")
    assert DeliveredLog(path).keys() == {ReminderKey("a" * 32, 10, 1796500000000)}
    assert "NUL bytes" in caplog.text


def test_a_config_file_that_is_a_link_to_itself_is_said_so(tmp_path):
    """It was "a symbolic link to …/config.toml, which does not exist", the file it names being itself."""
    import os

    from jarvisd.config import ConfigError, load_config

    path = tmp_path / "config.toml"
    os.symlink(path, path)
    with pytest.raises(ConfigError, match="leads back to itself"):
        load_config(env={"JARVIS_HOME": str(tmp_path)}, user_file=path)
