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

The inventory of every path these guard is `jarvisd.paths.DATA_FILES`; `tests/test_data_paths_sweep.py` replaces
each by every wrong kind and runs `doctor`, `openloop list` and `chat` against it.
"""

from __future__ import annotations

import errno
import os
import stat

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
           "nul_filler_off", "open_nonblocking", "read_regular_file", "require_regular_file", "unusable_file"]


def open_nonblocking(path: os.PathLike[str] | str, flags: int = os.O_RDONLY) -> int:
    """A descriptor of the regular file `path` (through links), opened without waiting on a FIFO's writer; the
    caller closes it. Anything else raises before it is used."""
    fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC)
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
