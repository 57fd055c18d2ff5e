"""Twenty-first adversarial pass (issue 18): one test per fix, each failing before it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


# ---- a memory journal removed while the daemon runs --------------------------------------------------------

JOURNAL_REMOVED_CHILD = """
    import sys, time
    from pathlib import Path
    from jarvisd.llm.base import Message
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.stores.lance_journal import journal_dir
    from jarvisd.memory.testing import HashedNgramEmbedder

    embedder = HashedNgramEmbedder()
    service = MemoryService(LanceMemoryStore(sys.argv[1], dimensions=embedder.dimensions), embedder=embedder)
    scope = MemoryScope("me", "main", "s")
    for i in range(6):
        if i == 3:  # a clean-up, a restore or a sync removes the journal folder while the store is open
            for wal in journal_dir(sys.argv[1], "memory_items").glob("*.wal"):
                wal.unlink()
        service.record_turn(scope, [Message("user", f"my locker number is {i}"), Message("assistant", "Noted.")])
        print(i, flush=True)
    time.sleep(120)
"""


@pytest.mark.slow  # a writer subprocess killed with SIGKILL
def test_turns_acknowledged_after_the_journal_file_was_removed_survive_a_sigkill(tmp_path: Path) -> None:
    """Before: `/remember`ed "my locker is 77" after the `*.wal` was removed while the daemon ran, then
    SIGKILL: gone after the restart (the journal kept appending to the removed file; the daemon said
    "Remembered"). Now a write that finds its journal gone starts a new one holding everything not yet in
    LanceDB, the writes before the removal included."""
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder
    from tests.memory.test_write_durability import ME, run_and_kill

    uri = str(tmp_path / "memory.lance")
    acknowledged = run_and_kill(JOURNAL_REMOVED_CHILD, {**os.environ, "PYTHONPATH": str(REPO)}, 6, uri)
    embedder = HashedNgramEmbedder()
    service = MemoryService(LanceMemoryStore(uri, dimensions=embedder.dimensions), embedder=embedder)
    contents = " ".join(e.content for e in service.recall_episodes(ME, limit=20))
    missing = [i for i in acknowledged if f"my locker number is {i}" not in contents]
    assert not missing, f"acknowledged turns lost: {missing}"
