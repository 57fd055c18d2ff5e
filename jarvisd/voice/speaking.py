"""The speech queue: sentences in, synthesized speech out, in order, cancellable by utterance id.

Two stages joined by queues, both tagged with the utterance id that produced them: a synthesizer
(piper in a worker thread; sentence n+1 is synthesized while sentence n plays) and a player. Only
output for the *current* id is ever played: `interrupt()` clears the current id and stops the sink,
and every stage drops items whose id is not current when it dequeues them (GLaDOS's discipline).
Checking the id and starting playback happen in one synchronous step, so nothing stale can start
after an interrupt.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field

from jarvisd.events import EventBus
from jarvisd.voice.audio import AudioSink
from jarvisd.voice.events import Interrupted, PlaybackStarted, PlaybackStopped, SentenceReady
from jarvisd.voice.tts import Speech, SpeechSynthesizer

log = logging.getLogger("jarvisd.voice.speaking")


@dataclass
class _Output:
    utterance_id: int
    done: asyncio.Future[bool]
    sentences: int = 0
    played: int = 0
    dropped: int = 0  # sentences the speaker could not play (its device gone): the answer is not "finished"
    started: bool = False
    spoken: list[str] = field(default_factory=list)


_END = None  # end-of-answer marker in both queues


class SpeechQueue:
    def __init__(self, synthesizer: SpeechSynthesizer, sink: AudioSink, bus: EventBus) -> None:
        self.synthesizer = synthesizer
        self.sink = sink
        self.bus = bus
        self._text: asyncio.Queue[tuple[int, str | None]] = asyncio.Queue()
        self._audio: asyncio.Queue[tuple[int, Speech | None]] = asyncio.Queue()
        self._current: _Output | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.last_spoken_text = ""  # the words of the current/last answer, for the textual echo check
        self.last_output_end = 0.0  # time.time() when the last output finished or was cut

    # --- lifecycle -------------------------------------------------------------------------------
    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._synthesize(), name="voice-tts"),
                       asyncio.create_task(self._play(), name="voice-player")]

    async def stop(self) -> None:
        self.interrupt("shutdown")
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    # --- what the turn-taker calls ------------------------------------------------------------------
    @property
    def current_id(self) -> int | None:
        return self._current.utterance_id if self._current else None

    @property
    def busy(self) -> bool:
        """An answer is being produced or spoken."""
        return self._current is not None

    @property
    def audible(self) -> bool:
        """Speech is coming out of the speaker now."""
        return self._current is not None and self._current.started and self.sink.playing

    def begin(self, utterance_id: int) -> asyncio.Future[bool]:
        """Make `utterance_id` the one to speak (anything older is interrupted). The future resolves
        True when all of it was played, False when it was interrupted or a sentence could not be played."""
        if self._current is not None:
            self.interrupt("new_turn")
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._current = _Output(utterance_id, done)
        self.last_spoken_text = ""
        return done

    def say(self, utterance_id: int, sentence: str) -> None:
        if self.current_id == utterance_id:
            self._current.sentences += 1  # type: ignore[union-attr]
            self._text.put_nowait((utterance_id, sentence))

    def end(self, utterance_id: int) -> None:
        """No more sentences for this id; it finishes when the last one has played."""
        if self.current_id == utterance_id:
            self._text.put_nowait((utterance_id, _END))

    def interrupt(self, reason: str) -> int | None:
        """Stop speaking now and make the current id stale. Returns the id that was cut, if any."""
        out, self._current = self._current, None
        if out is None:
            return None
        self.sink.stop()
        self.last_output_end = time.time()
        _drain(self._text)
        _drain(self._audio)
        self.bus.publish_nowait(Interrupted(out.utterance_id, reason))
        if out.started:
            self.bus.publish_nowait(PlaybackStopped(out.utterance_id, "interrupted"))
        if not out.done.done():
            out.done.set_result(False)
        return out.utterance_id

    def spoken_text(self) -> str:
        return " ".join(self._current.spoken) if self._current else self.last_spoken_text

    # --- stages ----------------------------------------------------------------------------------
    def _stale(self, utterance_id: int) -> bool:
        return self.current_id != utterance_id

    async def _synthesize(self) -> None:
        index = 0
        while True:
            utterance_id, sentence = await self._text.get()
            if self._stale(utterance_id):
                continue
            if sentence is _END:
                self._audio.put_nowait((utterance_id, _END))
                index = 0
                continue
            try:
                speech = await asyncio.to_thread(self.synthesizer.synthesize, sentence)
            except Exception as exc:  # noqa: BLE001 - one line, not a traceback per sentence (pass76)
                why = " ".join(str(exc).split())[:200]
                log.error("tts: cannot say %r with the piper voice %s (%s: %s); the text is on the HUD",
                          sentence[:60], getattr(self.synthesizer, "path", "?"), type(exc).__name__, why)
                out = self._current
                if out is not None and out.utterance_id == utterance_id:
                    out.dropped += 1  # nothing heard of it: the answer is not "finished"
                continue
            if self._stale(utterance_id):
                continue
            self.bus.publish_nowait(SentenceReady(utterance_id, sentence, index, speech.seconds, speech.duration))
            index += 1
            self._audio.put_nowait((utterance_id, speech))

    async def _play(self) -> None:
        while True:
            utterance_id, speech = await self._audio.get()
            out = self._current
            if out is None or out.utterance_id != utterance_id:
                continue
            if speech is _END:
                self._finish(out)
                continue
            if not out.started:
                out.started = True
                self.bus.publish_nowait(PlaybackStarted(utterance_id))
            out.spoken.append(speech.text)
            self.last_spoken_text = " ".join(out.spoken)
            try:
                finished = await self.sink.play(speech.audio, speech.rate)  # starts before its first await
            except Exception as exc:  # noqa: BLE001 - no speaker (PulseAudio down): this task must not end with it
                log.warning("speaker: cannot play %r (%s); the text is on the HUD", speech.text[:60], exc)
                finished = False
            if finished:
                out.played += 1
            elif self._current is out:  # not cut by an interrupt (that made it stale): the speaker dropped it
                out.dropped += 1

    def _finish(self, out: _Output) -> None:
        self._current = None
        self.last_output_end = time.time()
        if out.started:
            self.bus.publish_nowait(PlaybackStopped(out.utterance_id, "dropped" if out.dropped else "finished"))
        if not out.done.done():
            out.done.set_result(not out.dropped)


def _drain(queue: asyncio.Queue) -> None:  # type: ignore[type-arg]
    while not queue.empty():
        queue.get_nowait()
