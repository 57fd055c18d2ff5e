"""korean69: what korean68 and after68 left, in Korean (the caregiving daughter's week, the two trips), each seen first
with `scripts/days_lived.py` on the offline default. A desk on Monday 2026-12-07 10:00 in Seoul, a real JSONL agenda
and Kiwi; no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.reasons import without_ko_reason_first
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.seoul_monday import MONDAY, monday_clock, seoul_early_desk, seoul_monday_desk  # noqa: F401

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


# ---------------------------------------------------------------- a graduate student's week (days lived)


def test_a_deed_for_the_meeting_the_day_before_is_kept_not_a_move(monday):
    said_to(monday, "목요일에 랩미팅 발표 있어")
    # before: "랩미팅 발표, 모레로 바꿨어요." (the meeting moved to the day before; no deed kept)
    assert said_to(monday, "랩미팅 전날 발표 자료 만들어야 돼") == ["적어 둘게요: 랩미팅 발표 자료 만들기, 모레까지."]
    assert agenda_rows(monday, "%Y-%m-%d") == [("랩미팅 발표 자료 만들기", "2026-12-09"), ("랩미팅 발표", "2026-12-10")]


def test_a_deed_for_an_event_held_out_and_the_guard(monday):
    said_to(monday, "금요일에 프로젝트 발표 있어")
    assert said_to(monday, "프로젝트 발표 슬라이드 목요일까지 만들어야 돼") == [
        "적어 둘게요: 프로젝트 발표 슬라이드 만들기, 이번 주 목요일까지."]
    assert len(agenda_rows(monday)) == 2
    # guard: the booking errand of the booking kept is still the same promise ("치과 예약" / "치과 예약하기")
    from jarvisd.openloop import rules
    assert rules.first_same_loop("치과 예약하기", ["치과 예약"]) == 0
    assert rules.first_same_loop("엄마 생일 선물 사기", ["엄마 생일"]) is None


@pytest.mark.parametrize(("asked", "told"), [
    # before: None ("그렇군요."): "교수님" is "지도교수님", and 주신대 is 준대 said politely
    ("지도교수님한테 추천서 써 달라고 부탁해야 돼", "교수님이 추천서 써 주신대"),
    ("팀장님한테 휴가 결재 해 달라고 말해야 돼", "팀장님이 휴가 결재 해 주시기로 했어"),     # held out
])
def test_the_one_asked_by_title_saying_they_will(monday, asked, told):
    said_to(monday, asked)
    assert said_to(monday, told)[0].startswith("완료로 표시했어요: ")
    assert agenda_rows(monday) == []


def test_guard_another_one_of_the_same_title_closes_nothing(monday):
    said_to(monday, "오빠한테 병원비 보내 달라고 말해야 돼")
    assert said_to(monday, "작은오빠가 병원비 보내준대") == [None]


@pytest.mark.parametrize(("kept", "said", "reply"), [
    # before: None ("그렇군요."), the abstract left on Friday
    ("금요일까지 학회 초록 제출해야 돼", "면담 때문에 초록 일요일까지로 미뤄졌어", "학회 초록 제출하기, 이번 주 일요일까지로 바꿨어요."),
    ("목요일에 치과 예약 있어", "회사 일 때문에 치과 금요일로 옮겼어", "치과 예약, 이번 주 금요일로 바꿨어요."),   # held out
])
def test_why_a_promise_moved_is_no_part_of_the_move(monday, kept, said, reply):
    said_to(monday, kept)
    assert said_to(monday, said) == [reply]


def test_guard_a_reason_with_a_capture_keeps_its_words(monday):
    assert said_to(monday, "그날 일 때문에 마트 가기") == ["적어 둘게요: 그날 일 때문에 마트 가기."]


@pytest.mark.parametrize(("said", "reply"), [
    ("실험 시약 다 떨어져서 내일 주문해야 돼", "적어 둘게요: 실험 시약 주문하기, 내일까지."),
    ("프린터 잉크 다 떨어져서 내일 주문해야 돼", "적어 둘게요: 프린터 잉크 주문하기, 내일까지."),   # held out
    ("집에 우유 다 떨어져서 내일 사야 돼", "적어 둘게요: 우유 사기, 내일까지."),                  # where, not its name
])
def test_the_thing_run_out_keeps_its_kind(monday, said, reply):
    assert said_to(monday, said) == [reply]


def test_the_morning_reminder_of_an_event_is_on_the_day():
    from jarvisd.reflect.reminders import day_reminder_text
    # before: "알림: 랩미팅 발표, 오늘까지예요."
    assert day_reminder_text("랩미팅 발표") == "알림: 랩미팅 발표, 오늘이에요."
    assert day_reminder_text("장학금 결과 나오는 날") == "알림: 장학금 결과 나오는 날, 오늘이에요."   # held out
    assert day_reminder_text("방문 간호사 방문") == "알림: 방문 간호사 방문, 오늘이에요."
    assert day_reminder_text("도서관 책 반납하기") == "알림: 도서관 책 반납하기, 오늘까지예요."      # guard: a deed


@pytest.mark.parametrize(("said", "reply"), [
    # before: "적어 둘게요: 조교 업무 때문에 채점하기, 내일까지." (and "채점 다 했어" asked "… 말씀이세요?")
    ("조교 업무 때문에 내일 채점해야 돼", "적어 둘게요: 채점하기, 내일까지."),
    ("회의 때문에 금요일까지 보고서 내야 돼", "적어 둘게요: 보고서 내기, 이번 주 금요일까지."),   # held out
])
def test_a_reason_said_before_the_day_is_no_part_of_the_name(monday, said, reply):
    assert said_to(monday, said) == [reply]


def test_the_deed_kept_without_its_reason_is_closed_by_its_name(monday):
    said_to(monday, "조교 업무 때문에 내일 채점해야 돼")
    assert said_to(monday, "채점 다 했어") == ["완료로 표시했어요: 채점하기."]


def test_guard_a_reason_with_no_day_after_it_stays(monday):
    said_to(monday, "그날 일 때문에 마트 가야돼")
    assert agenda_rows(monday) == [("그날 일 때문에 마트 가기", "-")]
    said_to(monday, "코로나 때문에 내일 모임 취소됐어")
    assert agenda_rows(monday) == [("그날 일 때문에 마트 가기", "-")]
