"""A shift-working nurse, a remote worker across time zones, a trip abroad and a family's weekend, told to the offline
default (the sixty-second session's conversations, no Ollama), and the lows the sixty-first left: each case here went
to SmolLM2 ("Kids Football is a fun and exciting game", "The hotel confirmation number is 2026-12-06."), kept nothing,
kept it wrong or said the wrong thing. Real desk and agenda service on a stopped clock, or the whole assistant with
SmolLM2 named and never asked (its clock is the wall clock: those tests check no date)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.memory.remember_asked import told_fact
from jarvisd.openloop import en_dialect, repeats, shopping
from jarvisd.openloop.clock_asked import zoned_clock
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.when import resolve_time
from tests.assistants import answers_to
from tests.openloop.conftest import agenda_desk, agenda_rows, said_to
from tests.timing import assert_grows_linearly

SEOUL = ZoneInfo("Asia/Seoul")
UTC = ZoneInfo("UTC")
SUNDAY = datetime(2026, 12, 6, 9, 30, tzinfo=SEOUL)      # a Sunday morning
EVENING = SUNDAY.replace(hour=21)                        # that Sunday evening
THURSDAY = datetime(2026, 12, 10, 15, 0, tzinfo=SEOUL)
MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, SUNDAY)


@pytest.fixture
def evening(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, EVENING)


# ---------------------------------------------------------------- the sixty-first session's lows

@pytest.mark.parametrize("said, reply, rows", [
    ("inspection is the third Thursday of the month",
     "Got it: inspection, by Thursday, December 17. I can't repeat it that way, so that's once.",
     [("inspection", "2026-12-17 23:59")]),
    ("the book club is the last friday of the month at 7",
     "Got it: book club, Friday, December 25 at 7 PM. I can't repeat it that way, so that's once.",
     [("book club", "2026-12-25 19:00")]),
])
def test_an_nth_weekday_of_the_month_is_the_next_one(desk, said, reply, rows):
    """Before: SmolLM2 ("The third Thursday of the month is a special day for the Roman Empire"), then "the inspection is
    scheduled for 2 pm on Monday" made up; "the third Thursday" was read as this Thursday, "the last friday" as a day gone."""
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == rows


def test_the_inspection_is_asked_back(desk):
    assert said_to(desk, "inspection is the third Thursday of the month", "when's the inspection")[1] == \
        "Inspection is due by Thursday, December 17."


@pytest.mark.parametrize("said, day", [
    ("the third thursday of the month", "2026-12-17"),
    ("the last friday of the month", "2026-12-25"),
    ("the first monday of the month", "2026-12-07"),
    ("the first monday of next month", "2027-01-04"),
    ("the first sunday of the month", "2027-01-03"),   # said on Monday the 7th: December's was yesterday
])
def test_the_nth_weekday_of_a_month(said, day):
    when = resolve_time(said, SUNDAY.replace(day=7) if said.endswith("sunday of the month") else SUNDAY)
    assert when is not None and when.at.strftime("%Y-%m-%d") == day


def test_guard_a_deadline_on_an_nth_weekday_is_no_repeat_said_unkept():
    assert not repeats.said_but_unkept("submit the report by the last friday of the month")
    assert repeats.said_but_unkept("inspection is the third Thursday of the month")


def test_an_evening_out_said_with_a_bare_hour_is_the_evening(desk):
    """Before: "Got it: club meeting, Thursday at 7 AM, then every other week." (the sixty-first session's low)."""
    assert said_to(desk, "the club meeting is every other Thursday at 7", "the party is saturday at 8") == \
        ["Got it: club meeting, Thursday at 7 PM, then every other week.", "Got it: party, Saturday at 8 PM."]


