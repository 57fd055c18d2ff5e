"""What keeps the HUD a private page of this desktop: the per-install token, the loopback-only bind,
and an ASGI guard that refuses foreign `Host` (DNS rebinding) and `Origin` (CSRF) before any route runs.

The guard is plain ASGI, not `BaseHTTPMiddleware`, so server-sent event streams pass through untouched.
"""

from __future__ import annotations

import errno
import hmac
import json
import logging
import os
import secrets
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from h11 import LocalProtocolError
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from jarvisd.config import is_loopback
from jarvisd.datafiles import (
    FileTooLarge,
    NotARegularFile,
    create_exclusive,
    read_regular_file,
    replace_atomically,
)
from jarvisd.errors import StartupError

log = logging.getLogger(__name__)

TOKEN_FILE = "hud.token"
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
SINGLE_HEADERS = frozenset({"host", "origin", "authorization", "sec-fetch-site", "content-length"})
QUERY_TOKEN_PATHS = frozenset({"/api/events"})  # EventSource cannot send headers
REDEEM_PATH = "/api/ticket/redeem"
HELLO_PATH = "/api/hello"
TOKENLESS_PATHS = frozenset({REDEEM_PATH,    # a one-time ticket is its credential (hud/tickets.py)
                             HELLO_PATH})    # proves the daemon holds the token, tells nothing of it
