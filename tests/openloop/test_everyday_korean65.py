"""Korean everyday use, the sixty-fifth session: four Korean users' weeks lived through `scripts/days_lived.py` on the
offline default (SmolLM2-135M, no Ollama): a nurse on shifts, a student looking for work, a café owner, a child taking
parents to hospital. Each wrong answer made a test here: a desk on Monday 2026-12-07 10:00 in Seoul, a real JSONL
agenda and Kiwi; no model. The small talk is `small_talk.owed_answer` itself."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.small_talk import owed_answer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL))


# ---------------------------------------------------------------- a training with a time, said with 낼


@pytest.mark.parametrize(("said", "row"), [
    # before: "나먀직에세시에 인계 교육 있어." (SmolLM2), nothing kept, and "교육 끝났어" closed the 보수교육 errand
    ("낼 오후 세시에 인계 교육 있어", ("인계 교육", "2026-12-08 15:00")),
    ("목요일 오전 열시에 신입 연수 있어요", ("신입 연수", "2026-12-10 10:00")),     # held out
    ("금요일 두시에 입학 설명회 있어", ("입학 설명회", "2026-12-11 14:00")),
])
def test_a_training_with_a_time_is_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_the_training_kept_is_the_one_asked_and_closed(monday):
    said_to(monday, "낼 오후 세시에 인계 교육 있어", "교육 끝나고 보수교육 신청해야 되는데 까먹지 않게 알려줘")
    assert said_to(monday, "인계 교육 몇 시였지?") == ["인계 교육은 내일 오후 3시예요."]
    assert said_to(monday, "인계 교육 끝났어") == ["완료로 표시했어요: 인계 교육."]
    assert [desc for desc, _ in agenda_rows(monday)] == ["교육 끝나고 보수교육 신청하기"]


@pytest.mark.parametrize("said", ["요즘 교육 너무 많아", "어제 교육 있었어"])
def test_guard_talk_of_training_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- a day heard, 이래 / 온대요


@pytest.mark.parametrize(("said", "row"), [
    # before: "안녕하재, …" (SmolLM2), nothing kept, and "위생 점검 수요일로 바뀌었대요" moved the fridge cleaning
    ("위생 점검 다음주 화요일 오후 두시래", ("위생 점검", "2026-12-15 14:00")),
    # before: SmolLM2 said "엘지 서류 발표" back
    ("엘지 서류 발표 다음주 수요일이래", ("엘지 서류 발표", "2026-12-16 23:59")),
    ("치과 예약 목요일 오전 열시래요", ("치과 예약", "2026-12-10 10:00")),           # held out
])
def test_an_occasions_day_heard_is_kept(monday, said, row):
    assert said_to(monday, said)[0].startswith("적어 둘게요: ")
    assert agenda_rows(monday) == [row]


def test_a_delivery_heard_to_come_is_kept_asked_and_closed(monday):
    """Before: "그렇구나." for the delivery; "원두 몇시에 온다고 했지" read the sentence back and "원두 받았어" closed
    nothing."""
    assert said_to(monday, "원두 납품 내일 오전 열한시에 온대요") == ["적어 둘게요: 원두 납품 도착, 내일 오전 11시."]
    assert said_to(monday, "원두 몇시에 온다고 했지") == ["원두 납품 도착은 내일 오전 11시예요."]
    assert said_to(monday, "우유 배송 모레 아침 일곱시에 온대") == ["적어 둘게요: 우유 배송 도착, 모레 오전 7시."]  # held out
    assert said_to(monday, "원두 받았어") == ["완료로 표시했어요: 원두 납품 도착."]


@pytest.mark.parametrize("said", ["민수가 내일 열시에 면접이래", "팀장님 내일 출장이래", "엄마 내일 온대", "택배 내일 와",
                                  "내일 비 온대", "납품 내일 온대"])
def test_guard_someone_elses_day_or_a_bare_arrival_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- the time of one kept, named with no topic


@pytest.mark.parametrize("said", ["면접 오전 열시래", "면접 오전 열시야", "삼성 면접 오전 10시래요"])
def test_the_time_of_a_kept_interview_said_after(monday, said):
    """Before: "면접 오전 열시래" answered "면" (SmolLM2), the interview left a day's, "면접 몇시야?" "다음 주 월요일"."""
    said_to(monday, "자비스 나 담주 월욜에 삼성 면접 있어")
    assert said_to(monday, said) == ["삼성 면접, 다음 주 월요일 오전 10시로 바꿨어요."]
    assert agenda_rows(monday) == [("삼성 면접", "2026-12-14 10:00")]


