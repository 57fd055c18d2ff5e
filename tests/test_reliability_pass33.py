"""Pass 33 (docs/reliability.md, "Thirty-third pass"): what the thirty-third adversarial pass found, each case
failing before its fix."""

import pytest

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore


def _assistant(tmp_path):
    """The real assistant (LanceDB memory in `tmp_path`, the agenda's desk and commands) on a scripted model."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    chat = ScriptedChatModel(lambda messages: {"text": "Okay."})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    return build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)


def _facts(assistant):
    return [item.content for item in assistant.memory.store.all_items() if item.source == "explicit"]


@pytest.mark.parametrize("pointer", ["\u200bthat", "that\u200b", "ｔｈａｔ", "ｔｈａｔ！", "that\u00a0one",
                                     "\ufeffthat", "그거\u200b 기억해", "ＴＨＩＳ"])
async def test_remember_that_in_full_width_or_with_an_invisible_character_keeps_no_word(tmp_path, pointer):
    """Seen on a daemon: `/remember \\u200bthat` (a zero-width space from a paste) and `/remember ｔｈａｔ` (a
    full-width IME) answered "Remembered: \\u200bthat" / "Remembered: ｔｈａｔ": the word kept as a fact, the
    exchange it pointed at not kept (the case pass 31 fixed for the plain word)."""
    assistant = _assistant(tmp_path)
    try:
        await assistant.answer("The locker I use is 12", session="s")
        reply = await assistant.answer(f"/remember {pointer}", session="s")
        assert reply.startswith("Remembered, with what it refers to"), reply
        assert all("The locker I use is 12" in fact for fact in _facts(assistant)), _facts(assistant)
    finally:
        await assistant.close()


@pytest.mark.parametrize("pointer", ["\u200bthat", "ｔｈａｔ", "\ufeffthis"])
async def test_remember_that_in_full_width_or_with_an_invisible_character_and_nothing_before_keeps_nothing(
        tmp_path, pointer):
    """Seen on a daemon: `/remember \\u200bthat` as a session's first words answered "Remembered: \\u200bthat"."""
    assistant = _assistant(tmp_path)
    try:
        assert (await assistant.answer(f"/remember {pointer}", session="a")).startswith("Nothing remembered")
        assert _facts(assistant) == []
    finally:
        await assistant.close()


@pytest.mark.slow  # a writer subprocess killed with SIGKILL
def test_a_damaged_journal_record_that_is_not_the_last_costs_only_itself(tmp_path, caplog):
    """A byte flipped in the first of three acknowledged records of a killed store's journal: the replay
    stopped there, logged "a write killed before it was acknowledged" and deleted the journal, so the two
    acknowledged writes after it were gone, and the damaged one with no copy left."""
    import logging
    import os

    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.stores.lance_journal import HEADER, journal_dir
    from jarvisd.memory.testing import HashedNgramEmbedder
    from tests.memory.test_write_durability import ME, RECORD_TURN_CHILD, run_and_kill
    uri = str(tmp_path / "memory.lance")
    assert run_and_kill(RECORD_TURN_CHILD, dict(os.environ), 3, uri, "3") == ["0", "1", "2"]
    (wal,) = journal_dir(uri, "memory_items").glob("*.wal")
    data = bytearray(wal.read_bytes())
    data[HEADER.size + 40] ^= 0xFF                       # inside the first record's payload
    wal.write_bytes(bytes(data))
    embedder = HashedNgramEmbedder()
    with caplog.at_level(logging.WARNING):
        service = MemoryService(LanceMemoryStore(uri, dimensions=embedder.dimensions), embedder=embedder)
    contents = " ".join(e.content for e in service.recall_episodes(ME, limit=10))
    assert "my locker number is 1" in contents and "my locker number is 2" in contents, contents
    assert "damaged" in caplog.text
    kept = list(journal_dir(uri, "memory_items").glob("*.damaged"))
    assert len(kept) == 1 and kept[0].read_bytes() == bytes(data)
    service.close()


