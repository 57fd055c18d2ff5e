"""Pass 52: new cases of issue 18's kinds over the parts pass 51 did not reach (see docs/reliability.md,
"Fifty-second pass"). Each finding's test failed on the branch's starting code (`c020e45`)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from jarvisd.agent.cli import replay_main
from jarvisd.openloop.replay import ScenarioError, run_replay

AGENT_BAD = {
    "budget": {"profile": "research", "budget": "abc"},
    "round_cap": {"round_cap": "x"},
    "tool_spec": {"tools": {"x": 5}},
    "calls": {"tools": {"t": {"calls": 5}}},
    "wrap_up": {"wrap_up": 5},
    "answer_contains": {"expect": {"answer_contains": 5}},
    "round_digits": {"expect": {"rounds": {"9" * 5000: {}}}},
}


@pytest.mark.parametrize("case", sorted(AGENT_BAD))
def test_an_agent_scenario_with_a_value_of_the_wrong_kind_is_one_line_exit_2(case, tmp_path, capsys):
    """`jarvisd agent replay` promises exit 2 and a line for a bad scenario; these were tracebacks, exit 1."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(AGENT_BAD[case]))
    assert replay_main(path, io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "jarvisd agent replay:" in err and "wrong kind" in err and len(err) < 500


def test_guard_a_sound_agent_scenario_still_replays(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"wrap_up": {"text": "hello"}, "expect": {"answer_contains": "hello"}}))
    out = io.StringIO()
    assert replay_main(path, out) == 0
    assert json.loads(out.getvalue().splitlines()[-1])["answer"] == "hello"


T = [{"at": "2026-10-15 14:00", "user": "I will call Bob tomorrow at 5pm", "judge": ""}]
AT = "2026-10-15 14:00"
OPENLOOP_BAD = {
    "zone_int": ({"time_zone": 5, "turns": T}, "the scenario"),
    "zone_unknown": ({"time_zone": "Nope/Nope", "turns": T}, "the scenario"),
    "zone_nul": ({"time_zone": "UTC\u0000", "turns": T}, "the scenario"),
    "expire_str": ({"expire_after_sec": "x", "turns": T}, "the scenario"),
    "expire_huge": ({"expire_after_sec": 1e308, "turns": T}, "the scenario"),
    "loops_int": ({"loops": 5, "turns": T}, "loops"),
    "due_int": ({"loops": [{"desc": "x", "due": 5}], "turns": T}, "loops[1]"),
    "revive_none": ({"turns": [{"at": AT, "revive": 5}]}, "turn 1"),
    "command_digits": ({"loops": [{"desc": "x"}], "turns": [{"at": AT, "command": "/openloop done #" + "9" * 5000}]},
                       "turn 1"),
    "expect_due_list": ({"turns": [{"at": AT, "expect": {"due": [1]}}]}, "turn 1"),
    "expect_reply_int": ({"turns": [{"at": AT, "user": "hi", "expect": {"reply_contains": 5}}]}, "turn 1"),
    "expect_agenda_int": ({"turns": [{"at": AT, "expect": {"agenda": 5}}]}, "turn 1"),
}


@pytest.mark.parametrize("case", sorted(OPENLOOP_BAD))
def test_an_openloop_scenario_with_a_value_of_the_wrong_kind_is_a_scenario_error(case, tmp_path: Path):
    """`jarvisd openloop replay` refuses a bad scenario with one line (exit 2); these were tracebacks, exit 1."""
    scenario, where = OPENLOOP_BAD[case]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    with pytest.raises(ScenarioError) as caught:
        run_replay(path, write=lambda line: None)
    assert str(caught.value).startswith(where) and len(str(caught.value)) < 400


def test_guard_an_openloop_scenarios_own_messages_are_not_rewrapped(tmp_path: Path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"turns": [{"at": "yesterday"}]}))
    with pytest.raises(ScenarioError) as caught:
        run_replay(path, write=lambda line: None)
    assert str(caught.value).startswith('turn 1: needs "at"')
    assert "wrong kind" not in str(caught.value)


@pytest.mark.parametrize("line", ["[hud]\nport = " + "9" * 5000, "[proactive]\nreminder_lead_min = [" + "1" * 4301 + "]"])
def test_a_config_number_too_long_to_read_is_a_config_error_not_a_start_up_traceback(line, tmp_path: Path):
    """tomllib's int() refuses past 4,300 digits with a ValueError that is not a TOMLDecodeError: `jarvisd run`,
    `doctor` and every command exited 1 with a traceback; now the config error naming the file (exit 2)."""
    from jarvisd.config import ConfigError, load_config

    path = tmp_path / "config.toml"
    path.write_text(line + "\n")
    with pytest.raises(ConfigError) as caught:
        load_config(env={"JARVIS_HOME": str(tmp_path / "home")}, user_file=path)
    assert str(path) in str(caught.value) and "too long" in str(caught.value)


def test_guard_a_config_with_a_long_but_readable_number_still_loads(tmp_path: Path):
    from jarvisd.config import ConfigError, load_config

    path = tmp_path / "config.toml"
    path.write_text("[hud]\nport = " + "9" * 4000 + "\n")
    with pytest.raises(ConfigError) as caught:
        load_config(env={"JARVIS_HOME": str(tmp_path / "home")}, user_file=path)
    assert "hud.port" in str(caught.value)   # read, then refused by the range check as before


