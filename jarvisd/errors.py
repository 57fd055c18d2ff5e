"""Errors the `jarvisd` command reports as one line (`jarvisd: <message>`) instead of a traceback."""

from __future__ import annotations

import os
import stat


class StartupError(RuntimeError):
    """A part cannot start because of something on disk; the message names the file and the fix."""


def unusable_file(what: str, path: os.PathLike[str] | str, exc: OSError) -> StartupError:
    """`what` at `path` could not be opened: say why and what to do about it."""
    if isinstance(exc, IsADirectoryError):
        fix = "it is a directory: move it away and start again"
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
