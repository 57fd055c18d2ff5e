"""A to-do said as an order with its time ("pick up the dry cleaning tomorrow"), with "get" (the sixtieth session's
own chat: "plus get a haircut sometime this week" went to SmolLM2, "I'm here to assist with any other tasks, not just
haircuts"); where the user goes or how they are is no to-do ("get home by 6")."""

import pytest

from tests.openloop.conftest import agenda_desk, agenda_rows, said_to
from tests.openloop.test_midnight_day import TUESDAY_10


@pytest.mark.parametrize(("said", "kept"), [
    ("plus get a haircut sometime this week", [("get a haircut", "2026-12-06 23:59")]),
    ("and get a haircut on friday", [("get a haircut", "2026-12-04 23:59")]),
    ("get the car washed on saturday", [("get the car washed", "2026-12-05 23:59")]),
    ("get groceries tomorrow", [("get groceries", "2026-12-02 23:59")]),
])
def test_a_get_order_with_its_time_is_kept(tmp_path, korean, said, kept):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, said)
    assert agenda_rows(desk) == kept


@pytest.mark.parametrize("said", ["get home by 6", "get some rest tonight", "get ready by 8", "get up at 7 tomorrow",
                                  "get better soon", "get to the airport by noon"])
def test_guard_where_the_user_goes_or_how_they_are_is_no_to_do(tmp_path, korean, said):
    desk = agenda_desk(tmp_path, korean, TUESDAY_10)
    said_to(desk, said)
    assert [desc for desc, _ in agenda_rows(desk) if desc.startswith("get")] == []
