"""One owner per data dir: `jarvisd run` (and `chat`, `listen`, `openloop` changes made on the files)
hold an exclusive lock on `<data dir>/jarvisd.pid`, so two processes never own the same memory and
agenda. Kept apart from the daemon so the small commands that check it do not import the daemon."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from jarvisd.datafiles import (
    StartupError,
    check_folder,
    open_nonblocking,
    require_regular_file,
    unusable_file,
)


class AlreadyRunning(RuntimeError):
    pass


def _lock_folder(data_dir: Path, flags: int) -> int | None:
    """The data dir itself held with `flock` (`flags`): a descriptor to keep, or None when the folder cannot
    be opened (then the pid file's lock is the only one). Pass 21: the pid file removed while `jarvisd run`
    held it (a user clearing a "stale" pid file) let a second `jarvisd run`, or `jarvisd openloop done`
    writing the agenda file itself, start beside the daemon: two owners of one memory and agenda. A folder
    holding the daemon's files cannot be removed from under it the same way."""
    try:
        fd = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, flags)
    except BlockingIOError:
        os.close(fd)
        raise
    except OSError:  # a file system without flock on folders: the pid file's lock alone, as before
        os.close(fd)
        return None
    return fd


def _foreign_link(path: Path) -> str | None:
    """Why `path`, a symbolic link, must not be written through: its target holds something other than a
    pid (the lock truncates it and writes the pid). Pass 39: `jarvisd.pid` linked to `openloops.jsonl`
    replaced the whole agenda with "24161\n", to `hud.token` the HUD's token. None for a file, a dangling
    link (the pid file is made there) or a link to an empty file or another pid file."""
    if not path.is_symlink():
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:  # dangling, a loop, unreadable: the open below says so, or makes the file
        return None
    try:
        head = os.read(fd, 64)
    except OSError:
        return None
    finally:
        os.close(fd)
    if not head.strip() or head.strip().isdigit():
        return None
    return (f"cannot use the instance lock {path}: it is a symbolic link to {os.path.realpath(path)}, which holds "
            "something other than a pid; jarvisd writes its pid there and would overwrite it: remove the link "
            f"(rm {path}) and start again")


class InstanceLock:
    """An exclusive lock on `<data dir>/jarvisd.pid` and on the data dir itself, released by the kernel if
    the process dies."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / "jarvisd.pid"
        self._fd: int | None = None
        self._folder_fd: int | None = None

    def holder(self) -> str:
        """The pid written by the holder ("unknown" when it cannot be read)."""
        try:
            return self.path.read_text(encoding="ascii").strip() or "unknown"
        except (OSError, UnicodeDecodeError):
            return "unknown"

    def acquire(self) -> InstanceLock:
        if (problem := check_folder("the data folder", self.path.parent)) is not None:
            # files74: a data folder of mode 000 was "chmod u+rw …/jarvisd.pid", a file the user could not reach
            raise StartupError(problem)
        require_regular_file("the instance lock", self.path)  # a FIFO: ftruncate's EINVAL was a traceback
        if (foreign := _foreign_link(self.path)) is not None:
            raise StartupError(foreign)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = open_nonblocking(self.path, os.O_RDWR | os.O_CREAT)
        except OSError as exc:  # a read-only data dir, a directory in its place: one line, not a traceback
            raise unusable_file("the instance lock", self.path, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self._folder_fd = _lock_folder(self.path.parent, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            stop = (f"`kill {holder}`" if holder.isdigit() else
                    f"its pid file {self.path} was removed or cannot be read: find it with `pgrep -af 'jarvisd run'`")
            raise AlreadyRunning(f"jarvisd is already running (pid {holder}) for data dir {self.path.parent}; "
                                 f"stop it first ({stop} or `systemctl --user stop jarvisd`)") from None
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as exc:  # a full disk: one line, not a traceback
            os.close(fd)
            if self._folder_fd is not None:  # the folder's lock goes with it
                os.close(self._folder_fd)
                self._folder_fd = None
            raise unusable_file("the instance lock", self.path, exc) from None
        self._fd = fd
        return self

    def release(self) -> None:
        if self._folder_fd is not None:
            os.close(self._folder_fd)
            self._folder_fd = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def own_data_dir(data_dir: Path, command: str) -> InstanceLock:
    """The data dir's instance lock for a command that opens memory and the agenda itself. While
    `jarvisd run` holds it, such a command would be a second owner of both (the daemon never rereads the
    agenda file), so it is refused with the way to reach the running daemon instead."""
    lock = InstanceLock(data_dir)
    try:
        return lock.acquire()
    except AlreadyRunning as exc:
        raise AlreadyRunning(
            f"{exc}. `{command}` would open its memory and agenda beside it; talk to the running daemon "
            "through its HUD instead (`jarvisd hud`: the text box takes turns and /commands), or stop it "
            "first") from None


def running_pid(data_dir: Path) -> str | None:
    """The pid of the process holding `<data dir>/jarvisd.pid` ("unknown" when unreadable), or None when no
    process holds it. Tests the lock without taking it for writing, so the file is left as it is."""
    path = Path(data_dir) / "jarvisd.pid"
    try:
        folder = _lock_folder(Path(data_dir), fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:  # held: a daemon runs, even with its pid file removed
        return InstanceLock(data_dir).holder()
    except OSError:
        folder = None
    if folder is not None:
        os.close(folder)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return InstanceLock(data_dir).holder()
    except OSError:
        return None
    finally:
        os.close(fd)
    return None
