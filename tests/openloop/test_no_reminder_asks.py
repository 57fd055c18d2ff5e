"""Asking for no reminder of a promise, in the ways people say it (the sixtieth session's own chat on the offline
default): it stays on the agenda, unspoken; "I'll remember" is no promise of its own."""

import pytest

from tests.openloop.conftest import agenda_desk, agenda_rows, said_to
from tests.openloop.test_midnight_day import TUESDAY_10

MUTED = "OK, no reminders for call mom. It stays on your agenda."


@pytest.mark.parametrize("said", [
    "dont remind me about mom",                          # typed, or heard, without the apostrophe: kept "mom"
    "dont remind me about calling mom",                  # "That's already on your agenda: call mom."
    "you don't need to remind me about mom",             # to the model
    "you dont have to remind me about mom",
    "no reminders for the mom call",                     # to the model
    "don't remind me about mom, I'll remember",          # took "call mom" off the agenda and kept "remember"
    "don't remind me about mom i'll remember it myself",
])
def test_no_reminder_is_asked_and_the_promise_stays(tmp_path, korean, said):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "remind me to call mom at 7 tonight")
    assert said_to(desk, said) == [MUTED]
    rows = agenda_rows(desk)
    assert [desc for desc, _ in rows] == ["call mom"], rows
    assert desk.service.agenda()[0].muted_ms is not None


@pytest.mark.parametrize("said", ["엄마 전화 알림 하지 마", "엄마 전화 알림은 필요 없어", "엄마 전화 알림 안 해도 돼"])
def test_a_korean_no_reminder_keeps_the_promise(tmp_path, korean, said):
    """Pass 61b's low: "엄마 전화 알림 하지 마" cancelled the call instead of muting it."""
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "내일 5시에 엄마한테 전화해야 해")
    assert said_to(desk, said) == ["알림 안 드릴게요: 엄마한테 전화하기. 목록에는 남겨 둘게요."]
    assert [desc for desc, _ in agenda_rows(desk)] == ["엄마한테 전화하기"]
    assert desk.service.agenda()[0].muted_ms is not None


def test_guard_dont_do_it_still_takes_it_off(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "내일 5시에 엄마한테 전화해야 해", "엄마 전화 하지 마")
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("said", ["I will remember", "I'll remember it", "ok I'll remember that myself"])
def test_i_will_remember_is_no_promise(tmp_path, korean, said):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, said)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("said", ["I'll remember to call mom tonight", "I need to remember the milk"])
def test_guard_remembering_to_do_something_is_still_a_promise(tmp_path, korean, said):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, said)
    assert len(agenda_rows(desk)) == 1, agenda_rows(desk)


@pytest.mark.parametrize(("promise", "asked", "answer"), [
    # the sixtieth session: SmolLM2, "The bins are no longer available to the public."
    ("remind me every monday to put the bins out", "when do the bins go out?", "Put the bins out is due "),
    ("take out the trash on thursday", "when does the trash get picked up?", "Take out the trash is due "),
    ("I need to return the library books by friday", "when do the library books go back?", "Return the library books is due "),
])
def test_a_thing_asked_by_where_it_goes_is_answered_from_the_agenda(tmp_path, korean, promise, asked, answer):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    reply = said_to(desk, promise, asked)[1]
    assert reply is not None and reply.startswith(answer), reply


def test_undoing_a_reminder_asked_for_says_the_reminder_went_not_that_the_due_moved(tmp_path, korean):
    """The sixtieth session: "remind me about the water bill the day before", then "undo that": the reminder was taken
    off, said as "OK, moved back: pay the water bill, by Monday, December 14." (a due that never moved)."""
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "pay the water bill on Friday", "push the water bill to Monday",
            "remind me about the water bill the day before")
    assert said_to(desk, "undo that") == ["OK, I took that reminder back: pay the water bill."]
    assert desk.service.agenda()[0].remind_ms is None


def test_undoing_a_second_reminder_time_says_the_first_is_back(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "pay the water bill on Friday", "remind me about the water bill at 3pm on thursday",
            "remind me about the water bill at 5pm on thursday")
    assert said_to(desk, "undo that") == ["OK, the reminder is back to Thursday at 3 PM: pay the water bill."]


def test_guard_undoing_a_move_still_says_it_moved_back(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "pay the water bill on Friday", "push the water bill to Monday")
    assert said_to(desk, "undo that") == ["OK, moved back: pay the water bill, by Friday."]


def test_a_snooze_to_a_day_after_no_reminders_brings_the_reminder_back(tmp_path, korean):
    """Pass 60b's low: "snooze the plumber until thursday" after "don't remind me about the plumber" moved the call and
    kept it muted, so no reminder came on Thursday. A snooze asks to be reminded then."""
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "I need to call the plumber tomorrow at 9", "dont remind me about the plumber")
    assert said_to(desk, "snooze the plumber until thursday") == ["Updated: call the plumber, now Thursday at 9 AM."]
    loop = desk.service.agenda()[0]
    assert loop.muted_ms is None and loop.remind_ms == loop.due_ms


def test_guard_a_move_after_no_reminders_stays_unreminded(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "I need to call the plumber tomorrow at 9", "dont remind me about the plumber",
            "move the plumber to thursday")
    assert desk.service.agenda()[0].muted_ms is not None


@pytest.mark.parametrize(("said", "kept"), [
    # the sixtieth session: 6:40 AM the day before (the flight's own hour), and "the flight to check" kept, no due
    ("remind me the night before to pack", ("pack", "2026-12-17 20:00")),
    ("remind me the morning of the flight to check in", ("check in", "2026-12-18 05:40")),
    ("remind me two hours before the flight to leave for the airport", ("leave for the airport", "2026-12-18 04:40")),
])
def test_a_deed_of_its_own_before_a_flight_takes_the_part_of_the_day_said(tmp_path, korean, said, kept):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "my flight to Chicago is on the 18th at 6:40am", said)
    assert kept in agenda_rows(desk), agenda_rows(desk)
    assert len(agenda_rows(desk)) == 2