@pytest.mark.slow  # the command line in a subprocess
def test_jarvisd_memory_forget_beside_a_running_daemon_is_refused_and_deletes_nothing(tmp_path):
    """Seen on a daemon: `jarvisd memory forget --session f1 --yes` beside `jarvisd run` printed "Forgot session
    'f1': 1 record deleted.", yet the daemon kept f1's working memory (its next `/remember that` in f1 kept the
    forgotten exchange as a fact) and listed f1 for seconds more; the forget count that keeps a turn running in
    f1 from being written after a forget (pass 31) was never told. Now refused like `memory reembed`, naming the
    HUD's `/forget session f1 confirm`, which does it inside the daemon."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from jarvisd.instance import InstanceLock
    from jarvisd.llm.base import Message
    from jarvisd.memory.cli import open_service
    from jarvisd.memory.scope import MemoryScope

    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env.update(JARVIS_HOME=str(tmp_path), JARVIS_GENERAL__USER="u", JARVIS_MEMORY__EMBEDDING_PROVIDER="none")
    service = open_service(load_config(env=env), None)
    service.record_turn(MemoryScope("u", "main", "f1"), [Message("user", "hello from f1"), Message("assistant", "hi")])
    getattr(service.store, "close", lambda: None)()
    lock = InstanceLock(tmp_path / "data").acquire()  # what `jarvisd run` holds while it runs
    try:
        done = subprocess.run([sys.executable, "-m", "jarvisd", "memory", "forget", "--session", "f1", "--yes"],
                              env=env, capture_output=True, text=True, timeout=300,
                              cwd=Path(__file__).resolve().parents[1])
    finally:
        lock.release()
    assert done.returncode == 1, done.stdout + done.stderr[-2000:]
    assert "already running" in done.stderr and "/forget session f1 confirm" in done.stderr, done.stderr
    service = open_service(load_config(env=env), None)
    try:
        assert [i.session for i in service.store.all_items()] == ["f1"]     # nothing deleted
    finally:
        getattr(service.store, "close", lambda: None)()


@pytest.mark.parametrize("said", ["push it back 2 hours", "push it back an hour", "한 시간 미뤄줘"])
def test_hours_said_after_a_new_promise_move_it_not_a_snooze_of_the_promise_reminded_before(tmp_path, korean, said):
    """Seen on a daemon: a reminder spoken of "call Bob", a minute later "I need to email Sue tomorrow at 3pm" in
    another session, then "push it back 2 hours": "OK, I'll remind you again in 2 hours: call Bob." (a snooze set
    on the promise reminded before, Sue's email unmoved). A snooze stays a snooze only when the reminder is of the
    promise in focus, or came after it."""
    from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows

    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I need to call Bob tomorrow at 8pm", "voice")
    bob = desk.service.agenda()[0]
    spoken = (bob.id, desk.service.now_ms() - 60_000)
    desk.last_reminder = lambda: spoken
    desk.handle("I need to email Sue tomorrow at 3pm", "hud")
    reply = desk.handle(said, "hud")
    assert reply is not None and reply.intent != "snooze", reply
    assert desk.service.find(bob.id).remind_ms is None                # no reminder set on Bob's call
    moved = {"push it back 2 hours": "17:00"}.get(said, "16:00")
    assert sorted(agenda_rows(desk)) == [("call Bob", "2026-12-02 20:00"), ("email Sue", f"2026-12-02 {moved}")]


def test_hours_said_right_after_the_reminder_of_the_promise_in_focus_stay_a_snooze(tmp_path, korean):
    """The rule kept: the reminder came after the promise was said (or is of it): a snooze, as before."""
    from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows

    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I need to email Sue tomorrow at 3pm", "hud")
    desk.handle("I need to call Bob tomorrow at 8pm", "voice")
    bob = [loop for loop in desk.service.agenda() if loop.desc == "call Bob"][0]
    spoken = (bob.id, desk.service.now_ms() + 1)
    desk.last_reminder = lambda: spoken
    reply = desk.handle("push it back an hour", "hud")
    assert reply is not None and reply.intent == "snooze", reply
    assert sorted(agenda_rows(desk)) == [("call Bob", "2026-12-02 20:00"), ("email Sue", "2026-12-02 15:00")]