# ---------------------------------------------------------------- 당겨 줘, 늦춰 줘


@pytest.mark.parametrize(("said", "due"), [
    # before: "아마사용하는 유무를 찾아보자." (SmolLM2), the roster left on Friday
    ("근무표 목요일로 당겨줘", "2026-12-10 23:59"),
    ("근무표 수요일로 앞당겨 주세요", "2026-12-09 23:59"),       # held out
    ("근무표 다음주 월요일로 늦춰줘", "2026-12-14 23:59"),
])
def test_a_move_said_with_danggyeo_or_neujchwo(monday, said, due):
    said_to(monday, "직원 근무표 금요일까지 짜야돼요")
    assert said_to(monday, said)[0].endswith("로 바꿨어요.")
    assert agenda_rows(monday) == [("직원 근무표 짜기", due)]


@pytest.mark.parametrize("said", ["의자 좀 당겨줘", "이불 좀 당겨 줄래"])
def test_guard_pulling_a_thing_moves_nothing(monday, said):
    said_to(monday, "직원 근무표 금요일까지 짜야돼요")
    said_to(monday, said)
    assert ("직원 근무표 짜기", "2026-12-11 23:59") in agenda_rows(monday)


# ---------------------------------------------------------------- the name said clean: 자비스 나 …, 그날


@pytest.mark.parametrize(("said", "row"), [
    # before: "적어 둘게요: 자비스 나 삼성 면접, 다음 주 월요일." (Kiwi read that 나 a conjunction)
    ("자비스 나 담주 월욜에 삼성 면접 있어", ("삼성 면접", "2026-12-14 23:59")),
    ("자비스야, 난 내일 치과 가야돼", ("치과 가기", "2026-12-08 23:59")),            # held out
    ("자비스 저는 금요일까지 서류 내야 돼요", ("서류 내기", "2026-12-11 23:59")),
])
def test_the_assistant_called_and_the_speaker_are_no_part_of_the_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize(("said", "row"), [
    # before: "적어 둘게요: 날 은행 가기, 이번 주 목요일까지." (the 그 of 그날 dropped as a filler, 날 kept)
    ("목요일 오프니까 그날 은행 가야돼", ("은행 가기", "2026-12-10 23:59")),
    ("금요일 휴가라서 그때 서류 떼야 돼", ("서류 떼기", "2026-12-11 23:59")),       # held out
])
def test_the_day_of_the_reason_named_again_is_no_part_of_the_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_guard_that_days_work_named_stays_in_the_name(monday):
    said_to(monday, "그날 일 때문에 마트 가야돼")
    assert agenda_rows(monday) == [("그날 일 때문에 마트 가기", "-")]


# ---------------------------------------------------------------- a purpose (-려면) names another deed


def test_the_deed_a_purpose_names_is_the_other_ones(monday):
    """Before: with "보험 청구하려면 진단서 떼기" open beside "보험 청구 서류 내기", "보험 청구 했나?" answered of the
    certificate and "보험 청구 다 했어" went to SmolLM2 ("할 일 목록에 없던 일이라 …")."""
    said_to(monday, "보험 청구 서류 이번달 안에 내야돼", "보험 청구하려면 진단서 떼야 되는데")
    assert said_to(monday, "보험 청구 했나?") == ["아직이에요. 보험 청구 서류 내기는 아직 열려 있어요 (12월 31일 목요일까지)."]
    assert said_to(monday, "보험 청구 다 했어") == ["완료로 표시했어요: 보험 청구 서류 내기."]
    assert said_to(monday, "진단서 뗐어") == ["완료로 표시했어요: 보험 청구하려면 진단서 떼기."]


