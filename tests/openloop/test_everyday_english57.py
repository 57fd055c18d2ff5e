"""A freelancer's, a night nurse's, a pet owner and gardener's and a caregiver's days told to the offline desk (the
fifty-seventh session's conversations, no Ollama): each case here went to SmolLM2 ("I'm sorry to hear about your dog's
health"), kept nothing, or closed the wrong promise. Real desk and agenda service, no model."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop import naming
from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.assistants import scripted_assistant
from tests.openloop.conftest import agenda_desk, agenda_rows, said_to

SUNDAY = datetime(2026, 12, 6, 8, 20, tzinfo=ZoneInfo("Asia/Seoul"))   # the session's own morning


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, SUNDAY)


# ---------------------------------------------------------------- a fact about a thing is no task done

@pytest.mark.parametrize("said", ["mom's blood pressure medicine is lisinopril", "Mom's blood pressure pill is Lisinopril.",
                                  "mom's blood pressure prescription is a generic one"])
def test_what_a_thing_is_called_closes_nothing(desk, said):
    said_to(desk, "refill mom's blood pressure prescription before it runs out on the 20th")
    replies = said_to(desk, said)
    assert replies[0] is None or not replies[0].startswith("Marked done")
    assert [desc for desc, _ in agenda_rows(desk)] == ["refill mom's blood pressure prescription"]


@pytest.mark.parametrize("said, desc", [
    ("Okay the laundry's in the dryer.", "move the laundry to the dryer"),
    ("the signed agreement is on the portal now", "upload the signed agreement to the client portal"),
    ("Dishwasher's running", "run the dishwasher"),
    ("the car insurance is renewed", "renew the car insurance"),
    ("the car insurance is all sorted", "renew the car insurance"),
])
def test_a_state_still_restates_the_task_done(said, desc):
    assert naming.restates_done(said, desc)


# ---------------------------------------------------------------- orders, appointments and reminders with their time

@pytest.mark.parametrize("said, rows, reply", [
    ("take dad to the cardiologist Wednesday at 10", [("take dad to the cardiologist", "2026-12-09 10:00")],
     "Got it: take dad to the cardiologist, Wednesday at 10 AM."),
    ("uh check on the patient in room 4 at 2 in the morning", [("check on the patient in room 4", "2026-12-07 02:00")],
     "Got it: check on the patient in room 4, tomorrow at 2 AM."),
    ("the vet is at 10:15 on the 22nd", [("vet appointment", "2026-12-22 10:15")],
     "Got it: vet appointment, Tuesday, December 22 at 10:15 AM."),
    ("dad's cardiologist is thursday at 9", [("dad's cardiologist appointment", "2026-12-10 09:00")], None),
    ("um my dentist appointment is friday at 3", [("dentist appointment", "2026-12-11 15:00")], None),
    ("remind me to sleep at 8 am", [("sleep", "2026-12-07 08:00")], "I'll remind you: sleep, tomorrow at 8 AM."),
    ("give the dog her heartworm pill on the first of every month", [("give the dog her heartworm pill", "2027-01-01 23:59")],
     "Got it: give the dog her heartworm pill, Friday, January 1, 2027, then every month on the 1st."),
])
def test_an_order_or_appointment_of_these_days_is_kept(desk, said, rows, reply):
    replies = said_to(desk, said)
    assert agenda_rows(desk) == rows
    if reply is not None:
        assert replies[0] == reply


@pytest.mark.parametrize("said", ["take a break at 3", "Take the dentist off my list.", "the vet is great",
                                  "the vet is at the corner of 5th", "take it easy tomorrow"])
def test_no_promise_is_made_of_these(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


def test_the_cardiologist_is_moved_asked_and_reminded(desk):
    replies = said_to(desk, "take dad to the cardiologist Wednesday at 10", "the cardiologist moved to Thursday",
                      "remind me an hour before the cardiologist")
    assert replies[1] == "Updated: take dad to the cardiologist, now Thursday at 10 AM."
    assert replies[2] == "OK, I'll remind you Thursday at 9 AM: take dad to the cardiologist."


def test_the_vet_is_asked_for_and_moved(desk):
    replies = said_to(desk, "the vet is at 10:15 on the 22nd", "when's the vet again", "move the vet to the 23rd")
    assert replies[1] == "Vet appointment is Tuesday, December 22 at 10:15 AM."
    assert replies[2] == "Updated: vet appointment, now Wednesday, December 23 at 10:15 AM."


# ---------------------------------------------------------------- the night nurse's shifts

@pytest.mark.parametrize("said, rows", [
    ("I work 7pm to 7am Tuesday through Thursday", [("Thursday shift", "2026-12-10 19:00"), ("Wednesday shift", "2026-12-09 19:00"),
                                                    ("Tuesday shift", "2026-12-08 19:00")]),
    ("um I'm working 7 to 3 on Monday and Friday", [("Friday shift", "2026-12-11 07:00"), ("Monday shift", "2026-12-07 07:00")]),
    ("I'm on nights Tuesday through Thursday 7pm to 7am", [("Thursday shift", "2026-12-10 19:00"),
                                                           ("Wednesday shift", "2026-12-09 19:00"), ("Tuesday shift", "2026-12-08 19:00")]),
])
def test_a_shift_is_kept_on_each_day_said(desk, said, rows):
    said_to(desk, said)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("said", ["I work from home on Tuesdays", "I work at the hospital", "I work 7pm to 7am",
                                  "do I work Tuesday through Thursday"])
def test_no_shift_is_kept_of_these(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("asked, said", [
    ("what shifts do I have this week", "You have 3 things due this week: Tuesday shift, Tuesday at 7 PM; Wednesday shift, "
                                        "Wednesday at 7 PM; and Thursday shift, Thursday at 7 PM."),
    ("what time is my shift on wednesday", "Wednesday shift is Wednesday at 7 PM."),
    ("when do I work next", "Tuesday shift is Tuesday at 7 PM."),
    ("when am I working again", "Tuesday shift is Tuesday at 7 PM."),
    ("when's my next shift", "Tuesday shift is Tuesday at 7 PM."),
])
def test_the_shifts_are_asked(desk, asked, said):
    assert said_to(desk, "I work 7pm to 7am Tuesday through Thursday", asked)[1] == said


def test_the_shift_of_the_day_said_is_the_one_cancelled(desk):
    replies = said_to(desk, "I work 7pm to 7am Tuesday through Thursday", "my shift on thursday got cancelled")
    assert replies[1] == "OK, I took it off your agenda: Thursday shift."
    assert [desc for desc, _ in agenda_rows(desk)] == ["Wednesday shift", "Tuesday shift"]


@pytest.mark.parametrize("asked", ["what meetings do I have this week", "what's on this week", "what's on for this week",
                                   "anything for this week"])
def test_this_week_asked_is_the_week_not_its_last_day(desk, asked):
    replies = said_to(desk, "remind me to call Bob on wednesday", asked)
    assert replies[1] == "You have one thing due this week: call Bob, by Wednesday."


# ---------------------------------------------------------------- speech recognition's slips

@pytest.mark.parametrize("said", ["i need to pick up scrubs from the laundry to morrow",
                                  "I need to pick up scrubs from the laundry to-morrow"])
def test_tomorrow_heard_in_two_pieces(desk, said):
    replies = said_to(desk, said)
    assert replies[0] == "Got it: pick up scrubs from the laundry, by tomorrow."
    assert agenda_rows(desk) == [("pick up scrubs from the laundry", "2026-12-07 23:59")]


# ---------------------------------------------------------------- the freelancer's payments and replies

@pytest.mark.parametrize("said, rows, reply", [
    ("let me know if the Henderson payment hasn't come in by the 15th", [("check on the Henderson payment", "2026-12-15 23:59")],
     "I'll remind you: check on the Henderson payment, by Tuesday, December 15."),
    ("um tell me if the package hasn't arrived by friday", [("check on the package", "2026-12-11 23:59")], None),
])
def test_a_check_on_what_has_not_come_is_kept(desk, said, rows, reply):
    replies = said_to(desk, said)
    assert agenda_rows(desk) == rows
    if reply is not None:
        assert replies[0] == reply


def test_what_came_in_ends_the_check_on_it_only(desk):
    replies = said_to(desk, "let me know if the Henderson payment hasn't come in by the 15th", "return the package on friday",
                      "the Henderson payment came in", "the package arrived")
    assert replies[2] == "Marked done: check on the Henderson payment."
    assert agenda_rows(desk) == [("return the package", "2026-12-11 23:59")]


@pytest.mark.parametrize("asked", ["who do I owe a reply", "who do I still owe an email", "who do I owe"])
def test_who_is_owed_a_reply(desk, asked):
    replies = said_to(desk, "I owe Maria a reply about the logo proposal", "remind me to call Bob tomorrow", asked)
    assert replies[2] == "You owe one: owe Maria a reply about the logo proposal."


# ---------------------------------------------------------------- the caregiver's and the gardener's questions

@pytest.mark.parametrize("asked, said", [
    ("what does dad have this week", "For your dad: take dad to the cardiologist, Wednesday at 10 AM."),
    ("what do I have for mom", "For your mom: call mom, tomorrow at 9 AM."),
])
def test_what_a_parent_has_is_read_from_the_agenda(desk, asked, said):
    replies = said_to(desk, "take dad to the cardiologist Wednesday at 10", "call mom tomorrow at 9", asked)
    assert replies[2] == said


@pytest.mark.parametrize("asked", ["what do I have for dinner", "what does it have"])
def test_no_person_is_asked_of_these(desk, asked):
    assert not (said_to(desk, "call mom tomorrow at 9", asked)[1] or "").startswith("For your")


def test_two_days_said_with_one_time_are_two_and_one_is_cancelled_by_its_day(desk):
    replies = said_to(desk, "dad's physical therapy is monday and friday at 2", "cancel dad's physical therapy on friday",
                      "when's dad's physical therapy")
    assert replies[0] == "Got it: dad's physical therapy, tomorrow at 2 PM. Got it: dad's physical therapy, Friday at 2 PM."
    assert replies[1] == "OK, I took it off your agenda: dad's physical therapy."
    assert replies[2] == "Dad's physical therapy is tomorrow at 2 PM."
    assert agenda_rows(desk) == [("dad's physical therapy", "2026-12-07 14:00")]


def test_every_two_days_is_still_one_repeat(desk):
    replies = said_to(desk, "standup is every monday and friday at 9")
    assert replies[0] == "Got it: standup, tomorrow at 9 AM, then every Monday and Friday."


@pytest.mark.parametrize("asked", ["what repeating reminders do I have", "any recurring reminders"])
def test_the_repeating_ones_asked(desk, asked):
    replies = said_to(desk, "give the dog her heartworm pill on the first of every month", "remind me to call Bob tomorrow", asked)
    assert replies[2] == "One thing repeats: give the dog her heartworm pill, Friday, January 1, 2027, then every month on the 1st."


@pytest.mark.parametrize("asked", ["what do I have tonight", "what's on tonight", "anything for tonight"])
def test_tonight_asked_holds_its_small_hours(desk, asked):
    replies = said_to(desk, "remind me to take my vitamins tonight at 1", "remind me to drink water at 3 am",
                      "set an alarm for 5 30 pm tomorrow", asked)
    assert replies[3] == ("You have 2 things due tonight: take your vitamins, tomorrow at 1 AM; and drink water, tomorrow at "
                          "3 AM. 1 more is open for later.")


def test_today_asked_is_still_today(desk):
    replies = said_to(desk, "remind me to take my vitamins tonight at 1", "anything due today")
    assert replies[1] == "Nothing is due today. 1 more is open for later."


# ---------------------------------------------------------------- the new patterns stay linear

@pytest.mark.parametrize("words", ["the vet is ", "take ", "mom's medicine is lisinopril ", "check on the ", "I work 7pm to ",
                                   "through thursday ", "to morrow ",
                                   "let me know if the ", "the payment came in ",
                                   "monday and friday at 2 ", "what does dad have "])
def test_twenty_thousand_characters_of_repeated_words_stay_fast(words):
    """Linear in the words said (`tests/timing.py`: against an input 8 times smaller, not a bound in seconds)."""
    from tests.timing import assert_grows_linearly

    def read(text: str) -> None:
        read_utterance(text)
        naming.restates_done(text, "refill mom's blood pressure prescription")

    assert_grows_linearly(read, lambda n: words * n, 20_000 // len(words))


# ---------------------------------------------------------------- facts told of a pet or a parent (the whole assistant)

@pytest.mark.parametrize("told, asked, answer", [
    ("the dog's name is Biscuit", "what's my dog's name", "You told me the dog's name is Biscuit."),
    ("the dog's name is Biscuit", "what's the dog's name", "You told me the dog's name is Biscuit."),
    ("mom's blood pressure medicine is lisinopril", "what is mom's blood pressure medicine",
     "You told me mom's blood pressure medicine is lisinopril."),
    ("dad's cardiologist is Dr. Patel", "who is dad's cardiologist", "You told me dad's cardiologist is Dr. Patel."),
])
async def test_a_fact_of_a_pet_or_a_parent_is_kept_and_said_back(tmp_path, told, asked, answer):
    assistant, chat = scripted_assistant(tmp_path, "embedded:smollm2-135m")
    try:
        assert await assistant.answer(told, session="s") == f"Remembered: {told}"
        assert await assistant.answer(asked, session="s") == answer
        assert chat.calls == []
    finally:
        await assistant.close()


async def test_the_medicine_told_leaves_the_refill_open(tmp_path):
    assistant, _chat = scripted_assistant(tmp_path, "embedded:smollm2-135m")
    try:
        await assistant.answer("refill mom's blood pressure prescription before it runs out on the 20th", session="s")
        assert await assistant.answer("mom's blood pressure medicine is lisinopril", session="s") == \
            "Remembered: mom's blood pressure medicine is lisinopril"
        assert (await assistant.answer("what's left", session="s")).startswith(
            "You have one thing on your agenda: refill mom's blood pressure prescription")
    finally:
        await assistant.close()


@pytest.mark.parametrize("said", ["mom's medicine is running low", "the dog's food is empty", "what's the world's biggest ocean",
                                  "it's name is Biscuit"])
def test_no_fact_is_kept_of_these(said):
    from jarvisd.memory.remember_asked import told_fact

    assert told_fact(said) is None
