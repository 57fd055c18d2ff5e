"""Issue 18's second adversarial pass: configuration values and files the first pass did not try, each
refused with one line naming what broke (the real `jarvisd run` in a subprocess, no Ollama)."""

from __future__ import annotations

import os

import pytest

from jarvisd.config import ConfigError, load_config
from tests.test_cli import env, jarvisd  # noqa: F401 - the fixture and the runner

BAD_HOSTS = ["::::not a url", "http://127.0.0.1:99999", "http://[::1"]


@pytest.mark.parametrize("host", BAD_HOSTS)
def test_an_ollama_host_the_client_cannot_parse_is_refused_naming_the_key(tmp_path, host):
    """Before: the ollama client raised ValueError at import (`jarvisd run` and `doctor` printed a traceback)."""
    with pytest.raises(ConfigError, match="llm.ollama_host: not a host"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_LLM__OLLAMA_HOST": host})
    with pytest.raises(ConfigError, match="environment variable OLLAMA_HOST: OLLAMA_HOST: not a host"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "OLLAMA_HOST": host})


def test_usable_ollama_hosts_are_still_accepted(tmp_path):
    for host in ["", "localhost:11434", "0.0.0.0", "http://[::1]:11434", "https://ollama.lan"]:
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_LLM__OLLAMA_HOST": host, "OLLAMA_HOST": host})


def test_a_config_file_with_a_byte_order_mark_is_read(tmp_path):
    """Windows Notepad saves UTF-8 with a BOM; tomllib refused it as `Invalid statement (at line 1, column 1)`."""
    (tmp_path / "config.toml").write_text("\ufeff[general]\nuser = \"kim\"\n", encoding="utf-8")
    assert load_config(env={"JARVIS_HOME": str(tmp_path)}).general.user == "kim"


@pytest.mark.slow  # runs `jarvisd` as a subprocess
def test_a_bad_ollama_host_in_the_environment_is_one_line_exit_2(env):  # noqa: F811
    env.update(OLLAMA_HOST="http://127.0.0.1:99999", JARVIS_VOICE__ENABLED="false")
    result = jarvisd("run", env=env, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith(
        "jarvisd: config error in environment variable OLLAMA_HOST: OLLAMA_HOST: not a host[:port] or URL")


@pytest.mark.slow  # runs `jarvisd` as a subprocess
def test_a_memory_store_path_that_is_a_file_is_one_line_not_a_traceback(env):  # noqa: F811
    data = os.path.join(env["JARVIS_HOME"], "data")
    os.makedirs(data)
    with open(os.path.join(data, "memory.lance"), "w") as fh:
        fh.write("not a LanceDB folder")
    env["JARVIS_VOICE__ENABLED"] = "false"
    result = jarvisd("run", env=env, timeout=120)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"jarvisd: cannot open the memory store {data}/memory.lance (memory.store_uri): ")


@pytest.mark.slow  # runs `jarvisd` as a subprocess
def test_an_embedded_model_name_not_in_the_manifest_is_one_line_not_a_traceback(env):  # noqa: F811
    env.update(JARVIS_LLM__EMBEDDED_CHAT_MODEL="../../etc/passwd", JARVIS_VOICE__ENABLED="false")
    result = jarvisd("run", env=env, timeout=120)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("jarvisd: no model '../../etc/passwd' in the manifest")


def test_ten_thousand_lead_times_are_refused(tmp_path):
    """Before: accepted; with 30 open loops the daemon planned 300,000 reminders on its event loop and
    the HUD did not answer within 2 minutes of the start."""
    leads = ", ".join(str(1 + i % 10080) for i in range(10_000))
    (tmp_path / "config.toml").write_text(f"[proactive]\nreminder_lead_min = [{leads}]\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="proactive.reminder_lead_min: at most 20 lead times"):
        load_config(env={"JARVIS_HOME": str(tmp_path)})
    (tmp_path / "config.toml").write_text("[proactive]\nreminder_lead_min = [1440, 60, 10]\n", encoding="utf-8")
    assert load_config(env={"JARVIS_HOME": str(tmp_path)}).proactive.reminder_lead_min == [1440, 60, 10]
