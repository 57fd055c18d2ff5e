"""The long-term memory item: its kind, where it came from, which layer it lives in.

The layer decides who may read an item (see `access.py`); the source decides the layer, following the
seed's write table. Anything not in the table is an episode in the agent's EDM.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal

Kind = Literal["semantic", "episodic", "procedural"]
Layer = Literal["profile", "edm", "pdm"]

PROFILE_SOURCES = frozenset({"explicit", "extracted", "housing_profile"})
PROCEDURAL_SOURCES = frozenset({"task_pattern"})
EPISODIC_SOURCES = frozenset(
    {"turn", "turn_part", "manual_compact", "thought", "journal", "delegation", "promoted"}
)
KNOWN_SOURCES = PROFILE_SOURCES | PROCEDURAL_SOURCES | EPISODIC_SOURCES

EXPLICIT_IMPORTANCE = 0.8
DEFAULT_IMPORTANCE = 0.5


def layer_for(source: str) -> Layer:
    if source in PROFILE_SOURCES:
        return "profile"
    if source in PROCEDURAL_SOURCES:
        return "pdm"
    return "edm"


def kind_for(layer: Layer) -> Kind:
    return {"profile": "semantic", "edm": "episodic", "pdm": "procedural"}[layer]  # type: ignore[return-value]


def natural_id(*parts: object) -> str:
    """A stable item id from a natural key, so rewriting the same thing updates one item."""
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class MemoryItem:
    id: str
    user: str
    agent: str
    session: str
    kind: Kind
    layer: Layer
    source: str
    content: str
    created_at: datetime
    importance: float = DEFAULT_IMPORTANCE
    last_accessed: datetime | None = None
    rehearsals: int = 0
    topic: str = ""
    superseded_by: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    vector: tuple[float, ...] | None = None
    # turn episodes: a second vector of the turn with the words before it (`episodes.embedding_text`);
    # relevance takes the higher of the two cosines (`best_cosine`). None: the turn vector alone.
    context_vector: tuple[float, ...] | None = None

    @property
    def at(self) -> datetime:
        """When the event happened (episodes may carry an explicit event time)."""
        return self.created_at

    def with_(self, **changes: Any) -> MemoryItem:
        return replace(self, **changes)


def new_item(
    *,
    user: str,
    agent: str,
    session: str,
    source: str,
    content: str,
    created_at: datetime,
    item_id: str,
    importance: float = DEFAULT_IMPORTANCE,
    topic: str = "",
    metadata: dict[str, Any] | None = None,
    vector: tuple[float, ...] | None = None,
    context_vector: tuple[float, ...] | None = None,
) -> MemoryItem:
    layer = layer_for(source)
    return MemoryItem(
        id=item_id,
        user=user,
        agent=agent,
        session=session,
        kind=kind_for(layer),
        layer=layer,
        source=source,
        content=content,
        created_at=created_at,
        importance=importance,
        topic=topic,
        metadata=dict(metadata or {}),
        vector=vector,
        context_vector=context_vector,
    )
