"""Promises whose time has passed (`openloop/past_due.py`), found living three days with the offline default: a late
"I did it", "I forgot to …", "what did I have yesterday?", "what's overdue?" the morning after. Each went to SmolLM2
(a paragraph, or "I see.") or read the open agenda only ("Nothing is overdue.", "Your agenda is clear.")."""

from __future__ import annotations

from datetime import date

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.past_due import forgot_said, past_day_asked
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

from .conftest import SEOUL, FakeClock


@pytest.fixture
def days(tmp_path, korean):
    """(desk, clock): a desk on a real JSONL agenda whose clock the test moves across days (Seoul)."""
    clock = FakeClock(0)
    clock.set_local("2026-12-09 10:00")
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean), clock


def _say(desk: AgendaDesk, text: str) -> str:
    reply = desk.handle(text, "s")
    return "" if reply is None else reply.text


def _status(desk: AgendaDesk, desc: str) -> list[str]:
    return [loop.status.value for loop in desk.service.all_loops() if loop.desc == desc]


def test_done_said_the_day_after_the_promise_expired_marks_it_done(days):
    desk, clock = days
    _say(desk, "I need to pick up the dry cleaning today")
    clock.set_local("2026-12-10 09:00")
    assert _say(desk, "I picked up the dry cleaning yesterday") == \
        "Good, marked done: pick up the dry cleaning (it was due yesterday)."
    assert _status(desk, "pick up the dry cleaning") == ["done"]


def test_a_korean_late_done_marks_the_expired_promise_done(days):
    desk, clock = days
    _say(desk, "오늘 세탁소에서 옷 찾아오기")
    clock.set_local("2026-12-10 09:00")
    assert _say(desk, "어제 세탁소에서 옷 찾아왔어").startswith("완료로 표시했어요: ")
    assert [loop.status for loop in desk.service.all_loops()] == [LoopStatus.DONE]


def test_i_forgot_names_the_expired_promise_and_the_next_promise_takes_its_person(days):
    desk, clock = days
    clock.set_local("2026-12-07 19:30")
    _say(desk, "I have to call mom tonight")
    clock.set_local("2026-12-08 08:10")
    assert _say(desk, "I forgot to call mom yesterday") == (
        "Call mom was due yesterday and closed unfinished. When will you do it? Tell me and I'll put it back on your "
        "agenda.")
    assert _say(desk, "I'll call her tonight then").startswith("Got it: call mom")
    clock.set_local("2026-12-08 21:00")
    assert _say(desk, "called mom") == "Marked done: call mom."
    clock.set_local("2026-12-09 09:00")
    assert "call mom" not in _say(desk, "what did I miss?")   # done the next day: nothing missed


def test_i_forgot_an_open_promise_says_it_is_still_there(days):
    desk, _ = days
    _say(desk, "I need to renew the car insurance by Friday")
    assert _say(desk, "oh no I totally forgot to renew the car insurance") == \
        "It's still on your agenda: renew the car insurance, by Friday."


def test_what_was_due_on_a_past_day_is_read_with_what_became_of_it(days):
    desk, clock = days
    _say(desk, "the dentist appointment is today at 2pm")
    _say(desk, "I need to pick up the dry cleaning today")
    _say(desk, "I need to buy stamps today")
    _say(desk, "I bought stamps")
    clock.set_local("2026-12-10 09:00")
    expected = ("Yesterday you had 3 things: dentist appointment at 2 PM (not marked done); pick up the dry cleaning "
                "(not marked done); and buy stamps (done).")
    for asked in ("what did I have yesterday?", "what was on my calendar yesterday?", "What was on my agenda yesterday?"):
        assert _say(desk, asked) == expected, asked
    assert _say(desk, "어제 뭐 있었지?").startswith("어제는 3개 있었어요: dentist appointment, 오후 2시 (완료 표시 없음)")
    assert _say(desk, "what did I have on Monday?") == "On Monday, December 7 nothing was on your agenda."


def test_overdue_the_morning_after_says_what_passed_unfinished(days):
    desk, clock = days
    _say(desk, "I need to submit the expense report today")   # Wednesday 2026-12-09
    clock.set_local("2026-12-10 09:00")
    assert _say(desk, "what's overdue?") == ("Nothing is overdue. One thing passed unfinished this week: submit the "
                                             "expense report, due yesterday.")


@pytest.mark.parametrize(("said", "deed"), [
    ("I forgot to call mom yesterday", "call mom"), ("oh no I forgot to pick up the dry cleaning", "pick up the dry cleaning"),
    ("I completely forgot about the dentist", "the dentist"), ("엄마한테 전화하는 거 깜빡했어", "엄마한테 전화"),
    ("I forgot what I wanted to say", None), ("did I forget to call mom?", None), ("I forgot it", None),
])
def test_the_deed_forgotten_is_read(said, deed):
    assert forgot_said(said) == deed


@pytest.mark.parametrize(("said", "day"), [
    ("what did I have yesterday?", date(2026, 12, 9)), ("what was on my schedule the day before yesterday", date(2026, 12, 8)),
    ("what did I have on Monday?", date(2026, 12, 7)), ("what was I supposed to do last thursday?", date(2026, 12, 3)),
    ("what did I have on Thursday?", date(2026, 12, 3)),   # said on a Thursday: the last one, a week ago
    ("어제 뭐 있었지?", date(2026, 12, 9)), ("지난 금요일에 일정 뭐였어?", date(2026, 12, 4)),
    ("what do I have tomorrow?", None), ("what did I finish yesterday?", None),
])
def test_the_past_day_asked_is_read(said, day):
    assert past_day_asked(said, date(2026, 12, 10)) == day


