"""A deed said in the present ("I send the budget report"): Whisper drops the -t of "sent" and the -ed of
"booked" on synthetic and fast speech (every daemon conversation run heard "I sent the budget report." as
"I send the budget report."). The desk asks ("Do you mean …?") and closes on the yes; a habit, a plan or
a generic statement is not asked about."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZONE, clock=lambda: NOW.timestamp())
    desk = AgendaDesk(service, korean)
    desk.handle("I need to send the quarterly report to Mina by Friday")
    desk.handle("I'll book the ferry tickets tonight")
    return desk


@pytest.mark.parametrize("heard, meant", [
    ("I send the quarterly report.", "send the quarterly report to Mina"),
    ("I book the ferry tickets", "book the ferry tickets"),
    ("we send Mina the quarterly report", "send the quarterly report to Mina"),
])
def test_a_deed_heard_in_the_present_is_asked_about_and_closed_on_yes(desk, heard, meant):
    reply = desk.handle(heard)
    assert reply.intent == "confirm" and meant in reply.text
    assert desk.service.recently_closed() == []
    desk.handle("yes")
    assert [(loop.desc, loop.status) for loop in desk.service.recently_closed()] == [(meant, LoopStatus.DONE)]


@pytest.mark.parametrize("text", [
    "I send the quarterly report every Friday.",     # a habit
    "I send the quarterly report tomorrow.",         # a plan with a time
    "We send reports to finance.",                   # a generic statement
    "Do I send the quarterly report?",               # a question
    "I send the quarterly report when Mina asks.",   # a condition
])
def test_a_habit_a_plan_or_a_question_in_the_present_is_not_asked_about(desk, text):
    reply = desk.handle(text)
    assert reply is None or reply.intent != "confirm"
    assert desk.service.recently_closed() == []
