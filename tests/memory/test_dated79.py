"""Promises before a day told as a fact, finished (dated79, after dated78's "Not done"): in Korean "생신 3일 전에 카드
보내야 해" after "할머니 생신이 12월 20일이야" was kept as "생신 카드 보내기" (no 할머니), "생신 전에 선물 사야 돼" and
"생신날 전화드려야 해" with no due; a day told again ("actually his birthday is december 22", "할머니 생신 12월 22일로
바뀌었어") moved the promise just made to the new day itself and left the old day in memory; and the reply to "Whose
birthday do you mean: …?" ("the nephew") was answered as a question about who the nephew is. The real assistant
(LanceDB memory, a JSONL agenda) with SmolLM2 named and never asked; the clock stopped on Tuesday 2026-12-08 14:00 in
Seoul."""

from __future__ import annotations

import pytest

from jarvisd.memory.dated_deeds import day_retold, owner_named
from jarvisd.memory.dated_facts_ko import ko_day_retold, ko_owner_named
from jarvisd.memory.facts import told_topic
from tests.memory.seoul_tuesday import lived_on_tuesday

_said = lived_on_tuesday


GRANDMA = "할머니 생신이 12월 20일이야"
GRANDSON = "my grandson's birthday is on december 20"


# 1. Korean: whose day it is, from the fact; a bare 전에 is the day before, 생신날 the day itself
@pytest.mark.parametrize("told, said, desc, due", [
    (GRANDMA, "생신 3일 전에 카드 보내야 해", "할머니 생신 카드 보내기", "2026-12-17"),
    (GRANDMA, "생신 전에 선물 사야 돼", "할머니 생신 선물 사기", "2026-12-19"),
    (GRANDMA, "생신날 전화드려야 해", "할머니 생신 전화드리기", "2026-12-20"),
    # held out
    ("남편 생일이 3월 3일이야", "남편 생일 일주일 전에 케이크 예약해야 돼", "남편 생일 케이크 예약하기", "2027-02-24"),
    ("남편 생일이 3월 3일이야", "생일 일주일 전에 케이크 예약해야 돼", "남편 생일 케이크 예약하기", "2027-02-24"),
    ("결혼기념일은 5월 10일이야", "결혼기념일 전날 꽃 사야 돼", "결혼기념일 꽃 사기", "2027-05-09"),
    ("결혼기념일은 5월 10일이야", "결혼기념일날 꽃 사야 돼", "결혼기념일 꽃 사기", "2027-05-10"),
    ("아빠 생신은 12월 15일이야", "생신 전까지 용돈 보내야 해", "아빠 생신 용돈 보내기", "2026-12-14"),
])
async def test_korean_deed_before_a_day_told_is_due_and_named_whole(tmp_path, told, said, desc, due):
    replies, calls, agenda, _ = await _said(tmp_path, told, said)
    assert (desc, due) in agenda, (replies, agenda)
    assert "언제" not in replies[1] and not calls


async def test_guard_korean_no_dated_fact_keeps_no_due_and_asks_nothing(tmp_path):
    replies, _, agenda, _ = await _said(tmp_path, "카드 보내야 해")
    assert agenda == [("카드 보내기", None)] and "언제" not in replies[0] and "?" not in replies[0]


async def test_guard_korean_before_an_untold_day_is_the_desk_s(tmp_path):
    # no such day told: the desk's own reading, no due made up and no question of ours
    replies, _, agenda, _ = await _said(tmp_path, "시험 전에 공부해야 돼")
    assert "누구" not in replies[0] and all(due is None for _, due in agenda), (replies, agenda)


# 2. A day told again: the promise made for it moves by as much, and the fact is updated
async def test_his_birthday_told_again_moves_the_card(tmp_path):
    replies, _, agenda, facts = await _said(tmp_path, GRANDSON, "i should send him a card a few days before his birthday",
                                            "actually his birthday is december 22")
    assert "send your grandson a card for his birthday, now by Saturday, December 19." in replies[2], replies
    assert replies[2].startswith("Updated: my grandson's birthday is on december 22")
    assert agenda == [("send my grandson a card for his birthday", "2026-12-19")]
    assert facts == ["my grandson's birthday is on december 22"]


