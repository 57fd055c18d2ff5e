"""What round 69 (english69, after68) left for English users (the seventieth session, each first lived offline with
`scripts/days_lived.py`): a promise timed by someone's move ("the day after she moves out", "within 14 days of the move
out", "before the new tenant moves in", also when the move is told after), "rent is due", our own move against hers,
a move said with its day; and rooms70's "po box" and "Miss. Kim". Real desk on a JSONL agenda, its clock moved by hand
(UTC)."""

from __future__ import annotations

import pytest

from jarvisd.openloop.commitments import sentences
from jarvisd.openloop.fillers import without_particles
from jarvisd.openloop.move_ties import move_tie
from jarvisd.sentences import split_sentences
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.utc_monday import MONDAY, UTC, monday_clock, monday_desk  # noqa: F401 (fixtures)

LOPEZ = "mrs lopez in unit 3 is moving out on december 31"


def _after(desk, desc: str) -> str | None:
    return next(loop.after for loop in desk.service.agenda() if loop.desc == desc)


def _id(desk, desc: str) -> str:
    return next(loop.id for loop in desk.service.agenda() if loop.desc == desc)


# ---------------------------------------------------------------- 1. "the day after she moves out"

def test_the_day_after_she_moves_out_is_tied_to_her_move_out(desk):
    """Before: "Got it: do the move out inspection for unit 3 the day." (no due, not tied)."""
    said = said_to(desk, LOPEZ, "i need to do the move out inspection for unit 3 the day after she moves out")
    assert said[1] == "Got it: do the move out inspection for unit 3, by Friday, January 1, 2027."
    assert _after(desk, "do the move out inspection for unit 3") == f"{_id(desk, 'move-out for mrs lopez')}:1"
    said = said_to(desk, "mrs lopez is now moving out on january 2")
    assert "Moved with it: do the move out inspection for unit 3, now by Sunday, January 3, 2027." in said[0]


@pytest.mark.parametrize(("said", "kept"), [
    # held out: the name said, two days, "is moving out"
    ("i have to clean unit 3 two days after mrs lopez moves out", ("clean unit 3", "2027-01-02 23:59")),
    ("i need to repaint the bedroom the day after her move-out", ("repaint the bedroom", "2027-01-01 23:59")),
])
def test_held_out_spans_after_her_move(desk, said, kept):
    said_to(desk, LOPEZ, said)
    assert kept in agenda_rows(desk)
    assert _after(desk, kept[0]) is not None


def test_guard_no_move_kept_or_two_are_no_tie(desk):
    """"she" with no move-out kept, or with two kept, names none: kept as before, with no due and no link."""
    said_to(desk, "i need to do the inspection the day after she moves out")
    assert agenda_rows(desk) == [("do the inspection", "-")]
    said_to(desk, LOPEZ, "mr park is moving out on december 20", "i need to check the meters the day after he moves out")
    assert ("check the meters", "-") in agenda_rows(desk)


# ---------------------------------------------------------------- 2. "within 14 days of the move out"

def test_within_days_of_the_move_out_is_due_that_many_days_after_it(desk):
    """Before: "Got it: return her security deposit of the move out, by Monday, December 21." (14 days from today)."""
    said = said_to(desk, LOPEZ, "return her security deposit within 14 days of the move out")
    assert said[1] == "Got it: return her security deposit, by Thursday, January 14, 2027."
    assert _after(desk, "return her security deposit") == f"{_id(desk, 'move-out for mrs lopez')}:14"


def test_held_out_within_days_of_a_named_trip(desk):
    said_to(desk, "my trip is on saturday", "i need to file the expense report within 3 days of the trip")
    assert ("file the expense report", "2026-12-15 23:59") in agenda_rows(desk)
    said = said_to(desk, "push the trip to sunday")
    assert "file the expense report, now by Wednesday, December 16" in said[0]


def test_within_days_of_an_other_not_kept_waits_for_it(desk):
    """The week's: "renew the food handler permit of the inspection, by Saturday, January 9" (30 days from today), the
    inspection told after it."""
    said = said_to(desk, "i need to renew the food handler permit within 30 days of the inspection",
                   "the health inspection is on december 22")
    assert said[0] == "Got it: renew the food handler permit."
    assert said[1].endswith("Due with it: renew the food handler permit, now by Thursday, January 21, 2027.")