@pytest.mark.parametrize("command, answer", [
    ("/compact", "Zoë lives in Kraków."),
    ("/usermodel build", '{"summary": "Has a sister in Kraków", "traits": ["family"]}'),
    ("/journal write", "A quiet day of talk about family."),
])
async def test_a_memory_command_on_a_full_disk_answers_a_sentence_not_a_500(command, answer, tmp_path, monkeypatch):
    """On the daemon with its home's disk full, `/compact` (after the model's summary) was `500 internal_error`
    ("OSError: [Errno 28] No space left on device") in the HUD; `/usermodel build` and `/journal write` write the
    same way. Now the reply is memory's failure sentence (as `/remember`'s) and the status says memory failed."""
    import errno

    from jarvisd.commands import CommandContext, CommandRegistry
    from jarvisd.llm.base import Message
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.memory.commands import register_memory_commands
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.memory import InMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder
    from tests.memory.memory_fixtures import DIM, Clock

    svc = MemoryService(InMemoryStore(dimensions=DIM), embedder=HashedNgramEmbedder(DIM), clock=Clock())
    me = MemoryScope("u1", "main", "s1")
    svc.record_turn(me, [Message("user", "My sister's name is Zoë and she lives in Kraków"),
                         Message("assistant", "Kraków is a lovely city.")])
    svc.remember(me, "my sister lives in Kraków")

    def full(self, items):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(InMemoryStore, "upsert", full)
    said = []
    svc.health.publish = said.append
    services = {"memory": svc, "scope_for": lambda session: MemoryScope("u1", "main", session),
                "data_dir": tmp_path, "thought_model": ScriptedChatModel([{"text": answer}])}
    reply = await register_memory_commands(CommandRegistry()).run(command, CommandContext(session="s1",
                                                                                          services=services))
    name = command.split()[0]
    assert reply.startswith(f"{name}: memory failed in {command} (OSError: [Errno 28] No space left"), reply
    assert said and said[-1].state == "failing"


async def test_one_failed_agenda_read_does_not_stop_the_trays_menu_following_the_agenda(monkeypatch):
    """The tray's menu is rebuilt at each agenda change by reading the agenda, and that read runs the expiry sweep,
    which saves. One save that failed there (a full disk, an I/O error) ended the tray's follower task ("Task
    exception was never retrieved"): the menu stayed as it was for the daemon's life, listing closed promises and
    never the new ones. Now the failure is logged and the next change rebuilds the menu."""
    import asyncio
    import errno
    from zoneinfo import ZoneInfo

    from jarvisd.events import AgendaChanged, EventBus
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import MemoryLoopStore
    from jarvisd.tray import AgendaTray

    now = [1_800_000_000.0]
    bus = EventBus()
    store = MemoryLoopStore()
    service = OpenLoopService(store, tz=ZoneInfo("UTC"), clock=lambda: now[0], expire_after_sec=60,
                              publish=bus.publish_nowait)
    tray = AgendaTray(service, bus, open_hud=lambda: None, quit=lambda: None)
    tray._loop = asyncio.get_running_loop()
    sub = bus.subscribe(maxsize=64, lossy=True)
    tray._follower = asyncio.create_task(tray._follow(sub))
    try:
        service.add("water the ficus", due_ms=int(now[0] * 1000) + 60_000)
        await asyncio.sleep(0.2)
        assert [s.text for s in tray.specs][0].startswith("water the ficus")
        now[0] += 3600                                   # the ficus is past due + expire_after: the next read expires it

        def full(self, loops):
            raise OSError(errno.ENOSPC, "No space left on device")

        with monkeypatch.context() as m:
            m.setattr(MemoryLoopStore, "save_many", full)
            m.setattr(MemoryLoopStore, "save", lambda self, loop: full(self, [loop]))
            await bus.publish(AgendaChanged(reason="added"))   # a change (here: announced alone), the read fails
            await asyncio.sleep(0.2)
        assert not tray._follower.done()
        service.add("call Ann")                          # room again: the next change rebuilds the menu
        await asyncio.sleep(0.2)
        texts = [s.text for s in tray.specs]
        assert any(t.startswith("call Ann") for t in texts), texts
        assert not any(t.startswith("water the ficus") for t in texts), texts
    finally:
        tray._follower.cancel()


async def test_an_expiry_sweep_that_cannot_be_saved_does_not_fail_every_read_of_the_agenda(tmp_path, monkeypatch):
    """Every read of the agenda runs the expiry sweep, which saves. With the disk full and one promise past its
    time, the save's OSError came out of every read: GET /api/agenda and `/openloop` were `500 internal_error`
    (in process; on the daemon a tmpfs home took the small append in its last page, so it was not seen there).
    Now the read answers with the agenda as it was (the sweep's write is one write, undone) and the status says
    the agenda's store is failing; the sweep itself still raises for the scheduler's log."""
    import errno

    from jarvisd.openloop.stores import JsonlLoopStore
    from tests.hud.conftest import Hud

    hud = Hud(tmp_path)
    loop = hud.service.add("buy eggs")
    hud.service.clock = lambda: 4_000_000_000.0      # years later: past max_age

    def full(self, *args):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(JsonlLoopStore, "save", full)
        m.setattr(JsonlLoopStore, "save_many", full)
        async with hud.client() as client:
            listed = await client.get("/api/agenda")
            command = await client.post("/api/turns", json={"text": "/openloop", "session": "x"})
        assert listed.status_code == 200, listed.text
        assert [view["desc"] for view in listed.json()["open"]] == ["buy eggs"]
        assert command.status_code == 200 and loop.id[:8] in command.json()["reply"]
        with pytest.raises(OSError):
            hud.service.expire()
    assert hud.service.agenda() == []                # room again: the read's sweep expires it
    assert hud.service.find(loop.id).status.value == "expired"