SECURITY_HEADERS = (
    (b"content-security-policy",
     b"default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
     b"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
)


class NonLoopbackRefused(ValueError):
    """The HUD was asked to listen on an address other machines can reach."""


def check_bind_address(host: str, allow_non_loopback: bool = False) -> None:
    """Raise unless `host` is loopback, or the user explicitly allowed another address."""
    if not is_loopback(host) and not allow_non_loopback:
        raise NonLoopbackRefused(
            f"refusing to serve the HUD on {host!r}: it is not a loopback address and anyone who can reach it "
            "could read your agenda (set hud.allow_non_loopback = true to override, at your own risk)")


def load_or_create_token(data_dir: Path) -> str:
    """The per-install token in `<data dir>/hud.token` (mode 0600), created on first start."""
    path = Path(data_dir) / TOKEN_FILE
    # Pass 18: an OSError here (the token a directory, another user's file, a folder this user cannot write)
    # was a traceback from `jarvisd hud`, `jarvisd mic` and `jarvisd openloop done` (the daemon said one line)
    token = secrets.token_urlsafe(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        # not left half written: a failed write (pass 55a: a full disk) removes it, and an empty file would be
        # read as "write a new one" anyway
        create_exclusive(path, (token + "\n").encode("ascii"))
    except FileExistsError:
        data = _token_bytes(path)  # read before any chmod: a FIFO blocked the daemon's event loop for good
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            log.warning("hud: %s was readable by others (mode %o); tightening to 0600", path, mode)
            try:
                path.chmod(0o600)
            except OSError as exc:
                raise _unusable_token_file(path, exc) from None
        token = _token_text(path, data)
        if token:
            return _usable_token(path, token)
        path.unlink()
        return load_or_create_token(data_dir)
    except OSError as exc:   # pass 55a: a full disk (or `ulimit -f`) was an ENOSPC traceback from `jarvisd hud`
        raise _unusable_token_file(path, exc) from None
    return token


def token_state(data_dir: Path) -> str | None:
    """What `jarvisd doctor` says of `hud.token`, read only (nothing created, nothing chmodded): None when it is a
    usable token, else one line: absent or empty (a new one is written at start), readable by others (made 0600
    at start), or why the HUD will not start with it."""
    path = Path(data_dir) / TOKEN_FILE
    try:
        os.stat(path)
    except FileNotFoundError:
        if not os.path.islink(path):
            return f"absent: {path} is created at the first start"
    except OSError as exc:   # files74: a data folder of mode 000 was a PermissionError traceback out of the doctor
        return f"UNUSABLE: {_unusable_token_file(path, exc)}; the HUD will not start"
    try:
        token = _token_text(path, _token_bytes(path))
        if not token:
            return f"empty: a new token is written to {path} at start"
        _usable_token(path, token)
    except UnusableToken as exc:   # the start's own words for it
        return f"UNUSABLE: {exc}; the HUD will not start"
    mode = stat.S_IMODE(path.stat().st_mode)
    return f"readable by others (mode {mode:o}): made 0600 at the next start" if mode & 0o077 else None


def _token_bytes(path: Path) -> bytes:
    """An existing token file's bytes, or UnusableToken saying why it cannot be read: not a regular file (a link to
    /dev/zero ran out of memory), too large (pass 20: a 2 GiB token file took 4.6 GB before it was refused), or
    not readable by this user. What the start and `jarvisd doctor` (`token_state`) both read."""
    try:
        return read_regular_file(path, MAX_TOKEN_FILE_BYTES)
    except FileTooLarge as exc:
        raise UnusableToken(f"the token file {path} is {exc.strerror}, not a token file") from None
    except OSError as exc:
        raise _unusable_token_file(path, exc) from None


def _unusable_token_file(path: Path, exc: OSError) -> UnusableToken:
    """One line for a token file this user cannot open, read, create or make private."""
    why = exc.strerror or str(exc)
    if isinstance(exc, IsADirectoryError):
        return UnusableToken(f"the token file {path} is a directory: move it away and try again")
    if exc.errno == errno.ENXIO or isinstance(exc, NotARegularFile):   # a socket, a FIFO, a device
        return UnusableToken(f"the token file {path} is not a regular file: remove it (a new one is created)")
    if exc.errno == errno.ELOOP:   # doors77: "give your user read and write access" was no fix for a loop
        return UnusableToken(f"the token file {path} is a link that leads back to itself: remove it (a new one is "
                             "created)")
    if exc.errno == errno.ENOENT and path.is_symlink():
        return UnusableToken(f"the token file {path} is a link to {os.readlink(path)}, which cannot be made: remove "
                             "it (a new one is created)")
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return UnusableToken(f"cannot write the token file {path} ({why}): free some space on its disk and try again")
    try:
        owner = path.stat().st_uid if path.exists() else path.parent.stat().st_uid
    except OSError:
        owner = None
    if owner is not None and owner != os.getuid():
        return UnusableToken(f"cannot use the token file {path} ({why}): it belongs to uid {owner}, not to this user "
                             f"(uid {os.getuid()}): remove it (a new one is created) or give it to your user "
                             f"(chown {os.getuid()} {path})")
    return UnusableToken(f"cannot use the token file {path} ({why}): give your user read and write access to it "
                         "and its folder, or remove it (a new one is created)")


def replace_token(data_dir: Path) -> str:
    """A new token in `<data dir>/hud.token` (0600, written beside it and renamed over it, so a kill leaves
    the old token or the new one): what a stolen one is replaced with (hud/tickets.py)."""
    path = Path(data_dir) / TOKEN_FILE
    token = secrets.token_urlsafe(32)
    replace_atomically(path, [(token + "\n").encode("ascii")])
    return token


class UnusableToken(StartupError, ValueError):
    """`hud.token` holds a token jarvisd will not serve with: `jarvisd hud` says so in one line, the
    daemon runs without its HUD."""


def _token_text(path: Path, data: bytes) -> str:
    """The token file's text: a byte-order mark an editor put in front is dropped (it cost the whole HUD,
    "'ascii' codec can't decode byte 0xef"), line ends and spaces around it too; other non-ASCII is named."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("ascii").strip()
    except UnicodeDecodeError as exc:
        raise UnusableToken(f"the token in {path} is not ASCII text (byte 0x{data[exc.start]:02x} at position "
                            f"{exc.start}): remove the file and restart jarvisd, a new one is created") from None


MIN_TOKEN_CHARS = 16  # secrets.token_urlsafe(32) writes 43; a short token could be guessed by another local user
MAX_TOKEN_CHARS = 1024  # jarvisd writes 43; a 10 MB token locked the HUD (a 1 MB header: the server closed the connection)
MAX_TOKEN_FILE_BYTES = 64 * 1024  # the token with a BOM, spaces and line ends around it: far less


def _usable_token(path: Path, token: str) -> str:
    """A token from the file, or ValueError: one a browser cannot send in a header (a NUL, a control
    character, a space: the HUD answered 401 to everything, silently) or short enough to guess."""
    if not MIN_TOKEN_CHARS <= len(token) <= MAX_TOKEN_CHARS or \
            not all(c.isalnum() or c in "-_.~+/=" for c in token):
        raise UnusableToken(f"the token in {path} is not usable: it must be at least {MIN_TOKEN_CHARS} and "
                         f"at most {MAX_TOKEN_CHARS} letters, digits or -_.~+/= (got {len(token)} characters)")
    return token


def split_host(value: str) -> str:
    """The host name of a `Host` header or URL netloc, without port or IPv6 brackets; "" when what
    follows the name is not a port (`[::1]evil.example`, `localhost:x`)."""
    value = value.strip().lower()
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        return name if bracket and _is_port_suffix(rest) else ""
    if value.count(":") == 1:
        name, _, port = value.partition(":")
        return name if _is_port_suffix(":" + port) else ""
    return value


def _is_port_suffix(rest: str) -> bool:
    """Nothing, or ":" and a port a socket can have (pass 34: `localhost:99999` was accepted)."""
    return rest == "" or (rest[:1] == ":" and rest[1:].isascii() and rest[1:].isdigit() and len(rest) <= 6
                          and 0 < int(rest[1:]) <= 65535)


def host_allowed(host_header: str, allowed: Iterable[str]) -> bool:
    return bool(host_header) and split_host(host_header) in set(allowed)


def origin_allowed(origin: str | None, host_header: str) -> bool:
    """Same origin only: the page this server sent. A local app on another port is foreign too."""
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:  # pass 20: `Origin: http://[::1` was a 500 and two tracebacks in the log, without a token
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host_header.strip().lower()


def bearer_token(headers: dict[str, str], path: str, method: str, query: bytes) -> str | None:
    scheme, _, value = headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if method == "GET" and path in QUERY_TOKEN_PATHS:
        values = parse_qs(query.decode("latin-1")).get("token")
        return values[0] if values else None
    return None


class LocalGuard:
    """Refuse a foreign Host (403), a foreign Origin or cross-site fetch (403), and any /api request
    without the token (401). Adds security headers to every response."""

    def __init__(self, app: ASGIApp, token: str | Callable[[], str], allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
                 max_body_bytes: int | None = None) -> None:
        """`token` is the token, or a function giving the current one (the app's, which a stolen ticket
        replaces)."""
        if not token:
            raise ValueError("the HUD needs a token")
        self.app, self._token, self.max_body_bytes = app, token, max_body_bytes
        self.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers: dict[str, str] = {}
        duplicated = ""
        for k, v in scope["headers"]:
            name = k.decode("latin-1").lower()
            if name in headers and name in SINGLE_HEADERS:
                duplicated = name
            headers[name] = v.decode("latin-1")
        refusal = self.refusal(scope, headers)
        if duplicated:  # which one would count? an ambiguous request is refused, never guessed
            refusal = 400, "duplicate_header", f"the {duplicated} header appears more than once"
        if refusal is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            status, code, detail = refusal
            try:
                await _send_json(send, status, {"error": code, "detail": detail})
            except LocalProtocolError:   # the server answered it first (a chunk size it could not read: 400)
                # (pass 56b: two tracebacks in the log for each such request, without a token; debug only)
                log.debug("hud: %s %s: already answered by the server (a request it could not read); refused",
                          scope.get("method", ""), scope.get("path", ""))
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        received = 0

        async def receive_with_limit() -> Message:
            """A body without a declared length (chunked) is counted as it arrives; past the limit the
            route's read raises, and the app's HTTPException handler answers 413 in the JSON shape."""
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if self.max_body_bytes is not None and received > self.max_body_bytes:
                raise HTTPException(413, f"the body may be at most {self.max_body_bytes} bytes")
            return message

        try:
            await self.app(scope, receive_with_limit if scope["type"] == "http" else receive, send_with_headers)
        except ClientDisconnect:  # gone before its body was whole (or its deadline closed it): nobody to answer
            # (pass 54b: two tracebacks in the log for each such client; debug only: another user could repeat it)
            log.debug("hud: %s %s: the client went away before its request body was whole; nothing done",
                      scope.get("method", ""), scope.get("path", ""))

    @property
    def token(self) -> str:
        return self._token() if callable(self._token) else self._token

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str, str] | None:
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed_hosts):
            return 403, "host_not_allowed", "this server only answers to localhost (DNS rebinding guard)"
        if not origin_allowed(headers.get("origin"), host) or \
                headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "origin_not_allowed", "requests from other sites are refused"
        path = scope.get("path", "")
        if (path == "/api" or path.startswith("/api/")) and path not in TOKENLESS_PATHS:
            given = bearer_token(headers, path, scope.get("method", "GET"), scope.get("query_string", b""))
            if given is None or not hmac.compare_digest(given.encode(), self.token.encode()):
                return 401, "unauthorized", "open the HUD with `jarvisd hud` (the token is in <data dir>/hud.token)"
        length = headers.get("content-length", "")
        if self.max_body_bytes is not None and length.isdigit() and int(length) > self.max_body_bytes:
            # refused before the body is read, in the JSON error shape (Starlette's limit answered plain text)
            return 413, "request_entity_too_large", f"the body may be at most {self.max_body_bytes} bytes"
        return None


async def _send_json(send: Send, status: int, body: dict[str, str]) -> None:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
               *SECURITY_HEADERS]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="jarvisd"'))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
