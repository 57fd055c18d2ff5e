"""Control characters and terminal escapes are not read aloud (pass 69's low: `jarvisd say` of "\\x01\\x02\\x1b[2J" made
0.78 s of audio, espeak's phonemizer reading out "[2J"). Real piper with the bundled voice, noise off."""

from __future__ import annotations

import os

import pytest

from jarvisd.textsafe import printable


@pytest.fixture(scope="module")
def piper():
    from jarvisd.config import load_config
    from jarvisd.voice.build import voice_path
    from jarvisd.voice.tts import SpeechSynthesizer

    return SpeechSynthesizer(voice_path(load_config(env={k: v for k, v in os.environ.items()
                                                         if not k.startswith("JARVIS_")})))


def _seconds(piper, text: str) -> float:
    from piper.config import SynthesisConfig

    return piper.synthesize(text, SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0)).duration


@pytest.mark.parametrize("text", ["\x01\x02\x1b[2J", "\x1b[31m\x1b[0m", "\x00\x07\x7f"])
def test_control_characters_alone_are_no_speech(piper, text):
    assert _seconds(piper, text) < 0.05


def test_an_escape_inside_a_sentence_is_not_read_out(piper):
    assert _seconds(piper, "call mom\x1b[31m now") == pytest.approx(_seconds(piper, "call mom now"), abs=0.06)


@pytest.mark.parametrize(("text", "said"), [
    ("call mom\x1b[2J now", "call mom now"), ("a\x1b[1;31mb", "ab"), ("tab\there", "tab\there"),
    # guards: words, marks and non-Latin letters are as they were
    ("Call Bob at 3 PM, then email Ann.", "Call Bob at 3 PM, then email Ann."), ("엄마한테 전화하기 👨‍👩‍👧", "엄마한테 전화하기 👨‍👩‍👧"),
])
def test_what_is_left_to_say(text, said):
    """What piper is handed: `textsafe.printable`, the project's one reader of terminal escapes and controls."""
    assert printable(text) == said
