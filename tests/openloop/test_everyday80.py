"""What everyday77, cancel78 and pass79 left (the eightieth helper, each first lived offline with
`scripts/days_lived.py`): a plan with someone said with no "I'm" or for today, a call to a place closed on its days,
the Korean "I can't make it" ("금요일 치과 못 가"), a kept Korean fact asked by a noun the question reader lacked
("엄마 생일 선물 뭐야?"), Korean night shifts on their days. Real desks on JSONL agendas, their clocks moved by hand; the
fact asked of the whole assistant with a real LanceDB store."""

from __future__ import annotations

import pytest

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from jarvisd.openloop.model import LoopStatus
from jarvisd.reflect.reminders import day_reminder_text
from tests.openloop.conftest import agenda_rows, said_to
from tests.openloop.seoul_monday import seoul_monday_desk  # noqa: F401 (fixture `monday`)
from tests.openloop.utc_monday import MONDAY, UTC, monday_clock, monday_desk  # noqa: F401 (fixtures)


def _status(desk, desc: str) -> LoopStatus:
    return next(loop.status for loop in desk.service.all_loops() if loop.desc == desc)


# ---------------------------------------------------------------- 1. a plan with someone, no "I'm", or today

def test_a_plan_with_mom_said_with_no_subject_is_kept_on_friday(desk):
    """Before: None (SmolLM2: "I'm here to help with whatever you're needing …"), nothing kept."""
    said = said_to(desk, "having dinner with mom on friday")
    assert said[0] == "I'll remind you: have dinner with mom, Friday."
    assert agenda_rows(desk) == [("have dinner with mom", "2026-12-11 23:59")]


def test_a_plan_with_someone_today_is_kept_today(desk):
    """Before: None (SmolLM2: "i'm glad to see you're enjoying your meal …"), nothing kept."""
    said = said_to(desk, "i'm having lunch with sam today")
    assert said[0] is not None and said[0].startswith("I'll remind you: have lunch with sam")
    assert "by" not in said[0]
    assert agenda_rows(desk) == [("have lunch with sam", "2026-12-07 23:59")]


@pytest.mark.parametrize(("said", "row"), [
    # held out: another meal, another person, another day; "tonight" and "we're"
    ("having brunch with my sister on sunday", ("have brunch with my sister", "2026-12-13 23:59")),
    ("i'm having drinks with the team tonight", ("have drinks with the team", "2026-12-07 23:59")),
    ("we're having coffee with jen tomorrow", ("have coffee with jen", "2026-12-08 23:59")),
])
def test_held_out_plans_with_someone(desk, said, row):
    said_to(desk, said)
    assert agenda_rows(desk) == [row]
    assert day_reminder_text(row[0], "en").endswith("It's today.")


@pytest.mark.parametrize("said", [
    # guard: no day, a meal that was, trouble with a thing: nothing kept
    "i'm having lunch with sam",
    "having dinner with mom was lovely",
    "i'm having trouble with the printer today",
    "having lunch with it today",
])
def test_guard_talk_of_meals_keeps_nothing(desk, said):
    said_to(desk, said)
    assert agenda_rows(desk) == []


# ---------------------------------------------------------------- 2. a place closed on its days

def test_a_call_to_a_dentist_closed_on_mondays_leaves_it_open(desk):
    """Before: "Marked done: call the dentist." (it's closed on mondays: nothing done)."""
    said = said_to(desk, "remind me to call the dentist tomorrow", "i called the dentist, it's closed on mondays")
    assert said[1] is not None and said[1].startswith("Too bad. Call the dentist stays on your agenda")
    assert [row[0] for row in agenda_rows(desk)] == ["call the dentist"]


