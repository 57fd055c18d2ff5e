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
