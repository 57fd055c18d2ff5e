"""Passes 36-37's lows, closed (docs/reliability.md, "Passes 36-37's lows, closed"): each case failing before its
fix. The reminder and agenda lows are tested beside their rules (tests/reflect/test_reminder_rules.py,
tests/openloop/test_clear_agenda.py)."""

import pytest


@pytest.mark.parametrize("body", [b'{"text": "/help", "text": "/remember my PIN is 1234"}',
                                  b'{"text": "hi", "session": "a", "session": "b"}'])
async def test_a_body_with_a_field_given_twice_is_refused_and_runs_nothing(tmp_path, body):
    """Pass 37: `{"text": "/help", "text": "/remember x"}` remembered x (JSON's rule: the last one wins), while a
    reader of the request, or a log that shows its start, saw /help."""
    from tests.hud.conftest import Hud

    hud = Hud(tmp_path)
    async with hud.client() as client:
        reply = await client.post("/api/turns", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 422
    assert reply.json()["error"] == "invalid_json" and "given twice" in reply.json()["detail"]


@pytest.mark.parametrize(("make", "said"), [
    (lambda p: None, "absent: "),
    (lambda p: p.write_text(""), "empty: a new token is written"),
    (lambda p: p.write_text("abc\n"), "UNUSABLE: the token in"),
    (lambda p: p.mkdir(), "UNUSABLE: the token file"),
    (lambda p: __import__("os").mkfifo(p), "UNUSABLE: the token file"),
    (lambda p: (p.write_text("a" * 43 + "\n"), p.chmod(0o644)), "readable by others (mode 644)"),
    (lambda p: (p.write_text("a" * 43 + "\n"), p.chmod(0o600)), None),
])
def test_doctor_says_what_the_hud_token_file_holds_and_changes_nothing(tmp_path, make, said):
    """Pass 37's low: `jarvisd doctor` said nothing of an empty, short, FIFO or directory `hud.token`; the daemon then
    ran without its HUD (or wrote a new token) and the user learnt why only from its log."""
    import os

    from jarvisd.hud.security import token_state

    path = tmp_path / "hud.token"
    make(path)
    before = sorted(os.listdir(tmp_path)), (path.stat().st_mode if path.exists() else None)
    state = token_state(tmp_path)
    assert (state is None) if said is None else (state is not None and state.startswith(said)), state
    assert (sorted(os.listdir(tmp_path)), path.stat().st_mode if path.exists() else None) == before   # read only


@pytest.mark.parametrize(("said", "kind"), [
    ("what's due next week", "due_next_week"), ("what do I have next week", "due_next_week"),
    ("anything due next week", "due_next_week"), ("다음 주 할 일 뭐야", "due_next_week"),
    ("다음 주 뭐 있어?", "due_next_week"), ("이번 주 뭐 있어?", "due_week"), ("오늘 할 일?", "due_today"),
    ("내일 할 일은?", "due_tomorrow"), ("what's due this week", "due_week"), ("what's on my agenda", "list"),
])
def test_a_week_or_a_day_asked_is_that_weeks_or_days_list(said, kind):
    """Pass 37: "what's due next week" read the whole agenda ("on your agenda"); "이번 주 뭐 있어?" and "오늘 할 일?"
    went to the model."""
    from jarvisd.openloop.intents import match_intent

    intent = match_intent(said)
    assert intent is not None and intent.kind == kind


def test_next_weeks_list_reads_monday_to_sunday_of_next_week(tmp_path, korean):
    from tests.openloop.conftest import TUESDAY, agenda_desk

    desk = agenda_desk(tmp_path, korean, TUESDAY)   # Tuesday, December 1
    for promise in ("I need to call Bob tomorrow", "I have to email Ann next Tuesday", "I need to pay rent on the 20th"):
        desk.handle(promise, "s")
    assert desk.handle("what's due next week", "s").text == (
        "You have one thing due next week: email Ann, by Tuesday, December 8. 2 more are open at other times.")
    desk.handle("다음 주 화요일까지 보고서 보내야 해", "s")
    said = desk.handle("다음 주 뭐 있어?", "s").text
    assert said.startswith("다음 주에 할 일이 2개 있어요: ") and "email Ann" in said and "보고서 보내기" in said


@pytest.mark.parametrize(("said", "minutes"), [
    ("반 시간 뒤에 다시 알려줘", 30), ("반시간 뒤에 다시 알려줘", 30), ("remind me again in 1,5 hours", 90),
    ("snooze 1,5 hours", 90), ("1,5시간 뒤에 다시 알려줘", 90), ("snooze 2,5h", 150),
])
def test_half_an_hour_in_korean_and_a_decimal_comma_are_read_as_snoozes(said, minutes):
    """Pass 37: "반 시간 뒤에 다시 알려줘" and "… in 1,5 hours" went to the model (nothing set)."""
    from jarvisd.openloop.intents import match_intent

    intent = match_intent(said)
    assert intent is not None and intent.kind == "snooze" and intent.minutes == minutes


@pytest.mark.parametrize(("said", "minutes"), [
    ("push it back 1,5 hours", 90), ("1,5시간 미뤄줘", 90), ("반 시간 미뤄줘", 30), ("push it back 1,500 minutes", 1500),
    ("push it back 1,5h", 90),
])
def test_an_amount_written_with_a_comma_moves_by_what_it_says(said, minutes):
    """Pass 37's low: "push it back 1,5 hours" went to the model; found beside it, "push it back 1,500 minutes" moved
    500 minutes, the "1" read as the promise's name."""
    from jarvisd.openloop.shifts import read_shift

    shift = read_shift(said)
    assert shift is not None and (shift.minutes, shift.days, shift.name) == (minutes, 0, "")
