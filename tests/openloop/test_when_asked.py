"""When one promise is due, asked by voice (`openloop/when_asked.py`), and a bare hour for a promise of a day (found
by the forty-second session: the questions went to the model, which makes a time up; "make it 5" after "email Ann on
Friday" moved it to Saturday at 5 AM). Real agenda service on a JSONL file, real Korean analyzer, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.when_asked import asked_when
from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows


@pytest.fixture
def desk(tmp_path, korean):
    d = agenda_desk(tmp_path, korean, TUESDAY)
    for promise in ("I need to call Bob at 3pm tomorrow", "I need to email Ann on Friday", "I need to buy milk"):
        d.handle(promise, "s")
    return d


@pytest.mark.parametrize(("question", "answer"), [
    ("what time is the call?", "Call Bob is tomorrow at 3 PM."),
    ("When is the email due?", "Email Ann is due by Friday."),
    ("is the call still on?", "Call Bob is tomorrow at 3 PM."),
    ("when do I need to email Ann?", "Email Ann is due by Friday."),
    ("when is the milk due?", "Buy milk has no time set."),
    ("where is the email due?", "Email Ann is due by Friday."),   # Whisper's "where" for "when" (run 70)
])
def test_the_due_of_the_promise_named_is_said_from_the_agenda(desk, question, answer):
    reply = desk.handle(question, "s")
    assert reply is not None and reply.text == answer and reply.intent == "when"


def test_korean_asks_in_korean(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("내일 오후 3시에 밥한테 전화해야 해", "s")
    desk.handle("금요일에 앤한테 이메일 보내야 해", "s")
    assert desk.handle("전화 몇 시였지?", "s").text == "밥한테 전화하기는 내일 오후 3시예요."
    assert desk.handle("이메일 언제까지야?", "s").text == "앤한테 이메일 보내기는 이번 주 금요일까지예요."


# ("what time is it?" and "지금 몇 시야?" are the clock's since the forty-fourth session: test_alarms.py)
@pytest.mark.parametrize("question", ["when is the dentist?", "where is the email?"])   # where, no "due": memory's
def test_a_question_naming_no_promise_is_left_to_the_model(desk, question):
    assert desk.handle(question, "s") is None


@pytest.mark.parametrize(("fix", "due"), [("make it 5", "2026-12-04 17:00"), ("make it 9", "2026-12-04 09:00"),
                                          ("make it 5am", "2026-12-04 05:00"), ("at 10:30", "2026-12-04 10:30")])
def test_a_bare_hour_for_a_promise_of_a_day_keeps_the_day(tmp_path, korean, fix, due):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I need to email Ann on Friday", "s")
    desk.handle(fix, "s")
    assert agenda_rows(desk) == [("email Ann", due)]


def test_the_words_a_question_names():
    assert asked_when("what time is the call") == "call"
    assert asked_when("when is it") is None and asked_when("what's on my agenda") is None


@pytest.mark.parametrize(("move", "due"), [("move the call to 4", "2026-12-02 16:00"),
                                           ("move the call to 4:30", "2026-12-02 16:30"),
                                           ("push the call to 4pm", "2026-12-02 16:00")])
def test_a_bare_hour_after_a_named_promise_moves_it(desk, move, due):
    # the forty-second session: only "move it to 4" moved; "move the call to 4" went to the model
    desk.handle(move, "s")
    assert dict(agenda_rows(desk))["call Bob"] == due


def test_the_thing_of_someones_promise_is_named_without_saying_whose(tmp_path, korean):
    """"When is the drill due?" of "return Tom's drill" went to the model (the forty-ninth session: SmolLM2 said "The
    drill is due tomorrow at 10:00 AM"): the owner rule that keeps "the kids" from closing "the neighbour's kids"
    held the question too. A question names it, and the answer says whose."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I promised Tom I would return his drill by Thursday", "s")
    desk.handle("I need to renew my wife's passport by Friday", "s")
    reply = desk.handle("When is the drill due?", "s")
    assert reply is not None and reply.text == "Return Tom's drill is due by Thursday."
    assert desk.handle("when is my passport due?", "s").text == "Renew your wife's passport is due by Friday."


@pytest.mark.parametrize(("question", "answer"), [
    # the forty-ninth session: to the model (SmolLM2: "observed on December 24"); the calendar's once no promise is named
    ("when is Christmas?", "Christmas is Friday, December 25."),
    ("크리스마스 언제야?", "크리스마스는 12월 25일 금요일이에요."),
])
def test_when_a_day_of_the_calendar_is_asked_the_calendar_answers(desk, question, answer):
    reply = desk.handle(question, "s")
    assert reply is not None and reply.text == answer


def test_when_the_users_own_appointment_is_asked_and_none_is_kept_it_is_said(desk):
    """"What time is the meeting?" with no meeting kept: the small model made a time up (the forty-ninth session)."""
    assert desk.when_unlisted("what time is the meeting?") == \
        "I don't have the meeting on your agenda. Tell me when it is, and I'll keep it."
    assert desk.when_unlisted("회의 몇 시였지?") == "일정에 회의는 없어요. 언제인지 알려 주시면 적어 둘게요."
    assert desk.when_unlisted("what time is the call?") is None   # "call Bob" is kept: the desk answers that
    assert desk.when_unlisted("when is the super bowl?") is None   # the world's
