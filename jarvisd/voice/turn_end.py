"""When a turn ends: the rule, pure (no model, no clock, no audio).

Silence alone (`voice.end_of_turn = silence`) ends a turn after `voice.trailing_silence_ms` of
silence: "I need to call... um... the bank" is cut at the pause, and a finished "What time is it?"
still waits the whole silence. Semantic end of turn (`smart_turn`) asks a model whether what was
said so far is a complete turn once the pause has lasted `ask_after_ms`:

- complete (probability >= threshold) -> the turn ends now;
- incomplete -> wait for more speech, but end anyway after `max_silence_ms` of silence;
- no answer yet (the model is still running) -> wait, up to `max_silence_ms`.

The words count too: the speculative transcript (Whisper, started after `early_stt_ms` of the pause)
that reads as a finished sentence (`text_complete`: an end mark, no trailing "..." and no last word that
leaves it open, "to", "and", "um", "hum", "그리고", a Korean connective ending) ends the turn as soon as
it is known (once the pause has lasted `ask_after_ms` and the model has answered; with the model still
running, at `silence_ms`) even when the model calls
the audio unfinished, unless it is sure of it (below `words_floor`): flat synthetic or read-aloud prosody
otherwise waits the whole `max_silence_ms` (9 of 20 turns of a conversation run, docs/voice.md). Until
round 64 the words waited for the silence rule's `silence_ms` (600 ms) although the answer cannot start
before the transcript anyway: 0.2-0.4 s lost on every turn Smart Turn misjudged (docs/voice.md, "Turn
ends, round 64"). A turn said with a dangling word still waits for the model or `max_silence_ms`; so
does one with a filler the model hears, which Whisper often leaves out of the text ("Remind me to call,
um..." heard as "Remind me to call.", the model at 0.01).

The model itself and when it runs are `jarvisd.voice.smart_turn`; the frame-by-frame state is the
`Endpointer` (`jarvisd.voice.endpointing`), which calls `decide` on every silent frame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MODES = ("smart_turn", "silence")


@dataclass(frozen=True)
class TurnEndSettings:
    mode: str = "smart_turn"  # smart_turn | silence
    silence_ms: float = 600.0  # the silence rule (voice.trailing_silence_ms)
    ask_after_ms: float = 200.0  # silence before the model is asked (voice.turn_end_silence_ms)
    max_silence_ms: float = 1000.0  # an incomplete turn ends anyway after this (voice.turn_end_max_silence_ms)
    threshold: float = 0.5  # the model's probability that counts as complete (voice.turn_end_threshold)
    words_floor: float = 0.05  # finished words end a turn only where the model is not sure it goes on

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
END_TEXT_COMPLETE = Decision(True, "text_complete")

# A last word that leaves an English sentence open ("Remind me to call the bank and.", "I need to, um.")
_EN_OPEN_END = frozenset("""
and or but so because cause to the a an of for with at in on by from into onto about um umm uh uhm hum er erm hmm mm like
then if that my your his her our their its this these those is are was were am be will would can could should
must i i'm you we they which who whose when where while as than plus also just maybe please
""".split())
# Korean: a last word that joins on to more ("그리고", "음") or a connective ending ("가고", "했는데", "사서")
_KO_OPEN_WORDS = frozenset("그리고 근데 그런데 그래서 그러니까 그러면 그럼 음 어 아 저 저기 그 뭐지 있잖아".split())
_KO_OPEN_ENDINGS = ("고", "는데", "은데", "서", "면", "니까", "지만", "려고", "러", "도록", "며", "거나", "든지")
_KO_FINAL_ENDINGS = ("다", "요", "까", "죠", "니", "냐", "래", "네", "줘", "자", "야", "해", "돼", "지", "게", "어", "아", "라")
_END_MARKS = ".?!。？！"


def text_complete(text: str) -> bool:
    """Does a transcript read as a finished sentence? An end mark, not an ellipsis, and a last word that
    closes it (see the module's docstring). Pure; English and Korean."""
    text = text.strip().rstrip("\"'”’)]")
    if not text or text[-1] not in _END_MARKS or text.endswith(("..", "…")):
        return False
    words = re.findall(r"[\w']+", text.lower())
    if not words:
        return False
    last = words[-1]
    if last.isascii():
        return last not in _EN_OPEN_END and text[-1] in _END_MARKS
    if last in _KO_OPEN_WORDS:
        return False
    if text[-1] in "?？":
        return True
    return last.endswith(_KO_FINAL_ENDINGS) and not (len(last) > 1 and last.endswith(_KO_OPEN_ENDINGS))


def decide(silence_ms: float, probability: float | None, settings: TurnEndSettings,
           text_done: bool = False) -> Decision:
    """End the turn now, or wait? `silence_ms`: silence since the last speech; `probability`: the
    model's answer for this pause (None while it has not been asked or has not answered); `text_done`:
    this pause's transcript reads as a finished sentence (`text_complete`)."""
    if settings.mode == "silence":
        return END_BY_SILENCE if silence_ms >= settings.silence_ms else WAIT
    if silence_ms >= settings.max_silence_ms:
        return END_AT_MAX_SILENCE
    if probability is not None and silence_ms >= settings.ask_after_ms and probability >= settings.threshold:
        return END_COMPLETE
    if not text_done:
        return WAIT
    if probability is not None and silence_ms >= settings.ask_after_ms and probability >= settings.words_floor:
        return END_TEXT_COMPLETE  # the words as soon as they are known: the answer waits for them anyway
    if probability is None and silence_ms >= settings.silence_ms:
        return END_TEXT_COMPLETE  # the model still running (a loaded machine): the silence rule, as before
    return WAIT


def should_ask(silence_ms: float, asked: bool, settings: TurnEndSettings) -> bool:
    """Ask the model now? Once per pause, when the pause has lasted `ask_after_ms`."""
    return settings.mode == "smart_turn" and not asked and settings.ask_after_ms <= silence_ms < settings.max_silence_ms
