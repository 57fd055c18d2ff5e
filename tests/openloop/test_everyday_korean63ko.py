"""Korean everyday use, the sixty-third session: four Korean users' days on the offline default (SmolLM2-135M, no
Ollama), a student in exam week, a cafe owner, an elder with pills and a hospital booking, and a family moving house,
each wrong answer of the chat made a test here. A desk on a Monday 10:00 in Seoul (2026-12-07); real agenda service on
a JSONL file and Kiwi; no model."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL))


# ---------------------------------------------------------------- asked to be told, politely


@pytest.mark.parametrize(("said", "reply", "row"), [
    # before: "죄송해요, 그건 답을 모르겠어요." / SmolLM2's "2분 있다. The answer is 2."
    ("1분 뒤에 오븐 끄라고 말해줘", "알림 맞춰 둘게요: 오븐 끄기, 오늘 오전 10시 1분.", ("오븐 끄기", "2026-12-07 10:01")),
    ("2분 있다가 빨래 꺼내라고 좀 말해 주겠어요?", "알림 맞춰 둘게요: 빨래 꺼내기, 오늘 오전 10시 2분.",
     ("빨래 꺼내기", "2026-12-07 10:02")),
    # before: "오늘 저녁 6시에 알려 드릴게요: 딸한테 전화하라고." (좀 between the deed and the request)
    ("오늘 저녁에 딸한테 전화하라고 좀 알려 주겠어요?", "오늘 저녁 6시에 알려 드릴게요: 딸한테 전화하기.",
     ("딸한테 전화하기", "2026-12-07 23:59")),
    ("딸한테 전화하라고 좀 알려 주겠어요?", "적어 둘게요: 딸한테 전화하기. 언제 알려 드릴까요?", ("딸한테 전화하기", "-")),
    # before: SmolLM2 said the sentence back
    ("손주 생일 선물을 다음 주 안에 사야 되는데 좀 챙겨 주겠어요?", "알림 맞춰 둘게요: 손주 생일 선물 사기, 다음 주 일요일까지.",
     ("손주 생일 선물 사기", "2026-12-20 23:59")),
])
def test_a_reminder_asked_with_malhae_juda_or_chaenggyeo_juda_or_jom_is_kept(monday, said, reply, row):
    assert said_to(monday, said) == [reply]
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize("said", ["우산 챙겨 줘", "뭐 있는지 말해 줘", "그거 말해 주기로 했어?"])
def test_guard_a_thing_asked_for_or_the_agenda_asked_is_no_reminder(monday, said):
    assert said_to(monday, said)[0] is None or "알림 맞춰" not in said_to(monday, said)[0]
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- the name as a task list writes it


@pytest.mark.parametrize(("said", "row"), [
    ("우유를 내일 꼭 사야 돼", ("우유 사기", "2026-12-08 23:59")),          # before: "우유를 사기"
    ("보고서를 금요일까지 내야 돼", ("보고서 내기", "2026-12-11 23:59")),  # before: "보고서를 내기"
    ("자비스 내일 우유 사야 돼", ("우유 사기", "2026-12-08 23:59")),       # before: "자비스 우유 사기"
    ("자비스야, 우유를 사야 돼", ("우유 사기", "-")),
])
def test_the_object_particle_and_the_call_are_no_part_of_the_name(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_the_call_before_a_pill_schedule_is_no_part_of_its_name(monday):
    """Before: "적어 둘게요: 자비스야 약을 하루에 세 번 먹기. 언제 알려 드릴까요?"."""
    assert said_to(monday, "자비스야 내가 약을 하루에 세 번 먹어야 되는데 좀 알려 주겠어요?") == [
        "적어 둘게요: 약을 하루에 세 번 먹기. 언제 알려 드릴까요?"]


def test_guard_an_object_far_from_its_verb_keeps_its_particle(monday):
    said_to(monday, "책을 도서관에 반납해야 돼")
    assert agenda_rows(monday) == [("책을 도서관에 반납하기", "-")]


# ---------------------------------------------------------------- a duty passed on, an appointment with 이/가


def test_a_duty_told_to_the_user_and_passed_on_is_kept(monday):
    """Before: "전입신고는 1월 29일까지 해야 된대" went to SmolLM2 ("1월 29일까지 해야 된대.")."""
    assert said_to(monday, "전입신고는 1월 29일까지 해야 된대") == [
        "적어 둘게요: 전입신고하기, 2027년 1월 29일 금요일까지."]


@pytest.mark.parametrize("said", ["민수가 내일까지 보내야 된대", "엄마가 병원 가야 된대", "팀장님이 보고서 내일까지 내야 한대"])
def test_guard_someone_elses_duty_passed_on_is_not_kept(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


@pytest.mark.parametrize(("said", "reply"), [
    # before: "그렇군요." (SmolLM2)
    ("목요일 오전 열 시에 정형외과 예약이 있어요", "적어 둘게요: 정형외과 예약, 이번 주 목요일 오전 10시."),
    ("목요일 오전 10시에 회의가 있어요", "적어 둘게요: 회의, 이번 주 목요일 오전 10시."),
])
def test_an_appointment_said_with_its_subject_particle_is_kept(monday, said, reply):
    assert said_to(monday, said) == [reply]


@pytest.mark.parametrize("said", ["내일 회의가 있어?", "오늘 3시에 회의가 있었어"])
def test_guard_an_appointment_asked_or_past_is_not_kept(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- a move told of something not kept yet


def test_a_move_told_with_the_old_time_first_keeps_the_thing_at_the_new_time(monday):
    """Before: "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요." (바뀌었어 read as a deed done), and
    "면담 언제야?" answered with the sentence said back."""
    assert said_to(monday, "교수님 면담 금요일 2시였는데 목요일 3시로 바뀌었어", "면담 언제야?") == [
        "적어 둘게요: 교수님 면담, 이번 주 목요일 오후 3시.", "교수님 면담은 이번 주 목요일 오후 3시예요."]


def test_guard_a_move_told_of_a_kept_thing_moves_it(monday):
    said_to(monday, "금요일 2시에 교수님 면담 있어")
    assert said_to(monday, "교수님 면담 금요일 2시였는데 목요일 3시로 바뀌었어")[0].endswith("목요일 오후 3시로 바꿨어요.")
    assert agenda_rows(monday) == [("교수님 면담", "2026-12-10 15:00")]
