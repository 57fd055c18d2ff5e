"""A reminder of an appointment says when it is, not that it is "due".

The seventieth session, offline (`scripts/days_lived.py`): "i have a dentist appointment today at 3pm" was reminded
"Reminder: dentist appointment. It's due in 1 hour." and "오늘 오후 3시에 치과 예약 있어" "알림: 치과 예약 기한이 1시간
남았어요." (a deadline's words: "기한" is a due date). An appointment, a meeting, a class happens at its time:
"Reminder: dentist appointment. It's in 1 hour." (two sentences, as a deed's reminder: docs/reminders.md says why).
"""

from __future__ import annotations

import pytest

from jarvisd.openloop.phrases import en_at_its_time
from jarvisd.reflect.reminders import day_reminder_text, reminder_text


@pytest.mark.parametrize(("desc", "minutes", "due_said", "said"), [
    ("dentist appointment", 60, None, "Reminder: dentist appointment. It's in 1 hour."),
    ("doctor's appointment", 10, None, "Reminder: doctor's appointment. It's in 10 minutes."),
    ("team meeting with Sarah", 30, None, "Reminder: team meeting with Sarah. It's in 30 minutes."),
    ("piano lessons", 15, None, "Reminder: piano lessons. It's in 15 minutes."),
    ("my job interview", -5, None, "Reminder: your job interview. It started 5 minutes ago."),
    ("dentist appointment", 900, "tomorrow at 7:30 AM", "Reminder: dentist appointment. It's tomorrow at 7:30 AM."),
    ("치과 예약", 60, None, "알림: 치과 예약, 1시간 뒤예요."),
    ("팀 회의", 10, None, "알림: 팀 회의, 10분 뒤예요."),
    ("치과 예약", 900, "내일 오전 7시 30분", "알림: 치과 예약, 내일 오전 7시 30분이에요."),
    ("엄마 생신", 900, "내일 오후 6시", "알림: 엄마 생신, 내일 오후 6시예요."),
])
def test_an_appointment_is_said_at_its_time_not_due(desc, minutes, due_said, said):
    assert reminder_text(desc, minutes, None, due_said) == said


def test_an_appointment_on_its_day_is_today_not_due_today():
    assert day_reminder_text("dentist appointment") == "Reminder: dentist appointment. It's today."
    assert day_reminder_text("return the library books") == "Reminder: return the library books. It's due today."


@pytest.mark.parametrize(("desc", "minutes", "due_said", "said"), [
    ("send the report", 10, None, "Reminder: send the report. It's due in 10 minutes."),
    ("book the flight", 60, None, "Reminder: book the flight. It's due in 1 hour."),
    ("study for the exam", 60, None, "Reminder: study for the exam. It's due in 1 hour."),
    ("call the dentist about the appointment", 60, None,
     "Reminder: call the dentist about the appointment. It's due in 1 hour."),
    ("보고서 보내기", 60, None, "알림: 보고서 보내기 기한이 1시간 남았어요."),
    ("보고서 보내기", 900, "내일 오전 7시까지", "알림: 보고서 보내기, 내일 오전 7시까지예요."),
    ("dentist appointment", 0, None, "Reminder: dentist appointment."),
])
def test_guard_a_deed_is_still_due(desc, minutes, due_said, said):
    assert reminder_text(desc, minutes, None, due_said) == said


@pytest.mark.parametrize("desc", ["book the flight", "prepare for the meeting", "cancel my appointment", "call mom"])
def test_guard_a_deed_about_an_event_is_not_the_event(desc):
    assert not en_at_its_time(desc)
