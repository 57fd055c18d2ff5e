"""Errors the `jarvisd` command reports as one line (`jarvisd: <message>`) instead of a traceback."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from typing import BinaryIO


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
    elif exc.errno == errno.ELOOP:   # pass 59b: the line said "Too many levels of symbolic links" and no fix
        fix = (f"{exc.strerror} (a link that leads back to itself, {os.path.realpath(path)}): remove the link and "
               "start again")
    elif exc.errno == errno.ENOENT and os.path.islink(path):   # pass 62a: "No such file or directory" of a file
        fix = (f"it is a link to {os.readlink(path)}, which cannot be made (its folder is missing): remove the link, "
               "or make its folder, and start again")   # that was there to see, and no fix
    else:
        fix = exc.strerror or str(exc)
    return StartupError(f"cannot open {what} {path}: {fix}")


def require_regular_file(what: str, path: os.PathLike[str] | str) -> None:
    """A data file jarvisd appends to must be a file (through symlinks): reading `/dev/zero` or `/dev/full`
    never ends (the start hung, memory growing, nothing said), and `/dev/null` swallows every write
    that was acknowledged. Absent is fine (it is created)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError as exc:
        if os.path.islink(path) and not os.path.isdir(os.path.dirname(os.path.realpath(path))):
            # pass 62a: `reminders.jsonl` a link into a folder that is gone started fine, and every reminder said was
            # then unwritable (said again after a restart); a link whose target is yet to be made is fine
            raise unusable_file(what, path, exc) from None
        return
    except OSError as exc:
        raise unusable_file(what, path, exc) from None
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):  # a directory has its own message
        raise StartupError(f"cannot open {what} {path}: it is not a regular file ({os.path.realpath(path)}): "
                           "move it away and start again")
    if stat.S_ISREG(mode) and (twin := _same_file_beside(path)) is not None:
        # pass 40's low: reminders.jsonl a link to openloops.jsonl, each delivered reminder was appended to the agenda
        raise StartupError(f"cannot open {what} {path}: it is the same file as {twin} (a link): each would write "
                           "into the other; move one away and start again")


def _same_file_beside(path: os.PathLike[str] | str) -> str | None:
    """Another file in `path`'s folder that is the same file (a symbolic or hard link between two data files)."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    name = os.path.basename(path)
    try:
        own = os.stat(path)
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == name:
                    continue
                try:
                    other = entry.stat()   # through a link
                except OSError:
                    continue
                if stat.S_ISREG(other.st_mode) and (other.st_dev, other.st_ino) == (own.st_dev, own.st_ino):
                    return entry.path
    except OSError:
        return None
    return None


class NotARegularFile(OSError):
    """A file jarvisd reads that is a FIFO, a device or a socket: opening a FIFO waits for a writer
    forever (the event loop with it), `/dev/zero` never ends."""


class FileTooLarge(OSError):
    """A file larger than any jarvisd writes there, not read: a 2 GiB `hud.token` (a sparse file, a wrong
    copy) took 4.6 GB of memory and 22 s at start, `config.toml` 4.1 GB (pass 20); a few GB more and the
    daemon is killed for memory instead of saying which file is wrong."""


def read_regular_file(path: os.PathLike[str] | str, max_bytes: int | None = None) -> bytes:
    """The bytes of `path`, refusing anything but a regular file before reading a byte (the open does
    not wait on a FIFO). A directory raises IsADirectoryError, as `open` would; a file of more than
    `max_bytes` raises FileTooLarge before it is read."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(errno.EINVAL, f"not a regular file ({os.path.realpath(path)})", str(path))
        if max_bytes is not None and info.st_size > max_bytes:
            raise FileTooLarge(errno.EFBIG, f"{info.st_size} bytes, more than such a file holds ({max_bytes} "
                               "at most)", str(path))
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            total += len(chunk)
            if max_bytes is not None and total > max_bytes:  # grown since the fstat
                raise FileTooLarge(errno.EFBIG, f"more than {max_bytes} bytes, more than such a file holds",
                                   str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def bounded_lines(fh: BinaryIO, max_bytes: int) -> Iterator[tuple[int, bytes | None, int]]:
    """(line number, line, its length in bytes) for each line of a binary file, reading at most
    `max_bytes` + 1 bytes of a line at once: a longer line comes as (number, None, length) and is never
    held whole (pass 20: a 2 GiB line of NULs in `reminders.jsonl` took 4.7 GB at start)."""
    number = 0
    while line := fh.readline(max_bytes + 1):
        number += 1
        if len(line) <= max_bytes or line.endswith(b"\n"):
            yield number, line, len(line)
            continue
        length = len(line)
        while more := fh.readline(1 << 20):  # the rest of the long line, dropped as it is read
            length += len(more)
            if more.endswith(b"\n"):
                break
        yield number, None, length


def nul_filler_off(line: bytes) -> tuple[bytes, int]:
    """A JSONL line without the NUL bytes around it, and how many there were: a file system that lost power can
    leave NUL blocks in a file, and the record sharing their line was skipped (pass 38)."""
    body = line.rstrip(b"\r\n")
    if body[:1] != b"\x00" and body[-1:] != b"\x00":
        return line, 0
    kept = body.strip(b"\x00")
    return kept, len(body) - len(kept)


def check_regular_file(path: os.PathLike[str] | str) -> None:
    """Raise NotARegularFile when `path` exists and is neither a regular file nor a directory (those
    have their own errors); absent is fine."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise NotARegularFile(errno.EINVAL, f"not a regular file ({os.path.realpath(path)})", str(path))


_SOURCE_PATH = re.compile(r", /(?:rustc/|\S*/\.cargo/)")  # LanceDB's own source file, of no use to the user


def first_line(exc: BaseException) -> str:
    """An error's first line without the library's own source path (LanceDB's Rust file), at most 300 characters."""
    text = _SOURCE_PATH.split((str(exc).splitlines() or [type(exc).__name__])[0], maxsplit=1)[0]
    return text if len(text) <= 300 else text[:300] + "..."
