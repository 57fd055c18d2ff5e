"""What everyday74 and pass75 left (the seventy-seventh helper, each first lived offline with `scripts/days_lived.py`):
"the day before christmas", a call that failed, a booking said with its day, a deed after another, a plan with
someone on a day (Korean and English), night shifts listed on their day, a day inside a Korean request, a trip's end
with no trip kept. Real desks on JSONL agendas, their clocks moved by hand."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.reflect.reminders import day_reminder_text
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.seoul_monday import seoul_monday_desk  # noqa: F401 (fixture `monday`)
from tests.openloop.utc_monday import MONDAY, UTC, monday_clock, monday_desk  # noqa: F401 (fixtures)


def _ms(when: str) -> int:
    return int(datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp() * 1000)


# ---------------------------------------------------------------- 4. "the day before <a named day>"

def test_the_day_before_christmas_is_christmas_eve(desk):
    """Before: "Got it: buy a gift the day, by Thursday, December 24." (the time's words left in the name)."""
    said = said_to(desk, "buy a gift the day before christmas")
    assert said[0] == "Got it: buy a gift, by Thursday, December 24."
    assert agenda_rows(desk) == [("buy a gift", "2026-12-24 23:59")]


def test_held_out_the_day_before_valentines_day(desk):
    said_to(desk, "buy flowers the day before valentine's day")
    assert agenda_rows(desk) == [("buy flowers", "2027-02-13 23:59")]


def test_held_out_the_day_before_her_birthday_keeps_the_words(desk):
    """Before: SmolLM2 ("I'm glad to hear that you're celebrating …"), nothing kept. No date known: the words kept,
    no due made up."""
    said = said_to(desk, "call grandma the day before her birthday")
    assert said[0] is not None and said[0].startswith("Got it: call grandma")
    rows = agenda_rows(desk)
    assert len(rows) == 1 and rows[0][1] == "-"


@pytest.mark.parametrize(("said", "row"), [
    # guard: "before christmas" alone, and "the day before yesterday", read as before
    ("buy a gift before christmas", ("buy a gift", "2026-12-24 23:59")),
    ("buy a gift by christmas", ("buy a gift", "2026-12-25 23:59")),
])
def test_guard_before_christmas_as_before(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


# ---------------------------------------------------------------- 5. a try that came to nothing

def test_a_call_to_a_closed_office_leaves_it_open(desk):
    """Before: "Marked done: call the pediatrician." (the office was closed: nothing done)."""
    said = said_to(desk, "i need to call the pediatrician", "i called the pediatrician, the office was closed")
    assert said[1] == "Too bad. Call the pediatrician stays on your agenda."
    assert agenda_rows(desk) == [("call the pediatrician", "-")]


@pytest.mark.parametrize(("kept", "said"), [
    # held out: other ways a try fails, another thing tried
    ("i need to call the dentist by friday", "called the dentist but no one answered"),
    ("i need to call the vet", "i called the vet, it went to voicemail"),
    ("i need to call the plumber tomorrow", "i tried calling the plumber, he didn't pick up"),
    ("i need to go to the post office", "i went to the post office but it was closed"),
])
def test_held_out_tries_in_vain_stay_open(desk, kept, said):
    replies = said_to(desk, kept, said)
    assert replies[1] is not None and replies[1].startswith("Too bad.") and "stays on your agenda" in replies[1]
    assert len(desk.service.agenda()) == 1


def test_ko_a_call_not_answered_stays_open(monday):
    said = said_to(monday, "소아과에 전화하기", "소아과에 전화했는데 안 받았어")
    assert said[1] is not None and "아직 안 끝난 걸로" in said[1]
    assert [loop.desc for loop in monday.service.agenda()] == ["소아과에 전화하기"]


@pytest.mark.parametrize(("kept", "said"), [
    # guard: the deed itself done still closes it, news after it too
    ("i need to call the pediatrician", "i called the pediatrician"),
    ("i need to call the pediatrician", "i called the pediatrician, the nurse was really nice"),
    ("i need to call the vet", "i called the vet and they answered all my questions"),
])
def test_guard_a_deed_done_still_closes(desk, kept, said):
    replies = said_to(desk, kept, said)
    assert replies[1] is not None and replies[1].startswith("Marked done")
    assert agenda_rows(desk) == []


# ---------------------------------------------------------------- 6. a booking said with its day

def test_a_booking_done_keeps_the_appointment(desk):
    """Before: "Marked done: book a haircut." and the haircut lost ("it's" named nothing)."""
    said = said_to(desk, "i need to book a haircut", "i booked the haircut, it's friday at 3")
    assert said[1] == "Marked done: book a haircut. Got it: haircut, Friday at 3 PM."
    assert agenda_rows(desk) == [("haircut", "2026-12-11 15:00")]


@pytest.mark.parametrize(("kept", "said", "row"), [
    # held out: nothing open to book, another booking verb and thing
    (None, "i booked the haircut, it's friday at 3", ("haircut", "2026-12-11 15:00")),
    ("i need to schedule a dentist appointment", "just scheduled my dentist appointment. it's on the 14th at 10",
     ("dentist appointment", "2026-12-14 10:00")),
    ("i have to book a massage", "booked a massage, it's thursday at 4", ("massage", "2026-12-10 16:00")),
])
def test_held_out_bookings_with_their_time(desk, kept, said, row):
    said_to(desk, *([kept] if kept else []), said)
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize("said", ["i booked the haircut, it's so expensive", "i booked the haircut, it was easy"])
def test_guard_a_booking_with_no_time_keeps_nothing_new(desk, said):
    said_to(desk, "i need to book a haircut", said)
    assert agenda_rows(desk) == []


# ---------------------------------------------------------------- 7. a deed after another of the user's own

def test_after_sending_the_report_email_the_boss(desk):
    """Before: SmolLM2 ("Your email address is (your_email_address).") and nothing kept."""
    said = said_to(desk, "i need to send the report by friday", "after I send the report, email the boss", "i sent the report")
    assert said[1] == "Got it: email the boss, by Friday, after you send the report."
    assert said[2] == "Marked done: send the report. Next: email the boss."
    loop = desk.service.agenda()[0]
    assert loop.desc == "email the boss" and loop.after is not None


@pytest.mark.parametrize(("kept", "said", "reply"), [
    # held out: the order said first, another deed; nothing open to wait for (the words said back)
    ("i need to send the invoice", "email the client once i've sent the invoice",
     "Got it: email the client, after you send the invoice."),
    (None, "after i get home, i need to walk the dog", "Got it: walk the dog, after you get home."),
])
def test_held_out_orders_after_a_deed(desk, kept, said, reply):
    replies = said_to(desk, *([kept] if kept else []), said)
    assert replies[-1] == reply


@pytest.mark.parametrize("said", ["after lunch, email the boss", "after I talked to him, it was fine",
                                  "remind me to buy milk when I leave work"])
def test_guard_after_a_time_or_news_is_as_before(desk, said):
    replies = said_to(desk, said)
    assert replies[0] is None or "after you" not in replies[0]


# ---------------------------------------------------------------- 3 and 8. a shift and a plan are on their day

def test_night_shifts_are_listed_on_their_day(desk):
    """Before: "Wednesday night shift, by Wednesday; …" (a shift listed as a deadline)."""
    said = said_to(desk, "i'm working nights wednesday through friday", "what's on my agenda?")
    assert "by " not in said[1]
    assert said[1] == ("You have 3 things on your agenda: Wednesday night shift, Wednesday; Thursday night shift, "
                       "Thursday; and Friday night shift, Friday.")


def test_held_out_day_shifts_and_a_dinner_plan_on_their_day(desk):
    said = said_to(desk, "i'm on days tuesday to thursday", "i'm having dinner with mom on friday", "what's on my agenda?")
    assert said[1] == "I'll remind you: have dinner with mom, Friday."
    assert "by " not in said[2]


def test_ko_a_plan_with_mom_is_on_friday_not_by_it(monday):
    """Before: "적어 둘게요: 엄마랑 저녁 먹기, 이번 주 금요일까지." and at 8 AM Friday "알림: 엄마랑 저녁 먹기, 오늘까지예요."."""
    said = said_to(monday, "금요일에 엄마랑 저녁 먹기로 했어")
    assert said[0] == "적어 둘게요: 엄마랑 저녁 먹기, 이번 주 금요일."
    assert day_reminder_text("엄마랑 저녁 먹기") == "알림: 엄마랑 저녁 먹기, 오늘이에요."


@pytest.mark.parametrize(("said", "reply"), [
    # held out: another person, another plan
    ("토요일에 친구들하고 영화 보기로 했어", "적어 둘게요: 친구들하고 영화 보기, 이번 주 토요일."),
    ("다음 주 화요일에 민수랑 점심 먹기로 했어", "적어 둘게요: 민수랑 점심 먹기, 다음 주 화요일."),
])
def test_ko_held_out_plans_with_someone(monday, said, reply):
    assert said_to(monday, said) == [reply]


def test_en_reminder_of_a_plan_is_today_not_due():
    assert day_reminder_text("have dinner with mom", "en") == "Reminder: have dinner with mom. It's today."
    assert day_reminder_text("return the library books", "en") == "Reminder: return the library books. It's due today."


@pytest.mark.parametrize(("said", "reply"), [
    # guard: a deed with a day is still due by it, things sent together are no plan with someone
    ("금요일까지 보고서와 서류 보내기", "적어 둘게요: 보고서와 서류 보내기, 이번 주 금요일까지."),
    ("금요일까지 엄마한테 전화하기", "적어 둘게요: 엄마한테 전화하기, 이번 주 금요일까지."),
])
def test_ko_guard_deeds_stay_by_their_day(monday, said, reply):
    assert said_to(monday, said) == [reply]


# ---------------------------------------------------------------- 1. a bare 내일 inside a request

def test_ko_tomorrow_inside_a_request_stays_in_its_name(monday):
    """Before: "적어 둘게요: 엄마한테 데리러 와 달라고 부탁하기, 내일까지." (the pickup's day the asking's due, and cut)."""
    said = said_to(monday, "엄마한테 내일 데리러 와 달라고 부탁해야 돼")
    assert said[0] == "적어 둘게요: 엄마한테 내일 데리러 와 달라고 부탁하기."
    assert agenda_rows(monday) == [("엄마한테 내일 데리러 와 달라고 부탁하기", "-")]


@pytest.mark.parametrize(("said", "row"), [
    # held out: another request, 오늘 with its part of the day
    ("동생한테 내일 택배 받아 달라고 부탁해야 돼", ("동생한테 내일 택배 받아 달라고 부탁하기", "-")),
    ("아빠한테 오늘 저녁에 와 달라고 말해야 해", ("아빠한테 오늘 저녁에 와 달라고 말하기", "-")),
])
def test_ko_held_out_bare_days_inside_requests(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize(("said", "row"), [
    # guard: the errand's own day before the one told, and a day told (not asked), as before
    ("내일 사장님한테 금요일에 쉬겠다고 말해야 해", ("사장님한테 금요일에 쉬겠다고 말하기", "2026-12-08 23:59")),
    ("내일 엄마한테 데리러 와 달라고 부탁해야 돼", ("엄마한테 데리러 와 달라고 부탁하기", "2026-12-08 23:59")),
])
def test_ko_guard_the_errand_own_bare_day_is_its_due(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


# ---------------------------------------------------------------- 2. a trip's end with no trip kept

def test_ko_trip_until_with_nothing_kept_keeps_the_trip_span(monday):
    """Before: SmolLM2 ("죄송해요, 그건 답을 모르겠어요."), nothing kept; a routine said after it went on for ever.
    Decided: the trip kept as its span ("출장, 이번 주 금요일까지": until), no errand made up, and a routine for while it
    lasts ends with it."""
    said = said_to(monday, "출장 금요일까지", "출장 기간 동안 매일 저녁 보고서 보내기")
    assert said[0] == "출장은 이번 주 금요일까지군요. 적어 둘게요: 출장, 이번 주 금요일까지."
    assert said[1] is not None and said[1].endswith("출장 기간 동안 보고서 보내기는 이번 주 금요일까지만 할게요.")
    loops = {loop.desc: loop for loop in monday.service.agenda()}
    assert loops["출장 기간 동안 보고서 보내기"].until == "2026-12-11"
    assert "출장 가기" not in loops


def test_ko_held_out_holiday_until(monday):
    said = said_to(monday, "여행 일요일까지예요")
    assert said[0] == "여행은 이번 주 일요일까지군요. 적어 둘게요: 여행, 이번 주 일요일까지."


def test_ko_guard_a_routine_with_no_trip_has_no_end(monday):
    said_to(monday, "매일 저녁 보고서 보내기")
    assert monday.service.agenda()[0].until is None


# ---------------------------------------------------------------- the week lived: a nurse on rotating shifts (Korean)

def test_week_ko_a_bank_found_closed_stays_open(monday):
    """Before: "'오프날 은행 가서 적금 해지하기' 말씀이세요? … 완료로 표시할게요." (a closed bank offered as done)."""
    said = said_to(monday, "오프날 은행 가서 적금 해지해야 돼", "은행 갔는데 문 닫았더라")
    assert said[1] == "오프날 은행 가서 적금 해지하기는 아직 안 끝난 걸로 둘게요."
    assert len(monday.service.agenda()) == 1


@pytest.mark.parametrize("said", ["은행 갔다 왔어", "은행 갔는데 사람이 많더라"])
def test_week_ko_guard_a_bank_visited_closes(monday, said):
    replies = said_to(monday, "은행 가기", said)
    assert replies[1] == "완료로 표시했어요: 은행 가기."


def test_week_ko_by_before_an_event_kept_is_its_time(monday):
    """Before: "적어 둘게요: 보수교육 전까지 이수증 출력하기." (no due, the training kept on Friday at 2 PM)."""
    said = said_to(monday, "금요일 오후 2시에 보수교육 있어", "보수교육 전까지 이수증 출력하기")
    assert said[1] == "적어 둘게요: 보수교육 이수증 출력하기, 이번 주 금요일 오후 2시."
    assert ("보수교육 이수증 출력하기", "2026-12-11 14:00") in agenda_rows(monday)


def test_week_ko_held_out_before_an_interview(monday):
    said_to(monday, "다음 주 수요일에 면접 있어", "면접 전까지 포트폴리오 정리해야 돼")
    assert ("면접 포트폴리오 정리하기", "2026-12-16 23:59") in agenda_rows(monday)


def test_week_ko_guard_before_a_thing_not_kept_has_no_day(monday):
    said_to(monday, "보고서 전까지 정리하기")
    assert agenda_rows(monday) == [("보고서 전까지 정리하기", "-")]
