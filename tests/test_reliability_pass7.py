"""Issue 18's seventh adversarial pass: the cases it found, pinned on the part that failed. Each was
replayed against `python -m jarvisd run` or the part itself first (see docs/reliability.md, "Seventh
pass")."""

from __future__ import annotations

import pytest

# ---- typed config: the pair of end-of-turn silences ----------------------------------------------------

@pytest.mark.parametrize("text, key", [
    ("[voice]\nturn_end_silence_ms = 2000\n", "voice.turn_end_silence_ms"),
    ("[voice]\nturn_end_max_silence_ms = 150\n", "voice.turn_end_max_silence_ms"),
])
def test_a_turn_end_silence_past_the_longest_wait_names_the_users_file_and_key(tmp_path, text, key):
    """Before: `turn_end_silence_ms = 2000` (inside its own range, 32-5000) in the user's config.toml was
    refused as `config error in <repo>/config/default.toml: voice.turn_end_max_silence_ms: ...`: the
    line named the defaults file the user never edited and the key they never set."""
    from jarvisd.config import ConfigError, load_config

    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(env={"JARVIS_HOME": str(tmp_path)}, user_file=config)
    assert caught.value.source == str(config) and caught.value.key == key, str(caught.value)


def test_the_end_of_turn_pair_from_the_environment_names_the_variable(tmp_path):
    from jarvisd.config import ConfigError, load_config

    with pytest.raises(ConfigError) as caught:
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_VOICE__TURN_END_SILENCE_MS": "1500"},
                    user_file=tmp_path / "none.toml")
    assert "JARVIS_VOICE__TURN_END_SILENCE_MS" in caught.value.source
    assert caught.value.key == "voice.turn_end_silence_ms"
