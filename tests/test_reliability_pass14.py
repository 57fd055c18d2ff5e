"""Issue 18, fourteenth adversarial pass (docs/reliability.md, "Fourteenth pass"): each case found against
`jarvisd run` and fixed, with real parts."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

# ---- `/remember reembed --rebuild` cut short ------------------------------------------------------------------

_REBUILD_UNDER_A_FILE_SIZE_LIMIT = """
import random, resource, sys
from datetime import datetime, timezone
from jarvisd.memory.items import new_item
from jarvisd.memory.stores.lance import LanceMemoryStore

uri = sys.argv[1]
store = LanceMemoryStore(uri, dimensions=16)
now = datetime.now(timezone.utc)
store.upsert([new_item(user="me", agent="main", session="s", source="explicit", content=f"fact {i}",
                       created_at=now, item_id=f"id{i:05d}", vector=tuple(random.random() for _ in range(16)))
              for i in range(400)])
store.flush()
# the rebuilt table (400 rows of two 384-wide vectors, about 1.2 MB) cannot be written whole:
# what a full disk or a kill in the middle of the rewrite leaves
resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, resource.RLIM_INFINITY))
try:
    store.reset_vectors(384)
except Exception as exc:
    print("rewrite failed:", type(exc).__name__)
else:
    print("rewrite succeeded")
