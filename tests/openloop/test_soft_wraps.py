"""A line end inside one sentence (a soft wrap pasted into a HUD turn: U+2028, CRLF, LF) is no list's line end
(pass72b's low: "I need to send the\u2028report tomorrow at 9am" kept "send" and "report" as two promises). A line
that ends on a word no phrase ends on ("the", "to", "my", "at") or a line that begins with one no list item begins with
("to", "by", "at", "and") goes on in the next; other line ends stay a list. Real desk on a JSONL agenda (UTC)."""

from __future__ import annotations

import pytest

from jarvisd.openloop import fillers
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.utc_monday import monday_clock, monday_desk  # noqa: F401 (fixtures)
from tests.timing import assert_grows_linearly


@pytest.mark.parametrize("wrap", ["\u2028", "\r\n", "\n", "\u2029", "\u0085"])
def test_a_soft_wrap_inside_a_sentence_keeps_one_promise(desk, wrap):
    said = said_to(desk, f"I need to send the{wrap}report tomorrow at 9am")
    assert [desc for desc, _ in agenda_rows(desk)] == ["send the report"], said


@pytest.mark.parametrize(("pasted", "kept"), [
    # held out: the wrap after "to", before "by", after "my", before "at"
    ("remind me to\ncall mom at 5", ["call mom"]),
    ("Email Sam\nby Friday", ["email Sam"]),
    ("i have to renew my\npassport by friday", ["renew my passport"]),
    ("I'll pick up the cake\nat 6 tomorrow", ["pick up the cake"]),
])
def test_held_out_wraps(desk, pasted, kept):
    said = said_to(desk, pasted)
    assert [desc for desc, _ in agenda_rows(desk)] == kept, said


@pytest.mark.parametrize(("pasted", "kept"), [
    ("email Sam by Friday\ncall Ana tomorrow", {"email Sam", "call Ana"}),
    ("I need to buy milk\nI need to call the bank tomorrow", {"buy milk", "call the bank"}),
    ("Email Sam by Friday.\nCall Ana tomorrow.", {"email Sam", "call Ana"}),
    ("I need to water the plants\nI need to call the bank tomorrow", {"water the plants", "call the bank"}),
])
def test_guard_a_list_stays_a_list(desk, pasted, kept):
    said_to(desk, pasted)
    assert {desc for desc, _ in agenda_rows(desk)} >= kept


def test_the_joined_lines_read_as_before():
    assert fillers.lines_as_a_list("email Sam by Friday\ncall Ana tomorrow") == "email Sam by Friday, call Ana tomorrow"
    assert fillers.lines_as_a_list("send the\u2028report") == "send the report"
    assert fillers.lines_as_a_list("Email Sam\r\nby Friday") == "Email Sam by Friday"
    assert fillers.lines_as_a_list("민수한테\n전화하기") == "민수한테, 전화하기"     # Korean: as before
    assert fillers.lines_as_a_list("stop by\ncall mom") == "stop by, call mom"       # a to-do may end on "by"
    assert fillers.lines_as_a_list("log on\nin-n-out run") == "log on, in-n-out run"   # "in" as a word only


def test_a_long_wrapped_paste_is_read_in_linear_time():
    assert_grows_linearly(fillers.lines_as_a_list, lambda n: "send the\n" * n, 2000)
