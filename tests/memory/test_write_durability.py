"""Every acknowledged memory write survives a SIGKILL (issue 18, point 1).

Each test runs a real child process that writes to a LanceDB table on disk, prints once the call has
returned (the write is acknowledged), and waits; the test kills it with SIGKILL and then opens the
table in this process, which has never seen the child's buffer: every acknowledged item must be there.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jarvisd.config import load_config
from jarvisd.memory.cli import open_service
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.lance_journal import journal_dir
from jarvisd.memory.testing import HashedNgramEmbedder

ME = MemoryScope("me", "main", "s")


def run_and_kill(code: str, env: dict[str, str], acknowledgements: int, *args: str) -> list[str]:
    """Run `code`, read `acknowledgements` lines from it, SIGKILL it; the lines read."""
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    try:
        while len(lines) < acknowledgements:
            line = child.stdout.readline()
            assert line, f"the child died before acknowledging its writes: {child.stderr.read()}"
            lines.append(line.strip())
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(10) == -signal.SIGKILL
    finally:
        child.kill()
        child.wait()
    return lines


REMEMBER_CHILD = """
    import asyncio, sys
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.manifest import ModelStore

    cfg = load_config()
    backends = Backends(chat=ScriptedChatModel(lambda m: {"text": "Noted."}),
                        thought=ScriptedChatModel(lambda m: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(cfg.paths.models_dir), backends=backends)

    async def main():
        for line in sys.argv[1:]:
            reply = await assistant.commands.run(line, assistant.command_context("hud", "hud"))
            print(reply, flush=True)  # the user has been told
        await asyncio.sleep(120)

    asyncio.run(main())
"""


@pytest.mark.slow  # a writer subprocess killed with SIGKILL
def test_a_confirmed_remember_survives_a_sigkill(tmp_path: Path) -> None:
    env = {**os.environ, "JARVIS_HOME": str(tmp_path)}
    facts = ["my bank PIN hint is the blue notebook", "the spare key is under the red pot"]
    replies = run_and_kill(REMEMBER_CHILD, env, 2, *(f"/remember {f}" for f in facts))
    assert replies == [f"Remembered: {f}" for f in facts]
    service = open_service(load_config(env=env))
    contents = [item.content for item in service.store.all_items()]
    for fact in facts:
        assert fact in contents


RECORD_TURN_CHILD = """
    import sys, time
    from jarvisd.llm.base import Message
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder

    embedder = HashedNgramEmbedder()
    service = MemoryService(LanceMemoryStore(sys.argv[1], dimensions=embedder.dimensions), embedder=embedder)
    for i in range(int(sys.argv[2])):
        service.record_turn(MemoryScope("me", "main", "s"),
                            [Message("user", f"my locker number is {i}"), Message("assistant", "Noted.")])
        print(i, flush=True)
    time.sleep(120)
"""


@pytest.mark.slow  # a writer subprocess killed with SIGKILL
def test_record_turn_is_durable_when_it_returns_without_a_flush(tmp_path: Path) -> None:
    """No turn-end flush here: the store's own rule keeps each acknowledged turn."""
    uri = str(tmp_path / "memory.lance")
    acknowledged = run_and_kill(RECORD_TURN_CHILD, dict(os.environ), 5, uri, "5")
    embedder = HashedNgramEmbedder()
    service = MemoryService(LanceMemoryStore(uri, dimensions=embedder.dimensions), embedder=embedder)
    contents = " ".join(e.content for e in service.recall_episodes(ME, limit=10))
    for i in acknowledged:
        assert f"my locker number is {i}" in contents
    assert not list(journal_dir(uri, "memory_items").glob("*.wal")), "the replayed journal is removed"


CONSOLIDATION_CHILD = """
    import sys, time
    from datetime import UTC, datetime, timedelta
    from jarvisd.llm.base import Message
    from jarvisd.memory.consolidation import ExtractedFact, consolidate
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder

    embedder = HashedNgramEmbedder()
    service = MemoryService(LanceMemoryStore(sys.argv[1], dimensions=embedder.dimensions), embedder=embedder)
    scope = MemoryScope("me", "main", "s")
    service.record_turn(scope, [Message("user", "my dog is called Bori"), Message("assistant", "Nice.")])
    service.flush()
    report = consolidate(service, scope, lambda texts: [ExtractedFact("dog's name", "Bori", 0.9)])
    print(report.consolidated, len(report.facts), flush=True)
    time.sleep(120)
"""


@pytest.mark.slow  # a writer subprocess killed with SIGKILL
def test_a_consolidation_pass_survives_a_sigkill(tmp_path: Path) -> None:
    uri = str(tmp_path / "memory.lance")
    assert run_and_kill(CONSOLIDATION_CHILD, dict(os.environ), 1, uri) == ["1 1"]
    items = LanceMemoryStore(uri, dimensions=HashedNgramEmbedder().dimensions).all_items()
    assert [i.content for i in items if i.source == "extracted"] == ["dog's name: Bori"]
    assert all(i.metadata.get("consolidated") for i in items if i.source == "turn")


@pytest.mark.slow  # a writer subprocess killed with SIGKILL
def test_a_torn_journal_record_is_dropped_and_the_rest_replayed(tmp_path: Path) -> None:
    """A writer killed inside its journal append had not acknowledged that write: the records
    before it are replayed, the torn one is not."""
    uri = str(tmp_path / "memory.lance")
    acknowledged = run_and_kill(RECORD_TURN_CHILD, dict(os.environ), 3, uri, "3")
    (wal,) = journal_dir(uri, "memory_items").glob("*.wal")
    with wal.open("ab") as fh:
        fh.write(b"U\xff\xff\x00\x00garbage")
    embedder = HashedNgramEmbedder()
    service = MemoryService(LanceMemoryStore(uri, dimensions=embedder.dimensions), embedder=embedder)
    contents = " ".join(e.content for e in service.recall_episodes(ME, limit=10))
    assert all(f"my locker number is {i}" in contents for i in acknowledged)


def test_two_live_stores_on_one_table_never_replay_each_other(tmp_path: Path) -> None:
    """A journal is replayed only when its store is gone: a second store opened next to a live one
    (a second process, `jarvisd memory reembed`) leaves the first one's pending writes alone."""
    uri = str(tmp_path / "memory.lance")
    embedder = HashedNgramEmbedder()
    first = MemoryService(LanceMemoryStore(uri, dimensions=embedder.dimensions), embedder=embedder)
    first.remember(ME, "the boiler code is 4471")
    LanceMemoryStore(uri, dimensions=embedder.dimensions)
    assert len(list(journal_dir(uri, "memory_items").glob("*.wal"))) == 1
    first.close()
    assert not list(journal_dir(uri, "memory_items").glob("*.wal"))
    again = LanceMemoryStore(uri, dimensions=embedder.dimensions)
    assert [i.content for i in again.all_items()] == ["the boiler code is 4471"]


def test_a_remote_uri_commits_every_write_before_returning() -> None:
    assert journal_dir("s3://bucket/memory", "memory_items") is None
    assert journal_dir("file:///tmp/m.lance", "memory_items") == Path("/tmp/m.lance/memory_items.journal")

