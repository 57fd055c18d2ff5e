"""Agenda questions the offline default sent to the chat model (session 45), answered from the agenda: the next
reminder or task, how many things a day holds, what is overdue, whether a deed was done, what was finished. Before,
with no Ollama, SmolLM2 made them up ("Your next reminder is to check your spam filters.", "You have 24 hours in a
day", "no, no you did not" of a deed marked done). Real agenda service and wording, no model."""

from __future__ import annotations

import pytest

from jarvisd.openloop.agenda_asked import deed_asked, finished_asked, next_asked, overdue_asked
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock, agenda_rows, said_to

TRASH = "remind me to take out the trash tonight"


@pytest.fixture
def desk(tuesday_desk):
    return tuesday_desk


@pytest.fixture
def moving(tmp_path, korean):
    """A desk whose clock moves by hand (Tuesday 2026-12-01 09:00 Seoul to start), and the clock."""
    clock = FakeClock(0)
    clock.set_local("2026-12-01 09:00")
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    return AgendaDesk(service, korean), clock


# ---------------------------------------------------------------- 1. the next reminder or task

@pytest.mark.parametrize("asked", ["what's my next reminder", "When is my next reminder?", "what's my next task",
                                   "what's my next deadline", "Jarvis, what is the next thing on my list?",
                                   "how long until my next reminder?", "how much time do I have before the next alarm",
                                   "다음 알림 뭐야", "다음 할 일 뭐야", "다음 알림 언제야?"])
def test_the_next_one_is_read_from_the_agenda(desk, asked):
    said = said_to(desk, "remind me at 6pm to call Bob", "remind me to pay rent on Friday", TRASH, asked)
    if asked[0] in "다":
        assert said[-1] in ("다음 알림: call Bob, 오늘 저녁 6시.", "다음 할 일: call Bob, 오늘 저녁 6시.")
    else:
        assert said[-1] in ("Your next reminder: call Bob, tonight at 6 PM.", "Next up: call Bob, tonight at 6 PM.")
    assert len(agenda_rows(desk)) == 3     # asked, nothing changed


def test_the_next_one_with_nothing_open_says_the_agenda_is_clear(desk):
    assert said_to(desk, "what's my next reminder", "다음 할 일 뭐야") == ["Your agenda is clear.", "할 일이 없어요."]


def test_the_next_one_skips_what_is_overdue_and_counts_it(moving):
    desk, clock = moving
    said_to(desk, "I need to email Ann by 10am", "I need to call Bob at 3pm")
    clock.set_local("2026-12-01 11:00")
    assert said_to(desk, "what's my next task") == ["Next up: call Bob, today at 3 PM. One more is overdue."]


def test_what_is_next_and_next_week_keep_their_answers(desk):
    said = said_to(desk, TRASH, "what's next", "다음 주 할 일 뭐야", "what's due next week")
    assert said[1] == "Next up: take out the trash, by the end of today."
    assert said[2].startswith("다음 주에 할 일은 없어요.")
    assert said[3].startswith("Nothing is due next week.")


@pytest.mark.parametrize("said", ["remind me to check my next reminder", "what's the next episode", "next week",
                                  "what's my next move in chess", "다음 주 뭐 있어", "다음에 할 일 알려줄게"])
def test_not_a_next_question(said):
    assert next_asked(said) is None


# ---------------------------------------------------------------- 2. how many things a day holds

@pytest.mark.parametrize(("asked", "reply"), [
    ("how many things do I have today", "You have one thing due today: take out the trash, by the end of today. "
                                        "2 more are open for later."),
    ("How many tasks do I have tomorrow?", "You have 2 things due by tomorrow: take out the trash, by the end of today; "
                                           "and call Bob, tomorrow at 3 PM. 1 more is open for later."),
    ("how many things do I have this week", "You have 2 things due this week: take out the trash, by the end of today; "
                                            "and call Bob, tomorrow at 3 PM. 1 more is open for later."),
    ("how busy am I today", "You have one thing due today: take out the trash, by the end of today. 2 more are open for later."),
    ("오늘 할 일 몇 개야", "오늘까지 할 일이 1개 있어요: take out the trash, 오늘까지. 그 밖에 열린 일이 2개 더 있어요."),
    ("내일 할 일 몇 개야?", "내일까지 할 일이 2개 있어요: take out the trash, 오늘까지; call Bob, 내일 오후 3시. "
                        "그 밖에 열린 일이 1개 더 있어요."),
])
def test_how_many_things_a_day_holds_is_its_list(desk, asked, reply):
    said = said_to(desk, TRASH, "I need to call Bob tomorrow at 3", "I need to renew my passport next month", asked)
    assert said[-1] == reply


