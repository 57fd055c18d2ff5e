"""Pass 39's lows, closed (docs/reliability.md, "Pass 39's lows, closed"): each failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.commands import command_name
from jarvisd.errors import StartupError
from jarvisd.manifest import ModelNotInstalled, ModelStore
from jarvisd.memory.cli import remember_command
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from jarvisd.openloop.service import LoopNotFound, OpenLoopService
from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore, Quarantine

ME = MemoryScope("u1", "main", "s1")


@pytest.fixture
def memory() -> MemoryService:
    return MemoryService(InMemoryStore(dimensions=64), embedder=HashedNgramEmbedder(64))


def test_a_remembered_fact_loses_nuls_boms_bidi_controls_and_tabs(memory):
    reply = remember_command(memory, ME, "\ufefftab\there and nul\x00inside \u202e7788\u202c\r\nend")
    assert reply == "Remembered: tab here and nulinside 7788 end"


@pytest.mark.parametrize("text", ["\ufffd", "\ufffd\ufffd \ufffd"])
def test_a_fact_of_only_replacement_characters_is_not_stored(memory, text):
    """`/remember \\ud800` (a lone surrogate, U+FFFD once the HUD made the text valid) stored "�"."""
    assert remember_command(memory, ME, text).startswith("Usage: /remember")


def test_guard_a_family_emoji_and_a_direction_mark_in_a_fact_are_kept(memory):
    fact = "가족: 👨\u200d👩\u200d👧 \u200fשלום"
    assert remember_command(memory, ME, fact) == f"기억할게요: {fact}"   # a Korean fact, answered in Korean


def test_a_nul_inside_a_command_name_is_not_part_of_it():
    """"/remember\\x00 y" answered "unknown command /remember\\x00" with the NUL in the reply."""
    assert command_name("/remember\x00 y") == "remember"


def test_a_one_character_prefix_names_no_promise(tmp_path):
    """`jarvisd openloop dismiss 0` closed the one promise whose id began with "0"."""
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZoneInfo("Asia/Seoul"))
    try:
        loop = service.add("call Bob")
        for short in (loop.id[:1], loop.id[:3]):
            with pytest.raises(LoopNotFound, match="too short"):
                service.dismiss(short)
        assert service.find(loop.id[:4]).id == loop.id and service.agenda() == [loop]
    finally:
        service.store.close()


def test_a_models_folder_that_is_a_file_is_named_as_such(tmp_path: Path):
    """With `data/models` a file, doctor said "…/model.bin is missing; run `jarvisd models prepare`", which failed on
    the same file."""
    (tmp_path / "models").write_text("x")
    with pytest.raises(ModelNotInstalled, match="models should be a folder and is a file: move it away"):
        ModelStore(tmp_path / "models").verify("whisper-base")


def test_a_quarantine_file_linked_to_the_agenda_log_is_not_written_through(tmp_path):
    """Each start appended the quarantined record to the agenda log through the link, and the next start
    quarantined it again: the log grew a line per start."""
    log = tmp_path / "openloops.jsonl"
    good = {"id": "a" * 32, "desc": "call Bob", "status": "open", "created_ms": 1, "updated_ms": 1}
    log.write_text(json.dumps(good) + "\n" + "not json\n", encoding="utf-8")
    (tmp_path / QUARANTINE_NAME).symlink_to(log.name)
    # the start now refuses with one line (`errors.require_regular_file`'s check of a data file linked to another)
    with pytest.raises(StartupError, match="same file as"):
        JsonlLoopStore(log)
    Quarantine(tmp_path / QUARANTINE_NAME, beside=log).add("x", "test", "not json")   # and never writes through it
    assert log.read_text(encoding="utf-8").count("\n") == 2


@pytest.mark.parametrize("link", ["reminders.jsonl", "jarvisd.pid"])
def test_a_data_file_linked_to_the_agenda_log_stops_the_start_with_one_line(tmp_path, link):
    """Pass 40's low: `reminders.jsonl` a link to `openloops.jsonl`; each delivered reminder was appended to the
    agenda log and set aside at the next start."""
    from jarvisd.errors import StartupError
    from jarvisd.reflect.delivered import DeliveredLog

    log = tmp_path / "openloops.jsonl"
    log.write_text(json.dumps({"id": "a" * 32, "desc": "call Bob", "status": "open", "created_ms": 1,
                               "updated_ms": 1}) + "\n", encoding="utf-8")
    (tmp_path / link).symlink_to(log.name)
    with pytest.raises(StartupError, match="is the same file as .*openloops.jsonl"):
        if link == "reminders.jsonl":
            DeliveredLog.in_data_dir(tmp_path)
        else:
            from jarvisd.instance import InstanceLock
            InstanceLock(tmp_path).acquire()
    assert log.read_text(encoding="utf-8").count("\n") == 1


def test_guard_a_data_folder_reached_through_a_link_is_fine(tmp_path):
    from jarvisd.reflect.delivered import DeliveredLog

    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "reminders.jsonl").write_text("")
    (tmp_path / "data").symlink_to("real")
    DeliveredLog.in_data_dir(tmp_path / "data")
