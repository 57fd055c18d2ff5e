"""One agenda per `general.user` (`jarvisd/openloop/owner.py`): a second user on the same JARVIS_HOME heard the first
user's promises ("what do I have tomorrow?" -> "buy milk"), while memory was already kept per user."""

from __future__ import annotations

import json
import time

import pytest

from jarvisd.config import load_config
from jarvisd.doctor import agenda_report, reminders_report
from jarvisd.errors import StartupError
from jarvisd.openloop.owner import OWNER_NAME, agenda_place, read_owner, user_key
from jarvisd.openloop.store_factory import open_store
from tests.assistants import scripted_assistant


async def _answers(tmp_path, user: str, *turns: str) -> list[str]:
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user=user)
    try:
        return [await assistant.answer(turn, session="s") for turn in turns]
    finally:
        await assistant.close()


async def test_a_second_user_on_the_same_home_hears_none_of_the_first_users_agenda(tmp_path):
    await _answers(tmp_path, "alice", "I need to buy milk tomorrow", "remind me to call the bank on friday at 3pm")
    bobs = await _answers(tmp_path, "bob", "what do I have tomorrow?", "what's on my agenda?",
                          "I need to water the plants tonight", "what's on my agenda?")
    assert not any(word in reply for reply in bobs for word in ("milk", "bank")), bobs
    assert "plants" in bobs[-1], bobs
    alices = await _answers(tmp_path, "alice", "what's on my agenda?")
    assert "milk" in alices[0] and "bank" in alices[0] and "plants" not in alices[0], alices


async def test_the_user_who_has_been_using_the_home_keeps_the_agenda_where_it_was(tmp_path):
    """A home from before owners: `openloops.jsonl` in the data folder, no owner file. The first start names its
    user the owner and reads that file; nothing is moved, so a home used by one user (with any name) loses nothing."""
    data = tmp_path / "data"
    data.mkdir()
    an_hour_ago_ms = int(time.time() * 1000) - 3_600_000   # the assistant runs on the machine's clock
    (data / "openloops.jsonl").write_text(json.dumps({
        "id": "a1", "desc": "renew the passport", "status": "open", "created_ms": an_hour_ago_ms,
        "updated_ms": an_hour_ago_ms}) + "\n")
    dana = await _answers(tmp_path, "dana", "what's on my agenda?")
    assert "passport" in dana[0], dana
    assert read_owner(data) == "dana"
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("openloops")) == ["openloops.jsonl"]


def test_each_user_has_a_place_of_their_own(tmp_path):
    owner = agenda_place(tmp_path, "me")
    assert (owner.folder, owner.table, owner.owner) == (tmp_path, "open_loops", True)
    assert (tmp_path / OWNER_NAME).read_text() == "me\n"
    other = agenda_place(tmp_path, "Ana")
    assert other.folder == tmp_path / "users" / user_key("Ana") and not other.owner
    assert other.table.startswith("open_loops_ana_")
    assert agenda_place(tmp_path, "ana").folder != other.folder       # names differing in case stay apart
    assert agenda_place(tmp_path, "민수").folder != agenda_place(tmp_path, "지영").folder
    assert user_key("민수").startswith("user-")
    assert agenda_place(tmp_path, "me") == owner                        # the claim is made once


def test_reading_only_claims_nothing(tmp_path):
    place = agenda_place(tmp_path, "bob", claim=False)
    assert place.owner and not (tmp_path / OWNER_NAME).exists()


@pytest.mark.parametrize("content", [b"\xff\xfe", b"x" * 5000])
def test_an_owner_file_that_names_no_user_stops_with_its_path(tmp_path, content):
    (tmp_path / OWNER_NAME).write_bytes(content)
    with pytest.raises(StartupError, match=r"agenda's owner file .*agenda\.owner"):
        agenda_place(tmp_path, "me")


def test_an_owner_file_that_is_a_folder_stops_with_its_path(tmp_path):
    (tmp_path / OWNER_NAME).mkdir()
    with pytest.raises(StartupError, match=r"agenda\.owner"):
        agenda_place(tmp_path, "me")


def test_an_empty_owner_file_is_taken_by_the_next_start(tmp_path):
    (tmp_path / OWNER_NAME).write_bytes(b"")
    assert agenda_place(tmp_path, "bob").owner
    assert read_owner(tmp_path) == "bob"


@pytest.mark.parametrize("kind", ["jsonl", "lancedb"])
def test_each_store_keeps_another_users_promises_apart(tmp_path, kind):
    from jarvisd.openloop.model import LoopStatus, OpenLoop

    def cfg(user):
        return load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": kind,
                                "JARVIS_GENERAL__USER": user, "JARVIS_MEMORY__EMBEDDING_PROVIDER": "none"})

    first = open_store(kind, cfg("alice"))
    first.save(OpenLoop(id="m1", desc="buy milk", status=LoopStatus.OPEN, created_ms=1, updated_ms=1))
    if hasattr(first, "close"):
        first.close()
    second = open_store(kind, cfg("bob"))
    assert second.load() == []
    second.save(OpenLoop(id="p1", desc="water the plants", status=LoopStatus.OPEN, created_ms=2, updated_ms=2))
    if hasattr(second, "close"):
        second.close()
    again = open_store(kind, cfg("alice"))
    assert [loop.desc for loop in again.load()] == ["buy milk"]
    if hasattr(again, "close"):
        again.close()
    assert agenda_report(cfg("bob"))["open"] == 1
    assert "users" in agenda_report(cfg("bob"))["where"] or kind == "lancedb"
    assert agenda_report(cfg("alice"))["open"] == 1


def test_the_doctor_names_the_owner_file_it_cannot_read(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    cfg.paths.data_dir.mkdir(parents=True)
    (cfg.paths.data_dir / OWNER_NAME).write_bytes(b"\xff")
    assert "agenda.owner" in agenda_report(cfg)["error"]
    assert "agenda.owner" in reminders_report(cfg)["error"]
