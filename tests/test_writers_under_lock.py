"""Issue #18, writers74: every command and user-facing script beside a running daemon, by construction.

Passes 72a and 73 found, one at a time, `jarvisd openloop replay` and then `scripts/days_lived.py` writing into a
data dir a running `jarvisd run` held. This module closes the class: it walks `jarvisd`'s argparse tree (so a new
subcommand is covered as soon as it is added; one missing from `COMMANDS` fails the test) and lists every script
in scripts/ (one missing from `SCRIPTS` fails too), then runs each writer in a subprocess against a lived-in data
dir held by a daemon-like lock holder: refused with one line, exit 1, the data files' bytes unchanged. Readers
still work beside the holder and change nothing either.

Kinds:
- "daemon": `jarvisd run` itself (holds the lock; a second one beside it is refused).
- "refuses": opens memory or the agenda itself, so takes the instance lock or refuses.
- "through-hud": changes go through the running daemon's HUD API or not at all (no HUD answers the holder, so
  nothing changes: one line, exit 4, `openloop_remote.EXIT_NO_DAEMON_API`; `mic` exit 1).
- "reads": reads the data dir (or nothing of it); fine beside a daemon.
- "own-folder": writes only a folder of its own (a temp folder, `--out`, the models folder atomically).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from jarvisd.cli import build_parser
from jarvisd.openloop_remote import EXIT_NO_DAEMON_API
from tests.test_reliability_pass72a import USERS_PROMISE, _hold_like_a_daemon

REPO = Path(__file__).resolve().parents[1]
TOKEN = "t" * 43

# command -> (kind, argv to run beside the holder or None when running it costs a model load for nothing to see).
# {other} (another home's data dir, held too: a replay into the own data dir is refused even with no daemon, exit 2,
# pass 72a), {wav}, {scenario}, {agent_scenario} are filled in by the test.
COMMANDS: dict[str, tuple[str, list[str] | None]] = {
    "run": ("daemon", ["run"]),
    "chat": ("refuses", ["chat", "--once", "I need to call the plumber tomorrow"]),
    "doctor": ("reads", ["doctor", "--json"]),
    "models": ("reads", ["models", "list"]),   # verify reads; prepare writes models/<name>/ atomically (own-folder)
    "hud": ("reads", ["hud", "--print-url", "--no-check"]),   # reads hud.token (the daemon made it)
    "mic": ("through-hud", ["mic", "mute"]),
    "transcribe": ("reads", None),             # a WAV and the Whisper model; opens no data file
    "say": ("own-folder", None),               # piper into --out or the speaker; opens no data file
    "listen": ("refuses", ["listen", "--wav", "{wav}"]),
    "openloop list": ("reads", ["openloop", "list"]),
    "openloop done": ("through-hud", ["openloop", "done", USERS_PROMISE["id"]]),
    "openloop dismiss": ("through-hud", ["openloop", "dismiss", USERS_PROMISE["id"]]),
    "openloop open": ("through-hud", ["openloop", "open", USERS_PROMISE["id"]]),
    "openloop replay": ("refuses", ["openloop", "replay", "--store", "jsonl", "--data-dir", "{other}", "{scenario}"]),
    "memory eval": ("own-folder", None),       # its suites run in temp folders of their own
    "memory reembed": ("refuses", ["memory", "reembed"]),
    "memory forget": ("refuses", ["memory", "forget", "--session", "chat", "--yes"]),
    "agent replay": ("reads", ["agent", "replay", "{agent_scenario}"]),   # opens no store at all
}

# scripts/*.py -> kind. "refuses": opens the configured data dir's memory or agenda (must take the lock);
# "temp-home": runs the assistant or daemon only on a JARVIS_HOME of its own (made by the script or given with
# --home, where its own `jarvisd run` takes the lock); "reads": reads models or the benchmark data, no data dir.
SCRIPTS: dict[str, str] = {
    "days_lived.py": "refuses",
    "bench_bargein.py": "temp-home", "bench_echo.py": "temp-home", "bench_voice.py": "temp-home",
    "bench_turn_costs.py": "temp-home", "conversation_daemon.py": "temp-home", "kill_probe.py": "temp-home",
    "longrun_daemon.py": "temp-home", "soak_daemon.py": "temp-home", "bench_memory.py": "temp-home",
    "bench_remember_latency.py": "temp-home", "bench_openloop.py": "temp-home", "measure_aec_libs.py": "temp-home",
    "bench_stt.py": "reads", "bench_turn_end.py": "reads", "bench_wake.py": "reads", "probe_background.py": "reads",
    "bench_capture.py": "reads", "bench_embed.py": "reads", "bench_grounding.py": "reads", "bench_guard.py": "reads",
    "bench_id_lookup.py": "reads", "bench_keyword_vocab.py": "reads", "bench_llama.py": "reads",
    "probe_regex_shapes.py": "reads", "bench_streams.py": "reads",
}


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[str]:
    """Every leaf command of the parser's tree, as `jarvisd` spells it ("openloop done")."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return [name for sub, child in action.choices.items() for name in _commands(child, (*prefix, sub))]
    return [" ".join(prefix)]


def test_every_command_of_the_parser_tree_has_a_kind():
    """A new subcommand must be classified here (and so run beside a held data dir) before it can ship."""
    found = _commands(build_parser())
    assert len(found) >= 18
    assert sorted(found) == sorted(COMMANDS), (set(found) ^ set(COMMANDS))