def test_guard_within_days_of_nothing_named_is_from_today(desk):
    said_to(desk, "i need to pay the invoice within 30 days", "the invoice call is on friday")
    assert ("pay the invoice", "2027-01-06 23:59") in agenda_rows(desk)


# ---------------------------------------------------------------- the bakery owner's week

def test_a_delivery_from_a_two_word_supplier_is_kept_and_closed_when_the_goods_come(desk):
    """Before: "I see." (nothing kept), then SmolLM2's "the flour came in the oven."."""
    said = said_to(desk, "the flour delivery from king arthur comes thursday at 7am", "the flour came")
    assert said == ["Got it: flour delivery, Thursday at 7 AM.", "Marked done: flour delivery."]
    # held out
    said = said_to(desk, "the produce delivery from sysco foods is coming friday at 6am", "the produce arrived this morning")
    assert said == ["Got it: produce delivery, Friday at 6 AM.", "Marked done: produce delivery."]


def test_guard_goods_that_came_with_no_delivery_kept_close_nothing(desk):
    said_to(desk, "i need to order more butter by friday")
    assert said_to(desk, "the butter came") == [None]
    assert agenda_rows(desk) == [("order more butter", "2026-12-11 23:59")]
    assert said_to(desk, "the delivery from Sysco comes Tuesdays")[0].startswith("Got it: Sysco delivery")


def test_a_deed_before_a_delivery_told_after_is_tied(desk):
    said = said_to(desk, "remind me to order more butter before the flour delivery",
                   "i need to prep the dough the day before the flour delivery",
                   "the flour delivery comes thursday at 7am")
    assert said[1] == "Got it: prep the dough."
    assert said[2] == ("Got it: flour delivery, Thursday at 7 AM. Due with it: prep the dough, now by Wednesday; and order "
                       "more butter, now Thursday at 7 AM.")


# ---------------------------------------------------------------- 3. "rent is due on the 1st"

@pytest.mark.parametrize(("said", "kept"), [
    ("rent is due on the 1st", "Got it: pay rent, by Friday, January 1, 2027."),
    # held out
    ("deposit is due friday", "Got it: pay deposit, by Friday."),
])
def test_a_bare_bill_due_is_paid(desk, said, kept):
    """Before: "Got it: rent, by Friday, January 1, 2027." (a deed "to rent")."""
    assert said_to(desk, said) == [kept]


@pytest.mark.parametrize(("said", "kept"), [
    ("the rent is due on the 1st", "Got it: the rent, by Friday, January 1, 2027."),
    ("tuition is due on the 15th", "Got it: tuition, by Tuesday, December 15."),
    ("report is due thursday", "Got it: report, by Thursday."),
])
def test_guard_a_bill_with_its_article_or_another_thing_is_as_before(desk, said, kept):
    assert said_to(desk, said) == [kept]


# ---------------------------------------------------------------- 4. "before the new tenant moves in", said first

def test_a_deed_before_a_move_in_not_kept_yet_is_tied_when_it_is(desk):
    """Before: "change the locks in unit 3" kept with no due, and left so when the move-in was told."""
    said = said_to(desk, "i need to change the locks in unit 3 before the new tenant moves in",
                   "the new tenant moves in january 5")
    assert said[0] == "Got it: change the locks in unit 3."
    assert said[1] == ("Got it: move-in for the new tenant, Tuesday, January 5, 2027. Due with it: change the locks in "
                       "unit 3, now by Tuesday, January 5, 2027.")
    said = said_to(desk, "the new tenant is now moving in on january 7")
    assert "Moved with it: change the locks in unit 3, now by Thursday, January 7, 2027." in said[0]


def test_undo_of_the_move_in_puts_the_deed_back_with_no_due(desk):
    said_to(desk, "i need to change the locks in unit 3 before the new tenant moves in", "the new tenant moves in january 5",
            "undo that")
    assert agenda_rows(desk) == [("change the locks in unit 3", "-")]


