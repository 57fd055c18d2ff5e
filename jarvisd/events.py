"""The in-process event bus: parts publish typed events, others subscribe, nobody reaches into another
part's internals. The HUD, tray, TTS and logs all see the same stream, and a test can watch it.

Each subscriber has a bounded queue. When it is full, a `lossy` subscriber (a display) loses its
oldest event that a later one makes up for (an agenda change or a status: the display re-reads), never
one said once (`kept`: a reminder, a transcript line, an approval) while another can go; a lossless one
(speech) makes the publisher wait, so nothing it must hear is dropped.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # the domain type, for annotations only: the bus imports nothing of the parts it carries
    from jarvisd.openloop.model import AgendaChange


@dataclass(frozen=True)
class Event:
    at: float = field(default_factory=time.time, kw_only=True)
    kept: ClassVar[bool] = False  # said once, nothing later makes up for it: a full display drops others first

    @property
    def kind(self) -> str:
        """snake_case name used on the wire (HUD server-sent events): AgendaChanged -> agenda_changed."""
        name = type(self).__name__
        return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))

    def payload(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class AgendaChanged(Event):
    """The agenda changed. Published only by its owner, `OpenLoopService`, after each of its writes that
    changed something: `reason` names the write ("judgement", "done", "dismissed", "reopened",
    "rescheduled", "muted", "added", "expired") and `change` is its `AgendaChange`."""

    reason: str = ""
    change: AgendaChange | None = None

    def payload(self) -> dict[str, Any]:
        """On the wire the loops are named by id; a listener re-reads the agenda for the rest."""
        change = self.change
        ids = {part: [loop.id for loop in getattr(change, part)] if change is not None else []
               for part in ("opened", "updated", "closed")}
        return {"at": self.at, "reason": self.reason, **ids}


@dataclass(frozen=True)
class TranscriptLine(Event):
    kept: ClassVar[bool] = True
    role: str  # "user" | "assistant" | "system"
    text: str
    session: str = "default"
    lang: str = ""


@dataclass(frozen=True)
class ReminderDue(Event):
    kept: ClassVar[bool] = True
    loop_id: str
    lead_min: int
    text: str


@dataclass(frozen=True)
class StatusChanged(Event):
    part: str  # "backend" | "mic" | "voice" | "tray" | ...
    state: str
    detail: str = ""


class EventQueue(asyncio.Queue):  # type: ignore[type-arg]
    """A subscriber's queue that can make room by the rule above."""

    def drop_one(self) -> None:
        """Drop the oldest event a later one makes up for; if every waiting event is `kept`, the oldest."""
        waiting = self._queue  # type: ignore[attr-defined]  # asyncio.Queue's deque, as its subclasses use it
        for i, event in enumerate(waiting):
            if not event.kept:
                del waiting[i]   # by place: comparing dataclasses field by field would cost more
                return
        self.get_nowait()


class Subscription:
    def __init__(self, bus: EventBus, maxsize: int, lossy: bool) -> None:
        self._bus, self.lossy = bus, lossy
        self.queue: EventQueue = EventQueue(maxsize=maxsize)
        self.dropped = 0
        self.loop = _running_loop()  # the loop that reads it; None: subscribed outside any loop

    def deliver_nowait(self, event: Event) -> None:
        """Lossy: drop the oldest to make room. Lossless: only call when the queue has room."""
        while self.lossy and self.queue.full():
            self.queue.drop_one()
            self.dropped += 1
        self.queue.put_nowait(event)

    async def deliver(self, event: Event) -> None:
        if self.lossy:
            self.deliver_nowait(event)
        else:
            await self.queue.put(event)

    async def get(self) -> Event:
        return await self.queue.get()

    async def __aiter__(self) -> AsyncIterator[Event]:
        while True:
            yield await self.queue.get()

    def close(self) -> None:
        self._bus.unsubscribe(self)


class EventBus:
    def __init__(self) -> None:
        self._subscribers: list[Subscription] = []

    def subscribe(self, maxsize: int = 256, lossy: bool = True) -> Subscription:
        sub = Subscription(self, maxsize, lossy)
        self._subscribers.append(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        if sub in self._subscribers:
            self._subscribers.remove(sub)

    async def publish(self, event: Event) -> None:
        for sub in list(self._subscribers):
            await sub.deliver(event)

    def publish_nowait(self, event: Event) -> None:
        """From synchronous code on any thread (a worker thread, the tray's): each subscriber gets the
        event on its own loop, in the order published; on that loop's thread it is queued at once. A
        full lossless subscriber gets the event as soon as it has room."""
        running = _running_loop()
        for sub in list(self._subscribers):
            if sub.loop is None or sub.loop is running:
                _deliver_soon(sub, event)
            elif not sub.loop.is_closed():
                sub.loop.call_soon_threadsafe(_deliver_soon, sub, event)

    @property
    def subscriber_count(self) -> int:
        return len(self._subscribers)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _deliver_soon(sub: Subscription, event: Event) -> None:
    """On the subscriber's loop (or with no loop at all): queue now, or wait for room if lossless."""
    if sub.lossy or not sub.queue.full():
        sub.deliver_nowait(event)
    else:
        asyncio.get_running_loop().create_task(sub.deliver(event))
