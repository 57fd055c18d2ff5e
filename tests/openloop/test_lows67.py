"""The sixty-sixth session's Korean and cross-language leftovers (lows67), each first seen wrong on the offline default:
a desk on Monday 2026-12-07 10:00 in Seoul, a real JSONL agenda and Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


# ---------------------------------------------------------------- a Korean day off of a promise named in English


@pytest.mark.parametrize(("kept", "said", "reply", "row"), [
    # before: read as English ("목요일 … 취소": fewer Hangul than Latin letters), the whole series ended
    ("soccer practice every tuesday and thursday at 5pm", "목요일 soccer practice 취소",
     "알겠어요, 이번 주 목요일에는 soccer practice 없어요. 다음은 다음 주 화요일이에요.", ("soccer practice", "2026-12-08 17:00")),
    ("swimming lesson every friday at 4pm", "금요일 swimming lesson 취소요",                            # held out
     "알겠어요, 이번 주 금요일에는 swimming lesson 없어요. 다음은 다음 주 금요일이에요.", ("swimming lesson", "2026-12-18 16:00")),
])
def test_a_korean_day_off_of_an_english_promise_keeps_the_series(monday, kept, said, reply, row):
    said_to(monday, kept)
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday) == [row]


def test_guard_a_korean_cancel_with_no_day_still_ends_it(monday):
    said_to(monday, "soccer practice every tuesday and thursday at 5pm")
    assert said_to(monday, "soccer practice 취소") == ["목록에서 지웠어요: soccer practice. 다시 알려 드리지 않아요."]


def test_guard_an_english_order_to_a_korean_name_stays_english(monday):
    assert said_to(monday, "call 민수 tomorrow") == ["Got it: call 민수, by tomorrow."]


# ---------------------------------------------------------------- an errand told missed that is not on the agenda


@pytest.mark.parametrize(("said", "reply"), [
    # before: None (to SmolLM2: "as a voice assistant, you can't pay the bill …")
    ("i couldn't pay the bill because the site was down",
     "That isn't on your agenda: pay the bill. Want me to remind you? Say when, like \"remind me to pay the bill tomorrow\"."),
    ("i forgot to renew my passport",                                                                   # held out
     "That isn't on your agenda: renew your passport. Want me to remind you? Say when, like \"remind me to renew my "
     "passport tomorrow\"."),
    ("i didn't get to send the invoice when the bank was closed",                                      # held out
     "That isn't on your agenda: send the invoice. Want me to remind you? Say when, like \"remind me to send the "
     "invoice tomorrow\"."),
])
def test_an_errand_told_missed_not_kept_is_said_so_and_offered(monday, said, reply):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday) == []


@pytest.mark.parametrize("said", ["i didn't eat breakfast", "i couldn't find my keys", "i couldn't sleep because of the noise",
                                  "i didn't know that"])
def test_guard_talk_of_things_not_done_is_no_errand(monday, said):
    assert said_to(monday, said) == [None]


def test_guard_an_errand_kept_is_still_said_as_kept(monday):
    said_to(monday, "pay the bill by friday")
    assert said_to(monday, "i couldn't pay the bill because the site was down") == [
        "It's still on your agenda: pay the bill, by Friday."]


# ---------------------------------------------------------------- a reason said first is no part of the name


@pytest.mark.parametrize(("said", "row"), [
    # before: "브레이크 패드 소리나서 센터 예약하기" (Kiwi: 소리 + 나 + 서); the other two to SmolLM2, nothing kept
    ("브레이크 패드 소리나서 센터 예약하기", ("센터 예약하기", "-")),
    ("보일러 고장나서 내일 수리 기사 부르기", ("수리 기사 부르기", "2026-12-08 23:59")),              # held out
    ("우유 다 떨어져서 내일 마트 가기", ("마트 가기", "2026-12-08 23:59")),                          # held out
    ("book the garage tomorrow because the brakes squeak", ("book the garage", "2026-12-08 23:59")),  # English, as before
])
def test_a_reason_said_first_is_no_part_of_the_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_the_errand_with_its_reason_is_closed_by_its_name(monday):
    said_to(monday, "브레이크 패드 소리나서 센터 예약하기")
    assert said_to(monday, "브레이크 패드 소리나서 센터 예약했어") == ["완료로 표시했어요: 센터 예약하기."]


@pytest.mark.parametrize("said", ["친구 만나서 밥 먹기", "비 와서 오늘 일찍 접었어"])
def test_guard_one_deed_then_another_or_talk_keeps_its_words(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


def test_guard_a_deed_then_another_is_kept_whole(monday):
    said_to(monday, "내일 친구 만나서 밥 먹기로 했어")
    assert agenda_rows(monday) == [("친구 만나서 밥 먹기", "2026-12-08 23:59")]


# ---------------------------------------------------------------- a clock end said after it, and "for 0 days"

EVENING = datetime(2026, 12, 7, 19, 0, tzinfo=SEOUL)


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: "drink water, tomorrow at 6 PM, then every 2 hours." (the end read as the first time, no end)
    ("remind me to drink water every 2 hours until 6pm",
     "I'll remind you: drink water, tomorrow at 9 AM, then every 2 hours until 6 PM tomorrow.", ("drink water", "2026-12-08 09:00")),
    ("30분마다 오후 6시까지 물 마시라고 알려줘",                                                     # held out
     "알림 맞춰 둘게요: 물 마시기, 내일 오전 9시부터 내일 저녁 6시까지 30분마다.", ("물 마시기", "2026-12-08 09:00")),
])
def test_a_clock_end_said_after_it_is_tomorrows(tmp_path, korean, said, reply, row):
    desk = agenda_desk(tmp_path, korean, EVENING)
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == [row]
    (loop,) = desk.service.agenda()
    assert loop.until == "2026-12-08T18:00"


def test_guard_a_clock_end_still_ahead_today_is_todays(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, EVENING)
    assert said_to(desk, "remind me to stretch every 30 minutes until 9pm") == [
        "I'll remind you: stretch, tonight at 7:30 PM, then every 30 minutes until 9 PM."]


@pytest.mark.parametrize(("said", "row"), [
    # before: "stretch for 0 days" kept as the name
    ("remind me to stretch every day for 0 days", ("stretch", "-")),
    ("매일 아침 8시에 약 먹기 0일 동안", ("약 먹기", "2026-12-08 08:00")),                                  # held out
])
def test_a_count_of_no_days_is_no_part_of_the_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]
    assert monday.service.agenda()[0].until is None


def test_guard_a_count_of_days_still_ends_it(monday):
    assert said_to(monday, "remind me to stretch every day at 9 for 3 days") == [
        "I'll remind you: stretch, tomorrow at 9 AM, then every day until Thursday."]
