"""Open loops in a LanceDB table (`open_loops`), beside the memory tables.

The URI is a plain config value (a local path, or `s3://`/`gs://` with storage options), so several
machines of one user can share an agenda. Saves are merge-inserts by id; each one is a new table
version, so a crashed writer leaves the previous version readable.
"""

from __future__ import annotations

import errno
import json
import threading
from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa

from jarvisd.errors import StartupError, first_line
from jarvisd.lance_damage import damaged_table_error, refuse_lost_versions
from jarvisd.lance_files import (
    disk_full,
    local_table_dir,
    lost_newest_versions,
    mislabelled_fix,
    mislabelled_version,
    newest_named_version,
    special_file_problem,
    unwritable_folder,
)
from jarvisd.openloop.embeddings import LoopEmbeddings
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.owner import TABLE  # the data folder's own table; other users' are named by `owner`
from jarvisd.openloop.stores import (
    QUARANTINE_NAME,
    EmbeddingBoundary,
    Quarantine,
    in_order,
    unusable_reason,
    usable_loop,
)

_SQL_TYPES = {pa.int64(): "BIGINT", pa.string(): "STRING"}

SCHEMA = pa.schema([
    pa.field("id", pa.string(), nullable=False),
    pa.field("desc", pa.string(), nullable=False),
    pa.field("status", pa.string(), nullable=False),
    pa.field("created_ms", pa.int64(), nullable=False),
    pa.field("updated_ms", pa.int64(), nullable=False),
    pa.field("due_ms", pa.int64()),
    pa.field("session", pa.string()),
    pa.field("evidence", pa.string()),
    pa.field("closed_ms", pa.int64()),
    pa.field("remind_ms", pa.int64()),
    pa.field("muted_ms", pa.int64()),
    pa.field("repeat", pa.string()),
    pa.field("skips", pa.string()),   # round 64: a table from before it gets it empty at open (`missing`)
    pa.field("until", pa.string()),   # session 65: the same
    pa.field("after", pa.string()),   # after68: the same
])


def quarantine_name(table: str) -> str:
    """The file beside the store keeping `table`'s unusable records: the data folder's own table keeps the name
    it always had; another user's (`owner`) has its own, so no user reads another's set-aside promises."""
    return QUARANTINE_NAME if table == TABLE else f"{table}.quarantine.jsonl"


def schema_problem(stored: pa.Schema) -> str | None:
    """An unknown column that refuses empty values makes every save fail (they write jarvisd's columns
    only), or None. Missing columns are added at open; unknown nullable ones are fine."""
    strict = [f.name for f in stored if f.name not in SCHEMA.names and not f.nullable]
    if not strict:
        return None
    return f"unknown column{'s' if len(strict) > 1 else ''} {', '.join(strict)} that refuse{'' if len(strict) > 1 else 's'} empty values"


class AgendaStoreFailed(OSError):
    """A write to the agenda's LanceDB table failed (a data file damaged or gone while the daemon runs, the disk
    full): an OSError, as the JSONL log's failures are, so every caller that says "I couldn't save that to your
    agenda …; nothing changed" for a full disk says it for this too. Pass 48b: with the newest data file cut short
    under the running daemon, each promise turn ended "the turn failed: External error: LanceError(IO) …
    /rustc/…" and the HUD's ✓ was a JSON 500."""

    def __init__(self, what: str, exc: BaseException) -> None:
        full = disk_full(exc)
        super().__init__(errno.ENOSPC if full else errno.EIO,
                         "No space left on device" if full else
                         f"{what} cannot be written: {first_line(exc)}; `jarvisd doctor` checks it")


