"""Words that look like a promise and are none (found by the forty-second session): "remind me what I need to buy"
kept a promise named "buy remind me what", "I have to admit the movie was good" one named "admit the movie was good",
"아내가 내일 밥한테 전화해야 해" (my wife has to call Bob: Kiwi read 아내가 as 아 + 나가) the user's own call."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize("text", [
    "remind me what I need to buy", "Remind me why I need to call Bob", "tell me why I need to call Bob",
    "why do I need to call Bob", "I have to admit the movie was good", "I must confess I forgot",
    "아내가 내일 밥한테 전화해야 해",
])
def test_no_promise_is_kept(desk, text):
    desk.handle(text, "s")
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("remind me to call Bob tomorrow", "call Bob"), ("remind me tomorrow that I need to call Bob", "call Bob"),
    ("아내한테 내일 전화해야 해", "아내한테 전화하기"), ("내가 내일 밥한테 전화해야 해", "밥한테 전화하기"),
])
def test_guard_a_promise_beside_them_is_still_kept(desk, text, kept):
    desk.handle(text, "s")
    assert [desc for desc, _ in agenda_rows(desk)] == [kept]


def test_a_nul_at_the_end_of_typed_text_is_not_kept_in_the_promise(desk):
    # pass 41's low: "buy 🥚 eggs \x00" kept the NUL in the description, said back
    desk.handle("I need to buy eggs\x00", "s")
    assert [desc for desc, _ in agenda_rows(desk)] == ["buy eggs"]
