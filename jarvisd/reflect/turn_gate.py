"""The turn gate: proactive speech waits while the user speaks or a turn is being answered.

The daemon holds the gate for each activity (`hold("speech")` on SpeechStarted, `hold("turn:<session>")`
on TurnStarted) and releases it when the activity ends. Holders are named, so an unbalanced release
(an event seen twice) cannot open the gate early or wedge it shut. The gate also remembers when the user
was last active, which is what the idle reflection trigger and idle consolidation measure.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

TURN_PREFIX = "turn:"


class TurnGate:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._holders: set[str] = set()
        self._idle = asyncio.Event()
        self._idle.set()
        self.last_activity = clock()

    @property
    def is_idle(self) -> bool:
        return not self._holders

    def touch(self) -> None:
        """The user did something (spoke, typed, clicked): restart the idle count."""
        self.last_activity = self.clock()

    def hold(self, name: str) -> None:
        self._holders.add(name)
        self._idle.clear()
        self.touch()

    def release(self, name: str) -> None:
        self._holders.discard(name)
        self.touch()
        if not self._holders:
            self._idle.set()

    def turn_started(self, session: str = "default") -> None:
        self.hold(TURN_PREFIX + session)

    def turn_ended(self, session: str = "default") -> None:
        self.release(TURN_PREFIX + session)

    @asynccontextmanager
    async def turn(self, session: str = "default") -> AsyncIterator[None]:
        self.turn_started(session)
        try:
            yield
        finally:
            self.turn_ended(session)

    def busy_sessions(self) -> frozenset[str]:
        """Sessions answering right now: reflection and idle consolidation skip them."""
        return frozenset(h[len(TURN_PREFIX):] for h in self._holders if h.startswith(TURN_PREFIX))

    def idle_for(self) -> float:
        """Seconds since the user was last active; 0 while anything holds the gate."""
        return 0.0 if self._holders else max(0.0, self.clock() - self.last_activity)

    async def wait_idle(self) -> None:
        while self._holders:
            await self._idle.wait()
