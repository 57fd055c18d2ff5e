"""Passes 32-33's lows, closed (docs/reliability.md, "Passes 32-33's lows, closed"): each case failing before its
fix."""

import pytest

from tests.test_reliability_pass33 import _assistant, _facts


@pytest.mark.parametrize("invisible", ["\u200b", "\ufeff\ufeff", "\u2060 \u00ad", "\u3000", "\x00\x00", "\x07 \x1b"])
async def test_remember_of_only_invisible_marks_keeps_nothing_and_says_how(tmp_path, invisible):
    """Pass 33: `/remember \\u200b` answered "Remembered: \\u200b": an invisible fact nobody can read or forget by
    name."""
    assistant = _assistant(tmp_path)
    try:
        reply = await assistant.answer(f"/remember {invisible}", session="s")
        assert reply.startswith("Usage: /remember <text>"), reply
        assert _facts(assistant) == []
    finally:
        await assistant.close()


@pytest.mark.parametrize("body", [b'{"text": "\xc0\xaf"}', b'{"text": "\xf4\x90\x80\x80"}', b'{"text": "caf\xe9"}'])
async def test_a_body_in_bad_utf8_is_told_so(tmp_path, body):
    """Pass 33: a JSON object in invalid UTF-8 (an overlong `/`, a code point above U+10FFFF, Latin-1) was 422 "the
    body must be a JSON object", which it was: the user looked for a JSON mistake that was not there."""
    from tests.hud.conftest import Hud

    hud = Hud(tmp_path)
    async with hud.client() as client:
        reply = await client.post("/api/turns", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 422
    assert reply.json() == {"error": "invalid_json",
                            "detail": "the body is not valid UTF-8 text (send JSON encoded as UTF-8)"}


async def test_a_stop_does_not_log_a_running_command_as_unanswered(tmp_path, caplog):
    """Pass 33: a stop logged "the command '/remember that' ... was still running and was not answered" for commands
    answered in the same second, while the server stopped ("Nothing remembered: ... ended without an answer")."""
    import asyncio
    import logging

    import httpx

    from tests.hud.conftest import TOKEN, slow_command_app

    app, release, started = slow_command_app(tmp_path)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8765",
                                 headers={"Authorization": f"Bearer {TOKEN}"}, timeout=20) as client:
        running = asyncio.create_task(client.post("/api/turns", json={"text": "/slow fact"}))
        while not started:
            await asyncio.sleep(0.01)
        with caplog.at_level(logging.WARNING, "jarvisd.hud.api"):
            app.state.close_streams()
        release.set()
        answered = await running
    assert answered.status_code == 200
    assert "'/slow fact' (session hud) was still running when the stop began: if no reply reached you" in caplog.text
    assert "not answered" not in caplog.text


