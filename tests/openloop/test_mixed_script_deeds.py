"""Pass 19: a promise of an English deed done to a Korean name ("call 태", "pay 민지", "call 김") had no verb
for the naming rules (its last word is Hangul, so the Korean rule looked for a -기 noun), so its "call" was
taken for a thing: any utterance with "call" or "pay" in it covered half of it, and a closing that named
nothing else closed it. "I paid the rent and called the bank" closed "call 태"; "I paid the rent. I need to
call Cy tomorrow" and "I fixed the sink, I need to pay the gas bill by Friday" closed "call 김" and "pay 태"."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.model import LoopStatus
from tests.openloop.conftest import agenda_desk

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 3, 9, 0, tzinfo=ZONE)


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, NOW)


@pytest.mark.parametrize("promise, said", [
    ("I need to call 태 tomorrow", "I paid the rent and called the bank"),
    ("I need to call 김 tomorrow", "I paid the rent. I need to call Cy tomorrow"),
    ("I need to pay 태 tomorrow", "I fixed the sink, I need to pay the gas bill by Friday"),
])
def test_an_english_deed_to_a_korean_name_is_not_closed_by_the_same_verb_said_of_something_else(desk, promise, said):
    desk.handle(promise)
    desk.handle(said)
    assert desk.service.recently_closed() == []


@pytest.mark.parametrize("promise, said", [
    ("I need to call 태 tomorrow", "I called 태"),
    ("I need to email 민지 tomorrow", "I emailed 민지"),
    ("I need to call 태 tomorrow", "태한테 전화했어"),
])
def test_naming_the_korean_name_still_closes_it(desk, promise, said):
    desk.handle(promise)
    desk.handle("I need to call the bank tomorrow")
    desk.handle(said)
    [closed] = desk.service.recently_closed()
    assert closed.status == LoopStatus.DONE and closed.desc == promise.removeprefix("I need to ").removesuffix(" tomorrow")
