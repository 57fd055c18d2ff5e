"""The backend/mic/voice status the HUD and tray show: the latest `StatusChanged` per part."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, Protocol

from jarvisd.events import EventBus, StatusChanged, Subscription

StatusSource = Callable[[], Mapping[str, Mapping[str, str]]]
"""`status()` -> {"backend": {"state": "embedded", "detail": "..."}, "mic": {"state": "muted"}, ...}"""


class MicControl(Protocol):
    """What the HUD's mic buttons and the tray's mic items drive (the voice part implements it).
    `talk(True)` opens the microphone for one utterance (push-to-talk), `talk(False)` releases it."""

    def set_muted(self, muted: bool) -> None | Awaitable[None]: ...

    def talk(self, pressed: bool) -> None | Awaitable[None]: ...


async def call_maybe_async(fn: Callable[..., Any], *args: Any) -> Any:
    result = fn(*args)
    return await result if inspect.isawaitable(result) else result


class StatusBoard:
    """Keeps the latest state of each part from the bus; call it for a snapshot (a `StatusSource`)."""

    def __init__(self, initial: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self._parts: dict[str, dict[str, str]] = {k: dict(v) for k, v in (initial or {}).items()}

    def __call__(self) -> dict[str, dict[str, str]]:
        return {part: dict(state) for part, state in self._parts.items()}

    def apply(self, event: StatusChanged) -> None:
        self._parts[event.part] = {"state": event.state, "detail": event.detail}

    def follow(self, bus: EventBus) -> Coroutine[Any, Any, None]:
        """Subscribe now, so every state published from here on is kept, and return the coroutine to run as a task
        for the daemon's lifetime. (Subscribed when the task first ran, the voice's "listening", published before
        the HUD started, was never shown: `/api/status` had no voice part until one changed, pass 53c's low.)"""
        return self._follow(bus.subscribe(maxsize=64, lossy=True))

    async def _follow(self, sub: Subscription) -> None:
        try:
            async for event in sub:
                if isinstance(event, StatusChanged):
                    self.apply(event)
        finally:
            sub.close()
