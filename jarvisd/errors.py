"""Errors the `jarvisd` command reports as one line (`jarvisd: <message>`) instead of a traceback."""

from __future__ import annotations

import os


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
