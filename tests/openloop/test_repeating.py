"""Repeating promises ("remind me every day at 8 to take my pills", "매주 화요일마다 쓰레기 버리기"): one open loop at a
time, the next one opened when it is done or expires, the series ended when it is withdrawn. Before, the agenda kept
it once and said "That's once: I can't repeat a reminder yet" (the forty-third session). Real agenda service on a
JSONL file (and LanceDB), Kiwi for Korean, the real reminder planner; no model."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from jarvisd.openloop import repeats
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.lance_store import LanceLoopStore
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.replies import format_agenda
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.reflect.scheduler import DaemonScheduler
from jarvisd.tray import loop_label
from jarvisd.turn_gate import TurnGate
from tests.openloop.conftest import SEOUL, FakeClock, _local_ms, agenda_rows, said_to

NEW_YORK = ZoneInfo("America/New_York")


def _at(text: str, tz: ZoneInfo = SEOUL) -> int:
    return _local_ms(text, tz)


def _local(ms: int, tz: ZoneInfo = SEOUL) -> str:
    return datetime.fromtimestamp(ms / 1000, tz).strftime("%a %Y-%m-%d %H:%M")


# ---------------------------------------------------------------- the words

@pytest.mark.parametrize(("said", "key"), [
    ("remind me every day at 8am to take my pills", "daily"),
    ("every morning I need to walk the dog", "daily"),
    ("I have to water the plants daily", "daily"),
    ("remind me every weekday at 7 to stretch", "weekdays"),
    ("on weekends I need to call grandma", "weekends"),
    ("remind me every Monday to put out the bins", "mon"),
    ("every Monday and Thursday I need to water the plants", "mon,thu"),
    ("on Tuesdays and Fridays I have to call mom", "tue,fri"),
    ("I need to call grandma every week", "weekly"),
    ("pay the rent every month", "monthly"),
    ("매일 아침 8시에 약 먹으라고 알려줘", "daily"),
    ("평일마다 7시에 스트레칭하라고 알려줘", "weekdays"),
    ("매주 월요일마다 쓰레기 내놓기", "mon"),
    ("월요일이랑 목요일마다 화분에 물 주기", "mon,thu"),
    ("매주 월, 목요일 운동하기", "mon,thu"),
    ("일요일마다 청소하기", "sun"),
    ("매달 월세 내기", "monthly"),
])
def test_the_repeat_is_read_from_the_words(said, key):
    rule = repeats.repeat_in(said)
    assert rule is not None and rule.key == key
    assert repeats.from_key(key) == rule


@pytest.mark.parametrize(("said", "key", "desc"), [
    ("remind me every other day to water the cactus", "every:2d", "remind me to water the cactus"),
    ("stretch every 2 hours", "every:2h", "stretch"),
    ("remind me to drink water every two hours", "every:2h", "remind me to drink water"),
    ("check the oven every couple of hours", "every:2h", "check the oven"),
    ("stretch every hour", "every:1h", "stretch"),
    ("stand up every 90 minutes", "every:90m", "stand up"),
    ("every other Monday team sync", "every:2w", "team sync"),
    ("get a haircut every 6 weeks", "every:6w", "get a haircut"),
    ("water the tomatoes every third day", "every:3d", "water the tomatoes"),
    ("renew the passport every year", "yearly", "renew the passport"),
    ("2일마다 물 주기", "every:2d", "물 주기"),
    ("이틀마다 화분 물 주기", "every:2d", "화분 물 주기"),
    ("사흘에 한 번 산책하기", "every:3d", "산책하기"),
    ("격일로 운동하기", "every:2d", "운동하기"),
    ("2시간마다 물 마시기", "every:2h", "물 마시기"),
    ("두 시간마다 스트레칭", "every:2h", "스트레칭"),
    ("매시간 물 마시기", "every:1h", "물 마시기"),
    ("30분마다 눈 운동", "every:30m", "눈 운동"),
    ("격주 금요일 팀 회식", "every:2w", "팀 회식"),
    ("2주마다 미용실 가기", "every:2w", "미용실 가기"),
    ("매년 생일 챙기기", "yearly", "생일 챙기기"),
])
def test_a_step_from_the_due_is_read_and_its_words_leave_the_promise(said, key, desc):
    """The fifty-first session's "remind me to drink water every two hours": "I can't repeat it that way, so that's
    once" (and so for "every other day", "격주", "매년"): a step from the due is a rule now."""
    rule = repeats.repeat_in(said)
    assert rule is not None and rule.key == key and not repeats.said_but_unkept(said)
    assert repeats.from_key(key) == rule
    assert repeats.without_repeat(said) == desc


