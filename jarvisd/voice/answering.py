"""The speaking side of the voice pipeline: a turn answered out loud, announcements, asked questions.

A turn streams the answer function's text deltas through a `SentenceSplitter` into the `SpeechQueue`,
holding the turn gate (`turn:<session>#<utterance id>`) from its start until its last sentence has
played or it was cut. A newer turn (or barge-in, or the HUD's stop) cancels the answer being written and
nothing queued for the stale utterance plays. Announcements (reminders) wait until the pipeline has held
nothing for a moment; a question a running turn waits on is said inside that turn's answer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable

from jarvisd.events import EventBus
from jarvisd.sentences import SentenceSplitter, split_sentences
from jarvisd.turn_gate import turn_name
from jarvisd.voice.activation import Activation
from jarvisd.voice.events import AnswerDelta, TurnEnded, TurnStarted
from jarvisd.voice.gate_holds import GateHolds
from jarvisd.voice.speaking import SpeechQueue

log = logging.getLogger("jarvisd.voice")

AnswerFn = Callable[[str, str, int], AsyncIterator[str]]
"""answer(text, lang, utterance_id) -> async iterator of text deltas (the agent's streamed reply)."""


class SpokenTurns:
    def __init__(self, *, speech: SpeechQueue, bus: EventBus, holds: GateHolds, activation: Activation,
                 answer: AnswerFn, session: str) -> None:
        self.speech, self.bus, self.holds, self.activation = speech, bus, holds, activation
        self.answer, self.session = answer, session
        self._next_id = 0
        self._writer: asyncio.Task[None] | None = None  # the answer being written for the current turn

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    @property
    def writing(self) -> bool:
        return self._writer is not None and not self._writer.done()

    def cancel(self) -> None:
        """The answer being written stops (what it queued is the speech queue's to drop)."""
        if self.writing:
            assert self._writer is not None
            self._writer.cancel()

    async def start(self, text: str, lang: str, utterance_id: int | None = None) -> bool:
        """Answer `text` out loud; True when the whole answer was spoken, False when it was cut. The turn
        holds the gate from here until its last sentence has played (or it was cut)."""
        utterance_id = utterance_id if utterance_id is not None else self.new_id()
        hold = turn_name(self.session, utterance_id)
        self.holds.hold(hold)
        try:
            return await self._answer_aloud(text, lang, utterance_id)
        finally:
            self.holds.release(hold)

    async def announce(self, text: str, lang: str = "en", quiet_sec: float = 0.5) -> bool:
        """Speak `text` (a reminder) through the same TTS queue without talking over anyone: waits
        until the pipeline has held nothing for `quiet_sec` (the user not speaking, nothing being
        recognized, no turn answering or playing). Barge-in cuts it like any answer. Returns True when
        it was spoken to the end."""
        await self.holds.quiet_for(quiet_sec)
        utterance_id = self.new_id()
        hold = f"voice:announce#{utterance_id}"
        self.holds.hold(hold)
        try:
            done = self.speech.begin(utterance_id)
            self.bus.publish_nowait(TurnStarted(utterance_id, text, lang, origin="announcement"))
            for sentence in split_sentences(text):
                self.speech.say(utterance_id, sentence)
            self.speech.end(utterance_id)
            completed = await done
        finally:
            self.holds.release(hold)
        self.bus.publish_nowait(TurnEnded(utterance_id, completed, text))
        return completed

    async def ask(self, text: str, lang: str = "en") -> bool:
        """Say a question a running turn waits on (an approval). Inside the answer being spoken when there
        is one: that answer cannot end before the user replies, so `announce`, which waits for quiet,
        would only speak after the wait. Otherwise as an announcement."""
        current = self.speech.current_id
        if current is not None and self.writing:
            for sentence in split_sentences(text):
                self.speech.say(current, sentence)
            return True
        return await self.announce(text, lang)

    async def _answer_aloud(self, text: str, lang: str, utterance_id: int) -> bool:
        self.cancel()
        self.activation.hold_follow_up()  # engaged: what the user says while we answer needs no wake phrase
        done = self.speech.begin(utterance_id)  # interrupts older output
        self.bus.publish_nowait(TurnStarted(utterance_id, text, lang))
        parts: list[str] = []
        writer = self._writer = asyncio.create_task(self._write(utterance_id, text, lang, parts))
        try:
            await writer
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not writer.cancelled() or (task is not None and task.cancelling()):
                raise  # we are being cancelled ourselves, not just the answer
        completed = await done
        full = "".join(parts).strip()
        # the transcript's lines are the assistant's to publish (Assistant.turn), not the pipeline's
        self.bus.publish_nowait(TurnEnded(utterance_id, completed, full))
        self.activation.open_follow_up(time.time())
        return completed

    async def _write(self, utterance_id: int, text: str, lang: str, parts: list[str]) -> None:
        """Stream the answer into sentences for the speech queue; cancelled when the turn goes stale."""
        splitter = SentenceSplitter(quick_start=True)
        try:
            async for delta in self.answer(text, lang, utterance_id):
                if self.speech.current_id != utterance_id:
                    return
                parts.append(delta)
                self.bus.publish_nowait(AnswerDelta(utterance_id, delta))
                for sentence in splitter.feed(delta):
                    self.speech.say(utterance_id, sentence)
            for sentence in splitter.flush():
                self.speech.say(utterance_id, sentence)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("voice: the answer for utterance %d failed", utterance_id)
        self.speech.end(utterance_id)