def test_a_time_said_after_a_korean_forgetting_keeps_the_promise_anew(days):
    desk, clock = days
    clock.set_local("2026-12-07 19:30")
    _say(desk, "오늘 밤에 엄마한테 전화해야 돼")
    clock.set_local("2026-12-08 08:10")
    assert _say(desk, "어제 엄마한테 전화하는 거 깜빡했어") == \
        "엄마한테 전화하기는 기한(어제)이 지나 닫혔어요. 언제 하실지 말씀해 주시면 다시 적어 둘게요."
    assert _say(desk, "오늘 저녁에 할게").startswith("적어 둘게요: 엄마한테 전화하기")   # was "이미 목록에서 지워져 있어요"
    assert [loop.status.value for loop in desk.service.all_loops()] == ["expired", "open"]


def test_did_i_asked_of_a_day_answers_for_that_day(days):
    desk, clock = days
    clock.set_local("2026-12-07 07:30")
    _say(desk, "remind me to take my pills every morning at 8")
    clock.set_local("2026-12-07 08:05")
    _say(desk, "took my pills")
    clock.set_local("2026-12-08 09:30")
    # was "Yes: take your pills, marked done yesterday at 8:05 AM. Next: today at 8 AM."
    assert _say(desk, "did I take my pills today?") == \
        "Not today: take your pills was last marked done yesterday at 8:05 AM."
    assert _say(desk, "did I take my pills yesterday?") == "Yes: take your pills, marked done yesterday at 8:05 AM."
    assert _say(desk, "I took them") == "Marked done: take your pills. Next: tomorrow at 8 AM."   # was asked "Do you mean …?"
    assert _say(desk, "did I take my pills today?") == "Yes: take your pills, marked done today at 9:30 AM."


def test_did_i_asked_of_today_for_a_one_off_still_open_says_its_due(days):
    desk, _ = days
    _say(desk, "I need to take out the trash today")
    assert _say(desk, "did I take out the trash today?") == \
        "Not yet: take out the trash is still on your agenda, by the end of today."


def test_did_i_asked_of_a_day_in_korean(days):
    desk, clock = days
    clock.set_local("2026-12-07 07:30")
    _say(desk, "매일 아침 8시에 약 먹으라고 알려 줘")
    clock.set_local("2026-12-07 08:05")
    _say(desk, "약 먹었어")
    clock.set_local("2026-12-08 09:30")
    assert _say(desk, "오늘 약 먹었나?").startswith("오늘은 "), desk.service.all_loops()


def test_a_month_asked_by_name_lists_that_month(days):
    desk, clock = days
    clock.set_local("2026-12-07 09:00")
    _say(desk, "I need to renew my passport by February 10")
    _say(desk, "the dentist is on February 20 at 3pm")
    _say(desk, "pay the rent on December 25")
    # was "Nothing is due on Sunday, February 28, 2027." (the month's last day alone)
    assert _say(desk, "what's on my agenda in February?") == (
        "In February 2027 you have 2 things: renew your passport, by Wednesday, February 10, 2027; and dentist "
        "appointment, Saturday, February 20, 2027 at 3 PM.")
    assert _say(desk, "what do I have in March?") == "Nothing is due in March 2027."
    assert _say(desk, "anything due in december") == "In December you have one thing: pay the rent, by Friday, December 25."


@pytest.mark.parametrize(("said", "kept"), [
    ("lunch with Sara tomorrow at noon", "Got it: lunch with Sara, tomorrow at noon."),
    ("team meeting on Wednesday at 3pm", "Got it: team meeting, Wednesday at 3 PM."),
    ("drinks with the team tonight at 6", "Got it: drinks with the team, tonight at 6 PM."),
    ("dinner on friday sounds good", ""), ("lunch with Sara tomorrow works for me", ""), ("dinner tomorrow?", ""),
])
def test_an_event_said_as_a_note_with_its_day_is_kept(days, said, kept):
    desk, clock = days
    clock.set_local("2026-12-07 09:00")
    assert _say(desk, said) == kept   # "lunch with Sara …" and "team meeting on Wednesday …" went to SmolLM2


@pytest.mark.parametrize("said", ["cancel everything tomorrow", "clear tomorrow", "clear my day tomorrow",
                                  "I'm sick tomorrow, cancel everything for tomorrow", "내일 일정 다 취소해 줘",
                                  "내일 거 다 취소해"])
def test_a_days_promises_are_cancelled_together_after_a_yes(days, said):
    desk, clock = days
    clock.set_local("2026-12-07 09:00")
    for kept in ("I have a meeting with Tom tomorrow at 10", "call the plumber tomorrow afternoon", "pay rent on friday"):
        _say(desk, kept)
    asked = _say(desk, said)   # "I couldn't find everything tomorrow", SmolLM2's, "'내일 일정 다'를 찾지 못했어요"
    assert "meeting with Tom" in asked and "plumber" in asked and "rent" not in asked, asked
    _say(desk, "응" if "내일" in said else "yes")
    assert [loop.desc for loop in desk.service.agenda()] == ["pay rent"]
