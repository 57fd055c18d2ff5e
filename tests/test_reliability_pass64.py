"""Pass 64 (issue #18): a fourth adversarial pass on what the sixty-third session added (docs/reliability.md, "Pass 64:
a fourth pass on the sixty-third session's additions").

Found: readers exponential in repeated words ("oh no oh no … x" read for "I forgot to …", "bye bye … x" and "hey hey …"
for small talk, "거요거요 …" for a pick: a turn that never ends); "cancel everything tomorrow" and a yes ended the
routines due that day for good; a `general.user` with a line break, or too long for the owner file, lost or stopped
the agenda at the next start; an owner file of NULs gave the owner's agenda to nobody, silently; a stamp cut across
stream deltas left a double space.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.agent.repeats import StampDrop
from jarvisd.config import ConfigError, load_config
from jarvisd.doctor import agenda_report
from jarvisd.errors import StartupError
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.meaning import picked
from jarvisd.openloop.owner import OWNER_NAME, agenda_place
from jarvisd.openloop.past_due import forgot_said
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from jarvisd.small_talk import owed_answer
from tests.openloop.conftest import SEOUL, FakeClock, agenda_desk, agenda_rows, said_to
from tests.timing import assert_grows_linearly

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)


@pytest.fixture
def desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, MONDAY)


# ------------------------------------------------------------ medium: a turn that never ends

def test_interjections_before_a_forgetting_are_read_in_linear_time():
    """"oh no oh no … x": `(oh\\s+)?(…|oh)` read "oh no" as one interjection or two, 2^n ways (22 pairs: 1.6 s, 30: minutes)."""
    assert_grows_linearly(forgot_said, lambda n: "oh no " * n + "x", 22, scale=2, vary=False)
    assert_grows_linearly(forgot_said, lambda n: "oh " * n + "x", 40, scale=2, vary=False)   # held out


def test_interjections_still_open_a_forgetting():
    assert forgot_said("oh no I forgot to call mom yesterday") == "call mom"
    assert forgot_said("oh no, shoot, I totally forgot to pick up the dry cleaning") == "pick up the dry cleaning"
    assert forgot_said("oh oh oh forgot to water the plants!") == "water the plants"   # held out
    assert forgot_said("oh no") is None                                                # nearby talk
    assert forgot_said("oh no I forgot what I wanted to say") is None


def test_repeated_farewells_and_greetings_are_read_in_linear_time():
    """"bye bye … x" (80 characters: 18 byes took 12 s): `bye(\\s+bye)?` inside a repeat and `\\s*,?\\s*` split each
    space two ways; the same `\\s*,?\\s*` in "hey hey … how are you" and "안녕 안녕 … 적어 둘 게 있어"."""
    assert_grows_linearly(owed_answer, lambda n: "bye " * n + "x", 16, scale=2, vary=False)
    assert_grows_linearly(owed_answer, lambda n: "thanks, " + "bye " * n + "x", 14, scale=2, vary=False)
    assert_grows_linearly(lambda said: owed_answer(said, small_model=True), lambda n: "hey " * n + "x", 18, scale=2,
                          vary=False)
    assert_grows_linearly(owed_answer, lambda n: "안녕 " * n + "x", 18, scale=2, vary=False)


def test_farewells_and_thanks_are_still_answered():
    assert owed_answer("bye bye") == "Bye for now. I'm here when you need me."
    assert owed_answer("ok, bye bye jarvis") == "Bye for now. I'm here when you need me."
    assert owed_answer("bye, see you later, good night") == "Bye for now. I'm here when you need me."   # held out
    assert owed_answer("thanks, bye bye") == "You're welcome."
    assert owed_answer("hey hey jarvis how are you", small_model=True) is not None
    assert owed_answer("bye bye birdie is my favourite musical") is None   # nearby talk


def test_a_pick_of_fillers_is_read_in_linear_time():
    """"거요" was one filler and "거" "요" two: 2^n readings of "거요거요 … x" (the answer to "which one?")."""
    assert_grows_linearly(lambda said: picked(said, 3), lambda n: "첫 번째 " + "거요" * n + "x", 18, scale=2, vary=False)
    assert picked("첫 번째 거요", 3) == 0
    assert picked("the second one please", 3) == 1   # held out


# ------------------------------------------------------------ medium: a day cancelled ended its routines

def test_cancel_everything_tomorrow_skips_a_routine_once(desk):
    said_to(desk, "water the plants every tuesday at 8am", "remind me to call mom tomorrow at 3pm",
            "dentist on friday at 2pm")
    asked, done = said_to(desk, "cancel everything tomorrow", "yes")
    assert asked.startswith("Cancel both things")
    assert done == ("Cancelled: water the plants and call mom. Only this time for the repeating ones: water the "
                    "plants comes back Tuesday, December 15 at 8 AM.")
    assert ("water the plants", "2026-12-15 08:00") in agenda_rows(desk)
    assert all(desc != "call mom" for desc, _ in agenda_rows(desk))


def test_korean_day_cancel_skips_a_daily_routine_once(desk):
    said_to(desk, "내일 아침 7시에 매일 운동하기", "내일 3시에 엄마한테 전화하기")
    said = said_to(desk, "내일 일정 다 취소해 줘", "응")[1]
    assert "반복하는 일은 이번만 건너뛰어요" in said
    assert agenda_rows(desk) == [("운동하기", "2026-12-09 07:00")]


def test_a_day_cancel_undone_brings_the_day_back_without_a_second_routine(desk):
    said_to(desk, "water the plants every tuesday at 8am", "remind me to call mom tomorrow at 3pm")
    said_to(desk, "cancel everything tomorrow", "yes", "undo that")
    assert sorted(agenda_rows(desk)) == [("call mom", "2026-12-08 15:00"), ("water the plants", "2026-12-08 08:00")]


def test_clearing_the_whole_agenda_still_ends_routines(desk):
    """Nearby: "clear my agenda" asks to end every promise, routines too (as before)."""
    said_to(desk, "water the plants every tuesday at 8am", "remind me to call mom tomorrow at 3pm")
    said_to(desk, "clear my agenda", "yes")
    assert agenda_rows(desk) == []


# ------------------------------------------------------------ medium: "I took my pills yesterday" closed today's dose

def _day_later(tmp_path: Path, korean: KoreanAnalyzer, *said: str) -> AgendaDesk:
    """A desk whose promises were said Sunday 07:00 and swept at 15:00; its clock then at Monday 09:00."""
    clock = FakeClock(0)
    clock.set_local("2026-12-06 07:00")
    desk = AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)
    said_to(desk, *said)
    clock.set_local("2026-12-06 15:00")
    desk.service.expire_before_read()   # yesterday's 8 AM dose expired unfinished, today's opened
    clock.set_local("2026-12-07 09:00")
    return desk


@pytest.mark.parametrize(("routine", "late", "desc"), [
    ("remind me to take my pills every day at 8am", "I took my pills yesterday", "take my pills"),
    ("매일 아침 8시에 약 먹기", "어제 약 먹었어", "약 먹기"),
    ("remind me to walk the dog every day at 8am", "I walked the dog last night", "walk the dog"),   # held out
])
def test_a_dose_told_done_yesterday_is_yesterdays_not_todays(tmp_path, korean, routine, late, desc):
    """Today's 8 AM dose was marked done (no reminder would come for it) and yesterday's stayed missed."""
    desk = _day_later(tmp_path, korean, routine)
    said_to(desk, late)
    assert agenda_rows(desk) == [(desc, "2026-12-07 08:00")]
    yesterday = [loop for loop in desk.service.all_loops() if loop.status.value == "done"]
    assert len(yesterday) == 1 and datetime.fromtimestamp(yesterday[0].due_ms / 1000, SEOUL).day == 6


def test_a_dose_told_done_with_no_day_is_todays(tmp_path, korean):
    """Nearby: "I took my pills" closes today's dose, as before."""
    desk = _day_later(tmp_path, korean, "remind me to take my pills every day at 8am")
    assert said_to(desk, "I took my pills") == ["Marked done: take your pills. Next: tomorrow at 8 AM."]