def test_held_out_a_purpose_beside_its_own_errand(monday):
    said_to(monday, "여권 신청서 금요일까지 내야 돼", "여권 신청하려면 사진 찍어야 돼")
    assert said_to(monday, "여권 신청 다 했어") == ["완료로 표시했어요: 여권 신청서 내기."]
    assert [desc for desc, _ in agenda_rows(monday)] == ["여권 신청하려면 사진 찍기"]


# ---------------------------------------------------------------- small talk of the four weeks


@pytest.mark.parametrize(("said", "reply"), [
    # before: SmolLM2 said it back three times
    ("나 이번주 나이트 근무야 수요일까지", "밤 근무 힘드시죠. 낮에 틈틈이 푹 주무세요."),
    ("오늘도 야간 근무야 ㅠㅠ", "밤 근무 힘드시죠. 낮에 틈틈이 푹 주무세요."),                   # held out
    # before: "아파치 아파어. …" (SmolLM2)
    ("아 피곤하다 밤새 한숨도 못잤어", "밤새 못 주무셨군요. 오늘은 틈날 때 꼭 눈 좀 붙이세요."),
    ("어제 밤샜어", "밤새 못 주무셨군요. 오늘은 틈날 때 꼭 눈 좀 붙이세요."),
    # before: two sentences said before read back
    ("면접 뭐 입지 ㅠㅠ 떨린다", "떨리시죠. 준비하신 만큼 잘하실 거예요."),
    ("발표 내일이라 너무 떨려", "떨리시죠. 준비하신 만큼 잘하실 거예요."),
    # before: "I'm sorry for any inconvenience …"
    ("이번주 고생했다 나", "정말 고생 많으셨어요. 푹 쉬세요."),
    ("한 주 동안 고생 많았다", "정말 고생 많으셨어요. 푹 쉬세요."),
    # before: "This is a Japanese phrase …"
    ("납품 업체 바꿀까 고민이야", "고민되시겠어요. 정하시면 챙길 일은 말씀해 주세요."),
    ("이사 갈까 말까 고민 중이야", "고민되시겠어요. 정하시면 챙길 일은 말씀해 주세요."),
    # before: "그렇군요." (flat) and "엄마가 내시경도 같이" said back
    ("요즘 부모님 병원 다니느라 정신이 없네", "요즘 많이 바쁘시겠어요. 챙길 일은 말씀해 주시면 제가 기억해 둘게요."),
    ("엄마가 내시경도 같이 한대", "알겠어요. 같이 하시는 걸로 알고 있을게요."),
    ("아빠도 혈액검사까지 같이 받는대", "알겠어요. 같이 하시는 걸로 알고 있을게요."),
])
def test_korean_small_talk_of_the_four_weeks(said, reply):
    assert owed_answer(said) == reply


@pytest.mark.parametrize("said", ["나이트 근무 몇시야?", "내일 3시 면접이라 떨려", "밤새 보고서 써야 돼", "고민이야?",
                                  "나 내일 오후 3시에 나이트 근무야", "아빠가 같이 간대"])
def test_guard_a_question_a_time_or_a_task_is_no_such_small_talk(said):
    assert owed_answer(said) in (None, "함께 가신다니 든든하시겠어요.")


def test_guard_a_night_shift_with_a_time_is_still_the_desks(monday):
    said_to(monday, "목요일 오프니까 그날 은행 가야돼")
    assert said_to(monday, "나 이번주 나이트 근무야 수요일까지") == [None]
    assert agenda_rows(monday) == [("은행 가기", "2026-12-10 23:59")]


# ---------------------------------------------------------------- a booking made of an errand to book; a fast heard


