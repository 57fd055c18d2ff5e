"""The wake word engine: which one the configuration chooses, the rules around the model (Whisper only
after "Hey Jarvis" or in the follow-up window), and the real hey_jarvis model on synthesized speech."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from jarvisd.config import ConfigError, load_config
from jarvisd.events import EventBus
from jarvisd.manifest import ModelStore
from jarvisd.voice.activation import (
    OPENING_SEC,
    OTHER_OPENINGS,
    WAKE_OPENINGS,
    Activation,
    confirm_by_likelihood,
    confirm_opening,
    heard_wake_word,
    likely_wake_opening,
)
from jarvisd.voice.audio import FRAME_SAMPLES, MIC_RATE, read_wav, resample, write_wav
from jarvisd.voice.build import build_pipeline, choose_wake_engine
from jarvisd.voice.endpointing import SileroStream, Utterance
from jarvisd.voice.events import Transcript, TurnStarted, UtteranceDropped, WakeWordHeard
from jarvisd.voice.files import WavFileSink, WavFileSource
from jarvisd.voice.pipeline import VoicePipeline
from jarvisd.voice.pulse import espeak_utterance
from jarvisd.voice.settings import VoiceSettings
from jarvisd.voice.stt import Transcription
from jarvisd.voice.wake import HeyJarvisModel, WakeListener, WakeSettings, slowed
from tests.voice.conftest import EventLog, compose, espeak, run_file_pipeline
from tests.voice.test_voice_files import scripted

# --- which engine ------------------------------------------------------------------------------------


def test_the_default_configuration_listens_with_the_hey_jarvis_model():
    cfg = load_config(env={"JARVIS_HOME": "/nonexistent-jarvisd-home"})
    assert cfg.voice.wake_engine == "openwakeword"
    assert choose_wake_engine(VoiceSettings.from_config(cfg.voice))[0] == "openwakeword"


def test_the_transcript_engine_is_a_config_choice_and_unknown_engines_are_refused():
    cfg = load_config(env={"JARVIS_HOME": "/nonexistent-jarvisd-home", "JARVIS_VOICE__WAKE_ENGINE": "transcript"})
    assert choose_wake_engine(VoiceSettings.from_config(cfg.voice)) == ("transcript", "voice.wake_engine = transcript")
    with pytest.raises(ConfigError, match="voice.wake_engine"):
        load_config(env={"JARVIS_HOME": "/nonexistent-jarvisd-home", "JARVIS_VOICE__WAKE_ENGINE": "porcupine"})


def test_a_custom_wake_phrase_goes_through_the_transcript_engine():
    engine, why = choose_wake_engine(VoiceSettings(wake_phrases=("computer",)))
    assert engine == "transcript" and "only knows 'Hey Jarvis'" in why
    assert choose_wake_engine(VoiceSettings(wake_phrases=("hey jarvis", "자비스")))[0] == "openwakeword"


@pytest.mark.parametrize("activation", ["always", "push_to_talk"])
def test_no_wake_engine_runs_outside_wake_mode(activation):
    assert choose_wake_engine(VoiceSettings(activation=activation))[0] is None


# --- the rules around the model ------------------------------------------------------------------------


def test_with_the_model_whisper_runs_only_on_woken_utterances_or_in_the_follow_up_window():
    act = Activation("wake", follow_up_sec=8.0, wake_model=True)
    assert not act.wants_transcript(100.0)
    assert act.wants_transcript(100.0, woken=True)
    act.wake_heard(now=100.0)
    assert act.wants_transcript(107.0) and not act.wants_transcript(108.5)


def test_a_woken_transcript_loses_its_hey_jarvis_and_a_bare_one_opens_the_window():
    act = Activation("wake", follow_up_sec=5.0, wake_model=True)
    admitted = act.admit("Hey Jarvis, what time is it?", now=10.0, woken=True)
    assert admitted.accepted and admitted.text == "what time is it?" and admitted.reason == "wake word"
    # Whisper may spell the name as something else: the model heard it, so the words still count
    assert act.admit("Hey Travis, turn on the lights.", now=20.0, woken=True).accepted
    bare = act.admit("Hey, Jarvis.", now=30.0, woken=True)
    assert not bare.accepted and bare.reason == "wake word only: listening"
    assert act.admit("set a timer", now=33.0).reason == "follow-up"
    assert act.admit("Jarvis, what time is it?", now=60.0).reason == "no wake word"  # the model did not hear it


def test_the_wake_word_never_shortens_a_reply_under_way():
    act = Activation("wake", follow_up_sec=2.0, wake_model=True)
    act.hold_follow_up()
    act.wake_heard(now=50.0)
    assert act.in_follow_up(now=500.0)


def test_with_verification_a_fire_takes_a_turn_only_when_the_transcript_names_jarvis():
    act = Activation("wake", follow_up_sec=8.0, wake_model=True, verify=True)
    act.wake_heard(now=10.0)
    admitted = act.admit("Hey Jarvis, what time is it?", now=11.0, woken=True)
    assert admitted.accepted and admitted.text == "what time is it?"
    act.wake_heard(now=100.0)
    assert act.wants_transcript(now=101.0)  # what follows the fire is transcribed...
    dropped = act.admit("Did you see the game last night?", now=101.0, woken=True)
    assert not dropped.accepted and dropped.reason == "wake word not in the transcript"
    assert not act.wants_transcript(now=102.0)  # ...until the transcript says the fire was false


def test_with_verification_a_reply_s_follow_up_still_needs_no_name():
    act = Activation("wake", follow_up_sec=8.0, wake_model=True, verify=True)
    act.open_follow_up(now=10.0)
    assert act.admit("and tomorrow?", now=12.0, woken=True).accepted
    bare = act.admit("Hey Jarvis.", now=30.0, woken=True)  # confirmed and bare: the window opens
    assert not bare.accepted and bare.reason == "wake word only: listening"
    assert act.admit("what time is it?", now=33.0).reason == "follow-up"


def test_a_confirmed_wake_word_whisper_misheard_the_greeting_of_is_taken_off_the_turn():
    """"paid Jarvis." (Whisper's "hey" run into the name, then a pause): a bare wake word, so the window
    opens and the question after it is the turn, not "paid Jarvis." (a CI run under load showed it)."""
    act = Activation("wake", follow_up_sec=8.0, wake_model=True, verify=True)
    act.wake_heard(now=10.0)
    bare = act.admit("paid Jarvis.", now=11.0, woken=True)
    assert not bare.accepted and bare.reason == "wake word only: listening"
    assert act.admit("what is the weather today?", now=12.5).reason == "follow-up"
    act.wake_heard(now=100.0)
    asked = act.admit("paid Jarvis, what time is it?", now=101.0, woken=True)
    assert asked.accepted and asked.text == "what time is it?"


@pytest.mark.parametrize(("text", "confirmed"), [
    # what Whisper base wrote for woken "Hey Jarvis" clips of the bench (piper and espeak-ng voices)
    ("Hey Jarvis, what time is it?", True), ("Hey, Jarvis.", True), ("He javis, play some music.", True),
    ("Hey, Davis.", True), ("Hey Jarmas.", True), ("Hey Jar Miss turn off the lights", True), ("Jar", True),
    ("헤이 자비스, 몇 시야?", True), ("자비스야 불 꺼줘", True),
    # ... and for the utterances of other speech the model fired on
    ("Hey John.", False), ("Hey, Jalana.", False), ("Thanks John!", False), ("Welcome!", False),
    ("Wow, Caroline, that sounds awesome!", False), ("Ke-chan", False), ("", False),
])
def test_the_transcript_confirms_a_fire_when_it_names_jarvis_or_something_close(text, confirmed):
    assert heard_wake_word(text, ("jarvis", "자비스")) is confirmed


def test_wake_verify_is_a_config_choice_on_by_default():
    home = {"JARVIS_HOME": "/nonexistent-jarvisd-home"}
    default = VoiceSettings.from_config(load_config(env=home).voice)
    assert default.wake_verify is True and default.wake_likelihood is True  # the likelihood rule (bench_wake)
    transcript = VoiceSettings.from_config(load_config(env={**home, "JARVIS_VOICE__WAKE_VERIFY": "transcript"}).voice)
    assert transcript.wake_verify is True and transcript.wake_likelihood is False
    off = load_config(env={**home, "JARVIS_VOICE__WAKE_VERIFY": "off"})
    assert VoiceSettings.from_config(off.voice).wake_verify is False
    assert VoiceSettings.from_config(off.voice).wake_likelihood is False
    with pytest.raises(ConfigError, match="voice.wake_verify"):
        load_config(env={**home, "JARVIS_VOICE__WAKE_VERIFY": "maybe"})


def openings(wake: tuple[float, float, float], other: float) -> list[list[float]]:
    """Opening log-probs as `opening_logprobs` returns them (WAKE_OPENINGS, then OTHER_OPENINGS), each
    opening's total in its first token."""
    return [[w, 0.0] for w in wake] + [[other]] + [[other - 5.0]] * (len(OTHER_OPENINGS) - 1)


@pytest.mark.parametrize(("logprobs", "opening"), [
    # what Whisper base found for woken espeak-ng "Hey Jarvis" it wrote as "Hey novice, ..." (bench_wake)
    (openings((-8.0, -9.6, -13.0), -6.7), "Hey Jarvis"),
    (openings((-10.4, -10.3, -10.7), -10.4), "Hey, Jarvis"),
    # ... and for other speech: "Hey John, ..." (another name far likelier), "Welcome to the party!"
    # (no greeting and name at all: every opening unlikely, however close to each other)
    (openings((-17.7, -18.2, -21.8), -1.0), None),
    (openings((-15.7, -17.0, -18.3), -13.9), None),
    (openings((-8.0, -9.0, -12.0), -5.5), None),  # "Hey Travis" likelier by more than the margin
])
def test_the_likelihood_rule_wants_a_likely_wake_opening_not_far_below_another_name(logprobs, opening):
    assert likely_wake_opening(logprobs) == opening


def test_only_an_utterance_a_fire_woke_outside_a_reply_s_window_needs_confirming():
    act = Activation("wake", follow_up_sec=8.0, wake_model=True, verify=True)
    assert not act.needs_confirmation(now=5.0)
    assert act.needs_confirmation(now=5.0, woken=True)
    act.wake_heard(now=10.0)
    assert act.needs_confirmation(now=12.0)  # in the window the fire opened
    act.open_follow_up(now=20.0)
    assert not act.needs_confirmation(now=21.0, woken=True)  # a reply's follow-up needs no wake word
    assert not Activation("wake", wake_model=True, verify=False).needs_confirmation(now=5.0, woken=True)


def test_the_threshold_and_the_level_normalizing_are_config_choices():
    home = {"JARVIS_HOME": "/nonexistent-jarvisd-home"}
    default = VoiceSettings.from_config(load_config(env=home).voice)
    assert default.wake_threshold == 0.2 and default.wake_agc is True  # chosen on bench_wake's dev set
    assert WakeSettings().threshold == 0.2 and WakeSettings().agc is True
    off = load_config(env={**home, "JARVIS_VOICE__WAKE_AGC": "off", "JARVIS_VOICE__WAKE_THRESHOLD": "0.5"})
    assert VoiceSettings.from_config(off.voice).wake_agc is False
    assert VoiceSettings.from_config(off.voice).wake_threshold == 0.5
    with pytest.raises(ConfigError, match="voice.wake_agc"):
        load_config(env={**home, "JARVIS_VOICE__WAKE_AGC": "loud"})


def test_the_probe_and_the_slowed_second_look_are_config_choices():
    home = {"JARVIS_HOME": "/nonexistent-jarvisd-home"}
    default = VoiceSettings.from_config(load_config(env=home).voice)
    assert default.wake_probe_sec == 1.2 and default.wake_slow == (0.8, 0.7)  # chosen on bench_wake's dev set
    assert WakeSettings().probe_sec == 1.2 and WakeSettings().slow_speeds == (0.8, 0.7)
    assert WakeSettings().fresh_context is True and WakeSettings().preroll_sec == 0.5
    off = VoiceSettings.from_config(load_config(env={**home, "JARVIS_VOICE__WAKE_PROBE_SEC": "0",
                                                     "JARVIS_VOICE__WAKE_SLOW": "off"}).voice)
    assert off.wake_probe_sec == 0.0 and off.wake_slow == ()
    with pytest.raises(ConfigError, match="voice.wake_slow"):
        load_config(env={**home, "JARVIS_VOICE__WAKE_SLOW": "0.5"})
    with pytest.raises(ConfigError, match="voice.wake_probe_sec"):
        load_config(env={**home, "JARVIS_VOICE__WAKE_PROBE_SEC": "-1"})


class CountingScorer:
    """Scores 0.9 on frames whose first sample is 1.0 (a planted "wake word"), 0 elsewhere."""

    def __init__(self) -> None:
        self.fed: list[float] = []

    def scores(self, frame: np.ndarray) -> list[float]:
        self.fed.append(float(frame[0]))
        return [0.9 if frame[0] == 1.0 else 0.0]


def frame(marker: float = 0.0) -> np.ndarray:
    audio = np.zeros(FRAME_SAMPLES, np.float32)
    audio[0] = marker
    return audio


def test_the_model_runs_only_around_speech_and_catches_up_on_the_audio_before_it():
    scorer = CountingScorer()
    listener = WakeListener(scorer, WakeSettings(preroll_sec=0.32, hangover_sec=0.32, refractory_sec=1.0, agc=False))
    for _ in range(100):
        assert listener.hear(frame(), speech=False) is None
    assert scorer.fed == []  # silence: the model never ran
    listener.hear(frame(0.5), speech=False)  # the phrase's soft onset, before the VAD calls it speech
    listener.hear(frame(0.25), speech=True)
    assert scorer.fed[-2:] == [0.5, 0.25] and len(scorer.fed) == 11  # 10 frames of pre-roll, then the frame
    for _ in range(10):
        listener.hear(frame(), speech=False)  # the hangover runs out
    scored = len(scorer.fed)
    listener.hear(frame(), speech=False)
    assert len(scorer.fed) == scored


def test_the_model_scores_only_the_start_of_each_utterance():
    scorer = CountingScorer()
    listener = WakeListener(scorer, WakeSettings(preroll_sec=0.32, hangover_sec=0.32, window_sec=0.32, gap_sec=0.32, agc=False,
                                                 probe_sec=None))
    for _ in range(20):
        listener.hear(frame(), speech=False)
    for _ in range(60):  # a long utterance: 10 frames of pre-roll and its first 10 frames, no more
        listener.hear(frame(0.5), speech=True)
    assert len(scorer.fed) == 20
    for _ in range(5):  # a short pause (less than gap_sec) is the same utterance: still resting
        listener.hear(frame(), speech=False)
    listener.hear(frame(1.0), speech=True)
    assert len(scorer.fed) == 20
    for _ in range(10):  # a pause of gap_sec ends it: the next speech opens a new window
        listener.hear(frame(), speech=False)
    assert listener.hear(frame(1.0), speech=True) == 0.9
    assert len(scorer.fed) == 31 and scorer.fed[-11:-1] == [0.0] * 10  # the pause caught up on first


def test_without_a_window_the_model_scores_the_whole_utterance():
    scorer = CountingScorer()
    listener = WakeListener(scorer, WakeSettings(preroll_sec=0.32, window_sec=None, agc=False, probe_sec=None))
    for _ in range(100):
        listener.hear(frame(0.5), speech=True)
    assert len(scorer.fed) == 100


def test_one_wake_word_fires_once():
    listener = WakeListener(CountingScorer(), WakeSettings(refractory_sec=1.0, agc=False))
    fired = [listener.hear(frame(1.0), speech=True) for _ in range(40)]
    assert fired[0] == 0.9 and fired[1:31] == [None] * 30 and fired[31] == 0.9  # 31 frames = 1 s later


def test_the_model_rests_for_an_utterance_whose_opening_scores_nothing():
    """probe_sec: 1.2 s of an utterance (38 frames) with the model's peak below 0.005 and it rests for the
    rest of it; an opening that scores something keeps it going to the end of the window."""
    quiet = CountingScorer()
    listener = WakeListener(quiet, WakeSettings(preroll_sec=0.32, window_sec=2.5, agc=False))
    for _ in range(200):
        listener.hear(frame(0.5), speech=True)
    assert len(quiet.fed) == 38

    class Murmur(CountingScorer):
        def scores(self, frame: np.ndarray) -> list[float]:
            super().scores(frame)
            return [0.01]

    murmur = Murmur()
    listener = WakeListener(murmur, WakeSettings(preroll_sec=0.32, window_sec=2.5, agc=False))
    for _ in range(200):
        listener.hear(frame(0.5), speech=True)
    assert len(murmur.fed) == 78  # the whole 2.5 s window
    off = CountingScorer()
    listener = WakeListener(off, WakeSettings(preroll_sec=0.32, window_sec=2.5, agc=False, probe_sec=None))
    for _ in range(200):
        listener.hear(frame(0.5), speech=True)
    assert len(off.fed) == 78


class SpeedScorer:
    """A stateful stand-in for the model: 0.9 for audio fed as one block of more than 1.2 s (what the
    listener's slowed copy of an utterance looks like), else `own_pace` per call; keeps the state protocol."""

    def __init__(self, own_pace: float) -> None:
        self.own_pace, self.context, self.blocks = own_pace, (np.zeros(1, np.float32),), []

    def scores(self, frame: np.ndarray) -> list[float]:
        self.context = (frame[-1:].copy(),)
        if len(frame) > 1.2 * MIC_RATE:
            self.blocks.append(len(frame))
            return [0.9]
        return [self.own_pace]

    def state(self) -> tuple[np.ndarray, ...]:
        return self.context

    def restore(self, state: tuple[np.ndarray, ...]) -> None:
        self.context = state


def utterance_then_pause(listener: WakeListener, speech_frames: int, pause_frames: int) -> list[tuple[int, float]]:
    fired = []
    for i in range(speech_frames + pause_frames):
        score = listener.hear(frame(0.5), speech=i < speech_frames)
        if score is not None:
            fired.append((i, score))
            listener.fired_late_by = listener.late_by
    return fired


def test_a_near_miss_is_scored_again_slowed_before_its_utterance_can_end():
    """A 1.5 s utterance whose best score is 0.05 (0.02 <= peak < threshold): at the pause that is about to
    end it (the 18th silent frame of 19), the listener scores what the model heard slowed to 0.8x and
    fires on it; the model's context is put back as it was after the utterance."""
    scorer = SpeedScorer(own_pace=0.05)
    listener = WakeListener(scorer, WakeSettings(preroll_sec=0.32, agc=False))
    fired = utterance_then_pause(listener, 47, 40)
    assert fired == [(47 + 17, 0.9)] and listener.slow_checks == 1
    heard = (47 + 18) * FRAME_SAMPLES  # the speech and the pause so far (no pre-roll: it opens the stream)
    assert scorer.blocks == [int(heard / 0.8)]
    assert scorer.context[0][0] == 0.0  # the last frame the model heard at its own pace (a silent one)
    # the fire is dated to when what it heard began (the pipeline's _wake_at), so it wakes this utterance
    # and not the next one, which may start within WAKE_LEAD_SEC of the fire's frame
    assert listener.fired_late_by == pytest.approx(heard / MIC_RATE)


def test_only_near_misses_are_slowed_and_only_with_the_setting():
    for own_pace, settings in ((0.005, WakeSettings(agc=False)),  # below slow_floor: nothing like the phrase
                               (0.05, WakeSettings(agc=False, slow_speeds=())),  # voice.wake_slow = "off"
                               (0.5, WakeSettings(agc=False))):  # fired at its own pace: once is enough
        scorer = SpeedScorer(own_pace)
        listener = WakeListener(scorer, settings)
        fired = utterance_then_pause(listener, 47, 40)
        assert scorer.blocks == [] and listener.slow_checks == 0
        assert {score for _, score in fired} == ({0.5} if own_pace == 0.5 else set())
        assert getattr(listener, "fired_late_by", 0.0) == 0.0  # a fire at its own pace is dated now


def test_a_slowed_copy_fires_only_at_its_own_threshold():
    assert WakeSettings().slow_threshold == 0.4
    for slow_threshold, fires in ((None, True), (0.5, True), (0.95, False)):  # the copy scores 0.9
        listener = WakeListener(SpeedScorer(own_pace=0.05), WakeSettings(agc=False, slow_threshold=slow_threshold))
        assert bool(utterance_then_pause(listener, 47, 40)) is fires and listener.slow_checks == 1


def test_a_long_near_miss_is_slowed_when_its_window_closes():
    scorer = SpeedScorer(own_pace=0.05)
    listener = WakeListener(scorer, WakeSettings(preroll_sec=0.32, window_sec=2.5, agc=False))
    fired = utterance_then_pause(listener, 200, 40)
    assert fired == [(77, 0.9)]  # the 78th frame of the window, while the utterance goes on


def test_each_utterance_starts_from_the_context_of_silence_then_its_pre_roll():
    """fresh_context: at an utterance's onset the model forgets what it heard of the last one (its context
    goes back to silence) and is fed the pre-roll; without it the stale context stays."""
    class Forgetful(CountingScorer):
        def __init__(self) -> None:
            super().__init__()
            self.events: list = []

        def scores(self, frame: np.ndarray) -> list[float]:
            self.events.append(float(frame[0]))
            return super().scores(frame)

        def forget(self) -> None:
            self.events.append("forget")

    for fresh in (True, False):
        model = Forgetful()
        listener = WakeListener(model, WakeSettings(preroll_sec=0.128, gap_sec=0.32, hangover_sec=0.064,
                                                          agc=False, fresh_context=fresh))
        for marker in (0.5, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.25, 0.75):
            listener.hear(frame(marker), speech=marker in (0.5, 0.75))
        # the first utterance, 2 frames of hangover, a pause of 10 frames: 4 frames of pre-roll, then the frame
        heard = [0.5, 0.5, 0.0, 0.0, "forget", 0.0, 0.0, 0.0, 0.25, 0.75]
        assert model.events == (["forget", *heard] if fresh else [e for e in heard if e != "forget"])


def test_only_the_last_0_32_s_of_the_pre_roll_costs_model_steps():
    """preroll_embed_sec (0.32 s by default): of the 0.5 s of pre-roll, the older 0.18 s goes through the
    melspectrogram only (`prime`: no embedding step, no score), the rest and the utterance are scored; the
    slowed copy of a near miss still hears all of it. None: every pre-roll frame is a model step."""
    class Priming(CountingScorer):
        def __init__(self) -> None:
            super().__init__()
            self.primed: list[int] = []  # samples per prime call

        def prime(self, frame: np.ndarray) -> None:
            self.primed.append(len(frame))

        def state(self) -> tuple:  # a model with a context: the listener keeps what it heard for slowing
            return ()

    for embed, primed, scored in ((WakeSettings.preroll_embed_sec, [6 * FRAME_SAMPLES], 11), (None, [], 17)):
        model = Priming()
        listener = WakeListener(model, WakeSettings(agc=False, preroll_embed_sec=embed))
        for _ in range(30):
            listener.hear(frame(), speech=False)
        listener.hear(frame(0.5), speech=True)
        assert model.primed == primed and len(model.fed) == scored
        assert len(listener._heard) == 17  # the slowed copy's audio: the whole pre-roll and the frame
        assert listener.frames_primed == len(primed) * 6


def test_slowing_keeps_the_pitch_and_stretches_the_time():
    t = np.arange(MIC_RATE) / MIC_RATE
    audio = (0.3 * np.sin(2 * np.pi * 180 * t)).astype(np.float32)
    for speed in (0.8, 0.7):
        out = slowed(audio, speed)
        assert len(out) == int(MIC_RATE / speed)
        spectrum = np.abs(np.fft.rfft(out[1000:-1000] * np.hanning(len(out) - 2000)))
        assert np.fft.rfftfreq(len(out) - 2000, 1 / MIC_RATE)[np.argmax(spectrum)] == pytest.approx(180, abs=3)
        assert np.sqrt(np.mean(out[1000:-1000] ** 2)) == pytest.approx(0.3 / np.sqrt(2), rel=0.1)


class LevelScorer:
    """Keeps the RMS of every frame the model is fed."""

    def __init__(self) -> None:
        self.levels: list[float] = []

    def scores(self, frame: np.ndarray) -> list[float]:
        self.levels.append(float(np.sqrt(np.mean(np.square(frame)))))
        return [0.0]


def tone(dbfs: float) -> np.ndarray:
    t = np.arange(FRAME_SAMPLES) / MIC_RATE
    return (np.sqrt(2) * 10 ** (dbfs / 20) * np.sin(2 * np.pi * 440 * t)).astype(np.float32)


def test_the_model_hears_each_utterance_level_normalized_and_only_the_model_does():
    """A quiet voice (-38 dBFS, the bench's quietest clips) reaches the model at -20 dBFS, its pre-roll
    by the same gain; a loud one is brought down; the frame the caller passed is not changed."""
    for level in (-38.0, -10.0):
        scorer = LevelScorer()
        listener = WakeListener(scorer, WakeSettings(preroll_sec=0.32, window_sec=None))
        listener.hear(tone(level - 10), speech=False)  # the soft onset, before the VAD calls it speech
        loud = tone(level)
        listener.hear(loud, speech=True)
        assert 20 * np.log10(scorer.levels[-1]) == pytest.approx(-20.0, abs=0.1)
        assert 20 * np.log10(scorer.levels[-2]) == pytest.approx(-30.0, abs=0.1)
        assert 20 * np.log10(np.sqrt(np.mean(np.square(loud)))) == pytest.approx(level, abs=0.1)
    raw = LevelScorer()
    WakeListener(raw, WakeSettings(agc=False)).hear(tone(-38.0), speech=True)
    assert 20 * np.log10(raw.levels[-1]) == pytest.approx(-38.0, abs=0.1)


def test_the_level_is_each_utterance_s_own():
    scorer = LevelScorer()
    listener = WakeListener(scorer, WakeSettings(window_sec=None, gap_sec=0.32, hangover_sec=0.1))
    listener.hear(tone(-10.0), speech=True)
    for _ in range(12):  # a pause that ends the utterance
        listener.hear(np.zeros(FRAME_SAMPLES, np.float32), speech=False)
    listener.hear(tone(-38.0), speech=True)  # the next, quiet one is not held down by the loud one
    assert 20 * np.log10(scorer.levels[-1]) == pytest.approx(-20.0, abs=0.1)


# --- the real model on synthesized speech ------------------------------------------------------------


def piper_wav(cfg, text: str, out: Path, length_scale: float = 1.0) -> Path:
    from piper import PiperVoice, SynthesisConfig

    from jarvisd.voice.build import voice_path

    path = voice_path(cfg)
    voice = PiperVoice.load(str(path), config_path=f"{path}.json")
    chunks = [c.audio_float_array for c in voice.synthesize(text, syn_config=SynthesisConfig(length_scale=length_scale))]
    audio = resample(np.concatenate(chunks), voice.config.sample_rate, MIC_RATE)
    return write_wav(out, np.concatenate([np.zeros(MIC_RATE // 2, np.float32), audio]), MIC_RATE)


def fires(model: HeyJarvisModel, wav: Path, settings: WakeSettings | None = None) -> list[float]:
    """Scores at which the listener fired over the file (with 2 s of silence after it), VAD-gated as in
    the pipeline."""
    audio = np.concatenate([read_wav(wav, MIC_RATE)[0], np.zeros(2 * MIC_RATE, np.float32)])
    vad, listener = SileroStream(), WakeListener(model, settings)
    fired = []
    for i in range(0, len(audio) - FRAME_SAMPLES + 1, FRAME_SAMPLES):
        chunk = audio[i:i + FRAME_SAMPLES]
        if (score := listener.hear(chunk, vad.probability(chunk) >= 0.5)) is not None:
            fired.append(score)
    return fired


@pytest.fixture(scope="module")
def hey_jarvis(cfg) -> HeyJarvisModel:
    return HeyJarvisModel.from_store(ModelStore(cfg.paths.models_dir))


@pytest.mark.slow
def test_the_model_fires_on_a_synthesized_hey_jarvis(cfg, hey_jarvis, speech_dir):
    assert len(fires(hey_jarvis, piper_wav(cfg, "Hey Jarvis, what time is it?", speech_dir / "hj-piper.wav"))) == 1
    assert len(fires(hey_jarvis, piper_wav(cfg, "Hey Jarvis.", speech_dir / "hj-slow.wav", 1.3))) == 1
    assert len(fires(hey_jarvis, espeak("Hey Jarvis", speech_dir / "hj-espeak.wav"))) == 1


@pytest.mark.slow
def test_the_model_stays_quiet_on_other_speech(cfg, hey_jarvis, speech_dir):
    others = [piper_wav(cfg, "What is on my calendar tomorrow morning? I need to call the bank at noon.",
                        speech_dir / "other-piper.wav"),
              piper_wav(cfg, "Harvey asked if the service was nervous about the survey.", speech_dir / "near.wav"),
              espeak("Remind me to send the report to Mina by Friday afternoon.", speech_dir / "other-espeak.wav")]
    assert {p.name: fires(hey_jarvis, p) for p in others} == {p.name: [] for p in others}


@pytest.mark.slow
def test_the_pre_roll_mel_only_saves_steps_and_still_fires(cfg, speech_dir):
    """The real model: with the older pre-roll through the melspectrogram only, a Piper "Hey Jarvis" after
    1 s of silence fires once as with every pre-roll step scored, for fewer embedding steps."""
    model = HeyJarvisModel.from_store(ModelStore(cfg.paths.models_dir))
    steps = []
    scores = model.scores
    model.scores = lambda f: (out := scores(f)) and steps.extend(out) or out
    wav = compose(speech_dir / "hj-preroll.wav", 1.0, piper_wav(cfg, "Hey Jarvis, what time is it?",
                                                                   speech_dir / "hj-piper.wav"))
    counted = {}
    for embed in (None, 0.32):
        steps.clear()
        assert len(fires(model, wav, WakeSettings(preroll_embed_sec=embed))) == 1
        counted[embed] = len(steps)
    assert counted[0.32] < counted[None]


@pytest.mark.slow
def test_fast_speech_the_model_misses_is_caught_slowed(cfg, speech_dir):
    """espeak-ng's en-029 voice at 200 words/min, the kind of clip the model missed on the bench: at its
    own pace the model's best is ~0.04 (below the 0.2 threshold, above the 0.02 floor of a near miss);
    the copy slowed to 0.8x fires. From the same (fresh) model context each time."""
    model = HeyJarvisModel.from_store(ModelStore(cfg.paths.models_dir))
    fresh = model.state()
    wav = compose(speech_dir / "hj-fast-pad.wav", 0.5, espeak_utterance(
        "Hey Jarvis, turn off the lights.", speech_dir / "hj-fast.wav", 200, "en-029"))
    model.restore(fresh)
    assert fires(model, wav, WakeSettings(slow_speeds=())) == []
    model.restore(fresh)
    assert len(fires(model, wav)) == 1


class CountingRecognizer:
    def __init__(self, inner) -> None:
        self.inner, self.calls = inner, 0

    def transcribe(self, audio):
        self.calls += 1
        return self.inner.transcribe(audio)


async def run_wake(cfg, models, wav: Path, *answers: str) -> tuple[EventLog, int]:
    bus = EventBus()
    log = EventLog(bus)
    recognizer = CountingRecognizer(models.recognizer)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="wake", language="en")
    pipeline = build_pipeline(cfg, scripted(*answers), source=WavFileSource(wav, realtime=True),
                              sink=WavFileSink(None, realtime=True),
                              models=dataclasses.replace(models, recognizer=recognizer), bus=bus, settings=settings)
    assert pipeline.wake is not None
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    return log, recognizer.calls


@pytest.mark.slow
async def test_speech_without_the_wake_word_never_reaches_whisper(cfg, models, speech_dir):
    wav = espeak("What is on my calendar tomorrow morning?", speech_dir / "no-wake.wav")
    log, calls = await run_wake(cfg, models, wav, "never")
    assert calls == 0 and log.of(Transcript) == [] and log.of(WakeWordHeard) == []
    assert [d.reason for d in log.of(UtteranceDropped)] == ["no wake word"]


@pytest.mark.slow
async def test_hey_jarvis_wakes_the_turn_and_the_follow_up_needs_none(cfg, models, speech_dir, tmp_path):
    wake = piper_wav(cfg, "Hey Jarvis, what is the weather today?", speech_dir / "wake-q.wav")
    follow = espeak("And what about tomorrow?", speech_dir / "follow-q.wav")
    after = espeak("The printer on the second floor is out of paper again.", speech_dir / "after-q.wav")
    wav = compose(tmp_path / "conversation.wav", wake, 3.0, follow, 12.0, after)
    log, _ = await run_wake(cfg, models, wav, "It is sunny.", "Rain is likely.")
    turns = log.of(TurnStarted)
    assert len(log.of(WakeWordHeard)) == 1
    assert len(turns) == 2, log.kinds()
    assert "jarvis" not in turns[0].text.lower() and "weather" in turns[0].text.lower()
    assert "tomorrow" in turns[1].text.lower()
    # the wake phrase and its question are one utterance, or two when the pause after "Hey Jarvis," ends
    # the first (seen under load): then the bare wake word opens the window and takes no turn
    assert len(log.of(Transcript)) in (2, 3)
    assert log.of(UtteranceDropped)[-1].reason == "no wake word"  # after the window: never transcribed


def test_the_wake_model_files_verify_against_the_manifest(tmp_path):
    files = ModelStore(tmp_path / "models").verify("hey-jarvis")
    assert sorted(files) == ["embedding_model.tflite", "hey_jarvis.tflite", "melspectrogram.tflite"]



class FiresOnEverything:
    """A wake word model that fires on any audio: every fire on speech without "Jarvis" is a false accept."""

    def scores(self, frame: np.ndarray) -> list[float]:
        return [0.99]


async def run_false_fire(cfg, models, wav: Path, verify: bool, likelihood: bool = True,
                         confirm: str = "opening") -> EventLog:
    def fires_on_everything(pipeline) -> None:  # type: ignore[no-untyped-def]
        assert pipeline.wake is not None
        pipeline.wake = WakeListener(FiresOnEverything(), pipeline.wake.settings)

    return await run_file_pipeline(cfg, models, wav, scripted("An answer."), fires_on_everything, activation="wake",
                                   language="en", wake_verify=verify, wake_likelihood=likelihood, wake_confirm=confirm)


@pytest.mark.slow
@pytest.mark.parametrize(("confirm", "reason"), [("opening", "wake word not at the opening"),
                                                 ("utterance", "wake word not in the transcript")])
async def test_whisper_s_transcript_stops_a_false_fire_from_taking_a_turn(cfg, models, speech_dir, confirm, reason):
    """The second stage, with real Whisper: the model fired on speech that never names Jarvis."""
    wav = espeak("Did you see the game last night? It went to overtime.", speech_dir / "false-fire.wav")
    log = await run_false_fire(cfg, models, wav, verify=True, confirm=confirm)
    assert log.of(WakeWordHeard) and log.of(TurnStarted) == [] and log.of(Transcript) == []
    assert [d.reason for d in log.of(UtteranceDropped)] == [reason]
    unverified = await run_false_fire(cfg, models, wav, verify=False)  # the fire alone takes the turn
    assert len(unverified.of(TurnStarted)) == 1


@pytest.fixture(scope="module")
def misheard(speech_dir) -> Path:
    """A "Hey Jarvis" greedy Whisper base writes as "Hey novice, play some music." (bench_wake's misses)."""
    return espeak_utterance("Hey Jarvis, play some music.", speech_dir / "misheard.wav", 200, "en-gb+f2")


@pytest.mark.slow
def test_whisper_finds_hey_jarvis_likely_where_it_wrote_another_word(models, misheard, speech_dir):
    audio = read_wav(misheard, MIC_RATE)[0]
    assert not heard_wake_word(models.recognizer.transcribe(audio).text, ("jarvis",))  # the case at hand
    assert (confirm_by_likelihood(models.recognizer, audio) or "").startswith("Hey Jarvis")
    assert "music" in (confirm_by_likelihood(models.recognizer, audio) or "").lower()
    for text in ("Hey Travis, come here.", "Hey John, how are you?", "Welcome to the party!",
                 "Harvey said the service was nervous about the survey."):
        other = read_wav(espeak_utterance(text, speech_dir / "not-jarvis.wav", 165, "en-us"), MIC_RATE)[0]
        assert confirm_by_likelihood(models.recognizer, other) is None, text


@pytest.mark.slow
async def test_a_fire_whisper_misheard_takes_its_turn_with_the_likelihood_rule(cfg, models, misheard):
    log = await run_false_fire(cfg, models, misheard, verify=True)
    turns = log.of(TurnStarted)
    assert len(turns) == 1 and "music" in turns[0].text.lower() and "jarvis" not in turns[0].text.lower()
    only_transcript = await run_false_fire(cfg, models, misheard, verify=True, likelihood=False)
    assert only_transcript.of(TurnStarted) == []
    assert [d.reason for d in only_transcript.of(UtteranceDropped)] == ["wake word not at the opening"]


# --- voice.wake_confirm = opening: a fire is checked on its utterance's opening before anything else runs ----

class FiresOnce:
    """A wake word model that fires on the first step it scores, then never again."""

    def __init__(self) -> None:
        self.fired = False

    def scores(self, frame: np.ndarray) -> list[float]:
        fired, self.fired = self.fired, True
        return [0.0 if fired else 0.99]


class OpeningRecognizer:
    """A Whisper stand-in that writes `text` for any audio and finds "Hey Jarvis" likely (`likely`) or not;
    it counts what it is asked and how long each audio is."""

    def __init__(self, text: str, likely: bool, after: str = "", likely_from_sec: float = 0.0,
                 near: bool = False) -> None:
        self.text, self.likely, self.after = text, likely, after
        self.likely_from_sec = likely_from_sec  # "Hey Jarvis" is likely only in audio at least this long
        self.near = near  # when not likely: above LIKELY_FLOOR, but 3 below "Hey John" (else far below the floor)
        self.transcribed: list[float] = []  # seconds of each transcribed audio
        self.scored: list[float] = []  # seconds of each audio the openings were scored on
        self.decoded_after: list[str] = []

    def transcribe(self, audio: np.ndarray, language: str | None = None) -> Transcription:
        self.transcribed.append(len(audio) / MIC_RATE)
        return Transcription(self.text, "en", 1.0, 0.01, -0.2, 0.0)

    def opening_logprobs(self, audio: np.ndarray, openings, language: str = "en") -> list[list[float]]:  # type: ignore[no-untyped-def]
        self.scored.append(len(audio) / MIC_RATE)
        wake = -1.0 if self.likely and len(audio) / MIC_RATE >= self.likely_from_sec else -8.0 if self.near else -20.0
        return [[wake] if o in WAKE_OPENINGS else [-5.0] for o in openings]

    def transcribe_after(self, audio: np.ndarray, opening: str, language: str = "en") -> str:
        self.decoded_after.append(opening)
        return f"{opening}, {self.after}"


class CountingTurnModel:
    def __init__(self) -> None:
        self.calls = 0

    def probability(self, audio: np.ndarray) -> float:
        self.calls += 1
        return 0.01  # never complete: each pause is asked


async def run_fake_wake(wav: Path, recognizer: OpeningRecognizer, confirm: str) -> tuple[EventLog, CountingTurnModel]:
    bus = EventBus()
    log = EventLog(bus)
    turn_model = CountingTurnModel()
    settings = dataclasses.replace(VoiceSettings(), activation="wake", language="en", wake_confirm=confirm)

    async def answer(text, lang, utterance_id):  # type: ignore[no-untyped-def]
        return
        yield ""

    pipeline = VoicePipeline(source=WavFileSource(wav), sink=WavFileSink(None), recognizer=recognizer,  # type: ignore[arg-type]
                             synthesizer=None, answer=answer, bus=bus, settings=settings,  # type: ignore[arg-type]
                             wake=WakeListener(FiresOnce()), turn_model=turn_model)  # type: ignore[arg-type]
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        await pipeline.stop()
    return log, turn_model


@pytest.fixture(scope="module")
def long_false_fire(speech_dir) -> Path:
    """~6 s of speech without the wake word: no pause in its first 2.5 s, then short ones (Smart Turn is asked
    at each)."""
    return espeak("Did you see the game last night when it went to overtime? And then, after all that, they lost.",
                  speech_dir / "long-false-fire.wav", 140)


@pytest.mark.parametrize("confirm", ["opening", "utterance"])
async def test_a_false_fire_stops_at_the_opening_check_before_smart_turn_and_whisper(long_false_fire, confirm):
    """The model fires on other speech: with `voice.wake_confirm = opening` (default) Whisper hears only the
    utterance's first OPENING_SEC once (the likelihood check, then its transcript) and nothing else runs on
    it: no speculative transcription, no Smart Turn, no transcription of the whole. Before (`utterance`),
    the fire ran the whole woken path: a speculative transcription per pause, Smart Turn, the transcript."""
    recognizer = OpeningRecognizer("Did you see the game last night?", likely=False)
    log, turn_model = await run_fake_wake(long_false_fire, recognizer, confirm)
    assert log.of(WakeWordHeard) and log.of(TurnStarted) == [] and log.of(Transcript) == []
    if confirm == "opening":  # at its own pace only: far below the floor, so not slowed either
        assert recognizer.scored == [pytest.approx(OPENING_SEC, abs=0.05)]
        assert recognizer.transcribed == [pytest.approx(OPENING_SEC, abs=0.05)]
        assert turn_model.calls == 0
        assert [d.reason for d in log.of(UtteranceDropped)] == ["wake word not at the opening"]
    else:
        assert turn_model.calls >= 1 and len(recognizer.transcribed) >= 2 and max(recognizer.transcribed) > 4.0
        assert [d.reason for d in log.of(UtteranceDropped)] == ["wake word not in the transcript"]


async def test_a_fire_confirmed_at_the_opening_goes_on_to_smart_turn_and_its_turn(long_false_fire):
    """Whisper finds "Hey Jarvis" likely at the opening (its transcript wrote another word): the woken path
    runs as before (Smart Turn at the pauses, the whole utterance transcribed), and the turn is what was
    said after the wake opening, decoded after it."""
    recognizer = OpeningRecognizer("Hey novice, did you see the game?", likely=True, after="did you see the game?")
    log, turn_model = await run_fake_wake(long_false_fire, recognizer, "opening")
    assert recognizer.scored == [pytest.approx(OPENING_SEC, abs=0.05)]  # once, on the opening
    assert turn_model.calls >= 1 and max(recognizer.transcribed) > 4.0
    assert recognizer.decoded_after == ["Hey Jarvis"]
    turns = log.of(TurnStarted)
    assert len(turns) == 1 and turns[0].text == "did you see the game?"


class TranscribingOnly:
    """No likelihood scoring (`voice.wake_verify = transcript`, or a Whisper without `opening_logprobs`)."""

    def __init__(self, text: str) -> None:
        self.text, self.calls = text, 0

    def transcribe(self, audio: np.ndarray) -> Transcription:
        self.calls += 1
        return Transcription(self.text, "ko", 1.0, 0.01, -0.2, 0.0)


@pytest.mark.parametrize(("text", "opening"), [
    ("자비스야 불 꺼줘", "자비스야"), ("Hey, Davis, what time is it?", "Hey, Davis"), ("Hey John.", None),
    # a real name Whisper writes as itself, within the spelling bar: "Hey Travis" took 9 of 19 turns on wake63's
    # names set (docs/voice.md "Names like Jarvis")
    ("Hey Travis, are you coming to dinner?", None), ("Hey Mavis.", None),
])
def test_the_opening_check_falls_back_on_the_opening_s_transcript(text, opening):
    """Korean "자비스" (and Whisper's spellings of Jarvis) confirm a fire at the opening as they did on the
    whole transcript: the words up to the name are the opening the rest is decoded after."""
    recognizer = TranscribingOnly(text)
    assert confirm_opening(recognizer, np.zeros(MIC_RATE, np.float32), ("jarvis", "자비스")) == opening  # type: ignore[arg-type]
    likely = OpeningRecognizer(text, likely=True)
    assert confirm_opening(likely, np.zeros(MIC_RATE, np.float32), ("jarvis", "자비스")) == "Hey Jarvis"
    assert likely.transcribed == []  # the likelihood check decided alone: no transcription


def test_wake_confirm_is_a_config_choice_opening_by_default():
    home = {"JARVIS_HOME": "/nonexistent-jarvisd-home"}
    assert VoiceSettings.from_config(load_config(env=home).voice).wake_confirm == "opening"
    cfg = load_config(env={**home, "JARVIS_VOICE__WAKE_CONFIRM": "utterance"})
    assert VoiceSettings.from_config(cfg.voice).wake_confirm == "utterance"
    with pytest.raises(ConfigError, match="voice.wake_confirm"):
        load_config(env={**home, "JARVIS_VOICE__WAKE_CONFIRM": "whole"})


def test_a_fast_opening_is_confirmed_slowed_when_whisper_misses_it_at_its_own_pace():
    """`voice.wake_confirm_slow`: Whisper wrote "Hey John, this, what time is it?" for a 200 words/min
    "Hey Jarvis, what time is it?" and found "Hey Jarvis" above the floor but not clearly above "Hey John";
    on the opening slowed to 0.7x it is. (The stand-in finds it likely only in audio longer than the
    opening itself: the slowed copy.) An opening where the name is far below the floor is not slowed."""
    audio = np.zeros(MIC_RATE * 2, np.float32)
    slow_only = OpeningRecognizer("Hey John, this, what time is it?", likely=True, likely_from_sec=2.5, near=True)
    assert confirm_opening(slow_only, audio, ("jarvis",)) is None  # at its own pace only
    assert slow_only.scored == [2.0] and len(slow_only.transcribed) == 1
    assert confirm_opening(slow_only, audio, ("jarvis",), slow_speeds=(0.7,)) == "Hey Jarvis"
    assert slow_only.scored[-1] == pytest.approx(2.0 / 0.7, abs=0.01)
    near = OpeningRecognizer("Hey John, how are you?", likely=False, near=True)
    assert confirm_opening(near, audio, ("jarvis",), slow_speeds=(0.8, 0.7)) is None
    assert near.scored == pytest.approx([2.0, 2.5, 2.0 / 0.7], abs=0.01)  # every speed asked, none likely
    far = OpeningRecognizer("Did you see the game?", likely=False)
    assert confirm_opening(far, audio, ("jarvis",), slow_speeds=(0.8, 0.7)) is None
    assert far.scored == [2.0]  # no greeting and name at its own pace: nothing to slow


def test_wake_confirm_slow_is_a_config_choice_0_7_by_default():
    home = {"JARVIS_HOME": "/nonexistent-jarvisd-home"}
    assert VoiceSettings.from_config(load_config(env=home).voice).wake_confirm_slow == (0.7,)
    off = load_config(env={**home, "JARVIS_VOICE__WAKE_CONFIRM_SLOW": "off"})
    assert VoiceSettings.from_config(off.voice).wake_confirm_slow == ()
    with pytest.raises(ConfigError, match="voice.wake_confirm_slow"):
        load_config(env={**home, "JARVIS_VOICE__WAKE_CONFIRM_SLOW": "0.5"})


async def test_an_opening_rejected_at_an_early_pause_is_checked_again_when_speech_resumes(speech_dir, tmp_path):
    """"Hey... Jarvis, what time is it?": the check ran at the pause after "Hey" (too little to find the name)
    and said no; speech resumed within the utterance, so its longer opening is checked again, and the turn
    is taken. A false fire never gets more than its opening checked."""
    hey = espeak("Hey.", speech_dir / "hey.wav")
    rest = espeak("Jarvis, what time is it today?", speech_dir / "jarvis-rest.wav")
    wav = compose(tmp_path / "hey-pause-jarvis.wav", hey, 0.05, rest)
    recognizer = OpeningRecognizer("Hey, what time is it today?", likely=True, after="what time is it today?",
                                   likely_from_sec=1.5)
    log, _ = await run_fake_wake(wav, recognizer, "opening")
    assert len(recognizer.scored) >= 2 and recognizer.scored[0] < 1.5 <= recognizer.scored[-1] <= OPENING_SEC
    turns = log.of(TurnStarted)
    assert len(turns) == 1 and turns[0].text == "what time is it today?", log.kinds()


async def test_a_short_woken_utterance_is_confirmed_by_its_speculative_transcript(speech_dir):
    """An utterance that pauses before OPENING_SEC: its opening is the utterance so far, the audio the
    speculative transcription takes at the pause. That transcription runs first and names Jarvis, so the
    fire is confirmed without the likelihood scoring, and the turn takes that very transcript (one
    transcription in all): a true short "Hey Jarvis, ..." waits for no more Whisper work than before."""
    wav = espeak("Hey Jarvis, what time is it?", speech_dir / "hj-short.wav", 170)
    recognizer = OpeningRecognizer("Hey Jarvis, what time is it?", likely=False)
    log, _ = await run_fake_wake(wav, recognizer, "opening")
    assert recognizer.scored == [] and len(recognizer.transcribed) == 1 and recognizer.transcribed[0] < OPENING_SEC
    transcripts = log.of(Transcript)
    assert len(transcripts) == 1 and transcripts[0].speculative and transcripts[0].text == "what time is it?"


async def test_an_utterance_woken_by_a_fire_rejected_since_costs_no_check():
    """A fire wakes its utterance and the next one when that begins within 1 s of it. When the check of the
    first rejects the fire only after the second was heard (a file read faster than a microphone, a loaded
    machine), the second is dropped as the first was, with no check of its own."""
    recognizer = OpeningRecognizer("Did you see the game last night?", likely=False)
    bus = EventBus()
    log = EventLog(bus)
    settings = dataclasses.replace(VoiceSettings(), activation="wake", language="en")
    pipeline = VoicePipeline(source=None, sink=WavFileSink(None),  # type: ignore[arg-type]  # never started
                             recognizer=recognizer, synthesizer=None, answer=None, bus=bus,  # type: ignore[arg-type]
                             settings=settings, wake=WakeListener(FiresOnce()))
    speech = np.zeros(MIC_RATE, np.float32)
    pipeline._wake_at, pipeline._rejected_fire = 10.0, 10.0  # the fire at 10 s, rejected at the first utterance
    next_one = Utterance(audio=speech, started_at=10.5, speech_end_at=11.5, ended_at=12.1, speech_sec=1.0,
                         frames=50, speech_frames=31, woken=True, woken_by=10.0)
    await pipeline._understand(next_one)
    assert recognizer.scored == [] and recognizer.transcribed == []
    assert [d.reason for d in log.of(UtteranceDropped)] == ["wake word not at the opening"]
    pipeline._wake_at = 20.0  # a new fire wakes what follows it as before
    woken = Utterance(audio=speech, started_at=20.2, speech_end_at=21.2, ended_at=21.8, speech_sec=1.0,
                      frames=50, speech_frames=31, woken=True, woken_by=20.0)
    await pipeline._understand(woken)
    assert len(recognizer.scored) == 1  # checked (and rejected: the stand-in finds no name)
