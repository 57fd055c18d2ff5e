"""The typed sections and config/default.toml agree key for key and type for type, so a key added to
one and not the other fails here rather than at a user's start-up."""

from __future__ import annotations

import dataclasses
import tomllib
import typing

import pytest

from jarvisd.config import DEFAULTS_FILE, load_config
from jarvisd.config_sections import SECTIONS, VoiceConfig

DEFAULTS = tomllib.loads(DEFAULTS_FILE.read_text(encoding="utf-8"))


def test_every_section_of_the_defaults_has_a_typed_class_and_no_class_is_left_over():
    assert set(SECTIONS) == set(DEFAULTS)


@pytest.mark.parametrize("name", sorted(SECTIONS))
def test_each_key_has_a_field_of_its_defaults_type(name):
    hints = typing.get_type_hints(SECTIONS[name])
    fields = {f.name for f in dataclasses.fields(SECTIONS[name])}
    assert fields == set(DEFAULTS[name]), f"[{name}] keys and {SECTIONS[name].__name__} fields differ"
    for key, default in DEFAULTS[name].items():
        assert isinstance(default, typing.get_origin(hints[key]) or hints[key]), f"{name}.{key}"


def test_the_config_hands_out_typed_read_only_sections():
    cfg = load_config(env={"JARVIS_VOICE__MAX_ANSWER_SENTENCES": "3"})
    assert isinstance(cfg.voice, VoiceConfig) and cfg.voice.max_answer_sentences == 3
    assert cfg.voice.as_dict()["max_answer_sentences"] == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.voice.max_answer_sentences = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        cfg.voice.max_answer_sentence  # noqa: B018  (a misspelt key fails where it is read)
