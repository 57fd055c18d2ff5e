"""Where open loops live: in memory, in a JSONL append log, or in LanceDB (`lance_store`).

Every store keeps the latest version of each loop by id and says nothing about what a loop means;
the rules and the service decide. A store also owns the embedding boundary (`cosines`).
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import re
import threading
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from jarvisd.datafiles import (
    bounded_lines,
    check_regular_file,
    nul_filler_off,
    open_append,
    open_nonblocking,
    replace_atomically,
    require_regular_file,
    unusable_file,
    write_all,
    write_whole,
)
from jarvisd.openloop.embeddings import LoopEmbeddings
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.rules import DEFAULT_THRESHOLD
from jarvisd.textsafe import has_visible, valid_json

log = logging.getLogger(__name__)


@runtime_checkable
class LoopStore(Protocol):
    threshold: float

    def load(self) -> list[OpenLoop]:
        """The latest version of every loop, ordered by (created_ms, id)."""
        ...

    def save(self, loop: OpenLoop) -> None:
        """Insert or replace by id; durable when it returns."""
        ...

    def save_many(self, loops: Sequence[OpenLoop]) -> None:
        """`save` of each, as one write: all of them or none (a judgement that closes one promise and opens
        another)."""
        ...

    def cosines(self, text: str, others: Sequence[str]) -> list[float | None]:
        """Cosine of `text` to each of `others`, or None where no embedding is available."""
        ...

    def closing_cosines(self, text: str, descs: Sequence[str]) -> list[float | None]:
        """Cosine of a closing (`text`) to each promise description, the closing as a query and the
        descriptions as passages where the embedder tells them apart; None where no embedding is available."""
        ...

    def close(self) -> None: ...


def in_order(loops: dict[str, OpenLoop]) -> list[OpenLoop]:
    return sorted(loops.values(), key=lambda loop: (loop.created_ms, loop.id))


class EmbeddingBoundary:
    """The embedding half every store shares: no embedder means no cosines."""

    def __init__(self, embeddings: LoopEmbeddings | None = None) -> None:
        self.embeddings = embeddings

    @property
    def threshold(self) -> float:
        return self.embeddings.threshold if self.embeddings else DEFAULT_THRESHOLD

    def cosines(self, text: str, others: Sequence[str]) -> list[float | None]:
        if self.embeddings is None:
            return [None] * len(others)
        return self.embeddings.cosines(text, others)

    def closing_cosines(self, text: str, descs: Sequence[str]) -> list[float | None]:
        if self.embeddings is None:
            return [None] * len(descs)
        return self.embeddings.closing_cosines(text, descs)

    def close(self) -> None:
        pass


class MemoryLoopStore(EmbeddingBoundary):
    """Loops in a dict: tests, replays, and a daemon that should forget on exit."""

    def __init__(self, embeddings: LoopEmbeddings | None = None) -> None:
        super().__init__(embeddings)
        self._loops: dict[str, OpenLoop] = {}

    def load(self) -> list[OpenLoop]:
        return in_order(self._loops)

    def save(self, loop: OpenLoop) -> None:
        self._loops[loop.id] = loop

    def save_many(self, loops: Sequence[OpenLoop]) -> None:
        for loop in loops:
            self._loops[loop.id] = loop


QUARANTINE_NAME = "openloops.quarantine.jsonl"
MS_LATEST = 7_258_118_400_000  # 2200-01-01 UTC: far past any promise; near year 9999 times overflow in planning


MAX_RECORD_BYTES = 8 << 20   # jarvisd writes a few KB a record: a line past this is no record of its

TIME_FIELDS = ("created_ms", "updated_ms", "due_ms", "closed_ms", "remind_ms", "muted_ms")


def usable_loop(record: Any) -> OpenLoop:
    """A stored record as a loop the agenda can use, or ValueError/KeyError/TypeError saying why not."""
    if not isinstance(record, dict):
        raise TypeError(f"a record must be a JSON object, not {type(record).__name__}")
    # `\ud800` in the file (written by hand, another program, or a jarvisd before text was made valid at
    # the edges) is a lone surrogate after json.loads: the HUD's agenda answered 500 to every request,
    # the loop could not be closed (its save failed) and its reminder was never spoken. Made valid here
    # (U+FFFD, NFC) like any text entering, the same way at every load, so a save keeps its id.
    record = valid_json(record)
    for name in TIME_FIELDS:  # int(true) is 1: a due of `true` read as 1970 and expired the loop silently
        if isinstance(record.get(name), bool):
            raise ValueError(f"{name} is {json.dumps(record[name])}, not a time")
    # str(None) showed "None" on the agenda; an id "None" no ✓ could reach (pass 31); a list as the session was the
    # session "['a', 'b']" (pass 32)
    for name in ("id", "desc", "session"):
        if name in record and not isinstance(record[name], str) and not (name == "session" and record[name] is None):
            raise TypeError(f"{name} must be text, not {type(record[name]).__name__}")
    for name in ("repeat", "skips"):
        if record.get(name) is not None and not isinstance(record[name], str):
            raise TypeError(f"{name} must be text, not {type(record[name]).__name__}")
    if isinstance(record.get("desc"), str) and not has_visible(record["desc"]):
        # "\u200b" alone (pass 38): a promise shown and said as nothing, that no words could name to close it
        raise ValueError("empty desc" if not record["desc"].strip() else "desc shows nothing (only invisible characters)")
    try:
        loop = OpenLoop.from_record(record)
    except OverflowError as exc:  # `Infinity` (json.loads reads it) as a time: int() overflows
        raise ValueError(f"a time is not a finite number ({exc})") from None
    if not loop.id.strip():
        raise ValueError("empty id")
    for name in TIME_FIELDS:
        value = getattr(loop, name)
        if value is not None and not 0 <= value < MS_LATEST:   # 1e300 said as 1e+300, not in 301 digits (pass 62a)
            shown = value if abs(value) < 10**20 else f"{float(value):.4g}"
            raise ValueError(f"{name} {shown} is outside 1970-01-01 .. 2200-01-01 (epoch milliseconds)")
    return loop


def parse_line(line: str | bytes) -> Any:
    """One JSON line; nesting past the recursion limit (`[[[[...`) is a ValueError like any bad line, not a
    RecursionError that stopped the daemon's start."""
    try:
        return json.loads(line)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def unusable_reason(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}"
    return str(exc) or type(exc).__name__


