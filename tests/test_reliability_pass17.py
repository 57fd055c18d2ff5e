"""Seventeenth adversarial pass (issue 18): one test per fix, each failing before it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from jarvisd.openloop_remote import EXIT_NOT_FOUND, RunningDaemon


class _Recording(RunningDaemon):
    """A RunningDaemon whose requests are recorded and answered "no loop", never sent."""

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        self.sent.append(path)  # type: ignore[attr-defined]
        httpx.URL(self.url + path)  # what httpx.request does first: raises InvalidURL for a too-long one
        return httpx.Response(404, json={"error": "not_found", "detail": "no loop"})


@pytest.mark.parametrize("loop_id", ["../ticket", "../sessions/hud/forget", "../mic", "x?y", "x#y", "a" * 100_000, ""])
def test_an_openloop_id_argument_never_reaches_another_route_nor_is_a_traceback(loop_id: str, tmp_path: Path) -> None:
    """Before: `jarvisd openloop done ../ticket` (daemon running) was a POST to /api/ticket (it made a ticket
    and printed it in its refusal), `../sessions/s2/forget` a POST to the session's forget route (refused
    only for its body's unknown field), "x?y" asked for "x", and a 100,000-character argument was an
    `httpx.InvalidURL: URL too long` traceback. Now: an argument with "/" or over 200 characters is "no
    loop" without a request, and any other is sent quoted as one segment under /api/openloops/."""
    daemon = _Recording(pid=1, data_dir=tmp_path, url="http://127.0.0.1:9/", token="t")
    object.__setattr__(daemon, "sent", [])
    outcome = daemon.set_status("done", loop_id)
    assert outcome.code == EXIT_NOT_FOUND
    assert "no loop" in outcome.message and len(outcome.message) < 300
    for path in daemon.sent:  # type: ignore[attr-defined]
        segment = path.removeprefix("api/openloops/")
        assert path.startswith("api/openloops/") and segment and not any(c in segment for c in "/?#")
