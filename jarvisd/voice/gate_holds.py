"""The voice pipeline's holds on the daemon's turn gate, and the wait for them to be over.

The pipeline holds the gate while the user speaks (`voice:hearing`), while an utterance is recognized
(`voice:recognizing`), for each turn until its last sentence has played (`turn:voice#<id>`) and while
it says an announcement (`voice:announce#<id>`). It keeps its own record of what it holds, so an
announcement can wait for the pipeline to be quiet without waiting on the HUD's turns (an approval asked
from a HUD turn is spoken while that turn holds the gate)."""

from __future__ import annotations

import asyncio

from jarvisd.turn_gate import TurnGate


class GateHolds:
    def __init__(self, gate: TurnGate) -> None:
        self.gate = gate
        self._held: set[str] = set()
        self._changed = asyncio.Event()

    def __bool__(self) -> bool:
        return bool(self._held)

    def hold(self, name: str) -> None:
        if name not in self._held:
            self._held.add(name)
            self.gate.hold(name)
            self._changed.set()

    def release(self, name: str) -> None:
        if name in self._held:
            self._held.discard(name)
            self.gate.release(name)
            self._changed.set()

    def hold_while(self, name: str, on: bool) -> None:
        if on:
            self.hold(name)
        else:
            self.release(name)

    def release_all(self) -> None:
        for name in list(self._held):
            self.release(name)

    async def quiet_for(self, quiet_sec: float) -> None:
        """Until nothing has been held for `quiet_sec` seconds."""
        while True:
            self._changed.clear()
            if self._held:
                await self._changed.wait()
                continue
            try:
                await asyncio.wait_for(self._changed.wait(), quiet_sec)
            except TimeoutError:
                if not self._held:
                    return