@pytest.mark.parametrize("said", ["water the plants every few days", "check the pot every 5 minutes",
                                  "book club every second Tuesday of the month", "renew it every 2 years",
                                  "며칠마다 청소하기", "5분마다 확인하기", "every 2-3 days mop the floor"])
def test_a_repeat_this_version_does_not_keep_is_no_rule_and_said_unkept(said):
    assert repeats.repeat_in(said) is None
    assert repeats.said_but_unkept(said)


@pytest.mark.parametrize("said", ["I'll call Bob tomorrow", "call everyone on Monday", "the weekly report",
                                  "월요일에 보고서 내기", "12월 15일 전에 학회 비행기표 예매해야 해"])
def test_none_is_no_rule(said):
    assert repeats.repeat_in(said) is None and not repeats.said_but_unkept(said)


def test_an_unknown_stored_key_is_kept_once_with_a_line(caplog):
    assert repeats.from_key("fortnightly:3") is None
    assert "fortnightly:3" in caplog.text


# ---------------------------------------------------------------- when it falls

def test_every_weekday_said_on_a_saturday_starts_on_monday():
    rule, due = repeats.settle(repeats.Repeat(repeats.WEEKDAYS), _at("2026-12-05 07:00"), SEOUL)   # a Saturday
    assert _local(due) == "Mon 2026-12-07 07:00"
    assert _local(repeats.next_due(rule, due, due + 60_000, SEOUL)) == "Tue 2026-12-08 07:00"
    friday = _at("2026-12-11 07:00")
    assert _local(repeats.next_due(rule, friday, friday, SEOUL)) == "Mon 2026-12-14 07:00"


def test_every_month_on_the_31st_falls_on_the_last_day_of_a_shorter_month_and_back_on_the_31st():
    rule, due = repeats.settle(repeats.Repeat(monthly=True), _at("2027-01-31 09:00"), SEOUL)
    assert rule.key == "monthly:31"
    dues = []
    for _ in range(3):
        due = repeats.next_due(rule, due, due, SEOUL)
        dues.append(_local(due))
    assert dues == ["Sun 2027-02-28 09:00", "Wed 2027-03-31 09:00", "Fri 2027-04-30 09:00"]


def test_a_daily_reminder_keeps_its_clock_time_across_a_dst_change():
    rule = repeats.Repeat(repeats.EVERY_DAY)
    before = _at("2027-03-13 08:00", NEW_YORK)   # the night after it, clocks go forward
    after = repeats.next_due(rule, before, before, NEW_YORK)
    assert _local(after, NEW_YORK) == "Sun 2027-03-14 08:00"
    assert after - before == 23 * 3_600_000


def test_done_the_evening_before_its_due_it_was_todays_so_it_comes_back_at_its_due():
    """"Every day at 8" made on Saturday afternoon is due Sunday 8 AM; "I took my pills" on Saturday at 2 PM was
    Saturday's: Sunday's still comes (it came back on Monday before, a day skipped). Said at 7:50 on Sunday it was
    Sunday's: Monday's is next."""
    rule, due = repeats.Repeat(repeats.EVERY_DAY), _at("2026-12-06 08:00")
    assert repeats.next_due(rule, due, _at("2026-12-05 14:00"), SEOUL) == due
    assert _local(repeats.next_due(rule, due, _at("2026-12-06 07:50"), SEOUL)) == "Mon 2026-12-07 08:00"


def test_a_daemon_off_for_a_week_opens_the_next_time_not_the_seven_missed():
    rule, due = repeats.Repeat(repeats.EVERY_DAY), _at("2026-12-01 08:00")
    assert _local(repeats.next_due(rule, due, _at("2026-12-08 12:00"), SEOUL)) == "Wed 2026-12-09 08:00"


# ---------------------------------------------------------------- on the agenda, said and done

@pytest.fixture
def clock() -> FakeClock:
    c = FakeClock(0)
    c.set_local("2026-12-05 14:00")   # a Saturday
    return c


