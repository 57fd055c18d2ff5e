"""One-time tickets that open the HUD without the token on a command line.

`jarvisd hud` and the tray's Open HUD used to start the browser with `http://127.0.0.1:8765/#token=…`.
A process's command line is readable by every local user (`/proc/<pid>/cmdline`, `ps`), and a browser
started that way keeps it for as long as it runs: another account on the machine could read the token
and drive the HUD (pass 14 of issue 18). Now the command asks the daemon for a ticket (with the token,
over loopback) and opens `#ticket=…`; the page trades the ticket for the token once, within
`TICKET_SEC`, and the ticket is void after that. What is left on a command line is a used ticket.

Only the user's own programs can trade a ticket: the kernel says whose socket sent the request
(`listener.peer_owner`), and another user's is refused without using the ticket up (pass 15: a thief
polling /proc redeemed it 0.8 s before the browser started, and held a working token until the
browser's second use replaced it). A thief of the same user could read `hud.token` itself.

A ticket redeemed twice means something else read it first and now holds the token: the token is then
replaced (a new `hud.token`; outstanding tickets and open event streams end), so what stole it holds a dead
key, and the second redeemer (the browser, when the other one won the race) is told so, and the log too.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from jarvisd.hud.api import _json_object, error
from jarvisd.hud.listener import peer_owner
from jarvisd.hud.security import HELLO_PATH, REDEEM_PATH

log = logging.getLogger(__name__)

TICKET_SEC = 30        # a browser starts within this; an unused ticket is void after it
MAX_OPEN = 64          # outstanding tickets at most (the oldest is dropped): each live tab keeps one for a reload
                       # (renewed every 20 s), so a `jarvisd hud` ticket is not pushed out by a dozen tabs
USED_SEC = 600         # a used ticket is known as used this long (a browser slower than TICKET_SEC still tells)
MAX_USED = 256
__all__ = ["HELLO_PATH", "REDEEM_PATH", "TICKET_SEC", "Tickets", "post_ticket", "redeem_ticket"]


class Tickets:
    """Outstanding and recently used tickets; thread-safe (the tray asks from its own thread)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._open: dict[str, float] = {}   # ticket -> expiry
        self._used: dict[str, float] = {}   # ticket -> expiry, to tell a second use from a wrong ticket
        self._replayed: set[str] = set()    # used tickets already used a second time
        self._lock = threading.Lock()

    def issue(self) -> str:
        ticket = secrets.token_urlsafe(24)
        with self._lock:
            self._forget_expired()
            while len(self._open) >= MAX_OPEN:
                self._open.pop(next(iter(self._open)))
            self._open[ticket] = self._clock() + TICKET_SEC
        return ticket

    def redeem(self, ticket: str) -> str:
        """"ok" once per ticket within its time; "used" for its second use, "used_again" after that (the token
        is replaced once per ticket: a used ticket left in a browser's command line, sent again and again,
        would otherwise sign the user out at each); "unknown" otherwise (wrong or expired)."""
        with self._lock:
            self._forget_expired()
            expiry = self._open.pop(ticket, None)
            if expiry is not None:
                while len(self._used) >= MAX_USED:
                    oldest = next(iter(self._used))
                    del self._used[oldest]
                    self._replayed.discard(oldest)
                self._used[ticket] = self._clock() + USED_SEC
                return "ok"
            if ticket not in self._used:
                return "unknown"
            if ticket in self._replayed:
                return "used_again"
            self._replayed.add(ticket)
            return "used"

    def void_open(self) -> None:
        """Every outstanding ticket is void (the token they would give was replaced)."""
        with self._lock:
            self._open.clear()

    def _forget_expired(self) -> None:
        now = self._clock()
        for table in (self._open, self._used):
            for ticket in [t for t, expiry in table.items() if expiry <= now]:
                del table[ticket]
        self._replayed.intersection_update(self._used)


async def post_ticket(request: Request) -> Response:
    """POST /api/ticket (with the token): a ticket for `#ticket=` that the page trades for the token."""
    return JSONResponse({"ticket": request.app.state.tickets.issue(), "expires_in": TICKET_SEC})


_NONCE = re.compile(r"[A-Za-z0-9_-]{16,128}")


def hello_proof(token: str, nonce: str) -> str:
    return hmac.new(token.encode(), f"jarvisd-hud-hello:{nonce}".encode(), hashlib.sha256).hexdigest()


