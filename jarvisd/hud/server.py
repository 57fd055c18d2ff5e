"""Serving the HUD inside the daemon's event loop with uvicorn: bind (loopback only), start, stop.

The daemon owns signals, so uvicorn's own signal capture is switched off. Stopping first ends the
app's open event streams (`app.state.close_streams`), since uvicorn waits for open responses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from jarvisd.hud.listener import peer_owner
from jarvisd.hud.security import check_bind_address

log = logging.getLogger(__name__)

# Connections that have not sent a whole request yet need no token: before, 1,100 of them that sent half
# a request line and waited held the daemon's 1,024 descriptors (a systemd user unit's soft limit) for
# as long as they liked; the HUD answered nothing, and every file the daemon opened failed meanwhile.
REQUEST_DEADLINE_SEC = 10.0  # a new connection that has not sent its request's headers by then is closed
MAX_CONNECTIONS = 256  # open HUD connections; one more is closed at once (200 event streams were tested)
# Another user has no token and no business with this HUD: its connections share a few slots, so it cannot
# hold the user's own page refused (pass 15: 300 idle connections of uid 12345 held all 256 for 5-10 s,
# again and again). A peer on another host (`allow_non_loopback`) is not known to be one and is not limited.
MAX_OTHER_USERS_CONNECTIONS = 16
# Connections taken in one accept round, and the kernel's queue of those not yet taken: each is a descriptor
# until its `connection_made` runs, after the round. uvicorn's 2,048 let another user's burst of 1,800
# connects take the daemon past a systemd user unit's 1,024 descriptors (pass 16): the lookups of whose
# program connected failed for lack of one, so its connections filled the user's slots (all 62 of the user's
# requests in 8 s reset), and asyncio logged 4,434 tracebacks. 27 + 256 + 16 + 128 stay far below 1,024.
ACCEPT_BACKLOG = 128
_REFUSAL_LOG_SEC = 60.0


def over_capacity(open_connections: int, limit: int = MAX_CONNECTIONS) -> bool:
    return open_connections > limit


class _BoundedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for a new connection's first request and a cap on open
    connections, so the HUD degrades alone and the daemon keeps descriptors for its own files."""

    _last_refusal_log = 0.0

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        owner = _peer_owner(transport)
        self.other_user = owner == "other"
        if owner == "gone":  # closed or reset by its client before it was accepted: nobody reads an answer
            self._refuse(transport)
            return
        if over_capacity(len(self.connections), MAX_CONNECTIONS):
            self._refuse(transport)
            return
        if self.other_user and over_capacity(
                sum(1 for c in self.connections if getattr(c, "other_user", False)), MAX_OTHER_USERS_CONNECTIONS):
            self._log_refusal(transport)
            self._refuse(transport)
            return
        self._deadline = self.loop.call_later(REQUEST_DEADLINE_SEC, self._close_without_request)

    def _refuse(self, transport: Any) -> None:
        """Close a connection at once, and give its slot back now, not when its `connection_lost` runs: the
        accept loop takes a whole backlog of connections before any of them is lost (pass 16: another user
        connecting and resetting 2,400 times a second had its dead and refused connections fill the 256
        slots, and 5 of 17 of the user's own requests were reset)."""
        self.connections.discard(self)
        transport.abort()

    def _log_refusal(self, transport: Any) -> None:
        now = time.monotonic()
        if now - _BoundedH11._last_refusal_log >= _REFUSAL_LOG_SEC:
            _BoundedH11._last_refusal_log = now
            log.warning("hud: more than %d connections from programs of other users, the last from %s: the new "
                        "ones are closed (your own programs are not limited by them)", MAX_OTHER_USERS_CONNECTIONS, transport.get_extra_info("peername"))

    def send_400_response(self, msg: str) -> None:  # type: ignore[override]
        """A request h11 cannot read (a 1 MB header, a broken request line) in the HUD's JSON error shape;
        uvicorn's own is plain text ("Invalid HTTP request received.", pass 22)."""
        body = json.dumps({"error": "bad_request", "detail": msg}).encode()
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers, reason=b"Bad Request")))
        self.transport.write(self.conn.send(h11.Data(data=body)))
        self.transport.write(self.conn.send(h11.EndOfMessage()))
        self.transport.close()

    def data_received(self, data: bytes) -> None:  # type: ignore[override]
        """A request after the first on a kept-alive connection has its own deadline from its first byte (pass
        54b: a full tokenless `GET /api/hello` then half a second request line was held for good, past the
        first request's deadline, and 256 of them refused the HUD to everyone for as long as they stayed)."""
        if (self.cycle is not None and self.conn.their_state is h11.IDLE and not self.conn.trailing_data[0]
                and not self.transport.is_closing()):
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(REQUEST_DEADLINE_SEC, self._close_without_request)
        super().data_received(data)

    def _close_without_request(self) -> None:
        """Close a connection whose request is not whole by its deadline: no request yet, a request begun and
        not ended (half a request line or headers kept alive after an answer), or headers whose body never
        came (pass 54b: `POST /api/ticket/redeem`, which needs no token, with `Content-Length: 1000` and 10
        bytes, or `Expect: 100-continue` and none, was held for good). A whole request being answered (an
        event stream, a long command) and an idle kept-alive connection (uvicorn's own timeout) are kept."""
        if self.transport.is_closing():
            return
        state = self.conn.their_state
        if (self.cycle is None or state is h11.SEND_BODY
                or (state is h11.IDLE and self.conn.trailing_data[0])):
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)


