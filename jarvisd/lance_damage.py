"""One rule for a LanceDB table jarvisd cannot open or read (the memory table and the agenda's
`open_loops`): a start-up error that names the table's folder, what is damaged and the fix, never a
LanceDB traceback, and never an empty table created silently over one whose versions are gone.

A write cut short leaves an empty newest manifest (`<table>.lance/_versions/*.manifest`): LanceDB then
refuses the table although every older version is intact, so the fix names that file. A data file
that is gone or unreadable is named with the newest older version that still reads (`memory.health`).
"""

from __future__ import annotations

import os
from pathlib import Path

from jarvisd.errors import StartupError, first_line
from jarvisd.lance_files import damaged_manifests, disk_full, hint_too, local_table_dir


def damaged_table_error(what: str, key: str, uri: str, table: str, exc: BaseException, *,
                        read: bool = False) -> StartupError:
    """The start-up error for `what` (e.g. "the memory store <uri> (memory.store_uri)") whose table
    `table` could not be opened (or, `read`, opened but not read whole); `key` is the setting that
    points at it."""
    damaged = damaged_manifests(uri, table)
    if damaged:  # "move what is there away" would set the whole table aside for one torn file
        names = ", ".join(str(p) for p in damaged)
        many = len(damaged) > 1
        return StartupError(
            f"cannot open {what}: the table's version file{'s' if many else ''} {names} {'are' if many else 'is'} "
            f"damaged (empty or cut short): move {'them' if many else 'it'}{hint_too(damaged[0].parent)} out of "
            f"{damaged[0].parent} and start "
            "again; the table then opens at the version before (the writes of that version are lost)")
    if read:
        from jarvisd.memory.health import check_memory

        recovery = check_memory(uri, table).recovery or "move the table's folder away to start it empty"
        return StartupError(f"cannot read {what}: table {table} is damaged ({first_line(exc)}); {recovery}")
    if disk_full(exc):  # moving the table away would not help: the disk is full
        return StartupError(f"cannot open {what}: {first_line(exc)}: free some space on the disk and start again")
    return StartupError(f"cannot open {what}: {first_line(exc)}; point {key} at a LanceDB folder, or move what "
                        "is there away")


def _only_empty_folders(folder: Path) -> bool:
    """`folder` is a folder holding nothing but folders that are empty in turn (no file, link or FIFO)."""
    try:
        for _, _, files in os.walk(folder, onerror=_raise):
            if files:
                return False
    except OSError:
        return False
    return folder.is_dir() and not folder.is_symlink()


def _raise(exc: OSError) -> None:
    raise exc


def clear_never_committed(folder: Path) -> bool:
    """Remove a table folder that holds only empty folders: what a first start cut short leaves (a full
    disk while LanceDB created the table: `_versions/` and `_transactions/` made, no file written). It
    never held a record. Before, every later start, with room again, was refused ("Table 'memory_items'
    was not found; ... move what is there away") until the user moved the folder by hand."""
    if not _only_empty_folders(folder):
        return False
    for root, dirs, _ in os.walk(folder, topdown=False):
        for name in dirs:
            os.rmdir(os.path.join(root, name))
    os.rmdir(folder)
    return True


def refuse_lost_versions(what: str, uri: str, table: str) -> None:
    """Before creating `table`: its folder holds data but no version LanceDB can list (`_versions` gone
    or emptied). A new empty table there would hide every record it held, without a word. A folder of
    empty folders (a creation cut short, nothing ever written) is removed so the table can be created."""
    folder = local_table_dir(uri, table)
    if folder is not None and folder.exists():
        try:
            if clear_never_committed(folder):
                return
        except OSError:
            pass
        raise StartupError(f"cannot open {what}: {folder} has no readable table version (its _versions folder "
                           "is gone or empty), so its records cannot be read; restore that folder from a backup, "
                           "or move it away to start the table empty")


