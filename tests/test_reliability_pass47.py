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


def _pills_service():
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import MemoryLoopStore

    now = [1_796_488_000.0]
    service = OpenLoopService(MemoryLoopStore(), tz=ZoneInfo("UTC"), clock=lambda: now[0])
    pills = service.add("take my pills", due_ms=int((now[0] + 3600) * 1000), repeat="daily")
    return service, pills, now


def test_a_tick_on_an_expired_repeating_promise_opens_no_second_copy_of_its_next_time():
    """Before: the daily "take my pills" expired (and rolled into tomorrow's); the HUD's ✓ on the expired one
    (POST /api/openloops/<id> {"status": "done"}, or `jarvisd openloop done`) rolled again: two open "take my
    pills" at the same time, two reminders. Now a closed one changes status without rolling."""
    from jarvisd.openloop.model import LoopStatus

    service, pills, now = _pills_service()
    now[0] += 3 * 86_400
    [next_one] = service.agenda()
    assert service.set_status(pills.id, LoopStatus.DONE).status is LoopStatus.DONE
    assert [loop.id for loop in service.agenda()] == [next_one.id]


def test_a_tick_cross_tick_on_a_repeating_promise_leaves_one_next_time():
    """Before: ✓ (rolled), ✕ on the same closed one, ✓ again: a second open copy of the next time."""
    from jarvisd.openloop.model import LoopStatus

    service, pills, now = _pills_service()
    now[0] += 2 * 3600
    for status in (LoopStatus.DONE, LoopStatus.DISMISSED, LoopStatus.DONE):
        service.set_status(pills.id, status)
    assert len(service.agenda()) == 1


def test_guard_an_open_repeating_promise_ticked_or_expired_still_rolls_once():
    from jarvisd.openloop.model import LoopStatus

    service, pills, now = _pills_service()
    now[0] += 2 * 3600
    service.set_status(pills.id, LoopStatus.DONE)
    [tomorrow] = service.agenda()
    assert tomorrow.repeat == "daily" and tomorrow.due_ms == pills.due_ms + 86_400_000
    now[0] += 3 * 86_400   # it expires: the one after it opens
    [later] = service.agenda()
    assert later.id != tomorrow.id and later.repeat == "daily"
