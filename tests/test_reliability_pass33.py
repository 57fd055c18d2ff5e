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
        await assistant.answer("My locker is 12", session="s")
        reply = await assistant.answer(f"/remember {pointer}", session="s")
        assert reply.startswith("Remembered, with what it refers to"), reply
        assert all("My locker is 12" in fact for fact in _facts(assistant)), _facts(assistant)
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
