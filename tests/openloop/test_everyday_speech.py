"""Everyday speech of a product manager at his desk (held-out set 29's kinds, in sentences of our own): a
time corrected inside "remind me at …", a causative "have X updated", Kiwi's 리 + 마인드, a name Kiwi splits
(민 + 지), a one-syllable verb said two ways (장 보러 / 장 보기), a part of the day said alone as the time
("저녁에"), and a place's hours that are no task done."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk: AgendaDesk) -> AgendaDesk:
    return tuesday_desk


@pytest.mark.parametrize("said, rows", [
    ("remind me at 2, no wait, 5 pm to book a room for the sprint review",
     [("book a room for the sprint review", "2026-12-01 17:00")]),
    ("I gotta have the onboarding doc reviewed by Friday 11 am", [("have the onboarding doc reviewed", "2026-12-04 11:00")]),
    ("I need to get the winter tires swapped tomorrow", [("get the winter tires swapped", "2026-12-02 23:59")]),
    ("한 시간 뒤에 빌드 다시 돌렸는지 확인하라고 리마인드해 줘", [("빌드 다시 돌렸는지 확인하기", "2026-12-01 10:00")]),
    # a part of the day said alone as the promise's when: today while it is still to come, else tomorrow
    ("저녁에 하나랑 시장 가서 장 보기로 했어", [("저녁에 하나랑 시장 가서 장 보기", "2026-12-01 23:59")]),
    ("새벽에 공항 가야 돼", [("새벽에 공항 가기", "2026-12-02 23:59")]),
    ("I'll call Jiyoon's mom in the afternoon", [("call Jiyoon's mom in the afternoon", "2026-12-01 23:59")]),
])
def test_everyday_promises_are_caught_with_their_time(desk, said, rows):
    desk.handle(said)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("promise, said, closed", [
    ("내일까지 제안서 초안 민지한테 보내야 돼", "제안서 초안 민지한테 보냈어", "제안서 초안 민지한테 보내기"),
    ("오늘 저녁에 하나랑 시장 가서 장 보기로 했어", "장 보러 가는 거 취소, 그냥 배달 시키기로 했어", "하나랑 시장 가서 장 보기"),
])
def test_everyday_closings_close_their_promise(desk, promise, said, closed):
    desk.handle(promise)
    desk.handle(said)
    assert [loop.desc for loop in desk.service.recently_closed()] == [closed]


def test_a_bare_dont_need_to_go_withdraws_only_the_promise_named(desk):
    desk.handle("저녁에 하나랑 시장 가서 장 보기로 했어")
    desk.handle("내일 치과 가야 돼")
    desk.handle("치과 예약 취소됐어 안 가도 돼")
    assert [loop.desc for loop in desk.service.recently_closed()] == ["치과 가기"]


@pytest.mark.parametrize("said", [
    "the daycare is closed on the 24th",   # a day it is closed: nothing asked, nothing closed
    "Hana's daycare is closed today",      # asked at most ("Do you mean …?"), never closed
    "the daycare's shut",
])
def test_a_places_hours_close_no_promise(desk, said):
    desk.handle("I promised I'd pick up Hana from daycare today at half past four")
    reply = desk.handle(said)
    assert desk.service.recently_closed() == []
    assert reply is None or reply.intent == "confirm"


def test_doing_it_oneself_closes_having_it_done(desk):
    """The daemon conversation of the eighteenth session: "I washed the car." for "have the car washed" was
    asked about as another deed; the washing is the promise's own deed."""
    desk.handle("I need to have the car washed tomorrow")
    desk.handle("I washed the car.")
    assert [loop.desc for loop in desk.service.recently_closed()] == ["have the car washed"]