class Quarantine:
    """Records a store cannot use, copied (once each) to a JSONL file beside it, so a start-up goes
    on without them and nothing is thrown away. `path` None: logged only (a remote store)."""

    LOG_LINES = 20  # per load: then one line says the rest are skipped without a line each

    def __init__(self, path: Path | None, beside: Path | None = None, part: str = "openloop") -> None:
        self.path = path
        self.part = part      # the log lines' name of the records' owner ("openloop", "reminders")
        self.beside = beside  # the log whose records it keeps: never written through a link to it
        self._seen: set[str] | None = None  # the records in the file, read once (a load may add thousands)
        self._told = 0
        self.last_load: list[str] = []   # "<where>: <reason>" of each record the last load set aside
        self.unwritable: str | None = None   # why the last load could not write the file (a folder there), or None

    def new_load(self) -> None:
        """A load begins: its first `LOG_LINES` records skipped are logged one by one."""
        self._told = 0
        self.last_load = []
        self.unwritable = None

    def status_detail(self) -> str | None:
        """What the last load set aside, for the HUD's status part "agenda" (None when it set nothing aside). Pass
        62a: a timer, a shopping item or a repeat the start could not read was logged and kept here, and
        `jarvisd doctor` counted it, but `/api/status` said nothing: the HUD showed the agenda without it."""
        if not self.last_load:
            return None
        count, shown = len(self.last_load), "; ".join(self.last_load[:3])
        more = f"; and {count - 3} more" if count > 3 else ""
        kept = (f"kept in {self.path}" if self.path and not self.unwritable else "only in the log" if not self.path
                else f"only in the log ({self.unwritable})")
        return (f"{count} unusable record{'' if count == 1 else 's'} set aside at start ({shown}{more}), {kept}: "
                f"fix or delete {'it' if count == 1 else 'them'} where it says; the rest of the agenda works")

    def end_load(self) -> None:
        """A load is over: the records of the quarantine file read for it are let go (pass 36: a 256 MB quarantine
        file was held as a set for the daemon's life, +270 MB of memory; the next load reads it again)."""
        self._seen = None

    def add(self, where: str, reason: str, record: str) -> None:
        """Set a record aside: written to the quarantine file (once), then one log line saying truly where it is. Pass
        67: the line said "kept in <quarantine>" before the write was tried, and a second line then said the file could
        not be written: the record was said kept and then not, in that order (lows68: the write goes first)."""
        self._told += 1
        self.last_load.append(f"{where}: {reason[:160]}")
        failed = self._write(where, reason, record)
        if failed is not None:
            self.unwritable = f"the quarantine file {self.path} cannot be written: {failed}; move it away"
            target = f"; not kept anywhere but this log: cannot write the quarantine file {self.path} ({failed}); " \
                "move that file away"
        else:
            target = f"; kept in {self.path}" if self.path else ""
        if self._told <= self.LOG_LINES:
            (log.error if failed else log.warning)("%s: %s is unreadable, skipped: %s%s", self.part, where, reason,
                                                  target)
        elif self._told == self.LOG_LINES + 1:   # pass 35: 200,000 bad lines were 200,000 lines of log
            log.warning("%s: more unreadable records after %s: skipped without a line each%s", self.part, where,
                        target)

    def _write(self, where: str, reason: str, record: str) -> str | None:
        """Copy `record` to the quarantine file unless it holds it: None when it is there (or there is no file), else
        why it could not be written."""
        if self.path is None:
            return None
        try:
            check_regular_file(self.path)  # a FIFO blocked the load (and the start) for good, /dev/zero never ended
            if self.beside is not None and self.path.exists() and self.beside.exists() and \
                    os.path.samefile(self.path, self.beside):  # pass 39: each start appended to the log a line
                raise ValueError(f"it is {self.beside} itself (a link)")  # its next start quarantined again
            if self._seen is None:
                self._seen = self._kept() if self.path.exists() else set()
            if record in self._seen:
                return None
            fd = open_append(self.path)
            try:
                write_all(fd, (json.dumps({"where": where, "reason": reason, "record": record}, ensure_ascii=False)
                               + "\n").encode("utf-8"))
            finally:
                os.close(fd)
            self._seen.add(record)
        except (OSError, ValueError) as exc:
            return str(exc)
        return None

    def _kept(self) -> set[str]:
        """The records already in the quarantine file; a line of its own that is damaged is passed over."""
        kept = set()
        with self.path.open("rb") as fh:  # pass 20: a 2 GiB quarantine file was read whole, 4.3 GB at start
            for _, line, _ in bounded_lines(fh, 4 * MAX_RECORD_BYTES):  # a longer line is no entry of ours
                try:
                    entry = parse_line(line.decode("utf-8", "replace")) if line is not None else None
                except ValueError:
                    continue
                if isinstance(entry, dict) and isinstance(entry.get("record"), str):
                    kept.add(entry["record"])
        return kept


