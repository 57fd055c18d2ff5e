"""Issue #18's twentieth adversarial pass (pass80): the session's new readers under long, odd and repeated input.

Found: an MP3 with one damaged frame in its middle (a glitched download, a recorder's dropped buffer) was refused
whole by `read_wav` ("… is not an audio file that jarvisd can read (file does not start with RIFF id; FFmpeg: Invalid
data found when processing input)"), though FFmpeg decodes every other frame of it: `container.decode` stops at the
first packet the decoder refuses. Now a refused packet is skipped and the rest is read; a file of which no packet
decodes is still one line naming it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from jarvisd.voice.audio import MIC_RATE, read_wav

RATE = 44100


def _encoded(path: Path, container: str, codec: str, seconds: float) -> np.ndarray:
    import av

    t = np.arange(int(RATE * seconds)) / RATE
    tone = (0.4 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    with av.open(str(path), "w", format=container) as out:
        stream = out.add_stream(codec, rate=RATE)
        stream.layout = "mono"
        frame = av.AudioFrame.from_ndarray(tone[None, :], format="flt", layout="mono")
        frame.rate = RATE
        for packet in [*stream.encode(frame), *stream.encode(None)]:
            out.mux(packet)
    return tone


def _damaged(path: Path, at: float, junk: bytes) -> Path:
    data = bytearray(path.read_bytes())
    mid = int(len(data) * at)
    data[mid:mid + len(junk)] = junk
    out = path.with_name("damaged-" + path.name)
    out.write_bytes(bytes(data))
    return out


# what a glitch leaves in the middle of a frame: a false frame sync (0xFF…), bytes of nothing
JUNK = b"\xff" * 50 + bytes(range(256)) * 2 + b"\x00" * 38


@pytest.mark.parametrize("at", [0.5, 0.3])
def test_an_mp3_with_one_damaged_frame_is_read_around_it(tmp_path, at):
    _encoded(tmp_path / "tone.mp3", "mp3", "libmp3lame", 20)
    audio, rate = read_wav(_damaged(tmp_path / "tone.mp3", at, JUNK), MIC_RATE)
    assert rate == MIC_RATE
    assert len(audio) > 19 * MIC_RATE   # all but the damaged frame or two (20 s were recorded)
    late = audio[int(18 * MIC_RATE):int(19 * MIC_RATE)]
    assert 0.3 < float(np.abs(late).max()) < 0.7   # the sound after the damage is there


def test_held_out_an_m4a_with_damaged_bytes_in_its_middle_is_read_around_them(tmp_path):
    _encoded(tmp_path / "tone.m4a", "mp4", "aac", 20)
    audio, _ = read_wav(_damaged(tmp_path / "tone.m4a", 0.5, JUNK), MIC_RATE)
    assert len(audio) > 19 * MIC_RATE


def test_guard_a_file_of_which_nothing_decodes_is_still_one_line_naming_it(tmp_path):
    _encoded(tmp_path / "tone.mp3", "mp3", "libmp3lame", 2)
    data = bytearray((tmp_path / "tone.mp3").read_bytes())
    head = 2048   # keep the start (the stream is found), every frame after it noise
    rng = np.random.default_rng(7)
    data[head:] = rng.integers(0, 256, len(data) - head, dtype=np.uint8).tobytes()
    path = tmp_path / "all-noise.mp3"
    path.write_bytes(bytes(data))
    try:
        audio, _ = read_wav(path, MIC_RATE)
    except ValueError as exc:
        assert "all-noise.mp3" in str(exc) and "\n" not in str(exc)
    else:
        assert len(audio) < 2 * MIC_RATE   # what decoded of it, never more than was recorded


def test_guard_an_undamaged_mp3_reads_whole_as_before(tmp_path):
    tone = _encoded(tmp_path / "tone.mp3", "mp3", "libmp3lame", 3)
    audio, _ = read_wav(tmp_path / "tone.mp3", MIC_RATE)
    assert abs(len(audio) - len(tone) * MIC_RATE // RATE) <= MIC_RATE // 10


# Found: `plans.HEAD_END` (`\s+(?:for|with|…)\s`, split to find a promise's head word) tried `\s+` from every space of a
# run and gave each back: quadratic in a run of whitespace inside a promise (1.8 ms at 500 characters, 112 ms at 4,000,
# ~7 s at 32,000), read by every reminder's wording (`reminders.reminder_text`, `day_reminder_text`), `en_at_its_time`
# and the listings' `phrases._be`. Now a match starts only where a run of whitespace starts.
@pytest.mark.parametrize("space", [" ", "\t", "\u3000", " \n"])
def test_a_promise_with_a_long_run_of_whitespace_is_worded_in_linear_time(space):
    from jarvisd.openloop.plans import en_at_its_time
    from tests.timing import assert_grows_linearly

    def make(n: int) -> str:
        return "dentist" + space * (n // len(space)) + "appointment"

    assert_grows_linearly(en_at_its_time, make, 4000)


def test_held_out_reminder_wording_of_such_a_promise_is_linear():
    from jarvisd.reflect.reminders import day_reminder_text, reminder_text
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(lambda s: reminder_text(s, 60), lambda n: "call" + "\t" * n + "mom", 4000)
    assert_grows_linearly(day_reminder_text, lambda n: "my" + " " * n + "meeting with Sarah", 4000)


@pytest.mark.parametrize(("desc", "event"), [
    ("dentist appointment", True), ("team meeting with Sarah", True), ("piano lessons  on   friday", True),
    ("study for the exam", False), ("book the flight", False), ("sign the permission slip for the field trip", False),
    ("dinner\twith mom", True),
])
def test_guard_the_head_word_is_read_as_before(desc, event):
    from jarvisd.openloop.plans import HEAD_END, en_at_its_time

    assert en_at_its_time(desc) is event
    assert HEAD_END.split("team meeting   with sarah", maxsplit=1) == ["team meeting", "sarah"]
