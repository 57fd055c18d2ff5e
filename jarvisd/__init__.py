"""jarvisd: an offline, voice-first desktop assistant."""

import os as _os
import sys as _sys

__version__ = "0.1.0"


def _reopen_closed_standard_streams() -> None:
    """Put /dev/null on a standard descriptor (0, 1, 2) that is closed, before anything else opens a file.

    `jarvisd run 2>&-` (or started by a supervisor with its descriptors closed) left descriptor 2 free, so
    the next file opened took it: the event loop's epoll. Loading the embedded model (llama.cpp with
    `verbose=False`) points descriptors 1 and 2 at /dev/null for the load and back afterwards, which closed
    the event loop's epoll under it: the daemon died at its first model turn (exit 1, nothing logged, as
    stderr was closed), and a stop ended in `AttributeError` (sys.stderr was None) with exit 1."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            _os.fstat(fd)
            continue
        except OSError:
            pass
        null = _os.open(_os.devnull, _os.O_RDWR)
        if null != fd:
            _os.dup2(null, fd)
            _os.close(null)
        if getattr(_sys, name, None) is None:
            setattr(_sys, name, open(fd, mode, encoding="utf-8", errors="backslashreplace", closefd=False))


_reopen_closed_standard_streams()
