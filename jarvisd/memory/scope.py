"""Who a memory belongs to: every read and write takes a `MemoryScope`, nothing reads a global user."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MemoryScope:
    user: str
    agent: str
    session: str

    def __post_init__(self) -> None:
        for name in ("user", "agent", "session"):
            if not getattr(self, name):
                raise ValueError(f"MemoryScope.{name} must not be empty")

    @classmethod
    def delegated(cls, caller_scope: MemoryScope, agent: str, session: str) -> MemoryScope:
        """A session opened by delegation or agent-to-agent talk takes its user from the caller."""
        return cls(user=caller_scope.user, agent=agent, session=session)

    def in_session(self, session: str) -> MemoryScope:
        return MemoryScope(self.user, self.agent, session)
