"""A spoken answer is at most two sentences by default; "tell me more" speaks the rest."""

import pytest

from jarvisd.voice.brevity import SpokenBudget, asks_for_more


def test_a_long_answer_speaks_two_sentences_and_keeps_the_rest():
    budget = SpokenBudget(2)
    pieces = ["Paris is the capital of France. It lies on", " the Seine. It has the Louvre. ", "And the Eiffel Tower."]
    said = "".join(budget.feed(p) for p in pieces) + budget.end()
    assert said.strip() == "Paris is the capital of France. It lies on the Seine."
    assert budget.rest == ["It has the Louvre.", "And the Eiffel Tower."]


def test_no_limit_passes_everything_as_it_streams():
    budget = SpokenBudget(0)
    assert budget.feed("One. Two. Three.") == "One. Two. Three." and budget.end() == "" and budget.rest == []


@pytest.mark.parametrize("text", ["Tell me more.", "go on", "okay, continue", "계속해 줘", "더 말해줘"])
def test_asking_for_more(text):
    assert asks_for_more(text)


@pytest.mark.parametrize("text", ["Tell me more about Paris", "I need more milk", "continue the report tomorrow"])
def test_other_sentences_are_new_questions(text):
    assert not asks_for_more(text)


async def test_the_daemon_speaks_two_sentences_and_tell_me_more_speaks_the_next(tmp_path):
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.daemon import Daemon
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore
    from jarvisd.turn_gate import TurnGate

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__JUDGE": "rules"})
    long_answer = "Paris is the capital of France. It lies on the Seine. It has the Louvre. It has a tower."
    backends = Backends(chat=ScriptedChatModel([{"text": long_answer}]), thought=ScriptedChatModel([]),
                        embedder=None, notes=["scripted"])
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    daemon = Daemon(cfg=cfg, assistant=assistant, bus=assistant.bus, gate=TurnGate())
    spoken = "".join([p async for p in daemon.voice_answer("Tell me about Paris", "en", 1)])
    assert spoken.strip() == "Paris is the capital of France. It lies on the Seine."
    more = "".join([p async for p in daemon.voice_answer("Tell me more.", "en", 2)])
    assert more == "It has the Louvre. It has a tower."
    await assistant.close()


@pytest.mark.parametrize("sentence, heard, parrot", [
    ("Good morning Jarvis.", "Good morning Jarvis.", True),
    ("good morning, jarvis!", "Good morning Jarvis", True),          # case and punctuation aside
    ("Good morning.", "good morning", False),                         # two words: a greeting back
    ("Good morning! You have two things today.", "Good morning Jarvis.", False),
    ("What time is it?", "What time is it in Seoul?", False),         # a part is no parrot
])
def test_a_sentence_that_says_the_utterance_back_is_a_parrot(sentence, heard, parrot):
    from jarvisd.voice.brevity import parrots
    assert parrots(sentence, heard) is parrot


def test_the_budget_drops_the_parroted_sentence_and_keeps_the_rest():
    budget = SpokenBudget(2, heard="Good morning Jarvis")
    said = budget.feed("Good morning Jarvis. It is sunny. ") + budget.end()
    assert said.strip() == "It is sunny." and budget.dropped == 1 and budget.spoke


async def test_the_daemon_says_it_has_no_answer_when_the_model_only_parrots(tmp_path):
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.daemon import Daemon
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore
    from jarvisd.turn_gate import TurnGate
    from jarvisd.voice.brevity import NO_ANSWER

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__JUDGE": "rules"})
    parroting = ScriptedChatModel([{"text": "Good morning Jarvis."}, {"text": "What is the capital of Peru?"}])
    backends = Backends(chat=parroting, thought=ScriptedChatModel([]), embedder=None, notes=["scripted"])
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    daemon = Daemon(cfg=cfg, assistant=assistant, bus=assistant.bus, gate=TurnGate())
    spoken = "".join([p async for p in daemon.voice_answer("Good morning Jarvis.", "en", 1)])
    assert spoken.strip() == "Good morning!"   # a greeting said back is still owed a greeting
    spoken = "".join([p async for p in daemon.voice_answer("What is the capital of Peru?", "en", 2)])
    assert spoken.strip() == NO_ANSWER["en"]
    await assistant.close()


@pytest.mark.parametrize(("heard", "lang", "said"), [
    ("Good morning Jarvis.", "en", "Good morning!"), ("hey jarvis", "en", "Hello!"), ("Evening!", "en", "Good evening!"),
    ("안녕 자비스", "ko", "안녕하세요!"), ("자비스, 좋은 아침", "ko", "좋은 아침이에요!"),
    ("Good morning, what's on my agenda?", "en", "Sorry, I don't have an answer to that."),
    ("Hello world program in Python", "en", "Sorry, I don't have an answer to that."),
])
def test_a_parroted_greeting_is_answered_with_a_greeting(heard, lang, said):
    from jarvisd.voice.brevity import no_answer
    assert no_answer(heard, lang) == said
