"""Small talk owed a reply without a model (`jarvisd/small_talk.py`; found by the forty-fifth session: on the
offline default SmolLM2 answered "what's the weather" with "currently: sunny, with a light breeze", made up, and
"never mind" with a paragraph). The pure rule, and the real assistant not asking its model."""

from __future__ import annotations

import random

import pytest

from jarvisd.small_talk import _CANT_TRANSLATE, ABOUT, FUN_FACTS, JOKES, NO_SUN, PRESENT, owed_answer
from tests.assistants import scripted_assistant

WEATHER = "I can't check the weather: I run on this computer without the internet."
BYE = "Bye for now. I'm here when you need me."


@pytest.mark.parametrize(("said", "reply"), [
    ("Thank you.", "You're welcome."), ("thanks Jarvis", "You're welcome."), ("thank you so much!", "You're welcome."),
    ("고마워", "천만에요."), ("감사합니다.", "천만에요."),
    ("Never mind.", "OK."), ("forget it", "OK."), ("no thanks", "OK."), ("that's all", "OK."), ("됐어", "알겠어요."),
    ("What's the weather?", WEATHER), ("what's the weather like tomorrow", WEATHER), ("will it rain today?", WEATHER),
    ("Is it raining outside?", WEATHER), ("do I need an umbrella", WEATHER), ("what's the weather in Seoul", WEATHER),
    ("오늘 날씨 어때?", "저는 인터넷 없이 이 컴퓨터에서만 동작해서 날씨는 알 수 없어요."),
    ("내일 비 와?", "저는 인터넷 없이 이 컴퓨터에서만 동작해서 날씨는 알 수 없어요."),
    ("what's the news", "I can't get the news: I run on this computer without the internet."),
    # the forty-ninth session: "Thanks, that's all." went to SmolLM2 ("The spare key is under the blue pot")
    ("Thanks, that's all.", "You're welcome."), ("thank you, goodbye", "You're welcome."),
    ("that will be all", "OK."), ("bye", BYE), ("goodbye Jarvis", BYE), ("that's all for now, bye", BYE),
    ("see you later", BYE),
    # the sixty-first session: called by name first, SmolLM2 made up "a mix of sunny and cloudy, with a light breeze"
    ("hey jarvis what's the weather like", WEATHER), ("Jarvis, will it rain tomorrow?", WEATHER),
    ("ok jarvis what's the news", "I can't get the news: I run on this computer without the internet."),
    ("자비스야 오늘 날씨 어때", "저는 인터넷 없이 이 컴퓨터에서만 동작해서 날씨는 알 수 없어요."),
])
def test_small_talk_gets_its_short_true_reply(said, reply):
    assert owed_answer(said) == reply


@pytest.mark.parametrize("said", [
    "thanks, and what's on my agenda?", "thank you for reminding me about the call", "never mind the call",
    "what's the weather app called", "I need to check the weather before the hike", "what is the capital of France",
    "remind me to thank Bob", "what is the weather like in winter here", "날씨가 좋으면 산책 가야지", "고마워서 선물 사야 해", "is it raining in the song",
    "see you at the meeting", "say bye to Ann", "bye the way",
    "hey jarvis what's the weather app called", "jarvis remind me to check the weather", "hey jarvis",
])
def test_guard_anything_more_is_not_small_talk(said):
    assert owed_answer(said) is None


def _assistant(tmp_path):
    return scripted_assistant(tmp_path, says="The weather is sunny, with a light breeze.")


async def test_the_assistant_answers_small_talk_without_its_model_and_a_promise_still_goes_to_the_desk(tmp_path):
    assistant, chat = _assistant(tmp_path)
    try:
        assert await assistant.answer("what's the weather?", session="s") == WEATHER
        assert await assistant.answer("Thanks!", session="s") == "You're welcome."
        assert chat.calls == []
        reply = await assistant.answer("never mind the call, remind me to water the plants tonight", session="s")
        assert reply.startswith("I'll remind you") and "water the plants" in reply   # at 8 PM, or by today after it
    finally:
        await assistant.close()


