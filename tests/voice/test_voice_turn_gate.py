"""One turn gate over a voice turn: held from the user's first word until the answer's last sentence
has played, on real Whisper and piper (file edges in real time), so a reminder waiting on the gate
never speaks inside a turn."""

from __future__ import annotations

import asyncio
import dataclasses
import time

import pytest

from jarvisd.events import EventBus
from jarvisd.turn_gate import TurnGate
from jarvisd.voice.build import build_pipeline
from jarvisd.voice.events import SpeechStarted, TurnEnded, TurnStarted
from jarvisd.voice.files import WavFileSink, WavFileSource
from jarvisd.voice.settings import VoiceSettings
from tests.voice.conftest import espeak
from tests.voice.test_voice_files import scripted

ANSWER = "You have a design review at ten. After that, lunch with your team at noon."


class Timeline:
    """Every bus event with the time it was seen, and what the gate said at that moment."""

    def __init__(self, bus: EventBus, gate: TurnGate) -> None:
        self.sub, self.gate = bus.subscribe(), gate
        self.seen: list[tuple[float, object, bool, frozenset[str]]] = []
        self.task = asyncio.create_task(self._follow())

    async def _follow(self) -> None:
        async for event in self.sub:
            self.seen.append((time.monotonic(), event, self.gate.is_idle, self.gate.busy_sessions()))

    def first(self, kind: type, **match: object) -> tuple[float, object, bool, frozenset[str]]:
        return next(row for row in self.seen if isinstance(row[1], kind)
                    and all(getattr(row[1], k) == v for k, v in match.items()))

    def close(self) -> None:
        self.task.cancel()
        self.sub.close()


def spoken_question(cfg, models, speech_dir):
    """A pipeline on a spoken question (file edges in real time), its gate and the bus's timeline."""
    question = espeak("What is on my calendar tomorrow morning?", speech_dir / "gate-question.wav")
    bus, gate = EventBus(), TurnGate()
    timeline = Timeline(bus, gate)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always", language="en")
    pipeline = build_pipeline(cfg, scripted(ANSWER), source=WavFileSource(question, realtime=True),
                              sink=WavFileSink(None, realtime=True), models=models, bus=bus, settings=settings,
                              gate=gate)
    return pipeline, gate, timeline


@pytest.mark.slow  # Whisper and piper, played in real time
async def test_the_gate_is_held_from_the_first_word_until_the_last_sentence_has_played(cfg, models, speech_dir):
    pipeline, gate, timeline = spoken_question(cfg, models, speech_dir)
    opened: list[float] = []

    async def reminder_waits() -> None:   # what DaemonScheduler.fire does before it speaks
        while gate.is_idle:
            await asyncio.sleep(0.01)
        await gate.wait_idle()
        opened.append(time.monotonic())

    waiter = asyncio.create_task(reminder_waits())
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
        await asyncio.wait_for(waiter, 10)
    finally:
        await pipeline.stop()
        timeline.close()
    started_at, _, idle_at_speech, _ = timeline.first(SpeechStarted)
    turn_at, turn, idle_at_turn, busy_at_turn = timeline.first(TurnStarted)
    ended_at, ended, _, _ = timeline.first(TurnEnded, utterance_id=turn.utterance_id)
    assert ended.completed and ended.text == ANSWER
    assert not idle_at_speech and not idle_at_turn and busy_at_turn == {"voice"}
    assert ended_at - turn_at > 2.0          # two sentences of piper, played in real time
    [at] = opened
    assert at >= ended_at - 0.05              # the gate opened only when the last sentence had played
    assert gate.is_idle and gate.busy_sessions() == frozenset()


@pytest.mark.slow  # Whisper and piper, played in real time
async def test_an_announcement_asked_for_during_a_turn_is_spoken_after_it(cfg, models, speech_dir):
    pipeline, _, timeline = spoken_question(cfg, models, speech_dir)
    spoken: list[bool] = []

    async def remind_when_the_turn_starts() -> None:
        while not any(isinstance(row[1], TurnStarted) for row in timeline.seen):
            await asyncio.sleep(0.01)
        spoken.append(await pipeline.announce("Reminder: call the bank.", "en"))

    reminder = asyncio.create_task(remind_when_the_turn_starts())
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
        await asyncio.wait_for(reminder, 20)
    finally:
        await pipeline.stop()
        timeline.close()
    turn_at, turn, _, _ = timeline.first(TurnStarted, origin="user")
    ended_at, ended, _, _ = timeline.first(TurnEnded, utterance_id=turn.utterance_id)
    said_at, said, _, _ = timeline.first(TurnStarted, origin="announcement")
    assert spoken == [True] and ended.completed
    assert said_at >= ended_at               # never inside the answer
