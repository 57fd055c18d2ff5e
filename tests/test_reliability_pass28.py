"""Pass 28's findings, each with the case that showed it (docs/reliability.md, "Twenty-eighth pass")."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, TUESDAY, FakeClock, agenda_rows, said_after


@pytest.mark.parametrize(("promise", "correction", "reply", "due"), [
    # before: "Updated: call Bob, now tomorrow at 11:30 AM." (11 hours late, not the hour before)
    ("I need to call Bob tomorrow at 12:30am", "no, not 12:30, 11:30", "call Bob, now tonight at 11:30 PM",
     "2026-12-01 23:30"),
    # before: "now tomorrow at 11 AM"
    ("I need to call Bob at midnight", "no, not 12, 11", "call Bob, now tonight at 11 PM", "2026-12-01 23:00"),
    ("I need to call Bob tomorrow at 2am", "no, not 2, 11", "call Bob, now tonight at 11 PM", "2026-12-01 23:00"),
    # before: "엄마한테 전화하기, 내일 오전 11시로 바꿨어요." (자정, the time taken back, read as the new one's half)
    ("오늘 자정에 엄마한테 전화해야 해", "아니 자정 말고 11시", "엄마한테 전화하기, 오늘 밤 11시로 바꿨어요", "2026-12-01 23:00"),
    ("오늘 밤 12시에 엄마한테 전화해야 해", "아니 12시 말고 11시", "엄마한테 전화하기, 오늘 밤 11시로 바꿨어요",
     "2026-12-01 23:00"),
])
def test_a_bare_hour_correcting_a_due_past_midnight_may_be_the_night_before(tuesday_desk, promise, correction,
                                                                             reply, due):
    said = said_after(tuesday_desk, [promise], correction)
    assert reply in said
    assert [row[1] for row in agenda_rows(tuesday_desk)] == [due]


def _reminding_desk(tmp_path, korean):
    """A desk on a real agenda with a hand-driven clock and a last spoken reminder the test sets (`spoken[0]`)."""
    clock = FakeClock(TUESDAY.timestamp())
    spoken: list[tuple[str, int] | None] = [None]
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    return clock, spoken, service, AgendaDesk(service, korean, last_reminder=lambda: spoken[0])


@pytest.mark.parametrize(("correction", "due"), [
    # before: "Updated: buy milk, now tomorrow at 10 AM." (the promise said before the reminder moved, Ann kept 9:05)
    ("no, make it 10am", "2026-12-01 10:00"),
    # before: "Updated: buy milk, now Thursday at 12:59 AM."
    ("no, an hour later", "2026-12-01 10:05"),
    # before: "buy milk, 내일 밤 10시로 바꿨어요."
    ("아니 10시로 바꿔줘", "2026-12-01 10:00"),
])
def test_a_correction_right_after_a_reminder_moves_the_promise_reminded_of(tmp_path, korean, correction, due):
    clock, spoken, service, desk = _reminding_desk(tmp_path, korean)
    desk.handle("remind me to call Ann in 5 minutes", "s")
    clock.advance(120)
    desk.handle("I need to buy milk tomorrow", "s")
    clock.advance(180)
    ann = next(loop for loop in service.agenda() if loop.desc == "call Ann")
    spoken[0] = (ann.id, int(clock() * 1000))        # the scheduler said "Reminder: call Ann."
    clock.advance(10)
    said = desk.handle(correction, "s")
    assert said is not None and "call Ann" in said.text
    assert agenda_rows(desk) == [("buy milk", "2026-12-02 23:59"), ("call Ann", due)]
    assert service.agenda()[1].remind_ms is not None     # still a reminder, at its new time


def test_a_promise_said_after_the_reminder_is_still_the_one_a_correction_moves(tmp_path, korean):
    clock, spoken, service, desk = _reminding_desk(tmp_path, korean)
    desk.handle("remind me to call Ann in 5 minutes", "s")
    clock.advance(300)
    spoken[0] = (service.agenda()[0].id, int(clock() * 1000))
    clock.advance(10)
    desk.handle("I need to buy milk tomorrow at 5pm", "s")
    said = desk.handle("no, make it 6pm", "s")
    assert said is not None and "buy milk" in said.text
    assert ("buy milk", "2026-12-02 18:00") in agenda_rows(desk)
