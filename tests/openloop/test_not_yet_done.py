"""A task said to be under way is not done (found by the forty-second session): "the report is almost done" and "half
done" marked "finish the report" done, and "보고서 시작했어" (I started the report) marked "보고서 끝내기" done."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize("text", ["the report is almost done", "the report is half done", "the report isn't quite done",
                                  "report almost finished", "the report is nearly complete", "the report is mostly done"])
def test_a_report_under_way_stays_open(desk, text):
    desk.handle("I need to finish the report by Friday", "s")
    desk.handle(text, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == ["finish the report"]


@pytest.mark.parametrize("text", ["보고서 시작했어", "보고서 착수했어"])
def test_a_korean_task_begun_stays_open(desk, text):
    desk.handle("금요일까지 보고서 끝내야 해", "s")
    desk.handle(text, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == ["보고서 끝내기"]


@pytest.mark.parametrize(("promise", "done", "left"), [
    ("I need to finish the report by Friday", "the report is done", []),
    ("I need to finish the report by Friday", "the report is now done", []),
    ("다음 주에 운동 시작해야 해", "운동 시작했어", []),
])
def test_guard_done_is_still_done(desk, promise, done, left):
    desk.handle(promise, "s")
    desk.handle(done, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == left


@pytest.mark.parametrize(("closing", "asked"), [
    ("보고서 다 썼어", "'보고서 내기' 말씀이세요?"),           # written is not submitted
    ("밥한테 문자 보냈어", "'밥한테 전화하기' 말씀이세요?"),     # a text is not a call
])
def test_a_korean_deed_other_than_the_promises_is_asked_about_not_applied(desk, closing, asked):
    desk.handle("내일 밥한테 전화해야 해", "s")
    desk.handle("금요일까지 보고서 내야 해", "s")
    assert desk.handle(closing, "s").text.startswith(asked)
    assert len(agenda_rows(desk)) == 2


@pytest.mark.parametrize("moved", ["보고서 월요일까지로 연장됐어", "보고서 다음 주로 미뤘어", "보고서 금요일로 연기했어"])
def test_a_korean_due_moved_is_no_closing(desk, moved):
    desk.handle("금요일까지 보고서 내야 해", "s")
    desk.handle(moved, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == ["보고서 내기"]


def test_guard_moving_as_the_task_itself_closes(desk):
    desk.handle("짐 옮겨야 해", "s")
    desk.handle("짐 옮겼어", "s")
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("promise", "closing"), [("내일 엄마한테 전화해야 해", "엄마랑 통화했어"),
                                                  ("강아지 산책시켜야 해", "강아지 산책 다녀왔어"),
                                                  ("금요일까지 보고서 내야 해", "보고서 제출했어")])
def test_guard_the_same_korean_deed_said_otherwise_closes(desk, promise, closing):
    desk.handle(promise, "s")
    desk.handle(closing, "s")
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("promise", "told", "row"), [
    ("I need to call Bob tomorrow", "I moved the call to Monday", ("call Bob", "2026-12-07 23:59")),
    ("I need to call Bob tomorrow", "I postponed the call to next week", ("call Bob", "2026-12-09 23:59")),
    ("I need to send the report by Friday", "the report deadline was extended to Monday",
     ("send the report", "2026-12-07 23:59")),
    ("내일 밥한테 전화해야 해", "밥한테 전화하는 건 다음 주로 미뤘어", ("밥한테 전화하기", "2026-12-09 23:59")),
    ("금요일까지 보고서 내야 해", "보고서 월요일로 연기했어", ("보고서 내기", "2026-12-07 23:59")),
])
def test_a_move_told_as_done_moves_the_promise(desk, promise, told, row):
    # the forty-second session: nothing moved (and in Korean "미뤘어" had marked the promise done)
    desk.handle(promise, "s")
    desk.handle(told, "s")
    assert agenda_rows(desk) == [row]


def test_guard_a_thing_moved_elsewhere_moves_no_promise(desk):
    desk.handle("I need to call Bob tomorrow", "s")
    assert desk.handle("I moved the couch to the bedroom", "s") is None
    assert agenda_rows(desk) == [("call Bob", "2026-12-02 23:59")]