class LanceLoopStore(EmbeddingBoundary):
    """Loops in LanceDB; blocking calls, so async callers use a worker thread (the judge does)."""

    def __init__(self, uri: str, table: str = TABLE, embeddings: LoopEmbeddings | None = None,
                 storage_options: dict[str, str] | None = None, read_only: bool = False) -> None:
        import lancedb

        super().__init__(embeddings)
        self.uri = uri
        self._lock = threading.Lock()
        self._what = f"the agenda table {table} at {uri} (openloop.store = lancedb, memory.store_uri)"
        folder = local_table_dir(uri, table)
        if folder is not None and (special := special_file_problem(folder.parent, table)):
            raise StartupError(f"cannot open {self._what}: {special}")
        named = newest_named_version(uri, table)  # before the open (`mislabelled_version`)
        try:  # damage is one clear line naming the table and the fix, never a LanceDB traceback
            self._db = lancedb.connect(uri, storage_options=storage_options)
            try:
                self._table = self._db.open_table(table)
            except ValueError:  # no such table yet (or one whose versions are gone: refused, not replaced)
                refuse_lost_versions(self._what, uri, table)
                self._table = self._db.create_table(table, schema=SCHEMA, exist_ok=True)
        except StartupError:
            raise
        except (OSError, ValueError, RuntimeError) as exc:
            raise damaged_table_error(self._what, "memory.store_uri", uri, table, exc) from exc
        if named is not None and (mislabelled := mislabelled_version(named, self._table.version)):
            raise StartupError(f"cannot open {self._what}: {mislabelled}; {mislabelled_fix(named)}")
        if (lost := lost_newest_versions(uri, table, self._table.version)) is not None:
            raise StartupError(f"cannot open {self._what}: {lost[0]}; {lost[1]}")
        problem = schema_problem(self._table.schema)
        if problem:  # every save failed with LanceDB's "partial-schema source" error: promises not kept
            from jarvisd.memory.health import recovery

            raise StartupError(f"cannot open {self._what}: {problem}: another program or version of jarvisd "
                               f"changed it; {recovery(uri, table, schema_problem)}")
        missing = [f for f in SCHEMA if f.name not in self._table.schema.names]
        if missing and not read_only:  # a table from before a column existed: add it, empty (a new table version)
            try:  # a full disk here was a 56-line traceback at start (pass 42: a table from before `muted_ms`)
                self._table.add_columns({f.name: f"CAST(NULL AS {_SQL_TYPES[f.type]})" for f in missing})
            except (OSError, ValueError, RuntimeError) as exc:
                raise damaged_table_error(self._what, "memory.store_uri", uri, table, exc) from exc
        self._name = table
        local = uri[len("file://"):] if uri.startswith("file://") else None if "://" in uri else uri
        if local and (folder := unwritable_folder(Path(local), table)):  # else every promise turn failed
            raise StartupError(f"cannot open {self._what}: {folder}")
        self.quarantine = Quarantine(Path(local) / quarantine_name(table) if local else None)

    def load(self) -> list[OpenLoop]:
        try:
            with self._lock:
                rows = self._table.to_arrow().to_pylist()
        except (OSError, ValueError, RuntimeError) as exc:  # a data file gone or garbage
            raise damaged_table_error(self._what, "memory.store_uri", self.uri, self._name, exc, read=True) from exc
        loops: dict[str, OpenLoop] = {}
        self.quarantine.new_load()
        for number, row in enumerate(rows, start=1):
            try:
                loop = usable_loop(row)
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                self.quarantine.add(f"{self.uri} table {self._name} row {number}", unusable_reason(exc),
                                    json.dumps(row, ensure_ascii=False, default=str))
                continue
            loops[loop.id] = loop
        self.quarantine.end_load()
        return in_order(loops)

    def save(self, loop: OpenLoop) -> None:
        self.save_many([loop])

    def save_many(self, loops: Sequence[OpenLoop]) -> None:
        """One merge, one table version: all of them or none."""
        data = pa.Table.from_pylist([loop.to_record() for loop in loops], schema=SCHEMA)
        with self._lock:
            try:
                (self._table.merge_insert("id")
                 .when_matched_update_all()
                 .when_not_matched_insert_all()
                 .execute(data))
            except (OSError, RuntimeError) as exc:
                raise AgendaStoreFailed(self._what, exc) from exc
