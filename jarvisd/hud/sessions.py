"""The HUD's sessions card: the recent conversation sessions in memory, and Forget (seed 003 M5).

`GET /api/sessions` lists them (`MemoryService.recent_sessions`: id, turn count, last time, a preview);
`POST /api/sessions/{session}/forget` `{"confirm": true}` deletes one session's turns, thought logs and
working memory (`MemoryService.forget_session`, as `/forget session ID confirm` and
`jarvisd memory forget --session ID` do); remembered facts, task patterns and the agenda stay. Without
`"confirm": true` nothing is deleted and the answer says what would be. Both sit behind the same guard
as the rest of the API (token, same origin, loopback Host); a HUD without memory answers 503. The store
blocks, so its calls run in a worker thread."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from jarvisd.hud.api import _json_object, _parts, error
from jarvisd.store_health import MemoryStoreFailed, guard
from jarvisd.textsafe import valid_text

WHAT_STAYS = "remembered facts, task patterns and the agenda stay"
MAX_SESSION_CHARS = 200


async def _in_memory(memory: Any, what: str, call: Any, *args: Any) -> Any:
    """`call(*args)` in a worker thread, or a 503 `memory_failing` with the store rule's sentence (pass 26: with
    the table's folder gone, a JSON 500 with LanceDB's own words)."""
    try:
        with guard(memory, what):
            return await asyncio.to_thread(call, *args)
    except MemoryStoreFailed as exc:
        return error(503, "memory_failing", str(exc))


def _memory(request: Request) -> tuple[Any, Any] | JSONResponse:
    services = _parts(request).services
    memory, scope_for = services.get("memory"), services.get("scope_for")
    if memory is None or scope_for is None:
        return error(503, "no_memory", "this HUD runs without memory: there are no sessions to list or forget")
    return memory, scope_for


async def get_sessions(request: Request) -> Response:
    found = _memory(request)
    if isinstance(found, JSONResponse):
        return found
    memory, scope_for = found
    hud = _parts(request)
    sessions = await _in_memory(memory, "listing the sessions", memory.recent_sessions, scope_for(hud.session))
    if isinstance(sessions, JSONResponse):
        return sessions
    return JSONResponse({"sessions": [s.view() for s in sessions], "current": hud.session})


async def forget_session(request: Request) -> Response:
    body = await _json_object(request, {"confirm"})
    if isinstance(body, JSONResponse):
        return body
    # made valid like a session in a body (NFC): a decomposed name deleted nothing ("0 records") beside the
    # same-looking session the turns were stored under
    session = valid_text(request.path_params["session"])
    if not 0 < len(session) <= MAX_SESSION_CHARS:
        return error(422, "invalid_session", f"a session id is 1-{MAX_SESSION_CHARS} characters")
    found = _memory(request)
    if isinstance(found, JSONResponse):
        return found
    memory, scope_for = found
    if body.get("confirm") is not True:
        return error(422, "confirmation_required",
                     f"nothing deleted. Forgetting session {session!r} deletes its conversation turns, thought "
                     f'logs and working memory ({WHAT_STAYS}); send {{"confirm": true}} to do it')
    deleted = await _in_memory(memory, "forgetting a session", memory.forget_session, scope_for(session))
    if isinstance(deleted, JSONResponse):
        return deleted
    return JSONResponse({"session": session, "deleted": deleted, "kept": WHAT_STAYS})
