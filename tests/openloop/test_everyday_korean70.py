"""korean70: what korean69 and pass71 left, in Korean, then a new user's week; each seen first with
`scripts/days_lived.py` on the offline default. A desk on Monday 2026-12-07 in Seoul, a real JSONL agenda and Kiwi;
no model."""

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


# ---------------------------------------------------------------- 1. the thing run out, bought at a place


@pytest.mark.parametrize(("said", "row"), [
    # before: "약국 가서 사기" (the thing was put only before a deed said with days alone before it)
    ("기저귀 다 떨어져서 내일 약국 가서 사야 돼", ("약국 가서 기저귀 사기", "2026-12-08")),
    ("휴지 다 떨어져서 내일 편의점 들러서 사 와야 돼", ("편의점 들러서 휴지 사 오기", "2026-12-08")),   # held out
    ("우유가 없어서 내일 마트에서 주문해야 돼", ("마트에서 우유 주문하기", "2026-12-08")),   # held out
])
def test_the_thing_run_out_is_bought_at_the_place_gone_to(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday, "%Y-%m-%d") == [row]


def test_guard_a_thing_of_its_own_at_the_place_is_kept_and_an_errand_alone_stays():
    assert without_ko_reason_first("기저귀 다 떨어져서 내일 마트 가서 물티슈 사야 돼") == "내일 마트 가서 물티슈 사야 돼"
    assert without_ko_reason_first("우유 다 떨어져서 내일 마트 가기") == "내일 마트 가기"
    assert without_ko_reason_first("엄마 기저귀 다 떨어져서 내일 사야 돼") == "내일 기저귀 사야 돼"


# ---------------------------------------------------------------- 2. the errand of asking, retold in the past


@pytest.mark.parametrize(("kept", "told", "closed"), [
    # before: None (to the model; "오빠한테 말했어" closed it, the whole errand in the past did not)
    ("오빠한테 병원비 보내 달라고 말해야 돼", "오빠한테 병원비 보내 달라고 말했어", "오빠한테 병원비 보내 달라고 말하기"),
    ("언니한테 차 빌려 달라고 부탁해야 돼", "언니한테 차 빌려달라고 부탁했어", "언니한테 차 빌려 달라고 부탁하기"),  # held out
])
def test_the_errand_of_asking_said_whole_in_the_past_closes_it(monday, kept, told, closed):
    said_to(monday, kept)
    assert said_to(monday, told) == [f"완료로 표시했어요: {closed}."]
    assert agenda_rows(monday) == []


def test_guard_a_promise_told_is_not_the_promise_done(monday):
    said_to(monday, "보고서 끝내기")
    assert said_to(monday, "팀장님한테 보고서 끝내겠다고 말했어") == [None]
    assert [desc for desc, _ in agenda_rows(monday)] == ["보고서 끝내기"]
