"""The one door to jarvisd's data, config and state files (files74, issue #18).

Passes 72b and 73 each found a file or folder of the wrong kind where the last fix had not reached (a FIFO as
`agenda.owner`: an `open` that waited for good; a memory folder or `data/models` of mode 000: a traceback). What a
file or folder of jarvisd's may be is said here once:

- `open_nonblocking` opens with O_NONBLOCK|O_CLOEXEC (a FIFO does not hold the open) and refuses anything but a
  regular file (FIFO, socket, device: `NotARegularFile`; a folder: `IsADirectoryError`) before a byte is read;
- `read_regular_file` reads such a file whole, bounded (`FileTooLarge`);
- `unusable_file` turns any OSError of a file into one `StartupError` line naming the file and the fix (chmod u+rw,
  remove the link, move the folder aside; `jarvisd` prints it without a traceback);
- `check_folder` says why a folder the daemon needs cannot be used (mode 000, a file where it should be, a
  dangling link or a loop), or None.

The writer side (doors77): every file jarvisd writes is opened here, each open refusing what is not a regular file
before a byte is written (a FIFO does not hold the open, /dev/null does not swallow an acknowledged write):

- `open_append` opens a log for appends (O_APPEND, created 0600): one `os.write` of a line is one append;
- `write_all` writes bytes whole to a descriptor;
- `write_whole` writes a file whole (truncated or created 0600; `exclusive`: never over an existing one), fsynced;
- `create_exclusive` writes a new file that must not exist yet, removed again when its write fails;
- `replace_atomically` writes a temporary file beside the target, fsyncs it and renames it over the target, so a
  kill leaves the old file or the new one; the temporary file is removed when anything fails;
- `scratch_file` is an unnamed file in a folder (created and unlinked at once) for a file-backed map.

They raise OSError (`NotARegularFile` for a FIFO, socket or device); the caller turns it into its one line with
`unusable_file`, as on the read side. `tests/test_one_door.py` fails when a module opens a file for writing by hand.

The inventory of every path these guard is `jarvisd.paths.DATA_FILES`; `tests/test_data_paths_sweep.py` replaces
each by every wrong kind and runs `doctor`, `openloop list` and `chat` against it.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from jarvisd.errors import (
    FileTooLarge,
    NotARegularFile,
    StartupError,
    bounded_lines,
    check_regular_file,
    nul_filler_off,
    read_regular_file,
    require_regular_file,
    unusable_file,
)

__all__ = ["FileTooLarge", "NotARegularFile", "StartupError", "bounded_lines", "check_folder", "check_regular_file",
           "create_exclusive", "nul_filler_off", "open_append", "open_nonblocking", "read_regular_file",
           "replace_atomically", "require_regular_file", "scratch_file", "unusable_file", "write_all", "write_whole"]

Chunks = Iterable[bytes]


def open_nonblocking(path: os.PathLike[str] | str, flags: int = os.O_RDONLY, mode: int = 0o600) -> int:
    """A descriptor of the regular file `path` (through links), opened without waiting on a FIFO's writer or
    reader (`mode` when `flags` create it); the caller closes it. Anything else raises before it is used."""
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError as exc:
        if exc.errno == errno.ENXIO:   # a FIFO opened for writing with no reader (or a socket): not a file of ours
            raise NotARegularFile(errno.EINVAL, f"not a regular file ({os.path.realpath(path)})", str(path)) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, f"not a regular file ({os.path.realpath(path)})", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_folder(what: str, path: os.PathLike[str] | str, *, write: bool = True) -> str | None:
    """One line: why the folder `path` (`what`: "the memory folder") cannot be used by this user, with the fix, or None
    (absent is fine: it is made). Access is asked of the kernel, so root with CAP_DAC_OVERRIDE passes."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            return (f"cannot use {what} {path}: it is a link to {os.readlink(path)}, which is not there: remove "
                    "the link, or make its target, and start again")
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return f"cannot use {what} {path}: it is a link that leads back to itself: remove the link and start again"
        return f"cannot use {what} {path}: it cannot be reached ({exc.strerror}): check the folders above it"
    if not stat.S_ISDIR(info.st_mode):
        kind = "a file" if stat.S_ISREG(info.st_mode) else "a FIFO, socket or device"
        return f"cannot use {what} {path}: it should be a folder and is {kind}: move it aside and start again"
    wanted = os.R_OK | os.X_OK | (os.W_OK if write else 0)
    if not os.access(path, wanted):
        return (f"cannot use {what} {path}: this user may not use it (permission denied, its mode is "
                f"{stat.S_IMODE(info.st_mode):04o}): chmod u+rwx {path}, or move it aside, and start again")
    return None


def open_append(path: os.PathLike[str] | str, *, read: bool = False) -> int:
    """A descriptor appending to the regular file `path` (created 0600), readable too with `read`; the caller
    closes it. Each `os.write` on it lands at the end, whoever else appends."""
    access = os.O_RDWR if read else os.O_WRONLY
    return open_nonblocking(path, access | os.O_APPEND | os.O_CREAT)


def write_all(fd: int, data: bytes) -> None:
    """Write `data` whole to `fd` (a short write is continued; an error raises with what was written left)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_whole(path: os.PathLike[str] | str, chunks: Chunks, *, exclusive: bool = False, sync: bool = True) -> None:
    """Write `chunks` as the whole of the regular file `path` (created 0600, else truncated; `exclusive`: it must not
    exist, FileExistsError), fsynced unless `sync` is False."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = open_nonblocking(path, flags)
    try:
        for chunk in chunks:
            write_all(fd, chunk)
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def create_exclusive(path: os.PathLike[str] | str, data: bytes) -> None:
    """`data` as the new file `path` (0600, fsynced); FileExistsError when something is there already. A write that
    fails removes the file again: nothing half written is left to be read as the whole."""
    fd = open_nonblocking(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        Path(path).unlink(missing_ok=True)
        raise
    os.close(fd)


def replace_atomically(path: os.PathLike[str] | str, chunks: Chunks, *, temp: os.PathLike[str] | str | None = None,
                       sync: bool = True) -> None:
    """`chunks` as the new content of `path`: written to `temp` (default `.<name>.<pid>.new` beside it), fsynced unless
    `sync` is False, then renamed over `path`, so a kill leaves the old file or the new one. `temp` is removed when
    anything fails. What is at `path` is replaced whatever it is, except a folder (IsADirectoryError)."""
    target = Path(path)
    spare = Path(temp) if temp is not None else target.with_name(f".{target.name}.{os.getpid()}.new")
    try:
        write_whole(spare, chunks, sync=sync)
        os.replace(spare, target)
    except BaseException:
        spare.unlink(missing_ok=True)
        raise


def scratch_file(directory: os.PathLike[str] | str, prefix: str, suffix: str) -> BinaryIO:
    """A new read-write file in `directory` without a name (unlinked as soon as it is open): nothing is left behind,
    even after a SIGKILL."""
    fd, name = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=suffix)
    os.unlink(name)
    return os.fdopen(fd, "r+b")