def test_a_greeting_alone_is_answered_here_only_for_the_small_model():
    """Daemon run 62: "Good morning, Jarvis." waited ~0.7 s for SmolLM2 to say it back, then got "Good morning!"."""
    assert owed_answer("Good morning, Jarvis.", small_model=True) == "Good morning!"
    assert owed_answer("자비스 안녕", small_model=True) == "안녕하세요!"
    assert owed_answer("Good morning, Jarvis.") is None   # a capable model greets as it likes
    assert owed_answer("good morning, what's on my agenda", small_model=True) is None
    # the fiftieth session: "Goodnight Jarvis." went to SmolLM2 ("I'm sorry for your loss. I'm sure you're not here")
    assert owed_answer("Goodnight Jarvis.", small_model=True) == "Good night!"
    assert owed_answer("goodness me", small_model=True) is None
    # the fiftieth session: "Hey Jarvis, what can you do?" went to SmolLM2 ("I'm sorry for your loss. …")
    assert owed_answer("Hey Jarvis, what can you do?", small_model=True).startswith("I'm Jarvis, running offline")
    assert owed_answer("자비스, 뭐 할 수 있어?", small_model=True).startswith("저는 자비스예요.")


async def test_the_assistant_greets_without_its_small_model(tmp_path):
    assistant, chat = _assistant(tmp_path)
    try:
        assert await assistant.answer("Good morning, Jarvis.", session="s") == "Good morning!"
        assert chat.calls == []
    finally:
        await assistant.close()


@pytest.mark.parametrize("said", ["what can you do?", "who are you", "help", "뭐 할 수 있어?", "넌 누구야?"])
def test_what_jarvis_can_do_is_said_as_it_is(said):
    """Before: SmolLM2 "I can assist you with any project … a business idea", "running on a device that's no longer
    available"."""
    assert owed_answer(said) in (ABOUT["en"], ABOUT["ko"])


@pytest.mark.parametrize("said", ["help me with my homework", "who are you talking to", "뭐야", "what are you doing"])
def test_guard_other_questions_about_you_are_the_models(said):
    assert owed_answer(said) is None


async def test_say_that_again_repeats_the_last_answer_without_the_model(tmp_path):
    """Before: SmolLM2 "I'm ready to help. What can I help you with today?"."""
    assistant, chat = _assistant(tmp_path)
    try:
        assert await assistant.answer("say that again", session="s") == "I haven't said anything yet."
        first = await assistant.answer("remind me to call Mom tomorrow at 5pm", session="s")
        assert first.startswith("I'll remind you: call Mom")
        assert await assistant.answer("Sorry, what did you just say?", session="s") == first
        assert await assistant.answer("다시 말해 줘", session="s") == first
        assert len(assistant.agenda.agenda()) == 1 and chat.calls == []
    finally:
        await assistant.close()


async def test_say_that_again_after_a_reminder_repeats_the_reminder(tmp_path):
    """A reminder is said outside any turn (`Daemon.speak` -> `Assistant.said_aside`): "what did you say?" right after
    it is about the reminder, not the turn before."""
    assistant, chat = _assistant(tmp_path)
    try:
        await assistant.answer("what time is it?", session="voice")
        assistant.said_aside("voice", "Reminder: call Mom. It's due in 10 minutes.")
        assert await assistant.answer("what did you say?", session="voice") == \
            "Reminder: call Mom. It's due in 10 minutes."
        assert chat.calls == []
    finally:
        await assistant.close()


def test_a_coin_a_die_a_number_and_a_spelling_without_the_model():
    """The session's chat: SmolLM2 "The coin flipped on its side.", and a paragraph about grammar for "how do you
    spell necessary"."""
    import random

    rng = random.Random(7)
    assert owed_answer("flip a coin", rng=rng) in ("Heads.", "Tails.")
    assert owed_answer("roll a die", rng=rng) in {f"You rolled a {n}." for n in range(1, 7)}
    picks = {owed_answer("pick a number between 1 and 3", rng=rng) for _ in range(40)}
    assert picks == {"1.", "2.", "3."}
    assert owed_answer("how do you spell necessary?") == "Necessary: N, E, C, E, S, S, A, R, Y."
    assert owed_answer("동전 던져 줘", rng=rng) in ("앞면이에요.", "뒷면이에요.")
    assert owed_answer("good night, Jarvis", small_model=True) == "Good night!"


@pytest.mark.parametrize("said", ["flip the table", "spell check my email", "roll the windows up",
                                  "pick a number for the lottery"])
def test_guard_other_asks_are_not_chance_or_spelling(said):
    assert owed_answer(said) is None


@pytest.mark.parametrize("said", ["tell me a joke", "Tell me another joke.", "can you tell me a joke please",
                                  "make me laugh", "농담 하나 해 줘", "재미있는 농담 해 줘"])
def test_a_joke_on_the_small_model_is_one_from_the_list(said):
    """The forty-seventh session: SmolLM2 answered "tell me a joke" with two lines about a man in a mirror."""
    told = owed_answer(said, small_model=True, rng=random.Random(3))
    assert told in JOKES["ko" if any("가" <= ch <= "힣" for ch in said) else "en"]
    assert owed_answer(said) is None   # a capable model tells its own


