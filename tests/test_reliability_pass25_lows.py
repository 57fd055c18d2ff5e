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
