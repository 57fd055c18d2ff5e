"""A move with no time asks to when (found by the forty-third session: "move the call" and "밥 전화 옮겨줘" went to
the model, which may say it moved the promise; nothing moved). Real agenda service and Kiwi, no model."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.mark.parametrize(("first", "move", "asked", "answer", "rows"), [
    ("I need to call Bob at 3pm tomorrow", "move the call", "When should I move call Bob to? It's tomorrow at 3 PM now.",
     "Friday at 4", [("call Bob", "2026-12-04 16:00")]),
    ("I need to call Bob at 3pm tomorrow", "can you reschedule the call to Bob?",
     "When should I move call Bob to? It's tomorrow at 3 PM now.", "Thursday at 10am", [("call Bob", "2026-12-03 10:00")]),
    ("I need to call Bob at 3pm tomorrow", "move it to another day",
     "When should I move call Bob to? It's tomorrow at 3 PM now.", "Friday", [("call Bob", "2026-12-04 15:00")]),
    ("내일 오후 3시에 밥한테 전화해야 해", "밥 전화 옮겨줘", "밥한테 전화하기, 언제로 옮길까요? 지금은 내일 오후 3시예요.",
     "금요일 4시", [("밥한테 전화하기", "2026-12-04 16:00")]),
])
def test_a_move_with_no_time_asks_to_when_and_the_answer_moves_it(desk, first, move, asked, answer, rows):
    said_to(desk, first)
    assert said_to(desk, move) == [asked]
    assert agenda_rows(desk)[0][1] != rows[0][1]
    said_to(desk, answer)
    assert agenda_rows(desk) == rows


@pytest.mark.parametrize(("first", "said"), [
    ("I need to move the couch tomorrow", "move the couch"),   # that promise's own deed
    ("I need to call Bob at 3pm tomorrow", "move the couch"),  # names nothing open
])
def test_guard_a_move_of_a_thing_is_not_asked_about(desk, first, said):
    said_to(desk, first)
    assert said_to(desk, said)[0] is None or not said_to(desk, said)[0].startswith("When should")


def test_guard_a_move_with_its_time_moves_at_once(desk):
    said_to(desk, "I need to call Bob at 3pm tomorrow")
    assert said_to(desk, "move the call to Friday") == ["Updated: call Bob, now Friday at 3 PM."]


def test_the_thing_of_someones_promise_is_moved_without_saying_whose(tmp_path, korean):
    """"Move the drill to Friday" of "return Tom's drill" went to the model (the forty-ninth session): the owner rule
    that keeps "the kids" from closing "the neighbour's kids" held the move too. With one such promise it moves, and
    the reply names it."""
    from tests.openloop.conftest import TUESDAY, agenda_desk

    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I promised Tom I would return his drill by Thursday", "s")
    reply = desk.handle("Move the drill to Friday.", "s")
    assert reply is not None and reply.text == "Updated: return Tom's drill, now by Friday."
    assert agenda_rows(desk) == [("return Tom's drill", "2026-12-04 23:59")]
