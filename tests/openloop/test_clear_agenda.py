"""Closing the whole agenda by voice ("clear my agenda", "cancel everything", "일정 다 지워 줘", "mark them all
done"): asked first, closed only on a yes in time, with no model. Before, "clear my agenda" went to the model,
"cancel all of them" answered "I couldn't find all of them on your agenda" and "일정 다 지워줘" "'일정 다'을(를)
찾지 못했어요". Real agenda service on a JSONL file, real Korean analyzer."""

from __future__ import annotations

import pytest

from jarvisd.openloop.intents import match_intent
from jarvisd.openloop.model import LoopStatus
from tests.openloop.conftest import agenda_rows, said_to


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


said = said_to


@pytest.mark.parametrize(("text", "kind"), [
    ("clear my agenda", "cancel_all"), ("Jarvis, clear my whole to-do list please", "cancel_all"),
    ("cancel everything", "cancel_all"), ("delete all my reminders", "cancel_all"),
    ("remove everything from my agenda", "cancel_all"), ("cancel all of them", "cancel_all"),
    ("take everything off my list", "cancel_all"), ("wipe my schedule", "cancel_all"),
    ("cancel both of them", "cancel_all"),
    ("mark everything done", "done_all"), ("mark them all done", "done_all"), ("I did all of them", "done_all"),
    ("일정 다 지워줘", "cancel_all"), ("할 일 전부 취소해줘", "cancel_all"), ("다 취소해 줘", "cancel_all"),
    ("일정 비워 줘", "cancel_all"), ("둘 다 지워 줘", "cancel_all"),
    ("전부 다 했어", "done_all"), ("전부 완료 처리해 줘", "done_all"),
])
def test_a_closing_of_the_whole_agenda_is_its_own_intent(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind


@pytest.mark.parametrize("text", [
    "I need to cancel everything for the trip", "cancel the call", "cancel it", "다 했어", "그거 지워줘",
    "what's on my agenda", "did I clear my agenda?", "everything is done for the party tomorrow",
])
def test_what_names_one_promise_or_is_not_a_command_is_not_read_as_everything(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("cancel_all", "done_all")


def test_clear_my_agenda_asks_first_and_a_yes_cancels_every_promise(desk):
    replies = said(desk, "I need to call Bob tomorrow", "I have to email Ann on Friday", "clear my agenda")
    assert replies[-1] == "Cancel both things on your agenda: call Bob and email Ann? Say yes and I'll cancel them."
    assert len(agenda_rows(desk)) == 2     # nothing closed by the question
    assert said(desk, "yes") == ["Cancelled: call Bob and email Ann. Your agenda is clear."]
    assert agenda_rows(desk) == []
    assert {loop.status for loop in desk.service.all_loops()} == {LoopStatus.DISMISSED}


def test_mark_everything_done_closes_them_as_done(desk):
    said(desk, "I need to call Bob tomorrow", "I have to email Ann on Friday", "I need to pay rent on Monday")
    assert said(desk, "mark everything done")[0] == (
        "Mark all 3 things on your agenda done: call Bob, email Ann and pay rent? Say yes and I'll mark them done.")
    assert said(desk, "yep") == ["Marked done: call Bob, email Ann and pay rent. Your agenda is clear."]
    assert {loop.status for loop in desk.service.all_loops()} == {LoopStatus.DONE}


def test_a_no_leaves_the_agenda_as_it_was(desk):
    said(desk, "I need to call Bob tomorrow", "cancel everything")
    assert said(desk, "no") == ["OK, I left your agenda as it was."]
    assert agenda_rows(desk) == [("call Bob", "2026-12-02 23:59")]


def test_anything_else_drops_the_question_and_a_later_yes_closes_nothing(desk):
    said(desk, "I need to call Bob tomorrow", "clear my agenda")
    assert said(desk, "I need to pay rent on Monday") == ["Got it: pay rent, by Monday."]
    said(desk, "yes")
    assert [desc for desc, _ in agenda_rows(desk)] == ["pay rent", "call Bob"]


def test_a_yes_after_the_two_minutes_closes_nothing_and_says_so(desk):
    said(desk, "I need to call Bob tomorrow", "clear my agenda")
    now = desk.service.clock()
    desk.service.clock = lambda: now + 180
    assert said(desk, "yes") == [
        "That question timed out, so I left your agenda as it was. Say it again if you still want it."]
    assert len(agenda_rows(desk)) == 1


def test_a_promise_added_elsewhere_while_asked_stays_open(desk):
    said(desk, "I need to call Bob tomorrow", "clear my agenda")
    desk.service.add("water the plants")       # the HUD or another session, between the question and the yes
    assert said(desk, "yes") == ["Cancelled: call Bob. 1 thing added since is still open."]
    assert agenda_rows(desk) == [("water the plants", "-")]


def test_an_empty_agenda_is_said_so(desk):
    assert said(desk, "clear my agenda") == ["Your agenda is already clear."]
    assert said(desk, "일정 다 지워줘") == ["할 일 목록이 이미 비어 있어요."]


def test_korean_asks_and_closes_in_korean(desk):
    said(desk, "내일 민수한테 전화해야 해", "금요일까지 보고서 보내야 해")
    assert said(desk, "일정 다 지워줘") == [
        "할 일 2개(민수한테 전화하기, 보고서 보내기)를 모두 목록에서 지울까요? 맞으면 '응'이라고 해 주세요."]
    assert said(desk, "응") == ["2개를 목록에서 지웠어요: 민수한테 전화하기, 보고서 보내기. 이제 할 일이 없어요."]
    assert agenda_rows(desk) == []


@pytest.mark.parametrize(("answer", "status"), [
    ("cancel all of them", LoopStatus.DISMISSED), ("cancel both of them", LoopStatus.DISMISSED),
    ("mark them all done", LoopStatus.DONE), ("both", LoopStatus.DISMISSED),
])
def test_all_of_them_to_which_one_closes_the_options_offered_not_the_whole_agenda(desk, answer, status):
    said(desk, "I need to call Bob tomorrow", "I need to call Ann on Friday", "I need to email Ann")
    assert said(desk, "cancel the call") == ["Which one: call Bob, or call Ann?"]
    said(desk, answer)
    assert agenda_rows(desk) == [("email Ann", "-")]
    assert {loop.desc: loop.status for loop in desk.service.all_loops()}["call Ann"] == status


def test_which_one_offers_the_promises_by_their_due(desk):
    # pass 37's low: the options were said in the order the words matched, not as the agenda is read
    said(desk, "I need to call Ann on Friday", "I need to call Bob tomorrow")
    assert said(desk, "cancel the call") == ["Which one: call Bob, or call Ann?"]


def test_yes_and_more_closes_them_then_reads_the_rest(desk):
    # pass 38: "yes, and I need to email Ann tomorrow" kept the email and left the call the user said yes to cancel
    said(desk, "I need to call Bob on Friday", "clear my agenda")
    assert said(desk, "yes, and I need to email Ann tomorrow") == [
        "Cancelled: call Bob. Your agenda is clear. Got it: email Ann, by tomorrow."]
    assert agenda_rows(desk) == [("email Ann", "2026-12-02 23:59")]


@pytest.mark.parametrize(("command", "asked", "status"), [
    ("cancel all my calls", "Cancel both calls on your agenda: call Ann and call Bob? Say yes and I'll cancel them.",
     LoopStatus.DISMISSED),
    ("mark all the calls done", "Mark both calls on your agenda done: call Ann and call Bob? Say yes and I'll mark them done.",
     LoopStatus.DONE),
    ("cancel every call", "Cancel both calls on your agenda: call Ann and call Bob? Say yes and I'll cancel them.",
     LoopStatus.DISMISSED),
])
def test_every_promise_of_one_deed_is_asked_about_and_closed_the_rest_kept(desk, command, asked, status):
    # pass 38: "cancel all my calls" answered "I couldn't find all your calls on your agenda."
    said(desk, "I need to call Bob on Friday", "I need to call Ann tomorrow", "I need to email Ann")
    assert said(desk, command) == [asked]
    assert said(desk, "yes") == [f"{'Marked done' if status == LoopStatus.DONE else 'Cancelled'}: call Ann and call Bob."]
    assert agenda_rows(desk) == [("email Ann", "-")]
    assert {loop.status for loop in desk.service.all_loops() if loop.desc.startswith("call")} == {status}


def test_a_plain_korean_order_to_delete_everything_is_asked_too(desk):
    said(desk, "내일 민수한테 전화해야 해")
    assert said(desk, "다 지워") == ["할 일(민수한테 전화하기)을 목록에서 지울까요? 맞으면 '응'이라고 해 주세요."]
    assert said(desk, "네") == ["1개를 목록에서 지웠어요: 민수한테 전화하기. 이제 할 일이 없어요."]


@pytest.mark.parametrize(("command", "asked"), [
    ("cancel everything except Bob", "Cancel both things on your agenda: email Ann and buy milk?"),
    ("cancel everything but the call to Bob", "Cancel both things on your agenda: email Ann and buy milk?"),
    ("except for Bob, cancel everything", "Cancel both things on your agenda: email Ann and buy milk?"),
    ("clear my agenda other than the call", "Cancel both things on your agenda: email Ann and buy milk?"),
    ("cancel all except the email and the milk", "Cancel the one thing on your agenda: call Bob?"),
])
def test_an_exception_stays_open_and_the_rest_is_asked_about(desk, command, asked):
    """Before, "cancel everything but the call to Bob" cancelled the call to Bob, the one to keep, and "cancel
    everything except Bob" answered "I couldn't find everything except bob on your agenda"."""
    said(desk, "I need to call Bob tomorrow", "I need to email Ann on Friday", "I need to buy milk")
    assert said(desk, command)[0].startswith(asked)
    said(desk, "yes")
    kept = ["call Bob"] if asked.startswith("Cancel both") else ["buy milk", "email Ann"]
    assert sorted(desc for desc, _ in agenda_rows(desk)) == kept


def test_a_korean_exception_stays_open(desk):
    # before: "밥 전화 빼고 다 취소해줘" cancelled 밥한테 전화하기, the one to keep, at once
    said(desk, "내일 밥한테 전화해야 해", "금요일에 앤한테 이메일 보내야 해", "우유 사야 해")
    assert said(desk, "밥 전화 빼고 다 취소해줘") == [
        "할 일 2개(앤한테 이메일 보내기, 우유 사기)를 모두 목록에서 지울까요? 맞으면 '응'이라고 해 주세요."]
    said(desk, "응")
    assert [desc for desc, _ in agenda_rows(desk)] == ["밥한테 전화하기"]


def test_a_korean_exception_said_with_leave_stays_open(desk):
    said(desk, "내일 밥한테 전화해야 해", "우유 사야 해")
    assert said(desk, "우유만 남기고 다 지워줘")[0].startswith("할 일(밥한테 전화하기)을 목록에서 지울까요?")


def test_an_exception_that_names_nothing_closes_nothing(desk):
    said(desk, "I need to call Bob tomorrow", "I need to email Ann on Friday")
    assert said(desk, "cancel everything except Dave", "yes")[0] == \
        "I couldn't find dave on your agenda, so I changed nothing."
    assert len(agenda_rows(desk)) == 2


def test_all_of_them_but_one_to_which_one_closes_the_other_options(desk):
    said(desk, "I need to call Bob tomorrow", "I need to call Ann on Friday", "I need to email Ann")
    assert said(desk, "cancel the call") == ["Which one: call Bob, or call Ann?"]
    said(desk, "cancel all of them except Ann")
    assert sorted(desc for desc, _ in agenda_rows(desk)) == ["call Ann", "email Ann"]


def test_an_exception_that_is_all_that_is_open_says_so(desk):
    # the session's daemon run: "Your agenda is already clear." with the call to Bob still open
    said(desk, "I need to call Bob tomorrow")
    assert said(desk, "cancel everything except Bob") == [
        "There's nothing else on your agenda: only call Bob. I left it as it is."]
    assert len(agenda_rows(desk)) == 1
