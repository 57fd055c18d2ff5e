"""What english70 and people72 left for English users (the seventy-first session, each first lived offline with
`scripts/days_lived.py`): someone found for a search kept ("jake said he'll cover maria's shift"), a deed "two days
before they're due", a giving deed told to someone ("tell mr lee i'll send the contract"), "tell him i'll be there at
6". Real desk on a JSONL agenda, its clock moved by hand (UTC)."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.utc_monday import MONDAY, UTC, monday_clock, monday_desk  # noqa: F401 (fixtures)


def _after(desk, desc: str) -> str | None:
    return next(loop.after for loop in desk.service.agenda() if loop.desc == desc)


def _id(desk, desc: str) -> str:
    return next(loop.id for loop in desk.service.agenda() if loop.desc == desc)


# ---------------------------------------------------------------- 1. someone found for a thing sought

def test_someone_found_for_the_shift_closes_the_search(desk):
    """Before: SmolLM2's "This is a grammatical error …" (None at the desk), the search left open."""
    said = said_to(desk, "maria can't work her saturday shift so i need to find someone to cover",
                   "jake said he'll cover maria's shift")
    assert said[1] == "Marked done: find someone to cover."
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("sought", "news", "done"), [
    # held out: another verb for the same deed, a role found, "it"
    ("i need to find someone to cover the saturday shift", "sam can take the saturday shift", "find someone to cover shift"),
    ("i need to find a babysitter for friday", "my sister is going to watch the kids friday", "find a babysitter"),
    ("i need to find a babysitter for friday", "my mom said she can look after the kids on friday", "find a babysitter"),
    ("i need to find someone to cover maria's shift", "jake said he'll cover it", "find someone to cover maria's shift"),
])
def test_held_out_someone_found(desk, sought, news, done):
    said = said_to(desk, sought, news)
    assert said[1] == f"Marked done: {done}."


def test_guard_news_naming_no_thing_sought_closes_nothing(desk):
    """Someone's news of another deed closes nothing; "sam will cover the phones" withdrew the shift search before."""
    said = said_to(desk, "i need to find someone to cover maria's shift", "jake said he'll pick up the kids",
                   "sam will cover the phones", "my sister is going to watch the kids friday")
    assert agenda_rows(desk) == [("find someone to cover maria's shift", "-")]
    assert not any(s and "find someone" in s for s in said[1:])
    said_to(desk, "i need to find a babysitter for friday", "jake said he'll cover maria's shift")
    assert ("find a babysitter", "2026-12-11 23:59") in agenda_rows(desk)
    # no search kept: the news is none of the agenda's
    assert said_to(desk, "mom is going to call me tonight") == [None]


# ---------------------------------------------------------------- 2. "two days before they're due"

def test_days_before_they_are_due_is_tied_to_the_thing_due(desk):
    """Before: "Got it: pay the quarterly taxes two days." (no due); the taxes said due "january 15" with no "on" were
    not kept at all."""
    said = said_to(desk, "the quarterly taxes are due january 15",
                   "i need to pay the quarterly taxes two days before they're due")
    assert said[0] == "Got it: quarterly taxes, by Friday, January 15, 2027."
    assert said[1] == "Got it: pay the quarterly taxes, by Wednesday, January 13, 2027."
    assert _after(desk, "pay the quarterly taxes") == f"{_id(desk, 'quarterly taxes')}:-2"
    said = said_to(desk, "move the quarterly taxes to january 20")
    assert "Moved with it: pay the quarterly taxes" in said[0]
    assert ("pay the quarterly taxes", "2027-01-18 23:59") in agenda_rows(desk)


@pytest.mark.parametrize(("kept", "said", "row"), [
    # held out: another name of the thing, a week, "it's"
    ("the quarterly tax payment is due on the 15th", "i need to pay the quarterly taxes two days before they're due",
     ("pay the quarterly taxes", "2026-12-13 23:59")),
    ("the car registration is due january 31", "i need to renew the car registration a week before it's due",
     ("renew the car registration", "2027-01-24 23:59")),
])
def test_held_out_before_its_due(desk, kept, said, row):
    said_to(desk, kept, said)
    assert row in agenda_rows(desk)
    assert _after(desk, row[0]) is not None


