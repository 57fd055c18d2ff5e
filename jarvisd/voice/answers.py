"""Answer functions: the seam between the voice pipeline and whatever writes the reply.

`answer_from_chat_model` adapts any `ChatModel` (the scripted one in tests and the benchmark, a real
backend in a pinch) to `AnswerFn`; the daemon passes the agent loop instead.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from jarvisd.llm.base import ChatModel, Message
from jarvisd.voice.answering import AnswerFn

VOICE_SYSTEM_PROMPT = ("You are JARVIS, a voice assistant. Answer in one to three short spoken sentences, "
                       "in the language of the question, without lists or markdown.")


def answer_from_chat_model(model: ChatModel, system: str = VOICE_SYSTEM_PROMPT) -> AnswerFn:
    async def answer(text: str, lang: str, utterance_id: int) -> AsyncIterator[str]:
        messages = [Message("system", system), Message("user", text)]
        async for chunk in model.stream(messages):
            if chunk.text:
                yield chunk.text

    return answer


def echo_answer(prefix: str = "You said: ") -> AnswerFn:
    """Repeats the transcript; `jarvisd listen` uses it when no agent is plugged in."""

    async def answer(text: str, lang: str, utterance_id: int) -> AsyncIterator[str]:
        yield f"{prefix}{text}"

    return answer
