"""What was cancelled, asked, and "I can't make X" (cancel78, lived offline in session 70 with `scripts/days_lived.py`):
"what did I cancel" / "what did I just drop" / "뭐 취소했지?" went to SmolLM2 ("The cancellation of the "Fantasy of the
Ancients" has been cancelled."); "I can't make the dentist appointment" got "it's a shame, …"; "I can't make the
insurance thing, drop it" got "I couldn't find you can't make the insurance thing on your agenda.". Real desks on JSONL
agendas, their clocks moved by hand."""

from __future__ import annotations

import time

import pytest

from jarvisd.openloop.cancelled_asked import cancelled_asked, cant_make, cant_make_moved
from jarvisd.openloop.model import LoopStatus
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.seoul_monday import seoul_monday_desk  # noqa: F401 (fixture `monday`)
from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)

AGENDA = ("dentist appointment on Friday at 11 AM", "renew the car insurance, by Sunday, December 20",
          "i need to email the landlord about the heating", "i emailed the landlord about the heating")


def _status(desk, desc: str) -> LoopStatus:
    return next(loop.status for loop in desk.service.all_loops() if loop.desc == desc)


@pytest.fixture(name="kept")
def kept_desk(desk):
    said = said_to(desk, *AGENDA)
    assert said[-1] == "Marked done: email the landlord about the heating."
    return desk


# ---------------------------------------------------------------- 1. what was cancelled, from the agenda's records

@pytest.mark.parametrize("asked", [
    "what did i just cancel", "what's been cancelled", "what did i just drop", "what did you take off my agenda",
    # held out
    "What did I cancel today?", "so what have i called off", "which appointments did i cancel",
    "what did you remove from my list",
])
def test_what_was_cancelled_is_the_agendas_answer(kept, asked):
    """Before: None (SmolLM2: "…visiting the official website of the JARVIS voice assistant…")."""
    said_to(kept, "cancel the dentist appointment")
    assert said_to(kept, asked) == ["You took one thing off today: dentist appointment (it was Friday at 11 AM)."]


def test_nothing_cancelled_says_so(kept):
    """Before: None ("what did i cancel" -> "Sorry, I didn't catch that")."""
    assert said_to(kept, "what did i cancel", "what did i cancel this week") == [
        "Nothing was cancelled today.", "Nothing was cancelled this week."]


def test_two_cancelled_and_the_span(kept, clock):
    said_to(kept, "cancel the dentist appointment", "i can't make the insurance thing, drop it")
    assert said_to(kept, "what did i cancel") == [
        "You took 2 things off today: dentist appointment (it was Friday at 11 AM); and renew the car insurance "
        "(it was by Sunday, December 20)."]
    at(clock, "2026-12-08 09:00")
    assert said_to(kept, "what did i cancel today") == ["Nothing was cancelled today."]
    assert said_to(kept, "what did i cancel yesterday")[0].startswith("You took 2 things off yesterday: dentist")
    assert said_to(kept, "what did i cancel recently")[0].startswith("You took 2 things off in the last week: dentist")


def test_guard_finished_still_lists_only_the_done(kept):
    said_to(kept, "cancel the dentist appointment")
    assert said_to(kept, "what did i finish today", "what have i done today") == [
        "You finished one thing today: email the landlord about the heating."] * 2


@pytest.mark.parametrize("said", ["what did i drop", "what did i take off", "what did you cancel on me last night",
                                  "what did i do today", "did i cancel the dentist"])
def test_guard_nearby_words_are_not_the_cancelled_list(kept, said):
    """"what did I drop?" may be a glass and "what did I take off?" a coat; "did I cancel the dentist?" asks of one."""
    reply = kept.handle(said, "s")
    assert reply is None or reply.intent != "cancelled"


@pytest.mark.parametrize("asked", ["뭐 취소했지?", "오늘 취소한 거 뭐야?", "방금 뭐 지웠어?", "내가 뭘 삭제했더라"])
def test_korean_what_was_cancelled(monday, asked):
    """Before: None (SmolLM2: "죄송해요, 그건 답을 모르겠어요.")."""
    said_to(monday, "금요일 오전 11시에 치과 예약 있어", "치과 예약 취소해 줘")
    assert _status(monday, "치과 예약") is LoopStatus.DISMISSED
    said = said_to(monday, asked)[0]
    assert said is not None and said.startswith("오늘 취소한 일이 1개 있어요: 치과 예약 (")


def test_korean_nothing_cancelled(monday):
    assert said_to(monday, "오늘 뭐 취소했지?") == ["오늘 취소한 일은 없어요."]


# ---------------------------------------------------------------- 2. "I can't make X"

