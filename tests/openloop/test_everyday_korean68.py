"""korean68: a café owner's week and a caregiving daughter's, lived with `scripts/days_lived.py` on the offline default.
A desk on Monday 2026-12-07 10:00 in Seoul, a real JSONL agenda and Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


# ---------------------------------------------------------------- something coming to the user's place, day first


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: None ("그렇군요." from the model's path), nothing kept
    ("수요일에 위생 점검 나온대", "적어 둘게요: 위생 점검, 모레.", ("위생 점검", "2026-12-09")),
    ("목요일에 가스 검침 온대", "적어 둘게요: 가스 검침, 이번 주 목요일.", ("가스 검침", "2026-12-10")),        # held out
    ("목요일에 방문 간호사 온대", "적어 둘게요: 방문 간호사 방문, 이번 주 목요일.", ("방문 간호사 방문", "2026-12-10")),  # held out
])
def test_a_visit_told_day_first_is_kept(monday, said, reply, row):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday, "%Y-%m-%d") == [row]


def test_a_move_told_of_the_visit_moves_it(monday):
    said_to(monday, "수요일에 위생 점검 나온대")
    assert said_to(monday, "위생 점검 금요일로 미뤄졌대") == ["위생 점검, 이번 주 금요일로 바꿨어요."]
    assert agenda_rows(monday, "%Y-%m-%d") == [("위생 점검", "2026-12-11")]


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: None (to SmolLM2: "위생 점검 금요일로 미뤄졌대: 위생 점검 금요일로 미뤄졌대: …"), nothing kept
    ("위생 점검 금요일로 미뤄졌대", "적어 둘게요: 위생 점검, 이번 주 금요일.", ("위생 점검", "2026-12-11")),
    ("소방 점검 목요일로 바뀌었대", "적어 둘게요: 소방 점검, 이번 주 목요일.", ("소방 점검", "2026-12-10")),     # held out
])
def test_a_move_told_of_a_visit_not_kept_keeps_it(monday, said, reply, row):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday, "%Y-%m-%d") == [row]


def test_stock_coming_in_is_kept_and_closed_when_in(monday):
    # before: None (to SmolLM2: "만둡, 왕도에 이러면, 원두 이를 어따면, …"), and "원두 들어왔어" closed nothing
    assert said_to(monday, "다음주 월요일에 원두 들어온대") == ["적어 둘게요: 원두 도착, 다음 주 월요일."]
    assert said_to(monday, "원두 들어왔어") == ["완료로 표시했어요: 원두 도착."]
    assert agenda_rows(monday) == []


def test_stock_coming_in_held_out(monday):
    assert said_to(monday, "금요일에 우유 들어온대") == ["적어 둘게요: 우유 도착, 이번 주 금요일."]


@pytest.mark.parametrize("said", ["금요일에 엄마 온대", "내일 비 온대", "다음주에 동생 들어온대", "내일 택배 온대"])
def test_guard_someone_or_weather_coming_is_not_kept(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- someone away on a day, then what it needs


@pytest.mark.parametrize(("said", "reply"), [
    # before: "적어 둘게요: 대타 구하기." (no due)
    ("지수 이번 주 금요일 못 나온대 대타 구해야 돼", "적어 둘게요: 대타 구하기, 이번 주 금요일까지."),
    ("민수 내일 못 온대 대신 청소 내가 해야 돼", "적어 둘게요: 청소하기, 내일까지."),                          # held out
])
def test_the_need_is_for_the_day_missed(monday, said, reply):
    assert said_to(monday, said) == [reply]


def test_guard_no_day_missed_no_due(monday):
    assert said_to(monday, "지수 못 나온대 대타 구해야 돼") == ["적어 둘게요: 대타 구하기."]


# ---------------------------------------------------------------- someone found for a thing sought


@pytest.mark.parametrize(("kept", "said", "reply"), [
    # before: None (to SmolLM2: "아마사용하는 아마사용하는 …")
    ("대타 구해야 돼", "대타 민호가 해준대", "완료로 표시했어요: 대타 구하기."),
    ("토요일 베이비시터 구해야 돼", "베이비시터 이모가 와 주기로 했어", "완료로 표시했어요: 베이비시터 구하기."),  # held out
])
def test_someone_found_closes_the_search(monday, kept, said, reply):
    said_to(monday, kept)
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday) == []


def test_guard_someone_doing_another_thing_closes_nothing(monday):
    said_to(monday, "대타 구해야 돼")
    assert said_to(monday, "설거지 민호가 해준대") == [None]
    assert agenda_rows(monday) == [("대타 구하기", "-")]