@pytest.mark.parametrize("said", ["Tell me a fun fact.", "give me another interesting fact", "fun fact please",
                                  "do you know any fun facts", "tell me something interesting", "재미있는 사실 하나 알려 줘",
                                  "신기한 상식 알려줘"])
def test_a_fun_fact_on_the_small_model_is_one_from_the_list(said):
    """The seventieth session's spoken day: SmolLM2 described itself to "Tell me a fun fact.", the self-talk filter
    dropped it, and the user heard "Sorry, I didn't catch that"."""
    told = owed_answer(said, small_model=True, rng=random.Random(5))
    assert told in FUN_FACTS["ko" if any("가" <= ch <= "힣" for ch in said) else "en"]
    assert owed_answer(said) is None   # a capable model says its own


@pytest.mark.parametrize("said", ["the fun fact is that I forgot", "tell me a fact about the moon",
                                  "I told him a fun fact", "remind me to send the fun facts to Ann", "그건 재미있는 사실이야"])
def test_guard_other_talk_of_facts_is_not_a_fun_fact_ask(said):
    assert owed_answer(said, small_model=True) is None


@pytest.mark.parametrize(("said", "lang"), [
    ("how do I say thank you in Korean?", "en"), ("translate good morning to Japanese", "en"),
    ("what is thank you in Korean", "en"), ("what does merci mean in English", "en"),
    ("고마워를 영어로 뭐야?", "ko"), ("이 문장 번역해 줘", "ko"),
])
def test_a_translation_on_the_small_model_is_refused_not_made_up(said, lang):
    """The forty-seventh session: SmolLM2 said '"어먀요" … means "I'm sorry for your loss."' for "thank you"."""
    assert owed_answer(said, small_model=True) == _CANT_TRANSLATE[lang]
    assert owed_answer(said) is None


@pytest.mark.parametrize("said", ["tell me a joke about cats", "translate", "what is the capital of Korea",
                                  "I told him a joke", "say it in English"])
def test_guard_other_asks_are_not_a_joke_or_a_translation(said):
    assert owed_answer(said, small_model=True) is None


async def test_the_assistant_tells_a_joke_without_its_small_model(tmp_path):
    assistant, chat = _assistant(tmp_path)
    try:
        assert await assistant.answer("tell me a joke", session="s") in JOKES["en"]
        assert chat.calls == []
    finally:
        await assistant.close()


@pytest.mark.parametrize(("said", "lang"), [("what time does the sun set?", "en"), ("when is sunrise tomorrow", "en"),
                                           ("오늘 해 지는 시간 언제야?", "ko"), ("일몰 시간 알려 줘", "ko")])
def test_sunset_is_said_to_be_unknown_not_made_up(said, lang):
    """The forty-seventh session: SmolLM2 said "The sun sets at 12:12pm in the Northern Hemisphere."."""
    assert owed_answer(said) == NO_SUN[lang]


@pytest.mark.parametrize("said", ["잘 자", "잘 자요!", "자비스 잘 자", "안녕히 주무세요"])
def test_good_night_in_korean_is_said_back_on_the_small_model(said):
    """The forty-seventh session: SmolLM2 answered "잘 자" with "잘 자, 잘 자, 잘 자, …"."""
    assert owed_answer(said, small_model=True) == "안녕히 주무세요."
    assert owed_answer("잘 자라고 알려줘", small_model=True) is None


@pytest.mark.parametrize(("said", "reply"), [
    ("are you there?", PRESENT["en"]), ("Jarvis, can you hear me?", PRESENT["en"]), ("you there", PRESENT["en"]),
    ("자비스 듣고 있어?", PRESENT["ko"]), ("stop", "OK."), ("be quiet", "OK."), ("조용히 해", "알겠어요."),
])
def test_presence_and_stop_words_get_a_short_true_reply(said, reply):
    """The forty-seventh session: "are you there?" and "can you hear me?" got paragraphs from SmolLM2 ("I'm sorry for
    your loss … I'm not a machine"), and "stop" typed in `jarvisd chat` went to the model."""
    assert owed_answer(said) == reply


@pytest.mark.parametrize("said", ["what are you doing tomorrow", "stop the timer", "stop reminding me about the call"])
def test_guard_more_than_presence_or_stop_is_not_small_talk(said):
    assert owed_answer(said) is None