def test_a_one_off_done_early_is_closed_when_told_of_yesterday(desk):
    """Nearby: a promise that does not repeat, done the day before its due, is done."""
    said_to(desk, "remind me to call mom tomorrow at 3pm")
    assert said_to(desk, "I called mom yesterday") == ["Marked done: call mom."]


def test_did_i_yesterday_after_a_late_done_says_yes(tmp_path, korean):
    """"I called mom yesterday" marked the expired call done today; "did I call mom yesterday?" said "No: call mom
    wasn't marked done yesterday." (low, cheap)."""
    desk = _day_later(tmp_path, korean, "remind me to call mom today at 8am", "remind me to take my pills every day at 8am")
    answers = said_to(desk, "I called mom yesterday", "did I call mom yesterday?", "I took my pills yesterday",
                      "did I take my pills today?")
    assert answers[1] == "Yes: call mom, marked done today at 9 AM."
    assert answers[3] == "Not today: take your pills was last done yesterday (marked done today at 9 AM)."


# ------------------------------------------------------------ the agenda's owner

@pytest.mark.parametrize("user", ["alice\n", "alice\r", "a\tb", "bob\x00", "가" * 201])
def test_a_user_name_the_owner_file_cannot_hold_is_refused_at_start(tmp_path, user):
    """"alice\\n" was written to the owner file and read back "alice": at the next start her agenda was another user's
    (and "alice" got hers); 1,400 Korean letters (4,200 bytes) stopped the second start."""
    path = tmp_path / "config.toml"
    path.write_text(f"[general]\nuser = {json.dumps(user, ensure_ascii=False)}\n", encoding="utf-8")   # TOML's escapes
    env = {"JARVIS_HOME": str(tmp_path)}
    with pytest.raises(ConfigError) as err:
        load_config(env=env)
    assert (err.value.source, err.value.key) == (str(path), "general.user")


