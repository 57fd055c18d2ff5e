"""When a turn ends: the rule, pure (no model, no clock, no audio).

Silence alone (`voice.end_of_turn = silence`) ends a turn after `voice.trailing_silence_ms` of
silence: "I need to call... um... the bank" is cut at the pause, and a finished "What time is it?"
still waits the whole silence. Semantic end of turn (`smart_turn`) asks a model whether what was
said so far is a complete turn once the pause has lasted `ask_after_ms`:

- complete (probability >= threshold) -> the turn ends now;
- incomplete -> wait for more speech, but end anyway after `max_silence_ms` of silence;
- no answer yet (the model is still running) -> wait, up to `max_silence_ms`.

The model itself and when it runs are `jarvisd.voice.smart_turn`; the frame-by-frame state is the
`Endpointer` (`jarvisd.voice.endpointing`), which calls `decide` on every silent frame.
"""

from __future__ import annotations

from dataclasses import dataclass

MODES = ("smart_turn", "silence")


@dataclass(frozen=True)
class TurnEndSettings:
    mode: str = "smart_turn"  # smart_turn | silence
    silence_ms: float = 600.0  # the silence rule (voice.trailing_silence_ms)
    ask_after_ms: float = 200.0  # silence before the model is asked (voice.turn_end_silence_ms)
    max_silence_ms: float = 1000.0  # an incomplete turn ends anyway after this (voice.turn_end_max_silence_ms)
    threshold: float = 0.5  # the model's probability that counts as complete (voice.turn_end_threshold)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"end of turn mode {self.mode!r} is not one of {', '.join(MODES)}")


@dataclass(frozen=True)
class Decision:
    end: bool
    reason: str  # "wait", or why the turn ended: "silence", "complete", "max_silence"


WAIT = Decision(False, "wait")
END_BY_SILENCE = Decision(True, "silence")
END_COMPLETE = Decision(True, "complete")
END_AT_MAX_SILENCE = Decision(True, "max_silence")


def decide(silence_ms: float, probability: float | None, settings: TurnEndSettings) -> Decision:
    """End the turn now, or wait? `silence_ms`: silence since the last speech; `probability`: the
    model's answer for this pause (None while it has not been asked or has not answered)."""
    if settings.mode == "silence":
        return END_BY_SILENCE if silence_ms >= settings.silence_ms else WAIT
    if silence_ms >= settings.max_silence_ms:
        return END_AT_MAX_SILENCE
    if probability is not None and silence_ms >= settings.ask_after_ms and probability >= settings.threshold:
        return END_COMPLETE
    return WAIT


def should_ask(silence_ms: float, asked: bool, settings: TurnEndSettings) -> bool:
    """Ask the model now? Once per pause, when the pause has lasted `ask_after_ms`."""
    return settings.mode == "smart_turn" and not asked and settings.ask_after_ms <= silence_ms < settings.max_silence_ms
