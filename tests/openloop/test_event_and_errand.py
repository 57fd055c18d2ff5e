"""A thing on a day and a deed done for it are two promises; a booking with a deadline is the booking to do.

The seventieth session, offline (`scripts/days_lived.py`, a parent's week):
- "i need to sign the permission slip for jake's field trip by wednesday", then "jake's field trip is on friday":
  "Updated: sign the permission slip for jake's field trip, now by Friday." (the slip's Wednesday lost; the trip not
  kept, so "when is jake's field trip" said "You haven't told me");
- "i have a team meeting on thursday", then "i need to finish the slides for the team meeting by wednesday":
  "Updated: team meeting, now by Wednesday." (the meeting moved, the slides not kept);
- "book the flight by friday": "Got it: flight, by Friday." (the deed lost, a flight on Friday kept instead);
- an event kept by its day was listed "jake's field trip, by Friday" and asked "… is due by Friday".
"""

from __future__ import annotations

from jarvisd.openloop.rules import same_loop
from jarvisd.reflect.reminders import reminder_text
from tests.openloop.conftest import agenda_rows
from tests.openloop.conftest import said_to as _said_to
from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)


def said_to(desk, text: str) -> str:
    return _said_to(desk, text)[-1]


def test_the_trip_a_slip_is_signed_for_is_kept_apart_and_the_slip_keeps_its_day(desk):
    said_to(desk, "i need to sign the permission slip for jake's field trip by wednesday")
    reply = said_to(desk, "jake's field trip is on friday")
    assert reply == "Got it: jake's field trip, Friday."
    rows = agenda_rows(desk)
    assert len(rows) == 2
    assert said_to(desk, "when is jake's field trip") == "Jake's field trip is Friday."


def test_the_slides_for_a_meeting_do_not_move_the_meeting(desk):
    said_to(desk, "i have a team meeting on thursday")
    reply = said_to(desk, "i need to finish the slides for the team meeting by wednesday")
    assert reply == "Got it: finish the slides for the team meeting, by Wednesday."
    assert "team meeting, Thursday" in said_to(desk, "what's on my agenda")


def test_held_out_the_bus_for_a_school_trip_is_not_the_trip(desk):
    said_to(desk, "i have to book the bus for the school trip by tuesday")
    said_to(desk, "the school trip is on thursday")
    listed = said_to(desk, "what's on my agenda")
    assert "book the bus for the school trip, by tomorrow" in listed and "school trip, Thursday" in listed


def test_a_booking_with_a_deadline_is_the_booking(desk):
    assert said_to(desk, "book the flight by friday") == "Got it: book the flight, by Friday."
    assert said_to(desk, "book a haircut for thursday at 4") == "Got it: haircut, Thursday at 4 PM."


def test_guard_the_deeds_own_thing_told_again_is_the_same_promise(desk):
    said_to(desk, "i need to send the quarterly report by friday")
    reply = said_to(desk, "the quarterly report is due thursday")
    assert reply.startswith("Updated: send the quarterly report, now by Thursday")


def test_guard_the_pairs_the_rule_keeps_together():
    assert same_loop("the quarterly report", "send the quarterly report")
    assert same_loop("dentist appointment", "call to reschedule the dentist appointment")
    assert not same_loop("jake's field trip", "sign the permission slip for jake's field trip", cosine=0.95)
    assert not same_loop("team meeting", "finish the slides for the team meeting", cosine=0.95)


# "emma has swimming every tuesday and thursday at 4" (the same parent's week): kept as "emma has swimming", said
# "Emma has swimming is today at 4 PM." and reminded "It's due in 1 hour"
def test_a_childs_activity_is_kept_as_hers_and_said_at_its_time(desk):
    assert said_to(desk, "emma has swimming every tuesday and thursday at 4") == (
        "Got it: swimming for emma, tomorrow at 4 PM, then every Tuesday and Thursday.")
    assert said_to(desk, "when is emma's swimming") == "Swimming for emma is tomorrow at 4 PM."
    assert reminder_text("swimming for emma", 60) == "Reminder: swimming for emma. It's in 1 hour."


def test_held_out_ballet_and_piano(desk):
    assert said_to(desk, "my daughter has ballet on mondays at 5") == (
        "Got it: ballet for your daughter, today at 5 PM, then every Monday.")
    assert said_to(desk, "emma has piano at 4 tomorrow") == "Got it: piano for emma, tomorrow at 4 PM."


def test_guard_an_event_named_with_its_day_still_reads(desk):
    assert said_to(desk, "team meeting on wednesday at 3pm") == "Got it: team meeting, Wednesday at 3 PM."
