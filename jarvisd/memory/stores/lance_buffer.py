"""The LanceDB store's write buffer: upserts and deletes waiting for the store's next flush (one
merge-insert before any read, when the buffer is full, and on `flush()`/`close()`), each appended
to the store's journal first (`lance_journal.py`), so a write is durable when the call returns. A
remote URI has no journal: there the store flushes after every write."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jarvisd.errors import StartupError, first_line
from jarvisd.lance_files import unwritable_folder
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.stores import lance_journal as journal
from jarvisd.memory.stores.lance_rows import from_row


class WriteBuffer:
    """Rows and deletes by id, the latest write of an id winning; emptied by the store once its
    commit succeeded (a failed commit stays pending, and journaled)."""

    def __init__(self, uri: str, table: str) -> None:
        self.rows: dict[str, dict[str, Any]] = {}  # id -> its row (`to_row`), waiting for the flush
        self.deletes: set[str] = set()
        self.journal_dir = journal.journal_dir(uri, table)
        if (problem := journal.journal_dir_problem(uri, table)) is not None:
            # else the store opened and every write (each /remember, each turn) failed with FileExistsError
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {problem}")
        if self.journal_dir is not None and (folder := unwritable_folder(self.journal_dir.parent, table)):
            raise StartupError(f"cannot open the memory store {uri} (memory.store_uri): {folder}")
        self.journal = journal.WriteJournal(self.journal_dir) if self.journal_dir is not None else None
        # journals of a killed store that could not be written to the table at this start (a full disk):
        # (path, why). Their acknowledged writes are in no read until a later start replays them, so the
        # status says so (`store_health.unreplayed_sentence`) instead of "ok"
        self.unreplayed: list[tuple[str, str]] = []
        # journals replayed at this start that were damaged (pass 57): (path, what of them is not in memory); the
        # status says so (`store_health.damaged_sentence`) instead of "ok"
        self.damaged: list[tuple[str, str]] = []

    def __len__(self) -> int:
        return len(self.rows) + len(self.deletes)

    def upsert(self, items: Sequence[MemoryItem], rows: Sequence[dict[str, Any]]) -> None:
        """Journal, then buffer, `items` as their `rows`."""
        if self.journal is not None and rows:
            self.journal.upserted(rows)
        self._add(items, rows)

    def delete(self, ids: Sequence[str]) -> None:
        if self.journal is not None and ids:
            self.journal.deleted(ids)
        self._drop(ids)

    def _add(self, items: Sequence[MemoryItem], rows: Sequence[dict[str, Any]]) -> None:
        for item, row in zip(items, rows, strict=True):
            self.deletes.discard(item.id)
            self.rows[item.id] = row

    def _drop(self, ids: Sequence[str]) -> None:
        for i in ids:
            self.rows.pop(i, None)
            self.deletes.add(i)

    def due(self, flush_rows: int) -> bool:
        """The store should flush now: no journal, or a full buffer."""
        return self.journal is None or len(self) >= flush_rows

    def replay_orphans(self, flush: Callable[[], None]) -> None:
        """Commit (through `flush`) the journals of stores on this table that stopped before
        flushing (killed, crashed)."""
        for path in journal.orphans(self.journal_dir):
            damage: list[str] = []
            try:
                for kind, payload in journal.read_records(path, damage):
                    if kind == journal.UPSERT:
                        self._add([from_row(row) for row in payload], payload)
                    else:
                        self._drop(payload)
                flush()
            except Exception as exc:  # noqa: BLE001 - one bad journal must not stop the daemon
                self.rows.clear()
                self.deletes.clear()
                journal.replay_failed(path, exc)
                self.unreplayed.append((str(path), f"{type(exc).__name__}: {first_line(exc)}"))
            else:
                journal.release(path)
                self.damaged.extend((str(path), why) for why in damage)

    def committed(self) -> None:
        """The buffer's writes are in the table: the journal may be emptied."""
        if self.journal is not None:
            self.journal.committed()

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
