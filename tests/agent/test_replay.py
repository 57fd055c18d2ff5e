"""`jarvisd agent replay`: scenario files, JSON-lines output, exit codes."""

import argparse
import io
import json
from pathlib import Path

import pytest

from jarvisd.agent.cli import add_parser, replay_main
from jarvisd.agent.replay import load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
async def test_every_scenario_file_meets_its_expectations(path):
    scenario = load_scenario(path)
    report = await run_scenario(scenario)
    assert scenario.get("expect"), "a scenario file in the repo states what it pins"
    assert report.expectation_failures(scenario["expect"]) == []


def test_replay_prints_one_json_line_per_round_and_the_stop_reason(tmp_path):
    out = io.StringIO()
    assert replay_main(Path(__file__).parent / "scenarios" / "connector_id.json", out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["round"] for line in lines[:-1]] == [1, 2, 3, 4, 5]
    blocked = lines[2]["calls"][0]
    assert blocked["status"] == "rejected" and blocked["rule"] == "consecutive_repeat" and "S-829" in blocked["reason"]
    assert lines[2]["counters"]["failures"] == 1
    assert lines[-1]["stop_reason"] == "answered" and lines[-1]["tool_rounds"] == 4


def test_replay_exits_1_when_an_expectation_fails(tmp_path, capsys):
    scenario = load_scenario(Path(__file__).parent / "scenarios" / "connector_id.json")
    scenario["expect"] = {"stop_reason": "no_progress"}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    assert replay_main(path, io.StringIO()) == 1
    assert "expected no_progress, got answered" in capsys.readouterr().err


def test_replay_exits_2_for_a_broken_scenario(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert replay_main(bad, io.StringIO()) == 2
    assert "not valid JSON" in capsys.readouterr().err
    short = tmp_path / "short.json"
    short.write_text(json.dumps({"answers": [{"tool_calls": [{"name": "t", "arguments": {}}]}],
                                 "tools": {"t": {"default": {"result": 1}}}}), encoding="utf-8")
    assert replay_main(short, io.StringIO()) == 2
    assert "no answer left" in capsys.readouterr().err
    assert replay_main(tmp_path / "missing.json", io.StringIO()) == 2
    vague = tmp_path / "vague.json"
    vague.write_text(json.dumps({"answers": [], "tools": {"t": {"default": {"value": 1}}}}), encoding="utf-8")
    assert replay_main(vague, io.StringIO()) == 2
    assert "needs 'result', 'failure' or 'overloaded'" in capsys.readouterr().err


def test_add_parser_wires_agent_replay():
    parser = argparse.ArgumentParser(prog="jarvisd")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["agent", "replay", "x.json"])
    assert args.scenario == Path("x.json")
    scenario = Path(__file__).parent / "scenarios" / "connector_id.json"
    args = parser.parse_args(["agent", "replay", str(scenario)])
    assert args.func(object(), args) == 0  # jarvisd/cli.py calls func(cfg, args)


@pytest.mark.parametrize("change, said", [
    ({"expect": {"stop_reson": "answered"}}, "unknown key expect.stop_reson"),
    ({"expect": {"rounds": {"3": {"status": ["ok"]}}}}, "unknown key expect.rounds.3.status"),
    ({"expect": {"rounds": {"3": {"counters": {"failure": 1}}}}}, "unknown key expect.rounds.3.counters.failure"),
    ({"expect": {"rounds": {"third": {}}}}, "unknown key expect.rounds.third"),
    ({"tool": {}}, "unknown key scenario.tool"),
])
def test_a_typo_in_a_scenario_is_refused_not_passed(tmp_path, capsys, change, said):
    scenario = load_scenario(Path(__file__).parent / "scenarios" / "connector_id.json") | change
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    assert replay_main(path, io.StringIO()) == 2
    assert said in capsys.readouterr().err


def test_per_round_expectations_are_checked(tmp_path, capsys):
    scenario = load_scenario(Path(__file__).parent / "scenarios" / "connector_id.json")
    scenario["expect"] = {"rounds": {"3": {"statuses": ["ok"], "counters": {"failures": 0}}, "9": {}}}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    assert replay_main(path, io.StringIO()) == 1
    err = capsys.readouterr().err
    assert "round 3 statuses: expected ['ok'], got ['rejected']" in err
    assert "round 3 counters.failures: expected 0, got 1" in err and "round 9: expected" in err