@dataclass
class LoadReport:
    """What a JSONL load found: records read, unreadable lines skipped, a torn last line."""

    records: int = 0
    skipped_lines: list[int] = field(default_factory=list)
    torn_tail: bool = False
    cut_writes: list[str] = field(default_factory=list)   # "lines a-b (k of n records)" of writes not applied


@dataclass
class _Batch:
    """The lines of one `save_many` of several records read so far (`JsonlLoopStore.load`)."""

    key: str
    size: int
    first: int
    loops: list[OpenLoop] = field(default_factory=list)


def _batch_of(record: Any) -> tuple[str, int, int] | None:
    """(write id, index, size) of a record written by a `save_many` of several (its "batch": "id:i/n"); None
    for a record written alone, or a key this version cannot read (the record then counts on its own)."""
    value = record.get("batch") if isinstance(record, dict) else None
    if not isinstance(value, str) or len(value) > 80:   # jarvisd writes "<12 hex>:<i>/<n>"
        return None
    key, _, place = value.rpartition(":")
    index, _, size = place.partition("/")
    if not key or not (index + size).isascii() or not index.isdigit() or not size.isdigit() \
            or not 0 <= int(index) < int(size):
        return None
    return key, int(index), int(size)


# A write's mark is its line's last key (`save_many`): a line that no longer parses but still ends with its whole mark
# was written to its end, so it was damaged later (a bit flip, an edit), not cut by a kill.
_MARK_AT_END = re.compile(rb'"batch":"([^"\\]{1,80})"\}\s*$')


