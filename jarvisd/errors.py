"""Errors the `jarvisd` command reports as one line (`jarvisd: <message>`) instead of a traceback."""

from __future__ import annotations

import errno
import os
import stat


class StartupError(RuntimeError):
    """A part cannot start because of something on disk; the message names the file and the fix."""


def unusable_file(what: str, path: os.PathLike[str] | str, exc: OSError) -> StartupError:
    """`what` at `path` could not be opened: say why and what to do about it."""
    if isinstance(exc, IsADirectoryError):
        fix = "it is a directory: move it away and start again"
    elif exc.errno == errno.ENOSPC:
        fix = "no space left on the disk: free some space and start again"
    elif isinstance(exc, PermissionError):
        fix = f"permission denied: give your user read and write access (chmod u+rw {path})"
    else:
        fix = exc.strerror or str(exc)
    return StartupError(f"cannot open {what} {path}: {fix}")


def require_regular_file(what: str, path: os.PathLike[str] | str) -> None:
    """A data file jarvisd appends to must be a file (through symlinks): reading `/dev/zero` or `/dev/full`
    never ends (the start hung, memory growing, nothing said), and `/dev/null` swallows every write
    that was acknowledged. Absent is fine (it is created)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise unusable_file(what, path, exc) from None
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):  # a directory has its own message
        raise StartupError(f"cannot open {what} {path}: it is not a regular file ({os.path.realpath(path)}): "
                           "move it away and start again")


class NotARegularFile(OSError):
    """A file jarvisd reads that is a FIFO, a device or a socket: opening a FIFO waits for a writer
    forever (the event loop with it), `/dev/zero` never ends."""


def read_regular_file(path: os.PathLike[str] | str) -> bytes:
    """The bytes of `path`, refusing anything but a regular file before reading a byte (the open does
    not wait on a FIFO). A directory raises IsADirectoryError, as `open` would."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, f"not a regular file ({os.path.realpath(path)})", str(path))
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_regular_file(path: os.PathLike[str] | str) -> None:
    """Raise NotARegularFile when `path` exists and is neither a regular file nor a directory (those
    have their own errors); absent is fine."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise NotARegularFile(errno.EINVAL, f"not a regular file ({os.path.realpath(path)})", str(path))
