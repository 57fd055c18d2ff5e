"""LanceDB's own indexes on the store's table: a cosine IVF-PQ index on the vectors (and on the turn
episodes' context vectors) and a B-tree on `id`, built once the table holds `index_threshold`
vectors and kept current as rows are added. They answer the vector arm above `resident_rows`, where
the store's in-process copy keeps no vectors (`lance_resident.py`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Coroutine
from typing import Any

from lancedb.index import BTree, IvfPq

Commit = Callable[[Coroutine[Any, Any, Any]], Coroutine[Any, Any, None]]


class VectorIndex:
    """What the table's vector index covers: whether one exists, how many rows it was trained on
    (`indexed_rows`) and how many rows were added since (`unindexed`)."""

    def __init__(self) -> None:
        self.built = False
        self.indexed_rows = 0
        self.unindexed = 0

    async def read(self, table: Any) -> None:
        """The state of the indexes of an opened table."""
        self.unindexed = 0
        self.built = any("vector" in idx.columns for idx in await table.list_indices())
        self.indexed_rows = await self._count_indexed(table) if self.built else 0

    async def _count_indexed(self, table: Any) -> int:
        for idx in await table.list_indices():
            if "vector" in idx.columns:
                stats = await table.index_stats(idx.name)
                self.unindexed = stats.num_unindexed_rows if stats else 0
                return stats.num_indexed_rows if stats else 0
        return 0

    def reset(self) -> None:
        """The table was rewritten without indexes."""
        self.built, self.indexed_rows, self.unindexed = False, 0, 0

    async def maybe_build(self, table: Any, commit: Commit, dimensions: int, threshold: int) -> None:
        """Build the IVF-PQ index (and a B-tree on `id`) at `threshold` vectors; afterwards fold
        new rows into it once a tenth of the table is unindexed, and retrain when the table has
        grown fourfold since the last training (partitions follow sqrt(rows)). Every build goes
        through `commit` (the store keeps its resident copy in step with it)."""
        if self.built and self.unindexed < max(1_000, self.indexed_rows // 10):
            return
        vectors = await table.count_rows("has_vector = true")
        if vectors < threshold:
            return
        if self.built and vectors < 4 * self.indexed_rows:
            await commit(table.optimize())
            self.unindexed = 0
            return
        partitions = max(1, int(math.sqrt(vectors)))
        sub_vectors = dimensions // 16 if dimensions % 16 == 0 else max(1, dimensions // 8)
        config = IvfPq(distance_type="cosine", num_partitions=partitions, num_sub_vectors=sub_vectors)
        await commit(table.create_index("vector", config=config, replace=True))
        contexts = await table.count_rows("has_context = true")
        if contexts >= threshold:  # turn episodes' context vectors, searched beside the turn's
            await commit(table.create_index("context_vector", config=config, replace=True))
        if not self.built:
            await commit(table.create_index("id", config=BTree(), replace=True))
        self.built, self.indexed_rows, self.unindexed = True, vectors, 0
