from jarvisd.reflect.delivered import LOG_NAME, DeliveredLog
from jarvisd.reflect.reminders import ReminderKey

KEY = ReminderKey("loop-1", 60, 1_760_508_000_000)


def test_a_restart_reads_back_the_delivered_reminders(tmp_path):
    DeliveredLog.in_data_dir(tmp_path).record(KEY, at_ms=1, text="Reminder: x. It's due in 1 hour.")
    assert KEY in DeliveredLog.in_data_dir(tmp_path)


def test_a_torn_last_line_is_skipped_and_the_next_record_starts_on_its_own_line(tmp_path):
    path = tmp_path / LOG_NAME
    log = DeliveredLog(path)
    log.record(KEY, at_ms=1)
    with path.open("ab") as fh:
        fh.write(b'{"loop_id": "loop-2", "lead_')  # the crash
    reread = DeliveredLog(path)
    assert reread.keys() == {KEY}
    later = ReminderKey("loop-3", 10, 5)
    reread.record(later, at_ms=2)
    assert DeliveredLog(path).keys() == {KEY, later}
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3


def test_without_a_path_the_log_lives_in_memory(tmp_path):
    log = DeliveredLog(None)
    log.record(KEY, at_ms=1)
    assert KEY in log and list(tmp_path.iterdir()) == []
