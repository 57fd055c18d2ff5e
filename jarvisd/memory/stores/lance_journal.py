"""The LanceDB store's write journal: every acknowledged write is on disk before the call returns.

The store buffers writes and commits them to LanceDB as one merge-insert (a commit per turn would cost
a table version each, see `lance.py`). Without this journal a write acknowledged to the user
("Remembered: ...") lived only in that buffer until the next flush, and a SIGKILL lost it. Now each
buffered upsert or delete is first appended to a journal file beside the table (`<uri>/<table>.journal/`)
and fsynced; a flush that committed the buffer empties the journal.

- One file per open store (`<pid>-<random>.wal`), held with an exclusive `flock` while it lives, so two
  stores on one table (a second process, `jarvisd memory reembed`) never share or truncate each other's.
- A journal whose lock can be taken belongs to a store that is gone (killed, crashed): the next store
  opened on the table replays it into LanceDB and deletes it (`orphans`, `read_records`).
- A record is `kind (1 byte) | length (4) | crc32 (4) | payload` (upserts: the rows as the table stores
  them, pickled, read back without loading any class; deletes: the ids as JSON); a torn or corrupt tail
  (killed mid-write) ends the replay there: that write was never acknowledged.
"""

from __future__ import annotations

import fcntl
import io
import json
import logging
import os
import pickle
import stat
import struct
import uuid
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from jarvisd.datafiles import open_append, write_all, write_whole

log = logging.getLogger(__name__)

HEADER = struct.Struct("<cII")
UPSERT, DELETE = b"U", b"D"
VECTOR_COLUMNS = ("vector", "context_vector")


def side_dir(uri: str, table: str, suffix: str) -> Path | None:
    """A folder of the store's own beside `table` at a local `uri` (`<uri>/<table>.<suffix>`); None
    for a remote URI."""
    if uri.startswith("file://"):
        uri = uri[len("file://"):]
    elif "://" in uri:
        return None
    return Path(uri) / f"{table}.{suffix}"


def journal_dir(uri: str, table: str) -> Path | None:
    """Where the journal of `table` at `uri` lives; None for a remote URI (the store then commits
    every write before returning)."""
    return side_dir(uri, table, "journal")


def journal_dir_problem(uri: str, table: str) -> str | None:
    """Why the store at `uri` cannot keep a journal, when its journal folder is something else (a file): the one
    sentence `jarvisd run` stops with and `jarvisd doctor` says (pass 59b: the doctor said "memory: ok")."""
    folder = journal_dir(uri, table)
    if folder is not None and folder.is_symlink() and not folder.is_dir():
        # pass 59d: a loop opened with LanceDB's "Unable to walk dir … (os error 40)" and the doctor said "ok"; a
        # dangling link opened and its first write could not make the folder
        return (f"its write journal {folder} is a link to nothing usable (a loop or a missing target): remove the "
                "link and start again")
    if folder is not None and folder.exists() and not folder.is_dir():
        return f"its write journal {folder} is not a directory: move it away and start again"
    return None


class WriteJournal:
    """This store's journal file, created at the first write and removed by `close`."""

    def __init__(self, directory: Path, *, fsync: bool = False) -> None:
        self.directory = directory
        self.fsync = fsync
        self.path: Path | None = None
        self._fd = -1
        self._size = 0

    def _open(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = self.directory / f"{os.getpid()}-{uuid.uuid4().hex[:12]}.wal"
        self._fd = open_append(self.path, read=True)
        fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _still_named(self) -> bool:
        """Whether the journal's path still names the file this store writes (pass 21: the file removed
        while the daemon ran, by a clean-up or a restore, took every later write with it on a SIGKILL:
        the appends went to a file no start could find)."""
        assert self.path is not None
        try:
            named, held = os.stat(self.path), os.fstat(self._fd)
        except OSError:
            return False
        return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)

    def _reopen_with_pending(self) -> None:
        """Start a new journal file holding what the gone one held since the last commit (not in LanceDB
        yet), so nothing acknowledged depends on a file that is no longer in the folder."""
        pending = os.pread(self._fd, self._size, 0) if self._size else b""
        if len(pending) != self._size:
            pending = b""  # cannot happen for our own file; never write a torn copy
        log.warning("memory: the write journal %s was removed or replaced while in use; its %d bytes of "
                    "writes not yet in LanceDB go to a new journal file in %s", self.path, self._size,
                    self.directory)
        old = self._fd, self._size, self.path
        self._fd, self._size, self.path = -1, 0, None
        try:
            self._open()
        except OSError:  # the folder cannot be made again (a file in its place): this write fails, as it says
            self._fd, self._size, self.path = old
            raise
        os.close(old[0])
        try:
            write_all(self._fd, pending)
        except OSError:
            os.ftruncate(self._fd, 0)
            raise
        self._size = len(pending)

    def _append(self, kind: bytes, payload: bytes) -> None:
        if self._fd < 0:
            self._open()
        elif not self._still_named():
            self._reopen_with_pending()
        data = HEADER.pack(kind, len(payload), zlib.crc32(payload)) + payload
        try:
            write_all(self._fd, data)
            if self.fsync:
                os.fdatasync(self._fd)
        except OSError:
            # A write that stopped part-way (disk full) left a torn record; the replay stops at a torn
            # record, so every write acknowledged after it would be lost. Cut it off: the journal ends
            # at its last whole record, as it did before this write.
            self._cut_to_last_record()
            raise
        self._size += len(data)

    def _cut_to_last_record(self) -> None:
        try:
            os.ftruncate(self._fd, self._size)
        except OSError as exc:  # cannot cut: start a fresh journal file; this one keeps its good records
            log.error("memory: cannot cut the torn record off the write journal %s (%s); a new journal is "
                      "started", self.path, exc)
            os.close(self._fd)  # its lock is released: the next start replays its good records
            self._fd, self._size, self.path = -1, 0, None

    def upserted(self, rows: list[dict[str, Any]]) -> None:
        """`rows` as the table stores them (`lance_rows.to_row`): plain values, the vectors as float32
        bytes (what the table keeps; a pickled list of floats cost 4x as much per turn)."""
        packed = [{**row, **{k: np.asarray(row[k], dtype=np.float32).tobytes() for k in VECTOR_COLUMNS}}
                  for row in rows]
        self._append(UPSERT, pickle.dumps(packed, protocol=5))

    def deleted(self, ids: Sequence[str]) -> None:
        self._append(DELETE, json.dumps(list(ids)).encode())

    def committed(self) -> None:
        """Everything journaled is in LanceDB now."""
        if self._fd >= 0 and self._size:
            os.ftruncate(self._fd, 0)
            self._size = 0

    def close(self) -> None:
        if self._fd >= 0:
            assert self.path is not None
            self.path.unlink(missing_ok=True)
            os.close(self._fd)  # releases the lock
            self._fd, self._size, self.path = -1, 0, None


