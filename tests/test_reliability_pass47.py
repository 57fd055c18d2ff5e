"""Pass 47 of issue 18 (see docs/reliability.md, "Forty-seventh pass")."""

from __future__ import annotations

import argparse
import json

import pytest


def _replay_cli(tmp_path, scenario, capsys):
    from jarvisd import openloop_cli

    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    args = argparse.Namespace(openloop_command="replay", scenario=str(path), store="memory", data_dir=None)
    code = openloop_cli.run(args)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("scenario, where", [
    ({"loops": [{"desc": "call Bob", "due": "2300-01-01 10:00"}], "turns": [{"at": "2026-12-05 10:00"}]}, "loops[1]"),
    ({"loops": [{"desc": "call Bob", "due": "2026-12-06 10:00"}],
      "turns": [{"at": "2026-12-05 10:00"}, {"at": "2300-01-01 10:00", "revive": "#1"}]}, "turn 2"),
    ({"understand": "rules",
      "turns": [{"at": "2199-12-31 10:00", "user": "remind me every day at 8am to take my pills"}]}, "turn 1"),
])
def test_a_replay_time_the_agenda_cannot_keep_is_one_line_naming_the_seed_or_turn(tmp_path, capsys, scenario, where):
    """Before: `jarvisd openloop replay` with a seed due in 2300 (or a turn at 2300, or "every day at 8am" said on
    2199-12-31) ended in a traceback from `OpenLoopService._save`'s ValueError (pass 46's window), exit 1. Now the
    scenario's error: one line naming the seed or the turn, exit 2, like any bad scenario."""
    code, err = _replay_cli(tmp_path, scenario, capsys)
    assert code == 2
    assert err.startswith(f"{where}: ") and "outside 1970-01-01 .. 2200-01-01" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_guard_the_service_still_refuses_such_a_time_as_a_value_error():
    """Callers that catch ValueError (the desk, the HUD) still do: the new error is one."""
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.service import OpenLoopService, TimeOutOfRange
    from jarvisd.openloop.stores import MemoryLoopStore

    service = OpenLoopService(MemoryLoopStore(), tz=ZoneInfo("UTC"), clock=lambda: 1_796_488_000.0)
    with pytest.raises(ValueError):
        service.add("call Bob", due_ms=10_413_828_000_000)
    assert issubclass(TimeOutOfRange, ValueError)
