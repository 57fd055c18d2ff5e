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
