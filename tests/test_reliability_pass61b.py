"""Pass 61b: issue 18's done-when pass on what the sixtieth session added (alarms moved "instead", reminders asked off,
"the night before" a promise, a told day asked back, allergies, place facts forgotten) with bad values, unicode,
corrupted files and blocking paths. Each test failed on 4798d2a (docs/reliability.md, "Sixty-first pass (b)")."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.assistants import scripted_assistant
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to
from tests.openloop.test_midnight_day import TUESDAY_10
from tests.timing import assert_grows_linearly


def _alarms(desk) -> list[tuple[str, str]]:
    return [(loop.desc, datetime.fromtimestamp(loop.due_ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M"))
            for loop in desk.service.agenda()]


@pytest.mark.parametrize(("said", "now_set"), [
    ("wake me up at 13:30 instead", "2026-12-01 13:30"),    # was tomorrow at 1:30 AM
    ("wake me up at 00:00 instead", "2026-12-02 00:00"),    # was tomorrow at noon
    ("set an alarm for 18:00 instead", "2026-12-01 18:00"),  # was tomorrow at 6 AM
    ("wake me up in 2 hours instead", "2026-12-01 12:00"),   # was tonight at midnight (12 hours late)
    ("wake me up in 20 minutes instead", "2026-12-01 10:20"),  # was tonight at 10:20 PM
])
def test_an_alarm_moved_instead_to_a_24_hour_clock_or_a_time_from_now_keeps_its_half_of_the_day(tmp_path, korean, said,
                                                                                                 now_set):
    """Before: "wake me up at X instead" took the half of the day nearest the alarm it replaced for every time said, and
    a wake-up read a 24-hour clock's 13:30 as 1:30 (AM): only a bare hour ("at 7") may be either half."""
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "set an alarm for 6:15 tomorrow morning")
    reply = said_to(desk, said)[0]
    assert reply is not None and reply.startswith("Updated: alarm, now "), reply
    assert _alarms(desk) == [("alarm", now_set)], reply


def test_a_wake_up_at_an_hour_of_a_24_hour_clock_is_that_hour(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    assert said_to(desk, "wake me up at 19:00") == ["OK, I'll wake you tonight at 7 PM."]


def test_guard_a_bare_hour_instead_is_still_the_half_nearest_the_alarm_replaced(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "set an alarm for 6:15 tomorrow morning", "wake me up at 7 instead")
    assert _alarms(desk) == [("alarm", "2026-12-02 07:00")]


@pytest.mark.parametrize(("before", "said"), [
    ([], "dont remind me about mom"),                        # nothing open: a promise "mom", "When should I remind you?"
    ([], "no reminders for the mom call"),
    (["I need to call mom tomorrow at 5pm", "I need to call dad on friday"], "dont remind me about mom or dad"),
    (["I need to call mom tomorrow at 5pm"], "dont remind me about m\u200bom"),   # kept "m om"
])
def test_a_reminder_asked_off_of_nothing_open_keeps_no_promise(tmp_path, korean, before, said):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, *before)
    rows = agenda_rows(desk)
    reply = said_to(desk, said)[0]
    assert reply is not None and "no reminder to stop" in reply, reply
    assert agenda_rows(desk) == rows, agenda_rows(desk)


def test_guard_a_reminder_asked_off_of_a_promise_open_still_mutes_it(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    assert said_to(desk, "I need to call mom tomorrow at 5pm", "dont remind me about mom")[1] == \
        "OK, no reminders for call mom. It stays on your agenda."


@pytest.mark.parametrize(("said", "kept"), [
    ("remind me the night before to pack", ("pack", "2026-12-17 20:00")),    # the second was Dec 16, before the first
    ("remind me the night before the flight to pack", ("pack", "2026-12-17 20:00")),
    ("remind me the morning of the flight to check in", ("check in", "2026-12-18 05:40")),
    ("remind me two hours before the flight to leave for the airport", ("leave for the airport", "2026-12-18 04:40")),
])
def test_a_deed_before_a_flight_said_twice_is_one_promise(tmp_path, korean, said, kept):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "my flight to Chicago is on the 18th at 6:40am", said)
    assert said_to(desk, said)[0] == f"That's already on your agenda: {kept[0]}."
    assert agenda_rows(desk) == [kept, ("flight to Chicago", "2026-12-18 06:40")]


