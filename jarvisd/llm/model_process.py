"""The daemon's side of the embedded model's process (`model_worker`): start it, send a chat, read the answer,
stop it, and start a new one after it died.

A generation runs in a worker thread of the daemon (`LlamaCppChat._generate`); this class blocks that thread
only. One chat at a time (llama.cpp has one context); the caller's stop event becomes an abort request, and the
rest of that chat's answer is read and dropped so the next chat starts on a clean line.
"""

from __future__ import annotations

import collections
import json
import logging
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from jarvisd.llm.base import BackendError
from jarvisd.textsafe import printable

log = logging.getLogger(__name__)

LOAD_TIMEOUT_SEC = 120.0    # loading SmolLM2 takes about a second; a stuck load is given up
PROTOCOL_LINE = 1 << 20     # bytes of one answer line; a token piece is a few bytes
STDERR_TAIL = 20            # the process's last stderr lines, logged when it dies
STDERR_RATE = 50            # stderr records logged in a STDERR_WINDOW at most
STDERR_WINDOW = 10.0
STDERR_LINE = 2000          # characters kept of one stderr line
ABORT_TIMEOUT_SEC = 10.0    # an aborted chat answers within a decode step; past this the process is ended
STALL_SEC = 20.0            # a process that neither answers nor uses the CPU this long is stopped or stuck
_EOF = object()


class ModelProcessError(BackendError):
    """The model's process could not be started or ended during a chat."""


