"""One-time tickets (`jarvisd/hud/tickets.py`): what the browser's command line carries instead of the
token. Issued only with the token, traded for it once, within 30 s, same origin only."""

from __future__ import annotations

import httpx

from jarvisd.hud.tickets import TICKET_SEC, Tickets

from .conftest import TOKEN, ServedHud


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_ticket_is_good_once_and_only_for_its_time():
    clock = Clock()
    tickets = Tickets(clock)
    first, second = tickets.issue(), tickets.issue()
    assert first != second
    assert tickets.redeem(first) == "ok"
    assert tickets.redeem(first) == "used"
    assert tickets.redeem("made-up") == "unknown"
    clock.now += TICKET_SEC + 1
    assert tickets.redeem(second) == "unknown"


def test_a_ticket_is_issued_only_with_the_token_and_traded_for_it_without(served: ServedHud):
    assert httpx.post(f"{served.url}/api/ticket").status_code == 401
    issued = httpx.post(f"{served.url}/api/ticket", headers={"Authorization": f"Bearer {TOKEN}"})
    assert issued.status_code == 200 and issued.json()["expires_in"] == TICKET_SEC
    ticket = issued.json()["ticket"]
    assert TOKEN not in ticket
    foreign = httpx.post(f"{served.url}/api/ticket/redeem", json={"ticket": ticket},
                         headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403                       # another site cannot trade it
    traded = httpx.post(f"{served.url}/api/ticket/redeem", json={"ticket": ticket})
    assert traded.json() == {"token": TOKEN}
    unknown = httpx.post(f"{served.url}/api/ticket/redeem", json={"ticket": "guess"})
    assert (unknown.status_code, unknown.json()["error"]) == (410, "ticket_expired")
    bad = httpx.post(f"{served.url}/api/ticket/redeem", json={"ticket": 7})
    assert bad.status_code == 422
    # the ticket's route opens nothing else without the token
    assert httpx.get(f"{served.url}/api/agenda").status_code == 401
