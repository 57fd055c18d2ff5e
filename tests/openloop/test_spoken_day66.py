"""voice66's spoken days through the real daemon (espeak-ng -> Whisper base -> the desk): two things Whisper writes
for ordinary speech that the desk did not read. "Actually, make it seven." (an hour said alone comes back in words; "make
it 7" moved the promise, "make it seven" went to SmolLM2) and "But do I have to do this week?" ("what" heard as "but":
to SmolLM2, "I'm here to help you with whatever you need"). The real desk on a JSONL agenda, a fixed clock."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows

NOW = datetime(2026, 12, 7, 19, 10, tzinfo=SEOUL)   # a Monday evening


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, NOW)


@pytest.mark.parametrize("promise, said, due", [
    ("Remind me to water the garden at 6 tomorrow.", "Actually, make it seven.", "2026-12-08 19:00"),
    ("Remind me to feed the cat at 9 tonight.", "make it ten", "2026-12-07 22:00"),                    # held out
    ("Remind me to walk the dog at 7 tomorrow.", "No, make it eight thirty.", "2026-12-08 08:30"),     # held out
    ("Remind me to buy the tickets at 6 tomorrow.", "Actually, make it one thirty.", "2026-12-08 13:30"),
])
def test_an_hour_said_in_words_moves_the_promise_just_made(desk, promise, said, due):
    desk.handle(promise, "s")
    reply = desk.handle(said, "s")
    assert reply is not None and reply.intent == "correct"
    assert [due for _, due in agenda_rows(desk)] == [due]


@pytest.mark.parametrize("said", ["No, one.", "Make it seven tickets.", "No, seven people are coming.",
                                  "Actually, make it seven copies."])
def test_guard_a_number_word_that_is_no_hour_moves_nothing(desk, said):
    desk.handle("Remind me to buy three tickets at 6 tomorrow.", "s")
    reply = desk.handle(said, "s")
    assert reply is None or reply.intent != "correct"
    assert agenda_rows(desk) == [("buy three tickets", "2026-12-08 18:00")]


@pytest.mark.parametrize("said, intent", [
    ("But do I have to do this week?", "due_week"),
    ("But do I need to finish tomorrow?", "due_tomorrow"),    # held out
    ("so but do I have to do today", "due_today"),            # held out
])
def test_what_heard_as_but_before_do_i_have_to_is_the_days_list(desk, said, intent):
    desk.handle("Remind me to call the dentist at 3 tomorrow.", "s")
    desk.handle("I need to send the invoice by Friday.", "s")
    reply = desk.handle(said, "s")
    assert reply is not None and reply.intent == intent


@pytest.mark.parametrize("said", ["But do I have to go?", "But do I have to do it myself?",
                                  "But did I need to go there?"])
def test_guard_but_before_other_questions_is_no_agenda_question(desk, said):
    desk.handle("I need to send the invoice by Friday.", "s")
    reply = desk.handle(said, "s")
    assert reply is None or not reply.intent.startswith("due_")
    assert [desc for desc, _ in agenda_rows(desk)] == ["send the invoice"]


@pytest.mark.parametrize("said", [
    "But I have to do this week.",            # Whisper's "What do I have to do this week?" without its question mark
    "Because I have to do it tomorrow.",      # held out
])
def test_a_conjunction_first_is_no_thing_kept(desk, said):
    desk.handle(said, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == []


def test_a_thing_said_first_after_but_is_still_the_object(desk):
    desk.handle("But the garden hose I must fix tomorrow.", "s")
    assert [desc for desc, _ in agenda_rows(desk)] == ["fix the garden hose"]
