"""An answer that starts to repeat itself is cut there."""

import pytest

from jarvisd.agent.repeats import ParrotDrop, RepeatCut, ScriptCut, no_answer, parrots


def feed_all(pieces):
    cut = RepeatCut()
    return "".join(cut.feed(p) for p in pieces), cut.cut


def test_a_sentence_said_again_ends_the_answer():
    said, cut = feed_all(["I'm sorry, but I'm not able to help", " you with that. I'm sorry, but I'm not",
                          " able to help you with that. I'm"])
    assert said == "I'm sorry, but I'm not able to help you with that." and cut


def test_a_phrase_looping_inside_one_sentence_ends_the_answer():
    said, cut = feed_all(["I'm sorry, I'm sorry, I'm sorry, I'm sorry, I'm sorry, I'm sorry"])
    assert cut and said.count("sorry") <= 3


def test_an_answer_that_does_not_repeat_is_passed_whole():
    pieces = ["Paris is the capital of France. ", "It is on the Seine", ". Enjoy your trip!"]
    said, cut = feed_all(pieces)
    assert said == "".join(pieces) and not cut


def test_an_answer_copied_from_an_earlier_one_is_cut_at_its_first_sentence():
    cut = RepeatCut(["The capital of France is Paris, and the friends are Paris."])
    said = cut.feed("The capital of France is Paris, and the friends are Paris. Anyway.")
    assert said == "" and cut.cut


def test_a_run_of_the_same_emoji_ends_the_answer():
    cut = RepeatCut()
    said = "".join(cut.feed(piece) for piece in ["Congratulations! ", *["🎉"] * 80])
    assert cut.cut and said.count("🎉") <= 8


@pytest.mark.parametrize("sentence, heard, parrot", [
    ("Good morning Jarvis.", "Good morning Jarvis.", True),
    ("good morning, jarvis!", "Good morning Jarvis", True),          # case and punctuation aside
    ("Good morning.", "good morning", False),                         # two words: a greeting back
    ("Good morning! You have two things today.", "Good morning Jarvis.", False),
    ("What time is it?", "What time is it in Seoul?", False),         # a part is no parrot
])
def test_a_sentence_that_says_the_utterance_back_is_a_parrot(sentence, heard, parrot):
    assert parrots(sentence, heard) is parrot


@pytest.mark.parametrize(("heard", "pieces", "said", "dropped"), [
    ("Good morning Jarvis.", ["Good", " morning", " Jarvis", "."], "", 1),
    ("Good morning Jarvis.", ["Good morning Jarvis", ". It is", " sunny."], " It is sunny.", 1),
    ("Good morning Jarvis.", ["Good", " morning", " to you", " too."], "Good morning to you too.", 0),
    ("Good morning Jarvis.", ["Good morning Jarvis, how are you?"], "Good morning Jarvis, how are you?", 0),
    ("What is the capital of Peru?", ["The capital", " of Peru is Lima."], "The capital of Peru is Lima.", 0),
    ("hi", ["hi"], "hi", 0),                                          # two words or fewer: never a parrot
    ("Good morning Jarvis.", ["Good morning Jarvis"], "", 1),         # unfinished at the end, still the parrot
])
def test_the_parroted_sentence_is_dropped_and_the_rest_streams(heard, pieces, said, dropped):
    drop = ParrotDrop(heard)
    out = "".join(drop.feed(p) for p in pieces) + drop.end()
    assert (out, drop.dropped) == (said, dropped)


def test_a_sentence_that_cannot_be_the_parrot_is_not_held():
    drop = ParrotDrop("Good morning Jarvis.")
    assert drop.feed("The") == "The"     # "the" begins no heard word run: passed on at once


@pytest.mark.parametrize("opening", ["\n", "\n\n", "...", "— ", "\n- "])
def test_an_answer_opening_with_a_line_break_or_a_mark_streams_from_its_first_word(opening):
    """Conversation run 42: SmolLM2 opened an answer with a line break, which ParrotDrop held, and the rest with it,
    until the model stopped: 7.2 s of silence before "You're welcome." (the first audio of the other turns: ~1 s)."""
    drop = ParrotDrop("Thanks, that's all for the hour.")
    said = drop.feed(opening + "You") + drop.feed("'re welcome.")
    assert said == opening + "You're welcome."
    assert drop.feed(" Bye.") == " Bye." and drop.end() == ""


