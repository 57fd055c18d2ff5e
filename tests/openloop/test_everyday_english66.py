"""A truck driver, a new parent, a freelancer and a teacher living their weeks with the offline default (the sixty-sixth
session's `scripts/days_lived.py` runs, no Ollama), and the English leftovers of round 65: each case here went to SmolLM2,
asked where the answer was plain, or said the wrong thing. Real desk and agenda service on a JSONL agenda, its clock moved
by hand (UTC); memory cases on the whole assistant with a real LanceDB store."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.assistants import answers_to
from tests.openloop.conftest import FakeClock, agenda_rows, said_to
from tests.openloop.utc_monday import MONDAY, UTC, at, monday_clock, monday_desk  # noqa: F401 (fixtures)

# ---------------------------------------------------------------- round 65's leftovers

@pytest.mark.parametrize(("kept", "said", "reply"), [
    ("the kids have swim lessons at 4", "swim's done", "Marked done: swim lessons for the kids."),
    # held out
    ("the kids have dance class at 5", "dance's done", "Marked done: dance class for the kids."),
    ("my son has soccer practice at 6", "soccer's finished", "Marked done: soccer practice for your son."),
])
def test_a_short_name_of_the_one_promise_is_done(desk, kept, said, reply):
    """Before: "Do you mean swim lessons for the kids? Say yes and I'll mark it done." ("swim" alone read as the verb, the
    contraction not read as "is")."""
    said_to(desk, kept)
    assert said_to(desk, said) == [reply]
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("said", ["what's done", "that's done", "it's done", "dinner's done", "everything's done",
                                  "the kids are fine"])
def test_guard_a_contraction_of_nothing_kept_closes_nothing(desk, said):
    said_to(desk, "the kids have swim lessons at 4")
    said_to(desk, said)
    assert agenda_rows(desk) == [("swim lessons for the kids", "2026-12-07 16:00")]


def _lived_until(desk: AgendaDesk, clock: FakeClock, last: datetime) -> None:
    """The expiry sweep every three hours from now to `last`, as the daemon runs it."""
    now = clock.now
    while now < last.timestamp():
        now = min(now + 3 * 3600, last.timestamp())
        clock.now = now
        desk.service.expire()


PLANTS = "remind me to water the plants every day at 6pm until sunday"


@pytest.mark.parametrize("said", [
    "no need to water the plants anymore",
    # held out
    "i dont need to water the plants anymore", "cancel the plants", "forget about watering the plants"])
def test_a_repeat_told_off_after_it_ended_says_it_ended(desk, clock, said):
    """Before: "OK, marked cancelled: water the plants (it was due Monday, December 7 at 6 PM)." (a long-expired time
    cancelled), "I couldn't find the plants on your agenda." (round 65's leftover: SmolLM2)."""
    said_to(desk, PLANTS)
    _lived_until(desk, clock, datetime(2026, 12, 14, 10, 0, tzinfo=UTC))
    before = sorted((loop.id, loop.status) for loop in desk.service.all_loops())
    assert said_to(desk, said) == [
        "Water the plants already ended: the last time was yesterday at 6 PM. There's nothing left to stop."]
    assert sorted((loop.id, loop.status) for loop in desk.service.all_loops()) == before


def test_done_late_after_the_last_time_marks_the_last_time(desk, clock):
    """Found on the way: "Good, marked done: water the plants (it was due Monday, December 7 at 6 PM)."."""
    said_to(desk, PLANTS)
    _lived_until(desk, clock, datetime(2026, 12, 14, 10, 0, tzinfo=UTC))
    assert said_to(desk, "i watered the plants") == ["Good, marked done: water the plants (it was due yesterday at 6 PM)."]


def test_guard_a_repeat_still_running_is_cancelled(desk, clock):
    said_to(desk, PLANTS)
    _lived_until(desk, clock, datetime(2026, 12, 10, 10, 0, tzinfo=UTC))
    assert said_to(desk, "no need to water the plants anymore") == [
        "OK, I took it off your agenda: water the plants. It won't come back."]
    assert agenda_rows(desk) == []


def test_guard_a_one_off_expired_is_still_cancelled_late(desk, clock):
    said_to(desk, "i need to water the plants today at 6pm")
    _lived_until(desk, clock, datetime(2026, 12, 8, 10, 0, tzinfo=UTC))
    assert said_to(desk, "no need to water the plants anymore") == [
        "OK, marked cancelled: water the plants (it was due yesterday at 6 PM)."]


# ---------------------------------------------------------------- remembered secrets and the model's prompt

def _prompts(calls) -> list[str]:
    return ["\n".join(m.content for m in messages) for messages, _ in calls]


@pytest.mark.parametrize(("told", "value", "other", "asked"), [
    ("the cafe wifi password is latte2024", "latte2024", "tell me something about coffee", "what's the wifi password?"),
    # held out
    ("my fuel card pin is 8812", "8812", "what do you know about long haul trucks", "what's my fuel card pin"),
    ("the gate code at the depot is 5521", "5521", "what should i cook for dinner", "whats the gate code at the depot"),
])
async def test_a_secret_is_not_in_the_prompt_of_another_question(tmp_path, told, value, other, asked):
    """Before: SmolLM2 said it in an unrelated answer ("It's a special password that's only available to the cafe's
    servers …", "He said it was latte2024."): the told sentence and its "Remembered: …" were in the window."""
    replies, calls = await answers_to(tmp_path, told, other, asked)
    assert calls, "the other question goes to the model"
    assert all(value not in prompt for prompt in _prompts(calls))
    assert value in replies[2]


async def test_a_secret_asked_of_the_model_is_shown_to_it(tmp_path):
    """A wording the fact desk does not read, but that speaks of the password: the model still sees it."""
    _, calls = await answers_to(tmp_path, "the cafe wifi password is latte2024",
                                "can you spell the wifi password out for me letter by letter")
    assert calls and "latte2024" in _prompts(calls)[-1]


async def test_guard_a_fact_that_is_no_secret_stays_in_the_prompt(tmp_path):
    _, calls = await answers_to(tmp_path, "my shoe size is 10 and my zip code is 90210", "what do you know about long haul trucks")
    assert calls and "90210" in _prompts(calls)[-1] and "size is 10" in _prompts(calls)[-1]


def test_masking_is_linear():
    from jarvisd.memory.secrets import masked
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(masked, lambda n: "the wifi password " + "for the cafe " * n + "is x1", 1000)
    assert_grows_linearly(masked, lambda n: "password " * n, 1000)


# ---------------------------------------------------------------- a thing given up

@pytest.mark.parametrize(("has", "kept", "gave", "asked", "now"), [
    ("i drive a blue honda civic", "my car is a blue honda civic", "i sold the honda", "what do i drive?",
     "You told me your car is sold (was a blue honda civic)."),
    # held out
    ("i drive a silver toyota rav4", "my car is a silver toyota rav4", "we finally got rid of the rav4",
     "what car do i have", "You told me your car is sold (was a silver toyota rav4)."),
    ("i ride a green trek", "my bike is a green trek", "i sold my trek last week", "what do i ride",
     "You told me your bike is sold (was a green trek)."),
])
async def test_a_thing_sold_is_history_not_current(tmp_path, has, kept, gave, asked, now):
    """Before: "I see." (the car not kept), "Good. That wasn't on your agenda, so there was nothing to mark done.", then
    "Earlier today you told me: “i drive a blue honda civic.”" (round 65's leftover)."""
    replies, calls = await answers_to(tmp_path, has, gave, asked)
    thing = kept.split(" is a ", 1)[1]
    kind = kept.split()[1]
    assert replies == [f"Remembered: {kept}",
                       f"Noted: you sold your {thing}. I'll keep it as history, not as your {kind} now.", now]
    assert calls == []


async def test_a_new_car_after_the_sold_one_replaces_it(tmp_path):
    replies, _ = await answers_to(tmp_path, "i drive a blue honda civic", "i sold the honda", "i drive a red mazda now",
                                  "what do i drive")
    assert replies[-1] == "You told me your car is a red mazda."


@pytest.mark.parametrize(("has", "gave"), [
    ("i drive a blue honda civic", "i sold the lemonade at the fair"),
    ("i drive a blue honda civic", "i sold it"),
    ("my bike is a green trek", "i sold the honda"),
])
async def test_guard_a_sale_of_nothing_kept_retires_nothing(tmp_path, has, gave):
    replies, _ = await answers_to(tmp_path, has, gave, "what do i drive" if "drive" in has else "what do i ride")
    assert not replies[1].startswith("Noted: you sold")
    assert "sold" not in replies[2]


@pytest.mark.parametrize("said", ["i drive a school bus", "i drive a lot", "i drive mia to school", "i drive a truck for a living"])
async def test_guard_driving_that_is_no_car_kept(tmp_path, said):
    replies, _ = await answers_to(tmp_path, said)
    assert not replies[0].startswith("Remembered: my car")


# ---------------------------------------------------------------- the four users' weeks

@pytest.mark.parametrize(("said", "reply", "kept"), [
    ("remind me to book the bus for the field trip tomorrow morning",
     "I'll remind you tomorrow at 9 AM: book the bus for the field trip.", "book the bus for the field trip"),
    # held out
    ("remind me to pack lunches for the field trip on thursday night",
     "I'll remind you Thursday at 8 PM: pack lunches for the field trip.", "pack lunches for the field trip"),
])
def test_a_deed_for_a_kept_event_is_its_own_promise(desk, said, reply, kept):
    """Before: "OK, I'll remind you tomorrow at 9 AM: field trip to the science museum." (the teacher: the bus never kept,
    then "booked the bus": "That wasn't on your agenda")."""
    said_to(desk, "the field trip to the science museum is next friday")
    assert said_to(desk, said) == [reply]
    assert kept in [desc for desc, _ in agenda_rows(desk)]


def test_guard_a_reminder_of_the_promise_itself_on_an_earlier_day(desk):
    said_to(desk, "i need to pay the invoice for acme by friday", "my quarterly taxes are due on the 15th")
    assert said_to(desk, "remind me to pay the invoice for acme on wednesday",
                   "remind me to pay the quarterly taxes on the 14th") == [
        "OK, I'll remind you Wednesday at 9 AM: pay the invoice for acme.",
        "OK, I'll remind you Monday, December 14 at 9 AM: quarterly taxes."]
    assert len(agenda_rows(desk)) == 2


@pytest.mark.parametrize(("told", "asked", "back"), [
    ("my hourly rate for acme is 85 dollars", "whats my rate for acme", "You told me your hourly rate for acme is 85 dollars."),
    ("the bus company confirmation number is BX4471", "whats the bus confirmation number",
     "You told me the bus company confirmation number is BX4471."),
    # held out
    ("my day rate for brightside is 600 dollars", "what's my day rate for brightside",
     "You told me your day rate for brightside is 600 dollars."),
    ("the moving company quote number is MQ5521", "whats the moving quote number",
     "You told me the moving company quote number is MQ5521."),
])
async def test_a_rate_or_a_long_named_number_is_kept(tmp_path, told, asked, back):
    """Before: SmolLM2 ("I'm not able to provide hourly rates", "the bus company confirmation number is 4471"), then "The
    bus's official number is 1234567890"."""
    from tests.assistants import told_then_asked
    assert await told_then_asked(tmp_path, told, asked) == (f"Remembered: {told}", back)


@pytest.mark.parametrize("said", ["the interest rate is going up", "the rate is too high", "the exchange rate is bad today"])
def test_guard_a_rate_of_the_world_is_no_fact(said):
    from jarvisd.memory.remember_asked import told_fact
    assert told_fact(said) is None


@pytest.mark.parametrize("said", ["ugh long day", "rough week at school", "hard day"])
async def test_a_long_day_said_alone_is_small_talk(tmp_path, said):
    """Before: SmolLM2, "I'm here to help you through whatever you're going through. I'm not here to judge you …"."""
    replies, calls = await answers_to(tmp_path, said)
    assert replies == ["Sounds like a long day. Get some rest when you can."] and calls == []


@pytest.mark.parametrize("said", ["busy day tomorrow", "long day on friday", "long week ahead"])
def test_guard_a_day_to_come_is_not_small_talk(said):
    from jarvisd.small_talk import owed_answer
    assert owed_answer(said, small_model=True) is None
