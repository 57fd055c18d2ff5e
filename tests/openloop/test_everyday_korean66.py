"""Korean everyday use, the sixty-sixth session: four Korean users' weeks lived through `scripts/days_lived.py` on the
offline default (SmolLM2-135M, no Ollama): a delivery rider, a parent of a high-school senior, a worker often abroad, a
newly married couple about to move. Each wrong answer made a test here: a desk on Monday 2026-12-07 in Seoul (a
`FakeClock` moved as the week was), a real JSONL agenda and Kiwi; no model. The small talk is `small_talk.owed_answer`."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.small_talk import owed_answer
from tests.openloop.conftest import SEOUL, FakeClock, agenda_desk, agenda_rows, said_to

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


@pytest.fixture
def week(tmp_path, korean) -> tuple[AgendaDesk, FakeClock]:
    clock = FakeClock(MONDAY.timestamp())
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean), clock


def _at(clock: FakeClock, day: int, hour: int) -> None:
    clock.now = datetime(2026, 12, day, hour, 0, tzinfo=SEOUL).timestamp()


# ---------------------------------------------------------------- a deadline said with the copula after 까지


@pytest.mark.parametrize(("said", "row"), [
    # before: "그렇군요." (SmolLM2), nothing kept: "이번 달 말까지야" was read as "이번 달" alone
    ("보험 갱신 이번 달 말까지야", ("보험 갱신", "2026-12-31 23:59")),
    ("보험 갱신 월말까지야", ("보험 갱신", "2026-12-31 23:59")),                    # held out
    ("카드 결제 다음 달 말까지예요", ("카드 결제", "2027-01-31 23:59")),              # held out
])
def test_a_deadline_at_the_months_end_said_with_the_copula_is_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_the_insurance_kept_is_closed(monday):
    said_to(monday, "보험 갱신 이번 달 말까지야")
    assert said_to(monday, "보험 갱신 했어") == ["완료로 표시했어요: 보험 갱신."]


@pytest.mark.parametrize("said", ["연말정산 끝났어", "연말까지 바빠", "이번 달 말이야 벌써"])
def test_guard_the_months_end_in_talk_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- "our" occasion


@pytest.mark.parametrize(("said", "row"), [
    # before: to SmolLM2, nothing kept (우리 first)
    ("우리 이사 담주 토요일이야", ("이사", "2026-12-19 23:59")),
    ("저희 결혼식 내년 오월 구일이에요", ("결혼식", "2027-05-09 23:59")),             # held out
    ("우리 팀 회의 목요일 세시야", ("팀 회의", "2026-12-10 15:00")),                  # held out
])
def test_our_occasion_with_its_day_is_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize("said", ["우리 이사 힘들었어", "우리 애 요즘 바빠", "우리 회의 너무 길어"])
def test_guard_our_talk_with_no_day_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- the day before (or after) another thing kept


def test_the_balance_the_day_before_the_move_is_kept_by_the_moves_day(monday):
    """Before: "잔금 이사 전날까지 보내기" with no day (the move not kept either)."""
    said_to(monday, "우리 이사 담주 토요일이야")
    assert said_to(monday, "잔금 이사 전날까지 보내야돼") == ["적어 둘게요: 잔금 보내기, 다음 주 금요일까지."]
    assert said_to(monday, "이삿짐 이사 하루 전에 싸야돼") == ["적어 둘게요: 이삿짐 싸기, 다음 주 금요일까지."]   # held out
    assert said_to(monday, "잔금 보냈어") == ["완료로 표시했어요: 잔금 보내기."]


def test_a_registration_within_two_weeks_of_the_move(monday):
    """Before: "전입신고 이사하기, 12월 24일 목요일까지" (two weeks from the day said, the move in the name)."""
    said_to(monday, "우리 이사 담주 토요일이야")
    assert said_to(monday, "전입신고 이사하고 2주 안에 해야돼") == ["적어 둘게요: 전입신고하기, 2027년 1월 2일 토요일까지."]
    # after68: the registration is tied to the move and moves with it (before: left on January 2)
    assert said_to(monday, "이사 일요일로 미뤄줘") == ["이사, 다음 주 일요일로 바꿨어요. 전입신고하기도 2027년 1월 3일 일요일까지로 옮겼어요."]


def test_a_deed_days_after_another_thing_held_out(monday):
    said_to(monday, "입학식 담주 수요일이야")
    assert said_to(monday, "교복 입학식하고 일주일 안에 찾아야 돼") == ["적어 둘게요: 교복 찾기, 12월 23일 수요일까지."]


def test_guard_after_a_thing_not_kept_is_left_as_said(monday):
    said_to(monday, "전입신고 이사하고 2주 안에 해야돼")
    assert [desc for desc, _ in agenda_rows(monday)] == ["전입신고 이사하기"]


# ---------------------------------------------------------------- a flight, the day before it, the days of the trip


@pytest.mark.parametrize(("said", "row"), [
    # before: "아마사용하는 전자에섚에섚…" (SmolLM2; Kiwi reads that 가 a subject's particle), nothing kept
    ("담주 월욜 아침 여덟시 비행기로 싱가포르 가", ("싱가포르 비행기", "2026-12-14 08:00")),
    ("금요일 저녁 일곱시 비행기로 제주도 가요", ("제주도 비행기", "2026-12-11 19:00")),   # held out
])
def test_a_flight_said_as_going_by_plane_is_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize("said", ["민수가 내일 비행기로 제주 가", "비행기로 부산 가", "다음엔 비행기로 가"])
def test_guard_someone_elses_flight_or_no_time_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


def test_the_day_before_departure_is_the_flights(week):
    """Before: "환전 출발 전날 하기" and "항공권 체크인 출발 …, 언제 알려 드릴까요?" with no day; "출장 기간 동안 매일 아침
    일곱시에 일정 확인 알려줘 닷새 동안" read the agenda out."""
    desk, clock = week
    said_to(desk, "담주 월욜 아침 여덟시 비행기로 싱가포르 가")
    assert said_to(desk, "환전은 출발 전날 해야겠다") == ["적어 둘게요: 환전하기, 이번 주 일요일까지."]
    assert said_to(desk, "환전 언제였지?") == ["환전하기는 이번 주 일요일까지예요."]
    _at(clock, 10, 18)
    assert said_to(desk, "항공권 체크인 출발 하루 전에 알려줘") == ["알림 맞춰 둘게요: 항공권 체크인, 이번 주 일요일까지."]
    assert said_to(desk, "출장 기간 동안 매일 아침 일곱시에 일정 확인 알려줘 닷새 동안") == [
        "알림 맞춰 둘게요: 일정 확인하기, 다음 주 월요일 오전 7시부터 다음 주 금요일까지 매일."]


