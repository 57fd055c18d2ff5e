"""The resident daemon: builds the parts from configuration, says once what is missing, and stops
cleanly on SIGTERM/SIGINT. One daemon per data dir.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import signal
from pathlib import Path

from jarvisd.config import Config
from jarvisd.doctor import audio_devices
from jarvisd.llm.select import Backends, select_backends
from jarvisd.manifest import ModelStore

log = logging.getLogger("jarvisd.daemon")


class AlreadyRunning(RuntimeError):
    pass


class InstanceLock:
    """An exclusive lock on `<data dir>/jarvisd.pid`, released by the kernel if the process dies."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / "jarvisd.pid"
        self._fd: int | None = None

    def acquire(self) -> InstanceLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise AlreadyRunning(f"jarvisd is already running (pid {holder}) for data dir {self.path.parent}; "
                                 f"stop it first (`kill {holder}` or `systemctl --user stop jarvisd`)") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def report_environment(cfg: Config, backends: Backends) -> None:
    """Say once, at start, what jarvisd runs on and which parts are missing."""
    for note in backends.notes:
        log.info(note)
    audio = audio_devices()
    if not cfg.voice.enabled:
        log.info("voice: disabled in config (voice.enabled = false): text only")
    elif audio["error"] or not audio["inputs"]:
        log.warning("voice: no microphone (%s): running text-only", audio["error"] or "no input device")
    if not os.environ.get("DISPLAY"):
        log.info("tray: no display (DISPLAY is unset): no tray icon")


async def serve(cfg: Config, store: ModelStore, stop: asyncio.Event | None = None) -> int:
    """Run until SIGTERM/SIGINT (or `stop` is set). Returns the exit code."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    lock = InstanceLock(cfg.paths.ensure().data_dir).acquire()
    try:
        backends = await asyncio.to_thread(select_backends, cfg, store)
        report_environment(cfg, backends)
        log.info("jarvisd ready (data dir %s, pid %d)", cfg.paths.data_dir, os.getpid())
        await stop.wait()
        log.info("jarvisd stopping")
        return 0
    finally:
        lock.release()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
