"""`jarvisd openloop ...` while `jarvisd run` holds the data dir.

The running daemon is the one owner of the agenda: it keeps the loops in memory and never rereads the
file, so a command that wrote the file behind its back would be lost or overwritten. While the instance
lock is held, changes go through the daemon's HUD API (`POST /api/openloops/{id}`, the per-install
token, the configured `hud` address) and reads through `GET /api/agenda`. When the HUD does not
answer, a change is refused and nothing is written; a read falls back to the file and says it may lag.
A client of the HUD, on the command line's side: the domain package `openloop` does not import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from jarvisd.openloop.replies import changed_line

EXIT_OK = 0
EXIT_NOT_FOUND = 1       # no such loop, or a prefix that matches several
EXIT_REFUSED = 3         # reopening would expire the loop at once (HTTP 409)
EXIT_NO_DAEMON_API = 4   # a daemon runs but its HUD cannot take the change: nothing was written
TIMEOUT_SEC = 10.0
MAX_ID_CHARS = 200       # ids are 32 hex digits; a longer argument is no id (and no URL takes 100,000)
STATUS_OF_VERB = {"done": "done", "dismiss": "dismissed", "open": "open"}


@dataclass(frozen=True)
class Outcome:
    code: int
    message: str   # stdout when code == 0, stderr otherwise


@dataclass(frozen=True)
class RunningDaemon:
    """The daemon holding the data dir's instance lock, and where its HUD should answer."""

    pid: str
    data_dir: Path
    url: str      # the HUD's base URL, ending in "/"
    token: str

    @classmethod
    def of(cls, cfg: Any) -> RunningDaemon:
        from jarvisd.hud import load_or_create_token
        from jarvisd.hud.cli import hud_url
        from jarvisd.instance import InstanceLock

        data_dir = Path(cfg.paths.data_dir)
        return cls(pid=InstanceLock(data_dir).holder(), data_dir=data_dir, url=hud_url(cfg.hud.host, int(cfg.hud.port)),
                   token=load_or_create_token(data_dir))

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        from urllib.parse import urlsplit

        from jarvisd.hud.listener import foreign_listener

        where = urlsplit(self.url)
        foreign = foreign_listener("openloop", where.hostname or "", where.port or 80)
        if foreign is not None:    # the token is not sent to another user's program on the HUD's port
            raise httpx.ConnectError(foreign)
        return httpx.request(method, self.url + path.lstrip("/"), timeout=TIMEOUT_SEC,
                             headers={"Authorization": f"Bearer {self.token}"}, **kwargs)

    def _refusal(self, why: str, verb: str, loop_id: str) -> Outcome:
        how = (f"type `/openloop {verb} {loop_id}` in its conversation or use the AGENDA card"
               if verb != "open" else "use ↺ on the AGENDA card")
        return Outcome(EXIT_NO_DAEMON_API, (
            f"jarvisd (pid {self.pid}) is running for {self.data_dir} and owns the agenda, but {why}; "
            f"nothing was changed. Change it in the running daemon instead: when its HUD is up "
            f"(`jarvisd hud`), {how}; or stop the daemon (`kill {self.pid}`) and run this command again."))

    def set_status(self, verb: str, loop_id: str) -> Outcome:
        """`done`, `dismiss` or `open` one loop (id or 8-character prefix) in the running daemon."""
        # Pass 17: the id went into the URL as typed: `jarvisd openloop done ../ticket` was a POST to
        # /api/ticket (`../sessions/s/forget` to the forget route, refused only for its body), "x?y" asked
        # for "x", and a 100,000-character id was an httpx.InvalidURL traceback. No id holds "/" or is
        # that long; the rest is sent as one quoted path segment.
        if not loop_id.strip() or len(loop_id) > MAX_ID_CHARS or "/" in loop_id or "\\" in loop_id:
            shown = loop_id if len(loop_id) <= 40 else loop_id[:40] + "…"
            return Outcome(EXIT_NOT_FOUND, f"no loop {shown!r} in the agenda of the running daemon (pid {self.pid})")
        try:
            response = self._request("POST", f"api/openloops/{quote(loop_id, safe='')}",
                                     json={"status": STATUS_OF_VERB[verb]})
        except (httpx.ConnectError, httpx.ConnectTimeout):
            return self._refusal(f"its HUD does not answer at {self.url} (HUD not started? see the daemon's "
                                 "log for `hud:`)", verb, loop_id)
        except httpx.HTTPError as exc:  # sent, but no answer: the change may or may not have happened
            return Outcome(EXIT_NO_DAEMON_API, f"jarvisd (pid {self.pid}) did not answer at {self.url} ({exc!r}); "
                                               "the change may or may not have been applied: check with "
                                               "`jarvisd openloop list`")
        body = _json(response)
        detail = body.get("detail") or response.text.strip()
        if response.status_code == 200 and isinstance(body.get("loop"), dict):
            return Outcome(EXIT_OK, changed_line(body["loop"]))
        if response.status_code == 404 and body.get("error") == "not_found":
            return Outcome(EXIT_NOT_FOUND, f"{detail} in the agenda of the running daemon (pid {self.pid})")
        if response.status_code == 409 and body.get("error") == "revive_refused":
            return Outcome(EXIT_REFUSED, detail)
        if response.status_code == 401:
            return self._refusal(f"its HUD at {self.url} refused the token in {self.data_dir / 'hud.token'}",
                                 verb, loop_id)
        return self._refusal(f"{self.url} answered HTTP {response.status_code} ({detail[:200]})", verb, loop_id)

    def agenda(self) -> dict[str, list[dict[str, Any]]] | None:
        """`GET /api/agenda` (open, newest first, and the recently closed), or None if it cannot be read."""
        try:
            response = self._request("GET", "api/agenda")
        except httpx.HTTPError:
            return None
        body = _json(response)
        if response.status_code != 200 or not isinstance(body.get("open"), list):
            return None
        return {"open": body["open"], "closed": body.get("closed") or []}


def _json(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
