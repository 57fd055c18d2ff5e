"""The turn gate: proactive speech waits while the user speaks or a turn is being answered.

Each activity holds the gate under its own name and releases it when it ends: the voice pipeline holds
it while the user speaks (`voice:hearing`), while an utterance is recognized (`voice:recognizing`) and
for a voice turn from its start until its last sentence has played (`turn:voice#<utterance id>`); the
daemon holds it for a typed turn (`turn:hud`). Holders are named, so an unbalanced release cannot open
the gate early or wedge it shut, and a turn's id in its name keeps two overlapping turns of one session
apart (the older one's end cannot release the newer one). The gate also remembers when the user was
last active, which is what the idle reflection trigger and idle consolidation measure.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

TURN_PREFIX = "turn:"
TURN_ID_MARK = "#"


def turn_name(session: str, turn_id: int | str | None = None) -> str:
    """The holder name of a session's turn: `turn:voice#12`, or `turn:hud` for a session with one turn
    at a time."""
    return TURN_PREFIX + session + ("" if turn_id is None else f"{TURN_ID_MARK}{turn_id}")


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

    def turn_started(self, session: str = "default", turn_id: int | str | None = None) -> None:
        self.hold(turn_name(session, turn_id))

    def turn_ended(self, session: str = "default", turn_id: int | str | None = None) -> None:
        self.release(turn_name(session, turn_id))

    @asynccontextmanager
    async def turn(self, session: str = "default", turn_id: int | str | None = None) -> AsyncIterator[None]:
        self.turn_started(session, turn_id)
        try:
            yield
        finally:
            self.turn_ended(session, turn_id)

    def busy_sessions(self) -> frozenset[str]:
        """Sessions answering right now: reflection and idle consolidation skip them."""
        return frozenset(h[len(TURN_PREFIX):].split(TURN_ID_MARK, 1)[0]
                         for h in self._holders if h.startswith(TURN_PREFIX))

    def idle_for(self) -> float:
        """Seconds since the user was last active; 0 while anything holds the gate."""
        return 0.0 if self._holders else max(0.0, self.clock() - self.last_activity)

    async def wait_idle(self) -> None:
        while self._holders:
            await self._idle.wait()
