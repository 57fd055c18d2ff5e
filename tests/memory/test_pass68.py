"""Eighth adversarial pass (pass68, issue 18): a memory row holding a value jarvisd never writes.

A row of the LanceDB memory table whose `metadata` is no JSON (a bit flip, a hand edit, another program: `{bad`), whose
`created_us` or `accessed_us` is past year 9999, or whose `content` is null: every recall that met the row raised, so
every `/remember` and every question answered from memory failed ("memory failed in /remember (JSONDecodeError ...);
restart jarvisd", which did not help), and `jarvisd chat` ended with a traceback on the null content. Such a value is
read as empty now, with one log line for the row; the row on disk is left as it is.
"""

from __future__ import annotations

import lancedb
import pytest

from jarvisd.memory.cli import remember_command
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from tests.memory.memory_fixtures import DIM

ME = MemoryScope("u1", "main", "s1")
LEO = "leo is allergic to peanuts"


def _damaged_store(tmp_path, embedder, clock, values_sql: dict[str, str]) -> MemoryService:
    uri = str(tmp_path / "memory.lance")
    store = LanceMemoryStore(uri, dimensions=DIM)
    svc = MemoryService(store, embedder=embedder, clock=clock)
    for fact in ("my sister lives in busan", LEO, "my car is a toyota"):
        assert remember_command(svc, ME, fact, embedder, progress=False).startswith("Remembered")
    store.close()
    table = lancedb.connect(uri).open_table("memory_items")   # another program's write, as a hand edit would be
    table.update(where=f"content = '{LEO}'", values_sql=values_sql)
    return MemoryService(LanceMemoryStore(uri, dimensions=DIM), embedder=embedder, clock=clock)


@pytest.mark.parametrize("values_sql", [{"metadata": "'{bad'"}, {"created_us": "9223372036854775807"},
                                        {"accessed_us": "9223372036854775807"}],
                         ids=["metadata-not-json", "created-past-9999", "accessed-past-9999"])
def test_a_row_with_a_value_jarvisd_never_writes_does_not_stop_recall_or_remember(tmp_path, embedder, clock,
                                                                                  values_sql, caplog) -> None:
    svc = _damaged_store(tmp_path, embedder, clock, values_sql)
    block = svc.observe(ME, "what is leo allergic to").prompt_block()
    assert LEO in block                                          # the fact itself is still recalled
    assert remember_command(svc, ME, "my dog is called rex", embedder, progress=False).startswith("Remembered")
    assert "my dog is called rex" in svc.observe(ME, "what is my dog called").prompt_block()
    assert len(svc.store.all_items()) >= 4
    assert "never writes" in caplog.text


def test_held_out_a_row_without_content_is_passed_over(tmp_path, embedder, clock) -> None:
    svc = _damaged_store(tmp_path, embedder, clock, {"content": "NULL"})
    block = svc.observe(ME, "what is leo allergic to, and where does my sister live").prompt_block()
    assert "my sister lives in busan" in block
    assert remember_command(svc, ME, "my dog is called rex", embedder, progress=False).startswith("Remembered")


def test_guard_metadata_jarvisd_writes_is_read_as_before(tmp_path, embedder, clock, caplog) -> None:
    svc = _damaged_store(tmp_path, embedder, clock, {"metadata": """'{"by": "desk", "turn": 3}'"""})
    (leo,) = [item for item in svc.store.all_items() if item.content == LEO]
    assert leo.metadata == {"by": "desk", "turn": 3} and leo.created_at.year > 2000
    assert "never writes" not in caplog.text
