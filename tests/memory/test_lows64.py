"""Round 64's memory lows on the offline default (SmolLM2 named, never asked): "can I lift stuff yet?" after "no lifting
for two weeks" went to the model, which made an answer up; "그 전날 케이크 주문하라고 알려줘" right after "엄마 생신이 12월
20일이야" was not linked to that day. The real assistant (LanceDB memory, a JSONL agenda), clocks stopped."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from jarvisd.memory.allowed_yet import restriction, yet_asked
from tests.assistants import scripted_assistant

SEOUL = ZoneInfo("Asia/Seoul")
MONDAY = datetime(2026, 12, 7, 9, 0, tzinfo=SEOUL)


async def _said(tmp_path, turns: list[tuple[datetime, str]]) -> tuple[list[str], list]:
    assistant, chat = scripted_assistant(tmp_path, says="Sure, you can lift now!")
    at = {"now": MONDAY}
    assistant.desk.service.clock = lambda: at["now"].timestamp()
    assistant.memory.clock = lambda: at["now"]
    try:
        replies = []
        for when, turn in turns:
            at["now"] = when
            replies.append(await assistant.answer(turn, session="s"))
        return replies, chat.calls
    finally:
        await assistant.close()


# ---------------------------------------------------------------- 3. "can I lift stuff yet?" from the fact kept

async def test_can_i_lift_yet_answers_from_the_fact_and_its_day(tmp_path):
    """Before: SmolLM2's answer ("Sure, you can lift now!")."""
    replies, calls = await _said(tmp_path, [(MONDAY, "the doctor said no lifting for two weeks"),
                                            (MONDAY + timedelta(days=3), "can i lift stuff yet")])
    assert replies[1] == ("You told me the doctor said no lifting for two weeks, on Monday, December 7: that's until "
                          "Monday, December 21, 11 more days.")
    assert not calls


async def test_held_out_driving_asked_again_after_the_time_is_up(tmp_path):
    replies, calls = await _said(tmp_path, [(MONDAY, "no driving for ten days"),
                                            (MONDAY + timedelta(days=12), "am I allowed to drive again?")])
    assert replies[1] == ("You told me no driving for ten days, on Monday, December 7: that ran until "
                          "Thursday, December 17, so that time is up.")
    assert not calls


async def test_held_out_should_not_told_as_a_fact_and_asked_when(tmp_path):
    replies, calls = await _said(tmp_path, [(MONDAY, "remember that I should not drive for 10 days"),
                                            (MONDAY + timedelta(days=1), "when can i drive again")])
    assert replies[1] == ("You told me you should not drive for 10 days, on Monday, December 7: that's until "
                          "Thursday, December 17, 9 more days.")
    assert not calls


async def test_guard_another_deed_asked_is_not_answered_from_it(tmp_path):
    replies, calls = await _said(tmp_path, [(MONDAY, "the doctor said no lifting for two weeks"),
                                            (MONDAY, "can i drive yet")])
    assert "lifting" not in replies[1]


@pytest.mark.parametrize(("fact", "verb"), [("no lifting for two weeks", "drive"), ("I love lifting for fun", "lift"),
                                            ("I can't drive on fridays", "drive")])
def test_guard_no_restriction_on_that_deed(fact, verb):
    assert restriction(fact, verb, MONDAY.date()) is None


@pytest.mark.parametrize("said", ["can i lift this", "i can lift stuff now", "can you lift the mood", "can i go"])
def test_guard_not_a_yet_question(said):
    assert yet_asked(said) is None


# ---------------------------------------------------------------- 4. "그 전날", "그날" right after a Korean day told

@pytest.mark.parametrize(("asked", "due"), [("그 전날 케이크 주문하라고 알려줘", "2026-12-19"),
                                            ("그날 꽃 사라고 알려줘", "2026-12-20"),
                                            ("그 이틀 전에 꽃 사라고 알려줘", "2026-12-18")])
async def test_that_day_or_the_day_before_right_after_a_korean_day_told(tmp_path, asked, due):
    """Before: "적어 둘게요: 전날 케이크 주문하기. 언제 알려 드릴까요?" (no day; "그날 꽃 사기" kept as said)."""
    assistant, chat = scripted_assistant(tmp_path, says="네, 알겠어요!")
    assistant.desk.service.clock = MONDAY.timestamp
    try:
        await assistant.answer("엄마 생신이 12월 20일이야", session="s")
        reply = await assistant.answer(asked, session="s")
        loops = assistant.desk.service.agenda()
    finally:
        await assistant.close()
    assert reply.startswith("알림 맞춰 둘게요: 엄마 생신")
    assert [datetime.fromtimestamp(loop.due_ms / 1000, SEOUL).date().isoformat() for loop in loops] == [due]
    assert not chat.calls


async def test_held_out_days_until_that_day(tmp_path):
    replies, calls = await _said(tmp_path, [(MONDAY, "엄마 생신이 12월 20일이야"), (MONDAY, "그날까지 며칠 남았어?")])
    assert replies[1] == "엄마 생신까지 13일 남았어요. 12월 20일 일요일이에요."
    assert not calls


@pytest.mark.parametrize(("before", "asked"), [("엄마가 부산에 살아", "그 전날 케이크 주문하라고 알려줘"),
                                               ("엄마 생신이 12월 20일이야", "그래서 케이크 주문하라고 알려줘"),
                                               ("엄마 생신이 12월 20일이야", "그녀석 전화하라고 알려줘")])
def test_guard_no_day_told_or_no_pointing_word_leaves_the_words(before, asked):
    from jarvisd.memory.dated_facts_ko import ko_with_told_owner
    assert ko_with_told_owner(asked, before) == asked
