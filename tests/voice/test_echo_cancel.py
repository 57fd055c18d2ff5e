"""In-process echo cancellation (voice/echo_cancel.py) on real speech through a simulated room, with the
real WebRTC AEC3 library: the far end is fed as the speaker's output callback feeds it (22.05 kHz blocks
stamped with a jittery clock), the mic frames come as the microphone delivers them."""

from __future__ import annotations

import numpy as np
import pytest
import pywebrtc_audio  # noqa: F401 - a core dependency: missing, the test fails, never skips

from jarvisd.voice.audio import FRAME_SAMPLES, MIC_RATE, frames_of, read_wav, resample
from jarvisd.voice.echo_cancel import MODES, EchoCanceller, FarEnd, choose_engine, make_canceller
from jarvisd.voice.endpointing import SileroStream
from jarvisd.voice.pulse import espeak_utterance
from jarvisd.voice.room import Room, erle_db

OUT_RATE = 22050
OUT_BLOCK = 512


@pytest.fixture(scope="module")
def far_speech(tmp_path_factory: pytest.TempPathFactory) -> np.ndarray:
    """Eight seconds of the assistant's voice at the output rate (espeak-ng, two sentences)."""
    work = tmp_path_factory.mktemp("aec")
    parts = [read_wav(espeak_utterance(t, work / f"far{i}.wav", 160), MIC_RATE)[0] for i, t in enumerate((
        "Here is your week. On Monday you have the planning meeting at ten in the morning.",
        "On Tuesday the dentist expects you at three, and on Wednesday the report is due."))]
    audio = np.concatenate([parts[0], np.zeros(MIC_RATE // 5, np.float32), parts[1]]) * 0.5
    return resample(audio, MIC_RATE, OUT_RATE)


@pytest.fixture(scope="module")
def user_speech(tmp_path_factory: pytest.TempPathFactory) -> np.ndarray:
    work = tmp_path_factory.mktemp("aec-user")
    return read_wav(espeak_utterance("Stop. What time is the dentist?", work / "user.wav", 170), MIC_RATE)[0] * 0.5


def through_room(far: np.ndarray, room: Room, canceller: EchoCanceller | None, far_end: FarEnd,
                 near: np.ndarray | None = None, out_latency: float = 0.04, mic_latency: float = 0.03,
                 seed: int = 1, slip_at: float | None = None, slip: float = 0.0,
                 underflow: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(mic, what the pipeline gets): output blocks written to `far_end` when their callback runs (and
    heard `out_latency` later), the room's echo of them (plus `near`) delivered in 512-sample frames
    `mic_latency` after they were heard, each stamped with a jittered clock. `slip_at`: there the output
    stream's count and what it plays part, as after an underflow: `slip` > 0 s lost (silence played, the
    callbacks resume that much later), < 0 samples counted but never played; `underflow`: the callback
    after it says so."""
    rng = np.random.default_rng(seed)
    t0 = 1000.0
    lag = np.zeros(int(out_latency * MIC_RATE), np.float32)
    speech = resample(far, OUT_RATE, MIC_RATE)
    if slip_at is not None:
        k, n = int(slip_at * MIC_RATE), int(abs(slip) * MIC_RATE)
        speech = (np.concatenate([speech[:k], np.zeros(n, np.float32), speech[k:]]) if slip > 0 else
                  np.concatenate([speech[:k], speech[k + n:]]))
    played = np.concatenate([lag, speech])
    if near is not None:
        near = np.concatenate([lag, near])
    heard = room.mic(played, near)
    frames, out = frames_of(heard), []
    written = 0
    slipped = False

    def written_at(count: int) -> float:
        after = slip_at is not None and count / OUT_RATE >= slip_at
        return t0 + count / OUT_RATE + (slip if after else 0.0)
    for j, frame in enumerate(frames):
        at = t0 + (j + 1) * FRAME_SAMPLES / MIC_RATE + mic_latency + rng.uniform(0, 0.008)
        while written_at(written) <= at:  # the output callbacks that ran before this frame
            block = far[written:written + OUT_BLOCK]
            block = np.concatenate([block, np.zeros(OUT_BLOCK - len(block), np.float32)])
            flag = underflow and not slipped and slip_at is not None and written / OUT_RATE >= slip_at
            slipped = slipped or flag
            far_end.write(block, OUT_RATE, written_at(written) + rng.uniform(0, 0.004), underflow=flag)
            written += OUT_BLOCK
        out.append(canceller.clean(frame, at) if canceller else frame)
    return np.concatenate(frames), np.concatenate(out)


def longest_speech_run(audio: np.ndarray) -> int:
    vad = SileroStream()
    longest = run = 0
    for frame in frames_of(audio):
        run = run + 1 if vad.probability(frame) >= 0.5 else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("room", [Room(delay_ms=20, rt60=0.3),
                                  pytest.param(Room(delay_ms=120, rt60=0.6), marks=pytest.mark.slow)],
                         ids=["20ms-rt60-0.3", "120ms-rt60-0.6"])
def test_the_echo_of_the_answer_is_removed_before_the_vad_hears_it(far_speech: np.ndarray, room: Room) -> None:
    far_end = FarEnd()
    mic, cleaned = through_room(far_speech, room, EchoCanceller(far_end), far_end)
    skip = 2 * MIC_RATE  # the adaptive filter's first seconds
    assert erle_db(mic[skip:], cleaned[skip + 160:]) >= 15.0
    # Silero hears the raw echo as speech for far longer than barge-in's 200 ms (7 frames), not the cleaned
    assert longest_speech_run(mic) > 20
    assert longest_speech_run(cleaned) < 7


def test_the_users_speech_over_the_echo_is_kept(far_speech: np.ndarray, user_speech: np.ndarray) -> None:
    near = np.zeros(int(len(far_speech) * MIC_RATE / OUT_RATE), np.float32)
    at = 4 * MIC_RATE
    near[at:at + len(user_speech)] = user_speech[: len(near) - at]
    far_end = FarEnd()
    _, cleaned = through_room(far_speech, Room(delay_ms=60, rt60=0.4), EchoCanceller(far_end), far_end, near)
    vad = SileroStream()
    user_frames = np.array([vad.probability(f) >= 0.5 for f in frames_of(near)])
    vad.reset()
    heard = np.array([vad.probability(f) >= 0.5 for f in frames_of(cleaned)])
    assert heard[: at // FRAME_SAMPLES - 1].sum() < 7  # the echo alone: not speech
    run = longest = 0
    for h, u in zip(heard, user_frames, strict=False):
        run = run + 1 if (h and u) else 0
        longest = max(longest, run)
    assert longest >= 7  # 200 ms of the user in a row: barge-in can fire


@pytest.mark.slow
def test_a_long_echo_path_is_measured_and_taken_out_of_the_reference(far_speech: np.ndarray) -> None:
    far_end = FarEnd()
    canceller = EchoCanceller(far_end)
    long_far = np.concatenate([far_speech, far_speech])
    mic, cleaned = through_room(long_far, Room(delay_ms=650, rt60=0.4), canceller, far_end)
    assert canceller._shift > 0.3  # AEC3 alone reaches ~500 ms
    tail = len(mic) // 2
    assert erle_db(mic[tail:], cleaned[tail + 160:]) >= 15.0


@pytest.mark.parametrize("slip", [0.1, -0.012], ids=["100ms-lost", "12ms-dropped"])
def test_cancellation_comes_back_after_the_output_slips(far_speech: np.ndarray, slip: float) -> None:
    """Live, an output underflow parts the speaker's count from what it plays (docs/voice.md, "Live against offline
    ERLE"). Time lost left the reference reading from beyond what was written, zeros, for good (0.0 dB here before
    the reference was mapped again); samples dropped only move the echo 12 ms closer, which AEC3 follows."""
    far_end = FarEnd()
    canceller = EchoCanceller(far_end)
    long_far = np.concatenate([far_speech, far_speech])
    mic, cleaned = through_room(long_far, Room(delay_ms=60, rt60=0.4), canceller, far_end, slip_at=5.0, slip=slip,
                                underflow=True)
    assert far_end.underflows == 1
    assert canceller.reanchors == (1 if slip > 0 else 0)
    after = 8 * MIC_RATE  # 3 s after the slip
    assert erle_db(mic[after:], cleaned[after + 160:]) >= 15.0


def test_frames_pass_untouched_while_the_speaker_is_silent() -> None:
    far_end = FarEnd()
    canceller = EchoCanceller(far_end)
    far_end.write(np.zeros(OUT_BLOCK, np.float32), OUT_RATE, 100.0)
    rng = np.random.default_rng(0)
    frames = [rng.standard_normal(FRAME_SAMPLES).astype(np.float32) * 0.1 for _ in range(5)]
    out = np.concatenate([canceller.clean(f, 100.0 + i * 0.032) for i, f in enumerate(frames)])
    assert not canceller.active and canceller.frames_cleaned == 0
    np.testing.assert_array_equal(out[160:], np.concatenate(frames)[: len(out) - 160])  # 10 ms later, unchanged


def test_the_setting_chooses_the_engine() -> None:
    assert MODES == ("auto", "off", "webrtc")
    assert choose_engine("auto")[0] == "webrtc"
    assert choose_engine("off")[0] is None
    assert make_canceller("auto", None) is None  # a WAV sink has no far end
    assert isinstance(make_canceller("webrtc", FarEnd()), EchoCanceller)
    with pytest.raises(ValueError, match="voice.echo_cancel"):
        choose_engine("speex")
