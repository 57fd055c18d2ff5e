"""The hands-free voice pipeline: listen, endpoint, transcribe, decide, answer, speak, yield the floor.

```
                                  Smart Turn (a worker thread, once per pause)
                                      ▲ pause so far │ complete?
source ─► AEC ─► Silero VAD + echo check ─► Endpointer ─► utterance queue ─► Whisper ─► guard ─► Activation
             │ hey_jarvis (wake)     │ barge-in: SpeechQueue.interrupt()                   │
             └── woken? ─────────────┼──────────────────────────► (else never transcribed) ▼
                   SpeechQueue ◄── sentences ◄── SentenceSplitter ◄── answer(text, lang, utterance_id)
```
The answer function is the agent's seam: `answer(text, lang, utterance_id)` returns an async iterator
of text deltas. Each accepted utterance gets a new utterance id; a newer one (or barge-in) makes the
older stale, its answer task is cancelled and nothing queued for it plays.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable

import numpy as np

from jarvisd.events import EventBus, StatusChanged
from jarvisd.turn_gate import TurnGate, turn_name
from jarvisd.voice.activation import (
    OPENING_SEC,
    Activation,
    confirm_by_likelihood,
    confirm_opening,
    heard_wake_word,
)
from jarvisd.voice.answering import AnswerFn, SpokenTurns
from jarvisd.voice.audio import FRAME_SAMPLES, FRAME_SEC, MIC_RATE, AudioSink, AudioSource, rms_dbfs
from jarvisd.voice.barge_in import BargeInRule, kept_db
from jarvisd.voice.echo import ECHO_TAIL_SEC, ECHO_WINDOW_SEC, PlayedAudio, hears_played, repeats_spoken_text
from jarvisd.voice.echo_cancel import EchoCanceller
from jarvisd.voice.endpointing import Endpointer, SileroStream, Utterance
from jarvisd.voice.events import (
    SpeechEnded,
    SpeechStarted,
    Transcript,
    UtteranceDropped,
    WakeWordHeard,
)
from jarvisd.voice.gate_holds import GateHolds
from jarvisd.voice.guard import is_stop_command, rejection_reason
from jarvisd.voice.settings import VoiceSettings
from jarvisd.voice.smart_turn import SmartTurnModel, TurnJudge
from jarvisd.voice.speaking import SpeechQueue
from jarvisd.voice.stt import SpeechRecognizer, Transcription
from jarvisd.voice.tts import SpeechSynthesizer
from jarvisd.voice.turn_end import text_complete
from jarvisd.voice.wake import WakeListener

log = logging.getLogger("jarvisd.voice")

SOURCE_STALL_SEC = 2.0  # no frame from the microphone for this long: the device went away (it gives 50 a second)
SOURCE_RETRY_SEC = 3.0  # then it is opened again after this long, then twice as long each time, up to
SOURCE_RETRY_MAX_SEC = 30.0  # this, until it is back
WAKE_LEAD_SEC = 1.0  # a wake word heard this long before an utterance's first speech frame still wakes it


class VoicePipeline:
    def __init__(self, *, source: AudioSource, sink: AudioSink, recognizer: SpeechRecognizer,
                 synthesizer: SpeechSynthesizer, answer: AnswerFn, bus: EventBus | None = None,
                 settings: VoiceSettings | None = None, played: PlayedAudio | None = None,
                 vad: SileroStream | None = None, wake: WakeListener | None = None,
                 gate: TurnGate | None = None, session: str = "voice",
                 turn_model: SmartTurnModel | None = None, canceller: EchoCanceller | None = None) -> None:
        """`wake`: the wake word model's listener; with it (in `wake` activation) Whisper runs only on
        utterances it woke and in the follow-up window. Without it the transcript is searched for the
        wake phrase, as `voice.wake_engine = transcript` asks. `turn_model`: Smart Turn, which ends a
        turn at a short pause when the sentence is complete (`voice.end_of_turn = smart_turn`); without
        it turns end by silence alone. `canceller`: the echo canceller every mic frame goes through first
        (`voice.echo_cancel`): Silero, the wake word, barge-in and Whisper get the cleaned frames; the
        correlation echo check still compares the raw ones with what was played (on the cleaned frames
        the residual no longer correlates, and 7 of 50 answers interrupted themselves in the bench).

        `gate`: the daemon's turn gate, which this pipeline holds while the user speaks, while an
        utterance is recognized, and for each turn (`session` and its utterance id) until its last
        sentence has played; reminders and remarks wait for it."""
        self.settings = settings or VoiceSettings()
        self.bus = bus or EventBus()
        self.holds = GateHolds(gate or TurnGate())
        self.session = session
        self.source, self.sink = source, sink
        self.canceller = canceller
        self.recognizer = recognizer
        self.answer = answer
        self.wake = wake if self.settings.activation == "wake" else None
        self.activation = Activation(self.settings.activation, self.settings.wake_phrases,
                                     self.settings.follow_up_sec, wake_model=self.wake is not None,
                                     verify=self.settings.wake_verify)
        self._wake_at = float("-inf")  # when the wake word model last fired (frame clock)
        # voice.wake_confirm = opening: the last check of an utterance's opening: (when the utterance began, the
        # samples checked, the fire it checks, the task: the wake opening heard, or None for a false fire)
        self._opening: tuple[float, int, float, asyncio.Future[str | None]] | None = None
        self._opening_frames = max(1, round(OPENING_SEC / FRAME_SEC))
        self._opening_applied: asyncio.Future[str | None] | None = None  # the last check whose answer was applied
        # a fire the opening check rejected, and the utterance it was in: neither wakes anything any more
        self._rejected_fire = self._rejected_utt = float("nan")
        self.speech = SpeechQueue(synthesizer, sink, self.bus)
        self.turns = SpokenTurns(speech=self.speech, bus=self.bus, holds=self.holds, activation=self.activation,
                                 answer=answer, session=session)
        self.played = played if played is not None else getattr(sink, "played", None)
        self.vad = vad or SileroStream()
        self.endpointer = Endpointer(self.settings.endpoint)
        self.turn_judge: TurnJudge | None = None
        if turn_model is not None and self.settings.endpoint.end_of_turn == "smart_turn":
            # on a worker thread, as Whisper: the frames keep coming while the model thinks
            self.turn_judge = TurnJudge(self.endpointer, lambda audio: asyncio.ensure_future(
                asyncio.to_thread(turn_model.probability, audio)))
        self._utterances: asyncio.Queue[Utterance | None] = asyncio.Queue()
        self._mic_recent: collections.deque[np.ndarray] = collections.deque(
            maxlen=max(1, round(ECHO_WINDOW_SEC / FRAME_SEC)))
        # barge-in: clean speech, and with `barge_in_double_talk` (and a canceller) double talk heard on the raw mic
        self.barge = BargeInRule(max(1, round(self.settings.barge_in_ms / 1000 / FRAME_SEC)),
                                 self.settings.endpoint.threshold,
                                 double_talk=self.settings.barge_in_double_talk and canceller is not None)
        self._raw_vad: SileroStream | None = SileroStream() if self.barge.double_talk else None
        self._turn: asyncio.Task[bool] | None = None  # the latest turn started from speech
        self._tasks: list[asyncio.Task[None]] = []
        self._recognizing = False
        self._source_done = asyncio.Event()
        self._ptt_close_pending = False
        self.muted = False  # the HUD's and tray's Mute microphone
        self._stopping = False  # set first in stop(): the listener then ends and never reopens the microphone
        # A running turn that waits for the user's answer (an approval, jarvisd.approvals.voice_answers):
        # `answers(text, lang)` takes an utterance that answers it (True: no new turn, the waiting one goes
        # on); while `awaiting()`, talking over the question does not cancel the turn that asked it.
        self.answers: Callable[[str, str], Awaitable[bool]] | None = None
        self.awaiting: Callable[[], bool] | None = None
        # Speculative transcription during the trailing silence: (speech-frame count, task).
        self._early: tuple[int, asyncio.Task[Transcription]] | None = None
        self._early_frames = max(1, round(self.settings.early_stt_ms / 1000 / FRAME_SEC))
        self._text_judged: asyncio.Task[Transcription] | None = None  # the transcription last read by `_judge_text`

    # --- lifecycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        await self.source.start()
        await self._open_speaker()
        self.speech.start()
        self._tasks = [asyncio.create_task(self._listen(), name="voice-listen"),
                       asyncio.create_task(self._recognize(), name="voice-stt")]
        engine = "" if self.activation.mode != "wake" else \
            f", wake={'openwakeword' if self.wake is not None else 'transcript'}"
        self.bus.publish_nowait(StatusChanged("voice", "listening", f"activation={self.activation.mode}{engine}"))

    async def _open_speaker(self) -> None:
        """The output stream opened at start, at the voice's rate: opened at the first answer, it held that answer
        back by ~0.4 s on a PulseAudio null sink (`open_ahead`); a failure here leaves it to the first answer."""
        open_ahead = getattr(self.sink, "open_ahead", None)
        rate = getattr(self.speech.synthesizer, "rate", 0)
        if open_ahead is None or not rate:
            return
        try:
            await asyncio.to_thread(open_ahead, int(rate))
        except Exception as exc:  # noqa: BLE001 - PortAudio's errors: the first answer tries again and says why
            log.warning("speaker: not opened at start (%s); it is opened at the first answer", exc)

    async def stop(self) -> None:
        self._stopping = True
        self.turns.cancel()
        await self.speech.stop()
        if self._turn is not None and not self._turn.done():
            self._turn.cancel()
        self.source.stop()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
        self.sink.close()
        self.holds.release_all()
        self.bus.publish_nowait(StatusChanged("voice", "stopped"))

    async def run_until_source_ends(self, settle_sec: float = 0.2) -> None:
        """For file sources: process the whole file and every turn it starts, then return."""
        await self._source_done.wait()
        await self.wait_idle(settle_sec)

    async def wait_idle(self, settle_sec: float = 0.2) -> None:
        while True:
            while self._busy():
                await asyncio.sleep(0.05)
            await asyncio.sleep(settle_sec)
            if not self._busy():
                return

    def _busy(self) -> bool:
        return (self._recognizing or not self._utterances.empty() or self.speech.busy
                or self.turns.writing or (self._turn is not None and not self._turn.done()))

    # --- controls for the daemon, HUD, tray and CLI ----------------------------------------------------
    def set_muted(self, muted: bool) -> None:
        """Mute the microphone (HUD/tray): nothing is heard, an utterance in progress is dropped."""
        self.muted = bool(muted)
        if self.muted:
            self.endpointer.reset()
        self.bus.publish_nowait(StatusChanged("mic", "muted" if self.muted else "live"))

    def talk(self, pressed: bool) -> None:
        """The HUD's and tray's push-to-talk button: held = listening (push_to_talk mode)."""
        self.push_to_talk(pressed)

    def push_to_talk(self, open_: bool | None = None) -> bool:
        """Toggle (or set) push-to-talk. Closing it ends the utterance being spoken right there."""
        state = self.activation.toggle_push_to_talk(open_)
        if not state:
            self._ptt_close_pending = True
        self.bus.publish_nowait(StatusChanged("push_to_talk", "open" if state else "closed"))
        return state

    def interrupt(self, reason: str = "user") -> int | None:
        """Stop speaking now (e.g. a HUD stop button); the stale answer never resumes."""
        self.turns.cancel()
        return self.speech.interrupt(reason)

    async def submit_text(self, text: str, lang: str = "en") -> bool:
        """A typed turn answered out loud (text in, speech out); True when fully spoken."""
        return await self.turns.start(text, lang)

    async def announce(self, text: str, lang: str = "en", quiet_sec: float = 0.5) -> bool:
        """Speak `text` (a reminder) when the pipeline is quiet (`SpokenTurns.announce`)."""
        return await self.turns.announce(text, lang, quiet_sec)

    async def ask(self, text: str, lang: str = "en") -> bool:
        """Say a question a running turn waits on (`SpokenTurns.ask`)."""
        return await self.turns.ask(text, lang)

    # --- listening ---------------------------------------------------------------------------------
    async def _listen(self) -> None:
        try:
            while (item := await self._read_source()) is not None:
                self._hear(*item)
                self.holds.hold_while("voice:hearing", self.endpointer.in_speech)
            if (last := self.endpointer.finish(time.time())) is not None:
                self._endpointed(last)
            self.holds.release("voice:hearing")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("voice: listener failed")
            self.bus.publish_nowait(StatusChanged("voice", "error", "listener failed; see the log"))
        finally:
            self._source_done.set()

    async def _read_source(self) -> tuple[np.ndarray, float] | None:
        """The next frame. A microphone gives 50 a second; when none has come for SOURCE_STALL_SEC the device
        went away (a headset unplugged, PulseAudio's stream killed or the server stopped: PortAudio ends the
        stream and says nothing). The utterance being heard is ended there, so its `voice:hearing` hold does
        not keep the turn gate shut for good (reminders wait for the gate: none was said, not even on the
        HUD), and a device whose stream ended (`MicrophoneSource.alive`) is opened again (from SOURCE_RETRY_SEC
        to SOURCE_RETRY_MAX_SEC apart), with one line in the log and the status when it goes and when it is back."""
        alive = getattr(self.source, "alive", None)
        if alive is None:  # a file or a test's source: it ends by returning None, never goes away
            return await self.source.read()
        lost, wait = False, SOURCE_RETRY_SEC
        while True:
            # stopping: the source was closed on purpose. Python 3.11's wait_for can swallow the task's cancel when a
            # frame comes at the same moment; the loop then found the stream closed and opened the microphone again,
            # and stop() waited on this task for good (a CI rehearsal's echo-room test hung 8 minutes)
            if self._stopping:
                return None
            try:
                item = await asyncio.wait_for(self.source.read(), SOURCE_STALL_SEC)
            except TimeoutError:
                if self.endpointer.in_speech:
                    log.warning("voice: no sound from the microphone for %g s in the middle of an utterance; "
                                "it ends there", SOURCE_STALL_SEC)
                    if (cut := self.endpointer.finish(time.time())) is not None:
                        self._endpointed(cut)
                    else:
                        self.endpointer.reset()
                    self.holds.release("voice:hearing")
                if alive():
                    continue  # still open, only slow (a suspend, a loaded machine): keep waiting
                if not lost:
                    lost = True
                    log.warning("voice: the microphone stopped (the device went away?); the HUD, the agenda "
                                "and reminders go on, and it is tried again from %g s to every %g s", SOURCE_RETRY_SEC,
                                SOURCE_RETRY_MAX_SEC)
                    self.bus.publish_nowait(StatusChanged("mic", "lost", "the microphone stopped; trying again"))
                await asyncio.sleep(wait)
                # longer each time: each failed open prints PortAudio's and ALSA's lines on stderr (8 a try)
                wait = min(wait * 2, SOURCE_RETRY_MAX_SEC)
                if self._stopping:
                    return None
                try:
                    await self.source.reopen()  # type: ignore[attr-defined]
                except Exception as exc:  # noqa: BLE001 - PortAudio's errors while the device is still away
                    log.debug("voice: the microphone cannot be opened yet (%s)", exc)
                continue
            if lost:  # a frame from the reopened device
                log.warning("voice: the microphone is back")
                self.bus.publish_nowait(StatusChanged("mic", "muted" if self.muted else "live"))
            return item

    def _hear(self, frame: np.ndarray, at: float) -> None:
        raw = frame  # the correlation check compares what the mic heard, before cancellation, with the speaker
        if self.canceller is not None:  # every frame, so its sample clock never skips
            frame = self.canceller.clean(frame, at)
        if self._ptt_close_pending:
            self._ptt_close_pending = False
            if (cut := self.endpointer.finish(at)) is not None:
                self._endpointed(cut)
        if self.muted or not self.activation.listening:
            self.endpointer.reset()
            return
        self._mic_recent.append(raw)
        speaker_on = self._speaker_recently_on()
        if speaker_on and not self.settings.barge_in:
            self.endpointer.reset()  # mic gating: nothing heard while the assistant speaks
            self.vad.reset()
            return
        prob = self.vad.probability(frame)
        if self.wake is not None and not self.activation.in_follow_up(time.time()):
            score = self.wake.hear(frame, prob >= self.settings.endpoint.threshold)
            if score is not None and self.endpointer.open_started_at != self._rejected_utt:  # not in a false fire's
                self._wake_at = at - self.wake.late_by  # a slowed fire: when the audio it heard began
                self.activation.wake_heard(time.time())
                self.bus.publish_nowait(WakeWordHeard(score))
        echo = False
        if speaker_on and prob >= self.settings.endpoint.threshold:
            echo = self._hears_speaker()
        if self.turn_judge is not None:
            self.turn_judge.before_push()
            self._judge_text()
        boundary = self.endpointer.push(frame, prob, at, echo=echo)
        opening = self._opening_step() if boundary is None else ""
        waiting, confirmed_now = opening == "waiting", opening == "confirmed"  # the woken path waits for the check
        if self.turn_judge is not None and boundary is None:
            if self.endpointer.silence_frames and not self._will_transcribe():
                self.endpointer.end_by_silence()  # no wake word: never transcribed, so no model either
            if not waiting:
                self.turn_judge.after_push()
        if self.speech.audible:
            prob_raw = kept = None
            settling = False
            if self._raw_vad is not None and self.canceller is not None and self.canceller.active:
                prob_raw, kept = self._raw_vad.probability(raw), kept_db(raw, frame)
                settling = self.canceller.settling
            if self.barge.hear(prob, echo, prob_raw, kept, settling):
                self._barge_in()
        else:
            self.barge.reset()
            if self._raw_vad is not None:
                self._raw_vad.reset()
        if isinstance(boundary, float):
            self.bus.publish_nowait(SpeechStarted(during_playback=speaker_on))
        elif isinstance(boundary, Utterance):
            self._endpointed(boundary)
        elif self.settings.early_stt_ms and not waiting and (self.endpointer.silence_frames == self._early_frames or (
                confirmed_now and self.endpointer.silence_frames > self._early_frames)):
            self._transcribe_early()  # at the pause's early_stt_ms, or when the opening check confirms later in it

    def _opening_wanted(self, started_at: float | None, woken: bool) -> bool:
        """Does a fire on the utterance that began at `started_at` still need its opening checked?"""
        return (self.settings.wake_confirm == "opening" and self.wake is not None and started_at is not None
                and self.activation.needs_confirmation(time.time(), woken))

    def _opening_step(self) -> str:
        """`voice.wake_confirm = opening`, once per frame. Starts the check of the open utterance's opening when a
        fire woke it (outside a reply's window) and its opening is heard (OPENING_SEC of it, or a pause before
        that: then again if speech resumes after a rejection, "Hey... Jarvis"), on a worker thread, one at a
        time; applies the answer when it comes: a rejected fire no longer wakes anything (the utterance is
        ended by silence and dropped untranscribed). "waiting" while the check runs or waits for the opening
        (Smart Turn and the speculative transcription wait for it), "confirmed" on the frame a check
        confirmed the fire, else ""."""
        started = self.endpointer.open_started_at
        if started is None:
            return ""
        mine = self._opening if self._opening is not None and self._opening[0] == started else None
        if mine is None or (mine[3].done() and started == self._rejected_utt):
            if mine is None and not self._opening_wanted(started, self._woke(started)):
                return ""
            if self._opening is not None and not self._opening[3].done():
                return "waiting"  # the last utterance's check still runs: this one's waits its turn
            audio = self.endpointer.opening(self._opening_frames)
            if mine is not None and (audio is None or len(audio) <= mine[1]):
                return ""  # rejected, and nothing more of its opening heard since
            if audio is None:
                return "waiting"  # its opening is not all heard yet
            self._rejected_fire = self._rejected_utt = float("nan")  # checked again on more of its opening
            self._opening = (started, len(audio), self._wake_at, asyncio.ensure_future(self._confirm(audio)))
            return "waiting"
        task = mine[3]
        if not task.done():
            return "waiting"
        if self._opening_applied is task:
            return ""
        self._opening_applied = task
        if self._opening_result(task) is not None:
            return "confirmed"
        self._reject_fire(started, mine[2])
        return ""

    async def _confirm(self, audio: np.ndarray) -> str | None:
        """`confirm_opening` on a worker thread. At a pause before OPENING_SEC the opening is the utterance so far,
        the audio the speculative transcription would take: that transcription is started first and its
        transcript is the opening's (a true "Hey Jarvis, what time is it?" is confirmed by it and its
        transcript is ready as it was before the check), then the likelihood rule if it lacks the name."""
        heard = None
        pending = self.endpointer.provisional() if self.settings.early_stt_ms else None
        if pending is not None and len(pending[1]) == len(audio):
            if self._early is None or self._early[0] != pending[0]:
                self._early = (pending[0], asyncio.ensure_future(asyncio.to_thread(self.recognizer.transcribe, audio)))
            early = self._early[1]
            with contextlib.suppress(Exception):
                heard = (await early).text
        return await asyncio.to_thread(confirm_opening, self.recognizer, audio, self.activation.wake_phrases,
                                       self.settings.wake_likelihood, self.settings.wake_confirm_slow, heard)

    @staticmethod
    def _opening_result(task: asyncio.Future[str | None]) -> str | None:
        if task.cancelled():
            return None
        if (exc := task.exception()) is not None:
            log.warning("voice: the wake word's opening check failed (%s: %s): the fire is not taken",
                        type(exc).__name__, exc)
            return None
        return task.result()

    def _reject_fire(self, started_at: float, fire: float) -> None:
        """The fire at `fire` (`_wake_at`) was not at the opening of the utterance that began at `started_at`."""
        log.info("voice: the wake word is not at the woken utterance's opening: a false fire, stopped there")
        self._rejected_fire, self._rejected_utt = fire, started_at
        if fire == self._wake_at:  # no fire since: what follows needs the wake word again
            self.activation.reject_fire()

    def _will_transcribe(self) -> bool:
        """Would the open utterance be transcribed if it ended now (woken, or no wake word needed)?"""
        started = self.endpointer.open_started_at
        return self.activation.wants_transcript(time.time(), started is not None and self._woke(started))

    def _judge_text(self) -> None:
        """Hand the speculative transcript's reading (a finished sentence or not) to the endpointer,
        once per transcription, so a turn the model calls unfinished need not wait its longest pause."""
        early = self._early
        if early is None or early[1] is self._text_judged or not early[1].done():
            return
        self._text_judged = early[1]
        if not early[1].cancelled() and early[1].exception() is None:
            self.endpointer.text_judged(early[0], text_complete(early[1].result().text))

    def _transcribe_early(self) -> None:
        if self._early is not None and not self._early[1].done():
            return  # one speculative transcription at a time: the CPU is shared
        pending = self.endpointer.provisional()
        if pending is not None and self._early is not None and self._early[0] == pending[0]:
            return  # this very audio is transcribed already (the opening check's transcript at this pause)
        if pending is not None and self._will_transcribe():
            key, audio = pending
            self._early = (key, asyncio.create_task(asyncio.to_thread(self.recognizer.transcribe, audio)))

    def _speaker_recently_on(self) -> bool:
        if self.speech.audible:
            return True
        return self.played is not None and self.played.played_within(ECHO_TAIL_SEC)

    def _hears_speaker(self) -> bool:
        return self.played is not None and hears_played(
            np.concatenate(self._mic_recent), self.played.recent(self.played.keep_sec), self.settings.echo_threshold)

    def _barge_in(self) -> None:
        self.barge.reset()
        if self.awaiting is not None and self.awaiting():
            return  # the user answers the question: cutting it would cancel the turn that waits for the answer
        cut = self.interrupt("barge_in")
        if cut is not None:
            log.info("voice: barge-in (%s) stopped utterance %d", self.barge.fired_by, cut)

    def _woke(self, started_at: float) -> bool:
        """Did the wake word model fire in the utterance that began at `started_at` (or just before)?"""
        return self._wake_at >= started_at - WAKE_LEAD_SEC and self._wake_at != self._rejected_fire

    def _endpointed(self, utt: Utterance) -> None:
        utt.woken = self.wake is not None and self._woke(utt.started_at)
        utt.woken_by = self._wake_at if utt.woken else float("-inf")
        level = rms_dbfs(utt.audio)
        self.bus.publish_nowait(SpeechEnded(speech_end_at=utt.speech_end_at, duration_sec=len(utt.audio) / MIC_RATE,
                                            rms_dbfs=level, forced=utt.forced, at=utt.ended_at,
                                            end_reason=utt.end_reason, turn_probability=utt.turn_probability))
        if utt.frames and utt.echo_frames >= 0.5 * utt.speech_sec / FRAME_SEC:
            self.bus.publish_nowait(UtteranceDropped("echo: the speaker's own output"))
            return
        self.holds.hold("voice:recognizing")
        self._utterances.put_nowait(utt)

    # --- recognizing and deciding ------------------------------------------------------------------
    async def _recognize(self) -> None:
        while True:
            utt = await self._utterances.get()
            if utt is None:
                return
            self._recognizing = True
            try:
                await self._understand(utt)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("voice: transcription failed")
            finally:
                self._recognizing = False
                if self._utterances.empty():
                    self.holds.release("voice:recognizing")

    async def _understand(self, utt: Utterance) -> None:
        early, self._early = self._early, None
        ended = time.time()
        if utt.woken and utt.woken_by == self._rejected_fire:
            # the fire that woke it was rejected at the last utterance's opening after this one was heard (a
            # file read faster than a microphone, a loaded machine): it wakes nothing, and costs no check
            utt.woken = False
        if not self.activation.wants_transcript(ended, utt.woken):
            rejected = utt.started_at == self._rejected_utt or utt.woken_by == self._rejected_fire
            self.bus.publish_nowait(UtteranceDropped("wake word not at the opening" if rejected else "no wake word"))
            return  # never transcribed: no CPU, no text
        opening = None  # the wake opening heard at the utterance's start (voice.wake_confirm = opening)
        if self._opening_wanted(utt.started_at, utt.woken):
            opening = await self._confirmed_opening(utt)
            if opening is None:
                self.bus.publish_nowait(UtteranceDropped("wake word not at the opening"))
                return
        speculative = early is not None and early[0] == utt.speech_frames and not utt.forced
        if early is not None and speculative:
            result = await early[1]  # started during the trailing silence on this very audio
        else:
            result = await asyncio.to_thread(self.recognizer.transcribe, utt.audio)
        level = rms_dbfs(utt.audio)
        reason = rejection_reason(result.text, level, result.no_speech_prob, result.avg_logprob)
        if reason is None and self._overlapped_own_speech(utt) and \
                repeats_spoken_text(result.text, self.speech.spoken_text()):
            reason = "echo: repeats what the assistant is saying"
        if reason is not None:
            self.bus.publish_nowait(UtteranceDropped(reason, result.text))
            return
        if opening is not None and not heard_wake_word(result.text, self.activation.wake_phrases) and \
                hasattr(self.recognizer, "transcribe_after"):
            # confirmed at the opening, but the transcript wrote another word ("Hey novice, ..."): decode after it
            likely = await asyncio.to_thread(self.recognizer.transcribe_after, utt.audio, opening, result.lang)
            log.info("voice: the transcript %r lacks the wake word heard at its opening; decoded after it: %r",
                     result.text, likely)
            result = dataclasses.replace(result, text=likely)
        elif opening is None and self.wake is not None and self.settings.wake_likelihood and \
                hasattr(self.recognizer, "opening_logprobs") and self.activation.needs_confirmation(ended, utt.woken) and \
                not heard_wake_word(result.text, self.activation.wake_phrases):
            likely = await asyncio.to_thread(confirm_by_likelihood, self.recognizer, utt.audio)
            log.info("voice: the transcript %r lacks the wake word; decoded after a likely one: %r",
                     result.text, likely)
            if likely is not None:
                result = dataclasses.replace(result, text=likely)
        # With the wake word model the follow-up window counts to when the utterance came in, not to
        # when Whisper finished with it.
        admission = self.activation.admit(result.text, ended if self.wake is not None else time.time(), utt.woken)
        if not admission.accepted:
            self.bus.publish_nowait(UtteranceDropped(admission.reason, result.text))
            return
        if is_stop_command(admission.text) and not (self.awaiting is not None and self.awaiting()):
            self.interrupt("stop_word")  # a question a turn waits on takes "stop" as its no (answers)
            self.bus.publish_nowait(UtteranceDropped("stop: a stop word ends the answer and starts no turn",
                                                     result.text))
            return
        utterance_id = self.turns.new_id()
        self.bus.publish_nowait(Transcript(admission.text, result.lang, utterance_id, result.seconds,
                                           result.lang_probability, speculative))
        if self.answers is not None and await self.answers(admission.text, result.lang):
            return  # it answered the question of the running turn, which goes on
        self.holds.hold(turn_name(self.session, utterance_id))  # before the recognizing hold ends: no gap
        self._turn = asyncio.create_task(self.turns.start(admission.text, result.lang, utterance_id))

    async def _confirmed_opening(self, utt: Utterance) -> str | None:
        """The opening check's answer for `utt` (the one started while it was spoken, else one run now); a
        rejection is applied as `_opening_step` does."""
        if self._opening is not None and self._opening[0] == utt.started_at:
            fire, task = self._opening[2], self._opening[3]
            with contextlib.suppress(Exception):
                await task
            opening = self._opening_result(task)
            self._opening_applied = task
        else:
            fire = self._wake_at
            opening = await asyncio.to_thread(confirm_opening, self.recognizer,
                                              utt.audio[: self._opening_frames * FRAME_SAMPLES],
                                              self.activation.wake_phrases, self.settings.wake_likelihood,
                                              self.settings.wake_confirm_slow)
        if opening is None:
            self._reject_fire(utt.started_at, fire)
        return opening

    def _overlapped_own_speech(self, utt: Utterance) -> bool:
        """Did this utterance begin while the assistant was speaking? (Echo cannot begin after it.)"""
        return bool(self.speech.busy and self.speech.spoken_text()) or utt.started_at <= self.speech.last_output_end
