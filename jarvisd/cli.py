"""The `jarvisd` command."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm import tqdm

from jarvisd import __version__
from jarvisd.config import Config, ConfigError, load_config
from jarvisd.errors import StartupError
from jarvisd.manifest import ModelError, ModelStore

if TYPE_CHECKING:
    from jarvisd.instance import InstanceLock

log = logging.getLogger("jarvisd")


def _setup_logging(level: str) -> None:
    from jarvisd.logsink import start_logging

    # written by a thread: a blocked stderr (Ctrl-S in the terminal) must not stop the event loop
    start_logging(getattr(logging, level.upper()), sys.stderr,
                  "%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%H:%M:%S")
    for noisy in ("httpx", "httpcore", "faster_whisper", "apscheduler"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLogger().level))


def _store(cfg: Config) -> ModelStore:
    return ModelStore(cfg.paths.models_dir)


def _progress(total: int, desc: str) -> tqdm:
    return tqdm(total=total, desc=desc, unit="B", unit_scale=True, unit_divisor=1024, leave=False,
                disable=not sys.stderr.isatty())


def cmd_run(cfg: Config, args: argparse.Namespace) -> int:
    from jarvisd.malloc import limit_arenas

    limit_arenas()  # before the daemon's threads allocate
    from jarvisd.daemon import exit_process, serve
    from jarvisd.instance import AlreadyRunning

    try:
        return asyncio.run(serve(cfg, _store(cfg), on_stopped=exit_process))
    except AlreadyRunning as exc:
        from jarvisd.logsink import drain

        drain()
        print(f"jarvisd: {exc}", file=sys.stderr)
        return 1


def _own_data_dir(cfg: Config, command: str) -> InstanceLock:
    from jarvisd.instance import own_data_dir

    return own_data_dir(cfg.paths.data_dir, command)


def cmd_chat(cfg: Config, args: argparse.Namespace) -> int:
    from jarvisd.chat import run_chat
    from jarvisd.instance import AlreadyRunning

    try:
        lock = _own_data_dir(cfg, "jarvisd chat")
    except AlreadyRunning as exc:
        print(f"jarvisd: {exc}", file=sys.stderr)
        return 1
    try:
        return asyncio.run(run_chat(cfg, _store(cfg), once=args.once))
    except KeyboardInterrupt:   # Ctrl-C ends the chat as Ctrl-D does, its reminders stopped (pass 62b: a traceback)
        print()
        return 130
    finally:
        lock.release()


def cmd_doctor(cfg: Config, args: argparse.Namespace) -> int:
    from jarvisd.doctor import build_report, format_report, main_exit_code

    report = build_report(cfg, _store(cfg))
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else format_report(report))
    return main_exit_code(report)


def cmd_models(cfg: Config, args: argparse.Namespace) -> int:
    store = _store(cfg)
    store.find_links = getattr(args, "find_links", None)
    names = args.names or [m.name for m in store.package_models()]
    if args.action == "list":
        for model in store.manifest.values():
            where = (f"ollama pull {model.ollama}" if model.source == "ollama" else
                     f"taken out of the {model.wheel} wheel" if model.source == "wheel" else ", ".join(model.packages))
            print(f"{model.name:<14} {model.role:<30} {model.source:<8} {where}")
        return 0
    failed = 0
    for name in names:
        try:
            model = store.entry(name)
            if model.source == "ollama":
                print(f"{name}: served by Ollama ({model.ollama}); Ollama verifies its own files")
                continue
            with _progress(store.size(model), f"{args.action} {name}") as bar:
                if args.action == "prepare":
                    path = store.prepare(name, bar.update)
                else:
                    store.verify(name, bar.update)
                    path = store.path(name)
            print(f"{name}: ok ({path})")
        except ModelError as exc:
            failed += 1
            print(f"{name}: FAILED: {exc}", file=sys.stderr)
        except PermissionError as exc:   # `store.size` of a model folder this user cannot enter (pass 73)
            failed += 1
            print(f"{name}: FAILED: {store.denied(store.entry(name), exc)}", file=sys.stderr)
    return 1 if failed else 0


_HELD_FOR_THE_PROCESS: list[object] = []  # `listen`'s instance lock, released when the process exits


def _listen_answer(cfg: Config):  # imported late: `jarvisd --help` need not load the assistant
    from jarvisd.assistant import one_shot_answer
    from jarvisd.instance import AlreadyRunning

    try:
        _HELD_FOR_THE_PROCESS.append(_own_data_dir(cfg, "jarvisd listen"))
    except AlreadyRunning as exc:
        raise SystemExit(f"jarvisd: {exc}") from None
    return one_shot_answer(cfg)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jarvisd",
        description="An offline voice assistant daemon: listens, answers with a local model, remembers you "
                    "and keeps your promises on an agenda.",
        epilog="Configuration: config/default.toml < $XDG_CONFIG_HOME/jarvisd/config.toml < JARVIS_<SECTION>__<KEY> "
               "environment variables. JARVIS_HOME moves config and data.")
    parser.add_argument("--version", action="version", version=f"jarvisd {__version__}")
    parser.add_argument("--config", type=Path, help="use this config file instead of the XDG one")
    parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"], type=str.lower,
                        help="override general.log_level")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = sub.add_parser("run", help="run the resident daemon (voice, agenda, reminders, HUD)",
                         description="Run the resident daemon until SIGTERM/SIGINT/SIGHUP. Without Ollama it uses the "
                                     "embedded models; without audio devices it runs text-only.")
    run.set_defaults(func=cmd_run)

    chat = sub.add_parser("chat", help="talk to JARVIS in the terminal",
                          description="A text conversation with the same agent the daemon runs. /help lists commands.")
    chat.add_argument("--once", metavar="TEXT", help="send one message, print the answer and exit (status 1 when "
                                                     "the model failed the turn)")
    chat.set_defaults(func=cmd_chat)

    doctor = sub.add_parser("doctor", help="check audio devices, Ollama, models, data dir and HUD address",
                            description="Report what jarvisd finds on this machine and how to fix what is missing.")
    doctor.add_argument("--json", action="store_true", help="print a machine-readable JSON report")
    doctor.set_defaults(func=cmd_doctor)

    models = sub.add_parser("models", help="list, verify or prepare the offline models",
                            description="Models come from the manifest (models/manifest.toml); every file is "
                                        "checked against its sha256 before use.")
    models.add_argument("action", choices=["list", "verify", "prepare"],
                        help="list: show the manifest; verify: check checksums; prepare: assemble Whisper "
                             "into the data dir and verify everything")
    models.add_argument("names", nargs="*", help="model names (default: all package models)")
    models.add_argument("--find-links", type=Path, metavar="DIR",
                        help="prepare: take wheel models (smart-turn) from wheels in DIR, not the network")
    models.set_defaults(func=cmd_models)

    from jarvisd.agent.cli import add_parser as add_agent
    from jarvisd.hud.cli import add_mic_parser
    from jarvisd.hud.cli import add_parser as add_hud
    from jarvisd.memory.cli import add_parser as add_memory
    from jarvisd.openloop_cli import add_parser as add_openloop
    from jarvisd.voice.cli import add_parser as add_voice

    add_hud(sub)
    add_mic_parser(sub)
    add_voice(sub, answer_factory=_listen_answer)
    add_openloop(sub)
    add_memory(sub)
    add_agent(sub)
    return parser


def _never_fail_on_an_unencodable_character() -> None:
    """A terminal that is not UTF-8 (`PYTHONIOENCODING=ascii`, a Latin-1 terminal, the C locale with UTF-8
    mode off) shows a character it cannot encode as an escape (`\\ubcf4`). Before, the first Korean answer
    ended `jarvisd chat` in a `UnicodeEncodeError` traceback after the promise was already kept, and
    `jarvisd openloop list` the same way (Python's stderr escapes already; its stdout did not). In the C
    locale with UTF-8 mode off (`PYTHONUTF8=0`) stdout is ASCII with `surrogateescape`, which fails the same
    way (pass 15)."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) in ("strict", "surrogateescape") and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _not_utf8_argument(argv: list[str]) -> str | None:
    """The first argument holding bytes that are not UTF-8 (Python keeps them as lone surrogates) and naming
    no file, shown as its bytes; None when there is none. Pass 16: `jarvisd openloop done $'\\xff'` and
    `jarvisd memory forget --session $'a\\xffb'` ended in a UnicodeEncodeError traceback (in the HUD request,
    in LanceDB's filter). A file name may be any bytes, so an argument naming a file is left alone."""
    for arg in argv:
        value = arg.partition("=")[2] if arg.startswith("--") else arg
        if any("\udc80" <= c <= "\udcff" for c in value) and not _names_a_file(value):
            return repr(arg.encode("utf-8", "surrogateescape"))[1:]
    return None


def _names_a_file(value: str) -> bool:
    """An existing file, or one to write in an existing folder (`jarvisd say --out`)."""
    folder = os.path.dirname(value)
    return os.path.lexists(value) or (bool(folder) and os.path.isdir(folder))


class _WatchedOutput:
    """stdout, noting whether a write to it failed: pass 55a, a command whose output went to a full disk (`jarvisd
    openloop list > file`, `ulimit -f`, `/dev/full`) ended in a 12-17 line `OSError` traceback; now one line."""

    def __init__(self, stream: Any) -> None:
        self._stream, self.failed = stream, False

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            self.failed = True
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _run(args: argparse.Namespace, cfg: Config) -> int:
    """The command, its output watched; output that could not be written is one line (stdout then goes to
    /dev/null, so the exit does not fail on the same bytes again)."""
    real = sys.stdout
    watched = sys.stdout = _WatchedOutput(real)
    try:
        code = int(args.func(cfg, args) or 0)
        sys.stdout.flush()   # a full disk under `> file` fails here, not at the exit ("Exception ignored ...")
        return code
    except OSError as exc:
        if not watched.failed:
            raise
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), real.fileno())
        except (OSError, ValueError, AttributeError):   # no descriptor behind stdout: nothing more to lose
            pass
        print(f"jarvisd: the output could not be written ({exc.strerror or exc}): free some space where it goes, "
              "or send it elsewhere; what the command did is done", file=sys.stderr)
        return 1
    finally:
        sys.stdout = real


