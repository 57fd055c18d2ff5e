"""The thirty-first adversarial pass (issue 18): the agenda's moves by an amount, read through the whole desk on a
real JSONL agenda (Tuesday 2026-12-01 09:00, Seoul), and the agenda after a restart of the store read from disk."""

from __future__ import annotations

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import agenda_rows

BOB = "I need to call Bob tomorrow at 8pm"
ANN = "I need to call Ann on Friday at 3pm"
BOB_KO = "내일 저녁 8시에 밥한테 전화해야 해"


def _on_disk(desk: AgendaDesk) -> list[tuple[str, str]]:
    """The open promises as a fresh store reads them back from the file (what a restart would see)."""
    store = desk.service.store
    assert isinstance(store, JsonlLoopStore)
    fresh = JsonlLoopStore(store.path)
    return sorted((loop.desc, str(loop.due_ms)) for loop in fresh.load() if loop.status.value == "open")


@pytest.mark.parametrize(("said", "due"), [
    ("십일 미뤄줘", "2026-12-12 20:00"),          # ten days; eleven before (십일 read again as one number)
    ("십 일 미뤄줘", "2026-12-12 20:00"),
    ("이십일 미뤄줘", "2026-12-22 20:00"),        # twenty; 21 before
    ("삼십일 뒤로 미뤄 주세요", "2027-01-01 20:00"),   # thirty; 31 before
    ("십일일 미뤄줘", "2026-12-13 20:00"),        # eleven said as eleven
    ("2주일 미뤄줘", "2026-12-16 20:00"),
])
def test_ten_days_said_in_korean_move_the_due_ten_days(tuesday_desk: AgendaDesk, said: str, due: str) -> None:
    tuesday_desk.handle(BOB_KO, "s")
    tuesday_desk.handle(said, "s")
    assert agenda_rows(tuesday_desk) == [("밥한테 전화하기", due)]


def test_a_closing_said_to_which_one_to_move_closes_and_moves_nothing(tuesday_desk: AgendaDesk) -> None:
    """"Which one: call Bob, or call Ann?" (to "push the call back a day"), then "I called Bob": before, Bob's
    call was moved a day ("Updated: call Bob, now Thursday at 8 PM.") and stayed open."""
    tuesday_desk.handle(BOB, "s")
    tuesday_desk.handle(ANN, "s")
    asked = tuesday_desk.handle("push the call back a day", "s")
    assert asked is not None and asked.text.startswith("Which one")
    reply = tuesday_desk.handle("I called Bob", "s")
    assert reply is not None and reply.text == "Marked done: call Bob."
    assert agenda_rows(tuesday_desk) == [("call Ann", "2026-12-04 15:00")]


def test_a_name_still_answers_which_one_to_move(tuesday_desk: AgendaDesk) -> None:
    tuesday_desk.handle(BOB, "s")
    tuesday_desk.handle(ANN, "s")
    tuesday_desk.handle("push the call back a day", "s")
    tuesday_desk.handle("the call to Bob", "s")
    assert agenda_rows(tuesday_desk) == [("call Ann", "2026-12-04 15:00"), ("call Bob", "2026-12-03 20:00")]


@pytest.mark.parametrize(("said", "amount", "due"), [
    (BOB, "30 minutes", "2026-12-02 19:30"),      # a snooze before: "OK, I'll remind you again in 30 minutes"
    (BOB, "a day", "2026-12-01 20:00"),           # the model's turn before, nothing moved
    (BOB, "by two hours", "2026-12-02 18:00"),
    (BOB_KO, "한 시간", "2026-12-02 19:00"),
    (BOB_KO, "30분 정도", "2026-12-02 19:30"),
])
def test_an_amount_alone_answers_how_much_earlier(tuesday_desk: AgendaDesk, said: str, amount: str, due: str) -> None:
    tuesday_desk.handle(said, "s")
    asked = tuesday_desk.handle("make it earlier" if said == BOB else "좀 당겨 줘", "s")
    assert asked is not None and asked.intent == "correct"
    reply = tuesday_desk.handle(amount, "s")
    assert reply is not None and reply.intent == "correct"
    assert [due for _, due in agenda_rows(tuesday_desk)] == [due]
    assert _on_disk(tuesday_desk) == [(tuesday_desk.service.agenda()[0].desc,
                                       str(tuesday_desk.service.agenda()[0].due_ms))]


def test_an_amount_alone_is_a_snooze_when_nothing_was_asked(tuesday_desk: AgendaDesk) -> None:
    tuesday_desk.handle(BOB, "s")
    reply = tuesday_desk.handle("30 minutes", "s")
    assert reply is not None and reply.intent == "snooze"
    assert agenda_rows(tuesday_desk) == [("call Bob", "2026-12-02 20:00")]


def test_how_much_answered_after_the_promise_was_closed_says_so(tuesday_desk: AgendaDesk) -> None:
    tuesday_desk.handle(BOB, "s")
    tuesday_desk.handle("make it earlier", "s")
    loop = tuesday_desk.service.agenda()[0]
    tuesday_desk.service.set_status(loop.id, LoopStatus.DONE)   # the HUD's ✓
    reply = tuesday_desk.handle("30 minutes", "s")
    assert reply is not None and "already" in reply.text.lower()
    assert agenda_rows(tuesday_desk) == []


# ------------------------------------------------------------------ /remember that, its turn stopped

def _slow_assistant(tmp_path):
    """The real assistant (LanceDB memory in `tmp_path`, the desk, the commands) on a model writing 40 words a
    second, so a turn is still being answered a moment after it is sent (as in pass 30's test)."""
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    chat = ScriptedChatModel(lambda messages: {"text": "Noted: your locker code is 7731 . " + " ".join(f"w{i}" for i in range(400))},
                             tokens_per_sec=40)
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    return build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)


# The stopped turn and the session forgotten during the wait (this pass's two `/remember that` cases) are the
# scenarios of pass 32's `test_remember_that_whose_turn_is_dropped_keeps_nothing_and_says_so` and
# `test_remember_that_in_a_session_forgotten_while_its_turn_runs_keeps_nothing` (tests/test_reliability_pass32.py):
# the two passes ran apart and their fixes were merged into one rule.


async def test_remember_that_after_its_turn_ended_keeps_that_turn(tmp_path):
    import asyncio

    assistant = _slow_assistant(tmp_path)
    try:
        # (a turn for the model: "The locker code at the gym is 7731" is now kept by the rules as it is said, the
        # fifty-seventh session's "the wifi password for the office is …")
        turn = asyncio.create_task(assistant.answer("I think the gym locker opens with 7731", session="s"))
        await asyncio.sleep(0.3)
        reply = await assistant.answer("/remember that", session="s")
        await turn
        assert reply.startswith("Remembered, with what it refers to") and "7731" in reply
    finally:
        await assistant.close()