def orphans(directory: Path | None) -> list[Path]:
    """Journals of stores that are gone (their lock is free), oldest first. Each is returned with its
    lock taken by a descriptor kept open until the caller removes the file (`release`)."""
    if directory is None or not directory.is_dir():
        return []
    found: list[tuple[float, Path]] = []
    for path in directory.glob("*.wal"):
        try:  # O_NONBLOCK: opening a FIFO waits for a writer (the start hung for good, SIGTERM unheard)
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except FileNotFoundError:
            if path.is_symlink():   # pass 63: a link to a file that is gone was passed over without a word
                log.error("memory: %s is a link to %s, which does not exist, so there is nothing to replay from it. "
                          "Move it out of %s.", path, os.readlink(path), directory)
            continue
        except OSError as exc:  # a link loop, no permission: one such file must not refuse all of memory
            log.error("memory: %s cannot be opened (%s), so it is not replayed. Move it out of %s.",
                      path, exc.strerror or exc, directory)
            continue
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO, a link to /dev/zero (read until memory ran out)
            os.close(fd)
            log.error("memory: %s is not a regular file (%s), so not a write journal jarvisd made; it is not "
                      "replayed. Move it out of %s.", path, os.path.realpath(path), directory)
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)  # a live store's journal
            continue
        _HELD[path] = fd
        found.append((path.stat().st_mtime, path))
    return [path for _, path in sorted(found)]


_HELD: dict[Path, int] = {}


def release(path: Path) -> None:
    """The orphan was replayed into LanceDB: remove it."""
    log.warning("memory: replayed %s, the write journal of a store that stopped before committing it", path)
    path.unlink(missing_ok=True)
    fd = _HELD.pop(path, -1)
    if fd >= 0:
        os.close(fd)


def replay_failed(path: Path, exc: Exception) -> None:
    fd = _HELD.pop(path, -1)
    if fd >= 0:
        os.close(fd)
    log.error("memory: could not replay the write journal %s (%s: %s); it is kept and tried again at the next "
              "start. Move it out of %s to start without those writes.", path, type(exc).__name__, exc, path.parent)