class ModelProcess:
    def __init__(self, model_path: Path, n_ctx: int, n_threads: int, seed: int) -> None:
        self._argv = [sys.executable, "-m", "jarvisd.llm.model_worker", str(model_path), str(n_ctx),
                      str(n_threads), str(seed)]
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._said: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)  # its stderr's last lines
        self._stderr = threading.Thread()  # reads them
        self.starts = 0  # processes started so far (1 + restarts)

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def chat(self, request: dict, emit: Callable[[str], None], stop: threading.Event) -> None:
        """Send one chat; `emit` gets its text as it comes. Raises BackendError when the chat fails, and
        ModelProcessError when the process died (the next chat starts a new one). A process that had served
        earlier chats and died before this one's first word (killed while idle: the out-of-memory killer, a
        kill -9) is replaced and the chat sent again, once; one started for this chat is not (its crash would
        repeat)."""
        with self._lock:
            try:
                self._chat(request, emit, stop)
            except _DiedBeforeAnswer as died:
                if not died.retry:
                    raise _final(str(died)) from None
                log.warning("embedded model: %s; sending the chat again to a new process", died)
                try:
                    self._chat(request, emit, stop)
                except _DiedBeforeAnswer as again:
                    raise _final(str(again)) from None

    def _chat(self, request: dict, emit: Callable[[str], None], stop: threading.Event) -> None:
        fresh = self._start()
        watch = _Progress(self._proc.pid)
        if not self._send({"op": "chat", **request}, watch):
            self._end(f"it made no progress for {STALL_SEC:.0f} s")
            raise _lost(_STALLED, answered=False, fresh=fresh)
        said, aborted = False, False
        while True:
            if stop.is_set() and not aborted:
                self._send({"op": "abort"})
                aborted, deadline = True, time.monotonic() + ABORT_TIMEOUT_SEC
            if aborted and time.monotonic() > deadline:
                self._end(f"it did not stop within {ABORT_TIMEOUT_SEC:.0f} s of an abort")
                return
            message = self._next(timeout=0.05)
            if message is None:
                if watch.stalled():
                    self._end(f"it made no progress for {STALL_SEC:.0f} s")
                    raise _lost(_STALLED, answered=said or aborted, fresh=fresh)
                continue
            watch.heard()
            if message is _EOF:
                raise _lost(self._died(), answered=said or aborted, fresh=fresh)
            if isinstance(message.get("text"), str):
                said = True
                if not aborted:
                    emit(message["text"])
            elif "error" in message:
                raise BackendError(message["error"])
            elif "end" in message:
                return

    def warm(self, prime: dict | None = None) -> bool:
        """Start the process and load the model now, before a chat needs it (the daemon at start: the first
        turn the model answers waited for the load, 3-7 s under load in daemon run 78). True when it was
        started by this call; a process that fails to load raises as a chat would, and the next chat tries
        again. A chat sent meanwhile waits for the load instead of starting a second process. `prime`: a chat
        request run once, its answer dropped, so that llama.cpp holds the prompt's opening (the system prompt
        every turn starts with) and the first turn reads only what follows it."""
        with self._lock:
            started = self._start()
            if prime is not None:
                self._chat(prime, lambda _text: None, threading.Event())
            return started

    def close(self) -> None:
        """End the process (the daemon stopping); a chat running is cut."""
        with self._lock:
            self._end("closed")

    def _start(self) -> bool:
        """Start the process unless it runs; True when it was started now."""
        if self._proc is not None and self._proc.poll() is None:
            return False
        if self._proc is not None:  # it ended while idle, unseen (pass 26: logged only as "a new process")
            log.warning("embedded model: its process ended %s between chats", _ended(self._proc.returncode))
        self._lines = queue.Queue()
        try:
            # A process group of its own: when the daemon ends without stopping it (SIGKILL, or the fast exit
            # after a stop) while it is frozen (SIGSTOP), the kernel sends an orphaned, stopped group SIGHUP
            # and SIGCONT; in the daemon's group it was left stopped for good, holding the model's memory.
            self._proc = subprocess.Popen(self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, bufsize=0, process_group=0)
        except OSError as exc:
            raise ModelProcessError(f"the embedded model's process could not start: {exc}") from exc
        self.starts += 1
        threading.Thread(target=_read_lines, args=(self._proc.stdout, self._lines), daemon=True,
                         name="llama-process-out").start()
        self._said = collections.deque(maxlen=STDERR_TAIL)
        self._stderr = threading.Thread(target=_log_stderr, args=(self._proc.stderr, self._said), daemon=True,
                                        name="llama-process-err")
        self._stderr.start()
        watch, deadline = _Progress(self._proc.pid), time.monotonic() + LOAD_TIMEOUT_SEC
        while (message := self._next(timeout=0.05)) is None and time.monotonic() < deadline:
            if watch.stalled():
                self._end(f"it made no progress for {STALL_SEC:.0f} s while loading")
                raise _final(_STALLED)
        if message is _EOF:
            raise _final(self._died())
        if message is None:
            self._end("it did not load")
            raise ModelProcessError(f"the embedded model did not load within {LOAD_TIMEOUT_SEC:.0f} s")
        if "fatal" in message:
            self._end("it could not load")
            raise ModelProcessError(f"the embedded model could not load: {message['fatal']}")
        if self.starts > 1:
            log.warning("embedded model: a new process (pid %d) after the last one ended", self._proc.pid)
        return True

    def _send(self, message: dict, watch: _Progress | None = None) -> bool:
        """Write one request; False when the process stopped reading it and made no progress for STALL_SEC.
        The pipe holds 64 KiB: a longer request (a long Korean turn with recalled memories, each Hangul
        syllable six bytes of JSON) to a frozen process blocked this thread for good, and the turn with it
        (pass 24), so the write waits in slices and watches the process as the chat does."""
        data = memoryview((json.dumps(message) + "\n").encode("ascii"))
        try:
            fd = self._proc.stdin.fileno()
            os.set_blocking(fd, False)
            while data:
                try:
                    data = data[os.write(fd, data):]
                except BlockingIOError:
                    select.select([], [fd], [], 0.5)
                    if watch is not None and watch.stalled():
                        return False
        except (BrokenPipeError, OSError, ValueError):
            pass  # it died: the reader sees the end of its output and the chat reports why
        return True

    def _next(self, timeout: float):
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def _died(self) -> str:
        try:
            code = self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._end("its output ended")
            code = self._proc.returncode
        self._proc = None
        how = _ended(code)
        hint = " (a llama.cpp build that does not suit this CPU: run `jarvisd doctor`)" \
            if code == -signal.SIGSEGV else ""
        self._stderr.join(timeout=1)  # its last words (a Python traceback, llama.cpp's abort) are in `_said`
        said = "".join(f"\n  {line}" for line in self._said)
        log.error("embedded model: its process ended %s%s%s", how, hint,
                  f"; its last lines on stderr:{said}" if said else "")
        return f"the embedded model's process ended {how}{hint}"

    def _end(self, why: str) -> None:
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        log.info("embedded model: ending its process (%s)", why)
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


