"""A statement closing reads the user's other sessions too (pass 38b's low): "I texted Kai" typed in a HUD session
for a promise said by voice closed nothing, and the model answered. Real agenda service, real Korean analyzer."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("promise", "closing"), [
    ("I need to call Bob tomorrow", "I called Bob"), ("I need to text Kai tonight", "I texted Kai"),
    ("내일 밥한테 전화해야 해", "밥한테 전화했어"), ("I need to send the report to Kim", "I sent the report"),
])
def test_a_promise_of_another_session_is_closed(desk, promise, closing):
    desk.handle(promise, "voice")
    reply = desk.handle(closing, "hud")
    assert reply is not None and agenda_rows(desk) == []


def test_guard_a_closing_naming_nothing_there_closes_nothing(desk):
    desk.handle("I need to call Bob tomorrow", "voice")
    desk.handle("I called Ann", "hud")
    assert [desc for desc, _ in agenda_rows(desk)] == ["call Bob"]


def test_guard_this_sessions_promise_is_closed_first(desk):
    desk.handle("I need to call Bob tomorrow", "voice")
    desk.handle("I need to call Bob on Friday", "hud")
    desk.handle("I called Bob", "hud")
    assert agenda_rows(desk) == [("call Bob", "2026-12-02 23:59")]