@pytest.mark.parametrize(("kept", "said"), [
    # held out: "they're", "is" said whole, weekends, today
    ("i need to call the vet", "i called the vet but they're closed today"),
    ("i need to go to the bank", "went to the bank, it's closed on weekends"),
    ("i need to call the pharmacy", "i called the pharmacy, it is closed on sundays"),
])
def test_held_out_places_closed_on_their_days(desk, kept, said):
    replies = said_to(desk, kept, said)
    assert replies[1] is not None and replies[1].startswith("Too bad.") and "stays on your agenda" in replies[1]
    assert len(desk.service.agenda()) == 1


@pytest.mark.parametrize("said", [
    # guard: the call made, news of the place after it: closed as before
    "i called the dentist",
    "i called the dentist, it's all sorted",
])
def test_guard_a_call_made_still_closes(desk, said):
    replies = said_to(desk, "i need to call the dentist", said)
    assert replies[1] is not None and replies[1].startswith("Marked done: call the dentist")
    assert desk.service.agenda() == []


# ---------------------------------------------------------------- 3. Korean "I can't make it"

def test_ko_cant_go_to_the_dentist_asks_once_and_the_order_takes_it_off(monday):
    """Before: "목록에서 지웠어요: 치과 예약." unasked; then "취소해 줘" was "알겠어요."."""
    said_to(monday, "금요일 오전 11시에 치과 예약 있어")
    assert said_to(monday, "금요일 치과 못 가") == ["'치과 예약' 목록에서 지울까요?"]
    assert _status(monday, "치과 예약") is LoopStatus.OPEN
    assert said_to(monday, "취소해 줘") == ["목록에서 지웠어요: 치과 예약."]
    assert _status(monday, "치과 예약") is LoopStatus.DISMISSED


@pytest.mark.parametrize(("kept", "desc", "said"), [
    # held out: "못 갈 것 같아", "빠져야 돼", "불참할게"
    ("내일 저녁 7시에 회식 있어", "회식", "내일 회식 못 갈 것 같아"),
    ("오늘 저녁 8시에 PT 수업 있어", "PT 수업", "오늘 PT 빠져야 돼"),
    ("토요일 오후 6시에 동창회 있어", "동창회", "토요일 동창회 불참할게"),
])
def test_ko_held_out_cant_make_asks_once_and_no_keeps_it(monday, kept, desc, said):
    said_to(monday, kept)
    assert said_to(monday, said) == [f"'{desc}' 목록에서 지울까요?"]
    assert _status(monday, desc) is LoopStatus.OPEN
    assert said_to(monday, "아니") == ["알겠어요, 그대로 둘게요."]
    assert _status(monday, desc) is LoopStatus.OPEN


def test_ko_cant_make_with_the_order_closes_it(monday):
    said_to(monday, "오늘 저녁 8시에 PT 수업 있어")
    assert said_to(monday, "오늘 PT 빠져야 돼, 취소해 줘") == ["목록에서 지웠어요: PT 수업."]
    assert _status(monday, "PT 수업") is LoopStatus.DISMISSED


@pytest.mark.parametrize("said", [
    # guard: going nowhere kept, a call not made, a wish: nothing asked, nothing closed
    "나 오늘 회사 못 가",
    "엄마한테 전화 못 했어",
    "치과 못 가면 어떡하지",
])
def test_ko_guard_other_cant_talk_asks_nothing(monday, said):
    said_to(monday, "금요일 오전 11시에 치과 예약 있어")
    reply = said_to(monday, said)[0]
    assert reply is None or "지울까요" not in reply
    assert _status(monday, "치과 예약") is LoopStatus.OPEN


# ---------------------------------------------------------------- 4. a kept Korean fact asked by its noun

def _assistant(tmp_path):
    env = {"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl", "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul"}
    chat = ScriptedChatModel(lambda messages: {"text": "엄마 생일 선물은 3월 3일이야."}, name="embedded:smollm2-135m")
    backends = Backends(chat=chat, thought=chat, embedder=None)
    return build_assistant(load_config(env=env), ModelStore(tmp_path / "models"), backends=backends)


