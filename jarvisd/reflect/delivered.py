"""The delivered-reminder log: one JSON line per reminder spoken, so a restart never repeats one.

Append-only in the data dir (`reminders.jsonl`). A crash may leave a torn last line; reading skips any
line that does not parse (copied once to `reminders.quarantine.jsonl` beside it), and the next append starts on a
fresh line so it is not glued to the torn one.
A reminder is written here just before it is spoken: a crash in the middle loses that one reminder
rather than speaking it twice.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

from jarvisd.datafiles import (
    bounded_lines,
    nul_filler_off,
    open_append,
    require_regular_file,
    unusable_file,
    write_all,
)
from jarvisd.openloop.stores import Quarantine
from jarvisd.reflect.reminders import ReminderKey

log = logging.getLogger(__name__)

LOG_NAME = "reminders.jsonl"


class DeliveredLog:
    def __init__(self, path: Path | None) -> None:
        """`path=None` keeps the log in memory only (tests, text-only runs without a data dir)."""
        self.path = path
        self._keys: set[ReminderKey] = set()
        self._keys_lock = threading.Lock()  # `record` runs in a worker thread while the planner reads `keys`
        # records a failed write left in memory (a full disk): written with the next record or by
        # `write_unwritten` (at stop), so a reminder said meanwhile is not said again after a restart
        self._unwritten: list[str] = []
        self._write_lock = threading.Lock()
        if path is not None:
            require_regular_file("the delivered-reminder log", path)
        if path is not None and path.exists():
            try:
                self._keys = set(_read(path))
            except OSError as exc:  # a directory, unreadable: one line naming the file, not a traceback
                raise unusable_file("the delivered-reminder log", path, exc) from None

    @classmethod
    def in_data_dir(cls, data_dir: Path) -> DeliveredLog:
        return cls(Path(data_dir) / LOG_NAME)

    def keys(self) -> frozenset[ReminderKey]:
        with self._keys_lock:
            return frozenset(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def record(self, key: ReminderKey, at_ms: int, text: str = "") -> None:
        with self._keys_lock:
            self._keys.add(key)
        if self.path is None:
            return
        line = json.dumps({"loop_id": key.loop_id, "lead_min": key.lead_min, "due_ms": key.due_ms,
                           "at_ms": at_ms, "text": text}, ensure_ascii=False)
        with self._write_lock:
            self._unwritten.append(line)
            self._write()

    @property
    def unwritten(self) -> int:
        """How many records a failed write left in memory only."""
        return len(self._unwritten)

    def write_unwritten(self) -> int:
        """Write the records failed writes left in memory (room on the disk again); returns how many were
        written. Raises OSError, the records kept, when it fails again."""
        if self.path is None:
            return 0
        with self._write_lock:
            count = len(self._unwritten)
            if count:
                self._write()
            return count

    def _write(self) -> None:
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = open_append(self.path, read=True)
        try:
            size = os.fstat(fd).st_size
            torn = size > 0 and os.pread(fd, 1, size - 1) != b"\n"   # close a torn last line first (a
            lines = "".join(line + "\n" for line in self._unwritten).encode("utf-8")   # half-written record is
            write_all(fd, (b"\n" if torn else b"") + lines)                            # written again)
            os.fsync(fd)
        finally:
            os.close(fd)
        self._unwritten = []


def _key(record: dict[str, Any]) -> ReminderKey:
    return ReminderKey(str(record["loop_id"]), int(record["lead_min"]), int(record["due_ms"]))


MAX_LINE_BYTES = 1 << 20  # a record is about 100 bytes


QUARANTINE_NAME = "reminders.quarantine.jsonl"


def _quarantine(path: Path) -> Quarantine:
    """Where the log's unreadable lines are copied, once each (pass 63: they were only logged, as the agenda's were
    before pass 13); the line stays in the log too."""
    quarantine = Quarantine(path.with_name(QUARANTINE_NAME), beside=path, part="reminders")
    quarantine.new_load()
    return quarantine


def _read(path: Path, quarantine: Quarantine | None = None) -> list[ReminderKey]:
    quarantine = quarantine or _quarantine(path)
    keys: list[ReminderKey] = []
    with path.open("rb") as fh:
        for number, raw, length in bounded_lines(fh, MAX_LINE_BYTES):
            if raw is None:  # pass 20: a 2 GiB line of NULs was read whole, 4.7 GB of memory at start
                quarantine.add(f"{path} line {number}", f"{length} bytes, longer than any record: not read, it stays "
                               "in the log", f"… ({length} bytes)")
                continue
            raw, filler = nul_filler_off(raw)   # pass 38: the record after a crash's NULs was skipped, said twice
            if filler:
                log.warning("reminder log %s: line %d holds %d NUL bytes (a crash's filler): the NULs skipped",
                            path, number, filler)
            if not raw.strip():
                continue
            try:
                # utf-8-sig: an editor's byte-order mark in front of the first record skipped it, and the
                # reminder it records was said again
                keys.append(_key(json.loads(raw.decode("utf-8-sig"))))
            except (ValueError, KeyError, TypeError, OverflowError, RecursionError) as exc:  # int(Infinity); `[[[[...`
                quarantine.add(f"{path} line {number}", f"{type(exc).__name__}: {str(exc)[:120]}",
                               raw.decode("utf-8", "replace").rstrip("\r\n"))
    quarantine.end_load()
    return keys
