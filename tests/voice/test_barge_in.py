"""Barge-in under double talk: the rule alone, then on real audio (piper's answer through a simulated room and
WebRTC AEC3, an espeak-ng user talking over it, Silero on both streams), replayed offline frame by frame."""

import random
import statistics

import numpy as np
import pytest

from jarvisd.voice.audio import MIC_RATE, read_wav, resample
from jarvisd.voice.barge_in import DOUBLE_TALK_FRAMES, BargeInRule, kept_db
from jarvisd.voice.room import Room, replay_answer
from jarvisd.voice.settings import VoiceSettings

from .conftest import espeak

THRESHOLD = 0.5
USER = ["Stop, what time is the dentist on Tuesday?", "Wait, move the planning meeting to eleven.",
        "Hold on, call my sister tonight.", "Stop, remind me to buy milk tomorrow.",
        "Wait, what is the weather in Seoul?", "Cancel that and read my messages."]


def test_clean_speech_that_is_not_echo_barges_in_after_its_frames():
    rule = BargeInRule(clean_frames=6, threshold=THRESHOLD)
    assert [rule.hear(0.9, echo=False) for _ in range(6)] == [False] * 5 + [True]
    assert not any(rule.hear(0.9, echo=True) for _ in range(20))  # the speaker's own words
    assert not any(rule.hear(0.3, echo=False) for _ in range(20))


def test_double_talk_barges_in_sooner_when_the_canceller_keeps_the_users_level():
    rule = BargeInRule(clean_frames=6, threshold=THRESHOLD)
    heard = [rule.hear(0.3, echo=False, prob_raw=0.9, kept=-4.0) for _ in range(DOUBLE_TALK_FRAMES)]
    assert heard == [False] * (DOUBLE_TALK_FRAMES - 1) + [True]


def test_echo_the_canceller_takes_down_never_barges_in():
    rule = BargeInRule(clean_frames=6, threshold=THRESHOLD)
    assert not any(rule.hear(0.3, echo=False, prob_raw=0.99, kept=-25.0) for _ in range(50))  # echo alone
    assert not any(rule.hear(0.1, echo=False, prob_raw=0.99, kept=-3.0) for _ in range(50))  # nothing clean
    assert not any(rule.hear(0.3, echo=False, prob_raw=None, kept=None) for _ in range(50))  # no canceller


def test_a_broken_run_starts_again():
    rule = BargeInRule(clean_frames=6, threshold=THRESHOLD)
    frames = [(0.3, 0.9, -4.0)] * (DOUBLE_TALK_FRAMES - 1) + [(0.3, 0.2, -4.0)] + [(0.3, 0.9, -4.0)] * 2
    assert not any(rule.hear(c, False, r, k) for c, r, k in frames)


def test_kept_db_is_the_level_the_canceller_let_through():
    raw = np.full(512, 0.1, np.float32)
    assert kept_db(raw, raw) == pytest.approx(0.0, abs=1e-6)
    assert kept_db(raw, raw * 0.1) == pytest.approx(-20.0, abs=1e-3)


@pytest.fixture(scope="module")
def answer(models):
    from piper.config import SynthesisConfig

    speech = models.synthesizer.synthesize(
        "Here is your week. On Monday you have the planning meeting at ten, and on Tuesday the dentist "
        "expects you at three in the afternoon.", SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0))
    return resample(speech.audio, speech.rate, MIC_RATE)


def _first_fire(frames, double_talk: bool, end: float) -> float | None:
    settings = VoiceSettings()
    rule = BargeInRule(round(settings.barge_in_ms / 1000 / 0.032), settings.endpoint.threshold)
    for f in frames:
        if f.at > end:
            return None
        extra = (f.prob_raw, kept_db(f.raw, f.clean)) if double_talk else ()
        if rule.hear(f.prob_clean, f.echo, *extra):
            return f.at
    return None


def test_a_user_talking_over_the_answer_is_heard_sooner_and_echo_alone_never_cuts_it(answer, speech_dir):
    """Six rooms as the live bench draws them; the user at half level (as `LiveRoom` plays him). Before, the
    clean-speech rule alone waited about a second for AEC3 to let enough of him through."""
    settings = VoiceSettings()
    rng = random.Random(7)
    users = []
    for k, text in enumerate(USER):
        audio = read_wav(espeak(text, speech_dir / f"barge{k}.wav", 160), MIC_RATE)[0] * 0.5
        users.append(audio[int(np.argmax(np.abs(audio) > 1e-3)):])  # the onset is his first audible sample
    lead, end = 0.25, len(answer) / MIC_RATE + 0.25
    before, now = [], []
    for i in range(6):
        room = Room(delay_ms=rng.uniform(20, 120), rt60=rng.uniform(0.3, 0.6), gain_db=-rng.uniform(3, 9), seed=i)
        onset = rng.uniform(1.5, 4.0) + lead
        talked = replay_answer(answer, users[i], int(onset * MIC_RATE), room, lead, settings.endpoint.threshold,
                               settings.echo_threshold)
        alone = replay_answer(answer, None, 0, room, lead, settings.endpoint.threshold, settings.echo_threshold)
        assert _first_fire(alone, True, end) is None  # no self-interruption
        for out, double_talk in ((before, False), (now, True)):
            at = _first_fire(talked, double_talk, end)
            assert at is None or at >= onset  # never before the user spoke
            out.append(at - onset if at is not None else float("inf"))
    seen = f"before {[round(x, 2) for x in before]}, now {[round(x, 2) for x in now]}"
    assert max(now) < 2.5, seen  # every barge-in caught
    assert statistics.median(now) < 0.6, seen
    assert statistics.median(now) < statistics.median(before) - 0.3, seen
