"""Issue #18's twelfth adversarial pass, part A (the running daemon): two writers at once.

`jarvisd openloop replay --store jsonl|lancedb --data-dir DIR` was the one command that opened an agenda beside a
running `jarvisd run` without asking the data dir's lock: pointed at the daemon's data dir (its help says "the
replay never touches your agenda"), it loaded the user's promises, ran the scenario's clock over them and saved the
result into the live file. Seen on a daemon with 1,542 open promises: a one-turn scenario at 2027-06-01 expired all
1,542 in `openloops.jsonl` while the daemon's HUD still listed them open (lost at its next start), and the
scenario's own promises were appended to the user's agenda.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCENARIO = {"understand": "rules", "time_zone": "Asia/Seoul",
            "turns": [{"at": "2027-06-01 09:00", "user": "I need to water the plants tomorrow"}]}
# the user's promise: made 2026-12-07, due 2026-12-08 10:00 Seoul (a replay clock in 2027 would expire it)
USERS_PROMISE = {"id": "284edd600a894a1282d1ab63f26c9e0f", "desc": "pay the water bill", "status": "open",
                 "created_ms": 1796662176085, "updated_ms": 1796662176085, "due_ms": 1796724000000,
                 "session": "d", "evidence": "I need to pay the water bill tomorrow at 10am"}


def _home_with_a_promise(tmp_path: Path, name: str) -> Path:
    data = tmp_path / name / "data"
    data.mkdir(parents=True)
    (data / "openloops.jsonl").write_text(json.dumps(USERS_PROMISE) + "\n", encoding="utf-8")
    return data


def _replay(tmp_path: Path, home: Path, data_dir: str, store: str) -> subprocess.CompletedProcess:
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(SCENARIO), encoding="utf-8")
    env = {**os.environ, "JARVIS_HOME": str(home), "PYTHONPATH": str(REPO),
           "OLLAMA_HOST": "http://127.0.0.1:9", "JARVIS_LLM__CONNECT_TIMEOUT_SEC": "0.5"}
    return subprocess.run([sys.executable, "-m", "jarvisd", "openloop", "replay", "--store", store,
                           "--data-dir", data_dir, str(scenario)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=240)


def _hold_like_a_daemon(data: Path) -> subprocess.Popen:
    """A process holding the data dir's instance lock, as `jarvisd run` does while it runs."""
    code = ("import sys, time; from pathlib import Path; from jarvisd.instance import InstanceLock; "
            f"InstanceLock(Path({str(data)!r})).acquire(); print('held', flush=True); time.sleep(600)")
    holder = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
    assert holder.stdout.readline().strip() == "held"
    return holder


@pytest.mark.parametrize("store", ["jsonl", "lancedb"])
def test_a_replay_into_a_data_dir_a_running_jarvisd_holds_is_refused_and_writes_nothing(tmp_path, store):
    """Before: exit 0, the user's promise expired in the live file (jsonl) or an `agenda.lance` table made in the
    daemon's data dir (lancedb). Now one line naming the running jarvisd, exit 1, the folder as it was."""
    live = _home_with_a_promise(tmp_path, "other")   # another home's daemon: not this command's configured dir
    before = (live / "openloops.jsonl").read_bytes()
    holder = _hold_like_a_daemon(live)
    try:
        done = _replay(tmp_path, tmp_path / "mine", str(live), store)
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 1, (done.stdout[-1500:], done.stderr[-1500:])
    assert "already running" in done.stderr and str(live) in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert (live / "openloops.jsonl").read_bytes() == before
    assert not (live / "agenda.lance").exists()


@pytest.mark.parametrize("spelling", ["as configured", "through a symlink", "users folder"])
def test_held_out_a_replay_into_your_own_data_dir_is_refused_with_no_daemon_running(tmp_path, spelling):
    """The help promises "the replay never touches your agenda": the configured data dir (however it is spelled,
    and the other users' agendas inside it) is refused even with no daemon running, exit 2."""
    data = _home_with_a_promise(tmp_path, "home")
    before = (data / "openloops.jsonl").read_bytes()
    target = str(data)
    if spelling == "through a symlink":
        (tmp_path / "link").symlink_to(data)
        target = str(tmp_path / "link") + "/."
    elif spelling == "users folder":
        (data / "users" / "bob").mkdir(parents=True)
        target = str(data / "users" / "bob")
    done = _replay(tmp_path, tmp_path / "home", target, "jsonl")
    assert done.returncode == 2, (done.stdout[-1500:], done.stderr[-1500:])
    assert "your own data dir" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert (data / "openloops.jsonl").read_bytes() == before
    assert not (data / "users" / "bob" / "openloops.jsonl").exists()


def test_guard_a_replay_into_a_folder_of_its_own_still_writes_there(tmp_path):
    """What the option is for: a scratch folder gets the scenario's agenda, exit 0."""
    scratch = tmp_path / "scratch"
    done = _replay(tmp_path, tmp_path / "home", str(scratch), "jsonl")
    assert done.returncode == 0, done.stderr[-2000:]
    records = [json.loads(line) for line in (scratch / "openloops.jsonl").read_text().splitlines()]
    assert any(r["desc"] == "water the plants" for r in records)
