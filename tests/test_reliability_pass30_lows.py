"""Pass 30's lows, closed: blanks drawn as nothing where a space would be, a clock time said with seconds, and the
wording of a time that cannot be (each on the whole desk, a real JSONL agenda, Tuesday 2026-12-01 09:00 Seoul)."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.hangul import topic
from tests.openloop.conftest import agenda_rows


@pytest.mark.parametrize("said", [
    "\u3164I need to call mom tomorrow at 3pm",          # a Hangul filler first: no promise, no word before
    "I need to call mom tomorrow at 3pm\u3164",          # after the time: "3pmᅠ" stayed in the words, due 23:59
    "I\u200bneed\u200bto\u200bcall\u200bmom\u200btomorrow\u200bat\u200b3pm",   # zero-width spaces for spaces
    "I\u2800need\u2800to\u2800call\u2800mom\u2800tomorrow\u2800at\u28003pm",   # braille blanks
    "I\uffa0need\uffa0to\uffa0call\uffa0mom\uffa0tomorrow\uffa0at\uffa03pm",   # halfwidth Hangul fillers
])
def test_blanks_drawn_as_nothing_are_spaces(tuesday_desk: AgendaDesk, said: str) -> None:
    reply = tuesday_desk.handle(said, "s")
    assert reply is not None and reply.text == "Got it: call mom, tomorrow at 3 PM."
    assert agenda_rows(tuesday_desk) == [("call mom", "2026-12-02 15:00")]


@pytest.mark.parametrize(("said", "row"), [
    ("I need to call Ann tomorrow at 9:00:00 am", ("call Ann", "2026-12-02 09:00")),
    ("I need to call Ann by 2026-12-02 09:00:30", ("call Ann", "2026-12-02 09:00")),
])
def test_a_clock_time_with_seconds_is_read(tuesday_desk: AgendaDesk, said: str, row: tuple[str, str]) -> None:
    tuesday_desk.handle(said, "s")
    assert agenda_rows(tuesday_desk) == [row]


@pytest.mark.parametrize(("said", "reply"), [
    ("I need to call Ann tomorrow at 24:30", "I noted call Ann, but a day has no hour 24:30. When is it due?"),
    ("내일 24시 30분에 엄마한테 전화해야 해", "엄마한테 전화하기 적어 뒀어요. 그런데 하루에 24시 30분은 없어요. 기한이 언제예요?"),
    ("2025년 12월 1일 월요일까지 보고서 내야 해",
     "보고서 내기 적어 뒀어요. 그런데 2025년 12월 1일 월요일까지는 이미 지났어요. 기한이 언제예요?"),
])
def test_a_time_that_cannot_be_is_said_in_good_grammar(tuesday_desk: AgendaDesk, said: str, reply: str) -> None:
    answer = tuesday_desk.handle(said, "s")
    assert answer is not None and answer.text == reply


@pytest.mark.parametrize(("word", "particle"), [("30분", "은"), ("24시", "는"), ("월요일까지", "는"), ("3pm", "은(는)"), ("", "은(는)")])
def test_the_topic_particle_follows_the_last_syllable(word: str, particle: str) -> None:
    assert topic(word) == particle
