"""The HUD's JSON endpoints and its event stream. Each handler reads the parts it needs from
`request.app.state.hud` (a `HudParts`) and goes through the agenda service, the bus or the command
registry; none keeps state of its own."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from jarvisd import __version__
from jarvisd.commands import is_command
from jarvisd.events import Event, EventBus, TranscriptLine
from jarvisd.hud.openapi import MAX_TURN_CHARS, STATUSES, openapi_document
from jarvisd.hud.status import MicControl, StatusSource, call_maybe_async
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import LoopNotFound, OpenLoopService, ReviveRefused
from jarvisd.textsafe import REPLACEMENT, valid_json, valid_text

log = logging.getLogger(__name__)

MAX_QUEUED_TURNS = 8  # HUD turns accepted and not yet answered; more answer 429
# Open event streams at most: half the server's connections, so requests (the user's turn, the agenda) always
# find a slot (pass 15: 300 streams opened at once held all 256 connections and the turn's POST was refused).
# A browser keeps 6 connections per host over HTTP/1.1, so a user's tabs never come near it.
MAX_EVENT_STREAMS = 128
RETRY_AFTER_SEC = 5

TurnSender = Callable[[str, str], Awaitable[Any]]
"""`send_turn(text, session)`: runs one turn of the assistant (a slash command too) and returns its reply;
it publishes the transcript lines itself."""


@dataclass
class HudParts:
    agenda: OpenLoopService
    send_turn: TurnSender
    bus: EventBus
    status: StatusSource
    mic: MicControl | None = None
    session: str = "hud"
    services: Mapping[str, Any] = field(default_factory=dict)
    heartbeat_sec: float = 15.0
    max_turns: int = MAX_QUEUED_TURNS
    max_streams: int = MAX_EVENT_STREAMS
    streams: int = 0  # event streams open now
    closing: asyncio.Event = field(default_factory=asyncio.Event)
    revoked: asyncio.Event = field(default_factory=asyncio.Event)  # set (and replaced) when the token is replaced
    turns: dict[asyncio.Task[Any], tuple[str, str]] = field(default_factory=dict)  # task -> (session, text)
    # slash commands answered in their request (/remember embeds for seconds): key -> (session, text)
    running_commands: dict[object, tuple[str, str]] = field(default_factory=dict)

    @property
    def commands_running(self) -> int:
        return len(self.running_commands)

    def close_streams(self) -> None:
        """End the event streams and running turns so a server can stop without waiting on them; each
        turn dropped unanswered is logged with its text, so the user can send it again. So is each
        command still running (a stop cut three `/remember`s off without a word in the log)."""
        self.closing.set()
        for task, (session, text) in list(self.turns.items()):
            if not task.done():
                log.warning("hud: stopping: the turn %r (session %s) was not answered and is dropped", text, session)
                task.cancel()
        for session, text in list(self.running_commands.values()):
            # it may still be answered while the server stops ("Nothing remembered: ... ended without an answer"):
            # the log says what is known now, not "was not answered" (pass 33)
            log.warning("hud: stopping: the command %r (session %s) was still running when the stop began: "
                        "if no reply reached you, send it again", text, session)


def _parts(request: Request) -> HudParts:
    return request.app.state.hud


def error(status: int, code: str, detail: Any, headers: Mapping[str, str] | None = None, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": code, "detail": detail, **extra}, status_code=status, headers=headers)


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs, refused when a key comes twice: `{"text": "/help", "text": "/remember x"}` ran
    the last one (JSON's own rule), so what a reviewer of the request saw first was not what was done."""
    body: dict[str, Any] = {}
    for key, value in pairs:
        if key in body:
            raise _DuplicateKey(key)
        body[key] = value
    return body