@pytest.mark.parametrize("said, row", [
    ("kids football is saturday at 9", ("kids football", "2026-12-12 09:00")),
    ("my flight is on the 18th at 7", ("flight", "2026-12-18 07:00")),
    ("the birthday party is saturday at 11", ("birthday party", "2026-12-12 11:00")),
])
def test_guard_a_morning_event_keeps_the_morning(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


def test_a_bare_hour_in_a_move_of_a_timed_promise_is_that_hour(desk):
    """Before: "When should I move follow up to? It's Tuesday, December 22 at 10:15 AM now." (a bare 11 not read)."""
    said = said_to(desk, "my follow up is on the 22nd at 10:15", "actually move the follow up to 11", "when is my follow up")
    assert said[1] == "Updated: follow up, now Tuesday, December 22 at 11 AM."
    assert said[2] == "Follow up is Tuesday, December 22 at 11 AM."


@pytest.mark.parametrize("moved", ["the second one can wait till monday", "move the second one to monday"])
def test_the_second_one_of_a_list_read_can_wait(evening, moved):
    """Before: "I see." (SmolLM2: "the second one can wait till sunday."), then "I couldn't find the second one"."""
    said = said_to(evening, "remind me to email the landlord by friday", "renew the permit by thursday",
                   "call the bank tomorrow at 3", "whats left for the week", moved)
    assert said[4] == "Updated: renew the permit, now by tomorrow."


def test_the_second_one_of_promises_just_made_can_wait(evening):
    """Before: "I couldn't find the second one on your agenda." (three promises read back in one turn are no list read)."""
    said = said_to(evening, "remind me to email the landlord, call the bank and renew the permit",
                   "the second one can wait till monday")
    assert said[1] == "Updated: call the bank, now by tomorrow."


def test_guard_it_can_wait_is_read_only_with_a_day():
    assert en_dialect.standard("it can wait") == "it can wait"
    assert en_dialect.standard("the report can wait until friday") == "move the report to friday"


def test_on_call_from_a_day_until_another_is_kept_at_its_start(evening):
    """Before: SmolLM2 ("I'm here to assist you. Please, do not hesitate to ask for help."), nothing kept."""
    assert said_to(evening, "I'm on call from friday 6pm until monday 9am", "what do I have on friday") == [
        "Got it: on call until monday 9am, Friday at 6 PM.",
        "On Friday you have one thing due: on call until monday 9am, Friday at 6 PM."]


@pytest.mark.parametrize("said, reply, row", [
    ("finish the slides before lunch", "Got it: finish the slides, today at noon.", ("finish the slides", "2026-12-06 12:00")),
    ("remind me to call mom tomorrow before lunch", "I'll remind you: call mom, tomorrow at noon.",
     ("call mom", "2026-12-07 12:00")),
])
def test_before_lunch_is_a_noon_deadline(desk, said, reply, row):
    """Before: "Got it: finish the slides, by the end of today." (reminded in the morning, due at midnight)."""
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == [row]


def test_guard_after_lunch_stays_the_afternoon():
    when = resolve_time("after lunch", SUNDAY)
    assert when is not None and not when.has_time


def test_tomorrow_asked_in_the_evening_is_tomorrow_alone(evening):
    """Before: "You have 2 things due by tomorrow: water the plants, by the end of today; and finish the slides, …"."""
    said = said_to(evening, "remind me to water the plants tonight", "finish the slides by tomorrow at 3",
                   "what do I have tomorrow?")
    assert said[2] == "You have one thing due tomorrow: finish the slides, tomorrow at 3 PM. 1 more is open for later."


def test_guard_tomorrow_asked_in_the_morning_still_runs_through_tomorrow(desk):
    said = said_to(desk, "remind me to water the plants tonight", "finish the slides by tomorrow at 3",
                   "what do I have tomorrow?")
    assert said[2].startswith("You have 2 things due by tomorrow: water the plants")


# ---------------------------------------------------------------- the nurse

def test_nights_on_days_said_are_kept_each_day(tmp_path, korean):
    """Before: SmolLM2 ("I'm here to assist you, and I'm ready to assist you."), nothing kept; "what do I have on
    wednesday": "Nothing is due on Wednesday."."""
    desk = agenda_desk(tmp_path, korean, MONDAY)
    said = said_to(desk, "I'm on nights Monday to Thursday this week", "what do I have on wednesday",
                   "when's my next day off?")
    # a shift is on its day, not by it (everyday77)
    assert said[0] == ("Got it: Monday night shift, today. Got it: Tuesday night shift, tomorrow. "
                       "Got it: Wednesday night shift, Wednesday. Got it: Thursday night shift, Thursday.")
    assert said[1] == "On Wednesday you have one thing due: Wednesday night shift, Wednesday."
    assert said[2] == "Your next day with no shift on your agenda is Friday."


def test_the_next_day_off_with_no_shifts_kept_is_said_plainly(desk):
    """Before: "I don't have your next day off on your agenda. Tell me when it is, and I'll keep it.\""""
    assert said_to(desk, "when's my next day off?") == \
        ["I don't have your shifts on your agenda. Tell me when you work, and I'll keep them."]


@pytest.mark.parametrize("said, reply", [
    ("swap my Saturday shift with Priya", "Got it: swap your shift with Priya, by Saturday."),
    ("um also review Annas pull request and update the roadmap doc",
     "Got it: review Annas pull request. Got it: update the roadmap doc."),
    ("and exchange some euros and buy a travel adapter", "Got it: exchange some euros. Got it: buy a travel adapter."),
    ("the day after tomorrow at noon call the plumber", "Got it: call the plumber, Tuesday at noon."),
])
def test_an_order_said_as_people_say_it_is_kept(desk, said, reply):
    """Before: SmolLM2 ("Same day, same day, no difference.", "I'm glad to see that you're taking a positive approach to
    the issue of the road map", "The day after tomorrow at noon.")."""
    assert said_to(desk, said) == [reply]


@pytest.mark.parametrize("said, reply", [
    ("the staff meeting is first thing monday", "Got it: staff meeting, tomorrow at 9 AM."),
    ("kids football is saturday at 9", "Got it: kids football, Saturday at 9 AM."),
    ("swim lessons are every wednesday at 5", "Got it: swim lessons, Wednesday at 5 PM, then every Wednesday."),
    ("the day after tomorrow at noon i have a 1 on 1 with my manager", "Got it: one on one with your manager, Tuesday at noon."),
])
def test_an_event_told_with_its_day_is_kept(evening, said, reply):
    """Before: SmolLM2 ("the staff meeting is first thing on Monday.", "Kids Football is a fun and exciting game",
    "I'm here to help you with your swimming lessons", "The day after tomorrow at noon at your workplace.")."""
    assert said_to(evening, said) == [reply]


def test_guard_a_task_first_thing_keeps_the_days_morning_reminder(evening):
    assert said_to(evening, "renew the insurance first thing monday") == ["Got it: renew the insurance, by tomorrow."]


@pytest.mark.parametrize("said, kept", [
    ("Tomorrow I have to drop the kids at school at 8.", "Tomorrow I have to drop the kids at school at 8."),
    ("tomorrow is my day off", "tomorrow is my day off"),
    ("monday works for me", "monday works for me"),
    ("friday call mom.", "call mom friday."),
])
def test_a_day_said_first_is_read_after_the_order_only(said, kept):
    assert en_dialect.standard(said) == kept


def test_the_staff_meeting_moved_by_it(evening):
    """Before: "move it to tuesday" moved "call the pharmacy" (the meeting was never kept)."""
    said = said_to(evening, "remind me in 45 minutes to call the pharmacy", "the staff meeting is first thing monday",
                   "move it to tuesday")
    assert said[2] == "Updated: staff meeting, now Tuesday at 9 AM."


# ---------------------------------------------------------------- the remote worker

def test_a_time_told_in_another_place_is_kept_here(tmp_path, korean):
    """Before: "Got it: standup with Berlin, tomorrow at 4 PM." (4 PM here, an hour off Berlin's)."""
    desk = agenda_desk(tmp_path, korean, datetime(2026, 12, 6, 21, 45, tzinfo=UTC))
    assert said_to(desk, "the standup with Berlin is at 4pm their time") == \
        ["Got it: standup with Berlin, tomorrow at 3 PM (4 PM in Berlin)."]
    assert agenda_rows(desk) == [("standup with Berlin", "2026-12-07 15:00")]


@pytest.mark.parametrize("said, rewritten", [
    ("the sync is tomorrow at 10am new york time", ("the sync is tomorrow at 3pm", "10 AM in New York")),
    ("the demo with Berlin is friday at 4pm their time", ("the demo with Berlin is on Friday the 11th at 3pm",
                                                          "4 PM in Berlin")),
    ("meet at 4pm their time", None),                          # no place named
    ("the call is at 4pm in narnia time", None),               # no zone of that name
    ("the call is at 4pm", None),
])
def test_a_zoned_clock_is_read(said, rewritten):
    assert zoned_clock(said, datetime(2026, 12, 6, 21, 45, tzinfo=UTC)) == rewritten


def test_cancel_that_one_after_two_orders_takes_the_last(desk):
    """Before: "OK, I took it off your agenda: send the report to Marco." (the two orders had gone to SmolLM2)."""
    said = said_to(desk, "send the report to Marco in 45 minutes",
                   "um also review Annas pull request and update the roadmap doc", "cancel that one")
    assert said[2] == "OK, I took it off your agenda: update the roadmap doc."


def test_make_it_a_new_time_moves_the_one_on_one(evening):
    """Before: "It's already off your agenda: send the report to Marco." (the 1 on 1 was never kept)."""
    said = said_to(evening, "the day after tomorrow at noon i have a 1 on 1 with my manager", "actually make it 1:30",
                   "when is my 1 on 1")
    assert said[1] == "Updated: one on one with your manager, now Tuesday at 1:30 PM."
    assert said[2] == "One on one with your manager is Tuesday at 1:30 PM."


async def test_make_it_a_time_after_a_fact_moves_the_promise_not_the_fact(tmp_path):
    """Before (once the one on one was kept): "Updated: my manager is 1:30" (the fact just kept took the time)."""
    replies, calls = await answers_to(tmp_path, "the day after tomorrow at noon i have a 1 on 1 with my manager",
                                      "my manager is Sarah", "actually make it 1:30", "what did i tell you about sarah")
    assert replies[2].startswith("Updated: one on one with your manager, now ") and replies[2].endswith(" at 1:30 PM.")
    assert replies[3] == "You told me: your manager is Sarah."
    assert calls == []


async def test_guard_a_number_said_again_still_corrects_the_fact(tmp_path):
    replies, _ = await answers_to(tmp_path, "my gym locker is number 212", "actually it's 214")
    assert replies[1] == "Updated: my gym locker is number 214"


# ---------------------------------------------------------------- the trip

def test_dont_cancel_it_right_after_a_cancel_puts_it_back(desk):
    """Before: "Sorry, I don't have an answer to that.", the euros left off."""
    said = said_to(desk, "and exchange some euros and buy a travel adapter", "cancel the euros", "actually dont cancel it")
    assert said[2] == "OK, exchange some euros is back on your agenda."


# ---------------------------------------------------------------- the family's weekend

def test_someone_arriving_to_be_picked_up_is_the_pick_up(desk):
    """Before: "Got it: grandma visit, Saturday at noon." (the pick-up lost); "grandma's train is 20 minutes late":
    "Sorry, I don't have an answer to that."; "move the pickup": "I couldn't find the pickup"."""
    said = said_to(desk, "grandma arrives Saturday at noon, pick her up from the station",
                   "grandma's train is 20 minutes late")
    assert said == ["Got it: pick up grandma from the station, Saturday at noon.",
                    "Updated: pick up grandma from the station, now Saturday at 12:20 PM."]


def test_guard_someone_arriving_alone_is_a_visit(desk):
    assert said_to(desk, "Sam is coming saturday at 3") == ["Got it: Sam visit, Saturday at 3 PM."]


def test_a_list_of_groceries_said_alone_is_to_buy(desk):
    """Before: SmolLM2 ("Milk, eggs, bread, and bananas are all the same thing.")."""
    assert said_to(desk, "milk eggs bread and bananas") == ["Got it: buy milk, eggs, bread and bananas."]


@pytest.mark.parametrize("said", ["milk", "eggs are expensive", "bread and circuses", "call mom and dad"])
def test_guard_not_a_list_of_groceries(said):
    assert shopping.bare_list(said) is None


def test_cancel_this_week_only_skips_this_one(desk):
    """Before: "OK, I took it off your agenda: swim lessons. It won't come back." (the weekly lesson ended); with none kept,
    "I couldn't find the swim lesson this week only on your agenda"."""
    said = said_to(desk, "swim lessons are every wednesday at 5", "cancel the swim lesson this week only")
    assert said[1] == "OK, I'll skip this one: swim lessons. Next: Wednesday, December 16 at 5 PM."


def test_cancel_this_week_only_with_none_kept_names_the_lesson(desk):
    assert said_to(desk, "cancel the swim lesson this week only") == ["I couldn't find the swim lesson on your agenda."]


@pytest.mark.parametrize("asked", ["what's left for the weekend", "what do I have this weekend"])
def test_the_weekend_asked_is_its_saturday_and_sunday(tmp_path, korean, asked):
    """Before: "On Sunday you have one thing due: party, …" (Saturday's football left out); "what's left for the weekend"
    went to SmolLM2 ("The weekend is about to come to an end …")."""
    desk = agenda_desk(tmp_path, korean, THURSDAY)
    said = said_to(desk, "kids football is saturday at 9", "the party is sunday at 2", asked)
    assert said[2] == "On the weekend you have 2 things due: kids football, Saturday at 9 AM; and party, Sunday at 2 PM."


def test_the_weekend_asked_on_a_sunday_evening_is_the_coming_one(evening):
    said = said_to(evening, "kids football is saturday at 9", "what's left for the weekend")
    assert said[1] == "On the weekend you have one thing due: kids football, Saturday at 9 AM."


def test_guard_the_korean_weekend_is_unchanged(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, THURSDAY)
    said = said_to(desk, "kids football is saturday at 9", "the party is sunday at 2", "이번 주말에 뭐 있어")
    assert not said[2].startswith("주말에 할 일이")


# ---------------------------------------------------------------- memory, asked back

@pytest.mark.parametrize("told, asked, answer", [
    ("my manager is Sarah", "what did i tell you about sarah", "You told me: your manager is Sarah."),
    ("the hotel confirmation number is LX4471", "whats the hotel confirmation number",
     "You told me the hotel confirmation number is LX4471."),
    ("Leo's mum is Karen her number is 555 0142", "what's Karen's number",
     "You told me Leo's mum is Karen her number is 555 0142."),
    ("my sister is watering the plants while im away", "who's watering the plants",
     "You told me your sister is watering the plants while im away."),
])
async def test_a_fact_told_in_passing_is_kept_and_said_back(tmp_path, told, asked, answer):
    """Before: SmolLM2 ("Sarah is a voice assistant running offline", "The hotel confirmation number is 2026-12-06.",
    "Karen, your number is 555 0142."), or "I see." / "Sorry, I don't have an answer to that.", nothing kept."""
    replies, calls = await answers_to(tmp_path, told, asked)
    assert replies == [f"Remembered: {told}", answer]
    assert calls == []


def test_the_new_readers_stay_linear():
    assert_grows_linearly(en_dialect.standard, lambda n: "the day after tomorrow at noon " + "call the plumber " * n, 400)
    assert_grows_linearly(en_dialect.standard, lambda n: "the second " + "one " * n + "can wait till monday", 400)
    assert_grows_linearly(shopping.bare_list, lambda n: "milk " * n + "and bananas", 400)
    assert_grows_linearly(told_fact, lambda n: "my sister is watering " + "the plants " * n, 400)
    assert_grows_linearly(lambda said: zoned_clock(said, SUNDAY), lambda n: "the standup with Berlin " * n
                          + "is at 4pm their time", 400)
    assert_grows_linearly(repeats.said_but_unkept, lambda n: "inspection is " * n + "the third thursday of the month", 400)
