"""The voice pipeline's events, published on the shared bus (`jarvisd.events.EventBus`).

One turn, as the bus sees it:
`SpeechStarted` -> `SpeechEnded` -> `Transcript` -> `TurnStarted` -> `AnswerDelta`... ->
`SentenceReady` -> `PlaybackStarted` -> ... -> `PlaybackStopped("finished")` -> `TurnEnded`.
User speech during playback (barge-in) publishes `Interrupted(utterance_id)` and
`PlaybackStopped("interrupted")`; everything still queued for that id is flushed, never played.
An utterance that does not become a turn publishes `UtteranceDropped(reason)` instead of `Transcript`.

Times (`at`, `speech_end_at`) are `time.time()` seconds, so stage latencies can be read off the stream.
"""

from __future__ import annotations

from dataclasses import dataclass

from jarvisd.events import Event


@dataclass(frozen=True)
class SpeechStarted(Event):
    during_playback: bool = False


@dataclass(frozen=True)
class SpeechEnded(Event):
    """The endpointer closed an utterance. `speech_end_at` is when the user stopped talking; `at` is
    when the trailing silence ran out (the difference is the endpointing wait)."""

    speech_end_at: float
    duration_sec: float
    rms_dbfs: float
    forced: bool = False  # max_utterance_sec reached, or push-to-talk closed
    end_reason: str = ""  # "silence", "complete" (the Smart Turn model), "text_complete" (its words), "max_silence"; "" when forced
    turn_probability: float | None = None  # the Smart Turn model's last answer for the final pause


@dataclass(frozen=True)
class WakeWordHeard(Event):
    """The wake word model (`voice.wake_engine = openwakeword`) heard "Hey Jarvis": the utterance it is
    in, and those in the follow-up window after it, are transcribed."""

    score: float


@dataclass(frozen=True)
class UtteranceDropped(Event):
    """An utterance that never reaches the agent: no speech, a silence hallucination, the assistant's own
    voice (echo), no wake phrase (or no wake word: then it never reached Whisper), or push-to-talk closed."""

    reason: str
    text: str = ""


@dataclass(frozen=True)
class Transcript(Event):
    text: str
    lang: str
    utterance_id: int
    stt_sec: float = 0.0
    lang_probability: float = 0.0
    speculative: bool = False  # transcribed during the trailing silence, before the endpoint


@dataclass(frozen=True)
class TurnStarted(Event):
    utterance_id: int
    text: str
    lang: str
    origin: str = "user"  # "user" (an answer to what was said) | "announcement" (e.g. a reminder)


@dataclass(frozen=True)
class AnswerDelta(Event):
    utterance_id: int
    text: str


@dataclass(frozen=True)
class SentenceReady(Event):
    """A sentence of the answer was synthesized and queued for playback."""

    utterance_id: int
    text: str
    index: int
    synth_sec: float
    audio_sec: float


@dataclass(frozen=True)
class PlaybackStarted(Event):
    utterance_id: int


@dataclass(frozen=True)
class PlaybackStopped(Event):
    utterance_id: int
    reason: str  # "finished" | "dropped" (a sentence the speaker could not play) | "interrupted" | "shutdown"


@dataclass(frozen=True)
class Interrupted(Event):
    """Output for `utterance_id` is stale: stop it and never play what is left of it."""

    utterance_id: int
    reason: str  # "barge_in" | "new_turn" | "push_to_talk" | "stop_word" | "shutdown"


@dataclass(frozen=True)
class TurnEnded(Event):
    utterance_id: int
    completed: bool  # False when interrupted or when a sentence could not be played
    text: str = ""  # what was actually answered (the full answer text)
