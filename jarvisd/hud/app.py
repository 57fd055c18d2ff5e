"""`create_app`: the HUD as one Starlette application - a static page, the JSON API under /api, and
the guard in front of both. The daemon passes in the parts; the app owns none of them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from jarvisd.events import EventBus
from jarvisd.hud import api, tickets
from jarvisd.hud import approvals as approvals_api
from jarvisd.hud import sessions as sessions_api
from jarvisd.hud.security import LOOPBACK_NAMES, LocalGuard
from jarvisd.hud.status import MicControl, StatusSource
from jarvisd.openloop.service import OpenLoopService

log = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).with_name("static")
MAX_BODY_BYTES = 64 * 1024


async def http_error(request: Request, exc: Exception) -> Response:
    """Routing answers (404, 405, 413) in the API's JSON error shape."""
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": HTTPStatus(exc.status_code).phrase.lower().replace(" ", "_"),
                         "detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, exc: Exception) -> Response:
    """Any unexpected failure: the API's JSON error shape, never a plain-text page; the traceback is logged."""
    log.error("hud: %s %s failed", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": "internal_error",
                         "detail": f"{type(exc).__name__}: {exc} (the daemon's log has the details)"},
                        status_code=500)


async def index(request: Request) -> Response:
    return FileResponse(STATIC_DIR / "index.html", media_type="text/html; charset=utf-8")


def create_app(agenda: OpenLoopService, send_turn: api.TurnSender, bus: EventBus, status: StatusSource,
               token: str, *, mic: MicControl | None = None,
               session: str = "hud", services: Mapping[str, Any] | None = None,
               allowed_hosts: Iterable[str] = LOOPBACK_NAMES, heartbeat_sec: float = 15.0,
               approvals: Any = None, replace_token: Callable[[], str] | None = None) -> Starlette:
    """The HUD app. `send_turn(text, session)` runs a turn (a slash command too: the assistant dispatches
    it) and publishes its transcript lines;
    `status()` snapshots part states (see `StatusBoard`); `mic` is None when running text-only;
    `replace_token()` writes a new token and returns it (a ticket used twice: the token was stolen);
    `services` reach slash commands as `CommandContext.services`, and back the sessions card (`memory`,
    `scope_for`); `approvals` (an `ApprovalDesk`) backs the approval card."""
    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/agenda", api.get_agenda, methods=["GET"]),
        Route("/api/openloops/{loop_id:str}", api.set_loop_status, methods=["POST"]),
        Route("/api/turns", api.post_turn, methods=["POST"]),
        Route("/api/mic", api.post_mic, methods=["POST"]),
        Route("/api/events", api.get_events, methods=["GET"]),
        Route("/api/status", api.get_status, methods=["GET"]),
        Route("/api/approvals", approvals_api.get_approvals, methods=["GET"]),
        Route("/api/approvals/{approval_id}", approvals_api.decide_approval, methods=["POST"]),
        Route("/api/sessions", sessions_api.get_sessions, methods=["GET"]),
        Route("/api/sessions/{session:path}/forget", sessions_api.forget_session, methods=["POST"]),
        Route("/api/openapi.json", api.get_openapi, methods=["GET"]),
        Route("/api/ticket", tickets.post_ticket, methods=["POST"]),
        Route(tickets.REDEEM_PATH, tickets.redeem_ticket, methods=["POST"]),
        Route(tickets.HELLO_PATH, tickets.hello, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: server_error},
                    middleware=[Middleware(LocalGuard, token=lambda: app.state.hud_token, allowed_hosts=allowed_hosts,
                                               max_body_bytes=MAX_BODY_BYTES)])
    app.router.redirect_slashes = False  # an API answers, it does not bounce
    app.state.hud = api.HudParts(agenda=agenda, send_turn=send_turn, bus=bus, status=status,
                                 mic=mic, session=session,
                                 services=dict(services or {}), heartbeat_sec=heartbeat_sec)
    app.state.close_streams = app.state.hud.close_streams
    app.state.approvals = approvals
    app.state.tickets, app.state.hud_token = tickets.Tickets(), token
    app.state.replace_token = replace_token
    return app
