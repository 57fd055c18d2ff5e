"""The agenda asked in words the rules did not know (the sixty-second session's own probe: each went to SmolLM2, which
made a day up): "reminders for today", "my reminders", "what am I doing today", "whats up for today"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import SEOUL, agenda_desk, said_to

SUNDAY = datetime(2026, 12, 6, 10, 0, tzinfo=SEOUL)


@pytest.mark.parametrize(("asked", "reply"), [
    ("reminders for today", "You have one thing due today: call mom, today at 5 PM."),
    ("any reminders for today?", "You have one thing due today: call mom, today at 5 PM."),
    ("what am I doing today", "You have one thing due today: call mom, today at 5 PM."),
    ("whats up for today", "You have one thing due today: call mom, today at 5 PM."),
    ("my reminders", "You have one thing on your agenda: call mom, today at 5 PM."),
])
def test_the_agenda_asked_in_other_words(tmp_path: Path, korean: KoreanAnalyzer, asked: str, reply: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "remind me to call mom at 5pm")
    assert said_to(desk, asked) == [reply]


@pytest.mark.parametrize("said", ["my reminders were late yesterday", "whats up", "the reminders app is slow"])
def test_talk_about_reminders_is_not_the_agenda(tmp_path: Path, korean: KoreanAnalyzer, said: str) -> None:
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "remind me to call mom at 5pm")
    assert said_to(desk, said) == [None]


@pytest.mark.parametrize(("asked", "reply"), [
    ("and the flowers?", "Buy flowers is due by Thursday."),
    ("so the flowers?", "Buy flowers is due by Thursday."),
    ("and the flowers", None),      # no question mark: may go on a list
    ("and the bread?", None),       # no promise named: the model's
])
def test_and_the_thing_asked_after_a_promise(tmp_path: Path, korean: KoreanAnalyzer, asked: str,
                                             reply: str | None) -> None:
    """The sixty-second session's family: "and the flowers?" after the recital's day was asked went to SmolLM2 ("The
    flowers!")."""
    desk = agenda_desk(tmp_path, korean, SUNDAY)
    said_to(desk, "remind me to buy flowers on thursday")
    assert said_to(desk, asked) == [reply]