def _mark_at_end(line: bytes) -> tuple[str, int, int] | None:
    """The place in its write of a line that does not parse but ends with its whole write mark. Pass 54f: the last
    line of a write of 100,000 damaged later put none of the write back (a damaged line costs its record alone)."""
    m = _MARK_AT_END.search(line[-200:])
    return _batch_of({"batch": m.group(1).decode("ascii", "replace")}) if m else None


def _lines(fh: Any) -> Iterator[tuple[int, bytes | int, bool]]:
    """(number, the line or its length when longer than any record, whether it is the file's last line) of an
    open agenda log (None: no file), holding at most one record's bytes at a time (`bounded_lines`)."""
    if fh is None:
        return
    lines = bounded_lines(fh, MAX_RECORD_BYTES)
    ahead = next(lines, None)
    while ahead is not None:
        number, line, length = ahead
        ahead = next(lines, None)
        # an over-long line's length without its newline, as the log and the quarantine said it before (a line
        # before the last one ends in one)
        yield number, (line if line is not None else length - (ahead is not None)), ahead is None


# An editor that saves "Unicode" text (Notepad's default choice of old, some Korean editors) writes UTF-16 or UTF-32:
# split at 0x0A, every line of it began with the NUL of the line before, and every record was quarantined as
# "'utf-16-le' codec can't decode ... truncated data" (pass 69: an agenda of three promises listed "No open loops").
_WIDE_BOMS = ((b"\x00\x00\xfe\xff", "utf-32"), (b"\xff\xfe\x00\x00", "utf-32"), (b"\xfe\xff", "utf-16"),
              (b"\xff\xfe", "utf-16"))
# without a BOM: `{"` in each (a crash's NUL filler before a UTF-8 record, `\x00{"id"`, is not one of these)
_WIDE_WITHOUT_BOM = ((b'{\x00\x00\x00"\x00\x00\x00', "utf-32-le"), (b'\x00\x00\x00{\x00\x00\x00"', "utf-32-be"),
                     (b'{\x00"\x00', "utf-16-le"), (b'\x00{\x00"', "utf-16-be"))


def wide_encoding(head: bytes) -> str | None:
    """The UTF-16/UTF-32 codec of a file starting with `head` (its first 8 bytes), or None (UTF-8: JSON Lines)."""
    for start, codec in (*_WIDE_BOMS, *_WIDE_WITHOUT_BOM):
        if head.startswith(start):
            return codec
    return None


class _WideAsUtf8:
    """A UTF-16/32 file (or a UTF-8 one whose lines end in CR alone) read as the UTF-8 bytes of its text with LF line
    ends, a line at a time (`readline(n)` for `bounded_lines`)."""

    def __init__(self, fh: Any, codec: str) -> None:
        self._text = io.TextIOWrapper(fh, encoding=codec, errors="replace", newline="")

    def readline(self, size: int = -1) -> bytes:
        line = self._text.readline(size)
        line = line[:-2] + "\n" if line.endswith("\r\n") else line[:-1] + "\n" if line.endswith("\r") else line
        return line.encode("utf-8", "surrogatepass")


# lows72: a log whose lines end in CR alone (a classic Mac editor's save, pass 69's low) was one line: every record
# quarantined as "Extra data" and the agenda empty. Such a file has a CR and no LF anywhere (jarvisd's JSON escapes both).
_CR_ONLY = "utf-8-cr"


def _cr_only(fh: Any) -> bool:
    seen_cr = False
    while chunk := fh.read(1 << 20):
        if b"\n" in chunk:
            return False
        seen_cr = seen_cr or b"\r" in chunk
    return seen_cr