def main(argv: list[str] | None = None) -> int:
    _never_fail_on_an_unencodable_character()
    bad = _not_utf8_argument(sys.argv[1:] if argv is None else argv)
    if bad is not None:
        print(f"jarvisd: the argument {bad} is not UTF-8 text (bytes from another encoding?): give it in UTF-8",
              file=sys.stderr)
        return 2
    parser = build_parser()
    given = sys.argv[1:] if argv is None else argv
    if "--version" in given and len(given) > 1:   # pass 41's low: `--version extra` printed the version, exit 0
        parser.error("--version takes no other arguments")
    args = parser.parse_args(argv)
    if getattr(args, "action", None) == "list" and getattr(args, "names", None):
        parser.error(f"models list takes no model names (got {' '.join(args.names)}); "
                     "`jarvisd models verify NAME` checks one")
    from jarvisd.malloc import tune_process

    tune_process()  # before anything loads a model or starts a thread: the daemon's settings, every command
    if args.config and not args.config.is_file():
        why = "is not a file" if args.config.exists() else "does not exist"
        print(f"jarvisd: config file {args.config} {why}", file=sys.stderr)
        return 2
    try:
        cfg = load_config(user_file=args.config)
    except ConfigError as exc:
        print(f"jarvisd: {exc}", file=sys.stderr)
        return 2
    except StartupError as exc:  # no home folder to find the config in
        print(f"jarvisd: {exc}", file=sys.stderr)
        return 1
    _setup_logging(args.log_level or cfg.general.log_level)
    from jarvisd.logsink import drain

    try:
        return _run(args, cfg)
    except (StartupError, ModelError) as exc:  # ModelError: e.g. llm.embedded_chat_model names no model
        drain()  # the log first: the error is the last line
        print(f"jarvisd: {exc}", file=sys.stderr)
        return 1
    except ConfigError as exc:                 # found while assembling: team/<id>.yaml (TeamError)
        drain()
        print(f"jarvisd: {exc}", file=sys.stderr)
        return 2