@pytest.mark.parametrize(("said", "reply"), [
    ("remind me the night before to pack", "I'll remind you: pack, Thursday, December 17 at 8 PM."),
    ("dont remind me about it", "OK, no reminders for flight to Chicago. It stays on your agenda."),
    ("remind me an hour before", "OK, I'll remind you Friday, December 18 at 5:40 AM: flight to Chicago."),
])
def test_a_promise_said_after_a_reminder_spoke_is_the_one_a_reminder_ask_means(tmp_path, korean, said, reply):
    """Before: a reminder spoken in the last half hour (a timer's "Time's up") won over the promise said after it: on the
    daemon "remind me the night before to pack" after the flight was "That time has already passed: 37-minute timer",
    and "don't remind me about it" muted the promise reminded, not the one just said."""
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "I need to call mom today at 9:55am")
    (mom,) = desk.service.agenda()
    desk.last_reminder = lambda: (mom.id, desk.service.now_ms() - 5 * 60_000)   # said 5 minutes ago (the daemon's hook)
    said_to(desk, "my flight to Chicago is on the 18th at 6:40am")
    assert said_to(desk, said) == [reply]
    assert next(loop for loop in desk.service.agenda() if loop.desc == "call mom").muted_ms is None


def test_guard_a_reminder_ask_right_after_a_reminder_is_still_of_it(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, "my flight to Chicago is on the 18th at 6:40am", "I need to call mom today at 9:55am")
    mom = next(loop for loop in desk.service.agenda() if loop.desc == "call mom")
    desk.last_reminder = lambda: (mom.id, desk.service.now_ms())
    assert said_to(desk, "dont remind me about it") == ["OK, no reminders for call mom. It stays on your agenda."]


async def _answers(tmp_path, *turns: str) -> list[str]:
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        return [await assistant.answer(turn, session="s") for turn in turns]
    finally:
        await assistant.close()


async def test_our_anniversary_asked_is_ours_not_the_newest_anniversary_told(tmp_path):
    replies = await _answers(tmp_path, "our anniversary is on June 14th", "my parents' anniversary is on May 2nd",
                             "when is our anniversary?", "when's my parents' anniversary?",
                             "remind me two weeks before our anniversary to book a restaurant")
    assert replies[2] == "You told me your anniversary is on June 14th.", replies
    assert replies[3] == "You told me your parents' anniversary is on May 2nd.", replies
    assert "May 31" in replies[4], replies   # two weeks before June 14th (was April 18th, before May 2nd)


async def test_each_allergy_told_is_said_back(tmp_path):
    replies = await _answers(tmp_path, "Hannah is allergic to shellfish", "Hannah is allergic to penicillin",
                             "what allergies does Hannah have?", "what is Hannah allergic to?",
                             "forget that Hannah is allergic to penicillin", "does Hannah have any allergies?")
    for asked in replies[2:4]:
        assert "shellfish" in asked and "penicillin" in asked, replies
    assert replies[5] == "You told me Hannah is allergic to shellfish.", replies


async def test_a_fact_of_a_name_with_a_diacritic_is_forgotten(tmp_path):
    replies = await _answers(tmp_path, "Zoë is allergic to peanuts", "forget that Zoë is allergic to peanuts",
                             "is Zoë allergic to anything?")
    assert replies[1] == "OK, I forgot that Zoë is allergic to peanuts.", replies
    assert replies[2].startswith("You haven't told me what Zoë is allergic to"), replies


async def test_the_hours_of_a_place_are_forgotten_when_asked_as_a_question(tmp_path):
    """Before: "forget when the hardware store closes" went to the model and the fact stayed ("forget that the hardware
    store closes at 8" forgot it); with a promise to go there open, nothing of the agenda is touched."""
    replies = await _answers(tmp_path, "the hardware store closes at 8",
                             "remind me to go to the hardware store tomorrow at 5pm",
                             "forget when the hardware store closes", "forget what time the hardware store closes")
    assert replies[2] == "OK, I forgot that the hardware store closes at 8.", replies
    assert replies[3] == "I wasn't keeping when the hardware store closes, so there was nothing to forget.", replies


def test_the_new_readers_stay_linear():
    from jarvisd.memory.dated_facts import owner
    from jarvisd.memory.forget_asked import forget_said
    from jarvisd.openloop.alarms import alarm_said

    now = datetime(2026, 12, 1, 10, 0, tzinfo=SEOUL)
    assert_grows_linearly(lambda text: alarm_said(text, now), lambda n: "wake me up at 13:30 " + "please " * n +
                          "instead", 4_000)
    assert_grows_linearly(owner, lambda n: "my parents' " + "old " * n + "anniversary is on May 2nd", 4_000)
    assert_grows_linearly(forget_said, lambda n: "forget when the " + "big " * n + "store closes", 4_000)
