"""A due at midnight belongs to the day it ends, as it is said ("submit the form, today at midnight"): the day
questions, day moves and day closings count it with that day (the sixtieth session: "I need to submit the form
by midnight", then "what is due today?" was "Nothing is due today. 1 more is open for later.")."""

from datetime import datetime

import pytest

from jarvisd.openloop.phrases import due_day
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

TUESDAY_10 = datetime(2026, 12, 1, 10, 0, tzinfo=SEOUL)


def test_a_midnight_due_is_the_day_before_by_the_calendar_and_any_other_time_its_own():
    wednesday_0000 = int(datetime(2026, 12, 2, 0, 0, tzinfo=SEOUL).timestamp() * 1000)
    wednesday_0001 = wednesday_0000 + 60_000
    assert due_day(wednesday_0000, SEOUL).isoformat() == "2026-12-01"
    assert due_day(wednesday_0001, SEOUL).isoformat() == "2026-12-02"


@pytest.mark.parametrize(("promise", "asked", "wanted"), [
    ("I need to submit the form by midnight", "what is due today?", "submit the form"),
    ("I need to submit the form by midnight", "what do I have today?", "submit the form"),
    ("remind me tomorrow at midnight to take out the trash", "what do I have tomorrow?", "take out the trash"),
    ("remind me tomorrow at midnight to take out the trash", "what do I have on wednesday?", "take out the trash"),
    ("오늘 자정까지 보고서 제출해야 해", "오늘 할 일 뭐야?", "보고서"),
])
def test_a_day_question_lists_a_promise_due_at_that_days_midnight(tmp_path, korean, promise, asked, wanted):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    kept, answer = said_to(desk, promise, asked)
    assert kept is not None and "midnight" in kept or "자정" in (kept or ""), kept
    assert answer is not None and wanted in answer and "Nothing" not in answer and "없어요" not in answer, answer


def test_guard_a_promise_due_at_the_next_days_morning_is_not_todays(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "I need to submit the form by 9am tomorrow")
    assert said_to(desk, "what is due today?") == ["Nothing is due today. 1 more is open for later."]


def test_moving_todays_things_to_friday_takes_the_one_due_at_tonights_midnight(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "I need to submit the form by midnight", "I'll call Sam at 3pm")
    said_to(desk, "move all of today's stuff to friday")
    rows = dict(agenda_rows(desk, "%a %H:%M"))
    assert rows == {"submit the form": "Sat 00:00", "call Sam": "Fri 15:00"}, rows
