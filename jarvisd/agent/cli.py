"""`jarvisd agent ...` subcommands; `add_parser(subparsers)` is wired by jarvisd/cli.py."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TextIO

from jarvisd.agent.replay import ScenarioError, load_scenario, run_scenario
from jarvisd.llm.base import BackendError


def replay_main(path: Path, out: TextIO = sys.stdout) -> int:
    """Exit 0 when replayed (and any `expect` held), 1 when an expectation failed, 2 for a bad scenario."""
    try:
        scenario = load_scenario(path)
        report = asyncio.run(run_scenario(scenario))
        problems = report.expectation_failures(scenario.get("expect", {}))
    except (ScenarioError, BackendError) as exc:
        print(f"jarvisd agent replay: {exc}", file=sys.stderr)
        return 2
    except (TypeError, ValueError, AttributeError, LookupError, OverflowError) as exc:
        # pass 52: a value of the wrong kind in the scenario (`budget` "abc", `tools` {"x": 5}, `wrap_up` 5,
        # `answer_contains` 5, a round number of 5,000 digits) was a traceback, exit 1; a bad scenario is exit 2
        print(f"jarvisd agent replay: {path}: a value of the wrong kind or range "
              f"({type(exc).__name__}: {str(exc)[:200]})", file=sys.stderr)
        return 2
    for line in report.lines:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
    for problem in problems:
        print(f"expectation failed: {problem}", file=sys.stderr)
    return 1 if problems else 0


def _run(*params: object) -> int:
    """Called as `func(cfg, args)` by jarvisd/cli.py (or `func(args)`); replay needs no configuration."""
    args = params[-1]
    assert isinstance(args, argparse.Namespace)
    return replay_main(args.scenario)


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    agent = subparsers.add_parser("agent", help="agent loop tools")
    sub = agent.add_subparsers(dest="agent_command", required=True)
    replay = sub.add_parser("replay", help="run a scripted scenario through the real agent loop",
                            description="Replay SCENARIO.json (format: docs/agent.md) and print every "
                                        "round's decisions and the stop reason as JSON lines.")
    replay.add_argument("scenario", type=Path, metavar="SCENARIO.json")
    replay.set_defaults(func=_run)
    return agent
