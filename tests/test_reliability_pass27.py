"""Pass 27's findings, each with the case that showed it (docs/reliability.md, "Twenty-seventh pass")."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import TUESDAY, agenda_rows, said_after

# said in this order on Tuesday 09:00: a call tomorrow morning, an email tonight, rent next Friday, milk with no due
FOUR = ["I need to call Ann tomorrow at 9am", "I need to email Sue tonight at 8pm",
        "I have to pay rent next Friday at 4pm", "I need to buy milk"]
FOUR_KO = ["내일 오전 9시에 엄마한테 전화해야 해", "오늘 저녁 8시에 수진이한테 메일 보내야 해",
           "다음주 금요일 오후 4시에 월세 내야 해", "우유 사야 해"]



@pytest.mark.parametrize("correction", [
    # before: "Updated: email Sue, now today at 9 AM." (11 hours early: a bare hour read as the next 9 o'clock)
    "not 8 but 9", "no, not 8, 9", "no, 9 not 8", "no, not 8pm, 9",
    # before: "I mean 9" moved the promise said last (milk, to 9 AM)
    "not 8, I mean 9",
])
def test_a_bare_hour_correcting_an_evening_due_keeps_its_evening(tuesday_desk, correction):
    said = said_after(tuesday_desk, FOUR, correction)
    assert "email Sue, now tonight at 9 PM" in said
    assert agenda_rows(tuesday_desk) == [("buy milk", "-"), ("pay rent", "2026-12-11 16:00"),
                                         ("email Sue", "2026-12-01 21:00"), ("call Ann", "2026-12-02 09:00")]


def test_a_bare_hour_correcting_an_evening_due_keeps_its_evening_in_korean(tuesday_desk):
    # before: "수진이한테 메일 보내기, 오늘 오전 9시로 바꿨어요."
    said = said_after(tuesday_desk, FOUR_KO, "아니 8시 말고 9시")
    assert "수진이한테 메일 보내기, 오늘 밤 9시로 바꿨어요." in said
    assert ("수진이한테 메일 보내기", "2026-12-01 21:00") in agenda_rows(tuesday_desk)


def test_a_bare_hour_correcting_a_morning_due_stays_in_the_morning(tuesday_desk):
    # before: "Updated: call Ann, now tomorrow at 7 PM." (10 hours late)
    said = said_after(tuesday_desk, ["I need to call Ann tomorrow at 9am"], "no, make it 7")
    assert "tomorrow at 7 AM" in said
    assert agenda_rows(tuesday_desk) == [("call Ann", "2026-12-02 07:00")]


@pytest.mark.parametrize(("correction", "due"), [
    # before: "today at 10 AM" / "today at 11 AM" (an hour from now, 10 hours before the due)
    ("no, an hour later", "2026-12-01 21:00"),
    ("make it two hours later", "2026-12-01 22:00"),
    ("아니 두 시간 뒤로", "2026-12-01 22:00"),
    # before: "now by tomorrow" (the due's 8 PM lost)
    ("no, make it a day later", "2026-12-02 20:00"),
])
def test_a_correction_by_an_amount_later_moves_the_due_not_now(tuesday_desk, correction, due):
    said_after(tuesday_desk, ["I need to call Ann tomorrow at 9am", "I need to email Sue tonight at 8pm"], correction)
    assert agenda_rows(tuesday_desk) == [("email Sue", due), ("call Ann", "2026-12-02 09:00")]


def test_a_day_later_keeps_a_morning_due_s_time(tuesday_desk):
    # before: "Updated: call Ann, now by tomorrow." (no day added, the 9 AM lost)
    said = said_after(tuesday_desk, ["I need to call Ann tomorrow at 9am"], "no, make it a day later")
    assert "Thursday at 9 AM" in said
    assert agenda_rows(tuesday_desk) == [("call Ann", "2026-12-03 09:00")]



def test_an_hour_later_is_a_whole_hour_on_a_clock_that_runs(tmp_path, korean):
    # the daemon, before: "Updated: email Sue, now tonight at 9:59 PM." (the step counted from a later reading
    # of the clock, a few milliseconds short of an hour)
    from itertools import count

    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    ticks = count()
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=TUESDAY.tzinfo,
                              clock=lambda: TUESDAY.timestamp() + next(ticks) * 0.003)
    desk = AgendaDesk(service, korean)
    said_after(desk, ["I need to email Sue tonight at 8pm"], "no, an hour later")
    assert [loop.due_ms for loop in service.agenda()] == [int(TUESDAY.replace(hour=21).timestamp() * 1000)]


@pytest.mark.parametrize(("promises", "correction", "reply"), [
    # before: "Updated: buy milk, now by Saturday." (the promise said last, which had no Friday)
    (FOUR, "not Friday but Saturday", "pay rent, now Saturday, December 12 at 4 PM"),
    (FOUR, "no, not Friday, Saturday", "pay rent, now Saturday, December 12 at 4 PM"),
    # before: "우유 사기, 이번 주 토요일까지로 바꿨어요."
    (FOUR_KO, "아니 금요일 말고 토요일", "월세 내기, 다음 주 토요일 오후 4시로 바꿨어요."),
])
def test_a_weekday_taken_back_moves_the_promise_due_that_weekday_to_the_day_next_to_it(
        tuesday_desk, promises, correction, reply):
    said = said_after(tuesday_desk, promises, correction)
    assert reply in said
    rows = dict(agenda_rows(tuesday_desk))
    assert rows[promises == FOUR and "pay rent" or "월세 내기"] == "2026-12-12 16:00"
    assert rows[promises == FOUR and "buy milk" or "우유 사기"] == "-"


def test_a_late_pick_after_which_one_a_correction_asked_says_the_time_was_kept(tmp_path, korean):
    # before (a low): "That question timed out, so I left call Ann on your agenda. If it's done, tell me again."
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    now = [TUESDAY.timestamp()]
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=TUESDAY.tzinfo, clock=lambda: now[0])
    desk = AgendaDesk(service, korean)
    for promise in ["I need to call Ann tomorrow at 4pm", "I need to call Bob tomorrow at 4pm",
                    "I need to email Sue tomorrow at 3pm"]:
        desk.handle(promise, "s")
    assert "Which one" in desk.handle("no, not 4pm, 5pm", "s").text
    now[0] += 125
    said = desk.handle("the second one", "s")
    assert said is not None and "call Ann keeps its time" in said.text and "done" not in said.text
    assert ("call Ann", "2026-12-02 16:00") in agenda_rows(desk)