def _peer_owner(transport: Any) -> str:
    """Whose program a new connection comes from: "other" (known to be another user's), "gone" (its client
    socket is closed already: a reset before the accept, or no local socket for a loopback peer), else
    "own" (the user's, another host's, or the kernel cannot say: then only the total cap applies)."""
    peer, own = transport.get_extra_info("peername"), transport.get_extra_info("sockname")
    if not peer:
        return "gone"
    if not own:
        return "own"
    return peer_owner(peer[:2], own[:2])[0]


class _DaemonServer(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield  # the daemon handles SIGTERM/SIGINT and calls stop()


def bind_socket(host: str, port: int) -> socket.socket:
    """Bind now, so a taken port or a bad address fails here with OSError, not inside uvicorn."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         proto=socket.IPPROTO_TCP)[0]
    sock = socket.socket(family, kind, proto)  # proto TCP: asyncio sets TCP_NODELAY only then
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class HudServer:
    """`await server.start()` binds and serves in the running loop; `await server.stop()` ends it."""

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 8765, *,
                 allow_non_loopback: bool = False, log_level: str = "warning") -> None:
        check_bind_address(host, allow_non_loopback)
        self.app, self.host, self.requested_port = app, host, port
        self.config = uvicorn.Config(app, host=host, port=port, log_level=log_level, access_log=False,
                                     log_config=None,  # its lines go through the daemon's log thread (logsink)
                                     lifespan="off", server_header=False, proxy_headers=False,
                                     timeout_graceful_shutdown=3, http=_BoundedH11,
                                     backlog=ACCEPT_BACKLOG)
        self._server = _DaemonServer(self.config)
        self._socket: socket.socket | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def port(self) -> int:
        if self._socket is None:
            return self.requested_port
        return self._socket.getsockname()[1]

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def sockets(self) -> list[socket.socket]:
        return [sock for server in getattr(self._server, "servers", []) for sock in server.sockets]

    async def start(self) -> None:
        self._socket = bind_socket(self.host, self.requested_port)
        self._task = asyncio.create_task(self._server.serve(sockets=[self._socket]), name="hud")
        while not self._server.started:
            if self._task.done():
                self._task.result()
                raise RuntimeError("the HUD server stopped while starting")
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        close_streams = getattr(getattr(self.app, "state", None), "close_streams", None)
        if close_streams is not None:
            close_streams()
        self._server.should_exit = True
        if self._task is not None:
            await self._task
            self._task = None
        if self._socket is not None:
            self._socket.close()


async def serve_hud(app: Any, host: str = "127.0.0.1", port: int = 8765, *,
                    allow_non_loopback: bool = False, started: asyncio.Event | None = None) -> None:
    """Serve until cancelled (run it as a task; cancel the task to stop). `started` is set once listening."""
    server = HudServer(app, host, port, allow_non_loopback=allow_non_loopback)
    await server.start()
    if started is not None:
        started.set()
    try:
        await asyncio.Event().wait()
    finally:
        await asyncio.shield(server.stop())