def test_every_script_has_a_kind():
    found = {p.name for p in (REPO / "scripts").glob("*.py")}
    assert found == set(SCRIPTS), found ^ set(SCRIPTS)


@pytest.fixture(scope="module")
def held_home(tmp_path_factory):
    """A lived-in home (a promise on the agenda, the HUD token, memory with a remembered fact), held by a
    process that holds the instance lock as `jarvisd run` does."""
    root = tmp_path_factory.mktemp("writers")
    home = root / "home"
    data = home / "data"
    data.mkdir(parents=True)
    (data / "openloops.jsonl").write_text(json.dumps(USERS_PROMISE) + "\n", encoding="utf-8")
    (data / "hud.token").write_text(TOKEN, encoding="utf-8")
    (data / "hud.token").chmod(0o600)
    done = subprocess.run([sys.executable, "-m", "jarvisd", "chat", "--once", "/remember my locker code is 4417"],
                          cwd=REPO, env=_env(home), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    wav = root / "silence.wav"
    with wave.open(str(wav), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(b"\0\0" * 16000)
    (root / "scenario.json").write_text(json.dumps(
        {"understand": "rules", "time_zone": "Asia/Seoul",
         "turns": [{"at": "2027-06-01 09:00", "user": "I need to water the plants tomorrow"}]}), encoding="utf-8")
    agent_scenario = REPO / "tests" / "agent" / "scenarios" / "connector_id.json"
    other = root / "other" / "data"
    other.mkdir(parents=True)
    (other / "openloops.jsonl").write_text(json.dumps(USERS_PROMISE) + "\n", encoding="utf-8")
    holders = [_hold_like_a_daemon(data), _hold_like_a_daemon(other)]
    yield {"home": home, "data": data, "other": other, "wav": wav, "scenario": root / "scenario.json",
           "agent": agent_scenario}
    for holder in holders:
        holder.kill()
        holder.wait()


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "JARVIS_HOME": str(home), "PYTHONPATH": str(REPO), "OLLAMA_HOST": "http://127.0.0.1:9",
            "JARVIS_LLM__CONNECT_TIMEOUT_SEC": "0.5", "JARVIS_VOICE__ENABLED": "false",
            "JARVIS_HUD__PORT": "9", "JARVIS_GENERAL__LOG_LEVEL": "error"}


def _data_files(*folders: Path) -> dict[str, bytes]:
    """Every file under the data dirs with its bytes (the lock file aside: the holder's pid)."""
    return {str(p): p.read_bytes() for data in folders for p in sorted(data.rglob("*"))
            if p.is_file() and p.name != "jarvisd.pid"}


def _run(held: dict, argv: list[str]) -> subprocess.CompletedProcess:
    filled = [a.format(other=held["other"], wav=held["wav"], scenario=held["scenario"], agent_scenario=held["agent"])
              for a in argv]
    return subprocess.run([sys.executable, "-m", "jarvisd", *filled], cwd=REPO, env=_env(held["home"]),
                          capture_output=True, text=True, timeout=300)


WRITERS = sorted(name for name, (kind, argv) in COMMANDS.items() if kind in ("refuses", "daemon") and argv)
READERS = sorted(name for name, (kind, argv) in COMMANDS.items() if kind == "reads" and argv)
THROUGH_HUD = sorted(name for name, (kind, argv) in COMMANDS.items() if kind == "through-hud" and argv)


@pytest.mark.parametrize("name", WRITERS)
def test_a_writer_beside_a_running_daemon_is_refused_with_one_line_and_writes_nothing(held_home, name):
    before = _data_files(held_home["data"], held_home["other"])
    done = _run(held_home, COMMANDS[name][1])
    assert done.returncode == 1, (done.stdout[-1500:], done.stderr[-1500:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "already running" in lines[0], done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert _data_files(held_home["data"], held_home["other"]) == before


@pytest.mark.parametrize("name", THROUGH_HUD)
def test_a_change_through_the_hud_with_no_hud_answering_changes_nothing(held_home, name):
    before = _data_files(held_home["data"], held_home["other"])
    done = _run(held_home, COMMANDS[name][1])
    assert done.returncode == (1 if name == "mic" else EXIT_NO_DAEMON_API), (done.stdout[-1500:], done.stderr[-1500:])
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr[-2000:]
    assert "running" in done.stderr
    assert _data_files(held_home["data"], held_home["other"]) == before


@pytest.mark.parametrize("name", READERS)
def test_a_reader_still_works_beside_a_running_daemon_and_changes_nothing(held_home, name):
    before = _data_files(held_home["data"], held_home["other"])
    done = _run(held_home, COMMANDS[name][1])
    assert "already running" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]
    if name != "doctor":   # the doctor's exit says what it found (no audio device here), not whether it ran
        assert done.returncode == 0, (done.stdout[-1500:], done.stderr[-1500:])
    assert done.stdout.strip()
    assert _data_files(held_home["data"], held_home["other"]) == before


def test_days_lived_beside_a_running_daemon_is_refused_with_one_line_and_writes_nothing(held_home, tmp_path):
    turns = tmp_path / "turns.txt"
    turns.write_text("@2027-12-07 09:00\nI need to buy milk tomorrow\n", encoding="utf-8")
    before = _data_files(held_home["data"], held_home["other"])
    done = subprocess.run([sys.executable, "scripts/days_lived.py", str(turns)], cwd=REPO, env=_env(held_home["home"]),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, (done.stdout[-1500:], done.stderr[-1500:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "already running" in lines[0], done.stderr[-2000:]
    assert _data_files(held_home["data"], held_home["other"]) == before
