"""Passes 36-37's lows, closed (docs/reliability.md, "Passes 36-37's lows, closed"): each case failing before its
fix. The reminder and agenda lows are tested beside their rules (tests/reflect/test_reminder_rules.py,
tests/openloop/test_clear_agenda.py)."""

import pytest


@pytest.mark.parametrize("body", [b'{"text": "/help", "text": "/remember my PIN is 1234"}',
                                  b'{"text": "hi", "session": "a", "session": "b"}'])
async def test_a_body_with_a_field_given_twice_is_refused_and_runs_nothing(tmp_path, body):
    """Pass 37: `{"text": "/help", "text": "/remember x"}` remembered x (JSON's rule: the last one wins), while a
    reader of the request, or a log that shows its start, saw /help."""
    from tests.hud.conftest import Hud

    hud = Hud(tmp_path)
    async with hud.client() as client:
        reply = await client.post("/api/turns", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 422
    assert reply.json()["error"] == "invalid_json" and "given twice" in reply.json()["detail"]
