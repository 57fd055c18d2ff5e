"""Memory: scopes, working memory, long-term items, recall and the stores (seed 003).

The agent loop uses `MemoryService.observe` / `record_turn` / `reinforce`; see docs/memory.md.
"""

from jarvisd.memory.context import MemoryContext
from jarvisd.memory.items import MemoryItem
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService

__all__ = ["MemoryContext", "MemoryItem", "MemoryScope", "MemoryService"]
