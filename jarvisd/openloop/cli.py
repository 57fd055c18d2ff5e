"""The open-loop commands: `/openloop [done|dismiss <id>]` in conversation, and
`jarvisd openloop list|done|dismiss|replay` on the command line. Both go through the service.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from jarvisd.openloop.service import LoopNotFound, OpenLoopService

USAGE = "usage: /openloop | /openloop done <id|8-char prefix> | /openloop dismiss <id|8-char prefix>"


def _line(service: OpenLoopService, view: dict[str, Any]) -> str:
    due = f" (기한 {view['due']})" if view["due"] else ""
    status = "" if view["status"] == "open" else f" [{view['status']}]"
    return f"{view['short_id']}  {view['desc']}{due}{status}"


def format_agenda(service: OpenLoopService, include_closed: bool = False) -> str:
    loops = service.agenda()
    lines = [_line(service, service.view(loop)) for loop in loops] or ["No open loops. (열린 약속 없음)"]
    if include_closed:
        closed = service.recently_closed()
        if closed:
            lines += ["", "Recently closed:"] + [_line(service, service.view(loop)) for loop in closed]
    return "\n".join(lines)


def handle_openloop_command(service: OpenLoopService, text: str) -> str:
    """`/openloop` lists the open loops; `/openloop done|dismiss <id or prefix>` closes one.
    There is no revive here (the HUD's ↺ does it), as in seed 000."""
    parts = text.strip().split()
    if not parts or parts[0] != "/openloop":
        return USAGE
    if len(parts) == 1 or parts[1] in ("list", "ls"):
        return format_agenda(service)
    if len(parts) == 3 and parts[1] in ("done", "dismiss"):
        try:
            loop = service.done(parts[2]) if parts[1] == "done" else service.dismiss(parts[2])
        except LoopNotFound as exc:
            return str(exc)
        mark = "✓" if parts[1] == "done" else "✕"
        return f"{mark} {loop.id[:8]} {loop.desc} -> {loop.status.value}"
    return USAGE


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add `openloop` to the `jarvisd` subcommands; the handler is `args.func(cfg, args) -> int`."""
    parser = subparsers.add_parser("openloop", help="show and close open loops (the AGENDA); replay scenarios")
    sub = parser.add_subparsers(dest="openloop_command", required=True)
    show = sub.add_parser("list", help="open loops, newest first")
    show.add_argument("--all", action="store_true", help="also the 10 most recently closed")
    show.add_argument("--json", action="store_true", help="JSON lines instead of text")
    for name, verb in (("done", "mark finished"), ("dismiss", "withdraw")):
        cmd = sub.add_parser(name, help=f"{verb} a loop")
        cmd.add_argument("loop_id", help="the loop's id or its first 8 characters")
    rep = sub.add_parser("replay", help="run a scripted conversation through the real service and store")
    rep.add_argument("scenario", help="SCENARIO.json (format in docs/openloop.md)")
    rep.add_argument("--store", choices=("memory", "jsonl", "lancedb"), default="memory",
                     help="store to replay into (default: memory; jsonl/lancedb need --data-dir)")
    rep.add_argument("--data-dir", help="where the jsonl or lancedb store is created")
    parser.set_defaults(func=_command)
    return parser


def _command(cfg: Any, args: argparse.Namespace) -> int:
    service = None if args.openloop_command == "replay" else OpenLoopService.from_config(cfg)
    return run(args, service)


def _replay_store(args: argparse.Namespace) -> Any:
    from pathlib import Path

    if args.store == "memory":
        return None
    if not args.data_dir:
        raise SystemExit("--data-dir is required with --store jsonl|lancedb (the replay never touches your agenda)")
    from jarvisd.openloop.stores import JsonlLoopStore

    if args.store == "jsonl":
        return JsonlLoopStore(Path(args.data_dir) / "openloops.jsonl")
    from jarvisd.openloop.lance_store import LanceLoopStore

    return LanceLoopStore(str(Path(args.data_dir) / "agenda.lance"))


def run(args: argparse.Namespace, service: OpenLoopService | None = None) -> int:
    """Run one `jarvisd openloop ...` command; the service comes from the config unless given."""
    if args.openloop_command == "replay":
        from jarvisd.openloop.replay import ScenarioError, run_replay

        try:
            run_replay(args.scenario, _replay_store(args))
        except ScenarioError as exc:
            print(exc, file=sys.stderr)
            return 2
        return 0
    if service is None:
        from jarvisd.config import load_config

        service = OpenLoopService.from_config(load_config())
    if args.openloop_command == "list":
        if args.json:
            loops = service.agenda() + (service.recently_closed() if args.all else [])
            for loop in loops:
                print(json.dumps(service.view(loop), ensure_ascii=False))
        else:
            print(format_agenda(service, include_closed=args.all))
        return 0
    reply = handle_openloop_command(service, f"/openloop {args.openloop_command} {args.loop_id}")
    print(reply)
    return 0 if reply[:1] in ("✓", "✕") else 1


def main(argv: list[str] | None = None) -> int:
    """`python -m jarvisd.openloop.cli ...`: the same commands before `jarvisd` wires them in."""
    parser = argparse.ArgumentParser(prog="jarvisd")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    from jarvisd.config import load_config

    return args.func(load_config(), args)


if __name__ == "__main__":
    raise SystemExit(main())
