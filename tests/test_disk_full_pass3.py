"""Issue 18, third pass: a write that fails half-way (disk full, a file-size limit) must not cost the
writes acknowledged after it.

Each test runs a real child process whose file-size limit (RLIMIT_FSIZE) makes one write stop part-way,
as a full disk does: the first `write` puts some bytes down, the next fails (EFBIG, like ENOSPC). The
limit is then lifted, a later write is acknowledged, and the child is killed with SIGKILL. Before, the
torn bytes stayed in the file and the acknowledged record behind them was lost on the next load.
"""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest

from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.openloop.stores import JsonlLoopStore
from tests.memory.test_write_durability import run_and_kill as run_until_acknowledged

pytestmark = pytest.mark.slow  # writer subprocesses under a file-size limit

LIMIT = """
    import os, resource, signal
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead

    def fail_after(path, extra):
        resource.setrlimit(resource.RLIMIT_FSIZE, (os.path.getsize(path) + extra, resource.RLIM_INFINITY))

    def lift():
        resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
"""


def run_and_kill(code: str, acknowledgements: int, *args: str) -> list[str]:
    """`test_write_durability.run_and_kill`, with the child's file size limit applied first."""
    return run_until_acknowledged(textwrap.dedent(LIMIT) + textwrap.dedent(code), dict(os.environ),
                                  acknowledgements, *args)


MEMORY_CHILD = """
    import sys, time
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.memory.test_memory_health import item

    store = LanceMemoryStore(sys.argv[1], dimensions=8)
    store.upsert([item(1)])
    print("acknowledged 1", flush=True)
    fail_after(store._writes.journal.path, 40)  # the next journal record is torn after 40 bytes
    try:
        store.upsert([item(2)])
        print("acknowledged 2", flush=True)
    except OSError as exc:
        print(f"refused 2: {exc.strerror}", flush=True)
    lift()
    store.upsert([item(3)])
    print("acknowledged 3", flush=True)
    time.sleep(120)
"""


def test_a_memory_write_torn_by_a_full_disk_does_not_cost_the_writes_after_it(tmp_path: Path) -> None:
    uri = str(tmp_path / "memory.lance")
    said = run_and_kill(MEMORY_CHILD, 3, uri)
    assert said == ["acknowledged 1", "refused 2: File too large", "acknowledged 3"]
    store = LanceMemoryStore(uri, dimensions=8)
    try:
        ids = {i.id for i in store.all_items()}
    finally:
        store.close()
    assert {"id-1", "id-3"} <= ids  # before: {"id-1"}, the replay stopped at the torn record


AGENDA_CHILD = """
    import sys, time
    from jarvisd.openloop.model import LoopStatus, OpenLoop
    from jarvisd.openloop.stores import JsonlLoopStore

    store = JsonlLoopStore(sys.argv[1])
    store.load()

    def loop(n):
        return OpenLoop(id=str(n) * 32, desc=f"promise {n}", status=LoopStatus.OPEN, created_ms=1_764_547_200_000,
                        updated_ms=1_764_547_200_000, due_ms=1_924_992_000_000, session="hud")

    store.save(loop(1))
    print("acknowledged 1", flush=True)
    fail_after(sys.argv[1], 30)
    try:
        store.save(loop(2))
        print("acknowledged 2", flush=True)
    except OSError as exc:
        print(f"refused 2: {exc.strerror}", flush=True)
    lift()
    store.save(loop(3))
    print("acknowledged 3", flush=True)
    time.sleep(120)
"""


def test_an_agenda_record_torn_by_a_full_disk_does_not_cost_the_record_after_it(tmp_path: Path) -> None:
    path = tmp_path / "openloops.jsonl"
    said = run_and_kill(AGENDA_CHILD, 3, str(path))
    assert said == ["acknowledged 1", "refused 2: File too large", "acknowledged 3"]
    store = JsonlLoopStore(path)
    try:
        descs = [loop.desc for loop in store.load()]
    finally:
        store.close()
    assert sorted(descs) == ["promise 1", "promise 3"]  # before: promise 3 glued onto the torn line, lost
    for line in path.read_text("utf-8").splitlines():
        json.loads(line)  # no torn line is left behind either