def test_how_long_said_after_the_ask_held_out(monday):
    assert said_to(monday, "매일 밤 열시에 정산 확인 알려줘 2주 동안") == [
        "알림 맞춰 둘게요: 정산 확인하기, 오늘 밤 10시부터 다음 주 일요일까지 매일."]


@pytest.mark.parametrize("said", ["오늘 일정 확인 알려줘", "매일 아침 일정 알려줘"])
def test_guard_the_agenda_asked_is_still_read_out(monday, said):
    said_to(monday, "내일 오후 세시에 치과 가야 돼")
    assert said_to(monday, said)[0].startswith(("오늘까지 할 일", "할 일이"))
    assert len(agenda_rows(monday)) == 1


# ---------------------------------------------------------------- days said glued: 월수금


def test_a_pickup_on_three_days_glued_is_weekly(week):
    """Before: "애 학원 월수금 끝나서 픽업 가기, 오늘 밤 10시" once; "오늘 픽업 했어" on Friday closed Monday's, none left."""
    desk, clock = week
    assert said_to(desk, "우리 애 학원 월수금 밤 열시에 끝나서 픽업 가야돼") == [
        "적어 둘게요: 애 학원 끝나서 픽업 가기, 오늘 밤 10시부터 매주 월·수·금요일."]
    _at(clock, 11, 22)
    said_to(desk, "오늘 픽업 했어")
    assert agenda_rows(desk) == [("애 학원 끝나서 픽업 가기", "2026-12-14 22:00")]


