"""What the agenda says in text: `/openloop [done|dismiss <id>]` in conversation, the agenda as lines,
and the one line a change prints. The slash command, the command line, the daemon's remote answers and
replays all format through here; it knows the service and nothing of the surfaces around it."""

from __future__ import annotations

from typing import Any

from jarvisd.language import language_of
from jarvisd.openloop.service import LoopNotFound, OpenLoopService
from jarvisd.textsafe import without_format

USAGE = "usage: /openloop | /openloop done <id|8-char prefix> | /openloop dismiss <id|8-char prefix>"
MARKS = {"done": "✓", "dismissed": "✕", "open": "↺"}


def changed_line(view: dict[str, Any]) -> str:
    """`✓ 1a2b3c4d 우유 사기 -> done`: what a change prints, from the daemon or from the file."""
    return f"{MARKS[view['status']]} {view['short_id']} {view['desc']} -> {view['status']}"


def _line(view: dict[str, Any]) -> str:
    """`1a2b3c4d  send the report (due 2026-10-16 15:00)`; a Korean promise's due says 기한 (passes 13 and 22: an
    English promise read "(기한 ...)" in `jarvisd openloop list`)."""
    label = "기한" if language_of(view["desc"]) == "ko" else "due"
    due = f" ({label} {view['due']})" if view["due"] else ""
    status = "" if view["status"] == "open" else f" [{view['status']}]"
    repeat = f" ↻ {view['repeat']}" if view.get("repeat") else ""
    return f"{view['short_id']}  {view['desc']}{due}{repeat}{status}"


def format_views(open_views: list[dict[str, Any]], closed_views: list[dict[str, Any]] | None = None) -> str:
    lines = [_line(view) for view in open_views] or ["No open loops. (열린 약속 없음)"]
    if closed_views:
        lines += ["", "Recently closed:"] + [_line(view) for view in closed_views]
    return "\n".join(lines)


def format_agenda(service: OpenLoopService, include_closed: bool = False) -> str:
    closed = [service.view(loop) for loop in service.recently_closed()] if include_closed else []
    return format_views([service.view(loop) for loop in service.agenda()], closed)


def handle_openloop_command(service: OpenLoopService, text: str) -> str:
    """`/openloop` lists the open loops; `/openloop done|dismiss <id or prefix>` closes one.
    There is no revive here (the HUD's ↺ does it), as in seed 000."""
    parts = text.strip().split()
    if not parts or parts[0] != "/openloop":
        return USAGE
    if len(parts) == 1 or parts[1] in ("list", "ls"):
        return format_agenda(service)
    if len(parts) == 3 and parts[1] in ("done", "dismiss"):
        try:
            # an id typed through an IME in fullwidth (`７ｂ１２`), or with a zero-width character pasted in
            ref = without_format(parts[2])
            loop = service.done(ref) if parts[1] == "done" else service.dismiss(ref)
        except LoopNotFound as exc:
            return str(exc)
        return changed_line(service.view(loop))
    return USAGE