"""


def test_a_rebuild_of_the_vectors_cut_short_keeps_every_memory(tmp_path):
    """Before: `reset_vectors` (what `/remember reembed --rebuild` runs after an embedder change) dropped the
    table, created it again and then added the rows: on the daemon a SIGKILL 6.6 s into the command left 0
    of 20,000 memories (and no older version to restore: the drop took the table's history too). A rewrite
    that fails part-way (here a file size limit, as a full disk) did the same. Now one overwrite commit:
    the old table stays whole until the new one is."""
    uri = str(tmp_path / "memory.lance")
    script = tmp_path / "rebuild.py"
    script.write_text(_REBUILD_UNDER_A_FILE_SIZE_LIMIT)
    done = subprocess.run([sys.executable, str(script), uri], capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr[-2000:]
    assert "rewrite failed" in done.stdout, done.stdout  # the limit did cut the rewrite short
    check = textwrap.dedent("""
        import sys
        import lancedb
        table = lancedb.connect(sys.argv[1]).open_table("memory_items")
        print(table.count_rows(), table.schema.field("vector").type.list_size)
    """)
    counted = subprocess.run([sys.executable, "-c", check, uri], capture_output=True, text=True, timeout=120)
    assert counted.stdout.split() == ["400", "16"], counted.stdout + counted.stderr[-2000:]


# ---- `jarvisd memory reembed` beside the running daemon ---------------------------------------------------


def test_jarvisd_memory_reembed_beside_a_running_daemon_is_refused_and_touches_nothing(tmp_path):
    """Before: `jarvisd memory reembed --rebuild` ran beside `jarvisd run` (the daemon's log tells the user
    to reembed after an embedder change): it rewrote the table at 384 dimensions under the daemon, whose
    store still wrote 1,024-wide rows, so every later `/remember` was a JSON 500 ("Vector column 'vector'
    has variable length vectors"), SIGTERM exited 1, and the `/remember` acknowledged before the rebuild
    stayed in a journal no start could replay ("expected 384 but got array of size 1024"): out of memory.
    Now refused like `jarvisd chat`, naming the daemon and the HUD's `/remember reembed --rebuild`."""
    import os

    from jarvisd.instance import InstanceLock
    from tests.test_cli import closed_port_host

    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env.update(JARVIS_HOME=str(home), OLLAMA_HOST=closed_port_host(), JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5")
    lock = InstanceLock(home / "data").acquire()  # what `jarvisd run` holds while it runs
    try:
        done = subprocess.run([sys.executable, "-m", "jarvisd", "memory", "reembed", "--rebuild"], env=env,
                              capture_output=True, text=True, timeout=300, cwd=Path(__file__).resolve().parents[1])
    finally:
        lock.release()
    assert done.returncode == 1, done.stdout + done.stderr[-2000:]
    assert "already running" in done.stderr and "/remember reembed --rebuild" in done.stderr, done.stderr
    assert not (home / "data" / "memory.lance").exists()  # the store was never opened


# ---- `memory.store_uri` with `~` or a relative path -----------------------------------------------------------

_REMEMBER_THEN_DIE = """
import os, sys
from datetime import datetime, timezone
from jarvisd.config import load_config
from jarvisd.memory.items import new_item
from jarvisd.memory.stores.lance import LanceMemoryStore

store = LanceMemoryStore(load_config().store_uri)
if sys.argv[1] == "write":
    store.upsert([new_item(user="me", agent="main", session="s", source="explicit",
                           content="the spare key is in the red box", created_at=datetime.now(timezone.utc),
                           item_id="spare-key")])
    os._exit(0)  # killed with the write journaled, not committed (what SIGKILL leaves)
print(store.count())
"""


def test_a_store_uri_from_the_home_folder_keeps_its_journal_beside_the_table_wherever_jarvisd_starts(tmp_path):
    """Before: `memory.store_uri = "~/jarvis/memory.lance"` put the table under the home folder (LanceDB
    expands `~`) and the write journal under `./~/jarvis/...` of the working folder. On the daemon:
    "Remembered: the spare key is in the red box", SIGKILL, `jarvisd run` again from another folder: the
    fact was gone (its journal left in the first folder), `jarvisd doctor` said no table existed."""
    import os

    home, first, second = tmp_path / "home", tmp_path / "A", tmp_path / "B"
    for folder in (home, first, second):
        folder.mkdir()
    (tmp_path / "config.toml").write_text('[memory]\nstore_uri = "~/jarvis/memory.lance"\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env.update(HOME=str(home), JARVIS_HOME=str(tmp_path),
               PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    script = tmp_path / "store.py"
    script.write_text(_REMEMBER_THEN_DIE)
    wrote = subprocess.run([sys.executable, str(script), "write"], cwd=first, env=env, capture_output=True,
                           text=True, timeout=300)
    assert wrote.returncode == 0, wrote.stderr[-2000:]
    counted = subprocess.run([sys.executable, str(script), "count"], cwd=second, env=env, capture_output=True,
                             text=True, timeout=300)
    assert counted.stdout.split() == ["1"], counted.stdout + counted.stderr[-2000:]
    assert (home / "jarvis" / "memory.lance" / "memory_items.lance").is_dir()
    assert not (first / "~").exists() and not (second / "~").exists()


def test_a_relative_store_uri_is_refused_naming_the_key(tmp_path):
    """A plain relative path (`mem.lance`, or `" "`) gave each working folder its own memory: the daemon
    under systemd and `jarvisd chat` in a terminal would not share what they remembered."""
    import pytest

    from jarvisd.config import ConfigError, load_config

    for value in ("mem.lance", "file://mem.lance"):
        with pytest.raises(ConfigError, match="memory.store_uri: a relative path"):
            load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_MEMORY__STORE_URI": value})
    (tmp_path / "config.toml").write_text('[memory]\nstore_uri = " "\n')  # a folder named " " before
    with pytest.raises(ConfigError, match="memory.store_uri: a relative path"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})
    (tmp_path / "config.toml").unlink()
    for value in ("/srv/jarvis/memory.lance", "~/memory.lance", "s3://bucket/memory", "memory://"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_MEMORY__STORE_URI": value})


def test_a_file_uri_from_the_home_folder_is_expanded_too(tmp_path, monkeypatch):
    """LanceDB expands `file://~/x` as it expands `~/x`; the store's journal must follow it."""
    from jarvisd.config import load_config

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for value in ("file://~/jarvis/memory.lance", "~/jarvis/memory.lance"):
        cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_MEMORY__STORE_URI": value})
        assert cfg.store_uri == str(tmp_path / "home" / "jarvis" / "memory.lance"), value
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_MEMORY__STORE_URI": "s3://bucket/m"})
    assert cfg.store_uri == "s3://bucket/m"
