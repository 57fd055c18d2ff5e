"""korean69: what korean68 and after68 left, in Korean (the caregiving daughter's week, the two trips), each seen first
with `scripts/days_lived.py` on the offline default. A desk on Monday 2026-12-07 10:00 in Seoul, a real JSONL agenda
and Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.reasons import without_ko_reason_first
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, agenda_desk, agenda_rows, said_to

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


@pytest.fixture
def clock() -> FakeClock:
    c = FakeClock(0)
    c.set_local("2026-12-07 07:00")
    return c


@pytest.fixture
def early(tmp_path, korean, clock) -> AgendaDesk:
    """A desk whose clock is moved by hand, from Monday 07:00."""
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)


# ---------------------------------------------------------------- 1. the thing run out is what is bought


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: "적어 둘게요: 사기, 내일까지." (the reason first took the thing with it)
    ("엄마 기저귀 다 떨어져서 내일 사야 돼", "적어 둘게요: 기저귀 사기, 내일까지.", ("기저귀 사기", "2026-12-08")),
    ("우유가 없어서 이따 주문해야 돼", "적어 둘게요: 우유 주문하기, 오늘까지.", ("우유 주문하기", "2026-12-07")),   # held out
    ("휴지 다 떨어져서 퇴근길에 사 와야 돼", "적어 둘게요: 퇴근길에 휴지 사 오기.", ("퇴근길에 휴지 사 오기", "-")),  # held out
])
def test_the_thing_run_out_is_the_object_of_buying_more(monday, said, reply, row):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday, "%Y-%m-%d") == [row]


def test_guard_an_errand_of_its_own_after_a_thing_run_out_keeps_its_words(monday):
    # lows67's: the errand names its own place; the thing run out is only the reason
    assert said_to(monday, "우유 다 떨어져서 내일 마트 가기") == ["적어 둘게요: 마트 가기, 내일까지."]
    assert without_ko_reason_first("보일러 고장나서 내일 수리 기사 부르기") == "내일 수리 기사 부르기"
    assert without_ko_reason_first("친구 만나서 밥 먹기") == "친구 만나서 밥 먹기"


# ---------------------------------------------------------------- 2. 달라고 is asked for


@pytest.mark.parametrize(("said", "row"), [
    # before: "오빠한테 병원비 반 보내 달려고 말하기" (the dialect's -ㄹ라고 read into it)
    ("오빠한테 병원비 반 보내 달라고 말해야 돼", "오빠한테 병원비 반 보내 달라고 말하기"),
    ("언니한테 차 좀 빌려 달라고 부탁해야 돼", "언니한테 차 빌려 달라고 부탁하기"),   # held out
])
def test_asked_for_is_not_read_as_a_plan(monday, said, row):
    said_to(monday, said)
    assert [desc for desc, _ in agenda_rows(monday)] == [row]


def test_guard_the_dialects_plan_after_rieul_is_still_read(monday):
    assert said_to(monday, "내일 엄마 모시고 병원 갈라고") == ["적어 둘게요: 엄마 모시고 병원 가기, 내일까지."]


# ---------------------------------------------------------------- 3. a dose told done today is today's


def test_a_dose_told_done_in_the_evening_is_the_mornings(early, clock):
    assert said_to(early, "매일 아침 8시에 엄마 혈압약 드리기") == ["적어 둘게요: 엄마 혈압약 드리기, 오늘 오전 8시부터 매일."]
    clock.set_local("2026-12-07 20:00")
    # before: "완료로 표시했어요: 엄마 혈압약 드리기. 다음은 모레 오전 8시예요." (tomorrow's dose closed)
    assert said_to(early, "오늘 혈압약 드렸어") == ["완료로 표시했어요: 엄마 혈압약 드리기 (오늘 오전 8시 기한이 지났던 일)."]
    assert agenda_rows(early) == [("엄마 혈압약 드리기", "2026-12-08 08:00")]


def test_a_dose_told_done_today_held_out_in_english(early, clock):
    said_to(early, "take my pills every day at 8am")
    clock.set_local("2026-12-07 20:00")
    assert said_to(early, "i took my pills today") == ["Good, marked done: take your pills (it was due today at 8 AM)."]
    assert agenda_rows(early) == [("take my pills", "2026-12-08 08:00")]


def test_guard_a_dose_due_later_today_is_closed_as_before(early, clock):
    said_to(early, "매일 저녁 9시에 비타민 먹기")
    clock.set_local("2026-12-07 20:00")
    assert said_to(early, "오늘 비타민 먹었어") == ["완료로 표시했어요: 비타민 먹기. 다음은 내일 밤 9시예요."]
    assert agenda_rows(early) == [("비타민 먹기", "2026-12-08 21:00")]


# ---------------------------------------------------------------- 4. the one to be asked says they will


def test_the_one_to_be_asked_saying_they_will_closes_the_asking(monday):
    said_to(monday, "오빠한테 병원비 보내 달라고 말해야 돼")
    # before: None ("그렇군요."), the errand left open
    assert said_to(monday, "오빠가 병원비 보내준대") == ["완료로 표시했어요: 오빠한테 병원비 보내 달라고 말하기."]
    assert agenda_rows(monday) == []


def test_the_one_to_be_asked_held_out(monday):
    said_to(monday, "언니한테 차 좀 빌려 달라고 부탁해야 돼")
    assert said_to(monday, "언니가 차 빌려주기로 했어") == ["완료로 표시했어요: 언니한테 차 빌려 달라고 부탁하기."]


def test_guard_someone_else_or_something_else_closes_nothing(monday):
    said_to(monday, "오빠한테 병원비 보내 달라고 말해야 돼")
    assert said_to(monday, "오빠가 설거지 해준대") == [None]
    assert said_to(monday, "언니가 병원비 보내준대") == [None]
    assert agenda_rows(monday) == [("오빠한테 병원비 보내 달라고 말하기", "-")]


# ---------------------------------------------------------------- 5. results out on a day; a visit on its day


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: None ("그렇군요."), nothing kept
    ("다음주 화요일에 엄마 검사 결과 나온대", "적어 둘게요: 엄마 검사 결과 나오는 날, 다음 주 화요일.",
     ("엄마 검사 결과 나오는 날", "2026-12-15")),
    ("엄마 검사 결과 다음주 화요일에 나온대", "적어 둘게요: 엄마 검사 결과 나오는 날, 다음 주 화요일.",
     ("엄마 검사 결과 나오는 날", "2026-12-15")),
    ("금요일에 건강검진 결과 나온대", "적어 둘게요: 건강검진 결과 나오는 날, 이번 주 금요일.",         # held out
     ("건강검진 결과 나오는 날", "2026-12-11")),
    ("내일 시험 성적 나온대", "적어 둘게요: 시험 성적 나오는 날, 내일.", ("시험 성적 나오는 날", "2026-12-08")),  # held out
])
def test_results_out_on_a_day_are_that_day(monday, said, reply, row):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday, "%Y-%m-%d") == [row]


def test_results_kept_are_closed_when_out(monday):
    said_to(monday, "다음주 화요일에 엄마 검사 결과 나온대")
    assert said_to(monday, "엄마 검사 결과 나왔어") == ["완료로 표시했어요: 엄마 검사 결과 나오는 날."]


@pytest.mark.parametrize("said", ["다음주에 엄마 검사 결과 나온대", "다음주에 결과 나온대", "다음주 화요일에 신제품 나온대",
                                  "내일 비 온대", "다음주 화요일에 엄마 퇴원한대"])
def test_guard_no_day_or_no_results_is_not_kept(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


@pytest.mark.parametrize(("said", "reply"), [
    # before: "… 이번 주 목요일까지." (a visit worded as a deadline)
    ("목요일에 방문 간호사 온대", "적어 둘게요: 방문 간호사 방문, 이번 주 목요일."),
    ("목요일에 가스 검침 온대", "적어 둘게요: 가스 검침, 이번 주 목요일."),        # held out
    ("보일러 점검 기사님 목요일에 와", "적어 둘게요: 보일러 점검 기사님 방문, 이번 주 목요일."),   # held out
])
def test_a_visit_is_said_on_its_day(monday, said, reply):
    assert said_to(monday, said) == [reply]


def test_guard_a_deed_by_a_day_is_still_by_it(monday):
    assert said_to(monday, "목요일까지 요양 등급 신청서 내야 돼") == ["적어 둘게요: 요양 등급 신청서 내기, 이번 주 목요일까지."]


# ---------------------------------------------------------------- 6. which trip


def _two_flights(desk: AgendaDesk) -> None:
    said_to(desk, "싱가포르 비행기 수요일 오전 9시", "도쿄 비행기 다음주 월요일 오후 2시")


@pytest.mark.parametrize(("pick", "reply", "row"), [
    ("도쿄", "적어 둘게요: 일정 확인하기, 다음 주 월요일 오전 7시부터 매일.", ("일정 확인하기", "2026-12-14 07:00")),
    ("1번", "적어 둘게요: 일정 확인하기, 모레 오전 7시부터 매일.", ("일정 확인하기", "2026-12-09 07:00")),
])
def test_a_routine_for_the_trip_with_two_trips_kept_asks_which(monday, pick, reply, row):
    _two_flights(monday)
    # before: "적어 둘게요: 출장 기간 동안 일정 확인하기, 내일 오전 7시부터 매일." (kept as if one)
    assert said_to(monday, "출장 기간 동안 매일 아침 7시에 일정 확인하기") == [
        "어느 출장 말씀이세요? 1번 싱가포르 비행기(모레 오전 9시), 2번 도쿄 비행기(다음 주 월요일 오후 2시). 몇 번인지 말해 주세요."]
    assert said_to(monday, pick) == [reply]
    assert row in agenda_rows(monday)
    assert len(agenda_rows(monday)) == 3


def test_which_trip_held_out(monday):
    _two_flights(monday)
    assert said_to(monday, "여행 동안 매일 밤 10시에 엄마한테 전화하기")[0].startswith("어느 여행 말씀이세요? 1번 싱가포르")
    assert said_to(monday, "두 번째 거") == ["적어 둘게요: 엄마한테 전화하기, 다음 주 월요일 밤 10시부터 매일."]


def test_guard_which_trip_no_keeps_nothing_and_one_trip_is_as_before(monday):
    _two_flights(monday)
    said_to(monday, "출장 기간 동안 매일 아침 7시에 일정 확인하기")
    assert said_to(monday, "아니") == ["알겠어요, 그대로 둘게요."]
    assert len(agenda_rows(monday)) == 2
    said_to(monday, "도쿄 비행기 취소")
    assert said_to(monday, "출장 기간 동안 매일 아침 7시에 일정 확인하기")[0].startswith("적어 둘게요")
