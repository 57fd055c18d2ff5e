"""What korean70 and english71 left (the seventy-fourth helper, each first lived offline with `scripts/days_lived.py`):
two "be there" told to two people, a bare hour for being somewhere on a named evening day, a deed "two days before
they're due" said before the thing due, night shifts with no hour, a day inside a request told to someone (Korean), a
trip's "until" (Korean). Real desks on JSONL agendas, their clocks moved by hand."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.reflect.reminders import plan_reminders
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.seoul_monday import seoul_monday_desk  # noqa: F401 (fixture `monday`)
from tests.openloop.utc_monday import MONDAY, UTC, monday_clock, monday_desk  # noqa: F401 (fixtures)


def _ms(when: str) -> int:
    return int(datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp() * 1000)


# ---------------------------------------------------------------- 1. "be there" told to two people

def test_be_there_told_to_two_people_is_two_promises(desk):
    """Before: "Updated: be there, now tonight at 7 PM." (the first one's 6 PM lost)."""
    said = said_to(desk, "tell him i'll be there at 6", "tell her i'll be there by 7")
    assert said[1] == "Got it: be there, tonight at 7 PM."
    assert sorted(agenda_rows(desk)) == [("be there", "2026-12-07 18:00"), ("be there", "2026-12-07 19:00")]


def test_a_name_told_on_another_day_is_another_promise(desk):
    """Before: "Updated: be there, now Thursday, December 24 at 7 PM." (tonight's 7 PM moved to Christmas Eve)."""
    said = said_to(desk, "tell her i'll be there by 7", "tell mom i'll be there at 7 on christmas eve")
    assert said[1] == "Got it: be there, Thursday, December 24 at 7 PM."
    assert len(desk.service.agenda()) == 2


def test_guard_a_name_and_a_pronoun_the_same_day_is_one(desk):
    said = said_to(desk, "tell mom i'll be there at 6", "tell her i'll be there at 7")
    assert said[1].startswith("Updated: be there")


@pytest.mark.parametrize(("first", "second"), [
    # held out: two names, and "i told X i'd be home"
    ("tell sam i'll be there at 6", "tell jenny i'll be there at 8"),
    ("i told mom i'd be home by 9", "i told dad i'd be home by 10"),
])
def test_held_out_two_people_told(desk, first, second):
    said_to(desk, first, second)
    assert len(desk.service.agenda()) == 2


@pytest.mark.parametrize(("first", "second"), [
    # guard: the same one told again, and a correction, still move the one kept
    ("tell him i'll be there at 6", "tell him i'll be there at 7"),
    ("tell sam i'll be there at 6", "actually make it 7"),
    ("tell sam i'll be there at 6", "no, 7"),
])
def test_guard_same_one_told_or_a_correction_moves_it(desk, first, second):
    said = said_to(desk, first, second)
    assert said[1].startswith("Updated: be there")
    assert agenda_rows(desk) == [("be there", "2026-12-07 19:00")]


# ---------------------------------------------------------------- 2. a bare hour for being somewhere on a named day

def test_being_there_at_7_on_christmas_eve_is_the_evening(desk):
    """Before: "Got it: be there, Thursday, December 24 at 7 AM." (the hour table's first choice for a day ahead)."""
    assert said_to(desk, "tell mom i'll be there at 7 on christmas eve") == \
        ["Got it: be there, Thursday, December 24 at 7 PM."]


@pytest.mark.parametrize(("said", "due"), [
    # held out: another visit, another evening-named day, "be home"
    ("i told my sister i'd come over at 8 on new year's eve", "2026-12-31 20:00"),
    ("tell grandma i'll visit at 7 on saturday", "2026-12-12 19:00"),
    ("i told mom i'd be home by 9 tomorrow", "2026-12-08 21:00"),
])
def test_held_out_visits_at_a_bare_evening_hour(desk, said, due):
    said_to(desk, said)
    assert [row[1] for row in agenda_rows(desk)] == [due]


@pytest.mark.parametrize(("said", "due"), [
    # guard: a call or a job at 7 stays the table's; an am said wins; 10 stays the table's
    ("call the plumber at 7 tomorrow", "2026-12-08 07:00"),
    ("tell mom i'll be there at 7am on christmas eve", "2026-12-24 07:00"),
    ("take the car to the garage at 8 tomorrow", "2026-12-08 08:00"),
    ("tell him i'll be there at 10 tomorrow", "2026-12-08 10:00"),
    ("tell the contractor i'll be there at 8 tomorrow", "2026-12-08 08:00"),
])
def test_guard_other_bare_hours_stay(desk, said, due):
    said_to(desk, said)
    assert [row[1] for row in agenda_rows(desk)] == [due]


# ---------------------------------------------------------------- 3. "two days before they're due", the due said later

def test_days_before_due_said_before_the_due_thing(desk):
    """Before: "Updated: pay the quarterly taxes, now by Friday, January 15, 2027." (merged, the two days lost)."""
    said = said_to(desk, "i need to pay the quarterly taxes two days before they're due",
                   "the quarterly taxes are due on january 15")
    assert said[0] == "Got it: pay the quarterly taxes."
    assert said[1].startswith("Got it: quarterly taxes, by Friday, January 15, 2027.")
    assert said[1].endswith("Due with it: pay the quarterly taxes, now by Wednesday, January 13, 2027.")
    assert sorted(agenda_rows(desk)) == [("pay the quarterly taxes", "2027-01-13 23:59"),
                                         ("quarterly taxes", "2027-01-15 23:59")]
    pay = next(loop for loop in desk.service.agenda() if loop.desc == "pay the quarterly taxes")
    assert pay.after is not None and pay.after.endswith(":-2")


def test_held_out_registration_a_week_before(desk):
    said_to(desk, "i have to renew the car registration a week before it's due",
            "the car registration is due on january 20")
    assert sorted(agenda_rows(desk)) == [("car registration", "2027-01-20 23:59"),
                                         ("renew the car registration", "2027-01-13 23:59")]


def test_guard_the_deed_itself_given_a_day_moves_it(desk):
    said = said_to(desk, "i need to pay the quarterly taxes two days before they're due",
                   "pay the quarterly taxes on january 13")
    assert said[1].startswith("Updated: pay the quarterly taxes")
    assert agenda_rows(desk) == [("pay the quarterly taxes", "2027-01-13 23:59")]


# ---------------------------------------------------------------- 4. night shifts with no hour

def test_night_shifts_with_no_hour_are_the_week_not_deadlines(desk):
    """Before: "Reminder: Wednesday night shift. It's due today." at 8 AM on Wednesday. Decided: kept as the week's
    schedule (read by "what do I have on wednesday", "when's my next day off"), never reminded as a deadline."""
    said = said_to(desk, "i'm working nights wednesday through friday", "when's my next day off?")
    assert said[0].startswith("Got it: Wednesday night shift")
    assert said[1] == "Your next day with no shift on your agenda is tomorrow."
    loops = desk.service.agenda()
    assert len(loops) == 3
    assert plan_reminders(loops, now_ms=_ms("2026-12-09 07:00"), tz=UTC) == []


def test_held_out_days_with_no_hour(desk):
    said_to(desk, "i'm on days tuesday to thursday")
    assert plan_reminders(desk.service.agenda(), now_ms=_ms("2026-12-08 07:00"), tz=UTC) == []


def test_guard_a_shift_with_its_hour_is_reminded(desk):
    said_to(desk, "i work 7pm to 7am wednesday through friday")
    assert plan_reminders(desk.service.agenda(), now_ms=_ms("2026-12-09 17:00"), tz=UTC)


# ---------------------------------------------------------------- 5. Korean: the day inside a request told

def test_ko_the_day_inside_a_request_stays_in_its_name(monday):
    """Before: "적어 둘게요: 직원한테 출근해 달라고 말하기, 이번 주 토요일까지." (the request's day taken as the due)."""
    assert said_to(monday, "직원한테 토요일 출근해 달라고 말해야 돼") == ["적어 둘게요: 직원한테 토요일 출근해 달라고 말하기."]
    assert agenda_rows(monday) == [("직원한테 토요일 출근해 달라고 말하기", "-")]


@pytest.mark.parametrize(("said", "desc"), [
    ("사장님한테 금요일에 쉬겠다고 말해야 해", "사장님한테 금요일에 쉬겠다고 말하기"),   # held out
    ("동생한테 일요일에 집에 오라고 말해야 돼", "동생한테 일요일에 집에 오라고 말하기"),
    ("팀장님께 다음 주 월요일에 휴가 쓰겠다고 말씀드려야 해", "팀장님께 다음 주 월요일에 휴가 쓰겠다고 말씀드리기"),
])
def test_ko_held_out_day_inside_what_is_told(monday, said, desc):
    said_to(monday, said)
    assert agenda_rows(monday) == [(desc, "-")]


@pytest.mark.parametrize(("said", "row"), [
    # guard: a day said before the one told is the errand's own due
    ("금요일까지 직원한테 말해야 돼", ("직원한테 말하기", "2026-12-11 23:59")),
    ("내일 사장님한테 금요일에 쉬겠다고 말해야 해", ("사장님한테 금요일에 쉬겠다고 말하기", "2026-12-08 23:59")),
    # a bare 내일 inside a request is the request's since everyday77 (`test_everyday77`); a bare 내일 inside a message
    # told (not asked) is still the errand's due
    ("엄마한테 내일 간다고 말해야 돼", ("엄마한테 간다고 말하기", "2026-12-08 23:59")),
])
def test_ko_guard_the_errand_own_day_is_its_due(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


# ---------------------------------------------------------------- 6. Korean: a trip's "until" is its end

def test_ko_trip_until_ends_the_routine_kept_for_it(monday):
    """Before: "출장 금요일까지" answered nothing (SmolLM2's "죄송해요, 그건 답을 모르겠어요."), the routine with no
    end; "출장 다음 주 수요일까지야" moved "출장 가기" itself."""
    said = said_to(monday, "출장 가기", "출장 기간 동안 매일 저녁 보고서 보내기", "출장 금요일까지")
    assert said[2] is not None and "금요일" in said[2]
    loops = {loop.desc: loop for loop in monday.service.agenda()}
    assert loops["출장 기간 동안 보고서 보내기"].until == "2026-12-11"
    assert loops["출장 가기"].due_ms is None


@pytest.mark.parametrize("said", ["출장 다음 주 수요일까지야", "출장은 다음 주 수요일까지예요"])
def test_ko_held_out_trip_until_does_not_move_the_trip(monday, said):
    replies = said_to(monday, "출장 가기", said)
    assert replies[1] is not None and "바꿨" not in replies[1]
    assert agenda_rows(monday) == [("출장 가기", "-")]


def test_ko_guard_a_deed_until_is_still_its_due(monday):
    said = said_to(monday, "보고서 쓰기", "보고서 다음 주 수요일까지야")
    assert said[1] == "보고서 쓰기, 다음 주 수요일까지로 바꿨어요."
    assert agenda_rows(monday) == [("보고서 쓰기", "2026-12-16 23:59")]


# ---------------------------------------------------------------- the week lived: a parent of a toddler

def test_week_occasion_said_after_the_booking_call_is_kept(desk):
    """Before: "Marked done: call the pediatrician to book …" and the checkup was lost."""
    said = said_to(desk, "i need to call the pediatrician to book theo's 18 month checkup",
                   "i called the pediatrician, the checkup is thursday at 9:30")
    assert said[1] == ("Marked done: call the pediatrician to book theo's 18 month checkup. "
                       "Got it: checkup, Thursday at 9:30 AM.")
    assert agenda_rows(desk) == [("checkup", "2026-12-10 09:30")]


@pytest.mark.parametrize(("kept", "said", "row"), [
    # held out: another deed done, another occasion
    ("i need to call the dentist", "i called the dentist, my appointment is tuesday at 2", ("appointment", "2026-12-08 14:00")),
    ("i need to send the report to sam", "i sent the report. the meeting is friday at 3", ("meeting", "2026-12-11 15:00")),
])
def test_week_held_out_occasion_after_a_deed_done(desk, kept, said, row):
    said_to(desk, kept, said)
    assert agenda_rows(desk) == [row]


def test_week_guard_news_after_a_deed_done_keeps_nothing(desk):
    said = said_to(desk, "i need to call the pediatrician", "i called the pediatrician, the nurse was really nice")
    assert said[1] == "Marked done: call the pediatrician."
    assert agenda_rows(desk) == []


def test_week_the_night_before_an_event_day_said_later(desk):
    """Before: kept "pack theo's spare clothes the night before daycare picture day" with no due; "daycare picture day is
    thursday" went to SmolLM2 ("daycare is a daycare.")."""
    said = said_to(desk, "remind me to pack theo's spare clothes the night before daycare picture day",
                   "daycare picture day is thursday")
    assert said[1] == ("Got it: daycare picture day, by Thursday. "
                       "Due with it: pack theo's spare clothes, now Wednesday at 8 PM.")
    assert sorted(agenda_rows(desk)) == [("daycare picture day", "2026-12-10 23:59"),
                                         ("pack theo's spare clothes", "2026-12-09 20:00")]
    pack = next(loop for loop in desk.service.agenda() if loop.desc == "pack theo's spare clothes")
    assert pack.remind_ms == _ms("2026-12-09 20:00")


def test_week_held_out_the_day_before_field_day(desk):
    said_to(desk, "i need to wash the soccer uniform the day before field day", "field day is next tuesday")
    assert sorted(agenda_rows(desk)) == [("field day", "2026-12-15 23:59"), ("wash the soccer uniform", "2026-12-14 23:59")]


def test_week_guard_the_day_before_a_holiday_is_a_time(desk):
    said_to(desk, "i need to wrap the presents the day before christmas eve")
    assert [row[1] for row in agenda_rows(desk)] == ["2026-12-23 23:59"]


def test_week_a_class_named_by_its_activity_is_a_thing(desk):
    """Before: "OK, you won't swim class on Saturday, December 12; …"."""
    said = said_to(desk, "swim class is every saturday at 10", "cancel swim class this saturday")
    assert said[1] == "OK, no swim class on Saturday, December 12; it's back on Saturday, December 19."


def test_week_held_out_and_guard_a_deed_stays_a_deed(desk):
    said = said_to(desk, "cook class is every thursday at 5", "cancel cook class on thursday",
                   "remind me to walk the dog every saturday at 10", "cancel walk the dog this saturday")
    assert said[1].startswith("OK, no cook class on Thursday")
    assert said[3].startswith("OK, you won't walk the dog on Saturday")
