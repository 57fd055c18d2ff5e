"""The six wrong answers round 63 left on the offline default (no Ollama): each case here kept one time of several,
kept one day of two, left the timeless pill entry beside its times, went to SmolLM2, or spoke of a HUD the chat lacks.
Real desk and agenda service on a JSONL agenda with a stopped clock (Monday 2026-12-07 10:00, UTC or Seoul)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import FakeClock, agenda_desk, agenda_rows, said_to

UTC = ZoneInfo("UTC")
SEOUL = ZoneInfo("Asia/Seoul")
MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)
MONDAY_SEOUL = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


@pytest.fixture
def ko_desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY_SEOUL)


# ---------------------------------------------------------------- 1. several clock times of a day, in English

@pytest.mark.parametrize("said", ["take my blood pressure pill at 8am and 8pm every day",
                                  "remind me to take my blood pressure pill every day at 8 am and 8 pm",
                                  "take my blood pressure pill at 8am and 8pm daily"])
def test_a_pill_at_two_clock_times_every_day_keeps_both(desk, said):
    """Before: "Got it: take your blood pressure pill and, tomorrow at 8 AM, then every day." (8 PM lost, "and" kept
    in the name)."""
    reply = said_to(desk, said)[0]
    assert sorted(agenda_rows(desk)) == [("take my blood pressure pill", "2026-12-07 20:00"),
                                         ("take my blood pressure pill", "2026-12-08 08:00")]
    assert {loop.repeat for loop in desk.service.agenda()} == {"daily"}
    assert reply is not None and reply.count("Got it") + reply.count("remind you") == 1
    assert "every day at 8 AM and 8 PM" in reply and "tonight at 8 PM" in reply


def test_three_clock_times_every_day_keep_three(desk):
    said_to(desk, "remind me to take my pill every day at 8 am, 1 pm and 7 pm")
    assert sorted(due for _, due in agenda_rows(desk)) == ["2026-12-07 13:00", "2026-12-07 19:00", "2026-12-08 08:00"]


@pytest.mark.parametrize("said", ["call mom at 8am and 8pm tomorrow", "take the pills three times a day at 8, 2 and 8"])
def test_guard_no_daily_rule_or_no_clear_clock_keeps_one(desk, said):
    said_to(desk, said)
    assert len(desk.service.agenda()) <= 1


# ---------------------------------------------------------------- 5. an English occasion first, the Korean after

@pytest.mark.parametrize("said", ["standup meeting 내일 있어", "내일 standup meeting 있어", "회의 내일 3시에 있어"])
def test_an_occasion_named_before_its_day_and_itda_is_kept(ko_desk, said):
    """Before: "standup meeting 내일 있어" went to SmolLM2 (only "내일 standup meeting 있어" was kept)."""
    reply = said_to(ko_desk, said)[0]
    assert reply is not None and reply.startswith("적어 둘게요")
    assert len(ko_desk.service.agenda()) == 1 and agenda_rows(ko_desk)[0][1].startswith("2026-12-08")


@pytest.mark.parametrize("said", ["시간 내일 있어", "standup meeting 내일 있어?"])
def test_guard_time_or_a_question_with_itda_is_no_occasion(ko_desk, said):
    said_to(ko_desk, said)
    assert ko_desk.service.agenda() == []


# ---------------------------------------------------------------- 4. two weekdays of one appointment, in Korean

@pytest.mark.parametrize(("said", "days", "first"), [
    ("월요일이랑 금요일 2시에 물리치료", "mon,fri", "2026-12-07 14:00"),
    ("화요일하고 목요일 저녁 7시에 스터디 있어", "tue,thu", "2026-12-08 19:00")])
def test_two_weekdays_and_a_clock_time_repeat_weekly_on_both(ko_desk, said, days, first):
    """Before: "적어 둘게요: 물리치료, 다음 주 월요일 오후 2시." (once, Friday lost), where English "physio is tuesdays
    and fridays at 11" repeats on both."""
    reply = said_to(ko_desk, said)[0]
    assert [loop.repeat for loop in ko_desk.service.agenda()] == [days]
    assert agenda_rows(ko_desk)[0][1] == first
    assert reply is not None and "매주" in reply


def test_guard_two_weekdays_without_a_clock_time_stay_once(ko_desk):
    said_to(ko_desk, "월요일이랑 화요일에 보고서 써야 해")
    assert [loop.repeat for loop in ko_desk.service.agenda()] == [None]


# ---------------------------------------------------------------- 2. "I took the pills" with a routine's times open

def test_i_took_the_pills_closes_the_dose_due_nearest_now(desk):
    """Before: the three pill promises all matched and the turn went to SmolLM2."""
    said = said_to(desk, "take the pills three times a day", "I took the pills")
    assert said[1] == "Marked done: take the pills in the afternoon. Next: tomorrow at 2 PM."
    assert sorted(agenda_rows(desk)) == [("take the pills in the afternoon", "2026-12-08 14:00"),
                                         ("take the pills in the evening", "2026-12-07 20:00"),
                                         ("take the pills in the morning", "2026-12-08 08:00")]


def test_guard_the_evening_dose_is_closed_in_the_evening(tmp_path, korean):
    clock = FakeClock(MONDAY.timestamp())
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=UTC, clock=clock)
    desk = AgendaDesk(service, korean)
    said_to(desk, "take my blood pressure pill at 8am and 8pm every day")
    clock.set_local("2026-12-07 20:10", UTC)
    said = said_to(desk, "I took my blood pressure pill")
    assert said == ["Marked done: take your blood pressure pill. Next: tomorrow at 8 PM."]
    assert sorted(agenda_rows(desk)) == [("take my blood pressure pill", "2026-12-08 08:00"),
                                         ("take my blood pressure pill", "2026-12-08 20:00")]



# ---------------------------------------------------------------- 3. the times said after "하루에 세 번"

@pytest.mark.parametrize(("first", "times", "opening"), [
    ("약을 하루에 세 번 먹어야 해요", "아침 여덟 시, 점심 한 시, 저녁 일곱 시", "적어 둘게요"),
    ("자비스야 내가 약을 하루에 세 번 먹어야 되는데 좀 알려 주겠어요?", "아침 여덟 시, 점심 한 시, 저녁 일곱 시요", "알림 맞춰 둘게요")])
def test_the_times_answered_replace_the_timeless_pill_entry(ko_desk, first, times, opening):
    """Before: "약을 하루에 세 번 먹기, 내일 오전 8시로 바꿨어요." (one time kept, the timeless entry moved) or nothing,
    and "아침 약 먹었어요" then closed "약을 하루에 세 번 먹기"."""
    said = said_to(ko_desk, first, times)
    assert said[1] == f"{opening}: 약 먹기, 매일 오전 8시, 오후 1시, 저녁 7시. 다음은 오늘 오후 1시예요."
    assert sorted(agenda_rows(ko_desk)) == [("약 먹기", "2026-12-07 13:00"), ("약 먹기", "2026-12-07 19:00"),
                                            ("약 먹기", "2026-12-08 08:00")]
    assert said_to(ko_desk, "아침 약 먹었어요")[0].startswith("완료로 표시했어요: 약 먹기.")
    assert len(ko_desk.service.agenda()) == 3   # a daily dose done comes back


def test_guard_one_time_answered_still_moves_a_plain_promise(ko_desk):
    said = said_to(ko_desk, "보고서 써야 해", "오후 3시")
    assert said[1] == "보고서 쓰기, 오늘 오후 3시로 바꿨어요."
