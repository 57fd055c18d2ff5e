"""Whose agenda this is: one agenda per `general.user`, as memory is one per user.

The agenda's files (`openloops.jsonl`, its quarantine, the delivered-reminder log `reminders.jsonl`) and its
LanceDB table (`open_loops`) were one per data folder while memory was kept per `general.user`: a second user
on the same JARVIS_HOME, asking "what do I have tomorrow?", heard the first user's "buy milk". Now the data
folder's own agenda belongs to one user, its owner, named in `<data dir>/agenda.owner`. The first start that
finds no owner file writes it for its user, so whoever has been using the home keeps their agenda where it
is and nothing is moved. Every other user's agenda is in `<data dir>/users/<key>/` and the LanceDB table
`open_loops_<key>`, the key a readable form of the name and a short hash of it (two names never share one).

A home where two users already shared the one agenda before this gives the whole of it to the first user who
starts after it; nothing in those records says whose each one was.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvisd.datafiles import (
    FileTooLarge,
    NotARegularFile,
    StartupError,
    check_regular_file,
    open_nonblocking,
    read_regular_file,
    replace_atomically,
    unusable_file,
    write_whole,
)
from jarvisd.textsafe import has_visible, user_name_problem

log = logging.getLogger(__name__)

OWNER_NAME = "agenda.owner"
USERS_DIR = "users"
TABLE = "open_loops"
MAX_OWNER_BYTES = 4096   # a user name, not a file someone pointed here


@dataclass(frozen=True)
class AgendaPlace:
    """Where one user's agenda lives: `folder` holds its JSONL log, the log's quarantine and the
    delivered-reminder log; `table` is its LanceDB table (at `memory.store_uri`)."""

    folder: Path
    table: str
    owner: bool   # the data folder's own agenda (the files where every jarvisd before this kept them)


def user_key(user: str) -> str:
    """A folder and table name for `user`: letters, digits and hyphens of the name (at most 32), then 8 hex
    digits of its SHA-256, so "Ana" and "ana", or two names of Korean letters only, stay apart."""
    readable = unicodedata.normalize("NFKD", user).encode("ascii", "ignore").decode("ascii").lower()
    readable = re.sub(r"[^a-z0-9]+", "-", readable).strip("-")[:32].strip("-") or "user"
    return f"{readable}-{hashlib.sha256(user.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


def agenda_place(data_dir: Path, user: str, *, claim: bool = True) -> AgendaPlace:
    """`user`'s agenda in `data_dir`. `claim=False` (`jarvisd doctor`, reading only) writes nothing: with no
    owner file yet, `user` is the one the next start would make the owner."""
    data_dir = Path(data_dir)
    owner = read_owner(data_dir)
    if owner is None:
        owner = _claim(data_dir, user) if claim else user
    if owner == user:
        return AgendaPlace(data_dir, TABLE, True)
    key = user_key(user)
    return AgendaPlace(data_dir / USERS_DIR / key, f"{TABLE}_{key.replace('-', '_')}", False)


def place_of(cfg: Any, *, claim: bool = True) -> AgendaPlace:
    """The configured user's agenda place (`general.user` in `paths.data_dir`)."""
    return agenda_place(cfg.paths.data_dir, cfg.general.user, claim=claim)


