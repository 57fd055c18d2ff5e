"""Pass 41's lows (docs/reliability.md, "Forty-first pass"), closed in the forty-third session: each failed on the
code before."""

from __future__ import annotations

import pytest

from jarvisd.cli import main
from jarvisd.config import load_config
from jarvisd.doctor import format_report, reminders_report
from jarvisd.errors import StartupError
from jarvisd.memory.health import check_memory


def test_the_doctor_reads_the_delivered_reminder_log(tmp_path):
    """`reminders.jsonl` a link to itself: `doctor` said nothing while `run` exited 1 on it."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    cfg.paths.data_dir.mkdir(parents=True)
    log = cfg.paths.data_dir / "reminders.jsonl"
    log.write_text('{"loop_id": "a", "lead_min": 10, "due_ms": 1, "at_ms": 1}\n{torn\n', encoding="utf-8")
    assert reminders_report(cfg)["delivered"] == 1
    log.unlink()
    log.symlink_to(log)
    report = reminders_report(cfg)
    assert "delivered-reminder log" in report["error"], report
    assert "reminders   : UNREADABLE" in format_report({**_EMPTY, "reminders": report})


def test_a_memory_folder_that_leads_into_proc_is_named_by_doctor_and_at_start(tmp_path):
    """`memory.lance` a link to `/proc/self/fd`: `doctor` said "absent … created at the first write" and `run`
    exited with LanceDB's "File system loop found"."""
    from jarvisd.memory.stores.lance import LanceMemoryStore

    folder = tmp_path / "memory.lance"
    folder.symlink_to("/proc/self/fd")
    health = check_memory(str(folder))
    assert health.state == "damaged" and "kernel folder" in health.detail, health
    with pytest.raises(StartupError, match="kernel folder"):
        LanceMemoryStore(str(folder))


@pytest.mark.parametrize("argv", [["models", "list", "extra"], ["--version", "extra"]])
def test_a_stray_argument_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and "error:" in capsys.readouterr().err


def test_guard_version_alone_prints_it(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("jarvisd ")


_EMPTY = {"version": "0", "python": "3", "time_zone": "UTC", "backend": {"error": "x"},
          "paths": {"config_file": "c", "config_file_exists": False, "data_dir": "d"},
          "ollama": {"up": False, "error": "x"}, "embedded_models": [], "llama_cpp": {"ok": None, "detail": "x"},
          "audio": {"error": "x", "inputs": [], "outputs": []}, "speech": {"english_voice": "x", "korean_voice": "x"},
          "display": {"tray": "x"}, "hud": {"address": "x"}, "memory": {"state": "ok", "detail": "x", "recovery": ""},
          "agenda": {"error": None, "open": 0, "next": None, "store": "jsonl", "where": "x"}}