def test_how_many_without_a_day_is_still_the_whole_list(desk):
    said = said_to(desk, TRASH, "how many things do I have to do", "남은 거 몇 개야")
    assert said[1:] == ["You have one thing on your agenda: take out the trash, by the end of today.",
                        "할 일이 1개 있어요: take out the trash, 오늘까지."]


# ---------------------------------------------------------------- 3. what is overdue

@pytest.mark.parametrize("asked", ["what's overdue", "What's over do?", "Anything overdue?", "do I have anything overdue", "what am I behind on",
                                   "any overdue tasks", "have I missed any deadlines"])
def test_overdue_reads_the_dues_passed(moving, asked):
    desk, clock = moving
    said_to(desk, "I need to email Ann by 10am", "I need to call Bob at 3pm", "I need to pay rent by Monday")
    clock.set_local("2026-12-01 11:00")
    assert said_to(desk, asked) == ["One thing is overdue: email Ann, due today at 10 AM."]
    clock.set_local("2026-12-01 15:30")   # (a due passed 6 hours ago leaves the agenda: expired)
    assert said_to(desk, asked) == ["2 things are overdue: email Ann, due today at 10 AM; and call Bob, due today at 3 PM."]
    assert len(agenda_rows(desk)) == 3     # asked, nothing closed


@pytest.mark.parametrize(("asked", "reply"), [("what's overdue?", "Nothing is overdue."),
                                              ("밀린 거 있어?", "기한이 지난 건 없어요."),
                                              ("기한 지난 거 뭐야", "기한이 지난 건 없어요."),
                                              ("마감 넘긴 일 있나", "기한이 지난 건 없어요.")])
def test_nothing_overdue_is_said_so(desk, asked, reply):
    assert said_to(desk, TRASH, asked)[1] == reply


def test_overdue_in_korean_lists_them(moving):
    desk, clock = moving
    said_to(desk, "10시까지 보고서 보내야 해")
    clock.set_local("2026-12-01 11:00")
    assert said_to(desk, "밀린 거 있어?") == ["기한이 지난 일이 1개 있어요: 보고서 보내기, 오늘 오전 10시."]


def test_today_behind_stays_the_day_list(desk):
    assert said_to(desk, TRASH, "오늘 뭐가 밀려 있어")[1] == "오늘까지 할 일이 1개 있어요: take out the trash, 오늘까지."


@pytest.mark.parametrize("said", ["the library book is overdue", "remind me to check what's overdue", "is the train late",
                                  "what's the latest news", "I'm behind on my taxes", "책 연체료 얼마야"])
def test_not_an_overdue_question(said):
    assert not overdue_asked(said)



# ---------------------------------------------------------------- 4. was a deed done

def test_a_deed_marked_done_is_said_done_with_when(moving):
    desk, clock = moving
    said_to(desk, TRASH)
    clock.set_local("2026-12-01 09:30")
    assert said_to(desk, "I took out the trash") == ["Marked done: take out the trash."]
    clock.set_local("2026-12-01 20:00")
    assert said_to(desk, "did I take out the trash?", "Did I take out the trash already") == \
        ["Yes: take out the trash, marked done today at 9:30 AM."] * 2
    assert agenda_rows(desk) == []     # nothing reopened


def test_a_deed_still_open_is_said_open_and_stays_open(desk):
    said = said_to(desk, TRASH, "did I take out the trash?", "have I taken out the trash yet?")
    assert said[1:] == ["Not yet: take out the trash is still on your agenda, by the end of today."] * 2
    assert agenda_rows(desk) == [("take out the trash", "2026-12-01 23:59")]   # asked: not closed


def test_a_cancelled_deed_is_said_cancelled(desk):
    said = said_to(desk, "I need to call Bob at 3pm", "cancel the call to Bob", "have I called Bob yet?")
    assert said[-1] == "No: call Bob was cancelled today at 9 AM."


