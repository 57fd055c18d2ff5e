"""SmolLM2-135M answers what it cannot place by describing itself in its instructions' words: "I'm a voice assistant
running offline on the user's computer." to "I took my medicine" heard as "I talk my maderson." and "I'm here to assist
you with your digital tasks." to "how's it drawing?" (spoken day 2 through `jarvisd run`, the sixty-ninth session). A
sentence of the assistant describing itself is no answer to a turn that did not ask about it: dropped, and a turn left
with nothing says it did not catch it. Asked about itself ("who are you?"), the sentence is the answer."""

from __future__ import annotations

import pytest

from jarvisd.agent.repeats import SelfTalkDrop
from tests.assistants import scripted_assistant


def _through(drop: SelfTalkDrop, answer: str, size: int) -> str:
    return "".join(drop.feed(answer[i:i + size]) for i in range(0, len(answer), size)) + drop.end()


@pytest.mark.parametrize(("heard", "answer", "said"), [
    ("I talk my maderson.", "I'm a voice assistant running offline on the user's computer. I'm a voice assistant "
     "running on the user's computer.", ""),
    ("Hi Jarvis, how's it drawing?", "I'm here to assist you with your digital tasks. I'm sorry I couldn't assist you "
     "with your digital tasks. I'm here to help you with your", ""),
    ("Tell me a fun fact.", "I'm not here to tell you a fun fact, but I can tell you that I'm a voice assistant running "
     "offline on the user's computer.", ""),
    # held out: other words for the same self-description, and what is kept beside it
    ("what's the capital of peru", "As an AI assistant, I cannot browse. The capital of Peru is Lima.",
     "The capital of Peru is Lima."),
    ("tell me about the moon", "I am just a digital assistant. The moon orbits the Earth.", "The moon orbits the Earth."),
    # guards: an answer that is no self-description passes; asked about itself, it is the answer
    ("what time is it in Paris", "I'm not sure of the time there. I'm sorry.", "I'm not sure of the time there. I'm sorry."),
    ("who are you?", "I'm a voice assistant running offline on your computer.",
     "I'm a voice assistant running offline on your computer."),
    ("tell me about yourself", "I am your assistant. I keep your agenda.", "I am your assistant. I keep your agenda."),
    ("how do I fix my printer", "I'm happy to help. Turn it off and on again.", "I'm happy to help. Turn it off and on again."),
])
def test_the_small_model_describing_itself_unasked_is_dropped(heard, answer, said):
    for size in (1, 5, len(answer)):   # streamed in small or large deltas alike
        assert _through(SelfTalkDrop(heard), answer, size).strip() == said


async def test_the_assistant_says_it_did_not_catch_a_turn_answered_only_by_describing_itself(tmp_path):
    assistant, chat = scripted_assistant(tmp_path, says="I'm a voice assistant running offline on the user's computer. "
                                                        "I'm a voice assistant running on the user's computer.")
    try:
        assert await assistant.answer("I talk my maderson.", session="s") == \
            "Sorry, I didn't catch that. Could you say it again?"
        assert chat.calls   # the model was asked; its answer was not said
    finally:
        await assistant.close()


async def test_a_capable_model_may_say_what_it_is(tmp_path):
    """Only the small model's self-talk is dropped: a capable model's "As a voice assistant offline, I can't browse,
    but …" carries what it can't do."""
    says = "As a voice assistant running offline, I can't browse the web, but Lima was founded in 1535."
    assistant, _ = scripted_assistant(tmp_path, chat_name="scripted", says=says)
    try:
        assert await assistant.answer("tell me the history of Lima", session="s") == says
    finally:
        await assistant.close()
