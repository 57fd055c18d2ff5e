"""Korean everyday use, the sixty-second session: three more Korean days on the offline default (SmolLM2-135M, no
Ollama), a nurse on shifts, getting ready to travel abroad, and a weekend with two children, each wrong answer of the
chat made a test here, and the sixty-first session's lows. A desk on a Sunday noon in Seoul (2026-12-06 12:00); real
agenda service on a JSONL file and Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to
from tests.timing import assert_grows_linearly


@pytest.fixture
def noon(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, datetime(2026, 12, 6, 12, 0, tzinfo=SEOUL))


def reminders(desk: AgendaDesk) -> list[str]:
    return [datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M")
            for loop in desk.service.agenda() if loop.remind_ms is not None]


# ---------------------------------------------------------------- a pill schedule said now starts now


@pytest.mark.parametrize(("said", "reply"), [
    ("진통제 6시간마다", "적어 둘게요: 진통제 먹기, 지금부터 6시간마다. 다음은 오늘 저녁 6시예요."),
    ("진통제 6시간마다 먹어야 해", "적어 둘게요: 진통제 먹기, 지금부터 6시간마다. 다음은 오늘 저녁 6시예요."),
    ("항생제 8시간마다", "적어 둘게요: 항생제 먹기, 지금부터 8시간마다. 다음은 오늘 저녁 8시예요."),
])
def test_a_pill_every_so_many_hours_starts_now_and_says_when_the_next_is(noon, said, reply):
    """Before (the sixty-first session's low): "적어 둘게요: 진통제 먹기, 오늘 저녁 6시부터 6시간마다." (as if the
    first were six hours away, and nothing said of now)."""
    assert said_to(noon, said) == [reply]
    assert agenda_rows(noon)[0][1] == ("2026-12-06 18:00" if "6" in said else "2026-12-06 20:00")


@pytest.mark.parametrize(("said", "reply"), [
    ("저녁 8시부터 6시간마다 진통제 먹기", "적어 둘게요: 진통제 먹기, 오늘 저녁 8시부터 6시간마다."),
    ("저녁 6시부터 6시간마다 진통제 먹기", "적어 둘게요: 진통제 먹기, 오늘 저녁 6시부터 6시간마다."),
])
def test_guard_a_pill_schedule_with_its_first_time_is_said_as_before(noon, said, reply):
    assert said_to(noon, said) == [reply]


# ---------------------------------------------------------------- a part of the day on a deadline


@pytest.mark.parametrize(("said", "reply", "row", "remind"), [
    ("내일 오전까지 보고서 내야 돼", "적어 둘게요: 보고서 내기, 내일 오전까지. 내일 오전 9시에 알려 드릴게요.",
     ("보고서 내기", "2026-12-07 23:59"), "2026-12-07 09:00"),
    ("수간호사님한테 휴가 신청서 내일 오전까지 내야 돼",
     "적어 둘게요: 수간호사님한테 휴가 신청서 내기, 내일 오전까지. 내일 오전 9시에 알려 드릴게요.",
     ("수간호사님한테 휴가 신청서 내기", "2026-12-07 23:59"), "2026-12-07 09:00"),
    ("모레 오후까지 서류 제출하기", "적어 둘게요: 서류 제출하기, 모레 오후까지. 모레 오후 2시에 알려 드릴게요.",
     ("서류 제출하기", "2026-12-08 23:59"), "2026-12-08 14:00"),
    ("내일 오전까지 학교 설문 제출해야 돼", "적어 둘게요: 학교 설문 제출하기, 내일 오전까지. 내일 오전 9시에 알려 드릴게요.",
     ("학교 설문 제출하기", "2026-12-07 23:59"), "2026-12-07 09:00"),
])
def test_a_part_of_the_day_on_a_korean_deadline_is_reminded_at_its_hour(noon, said, reply, row, remind):
    """Before (the sixty-first session's low): "적어 둘게요: 보고서 내기, 내일까지." and no reminder before the day's
    end; the due stays the day's (as the capture bench labels it), the reminder is the part's hour."""
    assert said_to(noon, said) == [reply]
    assert agenda_rows(noon) == [row]
    assert reminders(noon) == [remind]


def test_a_part_of_the_day_said_glued_to_a_meal_is_that_part(noon):
    """Before: "저녁먹기전에 숙제 봐주기" (typed without spaces) was kept "오늘까지" with no reminder; spaced, it was
    reminded at 6 PM (the sixty-first session)."""
    assert said_to(noon, "저녁먹기전에 숙제 봐주기") == ["오늘 저녁 6시에 알려 드릴게요: 숙제 봐주기."]


# ---------------------------------------------------------------- an occasion named, then its time


@pytest.mark.parametrize(("said", "reply", "row"), [
    ("첫째 축구 토요일 9시", "적어 둘게요: 첫째 축구, 다음 주 토요일 오전 9시.", ("첫째 축구", "2026-12-12 09:00")),
    ("비자 인터뷰 15일 오전 10시", "적어 둘게요: 비자 인터뷰, 12월 15일 화요일 오전 10시.", ("비자 인터뷰", "2026-12-15 10:00")),
    ("할머니 토요일 정오 도착 마중", "적어 둘게요: 할머니 도착 마중, 다음 주 토요일 정오.",
     ("할머니 도착 마중", "2026-12-12 12:00")),
    ("환전은 월말까지", "적어 둘게요: 환전, 12월 31일 목요일까지.", ("환전", "2026-12-31 23:59")),
])
def test_a_class_an_interview_a_pick_up_or_an_errand_and_its_time_is_kept(noon, said, reply, row):
    """Before: all four went to SmolLM2 ("첫째 축구 토요일 9시, 이름에에세운 새로운 …", "전처리도착 도착 마중"):
    축구, 인터뷰 and 마중 were no events, 첫째 (a numeral to Kiwi) no name, 환전 said alone as the topic no errand."""
    assert said_to(noon, said) == [reply]
    assert agenda_rows(noon) == [row]


@pytest.mark.parametrize(("told", "asked", "reply"), [
    ("첫째 축구 토요일 9시", "축구 언제였지?", "첫째 축구는 다음 주 토요일 오전 9시예요."),
    ("비자 인터뷰 15일 오전 10시", "비자 인터뷰 언제였지?", "비자 인터뷰는 12월 15일 화요일 오전 10시예요."),
])
def test_the_occasion_kept_is_asked_back(noon, told, asked, reply):
    """Before: "일정에 축구는 없어요." (the occasion had gone to SmolLM2)."""
    said_to(noon, told)
    assert said_to(noon, asked) == [reply]


def test_the_pick_up_is_closed_by_having_gone(noon):
    said_to(noon, "할머니 토요일 정오 도착 마중")
    assert said_to(noon, "할머니 마중 다녀왔어") == ["완료로 표시했어요: 할머니 도착 마중."]


@pytest.mark.parametrize("said", ["신청은 월말까지", "월말까지"])
def test_guard_an_errand_needing_its_thing_said_alone_is_not_kept(noon, said):
    said_to(noon, said)
    assert agenda_rows(noon) == []


# ---------------------------------------------------------------- how one is, not a deed done


@pytest.mark.parametrize("said", ["다리가 많이 나아졌어요", "애들이 오늘 너무 신났어요", "기침이 좀 좋아졌어"])
def test_feeling_or_getting_better_closes_nothing(noon, said):
    """Before: "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요." (a change of how one is read as a
    deed done; the sixty-first session's low)."""
    said_to(noon, "오늘 저녁에 다리 스트레칭 하기")
    assert noon.done_unlisted(said) is None
    assert said_to(noon, said) == [None]
    assert [row[0] for row in agenda_rows(noon)] == ["다리 스트레칭 하기"]


# ---------------------------------------------------------------- closings said with the deed alone


@pytest.mark.parametrize(("kept", "said", "reply"), [
    ("출국 전날 짐 싸기", "다 쌌어", "완료로 표시했어요: 출국 전날 짐 싸기."),
    ("공항 주차 예약하기", "예약했어", "완료로 표시했어요: 공항 주차 예약하기."),
])
def test_a_deed_said_done_with_no_thing_closes_the_one_promise_of_that_deed(noon, kept, said, reply):
    """Before: "다 쌌어" was "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요." ("싸기" named no promise
    by its words)."""
    said_to(noon, kept, "생일 파티 선물 사기")
    assert said_to(noon, said) == [reply]


def test_guard_a_deed_said_done_with_no_thing_and_none_of_that_deed_closes_nothing(noon):
    said_to(noon, "출국 전날 짐 싸기")
    said_to(noon, "다 씻었어")
    assert [row[0] for row in agenda_rows(noon)] == ["출국 전날 짐 싸기"]


# ---------------------------------------------------------------- the shopping list said as a note


@pytest.mark.parametrize("said", ["장보기 목록에 우유 달걀 추가", "장보기 목록에 우유 달걀 추가해 줘"])
def test_a_korean_shopping_note_adds_each_staple(noon, said):
    """Before: "장보기 목록에 우유 달걀 추가" went to SmolLM2 (blank lines and "장보기 목록에 우유"), and "장보기 목록
    뭐 있어?" named none of them; "추가해 줘" kept one item "우유 달걀"."""
    assert said_to(noon, said, "장보기 목록 뭐 있어?") == ["장보기 목록에 넣었어요: 우유, 달걀.", "장보기 목록: 우유, 달걀."]
    assert said_to(noon, "우유 샀어") == ["완료로 표시했어요: 우유 사기."]


def test_guard_a_thing_of_several_words_on_the_shopping_list_stays_whole(noon):
    assert said_to(noon, "장보기 목록에 아이 생일 케이크 추가") == ["장보기 목록에 넣었어요: 아이 생일 케이크."]


# ---------------------------------------------------------------- a deed's noun and 하다 written together


@pytest.mark.parametrize(("said", "reply"), [
    ("여권 갱신 다음 주 안에 해야 돼", "적어 둘게요: 여권 갱신하기, 다음 주 일요일까지."),
    ("교대 인수인계 노트 정리 해야해", "적어 둘게요: 교대 인수인계 노트 정리하기."),
    ("방 청소 내일 해야 돼", "적어 둘게요: 방 청소하기, 내일까지."),
])
def test_a_deeds_noun_said_apart_from_hada_is_written_with_it(noon, said, reply):
    """Before: "여권 갱신 하기", "교대 인수인계 노트 정리 하기" (the spacing of the words said, not of the deed)."""
    assert said_to(noon, said) == [reply]


def test_guard_a_thing_before_hada_is_not_glued(noon):
    assert said_to(noon, "숙제 내일 해야 돼") == ["적어 둘게요: 숙제 하기, 내일까지."]


# ---------------------------------------------------------------- an occasion told as the topic


def test_an_occasion_told_as_the_topic_is_named_without_its_particle(noon):
    """Before: "적어 둘게요: 출국은 비행기, …", then "출국은 비행기는 … 오전 8시예요."."""
    assert said_to(noon, "출국은 1월 3일 아침 8시 비행기야", "출국 언제라고 했지?") == [
        "적어 둘게요: 출국 비행기, 2027년 1월 3일 일요일 오전 8시.", "출국 비행기는 2027년 1월 3일 일요일 오전 8시예요."]


def test_the_shopping_note_is_read_in_linear_time():
    from jarvisd.openloop import shopping

    assert_grows_linearly(shopping.items_added, lambda n: "장보기 목록에 " + "우유 " * n + "추가", 4000)
    assert_grows_linearly(shopping.items_added, lambda n: "장보기 목록에 " + "우유 " * n + "추가 말고", 4000)


@pytest.mark.parametrize(("said", "reply"), [
    ("이번 주만 수영 수업 취소", "할 일 목록에서 '수영 수업'을 찾지 못했어요."),
    ("치과 취소", "할 일 목록에서 '치과'를 찾지 못했어요."),
])
def test_a_cancel_of_nothing_kept_names_the_thing_with_its_own_particle(noon, said, reply):
    """Before: "할 일 목록에서 '이번 주만 수영 수업'을(를) 찾지 못했어요." (the time in the name, both particles)."""
    assert said_to(noon, said) == [reply]


def test_a_place_named_with_no_list_read_reads_the_list_and_asks_again(noon):
    """Before: "두 번째 거 미뤄 줘" with no list read out went to SmolLM2 ("두 번째 거 미맀 줘.")."""
    said_to(noon, "생일 파티 선물 사기", "모레 정오에 소아과 예약")
    assert said_to(noon, "두 번째 거 미뤄 줘", "두 번째 거 내일로 미뤄 줘") == [
        "몇 번째인지 목록을 먼저 읽어 드릴게요: 1번 소아과 예약, 모레 정오; 2번 생일 파티 선물 사기. 몇 번째 거를 옮길까요?",
        "생일 파티 선물 사기, 내일까지로 바꿨어요."]
