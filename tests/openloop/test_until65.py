"""Session 65: a repeating promise that ends ("for 7 days", "until Sunday", "while she's away … she's back Sunday",
"일주일 동안", "일요일까지"). Before: "take the antibiotics every day at 8 for 7 days" was kept "take the antibiotics for
7 days", then every day for ever; "… every day at 6pm until sunday" was first due Sunday (the end read as the start),
then every day for ever; "she's back on sunday" went to SmolLM2. Real desk and agenda service on a JSONL agenda (and
LanceDB) in tmp_path, the clock moved by hand from Monday 2026-12-07 07:30 in Seoul."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.reflect.reminders import plan_reminders
from tests.openloop.conftest import SEOUL, FakeClock, agenda_rows

MONDAY = "2026-12-07 07:30"
ANTIBIOTICS = "take the antibiotics every day at 8 for 7 days"
PLANTS = "remind me to water the plants every day at 6pm until sunday"


@pytest.fixture
def clock() -> FakeClock:
    c = FakeClock(0)
    c.set_local(MONDAY)
    return c


def _desk(path: Path, korean: KoreanAnalyzer, clock: FakeClock) -> AgendaDesk:
    return AgendaDesk(OpenLoopService(JsonlLoopStore(path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer, clock: FakeClock) -> AgendaDesk:
    return _desk(tmp_path, korean, clock)


def say(desk: AgendaDesk, text: str) -> str | None:
    reply = desk.handle(text, "s")
    return None if reply is None else reply.text


def _only(desk: AgendaDesk) -> OpenLoop:
    (loop,) = desk.service.agenda()
    return loop


# ---------------------------------------------------------------- 1. said with its end

def test_for_seven_days_ends_on_the_seventh_day(desk, clock):
    """Before: "Got it: take the antibiotics for 7 days, today at 8 AM, then every day." and every day for ever."""
    assert say(desk, ANTIBIOTICS) == "Got it: take the antibiotics, today at 8 AM, then every day until Sunday."
    loop = _only(desk)
    assert (loop.desc, loop.repeat, loop.until) == ("take the antibiotics", "daily", "2026-12-13")
    for day in range(7, 13):   # Monday .. Saturday: each done comes back the next morning
        clock.set_local(f"2026-12-{day:02d} 08:30")
        assert say(desk, "I took the antibiotics") == "Marked done: take the antibiotics. Next: tomorrow at 8 AM."
    assert agenda_rows(desk) == [("take the antibiotics", "2026-12-13 08:00")]
    assert say(desk, "what's on my agenda?").endswith("take the antibiotics, tomorrow at 8 AM, the last time.")
    clock.set_local("2026-12-13 08:30")
    assert say(desk, "I took the antibiotics") == "Marked done: take the antibiotics. That was the last one."
    assert desk.service.agenda() == []


def test_until_sunday_starts_today_and_its_last_time_is_sunday(desk, clock):
    """Before: "I'll remind you: water the plants, Sunday at 6 PM, then every day." (the end day was the first)."""
    assert say(desk, PLANTS) == "I'll remind you: water the plants, tonight at 6 PM, then every day until Sunday."
    assert agenda_rows(desk) == [("water the plants", "2026-12-07 18:00")] and _only(desk).until == "2026-12-13"
    # never done: the expiry sweep rolls it each day, and stops after Sunday's
    planned = set()
    for day in range(7, 17):
        for hour in range(0, 24, 3):
            clock.set_local(f"2026-12-{day:02d} {hour:02d}:00")
            desk.service.expire()
            planned |= {datetime.fromtimestamp(r.loop_due_ms / 1000, SEOUL).strftime("%m-%d") for r in
                        plan_reminders(desk.service.unexpired(), now_ms=desk.service.now_ms(), tz=SEOUL) if r.loop_due_ms}
    assert desk.service.agenda() == []
    assert planned == {f"12-{d:02d}" for d in range(7, 14)}   # the reminders' plan never holds Monday's
    closed = sorted(datetime.fromtimestamp(loop.due_ms / 1000, SEOUL).strftime("%m-%d %H:%M")
                    for loop in desk.service.all_loops())
    assert closed == [f"12-{d:02d} 18:00" for d in range(7, 14)]   # seven times, Sunday the last


@pytest.mark.parametrize(("said", "until", "first"), [
    ("i have to take my vitamins every day at 9pm for the next two weeks", "2026-12-20", "2026-12-07 21:00"),
    ("remind me to stretch every morning at 7 until the 20th", "2026-12-20", "2026-12-08 07:00"),
    ("feed the neighbour's cat every day at 5pm through friday", "2026-12-11", "2026-12-07 17:00"),
    ("take the iron pill every day at 8pm for a week", "2026-12-13", "2026-12-07 20:00"),
    ("3일 동안 매일 저녁 9시에 안약 넣기", "2026-12-09", "2026-12-07 21:00"),
    ("일주일 동안 매일 아침 8시에 항생제 먹기", "2026-12-13", "2026-12-07 08:00"),
    ("일요일까지 매일 저녁 6시에 화분 물 주기", "2026-12-13", "2026-12-07 18:00"),
])
def test_held_out_ends(desk, said, until, first):
    say(desk, said)
    loop = _only(desk)
    assert loop.until == until and loop.repeat == "daily"
    assert agenda_rows(desk)[0][1] == first
    assert not any(word in loop.desc for word in ("until", "through", "for ", "동안", "까지"))


def test_korean_confirmation_says_the_end(desk):
    assert say(desk, "일요일까지 매일 저녁 6시에 화분 물 주기") == "적어 둘게요: 화분 물 주기, 오늘 저녁 6시부터 이번 주 일요일까지 매일."


@pytest.mark.parametrize("said", [
    "remind me to read every day at 9pm until I finish it",
    "call mom every day at 6pm until she answers",
    "remind me to drink water every day at 8 until I say stop",
    "walk the dog every morning for 30 minutes",
])
def test_guard_an_end_that_names_no_day_keeps_no_end(desk, said):
    say(desk, said)
    assert all(loop.until is None and loop.repeat for loop in desk.service.agenda())


@pytest.mark.parametrize(("said", "row"), [
    ("finish the report by friday", ("finish the report", "2026-12-11 23:59")),
    ("금요일까지 보고서 내기", ("보고서 내기", "2026-12-11 23:59")),
    ("i'm staying at the hotel for 3 days", None),
])
def test_guard_a_deadline_or_a_stay_is_no_series(desk, said, row):
    say(desk, said)
    assert all(loop.until is None and loop.repeat is None for loop in desk.service.agenda())
    if row is not None:
        assert agenda_rows(desk) == [row]


def test_linear_on_long_probes(clock):
    from jarvisd.openloop.series_end import end_said, end_told
    now = datetime(2026, 12, 7, 7, 30, tzinfo=SEOUL)
    for probe in ("for " * 1000, "until " * 1000, "일 동안 " * 700, "까지 " * 1400, "she's back " * 400):
        assert end_said(probe[:4000], now) is None
        assert end_told(probe[:4000].strip(), now) is None


# ---------------------------------------------------------------- 2. told later

def test_back_on_sunday_ends_a_routine_said_while_she_is_away(desk):
    """Before: SmolLM2 answered "She's back on Saturday." and the plants were watered every day for ever."""
    say(desk, "remind me to water rosa's plants every day at 6pm while she's away")
    assert say(desk, "she's back on sunday") == \
        "Updated: water rosa's plants, tonight at 6 PM, then every day until Saturday."
    assert _only(desk).until == "2026-12-12"
    assert say(desk, "undo that") is not None and _only(desk).until is None


@pytest.mark.parametrize(("told", "until"), [("stop after friday", "2026-12-11"), ("only until friday", "2026-12-11"),
                                             ("it's just until the 10th", "2026-12-10"),
                                             ("rosa gets back on thursday", "2026-12-09")])
def test_held_out_ends_told_later(desk, told, until):
    say(desk, "remind me to water rosa's plants every day at 6pm while she's away")
    say(desk, told)
    assert _only(desk).until == until


def test_korean_end_told_later(desk):
    say(desk, "매일 저녁 6시에 화분 물 주기")
    assert say(desk, "금요일까지만 해") == "바꿨어요: 화분 물 주기, 오늘 저녁 6시부터 이번 주 금요일까지 매일."


def test_guard_back_on_sunday_without_an_away_routine_sets_no_end(desk):
    say(desk, "water the plants every day at 6pm")
    say(desk, "she's back on sunday")
    assert _only(desk).until is None
    say(desk, "call bob on friday")
    say(desk, "stop after friday")   # the one in focus does not repeat
    assert all(loop.until is None for loop in desk.service.agenda())


# ---------------------------------------------------------------- 3. asked, shown

def test_how_many_days_left(desk, clock):
    say(desk, ANTIBIOTICS)
    clock.set_local("2026-12-10 07:00")
    desk.service.expire()
    assert say(desk, "how many days left on the antibiotics?") == \
        "Take the antibiotics: 4 times left; the last one is Sunday at 8 AM."
    assert say(desk, "when do the antibiotics end?") == \
        "Take the antibiotics: 4 times left; the last one is Sunday at 8 AM."
    say(desk, "remind me to stretch every day at 7pm")
    assert say(desk, "how many days left on the stretch?") == "Stretch has no end: tonight at 7 PM, then every day."


def test_hud_view_says_the_end(desk):
    say(desk, PLANTS)
    assert desk.service.view(_only(desk))["repeat"] == "every day until Sunday, December 13"
    assert desk.service.repeat_said(_only(desk), "ko") == "12월 13일 일요일까지 매일"


def test_a_day_off_after_the_end_changes_nothing(desk):
    say(desk, "soccer practice every tuesday and thursday at 5 until wednesday")
    assert _only(desk).until == "2026-12-09"
    assert say(desk, "cancel the soccer practice on thursday").endswith("Nothing changed.") or _only(desk).skips is None


# ---------------------------------------------------------------- 4. the stores

def test_the_end_survives_a_restart_on_jsonl(tmp_path, korean, clock):
    say(_desk(tmp_path, korean, clock), ANTIBIOTICS)
    again = _desk(tmp_path, korean, clock)
    assert _only(again).until == "2026-12-13"
    clock.set_local("2026-12-07 08:30")
    assert say(again, "I took the antibiotics") == "Marked done: take the antibiotics. Next: tomorrow at 8 AM."
    assert {loop.until for loop in _desk(tmp_path, korean, clock).service.all_loops()} == {"2026-12-13"}


def test_old_records_and_broken_ends_are_read_without_one(tmp_path, caplog):
    old = {"id": "a1b2c3d4e5", "desc": "water the plants", "status": "open", "created_ms": 1, "updated_ms": 1,
           "due_ms": 1_796_547_600_000, "repeat": "daily"}
    path = tmp_path / "openloops.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (
        old, {**old, "id": "b2c3d4e5f6", "until": "next sunday"}, {**old, "id": "c3d4e5f6a7", "until": 20261213},
        {**old, "id": "d4e5f6a7b8", "until": "2026-12-13"})))
    with caplog.at_level(logging.WARNING):
        loops = {loop.id[:2]: loop.until for loop in JsonlLoopStore(path).load()}
    assert loops == {"a1": None, "b2": None, "c3": None, "d4": "2026-12-13"}
    assert "no date" in caplog.text


def test_lance_keeps_the_end_and_an_older_table_gets_the_column(tmp_path):
    import lancedb
    import pyarrow as pa

    from jarvisd.openloop.lance_store import SCHEMA, LanceLoopStore
    old = {"id": "a1b2c3d4e5", "desc": "take the antibiotics", "status": "open", "created_ms": 1, "updated_ms": 1,
           "due_ms": 1_796_547_600_000, "repeat": "daily"}
    db = lancedb.connect(str(tmp_path / "lance"))
    db.create_table("open_loops", schema=pa.schema([f for f in SCHEMA if f.name != "until"]))
    store = LanceLoopStore(str(tmp_path / "lance"))
    store.save(OpenLoop.from_record(old))
    store.save(OpenLoop.from_record({**old, "id": "b2c3d4e5f6", "until": "2026-12-13"}))
    assert sorted((loop.id[:2], loop.until) for loop in LanceLoopStore(str(tmp_path / "lance")).load()) == \
        [("a1", None), ("b2", "2026-12-13")]


def test_lance_service_stops_the_series(tmp_path, korean, clock):
    from jarvisd.openloop.lance_store import LanceLoopStore
    desk = AgendaDesk(OpenLoopService(LanceLoopStore(str(tmp_path / "lance")), tz=SEOUL, clock=clock), korean)
    say(desk, "take the antibiotics every day at 8 for 2 days")
    clock.set_local("2026-12-07 08:30")
    say(desk, "I took the antibiotics")
    clock.set_local("2026-12-08 08:30")
    assert say(desk, "I took the antibiotics") == "Marked done: take the antibiotics. That was the last one."
    again = OpenLoopService(LanceLoopStore(str(tmp_path / "lance")), tz=SEOUL, clock=clock)
    assert again.agenda() == [] and {loop.until for loop in again.all_loops()} == {"2026-12-08"}


@pytest.mark.parametrize(("said", "reply", "until"), [
    ("wake me up every day at 7am until friday", "OK, I'll wake you tomorrow at 7 AM, then every day until Friday.",
     "2026-12-11"),
    ("매일 아침 7시에 일요일까지 깨워 줘", "내일부터 이번 주 일요일까지 매일 오전 7시에 깨워 드릴게요.", "2026-12-13"),
    ("wake me up every weekday at 6:30 for two weeks",
     "OK, I'll wake you tomorrow at 6:30 AM, then every weekday until Monday, December 21.", "2026-12-21"),
])
def test_an_alarm_that_repeats_until_a_day_starts_now(desk, said, reply, until):
    """Before: "OK, I'll wake you Friday at 7 AM, then every day." (the end read as the first alarm)."""
    assert say(desk, said) == reply
    assert _only(desk).until == until


def test_guard_a_timer_said_every_day_stays_once(desk):
    say(desk, "set a timer for 10 minutes every day")
    assert (_only(desk).repeat, _only(desk).until) == (None, None)
