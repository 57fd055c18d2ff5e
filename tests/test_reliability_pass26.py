"""Pass 26's findings, each with the case that showed it (docs/reliability.md, "Twenty-sixth pass")."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows

TWO = ["I need to call Ann tomorrow at 4pm", "I need to email Sue tomorrow at 3pm"]



@pytest.mark.parametrize(("correction", "reply", "ann"), [
    # before: "Updated: call Ann, now tomorrow at 4 PM." and nothing moved ("not" took back "tomorrow" only)
    ("no, not tomorrow at 4pm, 5pm", "tomorrow at 5 PM", "2026-12-02 17:00"),
    # before: "Updated: call Ann, now tomorrow at 5 PM." (Thursday lost)
    ("sorry, not 4pm tomorrow, 5pm on Thursday", "Thursday at 5 PM", "2026-12-03 17:00"),
    # as before
    ("no, not 4pm, 5pm", "tomorrow at 5 PM", "2026-12-02 17:00"),
])
def test_a_time_taken_back_in_several_words_is_not_the_new_time(tuesday_desk, correction, reply, ann):
    for promise in TWO:
        tuesday_desk.handle(promise, "s")
    said = tuesday_desk.handle(correction, "s")
    assert said is not None and reply in said.text
    assert agenda_rows(tuesday_desk) == [("email Sue", "2026-12-02 15:00"), ("call Ann", ann)]


@pytest.mark.parametrize(("correction", "ann"), [
    # before: "today at midnight" (2026-12-02 00:00) and "tomorrow at 1 AM" (2026-12-02 01:00): 23 and 22 hours early
    ("no, not 11pm, midnight", "2026-12-03 00:00"),
    ("no, not 11pm, 1am", "2026-12-03 01:00"),
    ("no, not 11pm, 10pm", "2026-12-02 22:00"),
])
def test_a_late_evening_due_corrected_to_the_small_hours_moves_past_midnight(tuesday_desk, correction, ann):
    tuesday_desk.handle("I need to call Ann tomorrow at 11pm", "s")
    tuesday_desk.handle("I need to email Sue tomorrow at 3pm", "s")
    assert tuesday_desk.handle(correction, "s") is not None
    assert agenda_rows(tuesday_desk) == [("email Sue", "2026-12-02 15:00"), ("call Ann", ann)]


def test_the_model_processs_stderr_reaches_the_log_without_its_control_characters(caplog):
    import collections
    import io
    import logging

    from jarvisd.llm.model_process import _log_stderr

    said: collections.deque = collections.deque(maxlen=5)
    stream = io.BytesIO(b"bad \xff\xfe error \x1b[31mred\x1b[0m \r\x07 line\n")
    with caplog.at_level(logging.DEBUG, logger="jarvisd.llm.llama_cpp"):
        _log_stderr(stream, said)
    assert said[-1] == "bad \ufffd\ufffd error red  line"   # pass 62a: the whole escape sequences go, not only their ESC
    assert not any(ch in record.getMessage() for record in caplog.records for ch in "\x1b\r\x07")


@pytest.mark.parametrize(("correction", "reply", "due"), [
    # before: "엄마한테 전화하기, 내일 정오로 바꿨어요." (a bare 12 read as noon: 11 hours early)
    ("아니 11시 말고 12시", "엄마한테 전화하기, 내일 자정으로 바꿨어요.", "2026-12-03 00:00"),
    ("아니 12시 반", "30분으로 바꿨어요.", "2026-12-03 00:30"),
    ("아니 낮 12시", "엄마한테 전화하기, 내일 정오로 바꿨어요.", "2026-12-02 12:00"),
])
def test_a_bare_twelve_correcting_a_night_due_is_its_midnight(tuesday_desk, correction, reply, due):
    tuesday_desk.handle("내일 밤 11시에 엄마한테 전화해야 해", "s")
    said = tuesday_desk.handle(correction, "s")
    assert said is not None and reply in said.text
    assert agenda_rows(tuesday_desk) == [("엄마한테 전화하기", due)]