@pytest.mark.parametrize("retold", [
    "my grandson's birthday is december 22",        # the fact said whole (kept as a "where" before: both days kept)
    "oh wait, his birthday moved to december 22",   # held out
])
async def test_held_out_day_told_again(tmp_path, retold):
    replies, _, agenda, facts = await _said(tmp_path, GRANDSON, "i have to buy a present for my grandson before his birthday",
                                            retold)
    assert ("buy a present for my grandson for his birthday", "2026-12-21") in agenda, (replies, agenda)
    assert len(facts) == 1 and "december 22" in facts[0], facts


async def test_korean_day_told_again_moves_what_was_made_for_it(tmp_path):
    replies, _, agenda, facts = await _said(tmp_path, GRANDMA, "생신 3일 전에 카드 보내야 해", "할머니 생신 12월 22일로 바뀌었어")
    assert agenda == [("할머니 생신 카드 보내기", "2026-12-19")], (replies, agenda)
    assert "함께 옮겼어요: 할머니 생신 카드 보내기" in replies[2]
    assert facts == ["할머니 생신은 12월 22일이야"]


async def test_guard_her_birthday_told_is_not_the_grandson_s(tmp_path):
    # "her" fits no kept fact: not read as the grandson's day told again; the card stays
    _, _, agenda, facts = await _said(tmp_path, GRANDSON, "i should send him a card a few days before his birthday",
                                      "her birthday is december 22")
    assert ("send my grandson a card for his birthday", "2026-12-17") in agenda
    assert "my grandson's birthday is on december 20" in facts


def test_guard_retold_reads_only_a_day_told_again():
    assert day_retold("his birthday is coming up")[2] == "on coming up"   # (no day in it: the assistant leaves it)
    assert day_retold("i need his birthday card") is None
    assert ko_day_retold("회의 3시로 바뀌었어") is None
    assert ko_day_retold("할머니 생신 장소가 강남으로 바뀌었어") is None
    assert day_retold("actually " * 600) is None
    assert told_topic("my car is on level 3") == "car (where)"   # a place after "on" is still a where
    assert told_topic("엄마가 최고야") == ""


# 3. The "Whose birthday do you mean?" question answered with a name
@pytest.mark.parametrize("reply, desc, due", [
    ("the nephew", "send my nephew a card for his birthday", "2026-12-21"),
    ("my grandson's", "send my grandson a card for his birthday", "2026-12-19"),
    ("nephew", "send my nephew a card for his birthday", "2026-12-21"),   # held out
])
async def test_whose_birthday_answered_with_the_name(tmp_path, reply, desc, due):
    replies, _, agenda, _ = await _said(tmp_path, GRANDSON, "my nephew's birthday is on december 22",
                                        "i should send him a card before his birthday", reply)
    assert replies[2].startswith("Whose birthday do you mean")
    assert agenda == [(desc, due)], (replies, agenda)


async def test_korean_whose_birthday_answered_with_the_name(tmp_path):
    replies, _, agenda, _ = await _said(tmp_path, "손자 생일이 12월 20일이야", "조카 생일이 12월 22일이야",
                                        "생일 전에 카드 보내야 해", "조카")
    assert replies[2] == "누구 생일 말씀이세요: 손자(12월 20일) 아니면 조카(12월 22일)?"
    assert agenda == [("조카 생일 카드 보내기", "2026-12-21")], (replies, agenda)


async def test_guard_anything_else_drops_the_question(tmp_path):
    replies, _, agenda, _ = await _said(tmp_path, GRANDSON, "my nephew's birthday is on december 22",
                                        "i should send him a card before his birthday", "i need to buy milk", "the nephew")
    assert ("buy milk", None) in agenda
    assert not any("card" in desc for desc, _ in agenda), (replies, agenda)


def test_guard_owner_named_only_of_the_ones_offered():
    owners = ["grandson's", "nephew's"]
    assert owner_named("both", owners) is None and owner_named("what time is it", owners) is None
    assert owner_named("my niece", owners) is None
    assert ko_owner_named("내일 날씨 어때", ["손자", "조카"]) is None and ko_owner_named("조카요", ["손자", "조카"]) == "조카"
