"""Pass 34's lows, closed (docs/reliability.md, "Pass 34's lows, closed"): each case failing before its fix (the agenda
desk on a real JSONL agenda, Tuesday 2026-12-01 09:00 Seoul)."""

import pytest

from tests.openloop.conftest import agenda_rows


@pytest.mark.parametrize(("said", "rows"), [
    (["I need to call Bob tomorrow at 8pm", "move the call to Thursday"], [("call Bob", "2026-12-03 20:00")]),
    (["I need to call Bob tomorrow at 8pm", "reschedule the call to Thursday"], [("call Bob", "2026-12-03 20:00")]),
    (["I need to call Bob tomorrow at 8pm", "I need to email Sue by Friday", "postpone the email till Tuesday"],
     [("email Sue", "2026-12-08 23:59"), ("call Bob", "2026-12-02 20:00")]),
    (["I need to call Bob tomorrow at 8pm", "I need to email Sue by Friday", "move the call to Thursday"],
     [("email Sue", "2026-12-04 23:59"), ("call Bob", "2026-12-03 20:00")]),
    (["내일 저녁 8시에 밥한테 전화해야 해", "전화 목요일로 옮겨줘"], [("밥한테 전화하기", "2026-12-03 20:00")]),
    (["내일 저녁 8시에 밥한테 전화해야 해", "금요일까지 수한테 이메일 보내야 해", "전화 목요일로 옮겨줘"],
     [("수한테 이메일 보내기", "2026-12-04 23:59"), ("밥한테 전화하기", "2026-12-03 20:00")]),
    (["내일 저녁 8시에 밥한테 전화해야 해", "그거 목요일로 옮겨줘"], [("밥한테 전화하기", "2026-12-03 20:00")]),
])
def test_a_move_naming_the_promise_by_its_deed_moves_it(tuesday_desk, said, rows):
    """Pass 34: "move the call to Thursday" and "postpone the email till Tuesday" went to the model (nothing moved),
    while "move the dentist to Monday" worked; so did "전화 목요일로 옮겨줘" and "그거 목요일로 옮겨줘"."""
    for words in said[:-1]:
        tuesday_desk.handle(words, "s")
    reply = tuesday_desk.handle(said[-1], "s")
    assert reply is not None and ("Updated" in reply.text or "바꿨어요" in reply.text), reply
    assert agenda_rows(tuesday_desk) == rows


def test_a_move_by_a_deed_two_promises_share_asks_which(tuesday_desk):
    tuesday_desk.handle("내일 저녁 8시에 밥한테 전화해야 해", "s")
    tuesday_desk.handle("금요일에 앤한테 전화해야 해", "s")
    reply = tuesday_desk.handle("전화 목요일로 옮겨줘", "s")
    assert reply is not None and reply.text == "어느 거요? 밥한테 전화하기, 앤한테 전화하기."


def test_two_promises_of_one_description_are_told_apart_by_their_dues(tuesday_desk):
    """Pass 34: "Which one: call Pia, or call Pia?" (two calls, the second made by "again")."""
    tuesday_desk.handle("I need to call Pia tomorrow at 3pm", "s")
    tuesday_desk.handle("I need to call Pia again on Friday at 3pm", "s")
    reply = tuesday_desk.handle("mark call Pia done", "s")
    assert reply is not None
    # nearest due first, as the agenda is read (they were said in the order the words matched until pass 37's low)
    assert reply.text == "Which one: call Pia, tomorrow at 3 PM, or call Pia, Friday at 3 PM?"


def test_a_closing_naming_two_promises_of_one_description_closes_the_one_due_first(tuesday_desk):
    """Pass 34: "I called Ivy" with "call Ivy" open twice (the second made by "again") closed nothing (the model's
    turn): the words name both alike. The one due first is the one just done."""
    tuesday_desk.handle("I need to call Pia tomorrow at 3pm", "s")
    tuesday_desk.handle("I need to call Pia again on Friday at 3pm", "s")
    reply = tuesday_desk.handle("I called Pia", "s")
    assert reply is not None and reply.text == "Marked done: call Pia."
    assert agenda_rows(tuesday_desk) == [("call Pia", "2026-12-04 15:00")]


def test_a_shift_naming_two_promises_of_one_description_asks_which_by_their_dues(tuesday_desk):
    """Pass 34: "push the call with Pia back an hour" with "call Pia" open twice went to the model (nothing moved)."""
    tuesday_desk.handle("I need to call Pia tomorrow at 3pm", "s")
    tuesday_desk.handle("I need to call Pia again on Friday at 3pm", "s")
    reply = tuesday_desk.handle("push the call with Pia back an hour", "s")
    assert reply is not None and reply.text == "Which one: call Pia, tomorrow at 3 PM, or call Pia, Friday at 3 PM?"
    tuesday_desk.handle("the second one", "s")
    assert agenda_rows(tuesday_desk) == [("call Pia", "2026-12-04 16:00"), ("call Pia", "2026-12-02 15:00")]


@pytest.mark.parametrize(("then", "answer", "left"), [
    ("the second one", "OK, I took it off your agenda: call Ann.", [("call Bob", "2026-12-02 15:00")]),
    ("Ann", "OK, I took it off your agenda: call Ann.", [("call Bob", "2026-12-02 15:00")]),
    ("the first one", "OK, I took it off your agenda: call Bob.", [("call Ann", "2026-12-04 23:59")]),
])
def test_a_closing_by_a_deed_two_promises_share_asks_which_and_reads_the_answer(tuesday_desk, then, answer, left):
    """Pass 34: "cancel the call" with two calls open said "I couldn't find the call on your agenda." (no embedder),
    and where it asked "Which one?" the answer went to the model."""
    tuesday_desk.handle("I need to call Bob tomorrow at 3pm", "s")
    tuesday_desk.handle("I need to call Ann on Friday", "s")
    reply = tuesday_desk.handle("cancel the call", "s")
    assert reply is not None and reply.text == "Which one: call Bob, or call Ann?"   # nearest due first
    picked = tuesday_desk.handle(then, "s")
    assert picked is not None and picked.text == answer
    assert agenda_rows(tuesday_desk) == left


@pytest.mark.parametrize(("host", "name"), [("localhost:99999", ""), ("localhost:0", ""), ("[::1]:70000", ""),
                                            ("localhost:65535", "localhost"), ("127.0.0.1:8765", "127.0.0.1")])
def test_a_host_header_with_a_port_no_socket_can_have_names_no_host(host, name):
    """Pass 34: `Host: localhost:99999` was accepted as localhost."""
    from jarvisd.hud.security import split_host
    assert split_host(host) == name


@pytest.mark.parametrize("zone", ["right/Asia/Seoul", "Factory"])
def test_a_time_zone_that_is_no_places_clock_is_refused(tmp_path, zone):
    """Pass 34: `right/Asia/Seoul` (leap seconds: every time 27 s off the system clock) and `Factory` were accepted."""
    from jarvisd.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="general.time_zone"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": zone})
    assert load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "posix/Asia/Seoul"})