def test_a_booking_made_closes_the_errand_and_keeps_the_checkup(monday):
    """Before: "엄마 검진 예약 담주 월요일 아침 여덟시로 잡았어" moved the errand "엄마 건강검진 예약하기" to Monday 8 AM,
    still to do, and "엄마 검진 언제야" named the errand."""
    said_to(monday, "엄마 건강검진 예약해야 되는데")
    assert said_to(monday, "엄마 검진 예약 담주 월요일 아침 여덟시로 잡았어") == [
        "완료로 표시했어요: 엄마 건강검진 예약하기. 적어 둘게요: 엄마 건강검진, 다음 주 월요일 오전 8시."]
    assert said_to(monday, "엄마 검진 화요일로 미뤄줘") == ["엄마 건강검진, 다음 주 화요일 오전 8시로 바꿨어요."]
    assert agenda_rows(monday) == [("엄마 건강검진", "2026-12-15 08:00")]


def test_held_out_a_dentist_booked(monday):
    said_to(monday, "치과 예약 잡아야 돼")
    assert said_to(monday, "치과 예약 목요일 세시로 잡았어") == [
        "완료로 표시했어요: 치과 예약 잡기. 적어 둘게요: 치과 예약, 이번 주 목요일 오후 3시."]
    assert agenda_rows(monday) == [("치과 예약", "2026-12-10 15:00")]


def test_guard_a_booking_of_another_thing_leaves_the_errand(monday):
    said_to(monday, "치과 예약 잡아야 돼")
    said_to(monday, "미용 예약 토요일 2시로 잡았어")
    assert sorted(agenda_rows(monday)) == [("미용 예약", "2026-12-12 14:00"), ("치과 예약 잡기", "-")]


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: SmolLM2's "I'm sorry for any inconvenience …", nothing kept
    ("검진 전날 저녁부터 금식이래 알려줘", "이번 주 일요일 저녁 6시에 알려 드릴게요: 검진 금식.",
     ("검진 금식", "2026-12-13 23:59")),
    ("검진 전날 밤부터 금식이래요 꼭 알려줘", "이번 주 일요일 저녁 8시에 알려 드릴게요: 검진 금식.",   # held out
     ("검진 금식", "2026-12-13 23:59")),
])
def test_a_fast_heard_the_night_before_is_reminded_then(monday, said, reply, row):
    said_to(monday, "담주 월요일 아침 여덟시에 엄마 건강검진 있어")
    assert said_to(monday, said) == [reply]
    assert row in agenda_rows(monday)


def test_guard_a_thing_from_the_evening_with_no_reminder_asked(monday):
    said_to(monday, "내일 저녁부터 다이어트 시작해야돼")
    assert agenda_rows(monday) == [("다이어트 시작하기", "2026-12-08 23:59")]


# ---------------------------------------------------------------- what ends is the occasion; a question is no pick


def test_the_training_ended_is_the_occasion_not_the_deed_after_it(monday):
    """Before: "교육 끝났어" asked "어느 거요? 인계 교육, 교육 끝나고 보수교육 신청하기.", then "보수교육 신청했나?" was
    taken as the answer and closed the errand, and "보수교육 신청 했어" closed the training."""
    said_to(monday, "낼 오후 세시에 인계 교육 있어", "교육 끝나고 보수교육 신청해야 되는데 까먹지 않게 알려줘")
    assert said_to(monday, "교육 끝났어") == ["완료로 표시했어요: 인계 교육."]
    assert said_to(monday, "보수교육 신청했나?") == ["아직이에요. 교육 끝나고 보수교육 신청하기는 아직 열려 있어요."]
    assert said_to(monday, "보수교육 신청 했어") == ["완료로 표시했어요: 교육 끝나고 보수교육 신청하기."]


def test_held_out_the_meeting_ended(monday):
    said_to(monday, "내일 오후 두시에 팀 회의 있어", "회의 끝나고 회의록 정리해야 돼")
    assert said_to(monday, "회의 끝났어") == ["완료로 표시했어요: 팀 회의."]
    assert [desc for desc, _ in agenda_rows(monday)] == ["회의 끝나고 회의록 정리하기"]


def test_a_done_question_to_which_one_is_no_pick(monday):
    said_to(monday, "낼 오후 세시에 인계 교육 있어", "교육 끝나고 보수교육 신청해야 돼")
    assert said_to(monday, "교육 취소해줘")[0].startswith("어느 거요?")
    assert said_to(monday, "보수교육 신청했나?") == ["아직이에요. 교육 끝나고 보수교육 신청하기는 아직 열려 있어요."]
    assert len(agenda_rows(monday)) == 2