@pytest.mark.parametrize(("said", "row"), [
    ("화목토 저녁 일곱시에 요가 가야돼", ("요가 가기", "2026-12-08 19:00")),              # held out
    ("매주 월수금 밤 열시에 애 학원 픽업 가야돼", ("애 학원 픽업 가기", "2026-12-07 22:00")),
])
def test_glued_days_held_out(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]
    assert "매주" in said_to(monday, "이번주 뭐 남았지")[0]


@pytest.mark.parametrize(("said", "desc"), [("수금 하러 가야돼", "수금 하러 가기"), ("월화수 다 바빠", None)])
def test_guard_glued_letters_that_are_no_days(monday, said, desc):
    said_to(monday, said)
    assert [d for d, _ in agenda_rows(monday)] == ([desc] if desc else [])


# ---------------------------------------------------------------- a booking made without the word 예약


def test_a_center_booked_closes_the_errand_and_keeps_the_visit(monday):
    """Before: "…센터 예약하기, 모레 오후 4시로 바꿨어요." (the errand to book moved, still to do)."""
    said_to(monday, "브레이크 패드 소리나서 센터 예약해야 되는데 까먹지 않게 알려줘")
    assert said_to(monday, "센터 목요일 오후 네시로 잡았어") == [
        # (lows67: the reason "브레이크 패드 소리나서" is no part of the name, `reasons.without_ko_reason_first`)
        "완료로 표시했어요: 센터 예약하기. 적어 둘게요: 센터 예약, 이번 주 목요일 오후 4시."]


def test_a_salon_booked_held_out(monday):
    said_to(monday, "미용실 예약해야돼")
    assert said_to(monday, "미용실 내일 오후 세시로 예약했어") == [
        "완료로 표시했어요: 미용실 예약하기. 적어 둘게요: 미용실 예약, 내일 오후 3시."]


# ---------------------------------------------------------------- a move or a cancel of a thing not kept


def test_a_move_of_a_thing_not_kept_is_said_so(monday):
    """Before: SmolLM2's "오토바이 정비 금요"."""
    said_to(monday, "센터 예약해야돼")
    assert said_to(monday, "오토바이 정비 금요일로 미뤄줘") == ["할 일 목록에서 '오토바이 정비'를 찾지 못했어요."]
    assert said_to(monday, "치과 목요일로 옮겨 주세요") == ["할 일 목록에서 '치과'를 찾지 못했어요."]   # held out
    assert said_to(monday, "그거 금요일로 미뤄줘") == ["센터 예약하기, 이번 주 금요일까지로 바꿨어요."]   # guard


@pytest.mark.parametrize("said", ["나중에 할게", "그냥 다음에 할래", "담에 할게요"])
def test_a_deed_put_off_names_no_promise(monday, said):
    """Before: "적어 둘게요: 다음에 하기." (and "정비 취소해줘 그냥 다음에 할래" kept it, or closed a thing named 다음에)."""
    said_to(monday, said)
    assert agenda_rows(monday) == []


def test_a_cancel_then_put_off_is_the_cancel(monday):
    said_to(monday, "다음에 장 보러 가자", "오토바이 정비 해야돼")
    assert said_to(monday, "정비 취소해줘 그냥 다음에 할래") == ["목록에서 지웠어요: 오토바이 정비 하기."]
    assert said_to(monday, "정비 취소해줘 그냥 다음에 할래") == ["할 일 목록에서 '정비'를 찾지 못했어요."]
    assert said_to(monday, "장 보러 가는거 취소 나중에 하지 뭐") == ["목록에서 지웠어요: 다음에 장 보러 가기."]   # held out
    assert agenda_rows(monday) == []


def test_guard_a_deed_named_later_is_kept(monday):
    said_to(monday, "이따 전화할게")
    assert agenda_rows(monday) == [("전화하기", "2026-12-07 23:59")]


# ---------------------------------------------------------------- a result told later, a call an office will make


