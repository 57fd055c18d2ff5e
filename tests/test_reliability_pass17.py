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


def test_a_hud_tab_sent_elsewhere_leaves_no_token_for_another_page_of_its_origin(tmp_path: Path) -> None:
    """Before: while live the page kept the token in `sessionStorage` (and wrote it again at `beforeunload`) so
    that a reload found it; after the tab went elsewhere (a link, a typed URL) nothing removed it, and any
    later page of the HUD's origin in that tab (a program of another user holding the port while the daemon is
    stopped, when the user goes Back) read it: replayed on the daemon, `/api/hello` standing in for that page.
    Now nothing is stored while live, and `beforeunload` stores a one-use HUD ticket (30 s, in the daemon's
    memory, refused to other users' programs), which a reload trades for the token."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    from tests.hud.conftest import TOKEN, ServedHud
    from tests.hud.test_hud_browser import CHROMIUM, CHROMIUM_ARGS

    served = ServedHud(tmp_path)
    try:
        with playwright_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_page()
            page.goto(f"{served.url}/#token={TOKEN}")
            playwright_api.expect(page.locator("#live")).to_have_text("live", timeout=15000)
            page.wait_for_timeout(1000)  # the first reload ticket
            page.reload()   # a reload while live still needs no new link
            playwright_api.expect(page.locator("#live")).to_have_text("live", timeout=15000)
            page.wait_for_timeout(1000)
            page.goto("data:text/html,<p>elsewhere</p>")
            page.goto(f"{served.url}/api/hello?nonce={'a' * 20}")
            stored = page.evaluate("() => Object.values(sessionStorage)")
            assert TOKEN not in stored, stored
            browser.close()
    finally:
        served.close()