def test_a_deed_that_expired_unfinished_is_no_guess(moving):
    desk, clock = moving
    said_to(desk, "I need to call Bob at 10am")
    clock.set_local("2026-12-01 17:00")     # due + 6 h: expired
    assert said_to(desk, "did I call Bob?") == ["Not as far as I know: call Bob was never marked done, and its due passed."]


def test_a_deed_never_on_the_agenda_is_said_so(desk):
    assert said_to(desk, TRASH, "did I call Bob?", "did I do the dishes")[1:] == ["It isn't on your agenda."] * 2


def test_korean_deeds(desk):
    said = said_to(desk, "내일 쓰레기 버려야 해", "쓰레기 버렸나?", "쓰레기 버렸어?", "쓰레기 버렸어", "쓰레기 버렸나?", "내가 보고서 보냈나?")
    assert said[1:3] == ["아직이에요. 쓰레기 버리기는 아직 열려 있어요 (내일까지)."] * 2
    assert said[3] == "완료로 표시했어요: 쓰레기 버리기."    # told, not asked: a closing
    assert said[4] == "네, 쓰레기 버리기는 오늘 오전 9시에 완료했어요."
    assert said[5] == "일정에서 찾지 못했어요."


@pytest.mark.parametrize("said", ["did I forget anything", "did I promise Mina anything", "did I wake you?",
                                  "have I got anything due tomorrow", "did I leave the stove on", "did I say something wrong",
                                  "잘 잤어?", "쓰레기 버렸어"])
def test_not_a_deed_asked_or_not_for_the_agenda(desk, said):
    asked = deed_asked(said.lower().rstrip("?"), said)
    assert asked is None or (not asked.task and said == "잘 잤어?")


def test_the_agenda_questions_with_did_i_keep_their_answers(desk):
    said = said_to(desk, TRASH, "did I forget anything", "did I promise Mina anything", "did I wake you?")
    assert said[1] == "You have one thing on your agenda: take out the trash, by the end of today."
    assert said[2] is not None and "Mina" in said[2]
    assert said[3] is None     # chat: the model's



# ---------------------------------------------------------------- 5. what was finished

def test_what_was_finished_is_read_by_its_span(moving):
    desk, clock = moving
    clock.set_local("2026-11-30 18:00")     # Monday: this week, yesterday
    said_to(desk, "I need to pay the gas bill", "I paid the gas bill")
    clock.set_local("2026-12-01 09:00")
    said_to(desk, TRASH, "I need to call Bob tomorrow", "I need to email Ann", "I took out the trash",
            "cancel the call to Bob")
    assert said_to(desk, "what did I finish today", "What have I done today?", "what did I get done this week",
                   "what did I finish yesterday", "오늘 뭐 끝냈어?", "이번 주에 끝낸 거 뭐야") == [
        "You finished one thing today: take out the trash.",
        "You finished one thing today: take out the trash.",
        "You finished 2 things this week: pay the gas bill; and take out the trash.",
        "You finished one thing yesterday: pay the gas bill.",
        "오늘 완료한 일이 1개 있어요: take out the trash.",
        "이번 주에 완료한 일이 2개 있어요: pay the gas bill; take out the trash."]
    assert agenda_rows(desk) == [("email Ann", "-")]     # asked: nothing reopened or closed


def test_nothing_finished_is_said_so(desk):
    assert said_to(desk, TRASH, "what did I finish today", "오늘 뭐 끝냈어?", "what did I finish yesterday")[1:] == [
        "Nothing marked done today yet.", "오늘 완료한 일은 아직 없어요.", "Nothing was marked done yesterday."]


@pytest.mark.parametrize("said", ["what did i do", "what have i done", "what did i do wrong", "what did i say",
                                  "what have i got to do today", "what did i promise mina", "오늘 뭐 했어"])
def test_not_a_finished_question(said):
    assert finished_asked(said) is None


def test_a_deed_asked_with_its_day_said_is_the_deed(desk):
    assert deed_asked("did i call bob yesterday").words == "call bob"
    assert said_to(desk, "I need to call Bob at 3pm", "did I call Bob yesterday?")[1] == \
        "Not yet: call Bob is still on your agenda, today at 3 PM."


# ---------------------------------------------------------------- what was missed (the forty-sixth session)

