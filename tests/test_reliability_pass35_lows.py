"""Pass 35's lows, closed (docs/reliability.md, "Passes 32-35's lows, closed"): each case failing before its fix."""

import json
import logging

import pytest


def test_an_agenda_log_of_many_bad_lines_logs_a_few_and_keeps_them_all(tmp_path, caplog):
    """Pass 35: an `openloops.jsonl` of 200,000 `{}` lines logged one warning per line (200,000 lines of log)."""
    from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore, Quarantine

    path = tmp_path / "openloops.jsonl"
    path.write_text("{}\n" * 500 + '{"x": 1}\n', encoding="utf-8")
    with caplog.at_level(logging.WARNING, "jarvisd.openloop"):
        assert JsonlLoopStore(path).load() == []
    lines = [r for r in caplog.records if "unreadable" in r.getMessage()]
    assert len(lines) == Quarantine.LOG_LINES + 1, len(lines)
    assert "skipped without a line each" in lines[-1].getMessage()
    kept = (tmp_path / QUARANTINE_NAME).read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["record"] for line in kept] == ["{}", '{"x": 1}']   # each record kept once (as before)


@pytest.mark.parametrize("window", ["22:00 - 08:00", " 22:00-08:00 "])
def test_quiet_hours_with_spaces_are_read_as_the_scheduler_reads_them(tmp_path, window):
    """Pass 35: the config check refused "22:00 - 08:00", which the scheduler's parser reads."""
    from jarvisd.config import load_config

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_PROACTIVE__QUIET_HOURS": window})
    assert cfg.values["proactive"]["quiet_hours"].strip() == window.strip()


def test_the_log_level_on_the_command_line_is_read_in_any_case():
    """Pass 35: `--log-level DEBUG` was refused (lower case only)."""
    from jarvisd.cli import build_parser

    assert build_parser().parse_args(["--log-level", "DEBUG", "doctor"]).log_level == "debug"
