"""Issue #18's thirteenth adversarial pass (pass73): the kinds the twelfth found, looked for everywhere.

A command that writes the running daemon's data (pass 72a's `openloop replay`): `scripts/days_lived.py`, the tool the
sessions use to live days with the real assistant, built the whole assistant on the configured data dir without asking
its instance lock. Beside a running `jarvisd run` it was a second writer of the agenda file the daemon owns (the daemon
never rereads it) and of its LanceDB memory, and its hand-moved clock ran the expiry sweep over the user's promises.

A folder this user cannot enter (pass 72b's memory folder of mode 000), looked for in the other folders jarvisd reads:
`data/models` (where `jarvisd models prepare` assembles Whisper and Smart Turn) of mode 000 made `jarvisd models verify`
and `jarvisd doctor` end in a `PermissionError` traceback (`manifest._folder_in_the_way`'s `is_symlink`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_reliability_pass72a import _hold_like_a_daemon

REPO = Path(__file__).resolve().parents[1]
# the user's promise: made 2026-12-07, due 2026-12-08 10:00 Seoul (a clock moved to 2027 would expire it)
USERS_PROMISE = {"id": "284edd600a894a1282d1ab63f26c9e0f", "desc": "pay the water bill", "status": "open",
                 "created_ms": 1796662176085, "updated_ms": 1796662176085, "due_ms": 1796724000000,
                 "session": "d", "evidence": "I need to pay the water bill tomorrow at 10am"}


def _home_with_a_promise(tmp_path: Path) -> tuple[Path, Path]:
    home = tmp_path / "home"
    data = home / "data"
    data.mkdir(parents=True)
    (data / "openloops.jsonl").write_text(json.dumps(USERS_PROMISE) + "\n", encoding="utf-8")
    return home, data


def _days_lived(tmp_path: Path, home: Path, lines: list[str]) -> subprocess.CompletedProcess:
    turns = tmp_path / "turns.txt"
    turns.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**os.environ, "JARVIS_HOME": str(home), "PYTHONPATH": str(REPO), "JARVIS_VOICE__ENABLED": "false",
           "OLLAMA_HOST": "http://127.0.0.1:9", "JARVIS_LLM__CONNECT_TIMEOUT_SEC": "0.5"}
    return subprocess.run([sys.executable, str(REPO / "scripts" / "days_lived.py"), str(turns)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)


def _refused_and_untouched(done: subprocess.CompletedProcess, data: Path, before: bytes) -> None:
    assert done.returncode == 1, (done.stdout[-1500:], done.stderr[-1500:])
    assert "already running" in done.stderr and str(data) in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert (data / "openloops.jsonl").read_bytes() == before
    assert not (data / "memory.lance").exists()


def test_days_lived_beside_a_running_jarvisd_is_refused_and_writes_nothing(tmp_path):
    """Before: exit 0, "buy milk" appended to the live agenda file and a memory table made beside the daemon.
    Now one line naming the running jarvisd, exit 1, the data dir as it was."""
    home, data = _home_with_a_promise(tmp_path)
    before = (data / "openloops.jsonl").read_bytes()
    holder = _hold_like_a_daemon(data)
    try:
        done = _days_lived(tmp_path, home, ["@2026-12-07 09:00", "remind me to buy milk tomorrow at 5pm"])
    finally:
        holder.kill()
        holder.wait()
    _refused_and_untouched(done, data, before)


def test_held_out_days_lived_moving_the_clock_beside_a_running_jarvisd_expires_nothing(tmp_path):
    """Held out: no turn at all, only the clock moved a year on (the expiry sweep alone): before, the user's promise
    was written `expired` into the file the daemon still lists open."""
    home, data = _home_with_a_promise(tmp_path)
    before = (data / "openloops.jsonl").read_bytes()
    holder = _hold_like_a_daemon(data)
    try:
        done = _days_lived(tmp_path, home, ["@2027-12-07 09:00", "# only time passes"])
    finally:
        holder.kill()
        holder.wait()
    _refused_and_untouched(done, data, before)


def test_guard_days_lived_on_a_home_no_daemon_holds_still_lives_the_day(tmp_path):
    """Guard: with no daemon holding the data dir the script runs as before, and the lock is let go at its end."""
    home, data = _home_with_a_promise(tmp_path)
    done = _days_lived(tmp_path, home, ["@2026-12-07 09:00", "remind me to buy milk tomorrow at 5pm"])
    assert done.returncode == 0, (done.stdout[-1500:], done.stderr[-1500:])
    assert "buy milk" in (data / "openloops.jsonl").read_text(encoding="utf-8")
    assert "pay the water bill" in done.stdout
    holder = _hold_like_a_daemon(data)   # the lock is free again: a daemon could start now
    holder.kill()
    holder.wait()


# --- data/models (assembled models) that this user cannot enter ---

def _without_dac() -> list[str]:
    """Run as root without the capabilities that read any file (root reads a 000 folder otherwise)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to take away the read-anything capabilities (CI has both)")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"]