def read_owner(data_dir: Path) -> str | None:
    """The owner file's user, or None when there is none yet (or it is empty: a claim cut short)."""
    path = data_dir / OWNER_NAME
    try:
        # not `open`: a FIFO there (a `mkfifo`, a sync tool's special file) held every start in the open for good,
        # `jarvisd run` deaf to SIGTERM (pass72b); a regular file only, read without waiting on a writer
        check_regular_file(path)   # a socket: its open says only "No such device or address"
        raw = read_regular_file(path, MAX_OWNER_BYTES)
    except FileNotFoundError:
        if os.path.islink(path):   # files74: a dangling link was read as "no owner yet", then its claim hung
            raise StartupError(f"cannot open the agenda's owner file {path}: it is a link to {os.readlink(path)}, "
                               "which is not there: remove the link and start again (the next start writes "
                               "`general.user` into it)") from None
        return None
    except FileTooLarge:
        raw = b"x" * (MAX_OWNER_BYTES + 1)   # said below, as for a file that grew past the bound
    except NotARegularFile:
        raise StartupError(f"cannot open the agenda's owner file {path}: it is not a regular file "
                           f"({os.path.realpath(path)}): move it away and start again (the next start writes "
                           f"`general.user` into it)") from None
    except OSError as exc:  # a folder, unreadable, a link loop: the agenda's owner cannot be guessed
        raise unusable_file("the agenda's owner file", path, exc) from None
    if len(raw) > MAX_OWNER_BYTES:
        raise StartupError(f"cannot use the agenda's owner file {path}: it is {MAX_OWNER_BYTES}+ bytes, not a user "
                           f"name; write the user whose agenda is in {data_dir} into it (`general.user`)")
    try:
        name = raw.decode("utf-8-sig").rstrip("\r\n")   # a BOM: Notepad writes one before the name
    except UnicodeDecodeError:
        raise StartupError(f"cannot use the agenda's owner file {path}: it is not UTF-8 text; write the user whose "
                           f"agenda is in {data_dir} into it (`general.user`)") from None
    if name and not has_visible(name):   # NULs, a BOM alone: a damaged file (a disk's, our claim writes it whole)
        raise StartupError(f"cannot use the agenda's owner file {path}: it names no user (only invisible characters, "
                           f"{name[:8]!r}); write the user whose agenda is in {data_dir} into it (`general.user`)")
    if (bad := next((ch for ch in name if unicodedata.category(ch) == "Cc"), None)) is not None:
        # "alice\0\0\0\0" (a crash's NUL padding), two lines: no `general.user` can hold a control character (config
        # refuses it), so the name read was no one's and the owner heard an empty agenda without a word (pass 67)
        raise StartupError(f"cannot use the agenda's owner file {path}: the name in it holds a control character "
                           f"({bad!r} in {name[:40]!r}), so it is damaged, not a user name; write the user whose "
                           f"agenda is in {data_dir} into it (`general.user`)")
    if name and (why := user_name_problem(name)) is not None:
        # "me " or "\u200fme": read as another user than `general.user = "me"`, silently (lows68); config holds
        # `general.user` to the same rule, so no start can have written such a name here
        raise StartupError(f"cannot use the agenda's owner file {path}: the name in it {why}; write the user whose "
                           f"agenda is in {data_dir} into it (`general.user`)")
    return name or None


def _claim(data_dir: Path, user: str) -> str:
    """Write `user` as the owner unless another start has just done so (then that one's user is the owner).
    The name is written whole to a temporary file, then linked in place: a crash leaves no half name."""
    path = data_dir / OWNER_NAME
    temp = data_dir / f".{OWNER_NAME}.{os.getpid()}"
    try:
        data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        name = (user + "\n").encode("utf-8", "surrogatepass")
        write_whole(temp, [name])
        try:
            os.link(temp, path)
        except FileExistsError:
            # an empty owner file (written by hand): this user takes it, one start at a time under a lock on the
            # file, each reading it again there (two starts that both found it empty both took it: pass 64's low).
            # Not a lock on the folder: the instance lock of this very process holds one (files74: an empty or
            # dangling owner file hung `jarvisd chat`, `openloop list` and `run` in `flock` for good)
            with _owner_file_locked(path):
                if (empty_or_owner := read_owner(data_dir)) is not None:
                    return empty_or_owner
                replace_atomically(path, [name])
        _sync_folder(data_dir)
        log.debug("agenda: the agenda in %s is %r's (%s)", data_dir, user, path)   # once; a command's stderr stays its own
    except OSError as exc:  # a read-only home: the agenda's own checks say so; this user reads the folder's agenda
        log.warning("agenda: cannot write %s (%s); %r uses the agenda in %s", path, exc.strerror or exc, user,
                    data_dir)
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()
    return user


@contextlib.contextmanager
def _owner_file_locked(path: Path) -> Iterator[None]:
    """An exclusive `flock` on the owner file as it is now (no lock file left behind; the kernel lets it go if we
    die). A start that waited while another replaced the file locks the new one and reads that."""
    while True:
        fd = open_nonblocking(path)   # a regular file only: read_owner refused the rest
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                break
        except FileNotFoundError:   # removed meanwhile: lock what is there next
            pass
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
