"""The HUD API described as OpenAPI 3.1, written by hand so it says what the handlers promise,
including the refusals. Served at /api/openapi.json and used by the fuzz test."""

from __future__ import annotations

from typing import Any

from jarvisd.textsafe import MAX_TURN_CHARS

STATUSES = ["done", "dismissed", "open"]
__all__ = ["MAX_TURN_CHARS", "STATUSES", "openapi_document"]


def _content(schema: str) -> dict[str, Any]:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}


def _json(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": _content(schema)}


def _body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": _content(schema)}


def _path_id(name: str, description: str = "") -> list[dict[str, Any]]:
    param: dict[str, Any] = {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
    return [{**param, "description": description} if description else param]


_ERR = {
    "401": _json("Error", "No token, or the wrong one"),
    "403": _json("Error", "Foreign Host or Origin"),
}

SCHEMAS: dict[str, Any] = {
    "Loop": {
        "type": "object",
        "required": ["id", "short_id", "desc", "status", "due", "session"],
        "properties": {
            "id": {"type": "string"},
            "short_id": {"type": "string", "description": "first 8 characters, what the user sees"},
            "desc": {"type": "string"},
            "status": {"type": "string", "enum": ["open", "done", "dismissed", "expired"]},
            "due": {"type": ["string", "null"], "description": "YYYY-MM-DD HH:MM in the user's zone"},
            "session": {"type": "string"},
            "muted": {"type": "boolean", "description": "the user asked for no reminders of it"},
            "repeat": {"type": ["string", "null"],
                       "description": "\"every day\", \"every Monday and Thursday\": done or expired, it comes back"},
        },
    },
    "Agenda": {
        "type": "object",
        "required": ["open", "closed"],
        "properties": {
            "open": {"type": "array", "items": {"$ref": "#/components/schemas/Loop"},
                     "description": "open loops, newest first, after the expiry check"},
            "closed": {"type": "array", "items": {"$ref": "#/components/schemas/Loop"},
                       "description": "the 10 most recently closed loops (↺ revives them)"},
        },
    },
    "StatusUpdate": {
        "type": "object", "required": ["status"], "additionalProperties": False,
        "properties": {"status": {"type": "string", "enum": STATUSES}},
    },
    "LoopResult": {"type": "object", "required": ["loop"],
                   "properties": {"loop": {"$ref": "#/components/schemas/Loop"}}},
    "Turn": {
        "type": "object", "required": ["text"], "additionalProperties": False,
        "properties": {
            "text": {"type": "string", "minLength": 1, "maxLength": MAX_TURN_CHARS,
                     "description": "a turn for the agent, or a /command"},
            "session": {"type": "string", "minLength": 1, "maxLength": 64},
        },
    },
    "TurnResult": {
        "type": "object", "required": ["command"],
        "properties": {"command": {"type": "boolean"}, "reply": {"type": "string"},
                       "session": {"type": "string"}},
    },
    "MicRequest": {
        "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
        "properties": {"muted": {"type": "boolean"}, "talk": {"type": "boolean"}},
    },
    "Status": {
        "type": "object", "required": ["parts", "version"],
        "properties": {
            "version": {"type": "string"},
            "parts": {"type": "object", "additionalProperties": {
                "type": "object", "properties": {"state": {"type": "string"}, "detail": {"type": "string"}}}},
            "mic_control": {"type": "boolean"},
        },
    },
    "Approval": {
        "type": "object", "required": ["id", "tool", "summary", "session", "question", "asked_at", "timeout_sec"],
        "properties": {"id": {"type": "string"}, "tool": {"type": "string"},
                       "summary": {"type": "string", "description": "the call's arguments, short"},
                       "session": {"type": "string"}, "question": {"type": "string"},
                       "asked_at": {"type": "number", "description": "Unix time"},
                       "timeout_sec": {"type": "number", "description": "refused when not decided in time"}},
    },
    "Approvals": {
        "type": "object", "required": ["pending"],
        "properties": {"pending": {"type": "array", "items": {"$ref": "#/components/schemas/Approval"}}},
    },
    "ApprovalDecision": {
        "type": "object", "required": ["approved"], "additionalProperties": False,
        "properties": {"approved": {"type": "boolean"}},
    },
    "ApprovalResult": {
        "type": "object", "required": ["approval", "approved"],
        "properties": {"approval": {"$ref": "#/components/schemas/Approval"}, "approved": {"type": "boolean"}},
    },
    "Session": {
        "type": "object", "required": ["session", "turns", "records", "last", "preview"],
        "properties": {"session": {"type": "string"},
                       "turns": {"type": "integer", "description": "stored turn episodes"},
                       "records": {"type": "integer", "description": "turns, their parts and thought logs: "
                                                                     "what Forget deletes"},
                       "last": {"type": "string", "description": "ISO time of the newest record"},
                       "preview": {"type": "string", "description": "the latest turn's words, cut short"}},
    },
    "Sessions": {
        "type": "object", "required": ["sessions", "current"],
        "properties": {"sessions": {"type": "array", "items": {"$ref": "#/components/schemas/Session"},
                                    "description": "newest first"},
                       "current": {"type": "string", "description": "the session HUD turns go to"}},
    },
    "ForgetRequest": {
        "type": "object", "required": ["confirm"], "additionalProperties": False,
        "properties": {"confirm": {"type": "boolean", "description": "must be true; anything else deletes nothing"}},
    },
    "ForgetResult": {
        "type": "object", "required": ["session", "deleted", "kept"],
        "properties": {"session": {"type": "string"},
                       "deleted": {"type": "integer", "description": "records deleted (0: none were stored)"},
                       "kept": {"type": "string", "description": "what forgetting leaves"}},
    },
    "Ticket": {
        "type": "object", "required": ["ticket", "expires_in"],
        "properties": {"ticket": {"type": "string", "description": "open the HUD at /#ticket=<ticket>"},
                       "expires_in": {"type": "integer", "description": "seconds it can be traded in"}},
    },
    "TicketRedeem": {
        "type": "object", "required": ["ticket"], "additionalProperties": False,
        "properties": {"ticket": {"type": "string"}},
    },
    "TicketToken": {
        "type": "object", "required": ["token"],
        "properties": {"token": {"type": "string", "description": "the HUD token, for Authorization: Bearer"}},
    },
    "Error": {
        "type": "object", "required": ["error"],
        "properties": {"error": {"type": "string"}, "detail": {}, "reason": {"type": "string"}},
    },
}


def openapi_document(version: str) -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "jarvisd HUD API", "version": version,
                 "description": "Local only. Every request needs `Authorization: Bearer <token>` "
                                "(`?token=` for /api/events); the token is in <data dir>/hud.token."},
        "servers": [{"url": "/"}],
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer"},
                                "query_token": {"type": "apiKey", "in": "query", "name": "token"}},
        },
        "security": [{"token": []}],
        "paths": {
            "/api/agenda": {"get": {
                "operationId": "getAgenda", "summary": "Open loops (after expiry) and the recently closed",
                "responses": {"200": _json("Agenda", "The AGENDA card"), **_ERR}}},
            "/api/openloops/{loop_id}": {"post": {
                "operationId": "setLoopStatus", "summary": "✓ done, ✕ dismissed or ↺ open",
                "parameters": _path_id("loop_id", "id or unambiguous prefix"),
                "requestBody": _body("StatusUpdate"),
                "responses": {"200": _json("LoopResult", "The loop in its new state"),
                              "404": _json("Error", "No loop (or more than one) with this id"),
                              "409": _json("Error", "Revive refused: it would expire at once (`reason`)"),
                              "422": _json("Error", "Bad body"),
                              "503": _json("Error", "The agenda could not be saved (a full disk, a damaged table)"),
                              **_ERR}}},
            "/api/turns": {"post": {
                "operationId": "sendTurn", "summary": "A text turn; /commands answer at once",
                "requestBody": _body("Turn"),
                "responses": {"200": _json("TurnResult", "A /command and its reply"),
                              "202": _json("TurnResult", "Accepted; the answer arrives as transcript_line events"),
                              "422": _json("Error", "Bad body"),
                              "429": _json("Error", "8 turns (or 8 /commands) are already waiting; `Retry-After` "
                                                    "says when to send again"), **_ERR}}},
            "/api/mic": {"post": {
                "operationId": "setMic", "summary": "Mute/unmute, or push-to-talk press/release",
                "requestBody": _body("MicRequest"),
                "responses": {"204": {"description": "Done"},
                              "409": _json("Error", "No microphone control (voice is not running)"),
                              "422": _json("Error", "Bad body"), **_ERR}}},
            "/api/events": {"get": {
                "operationId": "events", "summary": "Server-sent events: agenda_changed, transcript_line, "
                                                     "reminder_due, status_changed, approval_requested, "
                                                     "approval_resolved",
                "security": [{"token": []}, {"query_token": []}],
                "responses": {"200": {"description": "text/event-stream; `data` is the event's JSON payload",
                                      "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                              "429": _json("Error", "128 event streams are already open; `Retry-After` says "
                                                    "when to try again"),
                              **_ERR}}},
            "/api/status": {"get": {
                "operationId": "getStatus", "summary": "Backend, mic and voice state",
                "responses": {"200": _json("Status", "Latest state per part"), **_ERR}}},
            "/api/approvals": {"get": {
                "operationId": "getApprovals", "summary": "Tool calls waiting for the user's approval",
                "responses": {"200": _json("Approvals", "Oldest first"), **_ERR}}},
            "/api/approvals/{approval_id}": {"post": {
                "operationId": "decideApproval", "summary": "Approve or deny a waiting tool call",
                "parameters": _path_id("approval_id"),
                "requestBody": _body("ApprovalDecision"),
                "responses": {"200": _json("ApprovalResult", "Decided; the waiting turn goes on"),
                              "404": _json("Error", "Nothing waits with this id (decided, timed out, never asked)"),
                              "422": _json("Error", "Bad body"), **_ERR}}},
            "/api/sessions": {"get": {
                "operationId": "getSessions", "summary": "The recent conversation sessions in memory",
                "responses": {"200": _json("Sessions", "Newest first (among the newest 500 session records)"),
                              "503": _json("Error", "This HUD runs without memory"), **_ERR}}},
            "/api/sessions/{session}/forget": {"post": {
                "operationId": "forgetSession",
                "summary": "Delete a session's turns, thought logs and working memory; facts, patterns and the "
                           "agenda stay",
                "parameters": _path_id("session"),
                "requestBody": _body("ForgetRequest"),
                "responses": {"200": _json("ForgetResult", "Forgotten; `deleted` counts the records"),
                              "422": _json("Error", "Bad body, or no `\"confirm\": true` (nothing deleted)"),
                              "503": _json("Error", "This HUD runs without memory"), **_ERR}}},
            "/api/ticket": {"post": {
                "operationId": "issueTicket",
                "summary": "A one-time ticket to open the HUD with (the browser's command line never has the token)",
                "responses": {"200": _json("Ticket", "Good once, within `expires_in` seconds"), **_ERR}}},
            "/api/ticket/redeem": {"post": {
                "operationId": "redeemTicket", "summary": "Trade a ticket for the token, once (no token needed)",
                "security": [],
                "requestBody": _body("TicketRedeem"),
                "responses": {"200": _json("TicketToken", "The token"),
                              "400": _json("Error", "`client_gone`: the program that sent it closed its "
                                                    "connection before the trade (the ticket stays good)"),
                              "403": _json("Error", "`ticket_other_user`: the request came from a program of "
                                                    "another user of this computer (the ticket stays good)"),
                              "410": _json("Error", "`ticket_used` (a second use: something else read it) or "
                                                    "`ticket_expired` (unknown or older than 30 s)"),
                              "422": _json("Error", "Bad body"), **_ERR}}},
            "/api/hello": {"get": {
                "operationId": "hello",
                "summary": "Proof that this daemon holds the token: HMAC-SHA256 of `jarvisd-hud-hello:<nonce>` "
                           "with the token, hex (no token needed; the page checks it before it sends the token "
                           "again after losing the daemon)",
                "security": [],
                "parameters": [{"name": "nonce", "in": "query", "required": True,
                                "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,128}$"}}],
                "responses": {"200": {"description": "The proof",
                                      "content": {"application/json": {"schema": {
                                          "type": "object", "required": ["proof"],
                                          "properties": {"proof": {"type": "string"}}}}}},
                              "403": _json("Error", "`hello_other_user`: a program of another user asked"),
                              "422": _json("Error", "`invalid_nonce`"), **_ERR}}},
            "/api/openapi.json": {"get": {
                "operationId": "openapi", "summary": "This document",
                "responses": {"200": {"description": "OpenAPI 3.1",
                                      "content": {"application/json": {"schema": {"type": "object"}}}},
                              **_ERR}}},
        },
    }