def test_the_day_a_result_comes_out_told_after_the_duty(monday):
    """Before: "그렇군요." (SmolLM2), nothing kept; "모의고사 성적표 확인했나?" then "일정에서 찾지 못했어요"."""
    assert said_to(monday, "모의고사 성적표 나오면 확인해야 되는데 목요일에 나온대") == [
        "적어 둘게요: 모의고사 성적표 확인하기, 이번 주 목요일까지."]
    assert said_to(monday, "모의고사 성적표 확인했나?")[0].startswith("아직이에요.")
    assert said_to(monday, "성적표 확인했어") == ["완료로 표시했어요: 모의고사 성적표 확인하기."]


@pytest.mark.parametrize(("said", "row"), [
    ("택배 오면 반품 신청해야 되는데 내일 온대", ("반품 신청하기", "2026-12-08 23:59")),     # held out
    # before: "모의고사 성적표 목요일 확인하기" (the condition's day in the name)
    ("성적표 목요일에 나오면 확인해야 돼", ("성적표 확인하기", "2026-12-10 23:59")),
])
def test_a_conditions_day_is_no_part_of_the_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize(("said", "row"), [
    # before: SmolLM2's English paragraph, nothing kept
    ("보험사에서 담주 화욜에 전화 준대", ("보험사 전화 받기", "2026-12-15 23:59")),
    ("병원에서 내일 오후 세시에 연락 준대요", ("병원 전화 받기", "2026-12-08 15:00")),      # held out
])
def test_a_call_an_office_will_make_is_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize("said", ["민수가 내일 전화 준대", "보험사에서 전화 준대", "은행에서 어제 전화 왔어"])
def test_guard_a_friends_call_or_no_day_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- lunch with someone


@pytest.mark.parametrize(("said", "desc"), [
    # before: "지민이 엄마랑 먹기"
    ("지민이 엄마랑 내일 점심 먹기로 했어", "지민이 엄마랑 점심 먹기"),
    ("금요일 저녁에 팀장님하고 먹기로 했어", "팀장님하고 저녁 먹기"),                   # held out
    ("내일 아침에 약 먹어야 돼", "약 먹기"),                                          # guard: a thing eaten named
    ("내일 아침에 사과 먹어야 돼", "사과 먹기"),                 # guard: 사과 ends in 과, no one eaten with
])
def test_the_meal_eaten_with_someone_is_named(monday, said, desc):
    said_to(monday, said)
    assert [d for d, _ in agenda_rows(monday)] == [desc]


# ---------------------------------------------------------------- small talk of the four weeks


@pytest.mark.parametrize(("said", "reply"), [
    # before: "아마 오늘 콜 진짜 없다. This is a Japanese phrase …"
    ("아 오늘 콜 진짜 없다", "오늘은 좀 한산하네요. 이런 날도 있죠, 힘내세요."),
    ("오늘 손님 너무 없네", "오늘은 좀 한산하네요. 이런 날도 있죠, 힘내세요."),            # held out
    # before: "지친다."
    ("출장 너무 자주 가서 지친다", "오늘 고생 많으셨어요. 푹 쉬세요."),
    ("애들 보느라 정신없어서 지친다", "오늘 고생 많으셨어요. 푹 쉬세요."),                # held out
    # before: "신혼집 드디어 들어간다. I'm JARVIS, …"
    ("신혼집 드디어 들어간다 너무 설렌다", "설레시겠어요. 좋은 일 가득하길 바랄게요."),
    ("여행 기대된다", "설레시겠어요. 좋은 일 가득하길 바랄게요."),                       # held out
    # before: "좋은 주말 is a Japanese word that means "the truth." …"
    ("좋은 주말", "감사해요. 좋은 주말 보내세요!"),
    ("주말 잘 보내", "감사해요. 좋은 주말 보내세요!"),                                  # held out
])
def test_korean_small_talk_of_the_four_weeks(said, reply):
    assert owed_answer(said) == reply


@pytest.mark.parametrize("said", ["콜 없으면 알려줘", "설레는 마음으로 준비해야돼?", "오늘 배달 몇 건 했지?",
                                  "내일 출장 가서 보고서 써야 돼", "손님 없을 때 청소해야 돼"])
def test_guard_promises_and_questions_are_no_small_talk(said):
    assert owed_answer(said) is None
