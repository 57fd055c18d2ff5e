"""A repeating time said first, then the order: "every day at 9am take vitamins", "every morning at 7 walk the dog", "on
fridays at 5 call grandma" (pass75's seen list, lived offline in the sixty-ninth session: each went to SmolLM2, "I'm glad
you're taking vitamins. I'm not a doctor.", nothing kept) are kept as the same words said time last are. Real desk on a
JSONL agenda (UTC, Monday 2026-12-07 10:00)."""

from __future__ import annotations

import pytest

from jarvisd.openloop import en_dialect
from tests.openloop.conftest import said_to
from tests.openloop.utc_monday import monday_clock, monday_desk  # noqa: F401 (fixtures)
from tests.timing import assert_grows_linearly


def _kept(desk) -> list[tuple[str, bool]]:
    """(description, repeats) of each open promise."""
    return [(loop.desc, loop.repeat is not None) for loop in desk.service.agenda()]


@pytest.mark.parametrize(("said", "desc"), [
    ("every day at 9am take vitamins", "take vitamins"),
    ("every morning at 7 walk the dog", "walk the dog"),
    ("on fridays at 5 call grandma", "call grandma"),
])
def test_a_repeat_said_first_is_kept_as_said_last(desk, said, desc):
    first = said_to(desk, said)[0]
    assert first is not None and first.startswith("Got it:"), first
    (kept,) = _kept(desk)
    assert kept == (desc, True), (first, kept)


@pytest.mark.parametrize(("said", "desc"), [
    # held out: other repeats, with and without an hour, a filler before
    ("every monday water the plants", "water the plants"),
    ("okay, every evening at 8 take out the trash", "take out the trash"),
    ("each night at 10 lock the back door", "lock the back door"),
    ("lock the back door each night at 10", "lock the back door"),     # said time last: "each" as "every"
])
def test_held_out_repeats_said_first(desk, said, desc):
    first = said_to(desk, said)[0]
    assert first is not None and first.startswith("Got it:"), first
    assert [d for d, _ in _kept(desk)] == [desc], first


@pytest.mark.parametrize("said", [
    "every day at 9 is too early for me",      # no order after it
    "every monday i feel tired",               # no base verb
    "on fridays at 5 the office closes",
    "each day is different",                   # "each" before no order
])
def test_guard_a_repeat_said_first_with_no_order_keeps_nothing(desk, said):
    said_to(desk, said)
    assert _kept(desk) == []


def test_the_reorder_is_linear():
    assert_grows_linearly(en_dialect.standard, lambda n: "every day at 9am " + "take " * n, 2000)