def _jarvisd(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, JARVIS_HOME=str(home), PYTHONPATH=str(REPO), OLLAMA_HOST="http://127.0.0.1:9",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5", JARVIS_VOICE__ENABLED="false")
    return subprocess.run([*_without_dac(), sys.executable, "-m", "jarvisd", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=300)   # against a hang only


def _models_home(tmp_path: Path, locked: str, mode: int) -> tuple[Path, Path]:
    home = tmp_path / "home"
    models = home / "data" / "models"
    (models / "whisper-base").mkdir(parents=True)
    (models / "whisper-base" / "model.bin").write_bytes(b"not the model")
    target = home / "data" / locked
    target.chmod(mode)
    return home, target


def _one_line_each(home: Path, target: Path, mode: int, named: str) -> None:
    try:
        verify = _jarvisd(home, "models", "verify", "whisper-base")
        doctor = _jarvisd(home, "doctor")
    finally:
        target.chmod(mode)
    for done in (verify, doctor):
        out = done.stdout + done.stderr
        assert "Traceback" not in out, out[-2500:]
    assert verify.returncode == 1, verify.stdout + verify.stderr[-2000:]
    line = next(x for x in verify.stderr.splitlines() if x.startswith("whisper-base:"))
    assert "FAILED" in line and named in line and "permission denied" in line and "chmod -R u+rwX" in line, line
    assert named in doctor.stdout and "permission denied" in doctor.stdout, doctor.stdout[-2500:]


def test_a_models_folder_this_user_cannot_enter_is_one_line_not_a_traceback(tmp_path):
    """Before: `jarvisd models verify` and `jarvisd doctor` ended in `PermissionError: [Errno 13] Permission denied:
    '…/data/models/whisper-base'`, exit 1. Now the model's line says which folder and the chmod, the doctor goes on."""
    home, target = _models_home(tmp_path, "models", 0)
    _one_line_each(home, target, 0o755, str(home / "data" / "models"))


@pytest.mark.parametrize("locked", ["models/whisper-base", "models/whisper-base/model.bin"])
def test_held_out_a_model_folder_or_file_this_user_cannot_read_is_one_line(tmp_path, locked):
    """Held out: the model's own folder (mode 000) or its file (mode 000) rather than `data/models`."""
    home, target = _models_home(tmp_path, locked, 0)
    _one_line_each(home, target, 0o755 if target.is_dir() else 0o644, str(home / "data" / "models"))


def test_guard_a_models_folder_of_this_user_is_verified_as_before(tmp_path):
    """Guard: a readable folder with a wrong file is still the checksum's line (no permission words)."""
    home, _ = _models_home(tmp_path, "models", 0o755)
    done = _jarvisd(home, "models", "verify", "whisper-base")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    line = next(x for x in done.stderr.splitlines() if x.startswith("whisper-base:"))
    assert "sha256" in line and "permission" not in line, line


def test_held_out_models_prepare_into_a_models_folder_this_user_cannot_enter_is_one_line(tmp_path):
    """Held out: `jarvisd models prepare whisper-base` (the command the doctor's line sends the user to) into the same
    folder: before, the same `PermissionError` traceback; now the model's FAILED line with the chmod, nothing written."""
    home, target = _models_home(tmp_path, "models", 0)
    try:
        done = _jarvisd(home, "models", "prepare", "whisper-base")
    finally:
        target.chmod(0o755)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2500:]
    line = next(x for x in done.stderr.splitlines() if x.startswith("whisper-base:"))
    assert "FAILED" in line and "permission denied" in line and f"chmod -R u+rwX {target}" in line, line
    assert (target / "whisper-base" / "model.bin").read_bytes() == b"not the model"


# --- a long model answer: `RepeatCut` re-read the whole answer at every delta, on the event loop ---

def _streamed(text: str) -> list[str]:
    import re
    return re.findall(r"\S+\s*|\s+", text)   # as the scripted model and a model's tokens: a word at a time


def _fed(pieces: list[str]) -> str:
    from jarvisd.agent.repeats import RepeatCut
    cut = RepeatCut(["The capital of France is Paris."])
    return "".join(cut.feed(piece) for piece in pieces)


def test_a_long_answer_without_a_sentence_end_costs_linear_time_in_the_repeat_cut():
    """Before: 32,000 characters of words without a sentence end (a code block, a JSON list from an Ollama model)
    cost 16 s of CPU in `RepeatCut.feed`, 64,000 over a minute (pass 72b saw a turn held 120 s), on the event loop.
    Now linear: every word and run of words is counted once."""
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(_fed, lambda n: _streamed(" ".join(f"w{i}" for i in range(n))), 4000)


def test_held_out_a_long_json_list_streamed_costs_linear_time_and_is_said_whole():
    """Held out: a fenced JSON list of distinct items (sentence ends only inside it), said whole."""
    from tests.timing import assert_grows_linearly

    def make(n: int) -> list[str]:
        items = ", ".join(f'{{"id": {i}, "name": "item number {i * 7919 % 100003}"}}' for i in range(n))
        return _streamed("```json\n[" + items + "]\n```")
    assert_grows_linearly(_fed, make, 1600)
    pieces = make(300)
    assert _fed(pieces) == "".join(pieces)


def test_guard_an_answer_talking_in_circles_is_still_cut_after_a_long_start():
    """Guard: after 20,000 characters of words with no sentence end, a run said three times is still cut there, a
    sentence said before is still cut, and a run of marks is still cut."""
    from jarvisd.agent.repeats import RepeatCut
    start = " ".join(f"w{i}" for i in range(3000)) + ". "
    for loop, kept in (("I am unable to help. " * 4, "I am unable to help. "),
                       ("and then we go home and then we go home and then we go home and then we go", None),
                       ("The capital of France is Paris. ", ""),
                       ("Done " + "!!!! " * 10, None)):
        cut = RepeatCut(["The capital of France is Paris."])
        out = "".join(cut.feed(piece) for piece in _streamed(start + loop))
        assert cut.cut, loop
        assert out.startswith(start) and len(out) < len(start + loop), (loop, out[len(start):])
        if kept is not None:
            assert out[len(start):] == kept, (loop, out[len(start):])
