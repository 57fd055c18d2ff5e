"""A skip said with a day of a repeating promise, and days listed with spaces (the sixty-seventh session, each first
lived offline with `scripts/days_lived.py`): "skip the call on thursday" with "call mom" every day went to SmolLM2 ("I'm
sorry about that."), "skip calling mom on friday" skipped tonight's call instead of Friday's, and "… every monday
wednesday and friday at 7am" kept every Monday alone. Real desk on a JSONL agenda, its clock stopped (UTC)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.repeats import repeat_in
from tests.openloop.conftest import agenda_desk, agenda_rows, said_to

UTC = ZoneInfo("UTC")
MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)      # a Monday morning


@pytest.fixture
def desk(tmp_path, korean):
    return agenda_desk(tmp_path, korean, MONDAY)


@pytest.mark.parametrize(("said", "reply"), [
    ("skip the call on thursday", "OK, you won't call mom on Thursday, December 10; it's back on Friday, December 11."),
    ("skip calling mom on friday", "OK, you won't call mom on Friday, December 11; it's back on Saturday, December 12."),
    # held out
    ("i want to skip the call to mom next wednesday",
     "OK, you won't call mom on Wednesday, December 16; it's back on Thursday, December 17."),
    ("please skip mom's call on the 12th", "OK, you won't call mom on Saturday, December 12; it's back on Sunday, December 13."),
])
def test_a_skip_said_with_a_day_is_that_days_time_off(desk, said, reply):
    said_to(desk, "remind me to call mom every day at 6pm")
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == [("call mom", "2026-12-07 18:00")]      # tonight's call stays


def test_a_skip_said_of_tomorrow_when_tonight_comes_first_is_tomorrows_off(desk):
    """Before: "Not skipped: … comes next tonight at 8 PM, not tomorrow. I can only skip the next one"."""
    said_to(desk, "remind me to take my pills every day at 8pm")
    assert said_to(desk, "skip the pills tomorrow") == [
        "OK, you won't take your pills on Tuesday, December 8; it's back on Wednesday, December 9."]
    assert agenda_rows(desk) == [("take my pills", "2026-12-07 20:00")]


def test_guard_a_skip_of_today_is_the_next_ones_as_before(desk):
    said_to(desk, "remind me to take my pills every day at 8pm")
    assert said_to(desk, "skip my pills today") == ["OK, I'll skip this one: take your pills. Next: tomorrow at 8 PM."]


def test_guard_a_skip_on_a_day_the_series_does_not_fall_on_changes_nothing(desk):
    said_to(desk, "remind me to go to the gym every monday, wednesday and friday at 7am")
    reply = said_to(desk, "skip the gym on thursday")[0]
    assert reply is not None and reply.endswith("Nothing changed.")


def test_guard_a_skip_that_names_no_promise_is_not_the_day_offs(desk):
    said_to(desk, "remind me to call mom every day at 6pm")
    assert said_to(desk, "skip to the next song") != ["OK, you won't call mom on Monday, December 7; it's back on "
                                                      "Tuesday, December 8."]
    assert agenda_rows(desk) == [("call mom", "2026-12-07 18:00")]


@pytest.mark.parametrize(("said", "days"), [
    ("go to the gym every monday wednesday and friday at 7am", {0, 2, 4}),
    # held out
    ("water the plants every tuesday thursday and saturday", {1, 3, 5}),
    ("call grandma every sunday wednesday or friday", {6, 2, 4}),
    # guards: joined by words as before; a day after the list that no joining word ends is no part of it
    ("go to the gym every monday, wednesday and friday", {0, 2, 4}),
    ("call mom every monday friday is payday", {0}),
])
def test_days_listed_with_spaces_then_and_are_all_kept(said, days):
    assert set(repeat_in(said).days) == days


def test_a_series_of_days_listed_with_spaces_is_kept_whole(desk):
    assert said_to(desk, "remind me to go to the gym every monday wednesday and friday at 7am") == [
        "I'll remind you: go to the gym, Wednesday at 7 AM, then every Monday, Wednesday and Friday."]
    # Wednesday's is the next one: the skip room's words, as "skip the pills tomorrow" of the next one always had
    assert said_to(desk, "skip the gym on wednesday") == ["OK, I'll skip this one: go to the gym. Next: Friday at 7 AM."]
    assert said_to(desk, "skip the gym on monday") == [
        "OK, you won't go to the gym on Monday, December 14; it's back on Wednesday, December 16."]
