"""The voice pipeline's settings, from `cfg.voice`: language, activation and wake engine, follow-up
window, barge-in, endpointing (end of turn by silence or by the Smart Turn model), echo cancellation and
the echo threshold."""

from __future__ import annotations

from dataclasses import dataclass, field

from jarvisd.config_sections import VoiceConfig
from jarvisd.voice.echo import ECHO_SCORE
from jarvisd.voice.endpointing import EndpointSettings


def wake_slow_speeds(value: str) -> tuple[float, ...]:
    """`voice.wake_slow` ("off", "0.8", "0.8,0.7") as speeds."""
    return () if value == "off" else tuple(float(x) for x in value.split(","))


@dataclass(frozen=True)
class VoiceSettings:
    language: str = "auto"
    activation: str = "wake"
    wake_engine: str = "openwakeword"  # "openwakeword" (the hey_jarvis model) | "transcript" (Whisper + phrases)
    wake_threshold: float = 0.2
    wake_agc: bool = True  # the wake model hears each utterance level-normalized (WakeSettings.agc)
    wake_probe_sec: float = 1.2  # the model rests for an utterance that scores ~0 this long (WakeSettings.probe_sec)
    wake_slow: tuple[float, ...] = (0.8, 0.7)  # near misses scored again at these speeds (WakeSettings.slow_speeds)
    wake_verify: bool = True  # a model fire counts only when Whisper's transcript names the wake phrase
    wake_likelihood: bool = True  # ... or, failing that, Whisper finds "Hey Jarvis" likely for it (activation.py)
    # voice.wake_confirm: "opening" checks the fire on the utterance's first OPENING_SEC before anything else
    # runs on it (`activation.confirm_opening`); "utterance" on the whole utterance's transcript, as before
    wake_confirm: str = "opening"
    # voice.wake_confirm_slow: the opening check also scores the opening slowed to these speeds (fast speech)
    wake_confirm_slow: tuple[float, ...] = (0.7,)
    wake_phrases: tuple[str, ...] = ("jarvis", "자비스")
    follow_up_sec: float = 8.0
    barge_in: bool = True
    endpoint: EndpointSettings = field(default_factory=EndpointSettings)
    barge_in_ms: int = 200  # clean (non-echo) speech needed during playback to interrupt it
    barge_in_double_talk: bool = False  # also barge in on double talk heard on the raw mic (voice/barge_in.py)
    early_stt_ms: int = 200  # start Whisper after this much trailing silence (0: only at the endpoint)
    echo_threshold: float = ECHO_SCORE
    echo_cancel: str = "off"  # off | auto | webrtc: the mic cleaned of the speaker's output (echo_cancel.py)

    @classmethod
    def from_config(cls, voice: VoiceConfig) -> VoiceSettings:
        """From `cfg.voice` (jarvisd.config)."""
        return cls(language=voice.language, activation=voice.activation, wake_engine=voice.wake_engine,
                   wake_threshold=float(voice.wake_threshold), wake_agc=voice.wake_agc == "on",
                   wake_probe_sec=float(voice.wake_probe_sec), wake_slow=wake_slow_speeds(voice.wake_slow),
                   wake_verify=voice.wake_verify in ("transcript", "likelihood"),
                   wake_likelihood=voice.wake_verify == "likelihood", wake_confirm=voice.wake_confirm,
                   wake_confirm_slow=wake_slow_speeds(voice.wake_confirm_slow),
                   wake_phrases=tuple(voice.wake_phrases),
                   follow_up_sec=float(voice.follow_up_sec), barge_in=voice.barge_in == "on",
                   barge_in_double_talk=voice.barge_in_double_talk == "on",
                   echo_cancel=voice.echo_cancel,
                   endpoint=EndpointSettings(min_speech_ms=int(voice.min_speech_ms),
                                             trailing_silence_ms=int(voice.trailing_silence_ms),
                                             max_utterance_sec=float(voice.max_utterance_sec),
                                             end_of_turn=voice.end_of_turn,
                                             turn_end_silence_ms=int(voice.turn_end_silence_ms),
                                             turn_end_max_silence_ms=int(voice.turn_end_max_silence_ms),
                                             turn_end_threshold=float(voice.turn_end_threshold)))
