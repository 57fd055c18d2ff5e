"""Agenda questions the offline default sent to the chat model (session 45), answered from the agenda: the next
reminder or task, how many things a day holds, what is overdue, whether a deed was done, what was finished. Before,
with no Ollama, SmolLM2 made them up ("Your next reminder is to check your spam filters.", "You have 24 hours in a
day", "no, no you did not" of a deed marked done). Real agenda service and wording, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.agenda_asked import next_asked
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, agenda_rows, said_to

TRASH = "remind me to take out the trash tonight"


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.fixture
def moving(tmp_path, korean):
    """A desk whose clock moves by hand (Tuesday 2026-12-01 09:00 Seoul to start), and the clock."""
    clock = FakeClock(0)
    clock.set_local("2026-12-01 09:00")
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    return AgendaDesk(service, korean), clock


# ---------------------------------------------------------------- 1. the next reminder or task

@pytest.mark.parametrize("asked", ["what's my next reminder", "When is my next reminder?", "what's my next task",
                                   "what's my next deadline", "Jarvis, what is the next thing on my list?",
                                   "다음 알림 뭐야", "다음 할 일 뭐야", "다음 알림 언제야?"])
def test_the_next_one_is_read_from_the_agenda(desk, asked):
    said = said_to(desk, "remind me at 6pm to call Bob", "remind me to pay rent on Friday", TRASH, asked)
    if asked[0] in "다":
        assert said[-1] in ("다음 알림: call Bob, 오늘 저녁 6시.", "다음 할 일: call Bob, 오늘 저녁 6시.")
    else:
        assert said[-1] in ("Your next reminder: call Bob, tonight at 6 PM.", "Next up: call Bob, tonight at 6 PM.")
    assert len(agenda_rows(desk)) == 3     # asked, nothing changed


def test_the_next_one_with_nothing_open_says_the_agenda_is_clear(desk):
    assert said_to(desk, "what's my next reminder", "다음 할 일 뭐야") == ["Your agenda is clear.", "할 일이 없어요."]


def test_the_next_one_skips_what_is_overdue_and_counts_it(moving):
    desk, clock = moving
    said_to(desk, "I need to email Ann by 10am", "I need to call Bob at 3pm")
    clock.set_local("2026-12-01 11:00")
    assert said_to(desk, "what's my next task") == ["Next up: call Bob, today at 3 PM. One more is overdue."]


def test_what_is_next_and_next_week_keep_their_answers(desk):
    said = said_to(desk, TRASH, "what's next", "다음 주 할 일 뭐야", "what's due next week")
    assert said[1] == "You have one thing on your agenda: take out the trash, by the end of today."
    assert said[2].startswith("다음 주에 할 일은 없어요.")
    assert said[3].startswith("Nothing is due next week.")


@pytest.mark.parametrize("said", ["remind me to check my next reminder", "what's the next episode", "next week",
                                  "what's my next move in chess", "다음 주 뭐 있어"])
def test_not_a_next_question(said):
    assert next_asked(said) is None


# ---------------------------------------------------------------- 2. how many things a day holds

@pytest.mark.parametrize(("asked", "reply"), [
    ("how many things do I have today", "You have one thing due today: take out the trash, by the end of today. "
                                        "2 more are open for later."),
    ("How many tasks do I have tomorrow?", "You have 2 things due by tomorrow: take out the trash, by the end of today; "
                                           "and call Bob, tomorrow at 3 PM. 1 more is open for later."),
    ("how many things do I have this week", "You have 2 things due this week: take out the trash, by the end of today; "
                                            "and call Bob, tomorrow at 3 PM. 1 more is open for later."),
    ("how busy am I today", "You have one thing due today: take out the trash, by the end of today. 2 more are open for later."),
    ("오늘 할 일 몇 개야", "오늘까지 할 일이 1개 있어요: take out the trash, 오늘까지. 그 밖에 열린 일이 2개 더 있어요."),
    ("내일 할 일 몇 개야?", "내일까지 할 일이 2개 있어요: take out the trash, 오늘까지; call Bob, 내일 오후 3시. "
                        "그 밖에 열린 일이 1개 더 있어요."),
])
def test_how_many_things_a_day_holds_is_its_list(desk, asked, reply):
    said = said_to(desk, TRASH, "I need to call Bob tomorrow at 3", "I need to renew my passport next month", asked)
    assert said[-1] == reply


def test_how_many_without_a_day_is_still_the_whole_list(desk):
    said = said_to(desk, TRASH, "how many things do I have to do", "남은 거 몇 개야")
    assert said[1:] == ["You have one thing on your agenda: take out the trash, by the end of today.",
                        "할 일이 1개 있어요: take out the trash, 오늘까지."]
