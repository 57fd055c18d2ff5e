"""Found living a fortnight with the offline default (`scripts/days_lived.py`, the sixty-fifth session): a deed told done
right after the promise was talked about ("did i send tom the photos?" then "yes i sent them this afternoon"; "i still
haven't renewed the car insurance" then "done, renewed it") asked "Do you mean …? Say yes"; "the dentist went fine"
answered "I see." and left the appointment open; "every monday i put the recycling out at 7pm" went to SmolLM2
("Milk, eggs, and cheese, please, please put them out at 7pm."), nothing kept."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

from .conftest import SEOUL, FakeClock


def _desk(tmp_path, korean, at: str = "2026-12-08 09:00") -> tuple[AgendaDesk, FakeClock]:
    clock = FakeClock(0)
    clock.set_local(at)
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean), clock


def _say(desk: AgendaDesk, text: str) -> str:
    reply = desk.handle(text, "s")
    return "" if reply is None else reply.text


def _open(desk: AgendaDesk) -> list[str]:
    return sorted(loop.desc for loop in desk.service.unexpired() if loop.is_open)


@pytest.mark.parametrize(("asked", "told"), [
    ("did i send tom the photos?", "yes i sent them this afternoon"),
    ("did i send tom the photos?", "yeah I sent them last night"),                 # held out
    ("did i send tom the photos?", "done, sent them an hour ago"),                 # held out
    ("is sending tom the photos still on my list?", "oh I sent them yesterday"),   # held out
])
def test_a_deed_told_done_of_the_promise_just_asked_about_closes_it(tmp_path, korean, asked, told):
    desk, clock = _desk(tmp_path, korean)
    _say(desk, "i promised tom i'd send him the photos by wednesday")
    clock.set_local("2026-12-09 18:00")
    assert "send tom the photos" in _say(desk, asked)
    assert _say(desk, told) == "Marked done: send tom the photos."
    assert _open(desk) == []


def test_done_then_the_deed_closes_the_promise_said_still_open(tmp_path, korean):
    desk, clock = _desk(tmp_path, korean)
    _say(desk, "i need to renew my car insurance before the 20th")
    clock.set_local("2026-12-19 10:00")
    assert _say(desk, "i still haven't renewed the car insurance").startswith("It's still on your agenda")
    assert _say(desk, "done, renewed it") == "Marked done: renew your car insurance."


def test_a_deed_of_another_verb_or_with_nothing_in_focus_closes_nothing(tmp_path, korean):
    desk, clock = _desk(tmp_path, korean)
    _say(desk, "i promised tom i'd send him the photos by wednesday")
    clock.set_local("2026-12-09 18:00")
    _say(desk, "did i send tom the photos?")
    assert _say(desk, "yes i printed them this afternoon") != "Marked done: send tom the photos."
    clock.set_local("2026-12-09 19:00")   # the focus gone (an hour later): "sent them" names nothing
    assert _say(desk, "yes i sent them this afternoon") != "Marked done: send tom the photos."
    assert _open(desk) == ["send tom the photos"]


@pytest.mark.parametrize("told", [
    "the dentist went fine",
    "the dentist appointment went really well",   # held out
    "my dentist appointment went ok",             # held out
])
def test_an_appointment_told_as_gone_well_is_marked_done(tmp_path, korean, told):
    desk, clock = _desk(tmp_path, korean, "2026-12-14 08:00")
    _say(desk, "the dentist appointment is on december 17 at 11")
    clock.set_local("2026-12-17 12:30")
    assert _say(desk, told) == "Marked done: dentist appointment."
    assert _open(desk) == []


@pytest.mark.parametrize("said", ["mom is fine", "my weekend went well", "the soup was great", "everything is ok"])
def test_how_things_went_names_no_promise_and_closes_nothing(tmp_path, korean, said):
    desk, _ = _desk(tmp_path, korean)
    _say(desk, "call mom tomorrow at 5")
    _say(desk, "the dentist appointment is on december 17 at 11")
    _say(desk, said)
    assert _open(desk) == ["call mom", "dentist appointment"]


@pytest.mark.parametrize(("said", "kept"), [
    ("every monday i put the recycling out at 7pm", "Got it: put the recycling out, tonight at 7 PM, then every Monday."),
    ("i take the bins out every tuesday at 9pm", "Got it: take the bins out, tomorrow at 9 PM, then every Tuesday."),
    ("i water the plants every sunday at 8", "Got it: water the plants, Sunday at 8 AM, then every Sunday."),   # held out
    ("every day i take my vitamins at 8am", "Got it: take your vitamins, tomorrow at 8 AM, then every day."),  # held out
])
def test_a_chore_told_with_its_repeat_and_hour_is_kept_as_a_routine(tmp_path, korean, said, kept):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 09:00")
    assert _say(desk, said) == kept


@pytest.mark.parametrize("said", [
    "i take the bus every day at 8",            # a way to work, not a chore
    "i take the bins out every tuesday",        # no hour
    "i put the kettle on at 7",                 # no repeat
    "yesterday i put the bins out at 7",        # past
    "i used to water the plants every sunday at 8",
])
def test_what_one_does_without_a_chore_repeat_and_hour_keeps_nothing(tmp_path, korean, said):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 09:00")
    _say(desk, said)
    assert _open(desk) == []


def test_the_chore_done_closes_that_day_and_comes_back_next_week(tmp_path, korean):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 08:30")
    _say(desk, "every monday i put the recycling out at 7pm")
    clock.set_local("2026-12-07 19:30")
    assert _say(desk, "i put the recycling out") == \
        "Marked done: put the recycling out. Next: Monday, December 14 at 7 PM."


@pytest.mark.parametrize("told", ["the meeting's over", "the team meeting is finally over"])
def test_an_event_told_over_is_marked_done(tmp_path, korean, told):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 09:00")
    _say(desk, "the team meeting is thursday at 10")
    clock.set_local("2026-12-10 11:00")
    assert _say(desk, told) == "Marked done: team meeting."


@pytest.mark.parametrize("said", ["mom is over at my place", "game over", "the meeting is over there"])
def test_over_as_a_place_or_a_cry_closes_nothing(tmp_path, korean, said):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 09:00")
    _say(desk, "the team meeting is thursday at 10")
    _say(desk, "call mom on thursday at 5")
    clock.set_local("2026-12-10 11:00")
    _say(desk, said)
    assert _open(desk) == ["call mom", "team meeting"]


@pytest.mark.parametrize(("said", "kept"), [
    ("i owe dave 20 bucks, pay him back on friday", "pay dave back 20 bucks"),
    ("i owe dave 20 bucks, i'll pay him back on friday", "pay dave back 20 bucks"),
    ("I still owe Dave twenty dollars so I'll pay him back friday", "pay dave back twenty dollars"),   # held out
    ("i owe my sister 100 bucks, gotta pay her back by friday", "pay my sister back 100 bucks"),       # held out
])
def test_a_debt_and_its_paying_back_are_one_promise_to_the_one_owed(tmp_path, korean, said, kept):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 09:00")
    assert _say(desk, said).endswith(", by Friday.")
    assert [d.lower() for d in _open(desk)] == [kept]


def test_money_owed_is_kept_and_owing_a_favour_is_not(tmp_path, korean):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 09:00")
    assert _say(desk, "i owe dave 20 bucks") == "Got it: owe dave 20 bucks."
    _say(desk, "I owe you one")
    assert _open(desk) == ["owe dave 20 bucks"]


@pytest.mark.parametrize("told", [
    "nah dave said don't worry about it",
    "dave said dont worry about it",                       # as Whisper writes it
    "Dave told me not to worry about paying him back",     # held out
    "dave texted me that i don't need to worry about the money",   # held out
])
def test_the_one_owed_letting_the_user_off_withdraws_the_promise(tmp_path, korean, told):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 09:00")
    _say(desk, "i need to pay dave back 20 bucks by friday")
    assert _say(desk, told) == "OK, I took it off your agenda: pay dave back 20 bucks."
    assert _open(desk) == []


@pytest.mark.parametrize("said", ["dave said don't worry about the traffic", "dave said he's worried about it",
                                  "i said don't worry about it"])
def test_other_worries_withdraw_nothing(tmp_path, korean, said):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 09:00")
    _say(desk, "i need to pay dave back 20 bucks by friday")
    _say(desk, said)
    assert _open(desk) == ["pay dave back 20 bucks"]


@pytest.mark.parametrize("told", ["expense report is in", "the expense report's in"])
def test_a_report_told_in_is_handed_in(tmp_path, korean, told):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 08:00")
    _say(desk, "i have to submit the expense report by wednesday noon")
    clock.set_local("2026-12-09 09:30")
    assert _say(desk, told) == "Marked done: submit the expense report."


@pytest.mark.parametrize(("said", "promise"), [("bob is in", "call bob tomorrow"),
                                               ("the milk is in the fridge", "buy milk tomorrow")])
def test_in_said_of_a_thing_not_handed_in_closes_nothing(tmp_path, korean, said, promise):
    desk, _ = _desk(tmp_path, korean, "2026-12-07 08:00")
    _say(desk, promise)
    _say(desk, said)
    assert len(_open(desk)) == 1


@pytest.mark.parametrize("asked", ["can i still do it today?", "is it too late?", "so do I still have time for it?"])
def test_can_i_still_do_it_of_the_promise_told_forgotten(tmp_path, korean, asked):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 08:00")
    _say(desk, "i have to submit the expense report by wednesday noon")
    clock.set_local("2026-12-09 13:00")
    _say(desk, "oh no i forgot the expense report")
    assert _say(desk, asked) == ("It's still on your agenda: submit the expense report, today at noon. "
                                 "Say a new time and I'll move it.")
    assert _say(desk, "push it to tomorrow at 9") == "Updated: submit the expense report, now tomorrow at 9 AM."
    clock.set_local("2026-12-09 20:00")
    _say(desk, "oh no i forgot the expense report")
    assert _say(desk, asked).startswith("It's still on your agenda: submit the expense report, tomorrow at 9 AM.")


def test_can_i_still_do_it_after_it_expired_says_when_it_was_due_and_the_way_back(tmp_path, korean):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 08:00")
    _say(desk, "i have to submit the expense report by wednesday noon")
    clock.set_local("2026-12-09 20:00")
    _say(desk, "oh no i forgot the expense report")
    assert _say(desk, "can i still do it?") == (
        "Submit the expense report was due today at noon and closed unfinished. When will you do it? Tell me and "
        "I'll put it back on your agenda.")


def test_can_i_still_do_it_with_nothing_in_focus_is_not_the_agendas(tmp_path, korean):
    desk, clock = _desk(tmp_path, korean, "2026-12-07 08:00")
    _say(desk, "i have to submit the expense report by wednesday noon")
    clock.set_local("2026-12-09 13:00")
    assert _say(desk, "can i still do it today?") == ""