@pytest.mark.parametrize("asked", ["what did I miss?", "did I miss anything", "what did I forget?",
                                   "is there anything I forgot", "뭐 놓친 거 있어?", "까먹은 거 있어?"])
def test_what_did_i_miss_reads_what_expired_unfinished_and_what_is_overdue(moving, asked):
    """Before: "what did I miss?" went to the model; a promise 6 h past its due had expired, and no answer showed it."""
    desk, clock = moving
    assert said_to(desk, asked)[0] in ("Nothing was missed this week, and nothing is overdue.", "놓친 건 없어요.")
    said_to(desk, "remind me to call Bob at 3pm", "I need to pay rent by tomorrow", "remind me to email Ann at 9pm")
    clock.set_local("2026-12-02 23:30")   # the call expired at 21:00; the email is 26 h late, expired too; rent is due
    said = said_to(desk, asked)[0]
    if asked[0] in "뭐까":
        assert said == "끝내지 못하고 지나간 일이 2개 있어요: email Ann, 어제 밤 9시; call Bob, 어제 오후 3시."
    else:
        assert said == ("2 things passed unfinished this week: email Ann, due yesterday at 9 PM; and call Bob, due "
                        "yesterday at 3 PM.")   # the latest first


def test_guard_what_did_i_miss_of_a_repeating_promise_says_that_time_not_the_rule(moving):
    desk, clock = moving
    said_to(desk, "remind me every day at 8am to take my pills")
    clock.set_local("2026-12-02 15:00")
    assert said_to(desk, "what did I miss?") == ["One thing passed unfinished this week: take your pills, due today at 8 AM."]


@pytest.fixture
def sunday(tmp_path, korean):
    clock = FakeClock(0)
    clock.set_local("2026-12-06 10:00")   # a Sunday
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
    said_to(desk, "I need to call Bob tomorrow", "I need to pay rent on Friday", "I'll renew my passport before March")
    return desk


@pytest.mark.parametrize(("asked", "said"), [
    # the fiftieth session: "Nothing is due this week. 3 more are open for later." (the week ending today)
    ("What's on my plate this week?", "You have 2 things due this week: call Bob, by tomorrow; and pay rent, by Friday. "
                                      "1 more is open for later."),
    # in Korean the week ahead is said by its name, after today's (the sixty-first session: "다음 주 금요일까지" was
    # read out under "이번 주까지")
    ("이번 주 할 일 뭐야", "이번 주는 오늘이 마지막 날이에요. 오늘까지 할 일은 없어요. 다음 주에는 할 일이 2개 있어요: "
                      "call Bob, 내일까지; pay rent, 다음 주 금요일까지. 그 밖에 열린 일이 1개 더 있어요."),
])
def test_this_week_asked_on_a_sunday_is_the_week_ahead(sunday, asked, said):
    assert said_to(sunday, asked) == [said]


@pytest.mark.parametrize(("asked", "said"), [
    # the fiftieth session: these went to the model ("Tomorrow is a day of rest and rejuvenation.")
    ("Anything else for tomorrow?", "Tomorrow you have one thing due: call Bob, by tomorrow."),
    ("what about tomorrow?", "You have one thing due by tomorrow: call Bob, by tomorrow. 2 more are open for later."),
    ("What about Friday?", "On Friday you have one thing due: pay rent, by Friday."),
    ("anything else on Friday?", "On Friday you have one thing due: pay rent, by Friday."),
])
def test_a_day_asked_with_else_or_what_about_is_read_from_the_agenda(sunday, asked, said):
    assert said_to(sunday, asked) == [said]


def test_what_else_right_after_a_list_reads_the_rest_then_says_that_is_all(sunday):
    assert said_to(sunday, "what else?") == [None]   # nothing was read out: not the agenda's question
    assert said_to(sunday, "What about Friday?", "what else?", "anything else?", "그게 다야?") == [
        "On Friday you have one thing due: pay rent, by Friday.",
        "Also: call Bob, by tomorrow; and renew your passport, by Sunday, February 28, 2027.",
        "That's everything on your agenda.", "그게 다예요."]


@pytest.mark.parametrize("asked", ["What's most urgent?", "what should I do first?", "what is my top priority",
                                   "what's the most important thing on my list"])
