"""Everyday use of the fifty-seventh session's agenda features (a step repeat, someone else's appointment, alarms by
day and time), found by three 20-turn chats on the offline default (`jarvisd chat`, no Ollama: SmolLM2-135M, which
cannot answer them). Each case failed before its fix. Real desk on a JSONL agenda, Kiwi for Korean; no model."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 9, 37, tzinfo=SEOUL)   # the chats' Sunday morning


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, SUNDAY)


@pytest.mark.parametrize(("first", "skip", "said"), [
    ("remind me to take my pills every 8 hours", "skip the next one", "OK, I'll skip this one: take your pills."),
    ("remind me to take my pills every 8 hours", "skip the next pill", "OK, I'll skip this one: take your pills."),
    ("8시간마다 약 먹으라고 알려줘", "다음 거 건너뛰어", "이번엔 건너뛸게요: 약 먹기."),
    ("8시간마다 약 먹으라고 알려줘", "다음 번은 건너뛸게", "이번엔 건너뛸게요: 약 먹기."),
])
def test_the_next_one_of_a_step_repeat_is_skipped(desk, first, skip, said):
    reply = said_to(desk, first, skip)[1]
    assert reply is not None and reply.startswith(said)
    assert [due for _, due in agenda_rows(desk)] == ["2026-12-07 01:37"]   # the one at 17:37 skipped, the next 8 h on


@pytest.mark.parametrize(("first", "change", "said"), [
    ("remind me to take my pills every 8 hours", "make it every 6 hours", "every 6 hours"),
    ("remind me to take my pills every 8 hours", "change it to every 12 hours", "every 12 hours"),
    ("8시간마다 약 먹으라고 알려줘", "6시간마다로 바꿔줘", "6시간마다"),
])
def test_a_step_repeat_changed_to_another_step(desk, first, change, said):
    reply = said_to(desk, first, change)[1]
    assert reply is not None and said in reply
    assert len(desk.service.agenda()) == 1


@pytest.mark.parametrize("asked", ["what alarms do I have tomorrow?", "which alarms are set for tomorrow?",
                                   "내일 알람 뭐 있어?", "내일 알람 있어?"])
def test_alarms_asked_for_a_day(desk, asked):
    set_said = "내일 아침 6시 45분에 알람 맞춰줘" if "알람" in asked else "set an alarm for 6:45 tomorrow"
    reply = said_to(desk, set_said, asked)[1]
    assert reply is not None and ("6:45" in reply or "6시 45분" in reply)


@pytest.mark.parametrize("asked", ["반복되는 거 뭐 있어?", "반복되는 거 있어?", "반복하는 일정 뭐 있어?"])
def test_repeats_asked_in_korean(desk, asked):
    reply = said_to(desk, "8시간마다 약 먹으라고 알려줘", asked)[1]
    assert reply is not None and "약 먹기" in reply


@pytest.mark.parametrize(("said", "desc"), [
    ("remind me to call mom every other monday", "remind me to call mom"),
    ("I need to take out the recycling every other friday", "take out the recycling"),
])
def test_every_other_day_of_the_week_leaves_no_every_other(desk, said, desc):
    said_to(desk, said)
    [(kept, due)] = agenda_rows(desk, "%a")
    assert "every" not in kept and due in ("Mon", "Fri")


@pytest.mark.parametrize("cancel", ["cancel the kids' dentist", "cancel the kids dentist appointment",
                                    "cancel the kids' dentist appointment"])
def test_someone_elses_appointment_cancelled_by_whose_it_is(desk, cancel):
    reply = said_to(desk, "the kids have a dentist appointment on Wednesday at 4:15", cancel)[1]
    assert reply is not None and "dentist appointment for the kids" in reply and "?" not in reply
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("make", [
    lambda n: "what alarms do i have " + "x " * n + "tomorrow",
    lambda n: "what alarms do i have" + " " * n + "tomorrow!",
    lambda n: "내일 " + "알람 " * n + "뭐 있어",
])
def test_the_days_of_an_alarm_ask_are_read_in_linear_time(make):
    from jarvisd.openloop.alarms import alarms_day
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(alarms_day, make, 40_000)


@pytest.mark.parametrize("make", [
    lambda n: "call mom" + " " * n + "every",
    lambda n: "call mom " + "every other " * n + "x",
])
def test_a_steps_head_left_is_cut_in_linear_time(make):
    from jarvisd.openloop.repeats import without_repeat
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(without_repeat, make, 20_000)


@pytest.mark.parametrize(("said", "reply"), [
    ("set a weekday alarm for 6:30", "Alarm set for tomorrow at 6:30 AM, then every weekday."),
    ("set a daily alarm at 7am", "Alarm set for tomorrow at 7 AM, then every day."),
    ("can you set a weekend alarm for 8", "Alarm set for Saturday at 8 AM, then every weekend."),
])
def test_an_alarm_named_by_its_repeat_repeats(desk, said, reply):
    assert said_to(desk, said) == [reply]


def test_the_weekday_alarm_turned_off_and_skipped(desk):
    replies = said_to(desk, "set a weekday alarm for 6:30", "skip tomorrow's alarm", "turn off the weekday alarm",
                      "what alarms do I have?")
    assert replies[1] == "OK, I'll skip this one: alarm. Next: Tuesday at 6:30 AM."
    assert replies[2] is not None and replies[2].startswith("OK, I took it off your agenda: alarm.")
    assert replies[3] == "You have no alarms or timers set."


@pytest.mark.parametrize(("said", "reply"), [
    ("skip tomorrow's alarm", "You have no alarms set for tomorrow."),
    ("skip the alarm", "You have no alarms or timers set."),
    ("내일 알람 건너뛰어", "내일은 맞춰 둔 알람이 없어요."),
])
def test_an_alarm_skipped_with_none_set_is_said_so(desk, said, reply):
    assert said_to(desk, said) == [reply]


@pytest.mark.parametrize("make", [
    lambda n: "set a" + " " * n + "weekday alarm",
    lambda n: "set " + "a " * n + "weekday x",
])
def test_a_repeat_before_alarm_is_read_in_linear_time(make):
    from jarvisd.openloop.alarms import repeat_said_after
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(repeat_said_after, make, 40_000)


@pytest.mark.parametrize(("said", "rows"), [
    ("저녁 7시에 저녁 약속 있어", [("저녁 약속", "2026-12-06 19:00")]),
    ("토요일 12시에 점심 약속 있어요", [("점심 약속", "2026-12-12 12:00")]),
    ("금요일 7시에 저녁 약속 있어", [("저녁 약속", "2026-12-11 19:00")]),
    ("금요일 7시에 회식 있어", [("회식", "2026-12-11 19:00")]),
])
def test_a_meals_plan_told_in_korean_with_its_hour_is_kept(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


def test_a_lunch_plan_is_not_the_dinner_plan(desk):
    said_to(desk, "저녁 7시에 저녁 약속 있어", "토요일 12시에 점심 약속 있어요")
    assert sorted(agenda_rows(desk)) == [("저녁 약속", "2026-12-06 19:00"), ("점심 약속", "2026-12-12 12:00")]


def test_guard_the_plan_asked_with_a_question_mark_is_a_question(desk):
    assert said_to(desk, "저녁 7시에 저녁 약속 있어?") == ["할 일이 없어요."]
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("make", [
    lambda n: "7시에" + "가" * n + "저녁약속있어",
    lambda n: "7시에저녁" * n + "약속없어",
])
def test_a_meals_plan_is_read_in_linear_time(make):
    from jarvisd.openloop.intents_ko import _KO_PLAN_TOLD
    from jarvisd.openloop.when import _MEAL
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(lambda t: (_KO_PLAN_TOLD.search(t), _MEAL.search(t)), make, 40_000)


@pytest.mark.parametrize(("asked", "reply"), [
    ("what do the kids have this week?", "For the kids: dentist appointment for the kids, Wednesday at 4:15 PM."),
    ("what do the kids have on wednesday?", "For the kids: dentist appointment for the kids, Wednesday at 4:15 PM."),
    ("what does Emma have this week?", "For Emma: soccer practice for Emma, Tuesday at 5 PM."),
])
def test_someone_elses_appointments_asked_by_whose(desk, asked, reply):
    said = said_to(desk, "the kids have a dentist appointment on Wednesday at 4:15", "Emma has soccer practice Tuesday at 5",
                   asked)
    assert said[2] == reply
