"""Pass 19: since a time said first stays with the next sentence ("around 8 a.m. I'll drop the car"), a
sentence ending in "a.m." / "p.m." with no "I" or "we" of its own was joined to the next one: "Remind me to
call Bo at 9 a.m. I paid the rent." only moved the call (the rent stayed open, nothing said); "... Mina
needs the car at noon." made "call Bo Mina needs the car"; "My dentist appointment is at 9 a.m. I need to
pay rent by Friday." gave the rent the dentist's 9 AM. "remind me to", a verb of being or having and an
order make a sentence of their own now; a time said alone before the sentence still goes with it."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.model import LoopStatus
from tests.openloop.conftest import agenda_desk, agenda_rows

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 3, 9, 0, tzinfo=ZONE)  # a Thursday


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, NOW)


def agenda(desk: AgendaDesk) -> list[tuple[str, str]]:
    return sorted(agenda_rows(desk, "%m-%d %H:%M"))


def test_a_closing_after_a_reminder_ending_in_am_is_not_dropped(desk):
    desk.handle("I need to call Bo tomorrow")
    desk.handle("I need to pay rent by Friday")
    reply = desk.handle("Remind me to call Bo at 9 a.m. I paid the rent.")
    assert "Marked done: pay rent" in reply.text
    assert [(loop.desc, loop.status) for loop in desk.service.recently_closed()] == [("pay rent", LoopStatus.DONE)]
    assert agenda(desk) == [("call Bo", "12-03 09:00")]


@pytest.mark.parametrize("said, kept", [
    ("Remind me to call Bo at 9 a.m. Mina needs the car at noon.", [("call Bo", "12-03 09:00")]),
    # (an appointment told with its time is kept since the fifty-first session)
    ("My dentist appointment is at 9 a.m. I need to pay rent by Friday.",
     [("dentist appointment", "12-03 09:00"), ("pay rent", "12-04 23:59")]),
    # (an order with a time is a to-do since the fifty-first session: "Call Bo at 9 a.m." is kept at its own time)
    ("Call Bo at 9 a.m. We need to buy milk tomorrow.", [("buy milk", "12-04 23:59"), ("call Bo", "12-03 09:00")]),
    # a time said first still goes with its sentence
    ("before my shift tomorrow around 7 a.m. I'll move the car", [("move the car", "12-04 07:00")]),
    ("Please remind me at 7 a.m. I have to call Bo.", [("call Bo", "12-04 07:00")]),
])
def test_a_sentence_ending_in_am_keeps_its_time_to_itself(desk, said, kept):
    desk.handle(said)
    assert agenda(desk) == kept


@pytest.mark.parametrize("said, rows", [
    # pass 19's low: Cy got Di's 11 AM and Di no time (each time went with the opener before it)
    ("at 9 a.m. I'll call Bo, at 10 a.m. I'll call Cy, at 11 a.m. I'll call Di",
     [("call Bo", "12-03 09:00"), ("call Cy", "12-03 10:00"), ("call Di", "12-03 11:00")]),
    ("I'll email Sam, then at 10 a.m. I need to call the bank", [("call the bank", "12-03 10:00"), ("email Sam", "-")]),
    # a clock time with no day of its own keeps the day said with the clock time before it
    ("tomorrow at 9 I'll call Bo, and at 10 I'll email Cy", [("call Bo", "12-04 09:00"), ("email Cy", "12-04 10:00")]),
    ("I need to call mom tomorrow at 3 and I have to send the report at 4",
     [("call mom", "12-04 15:00"), ("send the report", "12-04 16:00")]),
    # a day said alone (no clock time) does not carry: the later time is read by itself
    ("I'll call Bo tomorrow and I'll email Cy at 10", [("call Bo", "12-04 23:59"), ("email Cy", "12-03 10:00")]),
])
def test_each_opener_keeps_the_time_said_just_before_it(desk, said, rows):
    desk.handle(said)
    assert agenda(desk) == rows
