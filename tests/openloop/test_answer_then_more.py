"""Pass 19: "Do you mean book the ferry? Say yes and I'll mark it done." answered "yes, and I need to call
Bo tomorrow" (or "aye, I need tae call Bo the morra") kept only the new promise: the yes was dropped without
a word and the ferry stayed open (pass 17 fixed the same for a pick from a list: "second, I need to ...")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.model import LoopStatus
from tests.openloop.conftest import agenda_desk

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 3, 9, 0, tzinfo=ZONE)


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    desk = agenda_desk(tmp_path, korean, NOW)
    desk.handle("I need to book the ferry tomorrow")
    assert desk.handle("I book the ferry").intent == "confirm"
    return desk


@pytest.mark.parametrize("answer", ["yes, and I need to call Bo tomorrow", "aye, I need tae call Bo the morra"])
def test_a_yes_said_with_a_new_promise_after_it_is_the_yes_and_the_promise(desk, answer):
    reply = desk.handle(answer)
    assert "Marked done: book the ferry" in reply.text and "call Bo" in reply.text
    assert [(loop.desc, loop.status) for loop in desk.service.recently_closed()] == [("book the ferry", LoopStatus.DONE)]
    assert [loop.desc for loop in desk.service.agenda()] == ["call Bo"]


@pytest.mark.parametrize("answer", ["no, and I need to call Bo tomorrow", "yeah nah, I need to call Bo tomorrow"])
def test_a_no_said_with_a_new_promise_leaves_it_open(desk, answer):
    desk.handle(answer)
    assert desk.service.recently_closed() == []
    assert sorted(loop.desc for loop in desk.service.agenda()) == ["book the ferry", "call Bo"]
