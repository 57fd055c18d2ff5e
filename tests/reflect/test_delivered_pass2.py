"""Issue 18's second adversarial pass: the delivered-reminder log (`reminders.jsonl`) damaged."""

from __future__ import annotations

import pytest

from jarvisd.errors import StartupError
from jarvisd.reflect.delivered import LOG_NAME, DeliveredLog
from jarvisd.reflect.reminders import ReminderKey


def test_an_infinite_number_in_the_delivered_log_skips_that_line(tmp_path):
    """`Infinity` (json.loads reads it) as a lead time raised OverflowError: the daemon exited 1."""
    (tmp_path / LOG_NAME).write_text('{"loop_id": "x", "lead_min": Infinity, "due_ms": 1}\n'
                                     '{"loop_id": "y", "lead_min": 10, "due_ms": 1e400}\n'
                                     '{"loop_id": "z", "lead_min": 10, "due_ms": 5}\n')
    assert DeliveredLog.in_data_dir(tmp_path).keys() == {ReminderKey("z", 10, 5)}


def test_a_delivered_log_that_is_a_directory_is_one_line_naming_it(tmp_path):
    (tmp_path / LOG_NAME).mkdir()
    with pytest.raises(StartupError, match=f"cannot open the delivered-reminder log {tmp_path / LOG_NAME}: "
                       "it is a directory"):
        DeliveredLog.in_data_dir(tmp_path)
