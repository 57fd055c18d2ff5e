"""The HUD's approval card: the tool calls waiting for the user's yes, and Approve / Deny.

`GET /api/approvals` lists them (a page opened after the request still shows its card);
`POST /api/approvals/{id}` `{"approved": bool}` decides one. Both sit behind the same guard as the rest of
the API (token, same origin, loopback Host). The cards come and go with the `approval_requested` and
`approval_resolved` events (decided anywhere, or timed out)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from jarvisd.approvals import ApprovalDesk
from jarvisd.hud.api import _json_object, error


def _desk(request: Request) -> ApprovalDesk | None:
    return getattr(request.app.state, "approvals", None)


async def get_approvals(request: Request) -> Response:
    desk = _desk(request)
    return JSONResponse({"pending": [p.view() for p in desk.pending()] if desk is not None else []})


async def decide_approval(request: Request) -> Response:
    body = await _json_object(request, {"approved"})
    if isinstance(body, JSONResponse):
        return body
    if set(body) != {"approved"} or not isinstance(body["approved"], bool):
        return error(422, "invalid_body", 'send {"approved": true|false}')
    desk = _desk(request)
    request_id = request.path_params["approval_id"]
    decided = desk.decide(request_id, body["approved"], "hud") if desk is not None else None
    if decided is None:
        return error(404, "not_found", f"no tool call waits for approval with id {request_id!r} "
                                       "(decided already, timed out, or never asked)")
    return JSONResponse({"approval": decided.view(), "approved": body["approved"]})
