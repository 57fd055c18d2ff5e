"""The thought model as the daemon hands it out: stopped at once when the daemon stops.

A small local model under load can sit in one prompt for tens of seconds; at shutdown the judge,
reflection and consolidation calls waiting on it must end so the process can exit within its budget.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

from jarvisd.llm.base import BackendError, ChatChunk, ChatModel

log = logging.getLogger(__name__)


class StoppableModel:
    """The thought model (judge, reflection, consolidation) as the daemon hands it out: once `stopping` is
    set at shutdown, a call waiting for the model or in the middle of its answer fails at once with
    BackendError, and new calls are refused. The worker threads waiting on those calls then end instead of
    holding the process open (a small local model under load can sit in one prompt for tens of seconds)."""

    def __init__(self, model: ChatModel, stopping: asyncio.Event) -> None:
        self.model, self.stopping = model, stopping
        self.name, self.supports_tools = model.name, model.supports_tools
        self.past_turns = getattr(model, "past_turns", None)
        self.memory_line_tokens = getattr(model, "memory_line_tokens", None)

    async def stream(self, messages: Sequence[Any], tools: Sequence[Any] = ()) -> AsyncIterator[ChatChunk]:
        if self.stopping.is_set():
            raise _stopping_error()
        answer = aiter(self.model.stream(messages, tools))
        stopped = asyncio.ensure_future(self.stopping.wait())
        step: asyncio.Future[ChatChunk] | None = None
        try:
            while True:
                step = asyncio.ensure_future(anext(answer))
                await asyncio.wait({step, stopped}, return_when=asyncio.FIRST_COMPLETED)
                if not step.done():
                    step.cancel()  # the model's own cleanup runs in that task; it is not waited for
                    raise _stopping_error()
                try:
                    chunk = step.result()
                except StopAsyncIteration:
                    return
                yield chunk
        finally:
            stopped.cancel()
            if step is None or step.done():  # left early by the caller: close the answer in the background
                _in_background(answer.aclose())
            else:
                # the caller left mid-step (the judge's own `llm.timeout_sec`, which the backend's deadline
                # matches): the step is cancelled and its end read, not left to fail unread (pass 60a: a "Task
                # exception was never retrieved" traceback in the log per timed-out judgement with Ollama hanging)
                step.cancel()
                step.add_done_callback(_read_end)


_background: set[asyncio.Future[Any]] = set()


def _in_background(awaitable: Any) -> None:
    task = asyncio.ensure_future(awaitable)
    _background.add(task)
    task.add_done_callback(_background.discard)


def _read_end(step: asyncio.Future[Any]) -> None:
    if not step.cancelled() and step.exception() is not None:
        log.debug("a model step left by its caller ended in %r", step.exception())


def _stopping_error() -> BackendError:
    return BackendError("jarvisd is stopping", "what was not finished is done at the next start")