def test_quiet_hours_never_end_before_the_moment_asked_in_the_repeated_autumn_hour():
    """Pass 33: on 2027-11-07 (New York) with quiet hours 00:00-01:30, 1:15 AM EST (the second 1:15) ended at 1:30 AM
    EDT, 45 minutes earlier: a reminder planned there was moved back in time, out of the window."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jarvisd.reflect.quiet_hours import QuietHours

    tz = ZoneInfo("America/New_York")
    quiet = QuietHours(0, 90)
    first = int(datetime(2027, 11, 7, 1, 15, tzinfo=tz).timestamp() * 1000)           # EDT
    second = int(datetime(2027, 11, 7, 1, 15, fold=1, tzinfo=tz).timestamp() * 1000)  # EST, an hour later
    assert quiet.end_after(first, tz) == int(datetime(2027, 11, 7, 1, 30, tzinfo=tz).timestamp() * 1000)
    assert quiet.end_after(second, tz) == int(datetime(2027, 11, 7, 1, 30, fold=1, tzinfo=tz).timestamp() * 1000)
    assert quiet.end_after(second, tz) - second == 15 * 60_000


@pytest.mark.parametrize(("said", "due"), [
    ("push it back 1h", "2026-12-02 16:00"),
    ("move it up 1.5hrs", "2026-12-02 13:30"),
    ("push it back 30min", "2026-12-02 15:30"),
    ("push it back a fortnight", "2026-12-16 15:00"),
    ("하루 반 미뤄줘", "2026-12-04 03:00"),
    ("이틀 반 뒤로 미뤄 줘", "2026-12-05 03:00"),
])
def test_amounts_typed_short_a_fortnight_and_a_day_and_a_half_in_korean_move_the_due(tuesday_desk, said, due):
    """Pass 32: "1h", "a fortnight" and "하루 반" went to the model and moved nothing."""
    from tests.openloop.conftest import agenda_rows

    first = "내일 오후 3시에 밥한테 전화해야 해" if "반" in said else "I need to call Bob tomorrow at 3pm"
    tuesday_desk.handle(first, "s")
    reply = tuesday_desk.handle(said, "s")
    assert reply is not None
    assert [row[1] for row in agenda_rows(tuesday_desk)] == [due]


@pytest.mark.parametrize(("first", "close", "then", "reply"), [
    ("I need to call Bob tomorrow at 3pm", "I called Bob", "no, make it 5pm", "It's already marked done: call Bob."),
    ("I need to call Bob tomorrow at 3pm", "I called Bob", "push it back a day", "It's already marked done: call Bob."),
    ("I need to call Bob tomorrow at 3pm", "I called Bob", "make it earlier", "It's already marked done: call Bob."),
    ("I need to call Bob tomorrow at 3pm", "never mind about calling Bob", "at 5pm",
     "It's already off your agenda: call Bob."),
    ("I need to call Bob tomorrow at 3pm", "hud", "push it back an hour", "It's already marked done: call Bob."),
    ("내일 오후 3시에 밥한테 전화해야 해", "hud", "하루 미뤄줘", "이미 완료로 표시돼 있어요: 밥한테 전화하기."),
])
def test_a_move_of_the_promise_just_closed_says_it_is_closed(tuesday_desk, first, close, then, reply):
    """Passes 32-33: a correction or a shift right after the promise was closed (said, or its ✓ in the HUD) went to the
    model, which with the embedded SmolLM2 may claim a move that never happened."""
    from jarvisd.openloop.model import LoopStatus

    tuesday_desk.handle(first, "s")
    if close == "hud":
        loop, = tuesday_desk.service.agenda()
        tuesday_desk.service.set_status(loop.id, LoopStatus.DONE)
    else:
        tuesday_desk.handle(close, "s")
    answer = tuesday_desk.handle(then, "s")
    assert answer is not None and answer.text == reply
    assert tuesday_desk.service.agenda() == []


@pytest.mark.parametrize(("first", "said", "due"), [
    ("I need to call Bob tomorrow at 3pm", "push it back one hour and 30 minutes", "2026-12-02 16:30"),
    ("I need to call Bob tomorrow at 3pm", "push it back 1 hour 30 minutes", "2026-12-02 16:30"),
    ("I need to call Bob tomorrow at 3pm", "push it back a day and 2 hours", "2026-12-03 17:00"),
    ("내일 오후 3시에 밥한테 전화해야 해", "1시간 30분 미뤄줘", "2026-12-02 16:30"),
    ("내일 오후 3시에 밥한테 전화해야 해", "한 시간 삼십 분 미뤄줘", "2026-12-02 16:30"),
])
def test_an_amount_said_in_two_units_moves_the_due_by_their_sum(tuesday_desk, first, said, due):
    """Pass 32: "one hour and 30 minutes" went to the model; "1시간 30분 미뤄줘" set a 10-minute snooze (the "0분" of
    "30분" read as the amount) and "한 시간 삼십 분 미뤄줘" a 30-minute one, the due unmoved."""
    from tests.openloop.conftest import agenda_rows

    tuesday_desk.handle(first, "s")
    reply = tuesday_desk.handle(said, "s")
    assert reply is not None and "remind" not in reply.text and "알려" not in reply.text, reply
    assert [row[1] for row in agenda_rows(tuesday_desk)] == [due]


@pytest.mark.parametrize(("said", "minutes"), [
    ("1시간 30분 뒤에 다시 알려줘", 90), ("한 시간 삼십 분 뒤에 다시 알려줘", 90), ("2시간 15분 있다가 다시 알려줘", 135),
    ("remind me again in an hour and 30 minutes", 90), ("remind me in 1 hour 15 minutes", 75),
    ("remind me in 2 hours, 15 minutes", 135), ("remind me in 30 minutes", 30), ("remind me in an hour and a half", 90),
    ("remind me in an hour and forty minutes", 100), ("remind me in an hour and forty-five minutes", 105),
    ("remind me in 2 hours, fifty minutes", 170),
])
def test_a_snooze_said_in_hours_and_minutes_is_their_sum(said, minutes):
    """Pass 32: "1시간 30분 뒤에 다시 알려줘" was a snooze of 0 minutes (10 by default): the count read was the "0" of
    "30분"; "remind me in 1 hour 15 minutes" went to the model."""
    from jarvisd.openloop.intents import match_intent

    intent = match_intent(said)
    assert intent is not None and (intent.kind, intent.minutes) == ("snooze", minutes)


def test_a_due_in_the_repeated_autumn_hour_is_said_with_its_zone():
    """Pass 32: "push it back an hour" on 1:30 AM EDT (2027-11-07, New York) moved it to 1:30 AM EST, an hour
    later, and said "now Sunday, ... at 1:30 AM": the words of the old due."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.phrases import spoken_due

    tz = ZoneInfo("America/New_York")
    now = datetime(2027, 11, 5, 9, 0, tzinfo=tz)

    def said(moment: datetime) -> str:
        return spoken_due(int(moment.timestamp() * 1000), now, tz, "en")

    assert said(datetime(2027, 11, 7, 1, 30, tzinfo=tz)) == "Sunday at 1:30 AM EDT"
    assert said(datetime(2027, 11, 7, 1, 30, fold=1, tzinfo=tz)) == "Sunday at 1:30 AM EST"
    assert said(datetime(2027, 11, 7, 3, 30, tzinfo=tz)) == "Sunday at 3:30 AM"   # a time the night has once
