"""Taking back the agenda's last change by voice (`openloop/undo.py`). Found by the forty-second session: nothing but
the HUD's ↺ undid a change; "I called Bob" then "actually I didn't, he didn't pick up" left the call done, and "put
it back on my list" made a promise named "it back". Real agenda service on a JSONL file, real Korean analyzer."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.openloop.undo import undo_said
from tests.openloop.conftest import TUESDAY, FakeClock, agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


said = said_to


@pytest.mark.parametrize("undo", ["undo that", "Undo.", "put it back on my list", "actually I didn't, he didn't pick up",
                                  "no wait, I didn't call him", "that's not done", "oops, that was a mistake",
                                  "reopen the call to Bob", "the call to Bob isn't done yet"])
def test_a_closing_taken_back_reopens_the_promise(desk, undo):
    said(desk, "I need to call Bob tomorrow", "I need to email Ann on Friday", "I called Bob")
    assert said(desk, undo) == ["OK, call Bob is back on your agenda."]
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["call Bob", "email Ann"]


@pytest.mark.parametrize("undo", ["아 아니다 안 했어", "되돌려 줘", "원래대로 해줘", "밥 전화 다시 넣어줘"])
def test_a_korean_closing_taken_back_reopens_the_promise(desk, undo):
    said(desk, "내일 밥한테 전화해야 해", "밥한테 전화했어")
    assert said(desk, undo) == ["다시 목록에 넣었어요: 밥한테 전화하기."]
    assert [desc for desc, _ in agenda_rows(desk)] == ["밥한테 전화하기"]


@pytest.mark.parametrize("undo", ["undo", "that's not what I said"])
def test_a_promise_just_added_is_taken_off(desk, undo):
    said(desk, "I need to email Ann on Friday", "I need to call Bob tomorrow")
    assert said(desk, undo) == ["OK, I took call Bob off your agenda."]
    assert [desc for desc, _ in agenda_rows(desk)] == ["email Ann"]


def test_a_cancel_taken_back_reopens_it(desk):
    said(desk, "I need to call Bob tomorrow", "cancel the call to Bob")
    assert said(desk, "undo") == ["OK, call Bob is back on your agenda."]


@pytest.mark.parametrize("other", ["I didn't email Ann", "I didn't sleep well", "I haven't decided"])
def test_a_denial_of_another_deed_takes_nothing_back(desk, other):
    said(desk, "I need to call Bob tomorrow", "I need to email Ann on Friday", "I called Bob")
    said(desk, other)
    assert [desc for desc, _ in agenda_rows(desk)] == ["email Ann"]


def test_undo_with_nothing_changed_says_so(desk):
    """Just started, the desk cannot know what changed before a restart, and says so rather than that nothing did
    (pass 48b's low: "I haven't changed anything in the last ten minutes" 20 s after "I fed the cat" and a
    SIGKILL); ten minutes on, nothing changed is nothing changed."""
    assert said(desk, "undo", "되돌려 줘") == ["There's nothing I can undo: I don't remember changes from before I restarted.",
                                          "되돌릴 게 없어요. 제가 다시 시작하기 전에 바꾼 건 기억하지 못해요."]


def test_undo_ten_minutes_after_the_start_with_nothing_changed_says_nothing_changed(tmp_path, korean):
    clock = FakeClock(TUESDAY.timestamp())
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=TUESDAY.tzinfo, clock=clock),
                      korean)
    clock.advance(601)
    assert said(desk, "undo")[0].startswith("There's nothing on your agenda to undo")


@pytest.mark.parametrize(("said_before", "undo", "reply", "rows"), [
    (["I need to call Bob at 3pm tomorrow", "make it 5pm"], "undo that",
     "OK, moved back: call Bob, tomorrow at 3 PM.", [("call Bob", "2026-12-02 15:00")]),
    (["I need to call Bob tomorrow", "I'll call him next week"], "undo that",
     "OK, moved back: call Bob, by tomorrow.", [("call Bob", "2026-12-02 23:59")]),
    (["I need to call Bob tomorrow", "push it back a day"], "undo",
     "OK, moved back: call Bob, by tomorrow.", [("call Bob", "2026-12-02 23:59")]),
    (["내일 오후 3시에 밥한테 전화해야 해", "5시로 바꿔줘"], "되돌려 줘",
     "밥한테 전화하기, 다시 내일 오후 3시로 돌려놨어요.", [("밥한테 전화하기", "2026-12-02 15:00")]),
])
def test_a_move_is_undone_to_the_time_it_had(desk, said_before, undo, reply, rows):
    """The forty-third session: "undo that" after a move answered "I can't undo a new time"."""
    said(desk, *said_before)
    assert said(desk, undo) == [reply]
    assert agenda_rows(desk) == rows


def test_undoing_a_move_brings_back_the_reminder_it_had(desk):
    said(desk, "I need to call Bob at 3pm tomorrow", "remind me an hour before", "move the call to Friday", "undo")
    (loop,) = desk.service.agenda()
    assert (loop.due_ms - loop.remind_ms) == 3_600_000 and agenda_rows(desk) == [("call Bob", "2026-12-02 15:00")]


def test_an_undo_after_ten_minutes_takes_nothing_back(tmp_path, korean):
    clock = FakeClock(TUESDAY.timestamp())
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=TUESDAY.tzinfo, clock=clock),
                      korean)
    said(desk, "I need to call Bob tomorrow", "I called Bob")
    clock.advance(601)
    assert said(desk, "undo that")[0].startswith("There's nothing on your agenda to undo")
    assert agenda_rows(desk) == []


def test_guard_not_yet_still_answers_a_question_that_waits(desk):
    said(desk, "I need to call Bob tomorrow", "I need to call Ann tomorrow")
    assert said(desk, "cancel the call") == ["Which one: call Ann, or call Bob?"]
    assert said(desk, "not yet") == ["OK, I left it on your agenda."]


@pytest.mark.parametrize("text", ["what's on my agenda", "I need to put the dishes away", "bring the chairs back",
                                  "I didn't", "put them away"])
def test_guard_other_words_are_no_named_undo(text):
    said = undo_said(text.lower())
    assert said is None or (not said.named and (said.denial or not said.deed))


def test_a_denial_and_a_put_back_said_together_reopen_the_promise(desk):
    # pass 41: "actually I didn't, put it back on my list" after "I booked the vet" kept a promise named "it back"
    said(desk, "I need to book the vet tomorrow", "I booked the vet")
    assert said(desk, "actually I didn't, put it back on my list") == ["OK, book the vet is back on your agenda."]
    assert [desc for desc, _ in agenda_rows(desk)] == ["book the vet"]


def test_undo_of_a_move_that_took_its_tied_promises_along_says_them_in_one_sentence(tmp_path, korean):
    """The sixty-seventh session: "OK, moved back: move, by Saturday. OK, moved back: pay the deposit, by Friday. OK, moved
    back: return the van, by Monday, December 14." (one "OK, moved back" a promise)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from tests.openloop.conftest import agenda_desk

    desk = agenda_desk(tmp_path, korean, datetime(2026, 12, 7, 9, 0, tzinfo=ZoneInfo("UTC")))
    said_to(desk, "we're moving on saturday", "i need to pay the deposit the day before the move",
            "i have to return the van two days after the move", "push the move to sunday")
    assert said_to(desk, "undo that") == [
        "OK, moved back: move, by Saturday; pay the deposit, by Friday; and return the van, by Monday, December 14."]
