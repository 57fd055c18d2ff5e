"""The systemd user unit and the XDG autostart entry: valid files whose command is this checkout's
jarvisd, installed for a user by packaging/install-user.sh."""

from __future__ import annotations

import configparser
import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
UNIT = REPO / "packaging" / "jarvisd.service"
DESKTOP = REPO / "packaging" / "jarvisd.desktop"
INSTALL = REPO / "packaging" / "install-user.sh"
VENV_JARVISD = REPO / ".venv" / "bin" / "jarvisd"


def read_ini(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive in both formats
    parser.read_string(path.read_text())
    return parser


def exec_start(home: Path) -> list[str]:
    return shlex.split(read_ini(UNIT)["Service"]["ExecStart"].replace("%h", str(home)))


@pytest.fixture
def installed_home(tmp_path: Path) -> Path:
    """A user's home after `packaging/install-user.sh files`."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / ".config")}
    subprocess.run(["sh", str(INSTALL), "files"], env=env, check=True, capture_output=True)
    return tmp_path


def test_the_unit_runs_the_daemon_and_restarts_on_failure():
    unit = read_ini(UNIT)
    assert unit["Service"]["Type"] == "simple"
    assert exec_start(Path("/home/u"))[1:] == ["run"]
    assert unit["Service"]["Restart"] == "on-failure"
    assert unit["Install"]["WantedBy"] == "graphical-session.target"


@pytest.mark.slow  # runs `jarvisd` as a subprocess
def test_the_installed_unit_start_command_resolves_to_the_venvs_jarvisd(installed_home: Path):
    command = exec_start(installed_home)
    assert Path(command[0]).resolve() == VENV_JARVISD.resolve()
    version = subprocess.run([command[0], "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("jarvisd ")
    assert (installed_home / ".config" / "systemd" / "user" / "jarvisd.service").read_text() == UNIT.read_text()
    assert (installed_home / ".config" / "autostart" / "jarvisd.desktop").read_text() == DESKTOP.read_text()


def _verify(unit_text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "jarvisd.service"
    path.write_text(unit_text)
    return subprocess.run(["systemd-analyze", "verify", "--man=no", str(path)], capture_output=True, text=True,
                          timeout=60)


def test_the_unit_passes_systemd_analyze_verify(installed_home: Path, tmp_path: Path):
    if shutil.which("systemd-analyze") is None:  # no systemd here: the parse and resolve tests above stand
        assert exec_start(installed_home)[0].startswith(str(installed_home))
        return
    resolved = UNIT.read_text().replace("%h", str(installed_home))  # verify runs outside a user session
    result = _verify(resolved, tmp_path)
    assert result.returncode == 0, result.stderr
    broken = _verify(resolved.replace(str(installed_home), "/nonexistent"), tmp_path)
    assert broken.returncode != 0 and "not executable" in broken.stderr


def test_the_autostart_entry_is_a_valid_application_that_defers_to_the_unit():
    entry = read_ini(DESKTOP)["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] and entry["TryExec"] == "jarvisd"
    assert entry["X-GNOME-Autostart-enabled"] == "true" and entry["Terminal"] == "false"
    argv = shlex.split(entry["Exec"])
    assert argv[:2] == ["sh", "-c"] and len(argv) == 3
    assert argv[2] == "systemctl --user -q is-enabled jarvisd.service 2>/dev/null || exec jarvisd run"
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_autostart_command_starts_the_daemon_only_without_the_unit(tmp_path: Path):
    """Run the entry's shell line with stand-ins for systemctl and jarvisd on PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "ran"
    (bin_dir / "jarvisd").write_text(f"#!/bin/sh\necho \"jarvisd $*\" >> {log}\n")
    line = shlex.split(read_ini(DESKTOP)["Desktop Entry"]["Exec"])[2]
    for unit_enabled, expected in ((False, "jarvisd run\n"), (True, "")):
        (bin_dir / "systemctl").write_text(f"#!/bin/sh\nexit {0 if unit_enabled else 1}\n")
        for tool in bin_dir.iterdir():
            tool.chmod(0o755)
        log.unlink(missing_ok=True)
        subprocess.run(["sh", "-c", line], env={"PATH": f"{bin_dir}:/usr/bin:/bin"}, check=True)
        assert (log.read_text() if log.exists() else "") == expected


def test_the_installer_refuses_without_a_venv(tmp_path: Path):
    fake_repo = tmp_path / "repo"
    (fake_repo / "packaging").mkdir(parents=True)
    shutil.copy(INSTALL, fake_repo / "packaging")
    result = subprocess.run(["sh", str(fake_repo / "packaging" / "install-user.sh"), "files"],
                            env={**os.environ, "HOME": str(tmp_path)}, capture_output=True, text=True)
    assert result.returncode == 1 and "scripts/setup.sh" in result.stderr