def test_held_out_the_day_before_a_move_in_told_after(desk):
    said = said_to(desk, "i need to clean the carpets the day before jen moves in", "jen is moving in next saturday")
    assert said[0] == "Got it: clean the carpets."
    assert ("clean the carpets", "2026-12-18 23:59") in agenda_rows(desk)


def test_guard_another_ones_move_in_ties_nothing(desk):
    said_to(desk, "i need to change the locks before the new tenant moves in", "jen is moving in next saturday",
            "i need to call mom")
    assert ("change the locks", "-") in agenda_rows(desk)
    assert ("call mom", "-") in agenda_rows(desk)


# ---------------------------------------------------------------- 5. our own move is not hers

def test_our_move_out_does_not_move_her_inspection(desk):
    """Before: "Updated: do the move out inspection for unit 3, now by Saturday." ("move out" inside its name)."""
    said_to(desk, LOPEZ, "i need to do the move out inspection for unit 3 the day after she moves out")
    said = said_to(desk, "we're moving out on saturday")
    assert said[0] == "I'll remind you: move out, Saturday."
    assert ("do the move out inspection for unit 3", "2027-01-01 23:59") in agenda_rows(desk)
    assert ("move-out for mrs lopez", "2026-12-31 23:59") in agenda_rows(desk)


def test_held_out_a_deed_named_inside_another(desk):
    said_to(desk, "i need to book the pick up truck rental for sunday", "i need to pick up the kids on friday")
    assert len(agenda_rows(desk)) == 2


def test_guard_the_same_deed_said_again_is_still_one(desk):
    said_to(desk, "i need to call the bank tomorrow", "i need to call the bank about the loan on friday")
    said_to(desk, "remind me to move out the boxes", "i need to move out the boxes by friday")
    descs = [desc for desc, _ in agenda_rows(desk)]
    assert descs.count("move out the boxes") == 1


# ---------------------------------------------------------------- 6. a move is on its day

@pytest.mark.parametrize(("said", "kept"), [
    ("we're moving on saturday", "move, Saturday"),
    # held out
    ("mrs lopez is moving out on december 31", "move-out for mrs lopez, Thursday, December 31"),
])
def test_a_move_said_with_its_day_is_on_the_day(desk, said, kept):
    """Before: "move, by Saturday" (a deadline)."""
    assert kept in said_to(desk, said)[0]


def test_guard_a_deed_with_move_in_it_is_by_its_day(desk):
    assert said_to(desk, "i need to move the car by friday") == ["Got it: move the car, by Friday."]


# ---------------------------------------------------------------- rooms70: "the po box", "Miss. Kim"

@pytest.mark.parametrize(("said", "read"), [
    ("call Nadia about the po box", "call Nadia about the po box"),
    # held out
    ("send the PO to acme tomorrow", "send the PO to acme tomorrow"),
    ("what's my po number", "what's my po number"),
    # guards: the particle is still off
    ("remind me again in thirty minutes po", "remind me again in thirty minutes"),
    ("ok po, call the bank po tomorrow", "ok, call the bank tomorrow"),
])
def test_po_before_a_noun_is_no_particle(said, read):
    assert without_particles(said) == read


def test_the_po_box_errand_keeps_its_box(desk):
    assert said_to(desk, "i need to call Nadia about the po box") == ["Got it: call Nadia about the po box."]


@pytest.mark.parametrize("said", ["I told Miss. Kim I'll send the draft tomorrow",
                                  # held out
                                  "I promised Miss. Park I would fix the sink"])
def test_a_title_miss_ends_no_sentence(said):
    assert split_sentences(said) == [said]
    assert sentences(said) == [(0, len(said))]


@pytest.mark.parametrize("said", ["I'll miss. Kim will cover for me", "We will miss. Sorry about that", "We dismiss. Then we go"])
def test_guard_the_verb_miss_still_ends_one(said):
    assert len(split_sentences(said)) == 2
    assert len(sentences(said)) == 2


def test_move_tie_reads_no_subject_of_ours():
    assert move_tie("i need to pack the day after we move out") is None
    assert move_tie("call the bank before friday") is None
