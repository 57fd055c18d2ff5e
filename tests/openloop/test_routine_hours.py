"""A routine's bare hour is its morning reading (the sixty-first session): "I have standup every weekday at 9:30" said
at 10 AM was kept at 9:30 PM, because a one-off's bare 9:30 is the next 9:30 to come (`when_words.HOUR_TABLE`, "?").
A rule that falls again and again has no "next to come" of its own: 7-11 said bare is the morning, as for a named
other day. Real desk, real JSONL agenda, Seoul clock."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows

SUNDAY_10 = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)
FRIDAY_10 = datetime(2026, 12, 11, 10, 0, tzinfo=SEOUL)


@pytest.mark.parametrize(("said", "due"), [
    ("remind me about standup every weekday at 9:30", "Mon 2026-12-07 09:30"),
    ("I have a standup meeting every weekday at 9:30", "Mon 2026-12-07 09:30"),
    ("remind me to take my vitamins every day at 8", "Mon 2026-12-07 08:00"),
    ("i go to the gym on tuesdays and thursdays at 7", "Tue 2026-12-08 07:00"),
    ("매일 9시에 약 먹기 알려줘", "Mon 2026-12-07 09:00"),
    # guards: a part of the day, am/pm or a 24-hour clock says it; a one-off keeps the next to come
    ("remind me to take my pill every night at 9", "Sun 2026-12-06 21:00"),
    ("remind me to take my pill every day at 9pm", "Sun 2026-12-06 21:00"),
    ("remind me to check the oven every day at 21:00", "Sun 2026-12-06 21:00"),
    ("remind me to call mom at 9", "Sun 2026-12-06 21:00"),
    ("remind me to stretch every day at 11", "Sun 2026-12-06 11:00"),
    ("remind me to drink water every 2 hours", "Sun 2026-12-06 12:00"),
])
def test_a_routines_bare_hour_is_the_morning(tmp_path, korean, said, due):
    desk = agenda_desk(tmp_path, korean, SUNDAY_10)
    desk.handle(said, "s")
    assert [d for _, d in agenda_rows(desk, "%a %Y-%m-%d %H:%M")] == [due]


def test_a_named_weekday_said_on_that_day_after_the_morning_hour_is_next_week(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, FRIDAY_10)
    desk.handle("remind me to water the plants every friday at 9", "s")
    assert [d for _, d in agenda_rows(desk, "%a %Y-%m-%d %H:%M")] == ["Fri 2026-12-18 09:00"]


@pytest.mark.parametrize(("said", "kept"), [
    # a routine told with no article or no verb (the sixty-first session: SmolLM2 said it back, nothing kept)
    ("i have standup every weekday at 9:30", [("standup", "Mon 2026-12-07 09:30")]),
    ("gym on tuesdays and thursdays at 7am", [("gym", "Tue 2026-12-08 07:00")]),
    ("I have gym on tuesdays at 7", [("gym", "Tue 2026-12-08 07:00")]),
    ("yoga every saturday at 10", [("yoga", "Sat 2026-12-12 10:00")]),
    ("I have piano lessons on mondays at 4", [("piano lessons", "Mon 2026-12-07 16:00")]),
])
def test_a_routine_told_without_an_article_or_a_verb_is_kept(tmp_path, korean, said, kept):
    desk = agenda_desk(tmp_path, korean, SUNDAY_10)
    desk.handle(said, "s")
    assert agenda_rows(desk, "%a %Y-%m-%d %H:%M") == kept


@pytest.mark.parametrize("said", ["the gym is on fifth street", "gym was great today", "I have class every day",
                                  "I went to yoga on tuesday", "I have no class on mondays"])
def test_guard_a_place_or_news_of_a_routine_keeps_nothing(tmp_path, korean, said):
    desk = agenda_desk(tmp_path, korean, SUNDAY_10)
    desk.handle(said, "s")
    assert agenda_rows(desk) == []
