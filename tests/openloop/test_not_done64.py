"""A promise told not done, with or without its new time (`past_due.missed_said`), found living a week with the offline
default (`scripts/days_lived.py`): "i didn't get to the plumber call, do it tomorrow morning" went to SmolLM2 ("i'm
unable to assist you with your plumbing issues"), the call left at 10 AM; "couldn't call the plumber today, i'll do it
tomorrow at 9" kept a new promise "do the plumber today" at 9 PM."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.past_due import Missed, missed_said
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.openloop.when import time_spans

from .conftest import SEOUL, FakeClock


@pytest.fixture
def week(tmp_path, korean):
    clock = FakeClock(0)
    clock.set_local("2026-12-07 08:00")
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
    desk.handle("remind me to call the plumber today at 10", "s")
    desk.handle("i need to call the insurance company today", "s")
    clock.set_local("2026-12-07 11:30")
    return desk, clock


def _say(desk: AgendaDesk, text: str) -> str:
    reply = desk.handle(text, "s")
    return "" if reply is None else reply.text


def _open(desk: AgendaDesk) -> list[str]:
    return sorted(loop.desc for loop in desk.service.unexpired() if loop.is_open)


@pytest.mark.parametrize("said", [
    "i didn't get to the plumber call, do it tomorrow at 9",
    "couldn't call the plumber today, i'll do it tomorrow at 9",
    "I never got around to calling the plumber - tomorrow at 9 then",
    "ugh I ran out of time for the plumber call, move it to tomorrow at 9",   # held out
    "I didn't manage to call the plumber so tomorrow 9am",                    # held out
])
def test_a_promise_not_done_with_a_new_time_moves_there(week, said):
    desk, _ = week
    assert _say(desk, said) == "Updated: call the plumber, now tomorrow at 9 AM."
    assert _open(desk) == ["call the insurance company", "call the plumber"]


def test_not_done_without_a_time_says_it_is_still_open_and_a_time_after_moves_it(week):
    desk, _ = week
    assert _say(desk, "i didn't get to the insurance call today") == \
        "It's still on your agenda: call the insurance company, by the end of today."
    assert _say(desk, "tomorrow at 9") == "Updated: call the insurance company, now tomorrow at 9 AM."


def test_an_expired_promise_forgotten_with_a_time_is_kept_anew(week):
    desk, clock = week
    desk.handle("i need to pick up the dry cleaning tomorrow", "s")
    clock.set_local("2026-12-09 10:00")
    assert _say(desk, "i forgot to pick up the dry cleaning, do it today at 5") == \
        "Got it: pick up the dry cleaning, today at 5 PM."


@pytest.mark.parametrize("said", ["i didn't know that", "I didn't sleep well", "i couldn't find my keys",
                                  "I didn't get to see the game", "did you call the plumber?",
                                  "I forgot what I wanted to say"])
def test_guard_other_not_done_talk_changes_nothing(week, said):
    desk, _ = week
    before = [(loop.desc, loop.due_ms) for loop in desk.service.unexpired()]
    reply = desk.handle(said, "s")
    assert reply is None or not (reply.change.updated or reply.change.opened or reply.change.closed)
    assert [(loop.desc, loop.due_ms) for loop in desk.service.unexpired()] == before


def test_the_reader_splits_the_deed_from_the_new_time():
    def has_time(words: str) -> bool:
        return bool(time_spans(words))
    assert missed_said("i didn't get to the plumber call, do it tomorrow morning", has_time) == \
        Missed("the plumber call", "tomorrow morning")
    assert missed_said("I forgot to call mom yesterday", has_time) == Missed("call mom")
    assert missed_said("oh well, i forgot to buy milk, remind me tonight", has_time) == Missed("buy milk", "tonight")
    assert missed_said("i didn't get to the plumber call?", has_time) is None


def test_guard_a_long_run_is_read_in_linear_time():
    import time as clock
    said = "i didn't get to " + "the call, " * 2000 + "tomorrow"
    start = clock.perf_counter()
    missed_said(said, lambda words: bool(time_spans(words)))
    assert clock.perf_counter() - start < 2.0


@pytest.fixture
def korean_week(tmp_path, korean):
    clock = FakeClock(0)
    clock.set_local("2026-12-07 08:00")
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
    desk.handle("금요일까지 보고서 제출해야 해", "s")
    desk.handle("오늘 은행 가야 해", "s")
    clock.set_local("2026-12-09 09:00")
    return desk, clock


@pytest.mark.parametrize("said", ["보고서 아직 못 끝냈어, 토요일로 미뤄 줘", "아 보고서 못 냈어, 토요일로 옮겨 줘"])
def test_a_korean_promise_not_done_with_a_new_day_moves_there(korean_week, said):
    desk, _ = korean_week
    assert _say(desk, said) == "보고서 제출하기, 이번 주 토요일까지로 바꿨어요."


def test_a_korean_promise_not_done_is_said_still_open(korean_week):
    desk, clock = korean_week
    clock.set_local("2026-12-07 15:00")
    assert _say(desk, "보고서 아직 못 끝냈어") == "보고서 제출하기는 아직 할 일 목록에 있어요, 이번 주 금요일까지."
    assert _say(desk, "은행 못 갔어, 내일 갈게") == "은행 가기, 내일까지로 바꿨어요."


@pytest.mark.parametrize("said", ["잠을 못 잤어", "시간이 없어서 못 했어", "어제 영화 못 봤어"])
def test_guard_korean_talk_of_things_not_done_changes_nothing(korean_week, said):
    desk, _ = korean_week
    before = [(loop.desc, loop.due_ms) for loop in desk.service.unexpired()]
    reply = desk.handle(said, "s")
    assert reply is None or not (reply.change.updated or reply.change.opened or reply.change.closed)
    assert [(loop.desc, loop.due_ms) for loop in desk.service.unexpired()] == before


@pytest.mark.parametrize("asked", ["이번 주에 뭐 남았어?", "이번 주에 뭐가 더 남아있어?", "다음 달에 뭐 남았지?"])
def test_what_is_left_this_week_in_korean_lists_it(korean_week, asked):
    desk, _ = korean_week
    desk.handle("다음 달 15일에 건강검진", "s")
    reply = _say(desk, asked)
    assert ("이번 주까지 할 일이 1개 있어요: 보고서 제출하기" in reply) if "이번" in asked else \
        reply.startswith("다음 달에 할 일이 1개 있어요: 건강검진")


def test_the_last_done_is_said_with_the_right_copula(korean_week):
    desk, clock = korean_week
    desk.handle("매일 아침 여덟 시에 약 먹기", "s")
    desk.handle("약 먹었어", "s")
    clock.set_local("2026-12-10 10:00")
    assert _say(desk, "오늘 약 먹었나?").endswith("마지막 완료는 어제 오전 9시예요.")


@pytest.mark.parametrize("said", ["Never mind the plumber call, I did it last week.", "never mind the insurance call"])
def test_guard_never_mind_is_no_promise_not_done(said):
    assert missed_said(said, lambda words: bool(time_spans(words))) is None
