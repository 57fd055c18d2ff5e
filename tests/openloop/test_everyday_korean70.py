"""korean70: what korean69 and pass71 left, in Korean, then a new user's week; each seen first with
`scripts/days_lived.py` on the offline default. A desk on Monday 2026-12-07 in Seoul, a real JSONL agenda and Kiwi;
no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.reasons import without_ko_reason_first
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.seoul_monday import MONDAY, monday_clock, seoul_early_desk, seoul_monday_desk  # noqa: F401

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


# ---------------------------------------------------------------- 3. a dose told done before it begins


def test_a_dose_told_done_the_evening_before_it_begins_is_answered_from_the_agenda(early, clock):
    said_to(early, "내일부터 매일 아침 8시에 엄마 혈압약 드리기")
    clock.set_local("2026-12-07 20:00")
    # before: None (to the model: "잘하셨어요. 할 일 목록에 없던 일이라 …")
    assert said_to(early, "오늘 혈압약 드렸어") == ["엄마 혈압약 드리기는 내일 오전 8시부터예요. 오늘은 완료로 표시할 게 없어요."]
    assert agenda_rows(early) == [("엄마 혈압약 드리기", "2026-12-08 08:00")]


def test_a_dose_before_it_begins_held_out_in_english(early, clock):
    said_to(early, "take my vitamins every day at 9am starting tomorrow")
    clock.set_local("2026-12-07 21:00")
    assert said_to(early, "i took my vitamins today") == [
        "Take your vitamins starts tomorrow at 9 AM; there's nothing to mark done today."]
    assert [due for _, due in agenda_rows(early)] == ["2026-12-08 09:00"]


def test_guard_a_dose_due_today_told_done_is_closed_and_other_talk_is_not_answered(early, clock):
    said_to(early, "매일 저녁 9시에 엄마 혈압약 드리기")
    clock.set_local("2026-12-07 20:00")
    assert said_to(early, "오늘 혈압약 드렸어")[0].startswith("완료로 표시했어요: 엄마 혈압약 드리기.")
    assert said_to(early, "오늘 친구 만났어") == [None]


# ---------------------------------------------------------------- 5. a run typed without spaces


@pytest.mark.parametrize(("said", "row"), [
    ("엄마한테전화해야해", "엄마한테 전화하기"),
    ("택배찾아와야해", "택배 찾아오기"),   # held out
])
def test_an_unspaced_run_is_kept_as_the_spaced_sentence(monday, said, row):
    said_to(monday, said)
    assert [desc for desc, _ in agenda_rows(monday)] == [row]


@pytest.mark.parametrize(("run", "times", "reply"), [
    # before: "적어 둘게요: 엄마한테전화하기. 이미 적어 뒀어요: 엄마한테전화하기." (pass71: not spaced, said twice)
    ("엄마한테전화해야해", 400, "적어 둘게요: 엄마한테 전화하기."),
    ("택배찾아와야해", 570, "적어 둘게요: 택배 찾아오기."),   # held out
    ("내일병원가야돼", 571, "적어 둘게요: 병원 가기, 내일까지."),   # held out, cut inside the last time
])
def test_an_unspaced_run_said_over_and_over_keeps_one_promise_said_once(monday, run, times, reply):
    text = (run * times + run[:2])[:4_000]
    assert said_to(monday, text) == [reply]
    assert len(agenda_rows(monday)) == 1


def test_guard_a_run_that_is_no_repetition_is_left_as_typed(korean):
    from jarvisd.openloop.korean_morph import said_once
    assert said_once("엄마한테전화해야해엄마") == "엄마한테전화해야해엄마"
    assert said_once("내일병원가야돼모레치과가야돼") == "내일병원가야돼모레치과가야돼"
    assert korean.spaced("가" * 4_000) == "가" * 4_000


# ---------------------------------------------------------------- the name of a thing that begins with 자비스


@pytest.mark.parametrize(("said", "row"), [
    # before: "교육" (rooms70: the first 자비스 was dropped as a call even with no 야 and no comma)
    ("자비스 교육 내일 있어", ("자비스 교육", "2026-12-08")),
    ("자비스 점검 수요일에 있어", ("자비스 점검", "2026-12-09")),   # held out
])
def test_a_thing_named_after_the_assistant_keeps_its_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday, "%Y-%m-%d") == [row]


def test_guard_the_name_said_as_a_call_is_still_dropped():
    from jarvisd.openloop import fillers
    assert fillers.without_called("자비스 내일 우유 사야 돼") == "내일 우유 사야 돼"
    assert fillers.without_called("자비스 나 담주 월욜에 삼성 면접 있어") == "담주 월욜에 삼성 면접 있어"
    assert fillers.without_called("자비스야 교육 내일 있어") == "교육 내일 있어"
    assert fillers.without_called("자비스, 교육 내일 있어") == "교육 내일 있어"
    assert fillers.without_called("자비스 회의 내일로 잡아 줘") == "회의 내일로 잡아 줘"   # asked of it


# ---------------------------------------------------------------- 4. a routine for the trip ends with the way back


@pytest.mark.parametrize(("back", "routine", "reply"), [
    # before: "적어 둘게요: 출장 기간 동안 보고서 보내기, 오늘 저녁 6시부터 매일." (no start, no end)
    ("금요일 오후 6시 귀국 비행기", "출장 기간 동안 매일 저녁 보고서 보내기",
     "적어 둘게요: 보고서 보내기, 모레 저녁 6시부터 이번 주 금요일까지 매일."),
    ("목요일 저녁 8시 귀국 비행기", "출장 기간 동안 매일 밤 10시에 아내한테 전화하기",   # held out
     "적어 둘게요: 아내한테 전화하기, 모레 밤 10시부터 이번 주 목요일까지 매일."),
])
def test_a_routine_for_the_trip_ends_on_the_way_back(monday, back, routine, reply):
    said_to(monday, "수요일 오전 9시 싱가포르 비행기", back)
    assert said_to(monday, routine) == [reply]


def test_guard_a_way_back_is_no_trip_to_choose_from(monday):
    said_to(monday, "수요일 오전 9시 싱가포르 비행기", "금요일 오후 6시 귀국 비행기")
    assert "어느" not in said_to(monday, "출장 기간 동안 매일 아침 7시에 일정 확인하기")[0]


# ---------------------------------------------------------------- the salon owner's week: who comes, and what for


@pytest.mark.parametrize(("said", "row"), [
    # before: "그렇군요." (the purpose, "견적 보러", made the visitor four words long), nothing kept
    ("목요일에 인테리어 업체 견적 보러 온대", ("인테리어 업체 방문", "2026-12-10")),
    # held out; before also "어컨 기사님 …" (the day's 에 taken off the thing's first letter)
    ("목요일에 에어컨 기사님 수리하러 온대", ("에어컨 기사님 방문", "2026-12-10")),
])
def test_who_comes_for_something_on_a_day_is_a_visit_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday, "%Y-%m-%d") == [row]
    assert said_to(monday, f"{row[0].removesuffix(' 방문')} 왔다 갔어")[0] == f"완료로 표시했어요: {row[0]}."


@pytest.mark.parametrize("said", ["금요일에 엄마 반찬 갖다주러 온대", "금요일에 친구 놀러 온대"])
def test_guard_family_and_friends_coming_are_news(monday, said):
    assert said_to(monday, said) == [None]
    assert agenda_rows(monday) == []
