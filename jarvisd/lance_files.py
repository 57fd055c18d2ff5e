"""Where a local LanceDB table's files are, and which of them LanceDB must never be asked to open.

Apart from `lance_damage` (which reads `memory.health`), so the health check can use it too: a damaged
newest manifest is found here for both.
"""

from __future__ import annotations

import getpass
import json
import os
import stat
from pathlib import Path


def local_table_dir(uri: str, table: str) -> Path | None:
    """`<uri>/<table>.lance` for a local URI; None for a remote one (s3://, gs://)."""
    if "://" in uri and not uri.startswith("file://"):
        return None
    return Path(uri.removeprefix("file://")) / f"{table}.lance"


def special_files(root: Path, table: str) -> list[tuple[Path, str]]:
    """The entries of the local table `table` under `root` (its `.lance` folder, data files, versions,
    indices, deletions) that are not regular files or folders, through symlinks: a FIFO, a device, a
    socket, with what they are. LanceDB opens a FIFO in a data file's place and waits on it for good: the
    daemon's start hung without a word and SIGTERM was not heard (`jarvisd doctor` hung too)."""
    found: list[tuple[Path, str]] = []
    for folder, dirs, files in os.walk(root / f"{table}.lance"):
        for name in (*dirs, *files):
            path = Path(folder) / name
            try:
                mode = os.stat(path).st_mode
            except OSError:  # dangling, a link loop, unreadable: LanceDB says so itself, without waiting
                continue
            if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
                kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else \
                    f"the device {os.path.realpath(path)}"
                found.append((path, kind))
    return found


_KERNEL = ("/proc", "/sys", "/dev")


def kernel_folder_problem(root: Path) -> str | None:
    """One sentence when the store's folder leads into /proc, /sys or /dev (a link to `/proc/self/fd`: LanceDB
    answered "File system loop found" at start while `jarvisd doctor` said "absent", pass 41's low), else None."""
    real = os.path.realpath(root)
    if not any(real == k or real.startswith(k + "/") for k in _KERNEL):
        return None
    return (f"{root} leads to {real}, a kernel folder, not one of files: point memory.store_uri (or that link) at "
            "a folder of your own")


def special_file_problem(root: Path, table: str) -> str | None:
    """One sentence naming the first entry `special_files` finds, with the fix; None when there is none."""
    if (kernel := kernel_folder_problem(root)) is not None:
        return kernel
    found = special_files(root, table)
    if not found:
        return None
    path, kind = found[0]
    more = f" (and {len(found) - 1} more like it)" if len(found) > 1 else ""
    return (f"{path} is {kind}, not a file{more}: LanceDB would wait on it for good; move it out of the table's "
            "folder and start again (`jarvisd doctor` then says what the table lost and how to restore it)")


MANIFEST_MAGIC = b"LANC"  # the last bytes of every Lance manifest


def damaged_manifests(uri: str, table: str = "memory_items") -> list[Path]:
    """The manifests (`<table>.lance/_versions/*.manifest`) of a local table that are not whole: not a
    regular file, or not ending in Lance's magic (a write cut short leaves an empty file). LanceDB opens
    the newest one and refuses the table when it is damaged; older versions are intact."""
    folder = local_table_dir(uri, table)
    versions = folder / "_versions" if folder is not None else None
    damaged = []
    for path in sorted(versions.glob("*.manifest")) if versions is not None and versions.is_dir() else []:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO does not block
        except OSError:
            damaged.append(path)
            continue
        try:
            size = os.fstat(fd).st_size
            whole = (stat.S_ISREG(os.fstat(fd).st_mode) and size >= 16
                     and os.pread(fd, len(MANIFEST_MAGIC), size - len(MANIFEST_MAGIC)) == MANIFEST_MAGIC)
        except OSError:
            whole = False
        finally:
            os.close(fd)
        if not whole:
            damaged.append(path)
    return damaged


_U64 = 2**64 - 1


def newest_named_version(uri: str, table: str = "memory_items") -> tuple[Path, int] | None:
    """The manifest whose file name names the newest version of a local table, with that version (Lance's V2
    names count down from 2^64 - 1, V1 names are the version), or None. Read before the table is opened: a
    writer only adds newer versions, so the version LanceDB opens after it is never older, unless that file
    holds an older version's manifest."""
    folder = local_table_dir(uri, table)
    versions = folder / "_versions" if folder is not None else None
    newest: tuple[Path, int] | None = None
    for path in versions.glob("*.manifest") if versions is not None and versions.is_dir() else []:
        stem = path.name.removesuffix(".manifest")
        if not stem.isdigit():
            continue
        number = int(stem)
        version = _U64 - number if number > 2**63 else number
        if newest is None or version > newest[1]:
            newest = (path, version)
    return newest


def mislabelled_version(named: tuple[Path, int] | None, opened: int) -> str | None:
    """Why a table that opened at version `opened` is damaged although it opened: its newest version file
    (`newest_named_version`, read before the open) names a newer version, so it is a copy of, or a link to,
    an older version's manifest. Pass 39: with the newest manifest a link to the first one, LanceDB opened
    version 1, `jarvisd doctor` and `/api/status` said "ok: 0 items", every fact was hidden and every later
    write failed to commit. None when the versions agree."""
    if named is None or opened >= named[1]:
        return None
    path, version = named
    return (f"its newest version file {path} (version {version}) holds version {opened}: it is a copy of, or a "
            f"link to, an older version's file, so the writes of versions {opened + 1}-{version} are hidden and no "
            "new write can be committed")


