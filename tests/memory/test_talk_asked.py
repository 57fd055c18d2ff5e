""""What did we talk about yesterday?" answered from the turns kept (`memory/talk_asked.py`). The forty-sixth session's
chat on the offline default: SmolLM2 answered "We talked about the latest news and updates." (made up)."""

from __future__ import annotations

from datetime import date

import pytest

from jarvisd.memory.talk_asked import TalkAsked, talk_asked, talk_said

SATURDAY = date(2026, 12, 5)


@pytest.mark.parametrize(("said", "span", "since", "until", "lang"), [
    ("what did we talk about yesterday?", "yesterday", date(2026, 12, 4), date(2026, 12, 4), "en"),
    ("So what did I ask you this morning", "today", SATURDAY, SATURDAY, "en"),
    ("what were we talking about earlier?", "today", SATURDAY, SATURDAY, "en"),
    ("what did we discuss last week?", "last_week", date(2026, 11, 23), date(2026, 11, 29), "en"),
    ("what did we talk about this week", "week", date(2026, 11, 30), SATURDAY, "en"),
    ("어제 무슨 얘기 했지?", "yesterday", date(2026, 12, 4), date(2026, 12, 4), "ko"),
    ("아까 내가 뭐 물어봤지?", "today", SATURDAY, SATURDAY, "ko"),
])
def test_the_span_asked(said, span, since, until, lang):
    assert talk_asked(said, SATURDAY) == TalkAsked(since, until, span, lang)


@pytest.mark.parametrize("said", ["what did we talk about", "what did you say?", "what's on my agenda today?",
                                  "remind me what we talked about with Bob yesterday", "어제 뭐 했어?"])
def test_guard_other_questions(said):
    assert talk_asked(said, SATURDAY) is None


def test_the_users_words_latest_first_and_how_many_more():
    asked = talk_asked("what did we talk about yesterday", SATURDAY)
    said = ["what did we talk about today", "remind me to call the dentist at 3pm", "thanks",
            "my wife's birthday is March 3", "what's 15 times 23", "what time is it in London", "good night Jarvis"]
    assert talk_said(asked, said) == ("Yesterday you said: “remind me to call the dentist at 3pm”; “my wife's birthday "
                                      "is March 3”; “what's 15 times 23”; and 2 more.")
    assert talk_said(asked, []) == "We didn't talk yesterday."
    assert talk_said(talk_asked("어제 무슨 얘기 했지", SATURDAY), []) == "어제는 나눈 이야기가 없어요."


async def test_today_through_the_assistant_without_the_model(tmp_path):
    from tests.assistants import scripted_assistant

    assistant, chat = scripted_assistant(tmp_path)
    try:
        await assistant.answer("remind me to call the dentist tomorrow at 3pm", session="s1")
        await assistant.answer("my wife's birthday is March 3", session="s1")
        reply = await assistant.answer("what did we talk about today?", session="s2")   # another session, same user
        assert reply == ("Today you said: “my wife's birthday is March 3”; and “remind me to call the dentist tomorrow "
                         "at 3pm”.")
        assert await assistant.answer("what did we talk about yesterday?", session="s2") == "We didn't talk yesterday."
        assert chat.calls == []
    finally:
        await assistant.close()