def test_guard_before_its_due_with_nothing_kept_is_no_tie(desk):
    """Nothing due kept: the deed kept without the span's words, no due, no link; "before the trip" as before."""
    said_to(desk, "i need to pay the water bill the day before it's due")
    assert agenda_rows(desk) == [("pay the water bill", "-")]
    assert _after(desk, "pay the water bill") is None


# ---------------------------------------------------------------- 3. a giving deed told to someone

def test_a_giving_deed_told_keeps_its_receiver(desk):
    """Before: "Got it: send the contract, by tomorrow." (to no one)."""
    assert said_to(desk, "tell mr lee i'll send the contract tomorrow") == [
        "Got it: send the contract to mr lee, by tomorrow."]


@pytest.mark.parametrize(("said", "desc"), [
    ("i promised mr lee i'd send the contract", "send the contract to mr lee"),
    # held out: other giving verbs, a title with "that"
    ("i told jenny i'd bring the cake on saturday", "bring the cake to jenny"),
    ("tell dr kim that i'll text the address tonight", "text the address to dr kim"),
])
def test_held_out_given_to_the_one_told(desk, said, desc):
    said_to(desk, said)
    assert [row[0] for row in agenda_rows(desk)] == [desc]


@pytest.mark.parametrize(("said", "desc"), [
    ("tell sam i'll send the photos to his mom", "send the photos to sam's mom"),   # a receiver said
    ("i told sam i'd send him the slides", "send sam the slides"),
    ("i told mr lee i'll fix the sink", "fix the sink"),                              # nothing given
    ("tell sarah i'll call her back tonight", "call sarah back"),
])
def test_guard_a_receiver_said_or_no_giving_is_as_before(desk, said, desc):
    said_to(desk, said)
    assert [row[0] for row in agenda_rows(desk)] == [desc]


# ---------------------------------------------------------------- 4. "tell him i'll be there at 6"

def test_being_there_at_a_time_is_kept_with_its_time(desk):
    """Before: None at the desk (SmolLM2: "I'm not sure what to say, but I'll be there at 6.")."""
    assert said_to(desk, "tell him i'll be there at 6") == ["Got it: be there, tonight at 6 PM."]
    assert agenda_rows(desk) == [("be there", "2026-12-07 18:00")]


@pytest.mark.parametrize(("said", "row"), [
    ("tell her i'll be there by 7", ("be there", "2026-12-07 19:00")),
    ("tell sam i'll be there at noon tomorrow", ("be there", "2026-12-08 12:00")),
    ("i told mom i'd be home by 9", ("be home", "2026-12-07 21:00")),
])
def test_held_out_being_there(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]


@pytest.mark.parametrize("said", ["tell him i'll be there", "i'll be there for you", "i'm there at 6 most days",
                                  "i'll be there at six", "i'll be home at 9",
                                  "he'll be there at 6"])
def test_guard_no_time_or_not_mine_keeps_nothing(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


# ---------------------------------------------------------------- the nurse's week

def test_the_modules_before_the_credits_are_due(desk):
    """The nurse's week: "finish the ceu modules three days before they're due" with "ceu credits" kept (another noun of
    the same thing) was kept with no due."""
    said = said_to(desk, "the ceu credits are due december 20",
                   "i need to finish the ceu modules three days before they're due")
    assert said[1] == "Got it: finish the ceu modules, by Thursday, December 17."
    assert _after(desk, "finish the ceu modules") == f"{_id(desk, 'ceu credits')}:-3"


def test_guard_two_due_things_sharing_the_word_tie_none(desk):
    said_to(desk, "the ceu credits are due december 20", "i need to renew the ceu license by december 30",
            "i need to finish the ceu modules three days before they're due")
    assert ("finish the ceu modules", "-") in agenda_rows(desk)
