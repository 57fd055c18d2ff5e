"""`jarvisd openloop ...` while `jarvisd run` owns the agenda: a real daemon subprocess (fresh
JARVIS_HOME, embedded models, no voice, no tray) and the CLI in subprocesses. The change must go
through the daemon (its `GET /api/agenda` shows it, a restart keeps it); with no HUD to talk to the
CLI refuses and writes nothing; with no daemon it works on the file as before."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from jarvisd.config import load_config
from jarvisd.hud import load_or_create_token
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

pytestmark = pytest.mark.slow  # a daemon subprocess


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def env(tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_") and k != "DISPLAY"}
    clean.update(JARVIS_HOME=str(tmp_path / "home"), OLLAMA_HOST=f"http://127.0.0.1:{free_port()}",
                 JARVIS_LLM__BACKEND="embedded", JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5",
                 JARVIS_HUD__PORT=str(free_port()), JARVIS_VOICE__ENABLED="false",
                 JARVIS_OPENLOOP__STORE="jsonl", JARVIS_GENERAL__TIME_ZONE="Asia/Seoul", PYTHONUNBUFFERED="1")
    return clean


def jarvisd(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jarvisd", *args], env=env, capture_output=True, text=True,
                          timeout=120)


class Daemon:
    """`jarvisd run` in a subprocess, its log in a file (a pipe nobody drains could stall it)."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.log = log
        self.handle = log.open("a", encoding="utf-8")
        self.proc = subprocess.Popen([sys.executable, "-m", "jarvisd", "run"], env=env, stderr=self.handle,
                                     stdout=subprocess.DEVNULL)

    def wait_ready(self, timeout: float = 180.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log.read_text(encoding="utf-8")
            if "jarvisd ready" in text and f"pid {self.proc.pid})" in text:
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError(f"the daemon did not get ready:\n{self.log.read_text(encoding='utf-8')}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                assert self.proc.wait(timeout=30) == 0
            finally:
                self.proc.kill()
        self.handle.close()


def seed(env: dict[str, str]) -> tuple[Path, dict[str, str]]:
    """The agenda file before the daemon starts: three open loops and one long expired."""
    cfg = load_config(env=env)
    path = cfg.paths.data_dir / "openloops.jsonl"
    store = JsonlLoopStore(path)
    service = OpenLoopService(store, tz=cfg.tz)
    ids = {desc: service.add(desc).id for desc in ("우유 사기", "분기 보고서 초안 보내기", "엄마한테 전화하기")}
    store.save(OpenLoop(id="e" * 32, desc="세탁소 들르기", status=LoopStatus.EXPIRED, created_ms=1_600_000_000_000,
                        updated_ms=1_600_000_100_000, due_ms=1_600_000_050_000, closed_ms=1_600_000_100_000))
    ids["세탁소 들르기"] = "e" * 32
    store.close()
    return path, ids


def daemon_agenda(env: dict[str, str]) -> dict:
    cfg = load_config(env=env)
    token = load_or_create_token(cfg.paths.data_dir)
    response = httpx.get(f"http://127.0.0.1:{env['JARVIS_HUD__PORT']}/api/agenda", timeout=10,
                         headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return response.json()


def statuses(agenda: dict) -> dict[str, str]:
    return {view["desc"]: view["status"] for view in agenda["open"] + agenda["closed"]}


def test_cli_changes_go_through_the_running_daemon_and_survive_its_restart(env, tmp_path):
    path, ids = seed(env)
    daemon = Daemon(env, tmp_path / "daemon.log")
    try:
        daemon.wait_ready()
        lines_before = path.read_bytes().count(b"\n")

        done = jarvisd("openloop", "done", ids["우유 사기"][:8], env=env)
        assert (done.returncode, done.stdout.strip()) == (0, f"✓ {ids['우유 사기'][:8]} 우유 사기 -> done"), done.stderr
        dismissed = jarvisd("openloop", "dismiss", ids["분기 보고서 초안 보내기"], env=env)
        assert dismissed.returncode == 0 and dismissed.stdout.startswith("✕"), dismissed.stderr
        assert statuses(daemon_agenda(env)) == {"엄마한테 전화하기": "open", "우유 사기": "done",
                                                "분기 보고서 초안 보내기": "dismissed", "세탁소 들르기": "expired"}

        missing = jarvisd("openloop", "done", "zzzzzzzz", env=env)
        assert missing.returncode == 1
        assert "no loop 'zzzzzzzz'" in missing.stderr and f"pid {daemon.proc.pid}" in missing.stderr
        refused = jarvisd("openloop", "open", "e" * 8, env=env)  # its due passed years ago: 409
        assert refused.returncode == 3, refused.stderr
        assert "cannot reopen eeeeeeee" in refused.stderr and refused.stdout == ""

        listed = jarvisd("openloop", "list", "--all", env=env)
        assert listed.returncode == 0 and "may lag" not in listed.stderr
        assert listed.stdout.splitlines()[0] == f"{ids['엄마한테 전화하기'][:8]}  엄마한테 전화하기"
        assert f"{ids['우유 사기'][:8]}  우유 사기 [done]" in listed.stdout
        # the daemon wrote the two changes; the CLI wrote nothing (not even a duplicate)
        assert path.read_bytes().count(b"\n") == lines_before + 2
    finally:
        daemon.stop()

    again = Daemon(env, tmp_path / "daemon-again.log")
    try:
        again.wait_ready()
        assert statuses(daemon_agenda(env)) == {"엄마한테 전화하기": "open", "우유 사기": "done",
                                                "분기 보고서 초안 보내기": "dismissed", "세탁소 들르기": "expired"}
    finally:
        again.stop()


def test_cli_refuses_to_change_the_agenda_of_a_daemon_without_hud_and_works_on_the_file_without_daemon(
        env, tmp_path):
    path, ids = seed(env)
    blocker = socket.socket()  # bound, never listening: the daemon cannot take the HUD port, and
    blocker.bind(("127.0.0.1", int(env["JARVIS_HUD__PORT"])))  # a connect to it is refused
    daemon = Daemon(env, tmp_path / "daemon.log")
    try:
        daemon.wait_ready()
        assert "hud: cannot listen" in daemon.log.read_text(encoding="utf-8")
        before = path.read_bytes()

        refused = jarvisd("openloop", "done", ids["우유 사기"][:8], env=env)
        assert refused.returncode == 4 and refused.stdout == ""
        assert f"jarvisd (pid {daemon.proc.pid}) is running" in refused.stderr
        assert "nothing was changed" in refused.stderr
        assert f"/openloop done {ids['우유 사기'][:8]}" in refused.stderr and f"kill {daemon.proc.pid}" in refused.stderr
        assert path.read_bytes() == before

        listed = jarvisd("openloop", "list", env=env)
        assert listed.returncode == 0 and "may lag" in listed.stderr
        assert "우유 사기" in listed.stdout and "세탁소" not in listed.stdout
        assert path.read_bytes() == before
    finally:
        daemon.stop()
        blocker.close()

    done = jarvisd("openloop", "done", ids["우유 사기"][:8], env=env)  # no daemon: the file, as before
    assert done.returncode == 0 and done.stdout.startswith("✓"), done.stderr
    loops = {loop.desc: loop.status for loop in JsonlLoopStore(path).load()}
    assert loops["우유 사기"] is LoopStatus.DONE and loops["엄마한테 전화하기"] is LoopStatus.OPEN