async def hello(request: Request) -> Response:
    """GET /api/hello?nonce=… (no token): proof that this is the daemon holding the page's token, HMAC-SHA256
    of the nonce with the token, which the page checks before it sends the token again after it lost the
    daemon. Pass 16: while the daemon was stopped (a restart, a crash), a program of another user took its
    port, and every open HUD tab sent it the token within seconds (`Authorization: Bearer …` and
    `/api/events?token=…`, the page's and EventSource's own reconnects); the token outlives restarts."""
    other = _other_users_program(request)
    if other not in (None, _GONE):  # nor can another user's program relay a page's nonce to here
        return error(403, "hello_other_user", f"{other} sent this request: the proof is for the HUD page only")
    nonce = request.query_params.get("nonce", "")
    if not _NONCE.fullmatch(nonce):
        return error(422, "invalid_nonce", "nonce must be 16-128 letters, digits, - or _")
    return JSONResponse({"proof": hello_proof(request.app.state.hud_token, nonce)})


async def redeem_ticket(request: Request) -> Response:
    """POST /api/ticket/redeem {"ticket": "…"} (no token: same origin only): the token, once."""
    body = await _json_object(request, {"ticket"})
    if isinstance(body, JSONResponse):
        return body
    ticket = body.get("ticket")
    if not isinstance(ticket, str) or not ticket:
        return error(422, "invalid_body", "ticket must be a non-empty string")
    other = _other_users_program(request)
    if other == _GONE:  # nobody can read the token: a trade now would only use the browser's ticket up
        return error(400, "client_gone", "the program that sent this closed its connection: nothing is traded")
    if other is not None:
        _log_refused_trade(other)
        return error(403, "ticket_other_user", f"{other} sent this request: a HUD ticket is traded only with "
                                               "programs of the user running jarvisd")
    outcome = request.app.state.tickets.redeem(ticket)
    if outcome == "ok":
        return JSONResponse({"token": request.app.state.hud_token})
    if outcome in ("used", "used_again"):
        replaced = _replace_token(request) if outcome == "used" else "the HUD token was replaced then"
        log.warning("hud: a HUD ticket was used twice: something else on this computer may have read it from "
                    "the browser's command line before the browser did; %s; open the HUD again with `jarvisd hud`",
                    replaced)
        return error(410, "ticket_used", "this HUD link was already used (by something else on this computer?); "
                                         f"{replaced}: open the HUD again with `jarvisd hud`")
    return error(410, "ticket_expired", f"this HUD link is unknown or older than {TICKET_SEC:.0f} s: open the HUD "
                                        "again with `jarvisd hud`")


REFUSAL_LOG_SEC = 60.0  # one warning a minute for other users' trades, with how many were refused
_refusals = {"last": float("-inf"), "unlogged": 0}


def _log_refused_trade(other: str) -> None:
    """Warn of another user's trade, once a minute (pass 16: a warning per refusal let uid 12345 write 1,200
    lines a second to the daemon's log over 8 kept-alive connections, 300 KB/s: a terminal's scrollback or
    journald's rate limit, which then drops the daemon's own lines, at another user's wish)."""
    now = time.monotonic()
    if now - _refusals["last"] < REFUSAL_LOG_SEC:
        _refusals["unlogged"] += 1
        return
    more, _refusals["unlogged"], _refusals["last"] = _refusals["unlogged"], 0, now
    log.warning("hud: %s tried to trade a HUD ticket for the token: refused (the ticket stays good for your "
                "browser). It may have read the ticket from the browser's command line%s", other,
                f" ({more} more such trades refused in the last minutes)" if more else "")


_GONE = "gone"


def _other_users_program(request: Request) -> str | None:
    """Who sent the request when that is known to be another user's program, `_GONE` when its client socket
    on this computer is closed already, else None (the user's own program, another host, or the kernel
    cannot say). Pass 16: another user that sent the trade and closed its socket at once (or reset it) was
    not known (the kernel keeps a closed socket as uid 0, or not at all) and used the browser's ticket up:
    the browser was told "already used", the token replaced, every tab signed out, at each `jarvisd hud`."""
    client, server = request.scope.get("client"), request.scope.get("server")
    if not client or not server:
        return None
    owner, uid = peer_owner((client[0], client[1]), (server[0], server[1]))
    if owner == "gone":
        return _GONE
    return f"a program of another user (uid {uid})" if owner == "other" else None


def _replace_token(request: Request) -> str:
    """Whoever used the ticket first holds the token: replace it (pass 15: the thief kept a working token
    for good, across restarts, while the user was only told). What it says of the outcome."""
    state = request.app.state
    replace = getattr(state, "replace_token", None)
    if replace is None:
        return "the HUD token was not replaced"
    try:
        new = replace()
    except OSError as exc:
        log.error("hud: could not write a new HUD token (%s)", exc)
        return (f"the HUD token could not be replaced ({exc.strerror or exc}): remove hud.token in the data dir "
                "and restart jarvisd")
    state.hud_token = new
    state.tickets.void_open()
    hud = getattr(state, "hud", None)
    if hud is not None:  # streams opened with the old token end (the page reconnects and asks for the token)
        old, hud.revoked = hud.revoked, asyncio.Event()
        old.set()
    return "the HUD token was replaced, so whatever read it can no longer use it"
