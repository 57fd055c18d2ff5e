"""Open loops in a LanceDB table (`open_loops`), beside the memory tables.

The URI is a plain config value (a local path, or `s3://`/`gs://` with storage options), so several
machines of one user can share an agenda. Saves are merge-inserts by id; each one is a new table
version, so a crashed writer leaves the previous version readable.
"""

from __future__ import annotations

import threading

import pyarrow as pa

from jarvisd.openloop.embeddings import LoopEmbeddings
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.stores import EmbeddingBoundary, in_order

TABLE = "open_loops"
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
])


class LanceLoopStore(EmbeddingBoundary):
    """Loops in LanceDB; blocking calls, so async callers use a worker thread (the judge does)."""

    def __init__(self, uri: str, table: str = TABLE, embeddings: LoopEmbeddings | None = None,
                 storage_options: dict[str, str] | None = None) -> None:
        import lancedb

        super().__init__(embeddings)
        self.uri = uri
        self._lock = threading.Lock()
        self._db = lancedb.connect(uri, storage_options=storage_options)
        try:
            self._table = self._db.open_table(table)
        except ValueError:  # no such table yet
            self._table = self._db.create_table(table, schema=SCHEMA, exist_ok=True)
        missing = [f for f in SCHEMA if f.name not in self._table.schema.names]
        if missing:  # a table from before a column existed: add it, empty (a new table version)
            self._table.add_columns({f.name: f"CAST(NULL AS {_SQL_TYPES[f.type]})" for f in missing})

    def load(self) -> list[OpenLoop]:
        with self._lock:
            rows = self._table.to_arrow().to_pylist()
        return in_order({row["id"]: OpenLoop.from_record(row) for row in rows})

    def save(self, loop: OpenLoop) -> None:
        data = pa.Table.from_pylist([loop.to_record()], schema=SCHEMA)
        with self._lock:
            (self._table.merge_insert("id")
             .when_matched_update_all()
             .when_not_matched_insert_all()
             .execute(data))