def test_guard_the_name_answering_which_one_still_picks(monday):
    said_to(monday, "낼 오후 세시에 인계 교육 있어", "교육 끝나고 보수교육 신청해야 돼")
    said_to(monday, "교육 취소해줘")
    assert said_to(monday, "인계 교육") == ["목록에서 지웠어요: 인계 교육."]


# ---------------------------------------------------------------- the day before a thing kept: its reminder


@pytest.mark.parametrize(("said", "reply", "remind"), [
    # before: "모레 저녁 8시에 알려 드릴게요: 면접." (a second promise "면접" kept for Sunday)
    ("면접 전날 밤에 알려줘", "이번 주 일요일 저녁 8시에 알려 드릴게요: 삼성 면접.", "2026-12-13 20:00"),
    ("면접 당일 아침 7시에 알려줘", "다음 주 월요일 오전 7시에 알려 드릴게요: 삼성 면접.", "2026-12-14 07:00"),   # held out
    ("삼성 면접 전날 알려줘", "이번 주 일요일 오전 9시에 알려 드릴게요: 삼성 면접.", "2026-12-13 09:00"),
])
def test_the_day_before_a_kept_thing_is_its_reminder(monday, said, reply, remind):
    said_to(monday, "담주 월욜에 삼성 면접 있어", "면접 오전 열시래")
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday) == [("삼성 면접", "2026-12-14 10:00")]
    loop = monday.service.agenda()[0]
    assert datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M") == remind


def test_guard_a_deed_the_day_before_is_its_own_promise(monday):
    said_to(monday, "담주 월욜에 삼성 면접 있어")
    said_to(monday, "면접 전날 밤에 옷 다려야 돼")
    assert sorted(agenda_rows(monday)) == [("면접 옷 다리기", "2026-12-13 23:59"), ("삼성 면접", "2026-12-14 23:59")]


def test_the_day_before_a_thing_named_unspaced(monday):
    """Before: "위생점검 전날 냉장고 청소해야돼" of "위생 점검" was kept with no day."""
    said_to(monday, "위생 점검 다음주 화요일 오후 두시래")
    said_to(monday, "위생점검 전날 냉장고 청소해야돼")
    assert sorted(agenda_rows(monday)) == [("위생 점검", "2026-12-15 14:00"), ("위생점검 냉장고 청소하기", "2026-12-14 23:59")]
    assert said_to(monday, "위생점검 당일 아침에 알려줘") == ["다음 주 화요일 오전 9시에 알려 드릴게요: 위생 점검."]


# ---------------------------------------------------------------- one thing on two weekdays; 제출 of 내기


def test_a_part_time_job_on_two_weekdays_is_kept_each_day_and_reminded(monday):
    """Before: "카페 알바 수요일이랑 금요일 저녁 여섯시부터야" answered "그렇군요." (SmolLM2), nothing kept, and "알바 가기 한시간
    전에 알려줘" read the agenda's list out."""
    assert said_to(monday, "카페 알바 수요일이랑 금요일 저녁 여섯시부터야") == [
        "적어 둘게요: 카페 알바, 모레 저녁 6시. 적어 둘게요: 카페 알바, 이번 주 금요일 저녁 6시."]
    assert said_to(monday, "알바 가기 한시간 전에 알려줘") == [
        "모레 오후 5시에 알려 드릴게요: 카페 알바. 이번 주 금요일 오후 5시에 알려 드릴게요: 카페 알바."]
    assert sorted(agenda_rows(monday)) == [("카페 알바", "2026-12-09 18:00"), ("카페 알바", "2026-12-11 18:00")]


def test_held_out_a_lesson_on_two_weekdays(monday):
    said_to(monday, "수영 강습 화요일하고 목요일 아침 7시야")
    assert sorted(agenda_rows(monday)) == [("수영 강습", "2026-12-08 07:00"), ("수영 강습", "2026-12-10 07:00")]


