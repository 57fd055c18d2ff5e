"""Korean days told as facts, counted to, asked back and reminded before, as English ones are (the sixty-fourth
session's week lived in Korean with the offline default). After "엄마 생신이 12월 20일이야" (kept: "엄마 생신은 12월 20일
이라고 기억해 둘게요."): "엄마 생신까지 며칠 남았어?" went to SmolLM2 ("죄송해요, 그건 답을 모르겠어요."); "엄마 생신 일주일
전에 선물 사라고 알려줘" kept "엄마 생신 선물 사기" with no due ("언제 알려 드릴까요?"); "결혼기념일 3일 전에 알려줘" put
결혼기념일 on January 2; with a gift promise open, "엄마 생신 언제야?" said that promise's due (and "아빠 생신 언제야?" too).

The real assistant (LanceDB memory, a JSONL agenda) with SmolLM2 named and never asked; the agenda's clock stopped on
Monday, December 7, 2026, 10:00 in Seoul."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.memory.dated_facts_ko import (
    ko_before_told_day,
    ko_days_to_told_day,
    ko_told_day,
    ko_when_told_day,
)
from tests.assistants import scripted_assistant

SEOUL = ZoneInfo("Asia/Seoul")
MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL)
MOM = "엄마 생신이 12월 20일이야"


def _stamp(ms: int | None) -> str | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, SEOUL).strftime("%Y-%m-%d %H:%M")


async def _lived(tmp_path, *turns: str) -> tuple[list[str], list[tuple[str, str | None, str | None]], list]:
    """Each turn's answer, the open agenda (desc, due, reminder as "MM-DD HH:MM") and the model's calls."""
    assistant, chat = scripted_assistant(tmp_path, says="죄송해요, 그건 답을 모르겠어요.")
    assistant.desk.service.clock = MONDAY.timestamp
    try:
        replies = [await assistant.answer(turn, session="s") for turn in turns]
        agenda = sorted((loop.desc, _stamp(loop.due_ms), _stamp(loop.remind_ms)) for loop in assistant.desk.service.agenda())
        return replies, agenda, chat.calls
    finally:
        await assistant.close()


@pytest.mark.parametrize("asked", ["엄마 생신까지 며칠 남았어?", "엄마 생신 며칠 남았지", "며칠 있으면 엄마 생신이야?",
                                   "근데 엄마 생신까지 얼마나 남았어요?"])
async def test_days_until_a_told_korean_birthday(tmp_path, asked):
    """Before: to SmolLM2 ("죄송해요, 그건 답을 모르겠어요.")."""
    replies, _, calls = await _lived(tmp_path, MOM, asked)
    assert replies[0] == "엄마 생신은 12월 20일이라고 기억해 둘게요."
    assert replies[1] == "엄마 생신까지 13일 남았어요. 12월 20일 일요일이에요."
    assert not calls


async def test_weeks_until_our_anniversary_in_korean(tmp_path):
    replies, _, calls = await _lived(tmp_path, "결혼기념일은 6월 14일이야", "우리 결혼기념일까지 몇 주 남았어?")
    assert replies[1] == "결혼기념일까지 27주 남았어요. 6월 14일 월요일이에요."
    assert not calls


@pytest.mark.parametrize("told, asked, said, due", [
    (MOM, "엄마 생신 일주일 전에 선물 사라고 알려줘",
     "알림 맞춰 둘게요: 엄마 생신 선물 사기, 이번 주 일요일까지.", ("엄마 생신 선물 사기", "2026-12-13 23:59")),
    # held out: another owner, another count of days, another deed and ending
    ("아빠 생신은 12월 24일이에요", "아빠 생신 사흘 전에 케이크 주문해야 한다고 알려 줘",
     "알림 맞춰 둘게요: 아빠 생신 케이크 주문하기, 12월 21일 월요일까지.", ("아빠 생신 케이크 주문하기", "2026-12-21 23:59")),
    # a promise of one's own, the thing bought named first
    ("내 생일은 1월 3일이야", "생일 선물 생일 이틀 전까지 사야 해",
     "적어 둘게요: 생일 선물 사기, 2027년 1월 1일 금요일까지.", ("생일 선물 사기", "2027-01-01 23:59")),
    ("결혼기념일은 6월 14일이야", "결혼기념일 2주 전까지 식당 예약하기로 했어",
     "적어 둘게요: 결혼기념일 식당 예약하기, 2027년 5월 31일 월요일까지.", ("결혼기념일 식당 예약하기", "2027-05-31 23:59")),
])
async def test_a_deed_before_a_told_korean_day_is_due_that_long_before(tmp_path, told, asked, said, due):
    """Before: "적어 둘게요: 엄마 생신 선물 사기. 언제 알려 드릴까요?" (no due), "생일 선물 생일 이틀 전까지 사기"."""
    replies, agenda, calls = await _lived(tmp_path, told, asked)
    assert replies[1] == said
    assert [(desc, due_) for desc, due_, _ in agenda] == [due]
    assert not calls


@pytest.mark.parametrize("told, asked, said, loop", [
    ("결혼기념일은 6월 14일이야", "결혼기념일 3일 전에 알려줘",
     "2027년 6월 11일 금요일 오전 9시에 알려 드릴게요: 결혼기념일.", ("결혼기념일", "2027-06-14 23:59", "2027-06-11 09:00")),
    (MOM, "엄마 생신 전날 알려줘",
     "다음 주 토요일 오전 9시에 알려 드릴게요: 엄마 생신.", ("엄마 생신", "2026-12-20 23:59", "2026-12-19 09:00")),
])
async def test_a_reminder_before_a_told_korean_day_puts_the_day_on_the_agenda(tmp_path, told, asked, said, loop):
    """Before: "알림 맞춰 둘게요: 결혼기념일, 2027년 1월 2일 토요일." (the "3일" read as a day of the month)."""
    replies, agenda, _ = await _lived(tmp_path, told, asked)
    assert replies[1] == said
    assert agenda == [loop]


async def test_the_day_on_the_agenda_is_counted_to_and_a_deed_put_before_it(tmp_path):
    replies, agenda, calls = await _lived(tmp_path, "결혼기념일은 6월 14일이야", "결혼기념일 3일 전에 알려줘",
                                          "결혼기념일까지 몇 주 남았어?", "결혼기념일 일주일 전에 식당 예약하라고 알려줘")
    assert replies[2] == "결혼기념일까지 27주 남았어요. 6월 14일 월요일이에요."
    assert replies[3] == "알림 맞춰 둘게요: 결혼기념일 식당 예약하기, 2027년 6월 7일 월요일까지."
    assert not calls


@pytest.mark.parametrize("asked", ["엄마 생신 언제였지?", "엄마 생신이 언제야?", "엄마 생신 며칠이었더라"])
async def test_when_a_told_korean_day_is_asked_the_fact_answers_then_the_promise(tmp_path, asked):
    """Before: "엄마 생신 선물 사기는 이번 주 일요일까지예요." (a promise's due said as the birthday)."""
    replies, _, _ = await _lived(tmp_path, MOM, "엄마 생신 일주일 전에 선물 사라고 알려줘", asked)
    assert replies[2] == "엄마 생신은 12월 20일이라고 하셨어요. 일정에는: 엄마 생신 선물 사기, 이번 주 일요일까지."


async def test_guard_another_persons_day_is_not_the_one_told(tmp_path):
    """"아빠 생신" and "내 생일" are not 엄마's: not counted to 엄마's day, nor answered with her gift's due."""
    replies, agenda, calls = await _lived(tmp_path, MOM, "엄마 생신 일주일 전에 선물 사라고 알려줘",
                                          "아빠 생신까지 며칠 남았어?", "아빠 생신 언제야?", "내 생신까지 며칠 남았어?",
                                          "아빠 생신 일주일 전에 알려줘")
    assert replies[2] == "아빠 생신이 언제인지 아직 말씀해 주신 적이 없어요. \"아빠 생신은 6월 12일이야\"처럼 알려 주시면 기억해 둘게요."
    assert replies[3] == "그건 아직 말해 주신 적이 없어요. 알려 주시면 기억해 둘게요."
    assert replies[4].startswith("생신이 언제인지 아직")
    assert replies[5].startswith("아빠 생신이 언제인지 아직")
    assert [desc for desc, _, _ in agenda] == ["엄마 생신 선물 사기"]
    assert not calls


async def test_guard_birthday_talk_with_no_day_told_is_read_as_before(tmp_path):
    """No day told: a promise of one's own is kept as before (no due made up), and nothing is counted."""
    replies, agenda, _ = await _lived(tmp_path, "엄마 생신 선물 사야 해", "생일 선물 생일 이틀 전까지 사야 해")
    assert replies[0] == "적어 둘게요: 엄마 생신 선물 사기."
    assert all(due is None for _, due, _ in agenda)


async def test_guard_a_lunar_day_is_not_counted_as_the_solar_one(tmp_path):
    replies, agenda, _ = await _lived(tmp_path, "엄마 생신은 음력 12월 20일이야", "엄마 생신까지 며칠 남았어?",
                                      "엄마 생신 전날 알려줘")
    assert replies[1] == "엄마 생신은 음력 12월 20일이라고 하셨어요. 양력 날짜를 알려 주시면 며칠 남았는지 세어 드릴게요."
    assert replies[2] == "엄마 생신은 음력 12월 20일이라고 하셨어요. 양력 날짜를 알려 주시면 그 전에 알려 드릴게요."
    assert agenda == []


@pytest.mark.parametrize("said, read", [
    ("엄마 생신까지 며칠 남았어?", ("엄마 생신", "days")),
    ("결혼기념일까지 몇 주 남았지", ("결혼기념일", "weeks")),
    ("엄마 생신 며칠이야?", None),          # the day asked (`ko_when_told_day`), not the days to it
    ("보고서 며칠 남았어?", None),           # a promise's: the agenda answers
    ("크리스마스까지 며칠 남았어?", None),    # the calendar's
])
def test_the_days_asked_to_a_korean_day(said, read):
    assert ko_days_to_told_day(said) == read


@pytest.mark.parametrize("said, read", [
    ("엄마 생신 며칠이야?", "엄마 생신"), ("우리 결혼기념일이 언제였더라", "우리 결혼기념일"),
    ("엄마 생신 선물 샀어?", None), ("회의 언제야?", None),
])
def test_the_korean_day_asked(said, read):
    assert ko_when_told_day(said) == read


@pytest.mark.parametrize("said", ["엄마 생신 일주일 전이야", "선물 사라고 알려줘", "일주일 전에 선물 샀어", "엄마 생신 선물 사야 해",
                                  "엄마 생신 일주일 전에 선물 샀어"])
def test_guard_no_ask_before_a_day(said):
    assert ko_before_told_day(said) is None


def test_a_korean_fact_tells_its_day_only_from_the_calendar():
    assert ko_told_day("엄마 생신은 12월 20일이야") == "12월 20일"
    assert ko_told_day("우리 결혼기념일은 6월 14일이야") == "6월 14일"
    assert ko_told_day("아빠 생신은 봄이야") is None
    assert ko_told_day("엄마 생신은 음력 12월 20일이야") is None
    assert ko_told_day("내 차 번호는 12가 3456이야") is None


def test_long_probes_are_read_whole():
    for said in ("생일 " * 1000 + "이틀 전에 알려줘", "가" * 4000 + " 생일까지 며칠 남았어", "생일" * 2000):
        assert ko_before_told_day(said) is None
        assert ko_days_to_told_day(said) is None
        assert ko_when_told_day(said) is None