def test_a_parrot_after_a_line_break_is_still_dropped():
    drop = ParrotDrop("Thanks, that's all for the hour.")
    said = drop.feed("\nThanks, that") + drop.feed("'s all for the hour.") + drop.feed(" You're welcome.") + drop.end()
    assert said == "\n You're welcome." and drop.dropped == 1


@pytest.mark.parametrize(("heard", "lang", "said"), [
    ("Good morning Jarvis.", "en", "Good morning!"), ("hey jarvis", "en", "Hello!"), ("Evening!", "en", "Good evening!"),
    ("안녕 자비스", "ko", "안녕하세요!"), ("자비스, 좋은 아침", "ko", "좋은 아침이에요!"),
    ("Good morning, what's on my agenda?", "en", "Sorry, I don't have an answer to that."),
    ("Hello world program in Python", "en", "Sorry, I don't have an answer to that."),
    # the forty-ninth session: a statement said back asked nothing ("Sorry, I don't have an answer to that" before)
    ("I'm so tired today.", "en", "I see."), ("The meeting went well.", "en", "I see."), ("오늘 너무 피곤해", "ko", "그렇군요."),
    ("is it raining", "en", "Sorry, I don't have an answer to that."), ("뭐 먹을까", "ko", "죄송해요, 그건 답을 모르겠어요."),
])
def test_a_parroted_greeting_is_answered_with_a_greeting(heard, lang, said):
    assert no_answer(heard, lang) == said


# ---------------------------------------------------------------- wrong script

@pytest.mark.parametrize(("heard", "deltas"), [
    ("my wife's birthday is March 3", ["도마", "재라면", ", 이므를", " 자사대충", "도마재라면", ", 이므를"] * 3),
    ("my phone is dead", ["도", "컴", " 아마", " 이러면"] * 5),
])
def test_hangul_strung_together_to_an_english_question_is_cut(heard, deltas):
    """The forty-sixth session's chat on the offline default: SmolLM2 answered these with lines of Hangul syllables."""
    cut = ScriptCut(heard)
    assert "".join(cut.feed(d) for d in deltas) + cut.end() == "" and cut.cut


@pytest.mark.parametrize(("heard", "deltas"), [
    ("how do you say hello in Korean?", ["Hello", " is", " 안녕하세요", " in Korean."]),
    ("아내 생일 언제야?", ["3월", " 3일이에요."]),
    ("what time is it?", ["It's", " 3 PM."]),
])
def test_guard_a_korean_word_in_english_and_korean_to_korean_pass(heard, deltas):
    cut = ScriptCut(heard)
    assert "".join(cut.feed(d) for d in deltas) + cut.end() == "".join(deltas) and not cut.cut


async def test_the_turn_says_it_has_no_answer_instead_of_the_hangul(tmp_path):
    from tests.assistants import scripted_assistant

    assistant, _ = scripted_assistant(tmp_path, says="도컴 아마 이러면 이러면 이러면 이러면 이러면 이러면 이러면 이러")
    try:
        assert await assistant.answer("my phone is dead", session="s") == "Sorry, I don't have an answer to that."
    finally:
        await assistant.close()


# ---------------------------------------------------------------- another language to an English question


@pytest.mark.parametrize(("heard", "deltas"), [
    # the offline default, 2026-12-07 (daemon runs 96-97 turn 4, and `jarvisd chat`)
    ("What is the capital of France?", ["L'", "Aqu", "itaine", ",", " la", " Chine", ",", " la", " Rh", "inée", ", la Loire"]),
    ("what's the capital of spain", ["El", " Prínc", "ipe", ",", " el", " Príncipe", ", el Príncipe"]),
    ("What is the capital of Italy?", ["Il", " capo", " di", " Italy", " è", " Roma", "."]),
    # held out: German and a short Spanish sentence that ends before five words
    ("what's the biggest city in germany", ["Die", " Stadt", " ist", " und", " der", " Rhein"]),
    ("who won the match", ["El", " Madrid", " y", " Sevilla."]),
])
def test_an_english_question_answered_in_another_language_is_cut(heard, deltas):
    cut = ScriptCut(heard)
    assert "".join(cut.feed(d) for d in deltas) + cut.end() == "" and cut.cut


