"""Where a local LanceDB table's files are, and which of them LanceDB must never be asked to open.

Apart from `lance_damage` (which reads `memory.health`), so the health check can use it too: a damaged
newest manifest is found here for both.
"""

from __future__ import annotations

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


def special_file_problem(root: Path, table: str) -> str | None:
    """One sentence naming the first entry `special_files` finds, with the fix; None when there is none."""
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
