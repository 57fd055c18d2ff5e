"""Pass 19: a name spelled like a Scots or Pidgin word ("Tae", "Dae", "Awa", "Fae", "Sha", "Ma Yun", the
"Wi" of "Wi-Fi") was read as that word: "I need to call Tae tomorrow" was kept as "call" (then "I need to
call Sha tomorrow" was "already on your agenda: call", the second promise lost), "call Fae tomorrow" as
"call From tomorrow" with no due, "pick up Awa" as "pick up Away". A capitalized word after another word is
a name now; the regional words a recognizer writes in lower case are still read."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop import en_dialect
from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import agenda_desk, agenda_rows

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 3, 9, 0, tzinfo=ZONE)  # a Thursday


@pytest.fixture
def desk(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, NOW)


def agenda(desk: AgendaDesk) -> list[tuple[str, str]]:
    return sorted(agenda_rows(desk, "%Y-%m-%d %H:%M"))


def test_two_promises_to_people_named_like_scots_words_are_both_kept(desk):
    desk.handle("I need to call Tae tomorrow")
    reply = desk.handle("I need to call Sha tomorrow")
    assert "already" not in reply.text
    assert agenda(desk) == [("call Sha", "2026-12-04 23:59"), ("call Tae", "2026-12-04 23:59")]


@pytest.mark.parametrize("said, desc", [
    ("I need to email Dae by Friday", "email Dae"),
    ("I need to pick up Awa from school tomorrow", "pick up Awa from school"),
    ("I need to call Fae tomorrow", "call Fae"),
    ("I need to fix the Wi-Fi tomorrow", "fix the Wi-Fi"),
    ("I need to fix the wi-fi tomorrow", "fix the wi-fi"),
    ("I need to have lunch with Ma Yun on Friday", "have lunch with Ma Yun"),
])
def test_a_name_spelled_like_a_regional_word_is_kept_with_its_due(desk, said, desc):
    desk.handle(said)
    assert agenda(desk) == [(desc, "2026-12-04 23:59")]


@pytest.mark.parametrize("said, standard", [
    ("Gonnae remind me tae call Doon the morra", "Going to remind me to call Doon tomorrow"),
    ("Tae-yang needs a lift, I need tae drive him hame", "Tae-yang needs a lift, I need to drive him home"),
    ("I need tae phone the dentist the morra", "I need to phone the dentist tomorrow"),
    ("remind me later sha", "remind me later"),
    ("put it on ma list", "put it on my list"),
])
def test_the_regional_words_in_lower_case_or_first_are_still_read(said, standard):
    assert en_dialect.standard(said) == standard
