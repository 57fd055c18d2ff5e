"""`/remember reembed`: fill missing vectors (turn episodes' context vectors too), rebuild the context
vectors an older recipe made (`episodes.CONTEXT_RECIPE`), and rebuild every vector when the embedder's
dimensions changed."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from jarvisd.llm.base import Embedder
from jarvisd.memory.access import current_items
from jarvisd.memory.episodes import CONTEXT_RECIPE, embedding_text, exchange_of
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.stores.base import DimensionMismatch, MemoryStore

log = logging.getLogger(__name__)
LOG_EVERY_S = 10.0  # a progress line in the log at most this often (the chat command's bar)

Progress = bool | logging.Logger  # a bar on stderr (True), the bar's lines in a log, or nothing (False)


class _LogLines:
    """A file for tqdm that turns each refresh of the bar into one log line (the daemon has no
    terminal: `/remember reembed` from the HUD, voice or chat shows its progress in the log)."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger

    def write(self, text: str) -> None:
        line = text.strip("\r\n ")
        if line:
            self.logger.info("%s", line)

    def flush(self) -> None:
        pass


def progress_bar(total: int, desc: str, unit: str, progress: Progress) -> Any:
    """tqdm with rate and time left: on stderr for `progress=True`, as log lines (at most every
    LOG_EVERY_S) for a logger, nothing for False or no work."""
    if isinstance(progress, logging.Logger):
        return tqdm(total=total, desc=desc, unit=unit, file=_LogLines(progress), mininterval=LOG_EVERY_S,
                    ascii=True, disable=not total)
    return tqdm(total=total, desc=desc, unit=unit, disable=not progress or not total)


@dataclass(frozen=True)
class ReembedReport:
    embedded: int
    rebuilt: bool
    dimensions: int
    contexts: int = 0  # turn episodes given their context vector, or a new one for an older recipe's


def dimension_problem(store: MemoryStore, embedder: Embedder) -> str | None:
    """A sentence for the user when stored vectors and the embedder disagree, else None."""
    stored = store.vector_dimensions
    if stored is None or stored == embedder.dimensions:
        return None
    return str(DimensionMismatch(stored, embedder.dimensions))


def reembed(
    store: MemoryStore, embedder: Embedder, *, rebuild: bool = False, batch: int = 64, progress: Progress = True
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
    with progress_bar(total, "reembed", "item", progress) as bar:
        while True:
            todo = store.missing_vectors(limit=batch)
            if not todo:
                break
            vectors = embedder.embed([item.content for item in todo])
            fresh = current_items(store, todo)
            store.upsert([fresh[item.id].with_(vector=tuple(v)) for item, v in zip(todo, vectors, strict=True)
                          if item.id in fresh])
            done += len(todo)
            bar.update(len(todo))
    contexts = fill_contexts(store, embedder, batch=batch, progress=progress)
    return ReembedReport(embedded=done, rebuilt=rebuilt, dimensions=embedder.dimensions, contexts=contexts)


def stale_context(item: MemoryItem) -> bool:
    """A turn episode's context vector is missing or was made by an older `embedding_text` recipe."""
    return item.context_vector is None or item.metadata.get("context_recipe") != CONTEXT_RECIPE


def missing_contexts(items: list[MemoryItem]) -> list[tuple[MemoryItem, str]]:
    """Turn episodes with a turn before them in their session whose context vector is missing or stale
    (`stale_context`), each with the text `MemoryService.record_turn` would embed now
    (`episodes.embedding_text` of the stored episodes, which keep what working memory held, cut as the
    episode cuts it)."""
    sessions: dict[tuple[str, str, str], list[MemoryItem]] = {}
    for item in items:
        if item.source == "turn":
            sessions.setdefault((item.user, item.agent, item.session), []).append(item)
    work = []
    for turns in sessions.values():
        turns.sort(key=lambda it: int(it.metadata.get("turn", 0)))
        for before, item in zip(turns, turns[1:], strict=False):
            if stale_context(item) and item.vector is not None:
                text = embedding_text(item.content, exchange_of(before.content))
                if text != item.content:
                    work.append((item, text))
    return work


def fill_contexts(store: MemoryStore, embedder: Embedder, *, batch: int = 64, progress: Progress = True) -> int:
    """Give every turn episode that lacks one its context vector (a table written before they existed),
    and a new one to those an older recipe made."""
    work = missing_contexts(store.all_items())
    with progress_bar(len(work), "reembed context", "turn", progress) as bar:
        for start in range(0, len(work), batch):
            part = work[start : start + batch]
            vectors = embedder.embed([text for _, text in part])
            fresh = current_items(store, [item for item, _ in part])
            store.upsert([
                now.with_(context_vector=tuple(v), metadata={**now.metadata, "context_recipe": CONTEXT_RECIPE})
                for (item, _), v in zip(part, vectors, strict=True) if (now := fresh.get(item.id)) is not None
            ])
            bar.update(len(part))
    getattr(store, "flush", lambda: None)()
    return len(work)
