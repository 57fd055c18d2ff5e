"""`/remember reembed`: fill missing vectors, and rebuild them when the embedder's dimensions changed."""

from __future__ import annotations

from dataclasses import dataclass

from tqdm import tqdm

from jarvisd.llm.base import Embedder
from jarvisd.memory.stores.base import DimensionMismatch, MemoryStore


@dataclass(frozen=True)
class ReembedReport:
    embedded: int
    rebuilt: bool
    dimensions: int


def dimension_problem(store: MemoryStore, embedder: Embedder) -> str | None:
    """A sentence for the user when stored vectors and the embedder disagree, else None."""
    stored = store.vector_dimensions
    if stored is None or stored == embedder.dimensions:
        return None
    return str(DimensionMismatch(stored, embedder.dimensions))


def reembed(
    store: MemoryStore, embedder: Embedder, *, rebuild: bool = False, batch: int = 64, progress: bool = True
) -> ReembedReport:
    """Embed every item that has no vector. On a dimension change, refuse unless `rebuild`."""
    rebuilt = False
    if dimension_problem(store, embedder):
        if not rebuild:
            raise DimensionMismatch(store.vector_dimensions or 0, embedder.dimensions)
        store.reset_vectors(embedder.dimensions)
        rebuilt = True
    total = len(store.missing_vectors(limit=10**9))
    done = 0
    with tqdm(total=total, desc="reembed", unit="item", disable=not progress) as bar:
        while True:
            todo = store.missing_vectors(limit=batch)
            if not todo:
                break
            vectors = embedder.embed([item.content for item in todo])
            store.upsert([item.with_(vector=tuple(v)) for item, v in zip(todo, vectors, strict=True)])
            done += len(todo)
            bar.update(len(todo))
    return ReembedReport(embedded=done, rebuilt=rebuilt, dimensions=embedder.dimensions)
