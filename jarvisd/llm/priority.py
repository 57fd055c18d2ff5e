"""Who generates next on a model that runs one generation at a time: the user's turn first.

An in-process model (llama.cpp) has one context, so the reply, the open-loop judge, reflection and
consolidation take turns on it. First come, first served would let a background call that started a
moment earlier hold the user's reply for its whole length (minute-long waits on a loaded 2-core
machine). Here a foreground request stops a running background generation at once (its caller gets
`Preempted` and treats it as any backend failure: the judge applies the dismissal rule only, the
reflection tick says nothing, consolidation retries next tick), and background requests wait while any
foreground request is running or waiting.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from jarvisd.llm.base import BackendError


class Preempted(BackendError):
    """A background generation stopped because the user's turn needed the model."""


class ModelQueue:
    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed = asyncio.Condition()
        self._running: tuple[threading.Event, bool] | None = None  # (its stop event, is background)
        self._foreground_waiting = 0

    def _bind(self) -> asyncio.Condition:
        """asyncio primitives belong to one event loop; a command that runs `asyncio.run` per turn
        brings a new one, and nothing of the old loop can still hold or wait for the model."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._changed = loop, asyncio.Condition()
            self._running, self._foreground_waiting = None, 0
        return self._changed

    @asynccontextmanager
    async def generation(self, stop: threading.Event, *, background: bool) -> AsyncIterator[None]:
        """Hold the model for one generation; `stop` is set when a foreground request preempts it."""
        changed = self._bind()
        async with changed:
            if not background:
                self._foreground_waiting += 1
                if self._running is not None and self._running[1]:
                    self._running[0].set()  # the background generation ends at its next step
            try:
                await changed.wait_for(
                    lambda: self._running is None and (not background or self._foreground_waiting == 0))
            finally:
                if not background:
                    self._foreground_waiting -= 1
                    changed.notify_all()  # a cancelled wait lets the background ones go
            self._running = (stop, background)
        try:
            yield
        finally:
            async with changed:
                self._running = None
                changed.notify_all()
