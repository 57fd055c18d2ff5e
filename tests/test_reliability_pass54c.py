"""Pass 54c: text at the edges and blocking work, on paths added since pass 41 (see docs/reliability.md,
"Fifty-fourth pass (c)")."""

from __future__ import annotations

import time

import pytest

from jarvisd.openloop.agenda_asked import free_asked
from jarvisd.openloop.desk import clean


@pytest.mark.parametrize("text", ["내가 " + "1" * 3996 + "é", "나 " + "11 " * 1332 + "é", "나 " + "1 " * 1998 + "é"])
def test_a_turn_of_four_thousand_digits_is_read_by_the_free_question_in_linear_time(text):
    """A HUD turn of 4,000 characters (the turn's cap), "내가 " and 3,996 digits: `_KO_FREE`'s `.*\\d.*?` tried every
    digit as the last one and, for each, every end after it: 1-2 s a call in `free_asked`, in the desk's thread with
    the GIL held; on the daemon `/api/status` took 2.70 s and 2.66 s (gil_watch: 2.67 s in `free_asked`). Now `when`
    starts at the first digit, read once."""
    said = clean(text)
    started = time.perf_counter()
    assert free_asked(said) is None
    assert time.perf_counter() - started < 0.3


@pytest.mark.parametrize(("text", "when"), [
    ("내일 3시에 시간 돼", "내일 3시"),
    ("나 내일 오후 3시 비어 있어", "내일 오후 3시"),
    ("내가 12월 5일 3시에 일정 있어요", "12월 5일 3시"),
    ("내일 3시 1분에 바빠", "내일 3시 1분"),
    ("3시 4시에 시간 돼", "3시 4시"),
    ("내일 시간 돼", None),   # no digit: not this question
])
def test_guard_the_free_question_gives_back_the_same_words_of_the_time(text, when):
    """Guard: the words of the time are the same span as before (the ending holds no digit, so the last digit is
    always inside it)."""
    assert free_asked(text) == when