class _PlainUnpickler(pickle.Unpickler):
    """Rows hold str, int, float, bool, None, lists and dicts: no class is ever loaded from a journal."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"a journal record may not name {module}.{name}")


# How much checksum work (bytes checked, as a multiple of the journal's size) the search for the next whole record past
# damage spends on every candidate; past it, only a candidate whose record is followed by another record's header (or
# the end) is checked: bytes made to look like headers (a kind byte and a long length, over and over) made a start
# check gigabytes (pass 59d: 2 MB of them in a 50 MB journal, a start of 109 s with the HUD down)
RESYNC_BUDGET = 4
# No record jarvisd writes is shorter (a delete is a JSON list, "[]" at least); a kind byte and eight NULs (a block of
# NULs a power loss left) is a header of an empty payload whose checksum is right, and its replay failed for good
MIN_PAYLOAD = 2


def _chains(data: bytes, at: int, hops: int = 2) -> bool:
    """Whether `hops` record headers follow one another from `at` (the end of the file counts as one)."""
    for _ in range(hops):
        if at == len(data):
            return True
        if at + HEADER.size > len(data):
            return False
        kind, length, _ = HEADER.unpack_from(data, at)
        if kind not in (UPSERT, DELETE) or length < MIN_PAYLOAD:
            return False
        at += HEADER.size + length
        if at > len(data):
            return False
    return True


def _next_record(data: bytes, start: int) -> int | None:
    """The offset of the first whole record (kind, length within the file, checksum) at or after `start`, looked for
    to the end of the file (pass 59d: a run of more than 64 KiB of zeros or noise, a block a power loss left, hid
    every acknowledged record after it when the search stopped 64 KiB on); None when there is none."""
    end = len(data) - HEADER.size
    budget = RESYNC_BUDGET * len(data) + (1 << 20)
    next_of = {UPSERT: -1, DELETE: -1}   # where each kind byte next occurs: one pass over the file, not one per try
    at = start
    while at <= end:
        for kind in (UPSERT, DELETE):
            if 0 <= next_of[kind] < at:
                next_of[kind] = -1
            if next_of[kind] == -1:
                next_of[kind] = data.find(kind, at, end + 1)
                if next_of[kind] == -1:
                    next_of[kind] = len(data)   # none left
        at = min(next_of.values())
        if at > end:
            return None
        _, length, crc = HEADER.unpack_from(data, at)
        stop = at + HEADER.size + length
        if MIN_PAYLOAD <= length and stop <= len(data) and (budget > 0 or _chains(data, stop)):
            budget -= length
            if zlib.crc32(data[at + HEADER.size: stop]) == crc:
                return at
        at += 1
    return None


def read_records(path: Path, damage: list[str] | None = None) -> Iterator[tuple[bytes, Any]]:
    """(UPSERT, [row dicts]) or (DELETE, [ids]) in write order, up to a torn record at the end. Damage before the end
    is skipped to the next whole record, a copy of the journal kept beside it, and a sentence saying so added to
    `damage`."""
    data = path.read_bytes()
    at, damaged, unread = 0, [], 0
    while at + HEADER.size <= len(data):
        kind, length, crc = HEADER.unpack_from(data, at)
        payload = data[at + HEADER.size: at + HEADER.size + length]
        if len(payload) < length or zlib.crc32(payload) != crc or kind not in (UPSERT, DELETE) or length < MIN_PAYLOAD:
            # A write killed mid-append is always the last record (a failed append is cut off) and begins with its
            # kind; a bad record with whole records after it is damage on disk, and the acknowledged records after
            # it are replayed (pass 33: one flipped byte cost every write after it, the file deleted; pass 57: a BOM
            # put in front, a byte inserted, a flipped length were "a torn record (a write killed before it was
            # acknowledged)" and the journal was deleted with every acknowledged write in it)
            if (after := _next_record(data, at + 1)) is not None:
                damaged.append(at)
                at = after
                continue
            # torn: the record runs past the end of the file. A whole last record with a wrong checksum is damage, not
            # a write cut short (pass 60a: one flipped byte in the newest acknowledged write was "a torn record (a
            # write killed before it was acknowledged)": the write gone with no copy kept, and memory said "ok")
            if kind in (UPSERT, DELETE) and at + HEADER.size + length > len(data):
                log.warning("memory: %s ends in a torn record at byte %d (a write killed before it was "
                            "acknowledged); replaying what precedes it", path, at)
                break
            damaged.append(at)   # bytes after it, or no record of jarvisd's begins here: not a write cut short
            unread = len(data) - at
            break
        at += HEADER.size + length
        if kind == UPSERT:
            rows = _PlainUnpickler(io.BytesIO(payload)).load()
            yield kind, [{**row, **{k: np.frombuffer(row[k], dtype=np.float32).tolist() for k in VECTOR_COLUMNS}}
                         for row in rows]
        else:
            yield kind, json.loads(payload)
    if not unread and at + HEADER.size > len(data) and at != len(data):
        if data[at:at + 1] in (UPSERT, DELETE):
            log.warning("memory: %s ends in a torn record header at byte %d; replaying what precedes it", path, at)
        else:   # a last few bytes that no append of jarvisd's begins with
            damaged.append(at)
            unread = len(data) - at
    if damaged:
        copy = path.with_name(path.name + ".damaged")
        try:
            write_whole(copy, [data])   # never through a FIFO put in its place: the open does not wait
            kept = f"a copy of the journal is kept as {copy}"
        except OSError as exc:
            kept = f"no copy of the journal could be kept ({exc})"
        tail = f"; the last {unread} bytes, from byte {damaged[-1]}, begin no record and are not replayed" \
            if unread else ""
        log.error("memory: %s is damaged at byte %s (no whole record there: checksum, kind or length wrong); what "
                  "is there is not replayed, the whole records after it are%s; %s", path,
                  ", ".join(map(str, damaged)), tail, kept)
        if damage is not None:
            damage.append(f"damaged at byte {', '.join(map(str, damaged))}: what was written there is not in "
                          f"memory; {kept}")
