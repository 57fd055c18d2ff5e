"""The daemon's log is written by a thread of its own, never by the code that logs.

Before, every log call wrote to stderr where it was made, the event loop's too. When nobody reads
that stream - Ctrl-S (XOFF) in the terminal `jarvisd run` was started from, `jarvisd run 2>&1 | less`
paused on a page, a stalled journal - the write blocks: the next reminder's "spoken" line stopped the
event loop, so the HUD stopped answering and the reminder itself waited until Ctrl-Q (34 s in the
probe, forever if nobody pressed it). Now a log call puts the record on a bounded queue and returns;
a listener thread writes it. When the queue is full (the stream blocked for a long time) records are
dropped and counted, and the count is logged when there is room again.
"""

from __future__ import annotations

import atexit
import logging
import queue
import threading
from logging.handlers import QueueHandler, QueueListener
from typing import TextIO

MAX_WAITING = 10_000  # records held while the stream is blocked; a line is ~200 bytes, so ~2 MB at most


class DroppingQueueHandler(QueueHandler):
    """A QueueHandler that never blocks and never writes to stderr itself: a full queue drops the record
    (QueueHandler's own `handleError` would print the error to the very stream that is blocked)."""

    def __init__(self, q: queue.Queue[logging.LogRecord | None]) -> None:
        super().__init__(q)
        self.dropped = 0
        self._count_lock = threading.Lock()

    def enqueue(self, record: logging.LogRecord) -> None:
        with self._count_lock:
            try:
                if self.dropped:
                    note = logging.LogRecord("jarvisd.log", logging.WARNING, __file__, 0,
                                             "log: %d lines dropped while the log output was blocked "
                                             "(a terminal paused with Ctrl-S, a pipe nobody read)",
                                             (self.dropped,), None)
                    self.queue.put_nowait(note)
                    self.dropped = 0
                self.queue.put_nowait(record)
            except queue.Full:
                self.dropped += 1


def start_logging(level: int, stream: TextIO, fmt: str, datefmt: str) -> QueueListener | None:
    """The root logger at `level`, its records written to `stream` by a listener thread (stopped, with
    what is queued written out, at exit). Like `logging.basicConfig`, nothing is changed when the root
    logger already has handlers (a test's log capture)."""
    root = logging.getLogger()
    if root.handlers:
        return None
    writer = logging.StreamHandler(stream)
    writer.setFormatter(logging.Formatter(fmt, datefmt))
    waiting: queue.Queue[logging.LogRecord | None] = queue.Queue(MAX_WAITING)
    root.addHandler(DroppingQueueHandler(waiting))  # formats "%(message)s" + traceback; the writer adds the rest
    root.setLevel(level)
    global _listener
    listener = QueueListener(waiting, writer)
    listener.start()
    _listener = listener
    atexit.register(drain)
    return listener


_listener: QueueListener | None = None
DRAIN_SEC = 5.0


def drain(timeout: float = DRAIN_SEC) -> None:
    """Write out what waits and stop the log thread, before the process leaves (`os._exit` skips atexit)
    or prints its last line (which must come after the log). Waits at most `timeout`: with the stream
    still blocked, what waits is dropped and the exit is not held."""
    global _listener
    listener, _listener = _listener, None
    if listener is None:
        return
    try:
        listener.enqueue_sentinel()
    except queue.Full:
        return
    thread = listener._thread
    if thread is not None:
        thread.join(timeout)