_STALLED = (f"the embedded model's process neither answered nor worked for {STALL_SEC:.0f} s (stopped or stuck) and "
            "was ended")


class _Progress:
    """Whether the model's process still works on a request: it said something, or used CPU time, within
    STALL_SEC. A process frozen with SIGSTOP (or stuck on a lock) does neither, and without this the turn
    waiting for it, and every turn after it, waited forever (pass 24). A decode always uses the CPU, on a
    loaded machine too, so a long prompt is not taken for a stall."""

    def __init__(self, pid: int) -> None:
        self._pid, self._ticks, self._since = pid, _cpu_ticks(pid), time.monotonic()
        self._checked = self._since

    def heard(self) -> None:
        self._since = time.monotonic()

    def stalled(self) -> bool:
        now = time.monotonic()
        if now - self._checked < 0.5:
            return False
        self._checked = now
        ticks = _cpu_ticks(self._pid)
        if ticks is None or ticks != self._ticks:  # no /proc (or it just ended: its end of output follows)
            self._ticks, self._since = ticks, now
            return False
        return now - self._since > STALL_SEC


def _cpu_ticks(pid: int) -> int | None:
    """User and system CPU time of a process in clock ticks (Linux /proc), None when it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


class _DiedBeforeAnswer(Exception):
    def __init__(self, why: str, retry: bool) -> None:
        super().__init__(why)
        self.retry = retry


def _lost(why: str, answered: bool, fresh: bool) -> Exception:
    """The error for a chat whose process ended or stalled: final once it had said something (or was being
    stopped); before its first word, one that `chat` may send again to a new process (not when the process was
    started for this chat: its crash would repeat)."""
    if answered:
        return _final(why)
    return _DiedBeforeAnswer(why, retry=not fresh)


def _ended(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"with {signal.Signals(-code).name}"
        except ValueError:
            return f"by signal {-code}"
    return f"with exit status {code}"


def _final(why: str) -> ModelProcessError:
    """The turn's error for a process that ended or stalled. Only here does it say what follows: the retry's
    warning read "... was ended; the next turn starts a new one; sending the chat again" (pass 24)."""
    return ModelProcessError(f"{why}; the next turn starts a new one")


_LOUD = ("error", "traceback", "fatal", "abort", "warning", "assert", "failed")
stderr_log = logging.getLogger("jarvisd.llm.llama_cpp")


def _log_stderr(stream, said: collections.deque) -> None:
    """The process's stderr (llama.cpp's own prints, a Python traceback) as log records, not raw lines between
    the daemon's (pass 24: "decode: removing memory module entries ..." in the middle of the log): llama.cpp's
    chatter at DEBUG, what looks like a problem at WARNING, and the last lines kept for the death's record. At most
    STDERR_RATE records in STDERR_WINDOW seconds, then one line counting the rest (pass 26: a flood of "error"
    lines was 346,802 WARNING records in 20 s, 30 MB of log and a core)."""
    window_end, logged, held = 0.0, 0, 0
    for raw in iter(lambda: stream.readline(STDERR_LINE), b""):
        line = printable(raw.decode("utf-8", "replace")).rstrip()  # no ESC, CR or BEL of its into the log (pass 26)
        if not line:
            continue
        said.append(line)
        now = time.monotonic()
        if now >= window_end:
            if held:
                stderr_log.warning("... %d more lines from the model's process in %.0f s, not logged", held,
                                   STDERR_WINDOW)
            window_end, logged, held = now + STDERR_WINDOW, 0, 0
        if logged >= STDERR_RATE:
            held += 1
            continue
        logged += 1
        loud = any(word in line.casefold() for word in _LOUD)
        stderr_log.log(logging.WARNING if loud else logging.DEBUG, "%s", line)


def _read_lines(stream, lines: queue.Queue) -> None:
    """The process's answers, parsed; anything not a JSON object is skipped, and so is a line longer than
    PROTOCOL_LINE (a broken worker's 50 MB line cost about 100 MB and 14 s: pass 24); then _EOF."""
    skipping = False
    for raw in iter(lambda: stream.readline(PROTOCOL_LINE), b""):
        whole = raw.endswith(b"\n")
        if skipping or not whole and len(raw) >= PROTOCOL_LINE:
            skipping = not whole  # the rest of a long line
            continue
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if isinstance(message, dict):
            lines.put(message)
    lines.put(_EOF)
