"""Shared fixtures: a hand-driven clock in Seoul wall-clock time, the real agenda service on an in-memory
store, a recording speaker and a turn gate on the same clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore
from jarvisd.turn_gate import TurnGate

SEOUL = ZoneInfo("Asia/Seoul")


def local_ms(text: str, tz: ZoneInfo = SEOUL) -> int:
    """`local_ms("2026-10-15 15:00")` -> UTC epoch ms of that Seoul wall-clock time."""
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp() * 1000)


class ScriptedClock:
    """UTC epoch seconds, moved by hand in local wall-clock terms."""

    def __init__(self, start: str) -> None:
        self.now = local_ms(start) / 1000

    def __call__(self) -> float:
        return self.now

    def set_local(self, text: str) -> None:
        self.now = local_ms(text) / 1000

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Speaker:
    """The daemon's `speak(text, lang)`: records what would go to the TTS queue."""

    def __init__(self) -> None:
        self.spoken: list[tuple[str, str]] = []

    async def __call__(self, text: str, lang: str) -> None:
        self.spoken.append((text, lang))

    @property
    def texts(self) -> list[str]:
        return [text for text, _ in self.spoken]


@pytest.fixture
def seoul() -> ZoneInfo:
    return SEOUL


@pytest.fixture
def clock() -> ScriptedClock:
    return ScriptedClock("2026-10-15 09:00")


@pytest.fixture
def at() -> Callable[[str], int]:
    return local_ms


@pytest.fixture
def agenda(clock: ScriptedClock) -> OpenLoopService:
    return OpenLoopService(MemoryLoopStore(), tz=SEOUL, clock=clock)


@pytest.fixture
def speaker() -> Speaker:
    return Speaker()


@pytest.fixture
def gate(clock: ScriptedClock) -> TurnGate:
    return TurnGate(clock=clock)