async def _json_object(request: Request, allowed: set[str]) -> dict[str, Any] | JSONResponse:
    try:
        # a lone surrogate becomes U+FFFD here
        body = valid_json(json.loads(await request.body(), object_pairs_hook=_no_duplicates))
    except UnicodeDecodeError:  # before: "the body must be a JSON object" for a body that was one, in bad UTF-8
        return error(422, "invalid_json", "the body is not valid UTF-8 text (send JSON encoded as UTF-8)")
    except _DuplicateKey as exc:
        return error(422, "invalid_json", f"the field {str(exc)!r} is given twice (send each field once)")
    except (ValueError, RecursionError):  # deep nesting recurses
        return error(422, "invalid_json", "the body must be a JSON object")
    if not isinstance(body, dict):
        return error(422, "invalid_body", "the body must be a JSON object")
    unknown = sorted(set(body) - allowed)
    if unknown:
        return error(422, "invalid_body", f"unknown fields: {', '.join(unknown)}")
    return body


# ------------------------------------------------------------ agenda

def agenda_view(service: OpenLoopService) -> dict[str, Any]:
    """Expire first (seed 000: GET /api/agenda runs the expiry check; the service announces what
    expired), then open and recently closed."""
    return {"open": [service.view(loop) for loop in service.agenda()],
            "closed": [service.view(loop) for loop in service.recently_closed()]}


async def get_agenda(request: Request) -> Response:
    view = await run_in_threadpool(agenda_view, _parts(request).agenda)
    return JSONResponse(view)


async def set_loop_status(request: Request) -> Response:
    hud = _parts(request)
    body = await _json_object(request, {"status"})
    if isinstance(body, JSONResponse):
        return body
    if body.get("status") not in STATUSES:
        return error(422, "invalid_status", f"status must be one of {', '.join(STATUSES)}")
    status = LoopStatus(body["status"])
    loop_id = request.path_params["loop_id"]
    try:  # the service announces the change, if there was one
        loop = await run_in_threadpool(hud.agenda.set_status, loop_id, status)
    except LoopNotFound as exc:
        return error(404, "not_found", str(exc))
    except ReviveRefused as exc:
        return error(409, "revive_refused", str(exc), reason=str(exc), loop=hud.agenda.view(exc.loop))
    except OSError as exc:   # the agenda cannot be written (a full disk, its LanceDB table damaged): said, not a 500
        return error(503, "not_saved", f"the agenda could not be saved ({exc.strerror or exc}); nothing changed")
    return JSONResponse({"loop": hud.agenda.view(loop)})


# ------------------------------------------------------------ turns and mic

async def _run_turn(hud: HudParts, text: str, session: str) -> None:
    try:
        await hud.send_turn(text, session)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # a failed turn is shown, not lost in a log
        log.exception("hud: turn failed")
        await hud.bus.publish(TranscriptLine(role="system", text=f"the turn failed: {exc}", session=session))


async def post_turn(request: Request) -> Response:
    hud = _parts(request)
    body = await _json_object(request, {"text", "session"})
    if isinstance(body, JSONResponse):
        return body
    text, session = body.get("text"), body.get("session", hud.session)
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TURN_CHARS:
        return error(422, "invalid_text", f"text must be a non-empty string of at most {MAX_TURN_CHARS} characters")
    if not isinstance(session, str) or not 0 < len(session) <= 64 or not session.strip() or not session.isprintable() \
            or REPLACEMENT in session:
        # (pass 30: " ", NUL and a zero-width space were sessions listed as blank names, and reached log lines; pass
        # 39: two lone surrogates, each made U+FFFD by valid_json, were one session)
        return error(422, "invalid_session", "session must be a string of 1-64 printable characters, not only "
                                             "spaces, with no lone surrogate or U+FFFD")
    command = is_command(text)
    waiting = hud.commands_running if command else len(hud.turns)
    if waiting >= hud.max_turns:  # each waiting turn or command holds memory and a worker: bounded, each kind
        kind = "commands" if command else "turns"
        return error(429, f"too_many_{kind}", f"{waiting} {kind} are already waiting for an answer; "
                     "send this one again when they are answered", headers={"Retry-After": str(RETRY_AFTER_SEC)})
    if command:  # answered in the request, through the same turn as any text: one dispatch, one gate, one label
        key = object()
        hud.running_commands[key] = (session, text.strip())   # a stop logs it by its text
        try:
            reply = await hud.send_turn(text.strip(), session)
        finally:
            del hud.running_commands[key]
        # made valid here as every event is: a reply may name a file whose name is not UTF-8 (its surrogate
        # escapes: `/procedures` beside `pattern-\xff.md` was a 500 for every draft, pass 40)
        reply = valid_text(reply) if isinstance(reply, str) else reply
        return JSONResponse({"command": True, "reply": reply, "session": session})
    task = asyncio.get_running_loop().create_task(_run_turn(hud, text.strip(), session))
    hud.turns[task] = (session, text.strip())
    task.add_done_callback(lambda done: hud.turns.pop(done, None))
    return JSONResponse({"command": False, "session": session}, status_code=202)


