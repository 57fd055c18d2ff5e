"""LanceDB rows for memory items: the table schema, item <-> row conversion and the SQL predicates.

The read policy becomes SQL here (`access_predicate`): the user boundary first, then the agents each
layer may be read from.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.query_words import normalise
from jarvisd.memory.stores.base import DimensionMismatch, StoreQuery

log = logging.getLogger(__name__)


def schema(dimensions: int) -> pa.Schema:
    return pa.schema([
        ("id", pa.string()), ("user", pa.string()), ("agent", pa.string()), ("session", pa.string()),
        ("kind", pa.string()), ("layer", pa.string()), ("source", pa.string()), ("content", pa.string()),
        ("content_lc", pa.string()), ("created_us", pa.int64()), ("importance", pa.float64()),
        ("accessed_us", pa.int64()), ("rehearsals", pa.int32()), ("topic", pa.string()),
        ("superseded_by", pa.string()), ("task_type", pa.string()), ("outcome", pa.string()),
        ("metadata", pa.string()), ("has_vector", pa.bool_()),
        ("vector", pa.list_(pa.float32(), dimensions)),
        *context_fields(dimensions),
    ])


def context_fields(dimensions: int) -> list[pa.Field]:
    """A turn episode's second vector (the turn with the words before it); zeros and `has_context =
    false` for every other row, as `vector` does (LanceDB refuses null vectors on write). Added after
    the first schema: a table written without them gets them at open as all-null columns, which read
    as "no context vector" (`LanceMemoryStore`), and `/remember reembed` fills the turn episodes'."""
    return [pa.field("has_context", pa.bool_()), pa.field("context_vector", pa.list_(pa.float32(), dimensions))]


def schema_problem(stored: pa.Schema) -> str | None:
    """What makes a stored memory table unusable for jarvisd's rows, or None. A column jarvisd reads or
    writes that is missing (every read or write failed with `Field "content_lc" does not exist`), a
    vector column that is not a fixed-size list, or an unknown column that refuses nulls (every write
    failed, so an acknowledged `/remember` stayed in the journal for good). The context columns are
    not required: a table from before them gets them at open. Extra nullable columns are fine."""
    expected = schema(1)
    optional = {f.name for f in context_fields(1)}
    missing = [n for n in expected.names if n not in optional and n not in stored.names]
    problems = [f"missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}"] if missing else []
    if "vector" in stored.names and not pa.types.is_fixed_size_list(stored.field("vector").type):
        problems.append(f"column vector is {stored.field('vector').type}, not a fixed-size list of floats")
    strict = [f.name for f in stored if f.name not in expected.names and not f.nullable]
    if strict:
        problems.append(f"unknown column{'s' if len(strict) > 1 else ''} {', '.join(strict)} that refuse"
                        f"{'' if len(strict) > 1 else 's'} empty values")
    return "; ".join(problems) or None


def sql_str(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def sql_in(column: str, values: Sequence[str]) -> str:
    if not values:
        return "false"
    return f"{column} IN ({', '.join(sql_str(v) for v in values)})"


def like_pattern(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return sql_str(f"%{escaped}%")


def access_predicate(access: AccessFilter) -> str:
    """User boundary first, then the agents each layer may be read from."""
    return (
        f"user = {sql_str(access.user)} AND (layer = 'profile'"
        f" OR (layer = 'edm' AND {sql_in('agent', access.edm_agents)})"
        f" OR (layer = 'pdm' AND {sql_in('agent', access.pdm_agents)}))"
    )


def query_predicate(q: StoreQuery, *, with_terms: bool) -> str:
    parts = [f"({access_predicate(q.access)})"]
    if q.kinds:
        parts.append(sql_in("kind", q.kinds))
    if q.sources:
        parts.append(sql_in("source", q.sources))
    if q.exclude_sources:
        parts.append(f"NOT {sql_in('source', q.exclude_sources)}")
    for column, value in (("session", q.session), ("agent", q.agent), ("topic", q.topic),
                          ("task_type", q.task_type), ("outcome", q.outcome)):
        if value:
            parts.append(f"{column} = {sql_str(value)}")
    if q.since:
        parts.append(f"created_us >= {to_us(q.since)}")
    if q.until:
        parts.append(f"created_us < {to_us(q.until)}")
    if not q.include_superseded:
        parts.append("superseded_by = ''")
    if with_terms:
        terms = [t for t in q.terms if t]
        if not terms:
            return "false"
        parts.append("(" + " OR ".join(f"content_lc LIKE {like_pattern(t)}" for t in terms) + ")")
    return " AND ".join(parts)


def to_us(when: datetime) -> int:
    if when.tzinfo is None:
        raise ValueError("memory times must be timezone-aware")
    return int(when.timestamp() * 1_000_000) if when.microsecond == 0 else (
        int(when.replace(microsecond=0).timestamp()) * 1_000_000 + when.microsecond
    )


def from_us(us: int) -> datetime:
    return datetime.fromtimestamp(us // 1_000_000, UTC).replace(microsecond=us % 1_000_000)


def to_row(item: MemoryItem, dimensions: int) -> dict[str, Any]:
    for vector in (item.vector, item.context_vector):
        if vector is not None and len(vector) != dimensions:
            raise DimensionMismatch(dimensions, len(vector))
    return {
        "id": item.id, "user": item.user, "agent": item.agent, "session": item.session,
        "kind": item.kind, "layer": item.layer, "source": item.source, "content": item.content,
        "content_lc": normalise(item.content), "created_us": to_us(item.created_at),
        "importance": float(item.importance),
        "accessed_us": to_us(item.last_accessed) if item.last_accessed else 0,
        "rehearsals": item.rehearsals, "topic": item.topic, "superseded_by": item.superseded_by,
        "task_type": str(item.metadata.get("task_type", "")), "outcome": str(item.metadata.get("outcome", "")),
        "metadata": json.dumps(item.metadata, ensure_ascii=False, sort_keys=True),
        "has_vector": item.vector is not None,
        "vector": list(item.vector) if item.vector is not None else [0.0] * dimensions,
        "has_context": item.context_vector is not None,
        "context_vector": list(item.context_vector) if item.context_vector is not None else [0.0] * dimensions,
    }


def row_vectors(row: dict[str, Any]) -> tuple[tuple[float, ...] | None, tuple[float, ...] | None]:
    """A row's turn and context vectors, each None where its flag says the slot is empty (zeros)."""
    vector, context = row.get("vector"), row.get("context_vector")
    return (tuple(vector) if row.get("has_vector") and vector is not None else None,
            tuple(context) if row.get("has_context") and context else None)


def from_row(row: dict[str, Any]) -> MemoryItem:
    """A row as an item. A value no jarvisd writes (a hand edit, another program, a bit flip: metadata that is no JSON
    object, a time past year 9999, no content) is read as empty with one log line for the row, never raised: pass 68
    found one such row made every recall and every `/remember` fail ("restart jarvisd", which did not help), and a row
    without content ended `jarvisd chat`. The row is kept as it is on disk until jarvisd writes it again."""
    vector, context_vector = row_vectors(row)
    damaged: list[str] = []
    item = MemoryItem(
        id=row["id"], user=row["user"], agent=row["agent"], session=_text(row, "session", damaged),
        kind=row["kind"], layer=row["layer"], source=_text(row, "source", damaged),
        content=_text(row, "content", damaged), created_at=_time(row, "created_us", damaged) or from_us(0),
        importance=_importance(row, damaged), last_accessed=_time(row, "accessed_us", damaged) if row["accessed_us"] else None,
        rehearsals=row["rehearsals"] if isinstance(row["rehearsals"], int) else _damaged(damaged, "rehearsals", 0),
        topic=_text(row, "topic", damaged), superseded_by=_text(row, "superseded_by", damaged),
        metadata=_metadata(row, damaged),
        vector=vector, context_vector=context_vector,
    )
    if damaged:
        _say_damaged(str(row["id"]), damaged)
    return item


_SAID_DAMAGED: set[str] = set()


def _say_damaged(item_id: str, damaged: list[str]) -> None:
    """One warning per row a process reads (a recall reads the same row again and again)."""
    said = f"{item_id}: {', '.join(damaged)}"
    if said in _SAID_DAMAGED or len(_SAID_DAMAGED) > 10_000:
        return
    _SAID_DAMAGED.add(said)
    log.warning("memory: item %s has %s that jarvisd never writes; read as empty (the row on disk is left as it is)",
                item_id[:40], ", ".join(damaged))


def _damaged(damaged: list[str], what: str, value: Any) -> Any:
    damaged.append(what)
    return value


def _text(row: dict[str, Any], name: str, damaged: list[str]) -> str:
    value = row.get(name)
    return value if isinstance(value, str) else _damaged(damaged, f"{name} {value!r:.40}", "")


def _time(row: dict[str, Any], name: str, damaged: list[str]) -> datetime | None:
    value = row.get(name)
    try:
        return from_us(value)
    except (TypeError, ValueError, OverflowError, OSError):
        return _damaged(damaged, f"{name} {value!r:.40}", None)


def _importance(row: dict[str, Any], damaged: list[str]) -> float:
    value = row.get("importance")
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    return _damaged(damaged, f"importance {value!r:.40}", MemoryItem.__dataclass_fields__["importance"].default)


def _metadata(row: dict[str, Any], damaged: list[str]) -> dict[str, Any]:
    text = row.get("metadata")
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        value = None
    return value if isinstance(value, dict) else _damaged(damaged, f"metadata {text!r:.40}", {})
