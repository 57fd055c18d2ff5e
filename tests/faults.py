"""Faults the tests inject into real code paths."""

from __future__ import annotations

import errno
import os


class DiskFillsAfter:
    """`os.write` of the agenda log that writes `room` more bytes, then fails as a full disk does (monkeypatched onto
    `jarvisd.openloop.stores.os.write`)."""

    def __init__(self, room: int) -> None:
        self.room, self._write = room, os.write

    def __call__(self, fd: int, data) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = self._write(fd, bytes(data[: self.room]))
        self.room -= n
        return n