async def _answers(tmp_path, turns):
    assistant = _assistant(tmp_path)
    try:
        return [await assistant.answer(turn, session="s") for turn in turns]
    finally:
        await assistant.close()


async def test_ko_a_present_kept_is_answered_from_the_fact(tmp_path):
    """Before: None from memory, SmolLM2 made "엄마 생일 선물은 3월 3일이야." of two facts (pass79's low)."""
    answers = await _answers(tmp_path, ["/remember 엄마 생일은 3월 3일", "/remember 엄마 생일 선물은 스카프",
                                        "엄마 생일 선물 뭐야?"])
    assert "스카프" in answers[2] and "3월 3일" not in answers[2], answers[2]


@pytest.mark.parametrize(("told", "asked", "value"), [
    # held out: another noun of the same kind
    ("/remember 아빠 생신 메뉴는 갈비찜", "아빠 생신 메뉴 뭐였지?", "갈비찜"),
    ("/remember 민지 좋아하는 색깔은 보라색", "민지 좋아하는 색깔 뭐야?", "보라색"),
])
async def test_ko_held_out_facts_asked_by_their_noun(tmp_path, told, asked, value):
    answers = await _answers(tmp_path, [told, asked])
    assert value in answers[1], answers[1]


async def test_ko_guard_a_present_never_told_is_not_made_up(tmp_path):
    answers = await _answers(tmp_path, ["/remember 엄마 생일 선물은 스카프", "아빠 생일 선물 뭐야?"])
    assert "스카프" not in answers[1] and "3월 3일" not in answers[1], answers[1]


# ---------------------------------------------------------------- 5. Korean shifts on their days

def test_ko_night_shifts_are_kept_on_their_days(monday):
    """Before: "그렇군요." (nothing kept)."""
    said = said_to(monday, "이번 주 화요일 수요일 나이트 근무야")
    assert said[0] is not None and "화요일 나이트 근무" in said[0] and "수요일 나이트 근무" in said[0]
    assert "까지" not in said[0]
    assert sorted(agenda_rows(monday)) == [("수요일 나이트 근무", "2026-12-09 23:59"), ("화요일 나이트 근무", "2026-12-08 23:59")]
    listed = said_to(monday, "내 일정 뭐 있어?")[0]
    assert listed is not None and "화요일 나이트 근무" in listed and "까지" not in listed
    assert day_reminder_text("화요일 나이트 근무") == "알림: 화요일 나이트 근무, 오늘이에요."


@pytest.mark.parametrize(("said", "rows"), [
    # held out: a span of days, another kind, next week
    ("이번 주 목요일부터 토요일까지 데이 근무야", [("목요일 데이 근무", "2026-12-10 23:59"), ("금요일 데이 근무", "2026-12-11 23:59"),
                                   ("토요일 데이 근무", "2026-12-12 23:59")]),
    ("다음 주 월요일 금요일 이브닝이야", [("월요일 이브닝 근무", "2026-12-14 23:59"), ("금요일 이브닝 근무", "2026-12-18 23:59")]),
    ("다음 주 화요일 목요일 야간 근무야", [("화요일 나이트 근무", "2026-12-15 23:59"), ("목요일 나이트 근무", "2026-12-17 23:59")]),
])
def test_ko_held_out_shifts_on_their_days(monday, said, rows):
    said_to(monday, said)
    assert sorted(agenda_rows(monday), key=lambda row: row[1]) == rows


@pytest.mark.parametrize("said", [
    # guard: a day told with an evening, a liking: no shift; a rota with no week stays the fact it was (session 62)
    "화요일 저녁이야",
    "수요일 밤이 좋아",
    "월요일부터 목요일까지 나이트야",
])
def test_ko_guard_a_day_and_a_time_of_day_is_no_shift(monday, said):
    said_to(monday, said)
    assert all("근무" not in desc for desc, _ in agenda_rows(monday))
