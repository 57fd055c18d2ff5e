"""A spoken answer is at most two sentences by default; "tell me more" speaks the rest."""

import pytest

from jarvisd.voice.brevity import SpokenBudget, asks_for_more


def test_a_long_answer_speaks_two_sentences_and_keeps_the_rest():
    budget = SpokenBudget(2)
    pieces = ["Paris is the capital of France. It lies on", " the Seine. It has the Louvre. ", "And the Eiffel Tower."]
    said = "".join(budget.feed(p) for p in pieces) + budget.end()
    assert said.strip() == "Paris is the capital of France. It lies on the Seine."
    assert budget.rest == ["It has the Louvre.", "And the Eiffel Tower."]


def test_the_sentences_within_the_budget_pass_as_they_stream():
    """The budget held each sentence until its end mark: SmolLM2's first sentence reached the voice whole, 20-31
    tokens after the model began (0.5-1.1 s in daemon run 84), so the voice's first piece could not start at its
    comma or clause word while the model still wrote the rest (docs/voice.md, "The slow turns")."""
    budget = SpokenBudget(2)
    tokens = ["The", " suit", " is", " a", " Japanese", " sword", ",", " a", " legend", " of", " old", ".",
              " It", " is", " sharp", ".", " It", " is", " old", "."]
    said = [budget.feed(t) for t in tokens]
    assert said[:7] == ["The", " suit", " is", " a", " Japanese", " sword", ","]   # before the first end mark
    assert "".join(said) + budget.end() == "The suit is a Japanese sword, a legend of old. It is sharp. "
    assert budget.rest == ["It is old."]
    # a delta that ends the budget's last sentence and starts the next passes only up to that end
    budget = SpokenBudget(1)
    assert budget.feed("Hello there") == "Hello there"
    assert budget.feed("! How are you? Fine.") == "! "
    assert budget.end() == "" and budget.rest == ["How are you?", "Fine."]


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


async def test_the_daemon_says_it_has_no_answer_when_the_model_only_parrots(tmp_path):
    from jarvisd.agent.repeats import NO_ANSWER
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.daemon import Daemon
    from jarvisd.events import TranscriptLine
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.manifest import ModelStore
    from jarvisd.turn_gate import TurnGate

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__JUDGE": "rules"})
    parroting = ScriptedChatModel([{"text": "Good morning Jarvis."}, {"text": "What is the capital of Peru?"}])
    backends = Backends(chat=parroting, thought=ScriptedChatModel([]), embedder=None, notes=["scripted"])
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    daemon = Daemon(cfg=cfg, assistant=assistant, bus=assistant.bus, gate=TurnGate())
    events = assistant.bus.subscribe()
    spoken = "".join([p async for p in daemon.voice_answer("Good morning Jarvis.", "en", 1)])
    assert spoken.strip() == "Good morning!"   # a greeting said back is still owed a greeting
    # the HUD's transcript shows what was said (daemon run 41: "Good morning Jarvis." there, "Good morning!" aloud)
    shown = []
    while not events.queue.empty():
        event = events.queue.get_nowait()
        if isinstance(event, TranscriptLine) and event.role == "assistant":
            shown.append(event.text)
    assert shown == ["Good morning!"], shown
    spoken = "".join([p async for p in daemon.voice_answer("What is the capital of Peru?", "en", 2)])
    assert spoken.strip() == NO_ANSWER["en"]
    await assistant.close()
