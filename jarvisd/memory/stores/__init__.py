"""Long-term memory stores: in-memory and LanceDB, one contract (`base.MemoryStore`)."""

from jarvisd.memory.stores.base import MemoryStore, StoreQuery
from jarvisd.memory.stores.memory import InMemoryStore

__all__ = ["InMemoryStore", "MemoryStore", "StoreQuery"]
