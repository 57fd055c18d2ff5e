"""The store contract. A store computes nothing semantic: it filters, matches and orders.

Every read takes an `AccessFilter` and the store applies it (user first, then agent per layer), so a
caller cannot forget the read policy. Keyword matching is on query terms as substrings of the
lower-cased content; vector matching keeps cosine >= `min_cosine` (an item's higher cosine of its turn
and context vectors); the "keyword" order ranks matching rows by the summed caller-given weights of the
terms they contain.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol, TypeVar

from jarvisd.memory.access import AccessFilter
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scoring import MIN_COSINE, Candidate

F = TypeVar("F", bound=Callable[..., Any])


def locked(method: F) -> F:
    """Run a store method under the store's `_lock` (agent turns call stores from worker threads)."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]

Order = Literal["recent", "importance", "vector", "keyword"]


class DimensionMismatch(RuntimeError):
    """The store's vectors and the embedder disagree on dimensions."""

    def __init__(self, stored: int, embedder: int) -> None:
        self.stored, self.embedder = stored, embedder
        super().__init__(
            f"stored vectors have {stored} dimensions but the embedder makes {embedder}; "
            "run `/remember reembed` to rebuild the vectors"
        )


@dataclass(frozen=True)
class StoreQuery:
    access: AccessFilter
    terms: tuple[str, ...] = ()
    term_weights: tuple[float, ...] = ()  # order "keyword": rows by the summed weights of their terms
    vector: tuple[float, ...] | None = None
    min_cosine: float = MIN_COSINE
    order: Order = "recent"
    limit: int = 12
    kinds: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    exclude_sources: tuple[str, ...] = ()
    session: str = ""
    agent: str = ""
    topic: str = ""
    task_type: str = ""
    outcome: str = ""
    since: datetime | None = None
    until: datetime | None = None  # exclusive
    include_superseded: bool = False
    match_required: bool = True  # False: every allowed row is a candidate (filter-only reads)


class MemoryStore(Protocol):
    @property
    def vector_dimensions(self) -> int | None: ...

    def upsert(self, items: Sequence[MemoryItem]) -> None: ...

    def get(self, ids: Sequence[str], access: AccessFilter) -> list[MemoryItem]: ...

    def search(self, query: StoreQuery) -> list[Candidate]: ...

    def gather(self, query: StoreQuery, orders: Sequence[Order]) -> list[Candidate]:
        """The union of `search` under each order (same filters), each cut to `query.limit`."""
        ...

    def cosines(self, ids: Sequence[str], vector: Sequence[float]) -> dict[str, float]:
        """Each of `ids`' relevance cosine to `vector`: the higher of its turn and context vectors'
        (`scoring.best_cosine`). Ids without a vector, or not stored, are left out. Recall asks this for
        candidates it already has, with the query moved by feedback (`feedback.py`)."""
        ...

    def term_counts(self, query: StoreQuery) -> tuple[int, list[int]]:
        """How many rows the query's filters allow (terms ignored), and how many of them contain each
        of its terms (the keyword arm's rarity weights, `scoring.rarity_weights`)."""
        ...

    def touch(self, ids: Sequence[str], when: datetime, rehearsed: Sequence[str] = ()) -> None:
        """Set `last_accessed`; add one rehearsal to the ids in `rehearsed`."""
        ...

    def delete(self, ids: Sequence[str]) -> None: ...

    def delete_session(self, user: str, agent: str, session: str, sources: Sequence[str]) -> int: ...

    def count(self) -> int: ...

    def count_without_vector(self) -> int:
        """How many items have no vector (any user): what `/remember reembed` would fill."""
        ...

    def missing_vectors(self, limit: int) -> list[MemoryItem]:
        """Items without a vector (any user): the work list of `/remember reembed`."""
        ...

    def all_items(self, batch: int = 1000) -> list[MemoryItem]: ...

    def reset_vectors(self, dimensions: int) -> None:
        """Drop every vector and accept `dimensions` from now on (an embedder change)."""
        ...
