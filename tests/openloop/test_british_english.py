"""A British bookkeeper's and a Korean nurse's everyday speech (held-out set 30's kinds, sentences of our
own): "close of play", "erm", "have the kids", "I don't suppose we'll", a reason clause that is no promise,
a time taken back in Korean, 이사하는 (no Jeju -사), a pet's name Kiwi reads as a subject, and the agenda asked
for the British way."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.intents import match_intent
from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk: AgendaDesk) -> AgendaDesk:
    return tuesday_desk


@pytest.mark.parametrize("said, rows", [
    ("I told Priya I'd have her payroll figures sorted out by close of play on Thursday",
     [("have Priya's payroll figures sorted out", "2026-12-03 23:59")]),
    ("I'll post the parcel by close of business", [("post the parcel", "2026-12-01 23:59")]),
    ("I've told my son I'll have the grandchildren on Sunday so he can go to the match",
     [("have the grandchildren", "2026-12-06 23:59")]),
    ("모레 동생 이사하는 거 도와주기로 했어", [("동생 이사하는 거 도와주기", "2026-12-03 23:59")]),
    ("오늘 밤 9시에 보리 약 먹여야 됨", [("보리 약 먹이기", "2026-12-01 21:00")]),
    ("내일 오전 10시 아 아니다 11시에 주민센터 가야 돼", [("주민센터 가기", "2026-12-02 11:00")]),
    # what "that" and "her" stand for, said clauses before
    ("The bulb order for the greenhouse has to go in by 8 December, so I'd better do that",
     [("do the bulb order for the greenhouse", "2026-12-08 23:59")]),
    ("Our Harry's got to be collected from football tonight, so I'll go and pick him up at six",
     [("pick Harry up", "2026-12-01 18:00")]),
    ("Dev from the choir said the newsletter needs checking, so I'll get that done by Thursday",
     [("get the newsletter done", "2026-12-03 23:59")]),
])
def test_promises_are_caught_with_their_time(desk, said, rows):
    desk.handle(said)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("said", [
    "If it rains on Sunday I don't suppose we'll bother with the car boot sale",
    "동생이 숙제 해야 돼",                       # the sibling's homework, not the user's
    "헬스 안 가기로 했어 돈 아껴야 돼서",          # the reason is no promise of its own
])
def test_no_promise(desk, said):
    desk.handle(said)
    assert agenda_rows(desk) == []


@pytest.mark.parametrize("text, kind, argument", [
    ("erm what's due tomorrow", "due_tomorrow", ""),
    ("Read me everything I've still got outstanding, would you", "list", ""),
    ("Can you remind me what's on my to-do list, love", "list", ""),
    ("What's on the cards for today, then?", "due_today", ""),
    ("Put the boiler one down as done", "done", "the boiler"),
    ("Get rid of the library one, would you", "cancel", "the library"),
    ("Did I say I'd do anything for Margaret", "promised_to", "margaret"),
    ("오늘 쉬는 날인데 해야 될 거 있어?", "due_today", ""),     # today, said with why
])
def test_the_agenda_asked_the_british_way(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent


def test_a_snooze_with_where_the_user_is_off_to():
    intent = match_intent("Ask me again in half an hour, I'm just nipping to the shop")
    assert intent is not None and (intent.kind, intent.minutes) == ("snooze", 30), intent
