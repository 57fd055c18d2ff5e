"""`jarvisd openloop list|done|dismiss|open|replay` on the command line, through the agenda service.

The agenda has one owner at a time: with no daemon running, the command takes the data dir's instance
lock and works on the store; while `jarvisd run` holds the lock, it goes through the daemon's HUD API
(`jarvisd.openloop_remote`) and never writes the file behind the daemon's back. This is the command
line's side of the agenda: the domain package `openloop` knows nothing of it (the text replies it
prints come from `openloop.replies`, as the `/openloop` slash command's do).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from jarvisd.openloop.replies import changed_line, format_views
from jarvisd.openloop.service import LoopNotFound, OpenLoopService, ReviveRefused
from jarvisd.openloop_remote import EXIT_NOT_FOUND, EXIT_OK, EXIT_REFUSED, Outcome, RunningDaemon

EXIT_NOT_SAVED = 1   # the agenda's file could not be written (a full disk): nothing changed


def change_status(service: OpenLoopService, verb: str, loop_id: str) -> Outcome:
    """`jarvisd openloop done|dismiss|open ID` on a service this process owns."""
    try:
        if verb == "open":
            loop = service.revive(loop_id)
        else:
            loop = service.done(loop_id) if verb == "done" else service.dismiss(loop_id)
    except LoopNotFound as exc:
        return Outcome(EXIT_NOT_FOUND, str(exc))
    except ReviveRefused as exc:
        return Outcome(EXIT_REFUSED, str(exc))
    except OSError as exc:   # pass 55a: a full disk or `ulimit -f` was a 36-line traceback (the daemon says one line)
        return Outcome(EXIT_NOT_SAVED, f"jarvisd openloop {verb}: the agenda could not be saved "
                                       f"({exc.strerror or exc}); nothing changed. Free some space on its disk "
                                       "(`jarvisd doctor` names the file), then try again")
    return Outcome(EXIT_OK, changed_line(service.view(loop)))


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add `openloop` to the `jarvisd` subcommands; the handler is `args.func(cfg, args) -> int`."""
    parser = subparsers.add_parser("openloop", help="show and close open loops (the AGENDA); replay scenarios")
    sub = parser.add_subparsers(dest="openloop_command", required=True)
    show = sub.add_parser("list", help="open loops, newest first")
    show.add_argument("--all", action="store_true", help="also the 10 most recently closed")
    show.add_argument("--json", action="store_true", help="JSON lines instead of text")
    for name, verb in (("done", "mark finished"), ("dismiss", "withdraw"),
                       ("open", "reopen (the HUD's ↺; refused if it would expire at once)")):
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
    if args.openloop_command == "replay":
        refused = _replay_dir_refused(cfg, args)
        if refused is not None:
            code, line = refused
            print(line, file=sys.stderr)
            return code
        return run(args)
    from jarvisd.instance import AlreadyRunning, InstanceLock

    try:  # no daemon: this command owns the agenda until it is done, so none starts on a stale file
        lock = InstanceLock(cfg.paths.data_dir).acquire()
    except AlreadyRunning:
        return run_through_daemon(cfg, args, RunningDaemon.of(cfg))
    try:
        if args.openloop_command == "list" and _no_agenda_yet(cfg):
            _print_views(args, [], [])   # a new user's list: nothing to read, so no folder nor log made for it
            return 0
        return run(args, OpenLoopService.from_config(cfg))
    finally:
        lock.release()


def _no_agenda_yet(cfg: Any) -> bool:
    """The configured JSONL agenda has no log yet (pass 64's low: `jarvisd openloop list` as a new user made its empty
    `users/<key>/` folder and log). A log that is there, even as a directory or a dangling link, is opened as before
    and says what is wrong with it."""
    from jarvisd.openloop.owner import place_of
    from jarvisd.openloop.stores import JSONL_NAME

    return cfg.openloop.store == "jsonl" and not os.path.lexists(place_of(cfg, claim=False).folder / JSONL_NAME)


def _print(outcome: Outcome) -> int:
    print(outcome.message, file=sys.stdout if outcome.code == EXIT_OK else sys.stderr)
    return outcome.code


