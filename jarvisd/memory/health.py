"""Is the memory table readable, and if not, which older version is (for `jarvisd doctor` and the HUD).

LanceDB keeps table versions (compaction drops those older than a minute, `lance.KEEP_VERSIONS_FOR`):
when a data file of the current version is missing or unreadable, an older version that reads whole
may still be there. `check_memory` reads every row's id of the current version; on failure it walks
back through the versions and names the newest one that reads, with what restoring it would lose.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from jarvisd.errors import StartupError
from jarvisd.lance_files import (
    damaged_manifests,
    hint_too,
    kernel_folder_problem,
    local_table_dir,
    lost_newest_versions,
    mislabelled_fix,
    mislabelled_version,
    newest_named_version,
    special_file_problem,
)

TABLE = "memory_items"
SchemaCheck = Callable[[Any], "str | None"]  # a table's schema -> what jarvisd cannot use in it, or None


@dataclass(frozen=True)
class MemoryHealth:
    state: str  # "ok" | "absent" | "damaged"
    detail: str
    recovery: str = ""

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def _read_ids(table: Any) -> int:
    return table.search().select(["id"]).limit(None).to_arrow().num_rows


def _usable_rows(table: Any, problem: SchemaCheck | None) -> int:
    """Rows of a version jarvisd can use: its columns fit (`problem` says what does not) and all its ids read."""
    found = problem(table.schema) if problem is not None else None
    if found:
        raise ValueError(found)
    return _read_ids(table)


def _short(exc: Exception) -> str:
    text = str(exc).split(", /rustc", 1)[0]
    return text if len(text) <= 300 else text[:300] + "..."


def check_memory(uri: str, table: str = TABLE) -> MemoryHealth:
    import lancedb

    if "://" not in uri and (unreached := _unreachable(Path(uri))) is not None:
        # files74: the data folder of mode 000 was a PermissionError traceback out of the doctor
        return MemoryHealth("damaged", f"the memory store {uri} cannot be opened: {unreached}")
    if "://" not in uri and (blocker := _not_a_folder(Path(uri))) is not None:
        # before, "absent: … (created at the first write)", while `jarvisd run` could not open it (pass 35)
        return MemoryHealth("damaged", f"the memory store {uri} cannot be opened: {blocker} is not a folder",
                            f"stop jarvisd and move {blocker} away (a new, empty memory is then made there)")
    if "://" not in uri and (kernel := kernel_folder_problem(Path(uri.removeprefix("file://")))) is not None:
        return MemoryHealth("damaged", f"the memory store cannot be opened: {kernel}")
    from jarvisd.lance_files import unwritable_folder
    from jarvisd.memory.stores.lance_journal import journal_dir_problem

    if "://" not in uri and Path(uri).is_dir() and (unwritable := unwritable_folder(Path(uri), table)) is not None:
        # before the journal's check, which cannot look into a folder this user cannot enter (mode 000: a
        # PermissionError traceback, pass72b); `jarvisd run` stops on it
        return MemoryHealth("damaged", f"the memory store {uri} cannot be opened: {unwritable}")
    if (journal := journal_dir_problem(uri, table)) is not None:   # `jarvisd run` stops on it (pass 59b: "ok")
        return MemoryHealth("damaged", f"the memory store {uri} cannot be opened: {journal}",
                            "stop jarvisd, move that file away, then start it (the journal folder is made again)")
    if "://" not in uri and not (Path(uri) / f"{table}.lance").exists():
        return MemoryHealth("absent", f"no memory table yet at {uri} (created at the first write)")
    if "://" not in uri and (unwritable := unwritable_folder(Path(uri), table)) is not None:
        # `jarvisd run` stops on it (pass 59d: a home copied as root, run as another user: the doctor said "ok")
        return MemoryHealth("damaged", f"the memory store {uri} cannot be opened: {unwritable}")
    local = local_table_dir(uri, table)
    if local is not None and (special := special_file_problem(local.parent, table)):  # else the check hung
        return MemoryHealth("damaged", f"the memory table at {uri} cannot be read: {special}")
    named = newest_named_version(uri, table)  # before the open: a writer's new versions only come after it
    try:
        db = lancedb.connect(uri)
        opened = db.open_table(table)
    except Exception as exc:  # noqa: BLE001 - a health check reports, it never raises
        return MemoryHealth("damaged", f"the memory table at {uri} cannot be opened: {_short(exc)}",
                            _unopened_recovery(uri, table))
    current = opened.version
    if named is not None and (mislabelled := mislabelled_version(named, current)):
        return MemoryHealth("damaged", f"the memory table at {uri} is damaged: {mislabelled}", mislabelled_fix(named))
    if (lost := lost_newest_versions(uri, table, current)) is not None:
        return MemoryHealth("damaged", f"the memory table at {uri} is damaged: {lost[0]}", lost[1])
    if table == TABLE:
        from jarvisd.memory.stores.lance_rows import schema_problem

        problem = schema_problem(opened.schema)
        if problem:  # every read or write of it fails: another program or version wrote it
            return MemoryHealth("damaged", f"memory table version {current} at {uri} does not have the columns "
                                f"jarvisd uses ({problem}): another program or version of jarvisd changed it",
                                _recovery(opened, current, uri, table, schema_problem))
    try:
        rows = _read_ids(opened)
        return MemoryHealth("ok", f"{rows} items, table version {current}{_waiting_journals(uri, table)}"
                                  f"{_damaged_journal_copies(uri, table)}")
    except Exception as exc:  # noqa: BLE001
        problem = _short(exc)
    return MemoryHealth("damaged", f"memory table version {current} at {uri} cannot be read: {problem}",
                        _recovery(opened, current, uri, table))


def _waiting_journals(uri: str, table: str) -> str:
    """"; 2 write journals of a stopped jarvisd not in the table yet (…): written to it at the next start", or "".
    A journal whose lock is free belongs to no running store: a kill left it, or a start could not replay it
    (pass 38b: a full disk at start; doctor said "ok: N items" while acknowledged writes were in none of them).
    Read only: the lock is tried and let go, the file is never opened for writing."""
    import fcntl
    import os
    import stat

    from jarvisd.memory.stores.lance_journal import journal_dir

    folder = journal_dir(uri, table)
    if folder is None or not folder.is_dir():
        return ""
    waiting: list[str] = []
    for path in sorted(folder.glob("*.wal")):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
                continue
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            continue   # a running store's own journal
        finally:
            os.close(fd)
        waiting.append(f"{path} ({info.st_size} bytes)")
    if not waiting:
        return ""
    many = len(waiting) > 1
    return (f"; {len(waiting)} write journal{'s' if many else ''} of a stopped jarvisd not in the table yet "
            f"({', '.join(waiting)}): written to it at the next start (if that fails, the log and the HUD's "
            "status say why)")


def _damaged_journal_copies(uri: str, table: str) -> str:
    """"; a copy of a damaged write journal is kept: … (N bytes): …", or "". A start that replayed a journal past
    its damage (pass 57) keeps the journal as `*.wal.damaged`; the log and that start's status said so, the doctor
    did not (pass 58's low, pass 59b): the copy is what is left of the writes at the damage."""
    from jarvisd.memory.stores.lance_journal import journal_dir

    folder = journal_dir(uri, table)
    if folder is None or not folder.is_dir():
        return ""
    copies = []
    for path in sorted(folder.glob("*.wal.damaged")):
        try:
            copies.append(f"{path} ({path.stat().st_size} bytes)")
        except OSError:
            continue
    if not copies:
        return ""
    many = len(copies) > 1
    return (f"; {'copies' if many else 'a copy'} of {len(copies) if many else 'a'} damaged write "
            f"journal{'s' if many else ''} {'are' if many else 'is'} kept ({', '.join(copies)}): what was written "
            f"at the damage is not in memory; look through {'them' if many else 'it'} for what is missing, then "
            f"delete {'them' if many else 'it'}")


def _unreachable(path: Path) -> str | None:
    """Why this user cannot even look at `path` (a folder above it of mode 000), in the folder check's words."""
    from jarvisd.datafiles import check_folder

    try:
        os.lstat(path)
        return None
    except (FileNotFoundError, NotADirectoryError):   # absent, or a file above it: `_not_a_folder`'s (pass 35)
        pass
    except OSError as exc:
        for folder in reversed(path.parents):   # the top first: the first one that stops this user
            if (problem := check_folder("the folder", folder, write=False)) is not None:
                return problem
        return f"{path} cannot be reached ({exc.strerror})"
    return None


def _not_a_folder(path: Path) -> Path | None:
    """The first existing one of `path` and its parents, when it is a file (or anything but a folder)."""
    for p in (path, *path.parents):
        if p.exists() or p.is_symlink():
            return None if p.is_dir() else p
    return None


def _unopened_recovery(uri: str, table: str) -> str:
    """What to do about a table LanceDB will not open. A damaged newest manifest is the usual cause (a write
    cut short): set aside, the version before opens; the start-up error says the same (`lance_damage`).
    Before pass 34 the doctor said "no readable version was found; move the folder away to start with an
    empty memory" for it: every fact lost for one torn file."""
    damaged = damaged_manifests(uri, table)
    if damaged:
        many = len(damaged) > 1
        return (f"the table's version file{'s' if many else ''} {', '.join(str(p) for p in damaged)} "
                f"{'are' if many else 'is'} damaged (empty, cut short or not a file): stop jarvisd and move "
                f"{'them' if many else 'it'}{hint_too(damaged[0].parent)} out of {damaged[0].parent}; the table then opens "
                "at the version before "
                "(the writes of that version are lost)")
    return "no readable version was found; move the folder away to start with an empty memory"


def recovery(uri: str, table: str, problem: SchemaCheck | None = None) -> str:
    """The newest older version of `table` that jarvisd can use (whose columns `problem` accepts), and how
    to restore it (see `_recovery`)."""
    import lancedb

    try:
        opened = lancedb.connect(uri).open_table(table)
    except Exception as exc:  # noqa: BLE001 - a health check reports, it never raises
        return f"the table cannot be opened ({_short(exc)}); move its folder away to start it empty"
    return _recovery(opened, opened.version, uri, table, problem)


def _recovery(table: Any, current: int, uri: str, name: str = TABLE, problem: SchemaCheck | None = None) -> str:
    try:
        versions = sorted(table.list_versions(), key=lambda v: v["version"], reverse=True)
    except Exception as exc:  # noqa: BLE001
        return f"the table's versions cannot be listed ({_short(exc)}); move the folder away to start empty"
    total = next((int(v["metadata"].get("total_rows", 0)) for v in versions if v["version"] == current), None)
    for version in versions:
        if version["version"] >= current:
            continue
        try:
            table.checkout(version["version"])
            rows = _usable_rows(table, problem)
        except Exception:  # noqa: BLE001 - that one is damaged too: try an older one
            continue
        finally:
            try:
                table.checkout_latest()
            except Exception:  # noqa: BLE001
                pass
        when = version["timestamp"].strftime("%Y-%m-%d %H:%M:%S")
        lost = f"{total - rows} of {total} items and " if total is not None and total >= rows else ""
        return (f"version {version['version']} ({when}) reads whole, {rows} items; restoring it loses {lost}every "
                f"write after {when} (versions {version['version'] + 1}-{current}). Stop jarvisd, then run: "
                f".venv/bin/python -c \"import lancedb; t = lancedb.connect('{uri}').open_table('{name}'); "
                f"t.checkout({version['version']}); t.restore()\"")
    return "no older version reads whole (compaction keeps them a minute); move the folder away to start empty"


def schema_refusal(uri: str, table: str, problem: object) -> StartupError:
    """A table whose columns are not jarvisd's: before, the daemon started, every read and `/remember`
    failed with LanceDB's `Field "content_lc" does not exist in schema` and the HUD showed no memory
    part; with an unknown column that refuses nulls, `/remember` said "Remembered" and its write never
    reached the table. Now one start-up line: the columns, and the version that still fits."""
    health = check_memory(uri, table)
    return StartupError(f"cannot open the memory store {uri} (memory.store_uri): "
                        f"{health.detail if health.state == 'damaged' else problem}; "
                        f"{health.recovery or 'move the folder away to start with an empty memory'}")
