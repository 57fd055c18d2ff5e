"""Korean everyday use, the sixty-first session: three more Korean days on the offline default (SmolLM2-135M, no
Ollama), a student's exam weeks, someone getting over an operation, and a club's secretary, each wrong answer of the
chat made a test here. A desk on a Sunday noon in Seoul (2026-12-06 12:00); real agenda service on a JSONL file and
Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop import repeats
from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to
from tests.timing import assert_grows_linearly


@pytest.fixture
def noon(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, datetime(2026, 12, 6, 12, 0, tzinfo=SEOUL))


# ---------------------------------------------------------------- an exam kept, and asked back by 시험


@pytest.mark.parametrize(("said", "reply", "row"), [
    ("화학 기말 다음 주 수요일 9시", "적어 둘게요: 화학 기말, 다음 주 수요일 오전 9시.", ("화학 기말", "2026-12-09 09:00")),
    ("영어 퀴즈 모레 10시", "적어 둘게요: 영어 퀴즈, 모레 오전 10시.", ("영어 퀴즈", "2026-12-08 10:00")),
])
def test_an_exam_named_by_its_subject_and_its_day_is_kept(noon, said, reply, row):
    """Before: "화학 기말 다음 주 수요일 9시" went to SmolLM2 ("전처리도용 전처리도용 …"): 기말 alone was no
    event (기말고사 was)."""
    assert said_to(noon, said) == [reply]
    assert agenda_rows(noon) == [row]


@pytest.mark.parametrize("asked", ["화학 시험 언제라고 했지?", "화학 기말 언제라고 했지?", "화학 시험 언제야?"])
def test_the_exam_asked_back_as_a_test_or_with_what_was_told(noon, asked):
    """Before: "화학 시험 언제라고 했지?" went to SmolLM2 ("어따로써, 어따로써, …"): "…라고 했지" was no question of
    a due, and 시험 does not name "화학 기말"."""
    said_to(noon, "화학 기말 다음 주 수요일 9시")
    assert said_to(noon, asked) == ["화학 기말은 다음 주 수요일 오전 9시예요."]


def test_guard_a_test_of_another_subject_is_not_that_exam(noon):
    said_to(noon, "화학 기말 다음 주 수요일 9시")
    assert said_to(noon, "영어 시험 언제라고 했지?") != ["화학 기말은 다음 주 수요일 오전 9시예요."]


# ---------------------------------------------------------------- days said glued, and so many times a week


@pytest.mark.parametrize(("said", "reply", "repeat"), [
    ("도서관 스터디 매주 화목 저녁 7시", "적어 둘게요: 도서관 스터디, 모레 저녁 7시부터 매주 화·목요일.", "tue,thu"),
    ("물리치료 주 2회 화요일 금요일", "적어 둘게요: 물리치료, 모레부터 매주 화·금요일.", "tue,fri"),
    ("요가 주 3회 월수금 아침 7시", "적어 둘게요: 요가, 내일 오전 7시부터 매주 월·수·금요일.", "mon,wed,fri"),
])
def test_days_said_glued_or_after_so_many_times_a_week_repeat_on_those_days(noon, said, reply, repeat):
    """Before: "매주 화목 저녁 7시" was kept "도서관 스터디 화목, 오늘 저녁 7시부터 매주 일요일" (화목 read as no
    day, so weekly from the day it was said); "물리치료 주 2회 화요일 금요일" went to SmolLM2 (an empty reply)."""
    assert said_to(noon, said) == [reply]
    assert [loop.repeat for loop in noon.service.agenda()] == [repeat]


@pytest.mark.parametrize(("said", "days"), [("매주 수목원 가기", set()), ("화수 목욕탕 가기", set()),
                                             ("매주 월요일 쓰레기 버리기", {0})])
def test_guard_a_word_beginning_with_day_syllables_names_no_days(said, days):
    rule = repeats.repeat_in(said)
    assert (set(rule.days) if rule is not None else set()) == days


def test_a_long_run_of_day_syllables_is_read_in_linear_time():
    assert_grows_linearly(repeats.repeat_in, lambda n: "매주 " + "화목" * n + " 저녁", 4000)


# ---------------------------------------------------------------- "이번 주 남은 일" on a Sunday


def test_this_weeks_remaining_on_a_sunday_is_today_then_the_week_ahead_by_its_name(noon):
    """Before (the sixtieth session's low, met three times here): "이번 주까지 할 일이 3개 있어요: …; 병원에 전화하기,
    내일까지; 레포트 내기, 다음 주 일요일까지" (next week's under this week's)."""
    said_to(noon, "진통제 6시간마다", "월요일 아침 일찍 병원에 전화해야 돼", "레포트 다음 주 일요일까지 내야 돼",
            "보험 서류 월말까지 내기")
    said = said_to(noon, "이번 주 남은 일")[0]
    assert said is not None
    assert said.startswith("이번 주는 오늘이 마지막 날이에요. 오늘까지 할 일이 1개 있어요: 진통제")
    assert "다음 주에는 할 일이 2개 있어요: 병원에 전화하기" in said
    assert said.endswith("그 밖에 열린 일이 1개 더 있어요.")
    assert "이번 주까지" not in said


def test_this_weeks_remaining_on_a_sunday_with_nothing_ahead(noon):
    assert said_to(noon, "이번 주 남은 일") == ["이번 주는 오늘이 마지막 날이에요. 오늘까지 할 일은 없어요."]


def test_guard_this_week_on_a_weekday_is_said_as_before(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, datetime(2026, 12, 8, 12, 0, tzinfo=SEOUL))   # a Tuesday
    said_to(desk, "레포트 목요일까지 내야 돼")
    assert said_to(desk, "이번 주 남은 일") == ["이번 주까지 할 일이 1개 있어요: 레포트 내기, 모레까지."]


# ---------------------------------------------------------------- a part of the day with no clock time


@pytest.mark.parametrize(("said", "reply", "row", "remind"), [
    ("이따 저녁에 회원 명단 정리", "오늘 저녁 6시에 알려 드릴게요: 회원 명단 정리.", ("회원 명단 정리", "2026-12-06 23:59"),
     "2026-12-06 18:00"),
    ("모레 오후 체육관 사장님 미팅", "모레 오후 2시에 알려 드릴게요: 체육관 사장님 미팅.",
     ("체육관 사장님 미팅", "2026-12-08 23:59"), "2026-12-08 14:00"),
    ("월요일 아침 일찍 병원에 전화해야 돼", "내일 오전 9시에 알려 드릴게요: 병원에 전화하기.",
     ("병원에 전화하기", "2026-12-07 23:59"), "2026-12-07 09:00"),
    ("저녁 먹기 전에 상처 소독하기", "오늘 저녁 6시에 알려 드릴게요: 상처 소독하기.", ("상처 소독하기", "2026-12-06 23:59"),
     "2026-12-06 18:00"),
])
def test_a_korean_part_of_the_day_with_no_clock_keeps_the_day_and_reminds_at_its_hour(noon, said, reply, row, remind):
    """Before: "이따 저녁에 회원 명단 정리" went to SmolLM2; "모레 오후 …" and "월요일 아침 일찍 …" were kept "모레" /
    "내일까지", the part of the day lost; "저녁 먹기 전에 상처 소독하기" was kept with no due and the time in its name.
    The due stays the day's (as the capture bench labels a part of the day); the reminder is the part's hour."""
    assert said_to(noon, said) == [reply]
    assert agenda_rows(noon) == [row]
    [loop] = noon.service.agenda()
    assert datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M") == remind


def test_two_deeds_said_for_the_same_morning_are_reminded_in_one_sentence(noon):
    """Before: "적어 둘게요: 교수님한테 메일 보내기, 내일까지; 프린트 뽑기 하기, 내일까지." (the morning lost, and
    "뽑기 하기")."""
    assert said_to(noon, "교수님한테 메일 보내고 프린트 뽑기 내일 오전에 해야 돼") == [
        "내일 오전 9시에 알려 드릴게요: 교수님한테 메일 보내기, 프린트 뽑기."]
    assert said_to(noon, "아 프린트는 안 해도 돼") == ["목록에서 지웠어요: 프린트 뽑기."]


@pytest.mark.parametrize(("said", "reply"), [
    ("청소하기 내일 해야 돼", "적어 둘게요: 청소하기, 내일까지."),
    ("운동은 내일 할게", "적어 둘게요: 운동하기, 내일까지."),
])
def test_a_deed_said_as_a_gi_noun_before_hada_is_not_doubled(noon, said, reply):
    assert said_to(noon, said) == [reply]


def test_guard_english_parts_of_the_day_are_kept_as_before(noon):
    """English keeps its own rule: a morning is left to the day's morning reminder (an evening or a night reminds at
    its hour since the sixty-first session's English round, `test_everyday_english61.py`)."""
    assert said_to(noon, "I need to call mom tomorrow morning") == ["Got it: call mom, by tomorrow."]
    assert noon.service.agenda()[0].remind_ms is None


# ---------------------------------------------------------------- an errand or an occasion after its time


@pytest.mark.parametrize(("said", "reply"), [
    ("내일 부가세 신고", "적어 둘게요: 부가세 신고, 내일까지."),
    ("다음 달 초에 신입 환영회", "적어 둘게요: 신입 환영회, 다음 달 초. 날짜가 정해지면 알려 주세요."),
    ("이번 달 말에 송년회", "적어 둘게요: 송년회, 12월 31일 목요일."),
])
def test_an_errand_or_a_club_occasion_after_its_time_is_kept(noon, said, reply):
    """Before: "다음 달 초에 신입 환영회" was said back by SmolLM2 ("신입 환영회"), nothing kept (환영회 was no
    occasion); an errand's nouns after their day went to the model."""
    assert said_to(noon, said) == [reply]


def test_a_deed_early_next_month_is_still_by_the_tenth(noon):
    assert said_to(noon, "다음 달 초에 장학금 신청해야 돼") == ["적어 둘게요: 장학금 신청하기, 2027년 1월 10일 일요일까지."]


@pytest.mark.parametrize("said", ["어제 서랍 정리", "내일 정리", "내일 날씨 정리", "오늘 회의 정리했어"])
def test_guard_a_tidying_told_of_yesterday_or_with_no_thing_is_no_errand(noon, said):
    said_to(noon, said)
    assert agenda_rows(noon) == []


# ---------------------------------------------------------------- a pill every so many hours, and when it was taken


def test_a_pill_every_six_hours_is_taking_it_and_when_it_was_last_taken_is_said(noon):
    """Before: "진통제 6시간마다" was kept "진통제" (no deed), and "진통제 언제 먹었지?" went to SmolLM2 (an empty
    reply)."""
    # the sixty-second session: a schedule of hours said now starts now, and the next time is said
    assert said_to(noon, "진통제 6시간마다") == ["적어 둘게요: 진통제 먹기, 지금부터 6시간마다. 다음은 오늘 저녁 6시예요."]
    assert said_to(noon, "진통제 언제 먹었지?") == ["진통제 먹기를 완료로 표시한 적은 아직 없어요."]
    assert said_to(noon, "진통제 먹었어") == ["완료로 표시했어요: 진통제 먹기. 다음은 오늘 저녁 6시예요."]
    assert said_to(noon, "진통제 언제 먹었지?") == ["진통제 먹기는 오늘 정오에 완료로 표시했어요."]


@pytest.mark.parametrize("asked", ["점심 언제 먹었지?", "밥 언제 먹었더라?"])
def test_guard_a_deed_never_on_the_agenda_asked_when_done_is_not_the_agendas(noon, asked):
    assert said_to(noon, asked) == [None]


# ---------------------------------------------------------------- the sixtieth session's lows


@pytest.mark.parametrize(("said", "reply", "row"), [
    ("토요일 저녁 7시 민지랑 저녁", "적어 둘게요: 민지랑 저녁, 다음 주 토요일 저녁 7시.", ("민지랑 저녁", "2026-12-12 19:00")),
    ("토요일 7시 민지랑 저녁", "적어 둘게요: 민지랑 저녁, 다음 주 토요일 저녁 7시.", ("민지랑 저녁", "2026-12-12 19:00")),
])
def test_a_meal_with_someone_after_its_time_is_a_plan(noon, said, reply, row):
    """Before: nothing kept (Kiwi tags that 랑 a conjunction, and the rule knew the particle only)."""
    assert said_to(noon, said) == [reply]
    assert agenda_rows(noon) == [row]


def test_a_thing_due_two_weeks_after_the_move_takes_the_moves_day(noon):
    """Before (the sixtieth session's low): "전입신고 이사하고 2주 안에" went to SmolLM2 ("전입신고 이사하고 2주 안에
    이사하고 …")."""
    said_to(noon, "이삿짐 센터 28일 오전 8시")
    assert said_to(noon, "전입신고 이사하고 2주 안에") == [
        "적어 둘게요: 전입신고, 2027년 1월 11일 월요일까지. 이삿짐 센터가 12월 28일 월요일 오전 8시라서 그 2주 뒤로 잡았어요."]
    assert said_to(noon, "전입신고 그거 언제였지?") == ["전입신고는 2027년 1월 11일 월요일까지예요."]


def test_a_thing_due_after_another_not_on_the_agenda_is_kept_with_no_due_and_said_so(noon):
    assert said_to(noon, "보험 청구 퇴원하고 3일 안에") == [
        "적어 둘게요: 보험 청구. 퇴원 날짜를 몰라서 기한은 비워 뒀어요. 퇴원 날짜를 알려 주시면 기한을 정해 둘게요."]
    assert agenda_rows(noon) == [("보험 청구", "-")]


def test_the_due_after_another_reader_grows_linearly():
    from jarvisd.openloop.desk.moving import _KO_AFTER_ANOTHER
    assert_grows_linearly(lambda t: _KO_AFTER_ANOTHER.fullmatch(t), lambda n: "전입 " * n + "이사하고 2주", 4000)


@pytest.mark.parametrize("make", [lambda n: "진통제 " * n + "언제 먹었지?", lambda n: "다음 달 초 " * n + "환영회?"])
def test_the_done_when_and_early_month_readers_grow_linearly(make):
    from jarvisd.openloop.desk.capturing import _KO_EARLY
    from jarvisd.openloop.when_asked import asked_when_done
    assert_grows_linearly(lambda t: (asked_when_done(t), _KO_EARLY.search(t)), make, 4000)
