"""The agenda's store as configured: `open_store(kind, cfg, embedder)` picks memory, JSONL or LanceDB.

It sits above both store modules (`stores` holds the protocol, the memory and JSONL stores and what
every store shares; `lance_store` builds on them), so neither imports the other's way back.
"""

from __future__ import annotations

from typing import Any

from jarvisd.llm.base import Embedder
from jarvisd.openloop.embeddings import LoopEmbeddings, threshold_for
from jarvisd.openloop.owner import place_of
from jarvisd.openloop.stores import JSONL_NAME, JsonlLoopStore, LoopStore, MemoryLoopStore


def open_store(kind: str, cfg: Any, embedder: Embedder | None = None, read_only: bool = False) -> LoopStore:
    """The store named by `openloop.store`: memory | jsonl (<data dir>/openloops.jsonl) |
    lancedb (table `open_loops` at the memory store URI), for the data folder's owner; another `general.user`'s
    agenda is in a place of its own (`owner.agenda_place`). The embedder's threshold comes from
    `openloop.same_loop_threshold`. `read_only` (`jarvisd doctor`): a LanceDB table from before a column is read
    as it is, not given the column (a write); the JSONL log is opened for reading only."""
    embeddings = None
    if embedder is not None:
        threshold = threshold_for(embedder.name, dict(cfg.openloop.same_loop_threshold))
        embeddings = LoopEmbeddings(embedder, threshold)
    if kind == "memory":
        return MemoryLoopStore(embeddings)
    if kind == "jsonl":
        return JsonlLoopStore(place_of(cfg, claim=not read_only).folder / JSONL_NAME, embeddings, read_only=read_only)
    if kind == "lancedb":
        from jarvisd.openloop.lance_store import LanceLoopStore

        return LanceLoopStore(cfg.store_uri, table=place_of(cfg, claim=not read_only).table, embeddings=embeddings,
                              read_only=read_only)
    raise ValueError(f"unknown open-loop store {kind!r} (memory | jsonl | lancedb)")
