"""LanceDB damage is reported with the recovery (issue 18, point 8): which older version reads whole
and what restoring it would lose. A real table on disk with one of its data files deleted."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jarvisd.memory.health import check_memory
from jarvisd.memory.items import new_item
from jarvisd.memory.stores.lance import LanceMemoryStore


def item(n: int):
    return new_item(user="me", agent="main", session="s", source="explicit", content=f"fact {n}",
                    created_at=datetime(2026, 12, 1, tzinfo=UTC), item_id=f"id-{n}")


@pytest.mark.slow  # a subprocess
def test_a_missing_data_file_is_reported_with_the_version_that_still_reads(tmp_path: Path):
    uri = str(tmp_path / "memory.lance")
    store = LanceMemoryStore(uri, dimensions=8)
    for batch in ([item(1), item(2)], [item(3)]):
        store.upsert(batch)
        store.flush()
    store.close()
    assert check_memory(uri).state == "ok"
    newest = max((tmp_path / "memory.lance" / "memory_items.lance" / "data").iterdir(),
                 key=lambda f: f.stat().st_mtime_ns)
    newest.unlink()
    health = check_memory(uri)
    assert health.state == "damaged"
    assert "cannot be read" in health.detail and "Not found" in health.detail
    assert "reads whole, 2 items; restoring it loses 1 of 3 items" in health.recovery
    command = health.recovery.split("run: ", 1)[1]
    assert command.startswith(".venv/bin/python -c ")
    subprocess.run([sys.executable, "-c", command.split("-c ", 1)[1].strip('"')], check=True)
    assert check_memory(uri).state == "ok"
    assert sorted(i.id for i in LanceMemoryStore(uri, dimensions=8).all_items()) == ["id-1", "id-2"]


def test_no_table_yet_is_absent_not_damaged(tmp_path: Path):
    assert check_memory(str(tmp_path / "memory.lance")).state == "absent"