async def test_a_deed_done_that_was_never_a_promise_is_said_so_on_the_small_model(tmp_path):
    """The forty-seventh session: "I already called mom" with no such promise got SmolLM2's "I'm sorry for your loss.
    I'm here to help you with whatever you're going through."."""
    from jarvisd.openloop.phrases import done_unlisted

    assistant, chat = scripted_assistant(tmp_path, says="I'm sorry for your loss.")
    try:
        assert await assistant.answer("I already called mom", session="s") == done_unlisted("en")
        assert await assistant.answer("엄마한테 전화했어", session="s") == done_unlisted("ko")
        assert chat.calls == []
    finally:
        await assistant.close()


async def test_guard_on_a_capable_model_a_deed_done_is_left_to_it(tmp_path):
    assistant, chat = scripted_assistant(tmp_path, chat_name="scripted", says="Nice, how is she?")
    try:
        assert await assistant.answer("I already called mom", session="s") == "Nice, how is she?"
    finally:
        await assistant.close()


@pytest.mark.parametrize(("said", "reply"), [("응", "알겠어요."), ("yes", "OK."), ("no", "OK."), ("Yeah.", "OK.")])
def test_a_yes_or_no_nothing_asked_for_is_ok_on_the_small_model(said, reply):
    """The forty-seventh session: a "응" after the agenda's question had lapsed got SmolLM2's "안봉으로 새롭, 안봉으로 …"."""
    assert owed_answer(said, small_model=True) == reply
    assert owed_answer(said) is None and owed_answer("yes I did", small_model=True) is None


@pytest.mark.parametrize("said", ["Thanks, good night.", "Okay thanks, good night Jarvis", "thank you, sleep well"])
def test_thanks_with_a_good_night_is_owed_both(said):
    """Daemon run 76: "Thanks, good night." went to SmolLM2 ("I'm glad to help. Just another day of life")."""
    from jarvisd.small_talk import owed_answer

    assert owed_answer(said, small_model=True) == "You're welcome. Good night!"


@pytest.mark.parametrize("said", ["how are you", "How are you doing today, Jarvis?", "hey jarvis how are you",
                                  "how's it going", "what's up", "잘 지냈어?", "자비스 요즘 어때?"])
def test_how_are_you_is_answered_short_where_the_model_is_the_small_one(said):
    """The fifty-ninth session's chat: "how are you" got SmolLM2's 60 words ("I'm a voice assistant, and I'm here to help
    with any questions or issues you might have. I'm designed to assist with everything from …"). A capable model
    answers as it likes."""
    from jarvisd.small_talk import HOW_I_AM

    assert owed_answer(said, small_model=True) == HOW_I_AM["ko" if any("가" <= c <= "힣" for c in said) else "en"]
    assert owed_answer(said) is None


@pytest.mark.parametrize("said", ["how are you going to remind me", "how are you able to do that", "how is the project going",
                                  "기분 좋아", "what's up with the printer"])
def test_guard_a_question_about_how_something_goes_is_not_how_are_you(said):
    assert owed_answer(said, small_model=True) is None


@pytest.mark.parametrize("heard", [
    "Thanks, let's all fall down.",           # daemon runs 96-97, turn 19: "Thanks, that's all for now."
    "Thanks, that's a fall for now.", "Thank you. That was lovely.", "thanks jarvis, i needed that",
    "Okay, thank you so much, you made my day."])
def test_a_thanks_then_a_few_words_that_ask_nothing_is_owed_welcome_on_the_small_model(heard):
    assert owed_answer(heard, small_model=True) == "You're welcome."
    assert owed_answer(heard, small_model=False) is None   # a capable model answers the rest as it likes


@pytest.mark.parametrize("heard", [
    "Thanks, what's the capital of France?", "thanks, tell me about the moon", "Thank you, and can you play music",
    "thanks, who wrote hamlet", "thanks, remind me in 10 minutes", "Thanks. Is it going to be cold",
    "thanks, that reminds me we're out of milk and eggs today",   # more than five words: not only a thanks
    "thanks for the 3 reminders", "no thanks"])
def test_a_thanks_before_a_question_or_a_request_still_goes_on(heard):
    owed = owed_answer(heard, small_model=True)
    assert owed != "You're welcome."

@pytest.mark.parametrize("said", [
    "That's great, thanks a lot.",               # voice66's spoken day: to SmolLM2, 9.8 s, "I'm sorry I've been unable …"
    "Perfect, thank you!", "sounds good thanks",  # held out
    "oh that was lovely, thank you so much",
])
def test_thanks_after_a_word_of_approval_is_answered_here(said):
    assert owed_answer(said) == "You're welcome."


@pytest.mark.parametrize("said", ["That is great news, thanks.", "that's great, thanks for reminding me about the call",
                                  "Great.", "nice work on the report, thanks", "that's great, what's on my agenda?"])
def test_guard_more_than_approval_and_thanks_is_not_small_talk(said):
    assert owed_answer(said) is None