def _desk(tmp_path, korean, clock, store=None) -> AgendaDesk:
    service = OpenLoopService(store or JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    return AgendaDesk(service, korean)


def _open(desk: AgendaDesk) -> list[tuple[str, str, str | None]]:
    return [(loop.desc, _local(loop.due_ms), loop.repeat) for loop in desk.service.agenda()]


def test_every_day_at_8_is_kept_repeating_said_so_and_listed_so(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "remind me every day at 8am to take my pills", "what's on my agenda?") == [
        "I'll remind you: take your pills, tomorrow at 8 AM, then every day.",
        "You have one thing on your agenda: take your pills, tomorrow at 8 AM, then every day."]
    [loop] = desk.service.agenda()
    assert (loop.repeat, loop.remind_ms) == ("daily", _at("2026-12-06 08:00"))
    assert desk.service.view(loop)["repeat"] == "every day"
    assert loop_label(desk.service.view(loop)) == "take my pills  (due 2026-12-06 08:00)  ↻ every day"
    assert format_agenda(desk.service).endswith("take my pills (due 2026-12-06 08:00) ↻ every day")


def test_done_it_comes_back_the_next_day_with_its_reminder_and_undo_takes_that_back(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 8am to take my pills")
    clock.set_local("2026-12-06 07:50")
    assert said_to(desk, "I took my pills") == ["Marked done: take your pills. Next: tomorrow at 8 AM."]
    [loop] = desk.service.agenda()
    assert (_local(loop.due_ms), _local(loop.remind_ms), loop.repeat) == ("Mon 2026-12-07 08:00",
                                                                          "Mon 2026-12-07 08:00", "daily")
    assert said_to(desk, "undo that") == ["OK, take your pills is back on your agenda."]
    assert _open(desk) == [("take my pills", "Sun 2026-12-06 08:00", "daily")]


def test_not_done_it_expires_and_the_next_one_opens(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every Monday and Thursday at 9am to water the plants")
    assert _open(desk) == [("water the plants", "Mon 2026-12-07 09:00", "mon,thu")]
    clock.set_local("2026-12-07 16:00")   # due + 6 h passed
    change = desk.service.expire()
    assert [loop.status for loop in change.closed] == [LoopStatus.EXPIRED]
    assert _open(desk) == [("water the plants", "Thu 2026-12-10 09:00", "mon,thu")]
    assert [loop.id for loop in change.opened] == [loop.id for loop in desk.service.agenda()]


def test_withdrawn_the_series_ends(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 8am to take my pills")
    assert said_to(desk, "cancel the pills reminder") == [
        "OK, I took it off your agenda: take your pills. It won't come back."]
    assert desk.service.agenda() == []


def test_a_reminder_without_a_time_asks_when_and_the_answer_keeps_the_repeat(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "remind me every day to drink water", "at 3pm") == [
        "Got it: drink water, every day. When should I remind you?",
        "Updated: drink water, now today at 3 PM, then every day."]
    clock.set_local("2026-12-05 15:05")
    said_to(desk, "I drank water")
    assert _open(desk) == [("drink water", "Sun 2026-12-06 15:00", "daily")]


def test_a_repeat_this_version_does_not_keep_is_kept_once_and_said_so(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "I need to water the cactus every few days at 6pm") == [
        "Got it: water the cactus every few days, tonight at 6 PM. I can't repeat it that way, so that's once."]
    assert _open(desk) == [("water the cactus every few days", "Sat 2026-12-05 18:00", None)]


def test_every_other_day_is_kept_and_comes_back_two_days_on(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "I need to water the cactus every other day at 6pm") == [
        "Got it: water the cactus, tonight at 6 PM, then every other day."]
    assert _open(desk) == [("water the cactus", "Sat 2026-12-05 18:00", "every:2d")]
    clock.set_local("2026-12-05 18:30")
    said_to(desk, "I watered the cactus")
    assert _open(desk) == [("water the cactus", "Mon 2026-12-07 18:00", "every:2d")]


def test_every_two_hours_starts_two_hours_on_is_said_at_its_time_and_the_next_opens_at_its_own(tmp_path, korean, clock):
    """Not done, an every-2-hours reminder leaves the agenda half a step after its time (not 6 hours on, when the
    next three would have passed), so the next opens at its own time; reminded at it, not an hour before."""
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "remind me to drink water every two hours") == [
        "I'll remind you: drink water, today at 4 PM, then every 2 hours."]
    [loop] = desk.service.agenda()
    assert (_local(loop.due_ms), _local(loop.remind_ms), loop.repeat) == ("Sat 2026-12-05 16:00", "Sat 2026-12-05 16:00",
                                                                          "every:2h")
    from jarvisd.reflect.reminders import plan_reminders
    assert [_local(p.fire_ms) for p in plan_reminders(desk.service.agenda(), now_ms=clock() * 1000, tz=SEOUL)] == [
        "Sat 2026-12-05 16:00"]
    clock.set_local("2026-12-05 17:01")   # half a step on: the next opens
    desk.service.expire()
    [loop] = desk.service.agenda()
    assert (_local(loop.due_ms), _local(loop.remind_ms)) == ("Sat 2026-12-05 18:00", "Sat 2026-12-05 18:00")
    clock.set_local("2026-12-05 18:10")
    said_to(desk, "I drank water")   # done just after: the next, two hours from its time
    assert _open(desk) == [("drink water", "Sat 2026-12-05 20:00", "every:2h")]


@pytest.mark.parametrize(("rule", "due", "now", "then"), [
    ("every:2h", "2026-12-05 16:00", "2026-12-05 16:10", "Sat 2026-12-05 18:00"),
    ("every:2h", "2026-12-05 16:00", "2026-12-05 14:30", "Sat 2026-12-05 16:00"),   # the one before was done
    ("every:2h", "2026-12-05 16:00", "2026-12-06 01:30", "Sun 2026-12-06 02:00"),   # the daemon was off: the next
    ("every:90m", "2026-12-05 16:00", "2026-12-05 16:00", "Sat 2026-12-05 17:30"),
    ("every:3d", "2026-12-05 09:00", "2026-12-05 09:30", "Tue 2026-12-08 09:00"),
    ("every:3d", "2026-12-05 09:00", "2026-12-20 12:00", "Wed 2026-12-23 09:00"),
    ("every:2w", "2026-12-11 23:59", "2026-12-11 20:00", "Fri 2026-12-25 23:59"),
    ("yearly", "2027-03-03 23:59", "2027-03-03 10:00", "Fri 2028-03-03 23:59"),
    ("yearly", "2028-02-29 09:00", "2028-02-29 10:00", "Wed 2029-02-28 09:00"),
])
def test_a_step_comes_back_after_the_due_and_now(rule, due, now, then):
    assert _local(repeats.next_due(repeats.from_key(rule), _at(due), _at(now), SEOUL)) == then


def test_every_other_day_keeps_its_clock_time_over_a_dst_change():
    """New York springs forward on 2027-03-14: every other day at 8 AM stays at 8 AM."""
    rule = repeats.from_key("every:2d")
    then = repeats.next_due(rule, _at("2027-03-13 08:00", NEW_YORK), _at("2027-03-13 09:00", NEW_YORK), NEW_YORK)
    assert _local(then, NEW_YORK) == "Mon 2027-03-15 08:00"


@pytest.mark.parametrize(("said", "row"), [
    ("I need to water the plants every day at 6pm", ("water the plants", "Sat 2026-12-05 18:00", "daily")),
    ("I have to walk the dog every morning", ("walk the dog", "Sun 2026-12-06 09:00", "daily")),
    ("I need to pay rent on the 1st of every month", ("pay rent", "Fri 2027-01-01 23:59", "monthly:1")),
    ("I need to call mom on Mondays and Thursdays at 7pm", ("call mom", "Mon 2026-12-07 19:00", "mon,thu")),
    ("remind me daily at 10pm to floss", ("floss", "Sat 2026-12-05 22:00", "daily")),
    # a part of the day is the hour "remind me tonight" / "this evening" get (8 PM / 6 PM); repeats had 9 PM / 7 PM
    ("I need to take my pills every night", ("take my pills", "Sat 2026-12-05 20:00", "daily")),
    ("I have to walk the dog every evening", ("walk the dog", "Sat 2026-12-05 18:00", "daily")),
])
def test_the_repeat_is_the_rule_not_part_of_the_words(tmp_path, korean, clock, said, row):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, said)
    assert _open(desk) == [row]


@pytest.mark.parametrize("said", ["I need to send the weekly report by Friday", "I have to pay the monthly bill tomorrow"])
def test_guard_weekly_as_an_adjective_is_one_promise(tmp_path, korean, clock, said):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, said)
    assert [loop.repeat for loop in desk.service.agenda()] == [None]


def test_a_habit_said_without_a_time_is_kept_and_comes_back_by_its_next_day(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "I have to drink water every day", "I drank water") == [
        "Got it: drink water, every day.", "Marked done: drink water. Next: by tomorrow."]
    assert _open(desk) == [("drink water", "Sun 2026-12-06 23:59", "daily")]


def test_a_habit_without_a_time_does_not_go_stale_after_a_week(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "I have to stretch every weekend")
    clock.advance(30 * 86_400)
    assert [loop.desc for loop in desk.service.agenda()] == ["stretch"]


def test_guard_a_promise_said_once_says_nothing_of_repeats(tuesday_desk):
    assert said_to(tuesday_desk, "I need to call Bob tomorrow") == ["Got it: call Bob, by tomorrow."]
    assert [loop.repeat for loop in tuesday_desk.service.agenda()] == [None]


@pytest.mark.slow
def test_a_korean_weekly_promise(tuesday_desk):
    assert said_to(tuesday_desk, "매주 화요일마다 쓰레기 버리라고 알려줘") == [
        "알림 맞춰 둘게요: 쓰레기 버리기, 오늘부터 매주 화요일."]   # said on a Tuesday: today's counts
    assert agenda_rows(tuesday_desk) == [("쓰레기 버리기", "2026-12-01 23:59")]
    assert said_to(tuesday_desk, "쓰레기 버렸어") == ["완료로 표시했어요: 쓰레기 버리기. 다음은 다음 주 화요일까지예요."]


# ---------------------------------------------------------------- kept across restarts and stores

def test_the_rule_survives_a_restart_on_jsonl(tmp_path, korean, clock):
    said_to(_desk(tmp_path, korean, clock), "remind me every weekday at 7am to stretch")
    again = _desk(tmp_path, korean, clock)
    assert _open(again) == [("stretch", "Mon 2026-12-07 07:00", "weekdays")]
    clock.set_local("2026-12-07 07:10")
    again.service.done(again.service.agenda()[0].id)
    assert _open(again) == [("stretch", "Tue 2026-12-08 07:00", "weekdays")]


def test_the_rule_survives_a_restart_on_lancedb(tmp_path, korean, clock):
    uri = str(tmp_path / "agenda.lance")
    said_to(_desk(tmp_path, korean, clock, LanceLoopStore(uri)), "remind me every Monday to put out the bins")
    again = _desk(tmp_path, korean, clock, LanceLoopStore(uri))
    assert [(desc, rule) for desc, _, rule in _open(again)] == [("put out the bins", "mon")]


def test_a_record_with_a_repeat_that_is_not_text_is_quarantined_not_loaded(tmp_path, clock):
    path = tmp_path / "openloops.jsonl"
    now = int(clock() * 1000)
    path.write_text(json.dumps({"id": "a" * 32, "desc": "call Bob", "status": "open", "created_ms": now,
                                "updated_ms": now, "repeat": ["daily"]}) + "\n")
    assert JsonlLoopStore(path).load() == []


# ---------------------------------------------------------------- reminded again

async def test_the_next_time_is_reminded_by_the_planner(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 8am to take my pills")

    async def speak(text, lang):
        spoken.append(text)

    spoken: list[str] = []
    planner = DaemonScheduler(open_loops=desk.service.agenda, speak=speak, gate=TurnGate(clock=clock), tz=SEOUL,
                              clock=clock, scheduler=AsyncIOScheduler(timezone=SEOUL))
    planner.sync()
    clock.set_local("2026-12-06 08:00")
    assert await planner.run_due() >= 1
    said_to(desk, "I took my pills")
    planner.sync()
    clock.set_local("2026-12-07 08:00")
    assert await planner.run_due() >= 1
    assert len([text for text in spoken if "take your pills" in text]) >= 2


# ---------------------------------------------------------------- alarms

def test_a_repeating_wake_up_alarm_rings_and_is_set_again_for_the_next_weekday(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "wake me up every weekday at 6:30am") == [
        "OK, I'll wake you Monday at 6:30 AM, then every weekday."]
    [alarm] = desk.service.agenda()
    assert (alarm.desc, _local(alarm.due_ms), _local(alarm.remind_ms), alarm.repeat) == (
        "wake-up alarm", "Mon 2026-12-07 06:30", "Mon 2026-12-07 06:30", "weekdays")
    clock.set_local("2026-12-07 09:00")   # rung, and kept a while after
    assert _open(desk) == [("wake-up alarm", "Tue 2026-12-08 06:30", "weekdays")]
    assert _local(desk.service.agenda()[0].remind_ms) == "Tue 2026-12-08 06:30"


def test_a_timer_said_with_every_day_is_one_timer(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "set a timer for 10 minutes every day") == ["OK, a 10-minute timer, until 2:10 PM."]
    assert _open(desk) == [("10-minute timer", "Sat 2026-12-05 14:10", None)]


@pytest.mark.slow
def test_a_korean_daily_wake_up(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "매일 아침 7시에 깨워줘") == ["내일부터 매일 오전 7시에 깨워 드릴게요."]
    assert [rule for _, _, rule in _open(desk)] == ["daily"]


# ---------------------------------------------------------------- changed by words, asked about

def test_make_it_every_weekday_repeats_the_promise_just_said_and_undo_takes_it_back(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "remind me at 7am to stretch", "make it every weekday") == [
        "I'll remind you: stretch, tomorrow at 7 AM.", "Updated: stretch, Monday at 7 AM, then every weekday."]
    assert _open(desk) == [("stretch", "Mon 2026-12-07 07:00", "weekdays")]
    assert _local(desk.service.agenda()[0].remind_ms) == "Mon 2026-12-07 07:00"
    assert said_to(desk, "undo that") == ["OK, moved back: stretch, tomorrow at 7 AM."]
    assert _open(desk) == [("stretch", "Sun 2026-12-06 07:00", None)]


def test_just_once_takes_the_repeat_off(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "remind me every day at 8am to take my pills", "make it just once") == [
        "I'll remind you: take your pills, tomorrow at 8 AM, then every day.",
        "OK, just once: take your pills, tomorrow at 8 AM."]
    assert _open(desk) == [("take my pills", "Sun 2026-12-06 08:00", None)]


def test_a_repeat_asked_for_with_nothing_in_focus_asks_which(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "make it every weekday") == [
        "Which one? Say it with the repeat, for example \"remind me every day at 8am to take my pills\"."]


@pytest.mark.parametrize("said", ["make it every day at 9", "make it 9am", "make it tomorrow"])
def test_guard_a_time_in_make_it_is_no_repeat_change(said):
    assert repeats.repeat_asked(said) is None


@pytest.mark.slow
def test_a_korean_repeat_change(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "내일 아침 7시에 운동하라고 알려줘", "매일로 바꿔 줘") == [
        "알림 맞춰 둘게요: 운동하기, 내일 오전 7시.", "바꿨어요: 운동하기, 내일 오전 7시부터 매일."]
    assert said_to(desk, "반복하지 마") == ["한 번만 할게요: 운동하기, 내일 오전 7시."]


def test_did_i_of_a_repeating_promise_done_today_says_yes_and_when_it_comes_back(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me to call mom every Sunday at 6pm")
    assert said_to(desk, "did I call mom?") == ["Not yet: call mom is still on your agenda, tomorrow at 6 PM."]
    clock.set_local("2026-12-06 18:30")
    assert said_to(desk, "I called mom", "did I call mom?") == [
        "Marked done: call mom. Next: Sunday, December 13 at 6 PM.",
        "Yes: call mom, marked done tonight at 6:30 PM. Next: Sunday, December 13 at 6 PM."]


def test_what_are_my_recurring_reminders_lists_only_those_that_repeat(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "what are my recurring reminders?") == ["Nothing on your agenda repeats."]
    said_to(desk, "remind me every day at 8am to take my pills", "remind me to call Bob tomorrow")
    assert said_to(desk, "what are my recurring reminders?", "which reminders repeat?") == [
        "One thing repeats: take your pills, tomorrow at 8 AM, then every day."] * 2


# ---------------------------------------------------------------- odd clocks and records

def test_a_clock_briefly_ahead_leaves_one_open_not_the_rolled_one_beside_the_reopened_one(tmp_path, korean, clock):
    """A dual-boot clock 9 h ahead (docs/reliability.md, pass 12) expired "take my pills" due in 2 h, and the expiry
    rolled it to the next day; when the clock is right the promise opens again, and its roll goes: one open, not two."""
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 4pm to take my pills")
    clock.advance(9 * 3600)                       # 23:00 read as now: due 16:00 + 6 h passed
    assert _open(desk) == [("take my pills", "Sun 2026-12-06 16:00", "daily")]
    clock.advance(-(9 * 3600 - 60))               # NTP: 14:01
    assert _open(desk) == [("take my pills", "Sat 2026-12-05 16:00", "daily")]


def test_an_unknown_repeat_in_a_record_is_logged_once_however_often_the_hud_reads_it(tmp_path, clock, caplog):
    path = tmp_path / "openloops.jsonl"
    now = int(clock() * 1000)
    path.write_text(json.dumps({"id": "b" * 32, "desc": "call Bob", "status": "open", "created_ms": now,
                                "updated_ms": now, "due_ms": now + 3_600_000, "repeat": "every-fortnight-v9"}) + "\n")
    service = OpenLoopService(JsonlLoopStore(path), tz=SEOUL, clock=clock)
    for _ in range(50):
        assert service.view(service.agenda()[0])["repeat"] is None
    assert caplog.text.count("every-fortnight-v9") == 1
    clock.advance(7 * 3600)
    assert service.agenda() == []   # expired, kept once: no next one from a rule it cannot read


# ---------------------------------------------------------------- skipped once

@pytest.mark.parametrize(("said", "what"), [
    ("skip the pills today", "pills"), ("skip today's pills", "pills"), ("skip the pills reminder tomorrow", "pills"),
    ("skip it", ""), ("skip this one", ""), ("i'll skip the gym this week", "gym"), ("오늘은 약 건너뛸게", "약"),
    ("이번엔 건너뛰어 줘", ""), ("skip", None), ("what's a skip", None),
])
def test_what_a_skip_names(said, what):
    assert repeats.skip_asked(said) == what


def test_a_skip_withdraws_this_time_the_series_goes_on_and_undo_takes_it_back(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 8am to take my pills")
    assert said_to(desk, "skip the pills tomorrow") == ["OK, I'll skip this one: take your pills. Next: Monday at 8 AM."]
    [loop] = desk.service.agenda()
    assert (_local(loop.due_ms), _local(loop.remind_ms), loop.repeat) == ("Mon 2026-12-07 08:00", "Mon 2026-12-07 08:00",
                                                                          "daily")
    assert said_to(desk, "undo that") == ["OK, take your pills is back on your agenda."]
    assert _open(desk) == [("take my pills", "Sun 2026-12-06 08:00", "daily")]


def test_skip_it_after_a_reminder_and_a_one_off_skipped_is_taken_off(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 8am to take my pills", "I need to go to the gym tomorrow")
    assert said_to(desk, "skip the gym tomorrow") == ["OK, I took it off your agenda: go to the gym."]
    assert said_to(desk, "skip it") == ["OK, I'll skip this one: take your pills. Next: Monday at 8 AM."]
    assert said_to(desk, "skip to the next song") == [None]


@pytest.mark.slow
def test_a_korean_skip(tmp_path, korean, clock):
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "매일 아침 7시에 약 먹으라고 알려줘")
    assert said_to(desk, "내일은 약 건너뛸게") == ["이번엔 건너뛸게요: 약 먹기. 다음은 모레 오전 7시예요."]


def test_an_agenda_table_from_before_repeats_gets_the_column_and_keeps_its_promises(tmp_path, korean, clock):
    """A LanceDB `open_loops` table written before `repeat` existed: the column is added at open (as `muted_ms` was),
    its promise is kept, and a repeating one is saved and read back."""
    import time
    import uuid

    import lancedb
    import pyarrow as pa

    from jarvisd.openloop.lance_store import SCHEMA

    uri = str(tmp_path / "agenda.lance")
    old = pa.schema([f for f in SCHEMA if f.name != "repeat"])
    now = int(time.time() * 1000)
    row = {f.name: None for f in old}
    row.update(id=uuid.uuid4().hex, desc="call Bob", status="open", created_ms=now, updated_ms=now,
               due_ms=now + 86_400_000, session="s")
    lancedb.connect(uri).create_table("open_loops", schema=old).add(pa.Table.from_pylist([row], schema=old))
    desk = _desk(tmp_path, korean, clock, LanceLoopStore(uri))
    assert "repeat" in lancedb.connect(uri).open_table("open_loops").schema.names
    said_to(desk, "remind me every day at 8am to take my pills")
    again = OpenLoopService(LanceLoopStore(uri), tz=SEOUL, clock=clock)
    assert sorted((loop.desc, loop.repeat) for loop in again.agenda()) == [("call Bob", None), ("take my pills", "daily")]


def test_odd_but_readable_keys_roll_settled_and_unknown_ones_are_kept_once(tmp_path, clock):
    """Keys written by hand or another program: " DAILY " and an unsettled "weekly" roll into the rule's own key; an
    unknown one ("monthly:99", "mon,", a 1 MB string) expires without a next one, and nothing stops the load."""
    path = tmp_path / "openloops.jsonl"
    now = int(clock() * 1000)
    keys = [" DAILY ", "weekly", "monthly:99", "mon,", "x" * 1_000_000]
    path.write_text("".join(json.dumps({"id": f"{i:032x}", "desc": f"task {i}", "status": "open", "created_ms": now,
                                        "updated_ms": now, "due_ms": now - 7 * 3_600_000, "repeat": key}) + "\n"
                            for i, key in enumerate(keys)))
    service = OpenLoopService(JsonlLoopStore(path), tz=SEOUL, clock=clock)
    assert sorted((loop.desc, loop.repeat) for loop in service.agenda()) == [("task 0", "daily"), ("task 1", "sat")]
    [closed] = [loop for loop in service.recently_closed() if loop.desc == "task 0"]
    assert service.successor(closed) is not None


def test_done_on_a_full_disk_neither_closes_nor_rolls(tmp_path, korean, clock, monkeypatch):
    """The close and the next one are one write: with room for one record, neither is kept, in memory or on disk."""
    from jarvisd.openloop import stores
    from tests.faults import DiskFillsAfter

    desk = _desk(tmp_path, korean, clock)
    said_to(desk, "remind me every day at 8am to take my pills")
    clock.set_local("2026-12-06 07:50")
    [loop] = desk.service.agenda()
    monkeypatch.setattr(stores.os, "write", DiskFillsAfter(len(json.dumps(loop.to_record())) + 40))   # one fits
    with pytest.raises(OSError):
        desk.service.done(loop.id)
    monkeypatch.undo()
    assert _open(desk) == [("take my pills", "Sun 2026-12-06 08:00", "daily")]
    reread = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock)
    assert [(loop.desc, loop.status.value) for loop in reread.all_loops()] == [("take my pills", "open")]


@pytest.mark.parametrize("said, first", [
    ("remind me to call mom every Sunday at 8am", "Sun 2026-12-06 08:00"),
    ("remind me to water the plants every Sunday", "Sun 2026-12-06 23:59"),
    ("매주 일요일 오전 8시에 엄마한테 전화하라고 알려 줘", "Sun 2026-12-06 08:00"),
    # already past today, or said to start next week: next Sunday
    ("remind me to call mom every Sunday at 6am", "Sun 2026-12-13 06:00"),
    ("starting next week remind me to call mom every Sunday at 8am", "Sun 2026-12-13 08:00"),
])
def test_every_sunday_said_on_a_sunday_morning_starts_today(tmp_path, korean, clock, said, first):
    """Found by the fiftieth session: "every Sunday at 8am" said at 7 on a Sunday began a week later (the bare
    weekday of a one-off promise means the next one; a rule that falls today and has not passed begins today)."""
    clock.set_local("2026-12-06 07:00")   # a Sunday
    desk = _desk(tmp_path, korean, clock)
    said_to(desk, said)
    [loop] = desk.service.agenda()
    assert (_local(loop.due_ms), loop.repeat) == (first, "sun")


def test_a_repeat_not_kept_is_said_before_the_question_that_waits_for_an_answer(tmp_path, korean, clock):
    """The fiftieth session: "… When should I remind you? I can't repeat it that way, so that's once." ended on the note,
    and the question the next words answer was lost in the middle."""
    desk = _desk(tmp_path, korean, clock)
    assert said_to(desk, "remind me to stretch every few days", "며칠마다 물 마시라고 알려줘") == [
        "Got it: stretch every few days. I can't repeat it that way, so that's once. When should I remind you?",
        "적어 둘게요: 며칠마다 물 마시기. 그렇게 반복하지는 못해서 한 번만 적어 뒀어요. 언제 알려 드릴까요?"]