def test_what_is_most_urgent_is_the_next_one(desk, asked):
    """The fiftieth session: to the model, "The most urgent thing is to get the latest news."."""
    said = said_to(desk, "I need to renew the car insurance by the end of the month", "I need to call Bob at 5pm", asked)
    assert said[-1] == "Next up: call Bob, today at 5 PM."


@pytest.mark.parametrize("asked", ["How many days until the insurance is due?", "how many days do I have for the insurance",
                                   "how long do I have to renew the insurance"])
def test_how_many_days_until_a_promise_is_read_from_the_agenda(desk, asked):
    """The fiftieth session: to the model, "The insurance company will issue a refund within 24 hours …"."""
    said = said_to(desk, "I need to renew the car insurance by the end of the month", asked)
    assert said[-1] == "Renew the car insurance is due by Thursday, December 31, in 30 days."
    assert said_to(desk, "how many days until christmas")[0].startswith("Christmas is in 24 days")


def test_not_yet_push_it_after_did_i_moves_the_one_asked_about_and_sets_no_reminder(moving):
    """The fiftieth session: "Not yet, push it to tomorrow." after "Did I pick up the prescription?" answered "There's no
    reminder to snooze right now. It's already marked done: call with the bank."; then, with the focus fixed, it also
    set a reminder in 10 minutes ("not yet" read as a snooze with no reminder said)."""
    desk, _clock = moving
    said_to(desk, "I have a call with the bank at 11", "I need to pick up my prescription before 6", "Done with the bank.")
    assert said_to(desk, "Did I pick up the prescription?", "Not yet, push it to tomorrow.") == [
        "Not yet: pick up your prescription is still on your agenda, tonight at 6 PM.",
        "Updated: pick up your prescription, now tomorrow at 6 PM."]
    [loop] = desk.service.agenda()
    assert loop.remind_ms != desk.service.now_ms() + 600_000   # no snooze of 10 minutes


def test_the_nth_thing_asked_is_read_and_mark_it_done_closes_it(desk):
    """The fiftieth session: "What's the second thing on my list?" read the whole list and "Mark it done." asked which."""
    said_to(desk, "I need to submit my expense report by Friday 5pm", 'Put "call the vet" on my list.')
    assert said_to(desk, "What's the second thing on my list?", "Mark it done.", "두 번째 할 일 뭐야?") == [
        "The second of 2: call the vet.", "Marked done: call the vet.",
        "할 일이 1개 있어요: submit my expense report, 이번 주 금요일 오후 5시."]   # one left: the list
    assert said_to(desk, "what's my next task", "mark it as done") == [
        "Next up: submit your expense report, Friday at 5 PM.", "Marked done: submit your expense report."]


@pytest.mark.parametrize(("asked", "said"), [
    # the fiftieth session: to the model ("Busan is a destination, not a place. You can't travel there.")
    ("When am I going to Busan?", "Go to Busan is due by Sunday, December 20."),
    ("How about the vet, when is that?", "Call the vet has no time set."),
    ("what about the vet?", "Call the vet has no time set."),
])
def test_when_am_i_going_and_what_about_are_read_from_the_agenda(desk, asked, said):
    said_to(desk, "I'm going to Busan on the 20th.", 'Put "call the vet" on my list.')
    assert said_to(desk, asked) == [said]


def test_a_family_word_asked_of_is_for_your_wife_and_who_to_pick_up_is_listed(desk):
    """The fiftieth session: "What did I promise my wife?" answered "You promised Wife: …"; "Who do I need to pick up
    today?" went to the model ("I'm not here to pick up your phone.")."""
    said_to(desk, "I promised my wife I'd fix the sink this weekend.", "I have to pick up the kids at 3:30.")
    assert said_to(desk, "What did I promise my wife?", "Who do I need to pick up today?", "what did I promise my boss") == [
        "For your wife: fix the sink, by Sunday.",
        "You have one thing to pick up: pick up the kids, today at 3:30 PM.",
        "I have nothing you promised your boss."]


def test_someone_else_taking_a_promise_on_after_i_cant_withdraws_it(desk):
    """The fiftieth session: "I can't pick up my brother, his friend will." went to the model ("I'm not able to speak in
    English.")."""
    said_to(desk, "my brother's flight lands Thursday at 9pm, I need to pick him up.", "I need to walk the dog tonight")
    assert said_to(desk, "I can't pick up my brother, his friend will.", "I won't be able to walk the dog, Sam will do it",
                   "I need to call mom", "I can't call mom, I'm busy") == [
        "OK, I took it off your agenda: pick your brother up.", "OK, I took it off your agenda: walk the dog.",
        "Got it: call mom.", None]


