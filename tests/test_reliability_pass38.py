"""The thirty-eighth adversarial pass (docs/reliability.md, "Thirty-eighth pass"): each finding's case, failing before
its fix, and the guards beside it."""

import pytest


@pytest.mark.parametrize(("key", "value"), [("JARVIS_GENERAL__USER", "\u200b"), ("JARVIS_GENERAL__USER", "\ufeff\u200d"),
                                            ("JARVIS_LLM__CHAT_MODEL", "\u2060")])
def test_a_name_of_only_invisible_characters_is_refused_with_the_key(tmp_path, key, value):
    """`general.user = "\\u200b"` was taken: every memory written under a user nobody can see in a log or type again."""
    from jarvisd.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="invisible"):
        load_config(env={"JARVIS_HOME": str(tmp_path), key: value}, user_file=tmp_path / "config.toml")


@pytest.mark.parametrize("value", ["me", "민수", "a b"])
def test_a_visible_name_is_taken(tmp_path, value):
    from jarvisd.config import load_config

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__USER": value}, user_file=tmp_path / "config.toml")
    assert cfg.general.user == value