@pytest.mark.parametrize("user", ["Ana María", "김민지", "가" * 200, "o'brien (home)"])
def test_a_long_or_unicode_user_keeps_the_same_agenda_at_every_start(tmp_path, user):
    assert load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__USER": user}).general.user == user
    first = agenda_place(tmp_path, user)
    assert agenda_place(tmp_path, user) == first and first.owner
    assert not agenda_place(tmp_path, "bob").owner


def test_an_owner_file_of_nuls_stops_with_its_path(tmp_path):
    """A disk's damage (our claim writes the name whole): it read as a user named "\\0\\0\\0", so the owner's agenda
    was no one's and the owner heard an empty one, without a word."""
    agenda_place(tmp_path, "alice")
    (tmp_path / OWNER_NAME).write_bytes(b"\x00" * 6)
    with pytest.raises(StartupError, match="agenda.owner.*names no user"):
        agenda_place(tmp_path, "alice")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    cfg.paths.data_dir.mkdir(parents=True)
    (cfg.paths.data_dir / OWNER_NAME).write_bytes(b"\x00\x00\n")
    assert "names no user" in agenda_report(cfg)["error"]


def test_an_owner_file_written_in_notepad_names_its_user(tmp_path):
    """A BOM and a CRLF (low): "\\ufeffalice" was another user than alice."""
    (tmp_path / OWNER_NAME).write_bytes("\ufeffalice\r\n".encode())
    assert agenda_place(tmp_path, "alice").owner
    assert not agenda_place(tmp_path, "bob").owner


# ------------------------------------------------------------ low: a stamp cut across deltas

@pytest.mark.parametrize("deltas", [
    ["I'm a nurse (2026-12-07)", " at Severance hospital."],
    ["I'm a nurse (2026-12", "-07)", " at Severance hospital."],
    ["I'm a nurse (2026-12-07)", "", "\tat Severance hospital."],   # held out: a tab, an empty delta between
])
def test_a_stamp_cut_across_deltas_leaves_one_space(deltas):
    drop = StampDrop()
    said = "".join(drop.feed(delta) for delta in deltas) + drop.end()
    assert said.replace("\t", " ") == "I'm a nurse at Severance hospital."
    assert drop.dropped == 1


def test_text_in_brackets_is_kept():
    drop = StampDrop()
    said = "".join(drop.feed(delta) for delta in ["Call Bob (", "12 items) ", "(2026", " was a good year)"]) + drop.end()
    assert said == "Call Bob (12 items) (2026 was a good year)"


def test_the_doctor_says_a_file_in_the_way_of_a_users_agenda(tmp_path):
    """`<data dir>/users` a file (low): `jarvisd run` stopped with "cannot open the agenda log …: Not a directory" while
    `jarvisd doctor` said "0 open"; the owner's agenda is not in its way."""
    def cfg(user: str):
        return load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__USER": user, "JARVIS_OPENLOOP__STORE": "jsonl"})

    data = cfg("alice").paths.data_dir
    data.mkdir(parents=True)
    (data / OWNER_NAME).write_text("alice\n")
    (data / "users").write_text("x")
    assert "users is not a folder" in agenda_report(cfg("bob"))["error"]
    assert agenda_report(cfg("alice"))["error"] is None