def lost_newest_versions(uri: str, table: str, opened: int) -> tuple[str, str] | None:
    """Why a table that opened at version `opened` is missing its newest writes, with the fix, or None. LanceDB
    writes `_versions/latest_version_hint.json` after a version's manifest is committed, and the transaction file
    `_transactions/<version - 1>-<uuid>.txn` before it: both naming a version newer than any manifest left means
    that version was committed and its manifest is gone (deleted, or not copied by a backup or a sync). LanceDB
    then opens the version before it without a word: pass 48b, with the agenda table's newest manifest deleted,
    `jarvisd doctor` said "4 open" and `/api/status` nothing, the promise of the last write gone; the memory
    table the same ("4 items", memory `ok`). A commit cut short (SIGKILL between its transaction and its
    manifest) leaves the hint at the version before, so it is not taken for this. A hint naming a version with
    no transaction file (garbage, a hand edit) is ignored, as before."""
    folder = local_table_dir(uri, table)
    if folder is None:
        return None
    hint_path = folder / "_versions" / HINT_NAME
    try:
        if not hint_path.is_file():
            return None
        with hint_path.open("rb") as fh:     # LanceDB's hint is a few bytes: a huge or nested one is garbage
            raw = fh.read(4097)
        hinted = json.loads(raw.decode("utf-8")) if len(raw) <= 4096 else None
        hinted = hinted.get("version") if isinstance(hinted, dict) else None
        if not isinstance(hinted, int) or isinstance(hinted, bool) or not opened < hinted < _U64:
            return None
        transactions = folder / "_transactions"
        committed = transactions.is_dir() and any(
            entry.name.startswith(f"{hinted - 1}-") and entry.name.endswith(".txn")
            for entry in os.scandir(transactions))
    except (OSError, ValueError, RecursionError):
        return None
    if not committed:
        return None
    if (newest := newest_named_version(uri, table)) is not None and newest[1] >= hinted:
        return None     # another writer (the daemon, under `jarvisd doctor`) committed it after this open: not lost
    lost = f"version {hinted}" if hinted == opened + 1 else f"versions {opened + 1}-{hinted}"
    return (f"its newest {lost} {'was' if hinted == opened + 1 else 'were'} committed (LanceDB's "
            f"{hint_path.name} and the transaction file say so) but {'its version file is' if hinted == opened + 1 else 'their version files are'} "
            f"gone from {hint_path.parent} (deleted, or not copied by a backup or a sync): the table opens at version "
            f"{opened} and the newest writes are missing",
            f"restore {hint_path.parent} from a backup; or, to go on without those writes, stop jarvisd and move "
            f"{hint_path} away (the table then opens at version {opened})")


def hint_too(versions: Path) -> str:
    """" with latest_version_hint.json", when the hint is there: a recovery that sets the newest manifest aside
    moves LanceDB's hint with it, else the hint names the version set aside and the table is refused as one whose
    newest version is lost (`lost_newest_versions`)."""
    return f" with {HINT_NAME}" if (versions / HINT_NAME).exists() else ""


HINT_NAME = "latest_version_hint.json"


def disk_full(exc: BaseException) -> bool:
    """Whether LanceDB's error is the disk being full (its Rust IO error says "(os error 28)", ENOSPC)."""
    return "(os error 28)" in str(exc)


def mislabelled_fix(named: tuple[Path, int]) -> str:
    path, version = named
    return (f"stop jarvisd and move {path}{hint_too(path.parent)} out of {path.parent}; the table then opens at the "
            f"version before it (the writes of version {version} are lost)")


def read_only_mount(folder: Path) -> bool:
    """Is `folder` on a read-only mount (where a chown or chmod would not help)?"""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def unwritable_folder(root: Path, table: str) -> str | None:
    """Why this user cannot write the local table `table` under `root` (a folder of it that is not
    writable: a copy restored as another user, a `chown`), or None. Before, the daemon started and said
    memory was `ok`; every turn then failed with LanceDB's `Permission denied (os error 13)` and its
    `/rustc` path, `GET /api/sessions` too, and `/remember` said "Remembered" into a journal no commit
    could empty."""
    lance = root / f"{table}.lance"
    if os.path.islink(lance) and not os.path.exists(lance):
        # files74: a link to nothing as the table: LanceDB's "File exists (os error 17)" named the store, not the link
        from jarvisd.datafiles import check_folder

        return check_folder("the memory table", lance)
    for folder in (root, lance, lance / "_versions", lance / "data", lance / "_transactions",
                   root / f"{table}.journal"):
        # R_OK too: LanceDB lists these folders (a 0300 one opened as "UnableToWalkDir", pass72b)
        if folder.is_dir() and not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
            if read_only_mount(folder):  # a chown would not help: the advice named the wrong fix
                return (f"the folder {folder} is on a read-only file system (a read-only mount or bind): "
                        f"mount it read-write, or point memory.store_uri at a writable folder, and start again")
            info = folder.stat()
            if info.st_uid == os.geteuid():   # this user's own folder, its mode taken away (a `chmod 000`): chown is no fix
                return (f"the folder {folder} is not writable by this user (its mode is {stat.S_IMODE(info.st_mode):04o}):"
                        f" give your user access to everything in it (chmod -R u+rwX {root}) and start again")
            return (f"the folder {folder} is not writable by this user (it belongs to uid {info.st_uid}): "
                    f"give your user write access to everything in it (chown -R {getpass.getuser()} {root}) "
                    "and start again")
    return None