def _file_codec(path: Path) -> str | None:
    """How the log's text is not JSON Lines as jarvisd writes them: a UTF-16/32 codec, `_CR_ONLY`, or None."""
    try:
        with path.open("rb") as fh:
            codec = wide_encoding(fh.read(8))
            if codec is None:
                fh.seek(0)
                codec = _CR_ONLY if _cr_only(fh) else None
            return codec
    except OSError:
        return None


def convert_wide_log(path: Path) -> None:
    """Rewrite a UTF-16/32 agenda log as UTF-8, or one with CR line ends with LF (the next appends are UTF-8 lines: a
    log of both would be read by neither), the original kept beside it as `<name>.<codec>` (`.cr`); one warning line.
    Nothing is changed when it cannot be done."""
    codec = _file_codec(path)
    if codec is None:
        return
    what = "UTF-8 text with CR line ends" if codec == _CR_ONLY else f"{codec.upper()} text"
    kept = path.with_name(f"{path.name}.{'cr' if codec == _CR_ONLY else codec.replace('-', '')}")
    codec = "utf-8-sig" if codec == _CR_ONLY else codec
    try:
        with path.open("rb") as src:   # the original kept first, then the UTF-8 text renamed over it
            write_whole(kept, iter(lambda: src.read(1 << 20), b""))
        with path.open("rb") as src:
            reader = _WideAsUtf8(src, codec)
            replace_atomically(path, iter(lambda: reader.readline(1 << 20), b""),
                               temp=path.with_name(f"{path.name}.utf8-tmp"))
    except OSError as exc:
        log.warning("openloop: %s is %s, not UTF-8 JSON Lines, and could not be rewritten (%s): it is read as "
                    "it is; save it as UTF-8 with LF line ends", path, what, exc.strerror or exc)
        return
    log.warning("openloop: %s was %s (an editor saved it so), not UTF-8 JSON Lines: rewritten as UTF-8 with LF line "
                "ends, the original kept in %s", path, what, kept)


