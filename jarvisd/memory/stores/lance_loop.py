"""The LanceDB store's event-loop thread: the store speaks LanceDB's async API on one private asyncio
loop, shared by every `LanceMemoryStore` of the process, one hand-off per operation."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """One daemon thread running an asyncio loop for every LanceMemoryStore of the process."""

    _lock = threading.Lock()
    _instance: LoopThread | None = None

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="memory-lancedb", daemon=True).start()

    @classmethod
    def get(cls) -> LoopThread:
        with cls._lock:
            if cls._instance is None:
                cls._instance = cls()
            return cls._instance

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()