@pytest.mark.parametrize("said", ["월요일이랑 화요일 중에 언제 갈까?", "월요일이랑 화요일 둘 다 바빠"])
def test_guard_two_weekdays_with_nothing_to_keep(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


@pytest.mark.parametrize(("said", "reply"), [
    # before: SmolLM2's "전처리를 위해 미뤄지면, …", the roster left on Tuesday
    ("근무표 제출 금요일로 미뤄줘", "근무표 수간호사님한테 내기, 다음 주 금요일까지로 바꿨어요."),
    ("근무표 내는거 금요일로 미뤄줘", "근무표 수간호사님한테 내기, 다음 주 금요일까지로 바꿨어요."),   # held out
    ("근무표 제출했어", "완료로 표시했어요: 근무표 수간호사님한테 내기."),
])
def test_handing_in_said_as_jechul_names_the_errand_to_hand_in(monday, said, reply):
    said_to(monday, "근무표 담주 화욜까지 수간호사님한테 내야돼")
    assert said_to(monday, said) == [reply]


def test_guard_another_thing_handed_in_closes_nothing(monday):
    said_to(monday, "근무표 담주 화욜까지 수간호사님한테 내야돼")
    said_to(monday, "보고서 제출했어")
    assert agenda_rows(monday) == [("근무표 수간호사님한테 내기", "2026-12-15 23:59")]


@pytest.mark.parametrize(("said", "reply"), [
    # before: "일정에서 찾지 못했어요." (the desk), and in the chat SmolLM2's recall of two sentences said
    ("자소서 제출했나?", "아직이에요. 자소서 마감은 아직 열려 있어요 (이번 주 목요일 저녁 6시)."),
    ("자소서 제출 금요일로 미뤄줘", "자소서 마감, 이번 주 금요일 저녁 6시로 바꿨어요."),        # held out
    ("자소서 제출했어", "완료로 표시했어요: 자소서 마감."),
])
def test_a_deadlines_thing_handed_in_names_the_deadline(monday, said, reply):
    said_to(monday, "자소서 마감 목요일 오후 여섯시까지야")
    assert said_to(monday, said) == [reply]


@pytest.mark.parametrize("said", ["보고서 제출했나?", "보고서 제출 다 했어"])
def test_guard_another_things_handing_in_names_no_deadline(monday, said):
    said_to(monday, "자소서 마감 목요일 오후 여섯시까지야")
    said_to(monday, said)
    assert agenda_rows(monday) == [("자소서 마감", "2026-12-10 18:00")]


def test_the_day_before_moves_along_with_the_inspection(monday):
    """Before: "위생 점검 수요일로 바뀌었대요" moved the inspection and left the fridge cleaning "전날" on Monday."""
    said_to(monday, "위생 점검 다음주 화요일 오후 두시래", "위생점검 전날 냉장고 청소해야돼")
    assert said_to(monday, "위생 점검 수요일로 바뀌었대요") == [
        "위생 점검, 다음 주 수요일 오후 2시로 바꿨어요. 위생점검 냉장고 청소하기도 다음 주 화요일까지로 옮겼어요."]
    assert sorted(agenda_rows(monday)) == [("위생 점검", "2026-12-16 14:00"), ("위생점검 냉장고 청소하기", "2026-12-15 23:59")]


def test_held_out_the_shopping_the_day_before_a_housewarming(monday):
    said_to(monday, "토요일에 집들이 하기로 했어", "집들이 전날 장 봐야 돼")
    said_to(monday, "집들이 일요일로 미뤄줘")
    assert sorted(agenda_rows(monday)) == [("집들이 장 보기", "2026-12-12 23:59"), ("집들이 하기", "2026-12-13 23:59")]


def test_guard_a_thing_on_a_date_said_stays(monday):
    said_to(monday, "토요일에 집들이 하기로 했어", "12월 11일 집들이 선물 사야 돼")
    said_to(monday, "집들이 일요일로 미뤄줘")
    assert sorted(agenda_rows(monday)) == [("집들이 선물 사기", "2026-12-11 23:59"), ("집들이 하기", "2026-12-13 23:59")]
