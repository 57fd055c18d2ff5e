"""Sixteenth adversarial pass (pass76, issue 18): one test per fix, each failing before it.

A piper voice (`voice.tts_voice`) whose .json is valid JSON but cannot voice a sentence with its .onnx (a phoneme map
without piper's start and end symbols, ids past the model's table: a .json of another voice or version beside the
.onnx) loaded at start ("tts: loaded …", "voice: listening"), then every answer and reminder failed sentence by
sentence with a KeyError/onnxruntime traceback and no file named, and the turn ended "completed" with nothing heard.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

import numpy as np
import pytest

from jarvisd.events import EventBus
from jarvisd.voice.speaking import SpeechQueue
from jarvisd.voice.tts import Speech, SpeechSynthesizer, VoiceFileError


def _bundled_voice() -> Path:
    from jarvisd.config import load_config
    from jarvisd.voice.build import voice_path

    return voice_path(load_config(env={k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}))


def _voice_with(tmp_path: Path, name: str, edit) -> Path:  # type: ignore[no-untyped-def]
    """The bundled .onnx (linked, not copied: 61 MB) beside a .json changed by `edit`."""
    good = _bundled_voice()
    config = json.loads(Path(f"{good}.json").read_text())
    edit(config)
    path = tmp_path / f"{name}.onnx"
    path.symlink_to(good)
    Path(f"{path}.json").write_text(json.dumps(config))
    return path


def test_a_voice_json_whose_phoneme_map_cannot_voice_a_sentence_is_refused_at_load(tmp_path: Path) -> None:
    """Before: loaded (only espeak's phonemizer was tried), then `KeyError: '^'` at every sentence. Now the load
    voices a probe and says the files are damaged, naming them and `voice.tts_voice` (the daemon: voice text-only
    with that one line, as for a cut .onnx)."""
    path = _voice_with(tmp_path, "tiny-map", lambda c: c.update(phoneme_id_map={"_": [0]}))
    with pytest.raises(VoiceFileError) as caught:
        SpeechSynthesizer(path)
    assert str(path) in str(caught.value) and "voice.tts_voice" in str(caught.value)
    assert "KeyError" in str(caught.value)


def test_held_out_a_voice_json_with_ids_past_the_models_table_is_refused_at_load(tmp_path: Path) -> None:
    def past(config: dict) -> None:
        config["phoneme_id_map"] = {k: [v[0] + 5_000] for k, v in config["phoneme_id_map"].items()}

    path = _voice_with(tmp_path, "ids-past", past)
    with pytest.raises(VoiceFileError) as caught:
        SpeechSynthesizer(path)
    assert str(path) in str(caught.value) and "damaged or not a piper voice" in str(caught.value)


def test_guard_the_bundled_voice_and_an_edited_but_usable_json_load_and_speak(tmp_path: Path) -> None:
    speech = SpeechSynthesizer(_bundled_voice()).synthesize("Reminder: call Bo at nine.")
    assert speech.duration > 1.0
    slower = _voice_with(tmp_path, "slower", lambda c: c["inference"].update(length_scale=1.3))
    assert SpeechSynthesizer(slower).synthesize("Reminder: call Bo at nine.").duration > speech.duration


class _Sink:
    playing = False

    def __init__(self) -> None:
        self.played: list[int] = []

    async def play(self, audio: np.ndarray, rate: int) -> bool:
        self.played.append(len(audio))
        return True

    def stop(self) -> None:
        pass


class _BrokenThenGood:
    """A synthesizer whose first sentence fails as a damaged voice did (the real one refuses such files at load
    now; the queue must still say a sentence it could not voice in one line)."""
    path = Path("/voices/ko.onnx")

    def synthesize(self, text: str) -> Speech:
        if text.startswith("Reminder"):
            raise KeyError("^")
        return Speech(text=text, audio=np.zeros(2205, dtype=np.float32), rate=22050, seconds=0.01)


def test_a_sentence_the_voice_cannot_say_is_one_line_and_the_output_not_finished(caplog) -> None:  # type: ignore[no-untyped-def]
    """Before: `log.exception` (a 20-line traceback per sentence) and the answer's future True ("completed")
    though nothing was heard. Now one line naming the sentence and the error, and the output not finished."""

    async def run() -> tuple[bool, bool, list[int]]:
        sink = _Sink()
        queue = SpeechQueue(_BrokenThenGood(), sink, EventBus())  # type: ignore[arg-type]
        queue.start()
        try:
            done = queue.begin(1)
            queue.say(1, "Reminder: call Bo.")
            queue.end(1)
            first = await asyncio.wait_for(done, 10)
            done = queue.begin(2)  # held out: the next answer, which the voice can say, is played and finished
            queue.say(2, "It is nine.")
            queue.end(2)
            second = await asyncio.wait_for(done, 10)
            return first, second, sink.played
        finally:
            await queue.stop()

    with caplog.at_level(logging.INFO, logger="jarvisd.voice.speaking"):
        first, second, played = asyncio.run(run())
    assert first is False and second is True and played == [2205]
    lines = [r for r in caplog.records if r.name == "jarvisd.voice.speaking"]
    assert len(lines) == 1 and lines[0].exc_info is None, [r.getMessage() for r in lines]
    said = lines[0].getMessage()
    assert "Reminder: call Bo." in said and "KeyError" in said and "the text is on the HUD" in said


# ---- lows fixed in passing ---------------------------------------------------------------------------------------

def test_the_doctor_says_a_configured_voice_it_cannot_load_is_unusable(tmp_path: Path) -> None:
    """Before: "voices : … Korean /path/ko.onnx" for a voice `run` refused ("voice: failed to start …")."""
    from jarvisd.doctor import _configured_voice

    path = _voice_with(tmp_path, "tiny-map", lambda c: c.update(phoneme_id_map={"_": [0]}))
    said = _configured_voice(str(path))
    assert said.startswith(f"{path}: unusable: cannot use the piper voice {path}") and "KeyError" in said
    gone = tmp_path / "gone.onnx"  # held out: a path with no file
    assert _configured_voice(str(gone)) == f"{gone}: unusable: piper voice {gone} does not exist"


def test_guard_the_doctor_names_a_usable_voice_and_the_missing_one_as_before(tmp_path: Path) -> None:
    from jarvisd.doctor import _configured_voice

    good = _voice_with(tmp_path, "good", lambda c: None)
    assert _configured_voice(str(good)) == str(good)
    assert _configured_voice("").startswith("none: set voice.tts_voice to a Korean piper voice")


def test_a_device_number_in_other_digits_is_a_name_not_a_valueerror(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Before: `voice.input_device = "²"` ended the voice with "invalid literal for int() with base 10: '²'"."""
    import jarvisd.voice.devices as devices

    class _Sd:
        @staticmethod
        def query_devices() -> list[dict]:
            return [{"name": "pulse", "max_input_channels": 32, "max_output_channels": 32},
                    {"name": "USB mic ²", "max_input_channels": 1, "max_output_channels": 0}]

    monkeypatch.setattr(devices, "_sounddevice", lambda: _Sd)
    with pytest.raises(devices.NoAudioDevice, match="no input device matches '³'"):
        devices.find_device("³", "input")
    assert devices.find_device("²", "input") == 1  # matched by name
    assert devices.find_device("1", "input") == 1 and devices.find_device("١", "input") == 1  # guard: numbers
