"""Pass 59a: issue 18's done-when pass with bad values and unicode on the fifty-seventh session's rules (step
repeats, yearly promises, meal words, alarms by day, facts of someone named), and their time edges
(docs/reliability.md, "Fifty-ninth pass (a): values and unicode")."""

from __future__ import annotations

import unicodedata
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.assistants import scripted_assistant, told_then_asked
from tests.openloop.conftest import FakeClock


def _desk(tmp_path: Path, korean: KoreanAnalyzer, now: str, zone: str) -> tuple[AgendaDesk, FakeClock]:
    tz = ZoneInfo(zone)
    clock = FakeClock(datetime.strptime(now, "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp())
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=tz, clock=clock), korean), clock


def _dues_done_in_turn(desk: AgendaDesk, clock: FakeClock, times: int) -> list[str]:
    """The open one's due (local), then it done a minute after it, `times` times."""
    dues = []
    for _ in range(times):
        (loop,) = [loop for loop in desk.service.all_loops() if loop.is_open]
        dues.append(datetime.fromtimestamp(loop.due_ms / 1000, desk.service.tz).strftime("%Y-%m-%d %H:%M"))
        clock.now = loop.due_ms / 1000 + 60
        desk.service.done(loop.id)
    return dues


@pytest.mark.parametrize("said, now, zone, dues", [
    ("remind me every day at 2:30am to take my pills", "2027-03-13 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-03-15 02:30", "2027-03-16 02:30"]),
    ("remind me every Sunday at 2:30am to take out the bins", "2027-03-10 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-03-21 02:30", "2027-03-28 02:30"]),
    ("remind me every month on the 14th at 2:30am to pay the gym", "2027-03-10 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-04-14 02:30", "2027-05-14 02:30"]),
    ("remind me every year on March 28 at 2:30am to call Pi", "2027-03-01 09:00", "Europe/Berlin",
     ["2027-03-28 03:30", "2028-03-28 02:30", "2029-03-28 02:30"]),
    ("remind me every day at 2:15am to call Howe", "2026-10-03 09:00", "Australia/Lord_Howe",   # a 30-minute gap
     ["2026-10-04 02:45", "2026-10-05 02:15", "2026-10-06 02:15"]),
])
def test_a_repeating_promise_first_due_in_a_dst_gap_comes_back_at_the_time_said(tmp_path, korean, said, now, zone,
                                                                                 dues):
    """Before: "remind me every day at 2:30am to take my pills" said on the Saturday before New York's spring change
    was due Sunday at 3:30 (no 2:30 that night, right) and then at 3:30 every day for good: the clock time said was
    lost with the first due (pass 47b kept it only for a due rolled into a gap, not for the first one)."""
    desk, clock = _desk(tmp_path, korean, now, zone)
    desk.handle(said, "s")
    assert _dues_done_in_turn(desk, clock, 3) == dues


@pytest.mark.parametrize("said, now, zone, dues", [
    ("remind me every day at 3:30am to take my pills", "2027-03-13 09:00", "America/New_York",
     ["2027-03-14 03:30", "2027-03-15 03:30"]),
    ("remind me every day at 2:45am to call Howe", "2026-10-03 09:00", "Australia/Lord_Howe",
     ["2026-10-04 02:45", "2026-10-05 02:45"]),
    ("remind me every day at 2:30am to take my pills", "2027-03-20 09:00", "America/New_York",
     ["2027-03-21 02:30", "2027-03-22 02:30"]),
])
def test_guard_a_repeating_promise_said_at_the_time_after_a_gap_stays_there(tmp_path, korean, said, now, zone, dues):
    desk, clock = _desk(tmp_path, korean, now, zone)
    desk.handle(said, "s")
    assert _dues_done_in_turn(desk, clock, 2) == dues


@pytest.mark.parametrize("told, asked, kept", [
    ("Zoë is allergic to peanuts", "what's Zoë allergic to?", "peanuts"),
    ("Zoe\u0308 is allergic to peanuts", "what's Zoe\u0308 allergic to?", "peanuts"),   # the same name typed decomposed
    ("Émilie is allergic to cats", "what do you know about Émilie?", "cats"),
    ("José's birthday is on March 3", "when is José's birthday?", "March 3"),
    ("Chloé's school is Maple Elementary", "what do you know about Chloé?", "Maple Elementary"),
])
async def test_a_fact_of_someone_named_with_a_letter_past_ascii_is_kept_and_asked_back(tmp_path, told, asked, kept):
    """Before: "Lily is allergic to peanuts" was kept, "Zoë is allergic to peanuts" and "José's birthday is on March 3"
    went to the model and nothing was kept ("You haven't told me anything about Zoë."): the told facts' readers took a
    name as ASCII letters only."""
    said, answer = await told_then_asked(tmp_path, told, asked)
    assert said.startswith("Remembered"), said
    assert kept in answer, answer


@pytest.mark.parametrize("told, said_back", [
    ("Lily is allergic to crème brûlée", "crème brûlée"),
    ("Lily is allergic to cre\u0300me bru\u0302le\u0301e", "cre\u0300me bru\u0302le\u0301e"),   # decomposed
    ("the wifi password for the office is même-4492", "même-4492"),
])
async def test_a_fact_said_back_keeps_a_word_with_a_letter_past_ascii_whole(tmp_path, told, said_back):
    """Before: "what's Lily allergic to?" answered "You told me Lily is allergic to crèyou brûlée.": the "my" -> "your"
    turn of the words said back (`phrases.second_person`) read "crème" as "cr", "me"."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer(told, session="s")
        asked = "what's Lily allergic to?" if told.startswith("Lily") else "what's the office wifi password?"
        said = await assistant.answer(asked, session="s")
        assert unicodedata.normalize("NFC", said_back) in unicodedata.normalize("NFC", said), said
    finally:
        await assistant.close()


def test_second_person_turns_whole_words_only():
    from jarvisd.openloop.phrases import second_person

    assert second_person("buy crème fraîche for me") == "buy crème fraîche for you"
    assert second_person("take my medicine, I'm late") == "take your medicine, you're late"
    assert second_person("call Rémi and me") == "call Rémi and you"