@pytest.mark.parametrize(("heard", "deltas"), [
    ("what's the capital of bolivia", ["La", " Paz", " is", " the", " capital", "."]),
    ("how do you say hello in german?", ["In", " German", ",", " hello", " is", " Hallo", "."]),
    ("who painted the mona lisa", ["Leonardo", " da", " Vinci", " painted", " it", "."]),
    ("name a french bulldog", ["Bien", " sûr", ",", " a", " la", " légère", "."]),
    ("¿Dónde está la estación?", ["La", " estación", " está", " en", " el", " centro", "."]),  # asked in Spanish
    ("what's your name?", ["JARVIS", "."]),
    ("what time is it?", ["It's", " 3 PM."]),
])
def test_guard_english_openings_foreign_names_and_a_question_in_spanish_pass(heard, deltas):
    cut = ScriptCut(heard)
    assert "".join(cut.feed(d) for d in deltas) + cut.end() == "".join(deltas) and not cut.cut


def test_an_english_opening_passes_at_its_first_english_word():
    """Held only until it shows: the voice's first piece still starts at its comma (docs/voice.md, "The slow turns")."""
    cut = ScriptCut("what is the capital of france?")
    assert cut.feed("The") == "The" and cut.feed(" capital") == " capital"


async def test_the_turn_says_it_has_no_answer_instead_of_the_french(tmp_path):
    from tests.assistants import scripted_assistant

    assistant, _ = scripted_assistant(tmp_path, says="L'Aquitaine, la Chine, la Rhinée, la Loire, la Meurice, la Loire.")
    try:
        assert await assistant.answer("What is the capital of France?", session="s") == \
            "Sorry, I don't have an answer to that."
    finally:
        await assistant.close()


# ---------------------------------------------------------------- condolences to a turn that spoke of no loss

@pytest.mark.parametrize(("heard", "answer", "said"), [
    ("Move the dentist to Thursday, same time.", "I'm sorry for your loss, but as a voice assistant, I can't do that.", ""),
    ("Remind me free names before my sister's birthday to my gift.", "I'm sorry for your loss. I'm sorry about your loss.", ""),
    ("what's on tv", "My deepest condolences. Try the news channel.", "Try the news channel."),
    # the sixtieth session, to "what do I need from the store?"
    ("what do I need from the garden center?", "I'm so sorry to hear about your family's loss.", ""),
    ("what do I need for the trip?", "I'm sorry for your mother's passing. Pack light.", "Pack light."),
    # a loss spoken of: the sympathy is the answer
    ("my grandmother passed away last night", "I'm so sorry for your loss. Take care of yourself.",
     "I'm so sorry for your loss. Take care of yourself."),
    ("our dog died", "I'm sorry for your loss.", "I'm sorry for your loss."),
    # an apology is no condolence
    ("what time is it in Paris", "I'm sorry, I don't know the time there.", "I'm sorry, I don't know the time there."),
])
def test_condolences_to_a_turn_of_no_loss_are_dropped(heard, answer, said):
    """Daemon run 77 (the fifty-seventh session): SmolLM2 answered "Move the dentist to Thursday, same time" with "I'm
    sorry for your loss, but as a voice assistant, …"."""
    from jarvisd.agent.repeats import CondolenceDrop

    for size in (1, 4, len(answer)):   # streamed in small or large deltas alike
        drop = CondolenceDrop(heard)
        out = "".join(drop.feed(answer[i:i + size]) for i in range(0, len(answer), size)) + drop.end()
        assert out.strip() == said.strip()


async def test_the_assistant_says_it_did_not_catch_a_turn_answered_only_with_condolences(tmp_path):
    from tests.assistants import scripted_assistant

    assistant, chat = scripted_assistant(tmp_path, says="I'm sorry for your loss, but as a voice assistant, I can't help.")
    try:
        assert await assistant.answer("Remind me free names before my sister's birthday to my gift.", session="s") == \
            "Sorry, I didn't catch that. Could you say it again?"
        assert chat.calls   # the model was asked; its answer was not said
    finally:
        await assistant.close()


def test_a_condolence_cut_off_at_the_end_is_dropped_too():
    """Daemon run 79: SmolLM2's answer ended (its token limit) inside "I'm sorry about", which was said alone."""
    from jarvisd.agent.repeats import CondolenceDrop

    drop = CondolenceDrop("Remind me free names before my sister's birthday to buy a gift.")
    out = drop.feed("I'm sorry for your loss. I'm sorry about") + drop.end()
    assert out == "" and drop.dropped == 2
    apology = CondolenceDrop("what time is it in Paris")
    assert apology.feed("I don't know the time there. I'm sorry.") + apology.end() == "I don't know the time there. I'm sorry."