async def post_mic(request: Request) -> Response:
    hud = _parts(request)
    body = await _json_object(request, {"muted", "talk"})
    if isinstance(body, JSONResponse):
        return body
    if len(body) != 1 or not all(isinstance(v, bool) for v in body.values()):
        return error(422, "invalid_body", 'send {"muted": true|false} or {"talk": true|false}')
    if hud.mic is None:
        return error(409, "no_microphone", "voice is not running (text only)")
    if "muted" in body:
        await call_maybe_async(hud.mic.set_muted, body["muted"])
    else:
        await call_maybe_async(hud.mic.talk, body["talk"])
    return Response(status_code=204)


# ------------------------------------------------------------ status, events, document

async def get_status(request: Request) -> Response:
    hud = _parts(request)
    return JSONResponse({"version": __version__, "parts": dict(hud.status()), "mic_control": hud.mic is not None})


async def get_openapi(request: Request) -> Response:
    return JSONResponse(openapi_document(__version__))


def sse_message(event: Event) -> str:
    """One event as SSE text. Always encodable: a bad character in one event must not end the stream
    (the stream encodes to UTF-8, which a lone surrogate would break for every listener)."""
    data = json.dumps(event.payload(), ensure_ascii=False, default=str)
    return valid_text(f"event: {event.kind}\ndata: {data}\n\n")


async def event_stream(hud: HudParts) -> AsyncIterator[str]:
    sub = hud.bus.subscribe(maxsize=256, lossy=True)
    closing = asyncio.ensure_future(hud.closing.wait())
    revoked = asyncio.ensure_future(hud.revoked.wait())  # a stream opened with a token since replaced ends
    getter: asyncio.Future[Event] | None = None
    try:
        yield "retry: 2000\n: connected\n\n"
        while not hud.closing.is_set() and not revoked.done():
            getter = asyncio.ensure_future(sub.get())
            done, _ = await asyncio.wait({getter, closing, revoked}, timeout=hud.heartbeat_sec,
                                         return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                yield sse_message(getter.result())
            elif not done:
                yield ": keep-alive\n\n"
            getter.cancel()
    finally:
        for pending in (getter, closing, revoked):
            if pending is not None:
                pending.cancel()
        sub.close()


class _EventStreamResponse(StreamingResponse):
    """The event stream, counted while it is open; past `max_streams` a 429 that closes its connection
    (a kept-alive refused connection would still hold a slot). Counted in `__call__`, which nothing
    interrupts between the check and the count."""

    def __init__(self, hud: HudParts) -> None:
        super().__init__(event_stream(hud), media_type="text/event-stream", headers={"x-accel-buffering": "no"})
        self.hud = hud

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        hud = self.hud
        if hud.streams >= hud.max_streams:
            await self.body_iterator.aclose()  # type: ignore[attr-defined]
            refusal = error(429, "too_many_streams", f"{hud.max_streams} event streams are open: close one and retry",
                            headers={"retry-after": str(RETRY_AFTER_SEC), "connection": "close"})
            await refusal(scope, receive, send)
            return
        hud.streams += 1
        try:
            await super().__call__(scope, receive, send)
        finally:
            hud.streams -= 1


async def get_events(request: Request) -> Response:
    return _EventStreamResponse(_parts(request))