def test_text_me_a_reminder_and_how_was_my_day(desk):
    """The fiftieth session: both to the model ("I'm sorry for your loss.", "I'm so sorry to hear about your family.")."""
    said_to(desk, "I need to fix the sink by Saturday", "I need to call Bob", "I called Bob")
    assert said_to(desk, "Text me a reminder about the sink on Friday morning.", "How was my day?") == [
        "OK, I'll remind you Friday at 9 AM: fix the sink.", "You finished one thing today: call Bob."]


def test_is_it_still_on_my_list_and_that_should_be_monday(desk):
    """The fiftieth session: "that should be Monday" and "is Dana still on my list?" went to the model."""
    said_to(desk, "I need to email Dana by Friday")
    assert said_to(desk, "is Dana still on my list", "that should be Thursday", "never mind about Dana",
                   "is Dana still on my list?", "is the dentist on my list") == [
        "Yes: email Dana, by Friday.", "Updated: email Dana, now by Thursday.",
        "OK, I took it off your agenda: email Dana.", "No: email Dana was taken off today at 9 AM.",
        "No, I don't have the dentist on your agenda."]


def test_a_doctors_appointment_asked_as_the_doctor_and_reminded_an_hour_before(desk):
    """The fiftieth session: "Can you remind me an hour before?" and "When's the doctor?" went to the model."""
    said_to(desk, "I've got a doctor's appointment on the 15th at 2:30.")
    assert said_to(desk, "Can you remind me an hour before?", "When's the doctor?") == [
        "OK, I'll remind you Tuesday, December 15 at 1:30 PM: doctor's appointment.",
        "Doctor's appointment is Tuesday, December 15 at 2:30 PM."]


def test_this_month_is_the_dues_through_its_end_and_fillers_are_thought_aloud(desk):
    """The fiftieth session: "What's coming up this month?" answered "Nothing is due on Thursday, December 31."; "Let's
    see, what's on Friday?" and "Yep, just called them." went to the model."""
    said_to(desk, "I've got a doctor's appointment on the 15th at 2:30.", "I need to renew my passport in January",
            "I need to call the school about the field trip")
    assert said_to(desk, "What's coming up this month?", "Let's see, what's on the 15th?",
                   "Did I already call the school?", "Yep, just called them.") == [
        "You have one thing due this month: doctor's appointment, Tuesday, December 15 at 2:30 PM. 2 more are open for "
        "later.",
        "On Tuesday, December 15 you have one thing due: doctor's appointment, Tuesday, December 15 at 2:30 PM.",
        "Not yet: call the school about the field trip is still on your agenda.",
        "Marked done: call the school about the field trip."]


def test_a_promise_said_to_be_done_before_that_is_due_by_the_one_just_said(desk):
    """The fiftieth session: kept as "get your blood work done before that", with no due."""
    said_to(desk, "I've got a doctor's appointment on the 15th at 2:30.")
    assert said_to(desk, "I also need to get my blood work done before that.") == [
        "Got it: get your blood work done, Tuesday, December 15 at 2:30 PM."]
    assert said_to(desk, "I need to call Jo before that") == ["Got it: call Jo, Tuesday, December 15 at 2:30 PM."]


def test_everything_on_one_day_moved_to_another_and_undone(moving):
    """The fiftieth session: "Move everything from Friday to Saturday." went to the model ("I'm not sure what to do
    with it.")."""
    desk, _clock = moving
    said_to(desk, "I need to pay rent on Friday", "I need to call Bob on Friday at 3pm", "I need to email Ann tomorrow")
    assert said_to(desk, "Move everything from Friday to Saturday.") == [
        "OK, I moved 2 things: call Bob, Saturday at 3 PM; and pay rent, by Saturday."]
    assert said_to(desk, "undo that")[0] == "OK, moved back: call Bob, Friday at 3 PM; and pay rent, by Friday."
    assert said_to(desk, "push all of Friday's stuff to Monday") == [
        "OK, I moved 2 things: call Bob, Monday at 3 PM; and pay rent, by Monday."]
    assert ("email Ann", "2026-12-02 23:59") in agenda_rows(desk)
