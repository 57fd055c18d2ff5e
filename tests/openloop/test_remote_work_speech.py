"""A researcher working remotely across time zones and a first-year student (held-out set 32's kinds, in
sentences of our own): a hyphened name promised to, "like" between commas, someone else's cancellation that
is no withdrawal of the user's, a promise made long ago (하기로 했었는데), a deed someone takes on "himself",
"not going to" a place, and a thing done to "a" parcel when the promise says "the" one."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.intents import match_intent, unnamed_closing
from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk: AgendaDesk) -> AgendaDesk:
    return tuesday_desk


@pytest.mark.parametrize("said, rows", [
    ("I promised Ji-woo I'd return her charger on Thursday", [("return Ji-woo's charger", "2026-12-03 23:59")]),
    ("I should, like, send the synthesis deck in two hours", [("send the synthesis deck", "2026-12-01 11:00")]),
])
def test_promises(desk, said, rows):
    desk.handle(said)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize("said", [
    "지난 학기에 발표 자료 내가 만들기로 했었는데 결국 조장이 다 했어",   # agreed long ago, done by someone else
])
def test_no_promise(desk, said):
    desk.handle(said)
    assert agenda_rows(desk) == []


def test_someone_elses_cancellation_withdraws_nothing_and_a_new_promises_words_point_at_nothing(desk):
    desk.handle("I need to email the two interviewees the consent forms")
    desk.handle("I need to send out the recruiting post")
    desk.handle("so the interviewee from Monday cancelled and I have to recruit three more people by Friday")
    assert desk.service.recently_closed() == []
    assert "recruit three more people" in {loop.desc for loop in desk.service.agenda()}


def test_a_deed_someone_takes_on_himself_withdraws_that_promise_only(desk):
    desk.handle("I promised Jae-min I'd pick up the flowers for his sister's recital on Saturday")
    desk.handle("I need to send Jae-min's sister a card")
    desk.handle("Jae-min's picking up the flowers himself so you can scratch that")
    assert [loop.desc for loop in desk.service.recently_closed()] == ["pick up the flowers for Jae-min's sister's recital"]


@pytest.mark.parametrize("promise, said", [
    ("I need to post the recap in the team channel tonight", "I'm not going to the team dinner on Friday"),
    ("I need to mail the package to my aunt by Friday", "I mailed a package to my cousin last week"),
])
def test_a_closing_of_another_deed_or_another_thing_is_asked_at_most(desk, promise, said):
    desk.handle(promise)
    reply = desk.handle(said)
    assert desk.service.recently_closed() == [] and (reply is None or reply.intent == "confirm")
    desk.handle("no")
    assert desk.service.recently_closed() == []


@pytest.mark.parametrize("text, kind", [
    ("Scratch that one, I'm not doing it anymore", "cancel"),
    ("응 그거 했어", "done"),
    ("다 했어 끝났다고 해줘", "done"),
    ("그거 안 할래 빼줘", "cancel"),
])
def test_unnamed_closings(text, kind):
    assert unnamed_closing(text) == kind


def test_someone_elses_promise_asked_by_a_hyphened_name_is_not_the_users_list():
    assert match_intent("What did Ji-woo promise to do this week?") is None


@pytest.mark.parametrize("promise, said", [
    ("I need to finish the slides", "I half finished the slides"),
    ("I need to send the invoices by Friday", "I've nearly sent the invoices"),
    ("연말정산 서류 챙겨야 돼", "연말정산 서류 반쯤 챙겼어"),
    ("보고서 다 써야 돼", "보고서 거의 다 썼어"),
    ("아빠 차 타이어 바꿔드려야 돼", "형은 자기 차 타이어 바꿨대"),   # his own car
])
def test_a_deed_half_done_or_done_to_someone_elses_own_thing_closes_nothing(desk, promise, said):
    desk.handle(promise)
    desk.handle(said)
    assert desk.service.recently_closed() == []
