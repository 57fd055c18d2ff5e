"""Facts asked back in words the rules did not read yet (the sixtieth session's own chat on the offline default): each
went to SmolLM2, which made one up, or was denied in broken words. The whole assistant, the model scripted "(made up)"
and never to be said."""

import pytest

from tests.assistants import answers_to, scripted_assistant, told_then_asked


@pytest.mark.parametrize(("told", "asked", "answer"), [
    # SmolLM2: "1. HYDROXYLASTERIN"
    ("Hannah is allergic to shellfish", "what allergies does Hannah have?", "You told me Hannah is allergic to shellfish."),
    ("Hannah is allergic to shellfish", "does Hannah have any allergies?", "You told me Hannah is allergic to shellfish."),
    ("I'm allergic to penicillin", "what allergies do I have?", "You told me you're allergic to penicillin."),
    # "You haven't told me about your license plate number."
    ("my car is a 2019 Honda Civic, plate ABC 1234", "what's my license plate number?",
     "You told me your car is a 2019 Honda Civic, plate ABC 1234."),
    ("my car is a 2019 Honda Civic, plate ABC 1234", "what's my license plate?",
     "You told me your car is a 2019 Honda Civic, plate ABC 1234."),
])
async def test_a_fact_asked_in_other_words_is_said_back(tmp_path, told, asked, answer):
    said, reply = await told_then_asked(tmp_path, told, asked)
    assert said.startswith("Remembered")
    assert reply == answer


@pytest.mark.parametrize(("asked", "answer"), [
    # "You haven't told me about your Hannah allergic."
    ("is Hannah allergic to anything?", "You haven't told me what Hannah is allergic to. Tell me, and I'll remember it."),
    ("what is Hannah allergic to?", "You haven't told me what Hannah is allergic to. Tell me, and I'll remember it."),
    ("what am I allergic to?", "You haven't told me what you're allergic to. Tell me, and I'll remember it."),
    ("what allergies does Hannah have?", "You haven't told me what Hannah is allergic to. Tell me, and I'll remember it."),
])
async def test_an_allergy_never_told_is_said_so_in_plain_words(tmp_path, asked, answer):
    assistant, chat = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("my wife's name is Hannah", session="s")
        assert await assistant.answer(asked, session="s") == answer
    finally:
        await assistant.close()


async def _said(tmp_path, *turns: str) -> list[str]:
    return (await answers_to(tmp_path, *turns, says="(made up)", user="alice"))[0]


async def test_when_a_told_day_is_asked_the_fact_answers_and_the_promise_for_it_follows(tmp_path):
    """The sixtieth session: after "our anniversary is on June 14th" and "remind me two weeks before our anniversary to
    book a restaurant", "when's the anniversary?" was answered with the restaurant's due ("Book a restaurant for your
    anniversary is due by Monday, May 31, 2027."), not the day told."""
    replies = await _said(tmp_path, "our anniversary is on June 14th",
                          "remind me two weeks before our anniversary to book a restaurant", "when's the anniversary?")
    assert replies[2].startswith("You told me your anniversary is on June 14th. On your agenda: book a restaurant for "
                                 "your anniversary, by "), replies


async def test_when_a_told_day_is_told_again_the_newest_answers(tmp_path):
    replies = await _said(tmp_path, "our anniversary is on June 14th", "actually our anniversary is June 15th",
                          "when is our anniversary?")
    assert replies[2] == "You told me your anniversary is June 15th.", replies


async def test_guard_a_dated_thing_kept_on_the_agenda_itself_is_answered_by_the_agenda(tmp_path):
    replies = await _said(tmp_path, "my interview is on Friday at 10am", "when is my interview?")
    assert "interview" in replies[1].lower() and "Friday" in replies[1] and "You told me" not in replies[1], replies