class JsonlLoopStore(EmbeddingBoundary):
    """An append log, one JSON record per line; the last record of an id wins.

    Each save is one `write` of a whole line followed by fsync, so a record is on disk when save
    returns. A writer killed mid-line leaves a torn last line: load skips and reports it, and the
    next append starts on a fresh line so the torn bytes never glue onto a good record.
    """

    def __init__(self, path: Path | str, embeddings: LoopEmbeddings | None = None, *, read_only: bool = False) -> None:
        """`read_only` (`jarvisd doctor`): the log opened for reading only, never created; pass 55a: on a file system
        remounted read-only (what the kernel does after disk errors) the doctor said the agenda was UNREADABLE."""
        super().__init__(embeddings)
        self.path = Path(path)
        self.report = LoadReport()
        self.quarantine = Quarantine(self.path.with_name(QUARANTINE_NAME), beside=self.path)
        self._lock = threading.Lock()
        require_regular_file("the agenda log", self.path)
        if not read_only:
            convert_wide_log(self.path)
        try:
            if read_only:
                self._fd = open_nonblocking(self.path)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._fd = open_append(self.path)
            self._needs_newline = self._ends_torn()
            self._size = os.fstat(self._fd).st_size  # what this store has seen of the file; it only grows
        except OSError as exc:
            raise unusable_file("the agenda log", self.path, exc) from None
        self._shrank = False  # the file lost records under us: the service writes its whole agenda again

    def _ends_torn(self) -> bool:
        size = self.path.stat().st_size
        if size == 0:
            return False
        with self.path.open("rb") as fh:
            fh.seek(size - 1)
            return fh.read(1) != b"\n"

    def load(self) -> list[OpenLoop]:
        report = LoadReport()
        self.quarantine.new_load()
        loops: dict[str, OpenLoop] = {}
        # a line at a time, never the whole file (pass 38b: a 3 GB agenda log, a crash's sparse filler, took 3.3 GB
        # at start, and with less memory free the start died with a MemoryError traceback)
        try:
            with (self.path.open("rb") if self.path.exists() else contextlib.nullcontext(None)) as fh:
                codec = _file_codec(self.path) if fh is not None else None
                if codec is not None:   # read only (the doctor): read as its text, the file left as it is
                    fh = _WideAsUtf8(fh, "utf-8-sig" if codec == _CR_ONLY else codec)
                # pass 54a: the records of one `save_many` ("cancel everything", an undo, a compound ask) count
                # only when its last one was written: a SIGKILL in the middle of a 5 MB write left 18,528 of
                # 20,000 promises cancelled and 1,472 open. A damaged line inside a whole write is skipped alone.
                batch: _Batch | None = None
                for number, line, last in _lines(fh):
                    place, loop = self._read_line(number, line, last, report)
                    if batch is not None and (place is None and loop is not None or place is not None
                                              and place[0] != batch.key):
                        self._cut_short(batch, number - 1, report)   # another write began: this one never ended
                        batch = None
                    if place is None:
                        if loop is not None:
                            loops[loop.id] = loop
                            report.records += 1
                        continue
                    if batch is None:
                        batch = _Batch(place[0], place[2], number)
                    if loop is not None:
                        batch.loops.append(loop)
                    if place[1] == batch.size - 1:   # its last line (read, if not usable): the whole write is on disk
                        loops.update((one.id, one) for one in batch.loops)
                        report.records += len(batch.loops)
                        batch = None
                if batch is not None:
                    self._cut_short(batch, number, report)
        except OSError as exc:
            raise unusable_file("the agenda log", self.path, exc) from None
        self.quarantine.end_load()
        self.report = report
        return in_order(loops)

    def _cut_short(self, batch: _Batch, end: int, report: LoadReport) -> None:
        where = f"lines {batch.first}-{end} ({len(batch.loops)} of {batch.size} records)"
        report.cut_writes.append(where)
        log.warning("openloop: %s %s: a write of %d records that stopped before its end (jarvisd killed during it); "
                    "none of it is applied, those promises stay as they were before it", self.path, where, batch.size)

    def _read_line(self, number: int, line: bytes | int, last: bool,
                   report: LoadReport) -> tuple[tuple[str, int, int] | None, OpenLoop | None]:
        """One line of the log: (its place in a write of several records, the loop or None when unusable);
        `line` is its length when longer than any record."""
        if isinstance(line, int):   # never parsed nor held: a 300 MB line took 1.9 GB at start (pass 15)
            report.skipped_lines.append(number)
            self.quarantine.add(f"{self.path} line {number}", f"{line} bytes, longer than any record "
                                f"({MAX_RECORD_BYTES} at most): not read, it stays in this file", f"… ({line} bytes)")
            return None, None
        torn = last and not line.endswith(b"\n")   # a write cut short ends the file without its newline
        line = line[:-1] if line.endswith(b"\n") else line
        if not line.strip():
            return None, None
        line, filler = nul_filler_off(line)   # pass 38: the record beside a crash's NULs was quarantined
        if filler:
            log.warning("openloop: %s line %d holds %d NUL bytes around %s (a crash's filler): the NULs skipped",
                        self.path, number, filler, "a record" if line.strip() else "nothing else")
            if not line.strip():
                return None, None
        place = None
        try:
            record = parse_line(line)
            place = _batch_of(record)
            loop = usable_loop(record)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            report.skipped_lines.append(number)
            if place is None and not torn:
                place = _mark_at_end(line)   # a line damaged since, its write whole: that record alone is lost
            if torn:
                report.torn_tail = True
                log.warning("openloop: %s ends in a torn line (%d bytes), skipped: a write was "
                            "interrupted", self.path, len(line))
            else:
                self.quarantine.add(f"{self.path} line {number}", unusable_reason(exc),
                                    line.decode("utf-8", "replace"))
            return place, None
        return place, loop

    def save(self, loop: OpenLoop) -> None:
        self.save_many([loop])

    def save_many(self, loops: Sequence[OpenLoop]) -> None:
        """One `write` of the lines: a write the disk cuts short is cut off whole (`_cut_torn_line`)."""
        # several records carry their place in the write ("batch": "id:i/n"): `load` applies them only when the
        # last one is there (a kill in the middle of a long write leaves all or none of it)
        batch = uuid.uuid4().hex[:12] if len(loops) > 1 else None
        data = "".join(json.dumps(loop.to_record() if batch is None else
                                  {**loop.to_record(), "batch": f"{batch}:{i}/{len(loops)}"},
                                  ensure_ascii=False, separators=(",", ":")) + "\n"
                       for i, loop in enumerate(loops)).encode("utf-8")
        with self._lock:
            self._follow_the_path()
            self._notice_a_shrink()
            if self._needs_newline:
                data = b"\n" + data
            view, written = memoryview(data), 0
            try:
                while view:
                    n = os.write(self._fd, view)
                    view, written = view[n:], written + n
                os.fsync(self._fd)
            except OSError:
                if view and written:
                    self._cut_torn_line(written)
                raise
            self._needs_newline = False
            self._size = os.fstat(self._fd).st_size

    def _notice_a_shrink(self) -> None:
        """Pass 25: another program truncated the log in place (`truncate -s 0`, a `>` redirect, a sync tool
        writing an older copy into the same file) and nothing was said: the records it held, "email Sue" shown in
        the HUD, were gone at the next start. Now it is logged and `take_shrink` tells the service to write them again."""
        size = os.fstat(self._fd).st_size
        if size < self._size:
            log.warning("openloop: %s shrank from %d to %d bytes while jarvisd runs (another program truncated "
                        "it): jarvisd writes its whole agenda into it again", self.path, self._size, size)
            self._shrank = True
            self._needs_newline = size > 0 and self._ends_torn()
        self._size = size

    def take_shrink(self) -> bool:
        """Whether the file shrank under this store since the last call (the service then saves every loop)."""
        with self._lock:
            shrank, self._shrank = self._shrank, False
            return shrank

    def _follow_the_path(self) -> None:
        """Append to the file now at the path. Pass 20: an editor's save (a new file renamed over this one,
        as vim and most editors save) or a sync tool replaced the log while the daemon ran, and every later
        promise was appended to the old file, gone from the folder: "Got it", shown in the HUD, and missing
        after a restart. The records of the file now there are read at the next start, as before."""
        try:
            here, mine = os.stat(self.path), os.fstat(self._fd)
            if (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino):
                return
            how = "replaced"
        except FileNotFoundError:
            how = "removed"
        except OSError as exc:  # the path cannot be looked at (a symlink loop, a folder without access)
            if os.fstat(self._fd).st_nlink > 0:
                return  # the open file is still in a folder: keep writing there
            raise unusable_file("the agenda log", self.path, exc) from None  # never "saved" into a removed file
        log.warning("openloop: %s was %s while jarvisd runs (an editor's save, a sync tool): changes from now "
                    "on go to the file at that path, whose other records jarvisd reads at its next start; edit "
                    "the agenda log with jarvisd stopped", self.path, how)
        require_regular_file("the agenda log", self.path)  # never a FIFO's open, which waits for a reader
        try:
            fd = open_append(self.path)
        except OSError as exc:
            raise unusable_file("the agenda log", self.path, exc) from None
        os.close(self._fd)
        self._fd = fd
        self._needs_newline = self._ends_torn()
        self._size = os.fstat(fd).st_size

    def _cut_torn_line(self, written: int) -> None:
        """A write that stopped part-way (disk full) left the start of a line: cut it off, or the next
        record would be glued onto it and lost at the next load although it was acknowledged. Another
        process appending meanwhile (its line after ours) is never cut: the next record starts on a new
        line instead."""
        try:
            end = os.lseek(self._fd, 0, os.SEEK_CUR)
            if os.fstat(self._fd).st_size != end:
                raise OSError("another process wrote after the torn line")
            os.ftruncate(self._fd, end - written)
        except OSError as exc:
            log.error("openloop: cannot cut a torn line off %s (%s); the next record starts on a new line",
                      self.path, exc)
            self._needs_newline = True

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1

    def __del__(self) -> None:
        # a store let go without close() gives its descriptor back: a raw fd has no finalizer of its own (the
        # test suite's ~3,000 desks leaked one each, and the tray tests' select() failed past fd 1024)
        fd = getattr(self, "_fd", -1)
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)


JSONL_NAME = "openloops.jsonl"