@pytest.mark.parametrize("said", [
    "i can't make the dentist appointment",
    # held out
    "i won't make it to the dentist appointment", "i have to skip the dentist appointment",
    "unfortunately i can't attend my dentist appointment", "I can't make the Friday appointment",
])
def test_cant_make_an_open_one_asks_once(kept, said):
    """Before: None (SmolLM2: "it's a shame, as you're not able to make …"); "won't make it to" took it off unasked."""
    assert said_to(kept, said) == ["Should I take dentist appointment off your agenda?"]
    assert _status(kept, "dentist appointment") is LoopStatus.OPEN
    assert said_to(kept, "yes") == ["OK, I took it off your agenda: dentist appointment."]
    assert _status(kept, "dentist appointment") is LoopStatus.DISMISSED


def test_cant_make_then_no_keeps_it(kept):
    said_to(kept, "i can't make the dentist appointment")
    assert said_to(kept, "no") == ["OK, I left it on your agenda."]
    assert _status(kept, "dentist appointment") is LoopStatus.OPEN


@pytest.mark.parametrize(("said", "closed"), [
    ("i can't make the insurance thing, drop it", "OK, I took it off your agenda: renew the car insurance."),
    # held out
    ("i can't make the friday appointment, cancel it", "OK, I took it off your agenda: dentist appointment."),
    ("i have to skip the dentist appointment so take it off", "OK, I took it off your agenda: dentist appointment."),
])
def test_cant_make_with_an_order_closes_it(kept, said, closed):
    """Before: "I couldn't find you can't make the insurance thing on your agenda." / SmolLM2 for the others."""
    assert said_to(kept, said) == [closed]


@pytest.mark.parametrize("said", ["i can't make the dentist appointment", "i can't make the friday appointment, cancel it",
                                  "i won't make it to the dentist appointment"])
def test_cant_make_one_already_closed(kept, said):
    """Before: SmolLM2, "i'm sorry, but i'm unable to make the friday appointment."."""
    said_to(kept, "cancel the dentist appointment")
    assert said_to(kept, said) == ["Dentist appointment is already off your agenda."]


def test_not_found_names_the_thing_never_the_clause(desk):
    """Before: "I couldn't find you can't make the insurance thing on your agenda."."""
    assert said_to(desk, "i can't make the insurance thing, drop it", "i have to skip the yoga class, cancel it") == [
        "I couldn't find the insurance on your agenda.", "I couldn't find the yoga class on your agenda."]


@pytest.mark.parametrize("said", ["i can't make dinner tonight", "i can't make the party tonight", "i can't make it",
                                  "i can't make the cake without eggs"])
def test_guard_cant_make_with_nothing_kept_keeps_nothing_and_asks_nothing(desk, said):
    assert said_to(desk, said, "yes") == [None, None]
    assert desk.service.all_loops() == []


def test_guard_cant_make_something_else_leaves_the_agenda(kept):
    assert said_to(kept, "i can't make dinner tonight", "yes") == [None, None]
    assert _status(kept, "dentist appointment") is LoopStatus.OPEN


@pytest.mark.parametrize(("said", "now"), [
    ("i can't make it to the gym today but i'll go tomorrow", "Updated: go to the gym, now by tomorrow."),
    # held out
    ("ugh i can't make the gym tonight, i'll go on thursday instead", "Updated: go to the gym, now by Thursday."),
])
def test_guard_cant_make_with_another_time_is_a_move(desk, said, now):
    """Before: "Got it: go, by tomorrow." (a second promise "go", the gym left today); never a cancel."""
    said_to(desk, "i need to go to the gym today")
    assert said_to(desk, said) == [now]
    assert [row[0] for row in agenda_rows(desk)] == ["go to the gym"]


# ---------------------------------------------------------------- 3. the readers alone

def test_readers_are_linear_on_long_probes():
    probe = "i can't make the " + "very " * 800 + "thing"
    started = time.perf_counter()
    assert cant_make(probe) is None and cant_make_moved(probe) is None
    assert cancelled_asked("what did i " + "just " * 800 + "cancel") is None
    assert time.perf_counter() - started < 5


def test_readers():
    assert cant_make("i can't make the insurance thing, drop it") == cant_make("i have to skip the insurance thing so take it off")
    assert cant_make("i can't make the dentist appointment on friday").thing == "the dentist appointment"
    assert cant_make_moved("i can't make it to the gym today but i'll go tomorrow") == ("the gym", "tomorrow")
    assert cancelled_asked("what did i cancel this week") == "week"
    assert cancelled_asked("what did i finish today") is None


def test_cant_make_a_repeating_one_skips_that_time_only(desk):
    """Before: "Updated: go to the gym, now Monday, December 14 at 7 AM, …" (a move: Wednesday lost)."""
    said_to(desk, "remind me to go to the gym every monday wednesday and friday at 7am")
    assert said_to(desk, "i can't make the gym on monday") == [
        "OK, you won't go to the gym on Monday, December 14; it's back on Wednesday, December 16."]
    assert [row[0] for row in agenda_rows(desk)] == ["go to the gym"]


def test_guard_wont_go_to_is_the_withdrawal_it_was(kept):
    """"I won't go to the dentist appointment" withdrew it unasked before cancel78, and still does."""
    assert said_to(kept, "i won't go to the dentist appointment") == ["OK, I took it off your agenda: dentist appointment."]