def _counting_assistant(tmp_path, answer: str):
    """(assistant, chat): the small model answers `answer` to anything, counting the pieces it was read to."""
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore

    class Counting(ScriptedChatModel):
        pieces = 0

        async def stream(self, messages, tools=()):
            async for chunk in super().stream(messages, tools):
                self.pieces += 1
                yield chunk

    chat = Counting(lambda _: {"text": answer}, name="embedded:smollm2-135m")
    env = {"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl", "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul"}
    return build_assistant(load_config(env=env), ModelStore(tmp_path / "models"), backends=Backends(
        chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)), chat


async def test_the_model_is_stopped_once_it_only_offers_condolences(tmp_path):
    """Daemon run 79: SmolLM2 wrote "I'm sorry about your loss." 36 times, all dropped, and the turn's first word came
    7.5 s after the end of speech ("I'm sorry about", the cut-off tail). Now it is stopped after two."""
    answer = "I'm sorry about your loss. " * 36 + "I'm sorry about"

    assistant, chat = _counting_assistant(tmp_path, answer)
    try:
        said = await assistant.answer("Tell me about the ocean.", session="s")
        assert said == "Sorry, I didn't catch that. Could you say it again?"
        assert chat.pieces < len(answer.split()) / 4, chat.pieces   # stopped early, not read to its end
    finally:
        await assistant.close()


async def test_a_small_model_with_nothing_said_after_240_characters_is_stopped(tmp_path):
    """Daemon run 81: SmolLM2 opened with "I'm sorry" (held until the sentence tells whether it is a condolence) and
    wrote 250 tokens with no full stop; the turn said "Sorry, I didn't catch that" 8.6 s after the end of speech."""
    answer = "I'm sorry for the" + " long wait and the" * 80 + "."

    assistant, chat = _counting_assistant(tmp_path, answer)
    try:
        said = await assistant.answer("Tell me about the ocean.", session="s")
        assert said == "Sorry, I didn't catch that. Could you say it again?"
        assert chat.pieces < len(answer.split()) / 3, chat.pieces
    finally:
        await assistant.close()


# ---------------------------------------------------------------- korean68: nonsense answered to a Korean turn

# recorded from SmolLM2-135M in korean68's café week (scripts/days_lived.py, offline default)
_SMOL_KO = [
    ("다음주 월요일에 원두 들어온대", "만둡, 왕도에 이러면, 원두 이를 어따면, 이를 어따면, 이를 어따면, 이를 어따"),
    ("위생 점검 금요일로 미뤄졌대", "위생 점검 금요일로 미뤄졌대: 위생 점검 금요일로 미뤄졌대: 위생 점검 금요일로 미뤄졌대: 위"),
    ("대타 민호가 해준대", "아마사용하는 " * 11 + "아마사용하"),
]


@pytest.mark.parametrize(("heard", "answer"), _SMOL_KO)
def test_korean_nonsense_from_the_small_model_is_not_said(heard, answer):

    cut = ScriptCut(heard=heard, whole=True)
    said = "".join(cut.feed(answer[i:i + 3]) for i in range(0, len(answer), 3)) + cut.end()
    assert said == "" and cut.cut


@pytest.mark.parametrize("answer", ["I think you should check the schedule.", "ok ok ok"])
def test_a_korean_turn_answered_not_in_korean_is_not_said(answer):

    cut = ScriptCut(heard="오늘 뭐 먹지?", whole=True)
    assert cut.feed(answer) + cut.end() == "" and cut.cut


@pytest.mark.parametrize("answer", ["네, 알겠어요. 위생 점검 준비 잘 하세요.", "김치찌개 어떠세요? 따뜻하고 든든해요.",
                                    "파이썬에서는 sorted 함수로 목록을 정렬할 수 있어요."])
def test_guard_a_fine_korean_answer_is_said_whole(answer):

    cut = ScriptCut(heard="오늘 뭐 먹지?", whole=True)
    assert "".join(cut.feed(answer[i:i + 4]) for i in range(0, len(answer), 4)) + cut.end() == answer
    assert not cut.cut


def test_guard_a_korean_turn_to_a_large_model_streams_as_before():

    cut = ScriptCut(heard="오늘 뭐 먹지?")
    assert cut.feed("네, ") == "네, "
