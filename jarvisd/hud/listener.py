"""Whose program listens on the HUD's port, before the token is sent to it.

Any local user can listen on 127.0.0.1:8765 while jarvisd's HUD does not (the daemon stopped, or started
after it and ran without its HUD). `jarvisd hud`, `jarvisd mic`, `jarvisd openloop` and the tray sent the
token to whatever answered there, and `jarvisd hud` opened the browser on that program's page (pass 15 of
issue 18: a server run as another user logged `Authorization: Bearer <the token>`). Linux says who owns
each listening socket in /proc/net/tcp and tcp6; a listener of another user gets no token.
"""

from __future__ import annotations

import os
from pathlib import Path

_LISTEN = "0A"


def listener_uids(port: int, proc: Path = Path("/proc/net")) -> set[int]:
    """The users owning a TCP socket listening on `port` (any address); empty when none or unknown."""
    uids: set[int] = set()
    for name in ("tcp", "tcp6"):
        try:
            lines = (proc / name).read_text(encoding="ascii", errors="replace").splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) < 8 or fields[3] != _LISTEN:
                continue
            try:
                if int(fields[1].rsplit(":", 1)[1], 16) == port:
                    uids.add(int(fields[7]))
            except (IndexError, ValueError):
                continue
    return uids


def foreign_listener(command: str, host: str, port: int, proc: Path = Path("/proc/net")) -> str | None:
    """Why the token must not go to `host:port` (a program of another user listens there), or None."""
    others = sorted(uid for uid in listener_uids(port, proc) if uid != os.geteuid())
    if not others:
        return None
    return (f"jarvisd {command}: a program of another user (uid {others[0]}) listens on port {port}, not your "
            f"jarvisd: the HUD token is not sent to it. Your daemon's HUD cannot listen there while it does "
            f"(its log says `cannot listen`); stop that program or set another hud.port")
