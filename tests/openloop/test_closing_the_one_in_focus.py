"""A closing that names nothing ("mark it done", "scratch that off the list, it's done", "그거 지워 줘 이제 필요
없어") is said of the promise just reminded out loud, or, for a withdrawal, of the one just captured. Before,
"mark it done" after a reminder went to the model and nothing closed."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.intents import unnamed_closing
from jarvisd.openloop.model import LoopStatus
from tests.openloop.conftest import agenda_desk

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    desk = agenda_desk(tmp_path, korean, NOW)   # promises said earlier: none is the one just captured
    desk.service.add("renew the parking permit", due_ms=desk.service.now_ms() + 86_400_000, session="default")
    desk.service.add("관리비 내기", due_ms=desk.service.now_ms() + 86_400_000, session="default")
    return desk


def _reminded(desk: AgendaDesk, desc: str, seconds_ago: int = 60) -> None:
    loop = next(loop for loop in desk.service.agenda() if loop.desc == desc)
    spoken = (loop.id, desk.service.now_ms() - seconds_ago * 1000)
    desk.last_reminder = lambda: spoken


@pytest.mark.parametrize("said, desc, status", [
    ("mark it done", "renew the parking permit", LoopStatus.DONE),
    ("Scratch that off the list, it's done", "renew the parking permit", LoopStatus.DONE),
    ("okay, done", "renew the parking permit", LoopStatus.DONE),
    ("cancel it, I don't need it anymore", "renew the parking permit", LoopStatus.DISMISSED),
    ("그거 완료 처리해줘", "관리비 내기", LoopStatus.DONE),
    ("그거 지워 줘 이제 필요 없어", "관리비 내기", LoopStatus.DISMISSED),
])
def test_a_closing_that_names_nothing_closes_the_promise_just_reminded(desk, said, desc, status):
    _reminded(desk, desc)
    reply = desk.handle(said)
    assert [(loop.desc, loop.status) for loop in desk.service.recently_closed()] == [(desc, status)], reply


def test_a_reminder_long_ago_is_not_in_focus(desk):
    _reminded(desk, "renew the parking permit", seconds_ago=3 * 3600)
    desk.handle("mark it done")
    assert desk.service.recently_closed() == []


def test_a_withdrawal_right_after_a_promise_takes_it_back_but_done_does_not_close_it(desk):
    desk.handle("I need to email Sam the invoice")
    desk.handle("done")                   # "that's all", not the promise kept
    assert desk.service.recently_closed() == []
    desk.handle("actually, scratch that")
    assert [loop.desc for loop in desk.service.recently_closed()] == ["email Sam the invoice"]


@pytest.mark.parametrize("text", ["done with the report", "mark the report done", "I need to call Bo", "다 했어?",
                                  "I did it yesterday"])
def test_a_closing_that_names_something_is_not_unnamed(text):
    assert unnamed_closing(text) is None
