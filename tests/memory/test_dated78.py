"""Promises of one's own tied to a day told as a fact (dated78, session 70's days lived offline): after "my grandson's
birthday is on december 20", "i should send him a card a few days before" was kept as "send him a card a few days"
with no due, "buy a present for my grandson before his birthday" with no due, and "remind me to call my grandson on his
birthday" asked "When should I remind you?". The real assistant (LanceDB memory, a JSONL agenda) with SmolLM2 named and
never asked; the agenda's clock stopped on Tuesday 2026-12-08 14:00 in Seoul."""

from __future__ import annotations

import pytest

from jarvisd.memory.dated_deeds import deed_by_told_day
from tests.memory.seoul_tuesday import lived_on_tuesday


async def _said(tmp_path, *turns: str) -> tuple[list[str], list, list]:
    return (await lived_on_tuesday(tmp_path, *turns))[:3]


GRANDSON = "my grandson's birthday is on december 20"


@pytest.mark.parametrize("said, desc, due", [
    ("i should send him a card a few days before", "send my grandson a card for his birthday", "2026-12-17"),
    ("i should send him a card a few days before his birthday", "send my grandson a card for his birthday", "2026-12-17"),
    ("i need to send my grandson a card three days before his birthday", "send my grandson a card for his birthday",
     "2026-12-17"),
    ("i have to buy a present for my grandson before his birthday", "buy a present for my grandson for his birthday",
     "2026-12-19"),
    ("remind me to call my grandson on his birthday", "call my grandson for his birthday", "2026-12-20"),
    # held out
    ("i need to mail him a gift a week before his birthday", "mail my grandson a gift for his birthday", "2026-12-13"),
    ("i should call him the day before his birthday", "call my grandson for his birthday", "2026-12-19"),
])
async def test_a_deed_before_his_birthday_is_due_by_the_day_told(tmp_path, said, desc, due):
    replies, calls, agenda = await _said(tmp_path, GRANDSON, said)
    assert (desc, due) in agenda, (replies, agenda)
    assert "When should I remind you" not in replies[1] and not calls


async def test_a_few_days_is_said_as_three(tmp_path):
    replies, _, _ = await _said(tmp_path, GRANDSON, "i should send him a card a few days before")
    assert replies[1] == ("Got it: send your grandson a card for his birthday, by Thursday, December 17. I took "
                          "\"a few days\" as three days before your grandson's birthday on Sunday, December 20.")


@pytest.mark.parametrize("told, said, desc, due", [
    ("our anniversary is on january 9", "we should book a table a week before our anniversary",
     "book a table for our anniversary", "2027-01-02"),
    # (the wedding told is kept on the agenda by the desk, which ties the deed to it as before)
    ("the wedding is on december 19", "i need to get my suit cleaned the day before the wedding",
     "get my suit cleaned", "2026-12-18"),
    ("my mom's birthday is on december 11", "i need to call mom on her birthday", "call mom for her birthday",
     "2026-12-11"),
])
async def test_held_out_days_told(tmp_path, told, said, desc, due):
    replies, calls, agenda = await _said(tmp_path, told, said)
    assert (desc, due) in agenda, (replies, agenda)


async def test_the_night_before_the_exam(tmp_path):
    replies, _, agenda = await _said(tmp_path, "my exam is on december 15", "i need to review my notes the night before the exam")
    # (the exam told is kept on the agenda by the desk, which ties the night before to it as before)
    assert ("review my notes", "2026-12-14") in agenda, (replies, agenda)
    assert "8 PM" in replies[1]


async def test_two_people_told_his_birthday_asks_which(tmp_path):
    replies, _, agenda = await _said(tmp_path, GRANDSON, "my nephew's birthday is on december 22",
                                     "i should send him a card before his birthday")
    assert replies[2] == ("Whose birthday do you mean: your grandson's (December 20) or your nephew's (December 22)? "
                          "Say it again with the name.")
    assert not any("card" in desc for desc, _ in agenda)


async def test_her_birthday_is_not_the_grandson_s(tmp_path):
    _, _, agenda = await _said(tmp_path, GRANDSON, "my sister's birthday is on december 22",
                               "i should send her a card a few days before her birthday")
    assert ("send my sister a card for her birthday", "2026-12-19") in agenda


async def test_no_day_told_keeps_the_deed_whole_and_asks_the_day_once(tmp_path):
    replies, _, agenda = await _said(tmp_path, "i should send him a card a few days before his birthday",
                                     "his birthday is december 20")
    assert replies[0].endswith("When is his birthday?") and "send him a card" in replies[0]
    assert replies[1] == "Got it: send him a card, by Thursday, December 17.", replies
    assert ("send him a card", "2026-12-17") in agenda


async def test_no_day_told_then_told_as_a_fact(tmp_path):
    replies, _, agenda = await _said(tmp_path, "i need to buy a present for my grandson before his birthday", GRANDSON)
    assert replies[0].endswith("When is his birthday?")
    assert replies[1].startswith("Remembered: my grandson's birthday is on december 20. Now due: buy a present"), replies
    assert ("buy a present for my grandson", "2026-12-19") in agenda


async def test_guard_no_dated_fact_a_card_without_a_day(tmp_path):
    replies, _, agenda = await _said(tmp_path, "i'll send him a card")
    assert ("send him a card", None) in agenda and "When" not in replies[0]


async def test_guard_the_trip_said_first_reads_as_before(tmp_path):
    assert deed_by_told_day("two days before the trip i need to pack") is None
    assert deed_by_told_day("i need to call mom on friday") is None
    assert deed_by_told_day("remind me before I leave") is None


def test_guard_long_probe_is_linear():
    assert deed_by_told_day("i should " + "send him a card " * 250 + "before his birthday") is None
    assert deed_by_told_day("i should send " + "a " * 2000) is None