def _print_views(args: argparse.Namespace, open_views: list[dict[str, Any]],
                 closed_views: list[dict[str, Any]]) -> None:
    closed_views = closed_views if args.all else []
    if args.json:
        for view in open_views + closed_views:
            print(json.dumps(view, ensure_ascii=False))
    else:
        print(format_views(open_views, closed_views))


def run_through_daemon(cfg: Any, args: argparse.Namespace, daemon: RunningDaemon) -> int:
    """The daemon owns the agenda: changes through its HUD API or not at all; a list falls back to a
    read-only snapshot of the store, with a warning that it may lag."""
    if args.openloop_command != "list":
        return _print(daemon.set_status(args.openloop_command, args.loop_id))
    views = daemon.agenda()
    if views is None:
        print(f"jarvisd (pid {daemon.pid}) is running but its HUD does not answer at {daemon.url}: this is "
              "the agenda as last written to the store, and may lag the running daemon's", file=sys.stderr)
        snapshot = _snapshot(cfg)
        views = {"open": [snapshot.view(loop) for loop in snapshot.agenda()],
                 "closed": [snapshot.view(loop) for loop in snapshot.recently_closed()]}
    _print_views(args, views["open"], views["closed"])
    return 0


def _snapshot(cfg: Any) -> OpenLoopService:
    """The configured store's records in a memory store: expiry applies to the copy, never the file."""
    from jarvisd.openloop.store_factory import open_store
    from jarvisd.openloop.stores import MemoryLoopStore

    store = open_store(cfg.openloop.store, cfg)
    copy = MemoryLoopStore()
    for loop in store.load():
        copy.save(loop)
    if hasattr(store, "close"):
        store.close()
    return OpenLoopService(copy, tz=cfg.tz, expire_after_sec=cfg.openloop.expire_after_sec,
                           max_age_sec=cfg.openloop.max_age_sec)


def _replay_dir_refused(cfg: Any, args: argparse.Namespace) -> tuple[int, str] | None:
    """A replay runs its scenario's clock over whatever agenda is in `--data-dir` and saves the result: into the
    user's own data dir (or another user's agenda inside it) it would expire or close real promises, and beside a
    running jarvisd it would be a second writer of the file the daemon owns (pass 72a). Both are refused here."""
    from pathlib import Path

    from jarvisd.instance import running_pid

    if args.store == "memory" or not args.data_dir:
        return None
    target = Path(args.data_dir).expanduser().resolve()
    own = Path(cfg.paths.data_dir).expanduser().resolve()
    if target == own or own in target.parents:
        return 2, (f"jarvisd openloop replay: --data-dir {args.data_dir} is your own data dir ({own}): a replay's "
                   "clock would expire or close your promises there; give it a folder of its own (or --store memory)")
    pid = running_pid(target)
    if pid is not None:
        return 1, (f"jarvisd openloop replay: jarvisd is already running (pid {pid}) for data dir {args.data_dir}: "
                   "a replay would write its agenda beside it; give the replay a folder of its own")
    return None


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
        from jarvisd.openloop.replay import ReplayFailed, ScenarioError, run_replay

        try:
            run_replay(args.scenario, _replay_store(args))
        except ScenarioError as exc:
            print(exc, file=sys.stderr)
            return 2
        except ReplayFailed as exc:
            print(f"expectations not met:\n{exc}", file=sys.stderr)
            return 1
        return 0
    if service is None:
        from jarvisd.config import load_config

        service = OpenLoopService.from_config(load_config())
    if args.openloop_command == "list":
        _print_views(args, [service.view(loop) for loop in service.agenda()],
                     [service.view(loop) for loop in service.recently_closed()])
        return 0
    return _print(change_status(service, args.openloop_command, args.loop_id))


def main(argv: list[str] | None = None) -> int:
    """`python -m jarvisd.openloop_cli ...`: the same commands before `jarvisd` wires them in."""
    parser = argparse.ArgumentParser(prog="jarvisd")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    from jarvisd.config import load_config

    return args.func(load_config(), args)


if __name__ == "__main__":
    raise SystemExit(main())
