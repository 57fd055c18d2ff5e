"""Pass 25's lows (docs/reliability.md, "Twenty-fifth pass"), fixed after it."""

import logging
from types import SimpleNamespace

from jarvisd.reflect import periodic


def test_a_polled_jobs_missed_run_after_a_freeze_is_not_a_warning_but_a_reminders_is():
    said: list[logging.LogRecord] = []
    handler = logging.Handler()  # as the daemon's: no level of its own
    handler.emit = said.append
    executor_log = logging.getLogger("apscheduler.executors.default")
    before, propagate = executor_log.level, executor_log.propagate
    executor_log.setLevel(logging.WARNING)  # what `jarvisd run` sets for apscheduler
    executor_log.propagate = False
    executor_log.addHandler(handler)
    periodic._quiet_poll_skips()  # what installing the jobs does
    try:
        for job_id in (periodic.REFLECT_IDLE_JOB, periodic.EXPIRY_JOB, "remind:1a2b3c4d"):
            executor_log.warning('Run time of job "%s" was missed by %s', SimpleNamespace(id=job_id), "0:01:40")
    finally:
        executor_log.removeHandler(handler)
        executor_log.setLevel(before)
        executor_log.propagate = propagate
    assert [(r.levelname, r.args[0].id) for r in said] == [("WARNING", "remind:1a2b3c4d")]


def test_an_agenda_log_truncated_by_another_program_is_written_again_whole(tmp_path, caplog):
    """Pass 25's low: `truncate -s 0 openloops.jsonl` (same inode) under a running daemon was not noticed; the
    promises it held, still shown in the HUD, were gone at the next start."""
    import os
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    path = tmp_path / "openloops.jsonl"
    service = OpenLoopService(JsonlLoopStore(path), tz=ZoneInfo("Asia/Seoul"))
    sue = service.add("email Sue")
    ann = service.add("call Ann")
    service.set_status(ann.id, service.find(ann.id).status.DONE)
    inode = os.stat(path).st_ino
    os.truncate(path, 0)  # what `truncate -s 0` does: the same file, emptied
    with caplog.at_level("WARNING", logger="jarvisd.openloop"):
        bob = service.add("call Bob")
    assert os.stat(path).st_ino == inode
    assert "shrank" in caplog.text and "writes its whole agenda into it again" in caplog.text
    again = {loop.id: loop for loop in JsonlLoopStore(path).load()}
    assert set(again) == {sue.id, ann.id, bob.id}
    assert again[ann.id].status is service.find(ann.id).status  # done stays done
    caplog.clear()
    service.add("call Dan")  # a file that only grows says nothing
    assert "shrank" not in caplog.text


# ------------------------------------------------------------------ the agenda's wordings (in process, the
# tests' Tuesday 09:00 Seoul desk); sentences written here, not the pass's own

import pytest  # noqa: E402

from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows  # noqa: E402

TWO_CALLS = ["I need to ring the vet tomorrow at 2pm", "I need to call the garage tomorrow at 11am"]


@pytest.mark.parametrize(("correction", "rows"), [
    # the new time first, the old one after "not": the vet (at 2) moves, not the garage said last
    ("hang on, 3pm not 2pm", [("call the garage", "2026-12-02 11:00"), ("ring the vet", "2026-12-02 15:00")]),
    ("sorry, 3pm instead of 2pm", [("call the garage", "2026-12-02 11:00"), ("ring the vet", "2026-12-02 15:00")]),
    # hours without am/pm, as said aloud
    ("wait, not 2 but 3", [("call the garage", "2026-12-02 11:00"), ("ring the vet", "2026-12-02 15:00")]),
    ("no, make it 12", [("call the garage", "2026-12-02 12:00"), ("ring the vet", "2026-12-02 14:00")]),
    ("actually make that noon not 11am", [("call the garage", "2026-12-02 12:00"), ("ring the vet", "2026-12-02 14:00")]),
])
def test_a_correction_with_the_new_time_first_or_bare_hours_moves_the_right_promise(tmp_path, korean, correction,
                                                                                      rows):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    for promise in TWO_CALLS:
        assert desk.handle(promise, "s") is not None
    assert desk.handle(correction, "s") is not None, correction
    assert agenda_rows(desk) == rows


def test_a_thing_said_before_its_deed_closes_the_one_that_deed_fits_among_two(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    for promise in ["I need to print the boarding passes by Friday", "I need to check the boarding passes by Thursday"]:
        assert desk.handle(promise, "s") is not None
    reply = desk.handle("the boarding passes I printed already", "s")
    assert reply is not None and "print the boarding passes" in reply.text, reply
    assert agenda_rows(desk) == [("check the boarding passes", "2026-12-03 23:59")]


@pytest.mark.parametrize("dismissal", ["그거 지워도 된다", "그건 이제 빼도 돼요", "그거 취소해도 괜찮아"])
def test_that_may_be_struck_off_without_its_name_drops_the_promise_just_said(tmp_path, korean, dismissal):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    for promise in ["내일 우체국 가야 해", "모레 약국 들러야 해"]:
        assert desk.handle(promise, "s") is not None
    assert desk.handle(dismissal, "s") is not None
    assert [desc for desc, _due in agenda_rows(desk)] == ["우체국 가기"]
